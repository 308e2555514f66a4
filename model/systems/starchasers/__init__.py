"""Starchasers: one rules pack ("starchasers") serving two document kinds.

model.systems.starchasers.ship serves `starchasers-ship` (RULES.md 2.3-2.4, with its crew links) and
model.systems.starchasers.character serves `starchasers-character` (RULES.md 2.1-2.2): each a package
(__init__ with its SYSTEM, check, derive) shaped like every other system. The pack's tables, its
cross-reference checks (pack_problems), the weapon catalogue and the next-step lines are shared.
"""

from __future__ import annotations

from ..lookup import repeats
from .tables import Tables, tables


def pack_problems(pack: dict) -> list[tuple[str, str]]:
    """Cross-references the schema cannot see, for the whole pack (both kinds share it)."""
    out: list[tuple[str, str]] = []
    ship = pack["ship"]
    roles = [r["key"] for r in ship["roles"]]
    for i in repeats(roles):
        out.append((f"/ship/roles/{i}/key", f'role "{roles[i]}" is listed twice'))
    for i, a in enumerate(ship["attributes"] + ship["optional_attributes"]):
        if a.get("min") is not None and a.get("max") is not None and a["min"] > a["max"]:
            where = "attributes" if i < len(ship["attributes"]) else "optional_attributes"
            j = i if where == "attributes" else i - len(ship["attributes"])
            out.append((f"/ship/{where}/{j}/min", f'{a["label"]}: the lowest value is above the highest'))
    needed = {"size", "speed", "armor", "maneuverability", "hull_points", "structure_points", "system_durability",
              "power_generation", "shield_rating", "hard_points", "added_hard_points", "cargo_tons"}
    missing = needed - {a["key"] for a in ship["attributes"]}
    if missing:
        out.append(("/ship/attributes", f"the ship attributes lack {', '.join(sorted(missing))}"))
    sizes = {s["size"] for s in pack["sizes"]}
    names = set()
    for i, st in enumerate(pack["ship_types"]):
        if st["name"].casefold() in names:
            out.append((f"/ship_types/{i}/name", f'"{st["name"]}" is listed twice'))
        names.add(st["name"].casefold())
        if st.get("size") is not None and st["size"] not in sizes:
            out.append((f"/ship_types/{i}/size", f"size {st['size']} is not in the size table"))
    values = [r["value"] for r in pack["weapon_ranges"]]
    for i, b in enumerate(pack["range_bands"]):
        if b["weapon_range"] is not None and b["weapon_range"] not in values:
            out.append((f"/range_bands/{i}/weapon_range", f"range {b['weapon_range']} is not in the weapon range table"))
    attrs = {a["key"] for a in pack["character"]["attributes"]}
    for i, w in enumerate(pack["weapon_skills"]):
        if w["attribute"] not in attrs:
            out.append((f"/weapon_skills/{i}/attribute", f'"{w["attribute"]}" is not a character attribute in this pack'))
    if pack["exotic_weapon_skill"]["attribute"] not in attrs:
        out.append(("/exotic_weapon_skill/attribute", "not a character attribute in this pack"))
    skill_names = set()
    for i, s in enumerate(pack["character"]["skills"]):
        if s["attribute"] is not None and s["attribute"] not in attrs:
            out.append((f"/character/skills/{i}/attribute", f'"{s["attribute"]}" is not a character attribute in this pack'))
        if s["name"].casefold() in skill_names:
            out.append((f"/character/skills/{i}/name", f'"{s["name"]}" is listed twice'))
        skill_names.add(s["name"].casefold())
    out += repair_problems(pack["repair"])
    return out


def repair_problems(rep: dict) -> list[tuple[str, str]]:
    """SC-REP: the keys the repair rules look rows up by are each listed once, and the crew's parts price names
    a reputability row."""
    out: list[tuple[str, str]] = []
    keys = [r["key"] for r in rep["reputability"]]
    for i in repeats(keys):
        out.append((f"/repair/reputability/{i}/key", f'reputability "{keys[i]}" is listed twice'))
    if rep["crew_parts_reputability"] not in keys:
        out.append(("/repair/crew_parts_reputability", f'"{rep["crew_parts_reputability"]}" is not a key of '
                                                       f"/repair/reputability"))
    regions = [g["key"] for g in rep["structure"]["regions"]]
    for i in repeats(regions):
        out.append((f"/repair/structure/regions/{i}/key", f'region "{regions[i]}" is listed twice'))
    return out


__all__ = ["Tables", "tables", "pack_problems"]
