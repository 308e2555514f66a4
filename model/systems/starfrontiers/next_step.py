"""What a new player should do next on each page of a Star Frontiers character: one short line read from the
document, the rules pack's numbers and the issues already found (the checks decide; this only reads).

`next_step(part, data, issues, t)` with part "character", "abilities" or "equipment".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, plural, to_fix

from .tables import Tables

CHARACTER = ("/name", "/race", "/psa", "/adventures")
ABILITIES = ("/base", "/rolls", "/shifts", "/human_bonus")
EQUIPMENT = ("/equipment", "/credits")


def character_step(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the character."
    if t.canonical_race(data.get("race")) is None:
        return "Next: choose a race."
    if t.canonical_psa(data.get("psa")) is None:
        return "Next: choose a Primary Skill Area (PSA)."
    return to_fix(issues, CHARACTER) or "Next: roll the abilities on the Abilities page."


def abilities_step(data: dict, issues: list[Issue], t: Tables) -> str:
    base = base if isinstance(base := data.get("base"), dict) else {}
    todo = sum(1 for p in t.pairs if base.get(p) is None)
    if todo:
        return f"Next: roll {plural(todo, 'more ability pair')} (or “Roll all four pairs”)."
    race = t.races.get(t.canonical_race(data.get("race")) or "") or {}
    bonus = race.get("single_ability_bonus") or 0
    if bonus and data.get("human_bonus") is None:
        return f"Next: choose the ability that gets the {race['name']} +{bonus}."
    return to_fix(issues, ABILITIES) or (
        f"Next: move up to {t.exchange_limit} points within a pair if you like, then buy equipment.")


def equipment_step(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, EQUIPMENT)
    if fix:
        return fix
    if not data.get("equipment") and not data.get("credits"):
        return "Next: enter the starting credits your referee allows, then buy equipment."
    if not data.get("equipment"):
        return "Next: buy equipment: double-click an item in the shop."
    return finished(issues, "character")


def next_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    steps = {"character": character_step, "abilities": abilities_step, "equipment": equipment_step}
    return steps[part](data, issues, t) if part in steps else ""
