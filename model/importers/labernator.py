"""Labernator (the Stargrave web builder) `.sg` / `.json` files, in the three shapes it has written.

2022-01: Credits, Soldiers, ShipName, Captain, FirstMate (5 keys)
2022-03: the above plus Experience, ExperienceRecords, CreditRecords (8 keys; soldiers carry `id`)
current: the above plus Cargo, ShipUpgrades (10 keys)
A missing key reads as empty. Labernator stores final numbers, not choices: the builder works those out.
"""

from __future__ import annotations

from typing import TypeGuard

from .bounded import ImportRefused, most_soldiers, too_many_soldiers
from .names import vocabulary
from .source import SourceCampaign, SourceCrew, SourceOfficer, SourcePower, SourceSoldier

OLD_KEYS = {"Credits", "Soldiers", "ShipName", "Captain", "FirstMate"}
MIDDLE_KEYS = OLD_KEYS | {"Experience", "ExperienceRecords", "CreditRecords"}
CURRENT_KEYS = MIDDLE_KEYS | {"Cargo", "ShipUpgrades"}
STATS = {"Move": "move", "Fight": "fight", "Shoot": "shoot", "Armour": "armour", "Will": "will", "Health": "health"}


def looks_like(data: object) -> TypeGuard[dict]:
    return isinstance(data, dict) and ("Captain" in data or "FirstMate" in data) and len(OLD_KEYS & set(data)) >= 3


def shape(data: dict) -> str:
    keys = set(data)
    if keys & {"Cargo", "ShipUpgrades"}:
        return "Labernator, current shape (10 keys)"
    if keys & {"Experience", "ExperienceRecords", "CreditRecords"}:
        return "Labernator, 2022-03 shape (8 keys)"
    return "Labernator, 2022-01 shape (5 keys)"


def _int(v, default=None):
    if isinstance(v, bool):
        return default
    if isinstance(v, (int, float)) and float(v).is_integer():
        return int(v)
    if isinstance(v, str):
        try:
            return int(float(v.strip().replace("+", "")))
        except (ValueError, OverflowError):   # "12 Cr", or "inf"/"nan" that float() reads as numbers
            return default
    return default


def _str(v) -> str:
    return v.strip() if isinstance(v, str) else ""


def _list(v) -> list:
    return v if isinstance(v, list) else []


def _stats(v) -> dict[str, int] | None:
    if not isinstance(v, dict):
        return None
    out = {STATS[k]: _int(x) for k, x in v.items() if k in STATS and _int(x) is not None}
    return out if len(out) == len(STATS) else None


def _officer(raw, role: str, where: str, crew: SourceCrew) -> SourceOfficer | None:
    if not isinstance(raw, dict):
        crew.no_place.append((where, "missing or not an object; a default officer is used"))
        return None
    o = SourceOfficer(role=role, where=where, name=_str(raw.get("name")), background=_str(raw.get("background")),
                      stats=_stats(raw.get("stats")), level=_int(raw.get("level")),
                      current_health=_int(raw.get("currentHealth")), miss_next_game=bool(raw.get("missNextGame")))
    for i, p in enumerate(_list(raw.get("powers"))):
        if isinstance(p, dict) and _str(p.get("name")):
            o.powers.append(SourcePower(_str(p["name"]), _int(p.get("activation")), f"{where} › powers › {_str(p['name'])}"))
        elif isinstance(p, str) and p.strip():
            o.powers.append(SourcePower(p.strip(), None, f"{where} › powers › {p.strip()}"))
        else:
            crew.no_place.append((f"{where} › powers › #{i + 1}", "not a power (no name); left out"))
    for i, g in enumerate(_list(raw.get("gear"))):
        name = _str(g.get("name")) if isinstance(g, dict) else _str(g)
        if name:
            o.items.append(name)
        else:
            crew.no_place.append((f"{where} › gear › #{i + 1}", "not an item (no name); left out"))
    return o


def read(data: dict) -> SourceCrew:
    if not looks_like(data):
        raise ImportRefused("this JSON is not a Labernator crew: it has no Captain and FirstMate")
    crew = SourceCrew(format="labernator", shape=shape(data), name=_str(data.get("ShipName")))
    crew.captain = _officer(data.get("Captain"), "captain", "Captain", crew)
    crew.first_mate = _officer(data.get("FirstMate"), "first_mate", "First Mate", crew)
    crew.credits = _int(data.get("Credits"))
    crew.credits_note = "Credits"
    n, most = 0, most_soldiers()
    for i, s in enumerate(_list(data.get("Soldiers"))):
        if not isinstance(s, dict) or not _str(s.get("type")):
            crew.no_place.append((f"Soldiers › #{i + 1}", "not a soldier (no type); left out"))
            continue
        amount = _int(s.get("amount"), 1) if "amount" in s else 1
        for _ in range(max(1, min(amount or 1, 20))):
            n += 1
            if n > most:   # a count beyond what a crew file holds: refused before the rest is read
                raise too_many_soldiers(most)
            gear = [g for g in (_str(x) if not isinstance(x, dict) else _str(x.get("name")) for x in _list(s.get("gear"))) if g]
            crew.soldiers.append(SourceSoldier(
                type=_str(s["type"]), where=f"Soldiers › #{n} {_str(s.get('name')) or _str(s['type'])}",
                name=_str(s.get("name")), robot=bool(s.get("isRobot")), stats=_stats(s.get("stats")),
                stats_include_gear=True, cost=_int(s.get("cost")), gear=gear,
                current_health=_int(s.get("currentHealth"))))
        if amount and amount > 1:
            crew.notes.append(f"{_str(s['type'])}: the source lists it with amount {amount}; imported as {amount} soldiers.")
    camp = SourceCampaign(experience=_int(data.get("Experience")))
    camp.experience_records = [v for v in (_int(x) for x in _list(data.get("ExperienceRecords"))) if v is not None]
    for r in _list(data.get("CreditRecords")):
        if isinstance(r, dict) and _int(r.get("credits")) is not None:
            camp.credit_records.append({"credits": _int(r["credits"]), "income": bool(r.get("sign")),
                                        "record": _str(r.get("record"))})
    kinds = vocabulary().get("labernator_cargo", [])
    for c in _list(data.get("Cargo")):
        if isinstance(c, dict) and _str(c.get("name")):
            t = _int(c.get("type"))
            camp.cargo.append({"name": _str(c["name"]),
                               "kind": kinds[t] if t is not None and 0 <= t < len(kinds) else "Unknown"})
    camp.ship_upgrades = [u for u in (_str(x) if not isinstance(x, dict) else _str(x.get("name"))
                                      for x in _list(data.get("ShipUpgrades"))) if u]
    crew.campaign = camp
    return crew
