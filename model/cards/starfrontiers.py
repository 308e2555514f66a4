"""The Star Frontiers character card: the eight abilities, initiative modifier and movement, weapons
with damage and shots, PSA skill chances and racial abilities, what the character carries, and a tick
row for Stamina. Values come from the document and `result.derived`."""

from __future__ import annotations

from ..systems.starfrontiers.tables import tables
from . import Card, num, one


def _heads(t) -> list[list[str]]:
    return [[a["abbr"], a["label"]] for a in t.abilities.values()]


def _legend(heads) -> str:
    return " · ".join(f"{a} {label}" for a, label in heads)


def cards(data: dict, result) -> list[Card]:
    d, t = result.derived, tables(result.pack)
    heads = _heads(t)
    ab = d.get("abilities") or {}
    profile = {"heads": heads, "legend": _legend(heads), "values": [num(ab.get(k)) for k in t.abilities]}
    moves = [["Initiative", num(d.get("initiative_modifier"), True)], ["Walk", f"{num(d.get('walk'))} m"],
             ["Run", f"{num(d.get('run'))} m"]]
    weapons = [[f"{w['name']}" + (f" ×{w['count']}" if w.get("count", 1) > 1 else ""), one(w.get("damage")),
                num(w.get("shots")) if w.get("shots") is not None else "—"] for w in d.get("weapons", [])]
    weapons += [[f"{g['name']}" + (f" ×{g['count']}" if g.get("count", 1) > 1 else ""), one(g.get("damage")), num(g.get("count"))]
                for g in d.get("grenades", [])]
    skills = [f"{s['name']} {s['chance']}%" for s in d.get("skill_chances", [])]
    skills += [r["name"] if r.get("value") is None else f"{r['name']} {r['value']}{'%' if r.get('kind') == 'chance' else ''}"
               for r in d.get("race_abilities", [])]
    equipment = [f"{name}" + (f" ×{n}" if n > 1 else "") for name, n in (d.get("possessions") or {}).items()]
    psa = f"{d['psa']} PSA level {d.get('psa_level')}" if d.get("psa") else ""
    sub = ", ".join(x for x in (one(d.get("race") or data.get("race")), psa) if x)
    st = d.get("stamina")
    return [Card("character", {"name": one(data.get("name")) or "Unnamed character", "type": sub, "profile": profile,
                               "moves": moves, "weapons": weapons, "skills": skills, "equipment": equipment,
                               "tracks": [["Stamina", st if isinstance(st, int) else None]]})]


def facts(data: dict, result) -> list[tuple[str, str]]:
    d = result.derived
    return [("Credits", f"{num(d.get('credits_start'))} to start, {num(d.get('credits_spent'))} spent, "
                       f"{num(d.get('credits_left'))} left"),
            ("Adventures", num(data.get("adventures"))), *vehicle_facts(d)]


def vehicle_facts(d: dict) -> list[tuple[str, str]]:
    """One line per vehicle owned or rented: cost, speeds, capacity, load, operator and its rules (SF-VEH-01..14)."""
    out = []
    for v in d.get("vehicles") or []:
        if not v.get("known"):
            out.append(("Vehicle", f"{one(v.get('name'))} (not in the rules pack)"))
            continue
        room = "operator only" if not v["passenger_limit"] else f"operator + {v['passenger_limit']}"
        cargo = f"{v['cargo_limit_kg']:,g} kg in {v['cargo_m3']:g} m³" if v["cargo_limit_kg"] else "no cargo"
        street = ", called from the street" if v.get("street") else ""
        out.append(("Vehicle", f"{v['name']}: {v['how']}{street}; {v['speeds']}; carries {room}, {cargo}; aboard "
                               f"{v['passengers']} passengers, {v['cargo_kg']:g} kg; operator: "
                               f"{(v['operator_psa'] + ' PSA') if v['operator_psa'] else 'anyone'}; rules "
                               f"{', '.join(v['rules'])}"))
    return out


def blank(card_type: str, pack) -> dict:
    t = tables(pack)
    heads = _heads(t)
    return {"name": "", "type": "", "profile": {"heads": heads, "values": [""] * len(heads), "legend": _legend(heads)},
            "moves": [["Initiative", ""], ["Walk", ""], ["Run", ""]], "weapons": [], "skills": [], "equipment": [],
            "tracks": [[t.label("sta"), max(t.table_scores)]]}  # room for the best Stamina the table rolls
