"""Knight Hawks COMPUTE rules: hull points, ADF, MR (each with how it was derived), what each weapon
fires in which phase, and the limited supplies a player ticks off.

Works on any document that passed the schema. Counts above a type's limit, unknown codes and unknown
types are reported by check; here they simply stop counting (a fourth torpedo adds no box to tick).
"""

from __future__ import annotations

from typing import Any

from ...wording import a
from .tables import DEFENSES, GROUPS, WEAPONS, Tables, bounds


def as_count(value: Any) -> int:
    """A count from the document: the schema allows any integer (2.0 is an integer to JSON Schema)."""
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def configuration_in_use(data: dict, stype: dict | None, t: Tables) -> tuple[dict | None, bool]:
    """(the fighter's configuration that limits its weapons, whether it was declared in the document).

    An undeclared configuration is checked as the type's first one (check warns, KH-SHIP-06).
    """
    if not stype or not stype.get("configurations"):
        return None, False
    number = data.get("configuration")
    if number is None:
        return stype["configurations"][0], False
    return t.configuration(stype, number), True


def type_limits(stype: dict | None, config: dict | None, group: str) -> dict | None:
    """code -> pack limit for this ship, or None when nothing limits the group (unknown type, a
    user-defined fighter configuration)."""
    if stype is None:
        return None
    if group == WEAPONS and stype.get("configurations"):
        if config is None:          # a configuration number the type does not have: the type's list
            return stype[WEAPONS]
        return config[WEAPONS]      # None: your group's loadout (GAP-KH-04)
    return stype[group]


def limits_for(stype: dict | None, config: dict | None, t: Tables) -> dict:
    out: dict = {}
    for group in GROUPS:
        table = type_limits(stype, config, group)
        per: dict[str, dict] = {}
        for code in t.entries[group]:
            if table is None:
                per[code] = {"min": 0, "max": None}
            else:
                lo, hi = bounds(table.get(code, 0))
                per[code] = {"min": lo, "max": hi}
        out[group] = per
    if stype is not None:
        lo, hi = bounds(stype["hull_points"])
        out["hull_points"] = {"min": lo if t.is_station(stype) else hi, "max": hi}
    else:
        out["hull_points"] = None
    return out


def usable(count: int, limit: dict) -> int:
    """How many of an item count: never below 0, never above the type's maximum."""
    n = max(0, count)
    return n if limit["max"] is None else min(n, limit["max"])


def derive_hull(data: dict, stype: dict | None, t: Tables) -> tuple[int | None, list]:
    if stype is None:
        return None, []
    name = stype["name"]
    if not t.is_station(stype):
        return stype["hull_points"], [[f"every {name}", stype["hull_points"]]]
    lo, hi = bounds(stype["hull_points"])
    chosen = data.get("hull_points")
    if not isinstance(chosen, (int, float)) or isinstance(chosen, bool):
        return None, [[f"not chosen yet ({name}: {lo} to {hi})", None]]
    chosen = int(chosen)
    parts: list = [[f"chosen for this {name} ({lo} to {hi})", chosen]]
    if chosen > hi:
        parts.append([f"above the most {a(name)} may have", hi - chosen])
        return hi, parts
    if chosen < lo:
        parts.append([f"below the least {a(name)} may have", lo - chosen])
        return lo, parts
    return chosen, parts


def phase_text(weapon: dict, t: Tables) -> str:
    names = [t.phases[k]["name"] for k in weapon["fires_in"] if k in t.phases]
    text = " and ".join(names)
    if weapon["once_per_turn"]:
        text += "; one of this kind per turn"
    return text


def derive(data: dict, t: Tables) -> dict:
    name = t.canonical_type(data.get("type"))
    stype = t.types.get(name) if name else None
    config, _declared = configuration_in_use(data, stype, t)
    limits = limits_for(stype, config, t)

    hull, hull_how = derive_hull(data, stype, t)
    out: dict = {
        "type": name,
        "station": bool(stype and t.is_station(stype)),
        "hull_points": hull,
        "adf": stype["adf"] if stype else None,
        "mr": stype["mr"] if stype else None,
        "derivation": {
            "hull_points": hull_how,
            "adf": [[f"every {name}", stype["adf"]]] if stype else [],
            "mr": [[f"every {name}", stype["mr"]]] if stype else [],
        },
        "limits": limits,
    }

    carried: dict[str, list[dict]] = {}
    for group in GROUPS:
        counts = data.get(group) or {}
        rows = []
        for code, entry in t.entries[group].items():
            count = as_count(counts.get(code, 0))
            n = usable(count, limits[group][code])
            if count <= 0:
                continue
            row = {"code": code, "name": entry["name"], "count": count, "usable": n}
            if group == WEAPONS:
                row.update({
                    "restrictions": list(entry["restrictions"]),
                    "range": entry["range"],
                    "damage": entry["damage"],
                    # KH-WPN-07: forward-firing (FF) weapons fire only ahead of the bow; the rest all round
                    "field": entry["field"],
                    "fires_in": list(entry["fires_in"]),
                    "fires_in_text": phase_text(entry, t),
                    "once_per_turn": entry["once_per_turn"],
                    "laser": entry["laser"],
                    "limited": any(t.codes[c]["limits_supply"] for c in entry["restrictions"]),  # KH-WPN-09
                })
            else:
                row.update({"limited": entry["limited"], "effect": entry["effect"]})
            rows.append(row)
        carried[group] = rows
    out[WEAPONS] = carried[WEAPONS]
    out[DEFENSES] = carried[DEFENSES]

    # KH-WPN-08 / KH-WPN-13: which carried weapons may fire in each phase.
    out["phases"] = [
        {"key": key, "name": phase["name"],
         "weapons": [w["code"] for w in carried[WEAPONS] if w["usable"] > 0 and key in w["fires_in"]]}
        for key, phase in t.phases.items()
    ]

    # KH-WPN-09, KH-DEF-02, KH-DEF-05: one box to tick per limited-supply item.
    out["supplies"] = (
        [{"code": w["code"], "name": w["name"], "kind": "weapon", "count": w["usable"]}
         for w in carried[WEAPONS] if w["limited"] and w["usable"] > 0]
        + [{"code": d["code"], "name": d["name"], "kind": "defense", "count": d["usable"]}
           for d in carried[DEFENSES] if d["limited"] and d["usable"] > 0]
    )

    out["configuration"] = (
        {"number": config["number"], "name": config["name"], "user_defined": config[WEAPONS] is None}
        if config else None
    )

    # KH-SHIP-12: evasive action against torpedoes (fighters and assault scouts).
    if stype and stype["evasive"]:
        per = t.combat["evasive_percent_per_mr"]
        out["evasive_action"] = {"torpedo_modifier": -stype["mr"] * per,
                                 "derivation": [[f"MR {stype['mr']} x {per}%", -stype["mr"] * per]]}
    else:
        out["evasive_action"] = None
    # KH-SHIP-09: frigates and larger never land on a planet (the type's may_land)
    out["may_land"] = bool(stype and stype["may_land"])
    return out


def describe(parts: list) -> str:
    """A derivation as one line: 'every Frigate: 40', or the chosen value and its correction."""
    return "; ".join(label if value is None else f"{label}: {value:+d}" if i and isinstance(value, int)
                     else f"{label}: {value}" for i, (label, value) in enumerate(parts))
