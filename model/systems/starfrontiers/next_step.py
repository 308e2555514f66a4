"""What a new player should do next on each page of a Star Frontiers character: one short line read from the
document, the rules pack's numbers and the issues already found (the checks decide; this only reads). A page whose
own work is done points at what is left on another page (model/next_step_text.page_line), never at what is done.

`next_step(part, data, issues, t)` with part "character", "abilities" or "equipment".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, page_line, plural, to_fix

from .tables import Tables

CHARACTER = ("/name", "/race", "/psa", "/adventures")
ABILITIES = ("/base", "/rolls", "/shifts", "/human_bonus")
EQUIPMENT = ("/equipment", "/credits")
PAGES = {"character": "Character", "abilities": "Abilities", "equipment": "Equipment"}


def character_open(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the character."
    if t.canonical_race(data.get("race")) is None:
        return "Next: choose a race."
    if t.canonical_psa(data.get("psa")) is None:
        return "Next: choose a Primary Skill Area (PSA)."
    return to_fix(issues, CHARACTER)


def abilities_open(data: dict, issues: list[Issue], t: Tables) -> str:
    base = base if isinstance(base := data.get("base"), dict) else {}
    todo = sum(1 for p in t.pairs if base.get(p) is None)
    if todo:
        return f"Next: roll {plural(todo, 'more ability pair')} (or “Roll all four pairs”)."
    race = t.races.get(t.canonical_race(data.get("race")) or "") or {}
    bonus = race.get("single_ability_bonus") or 0
    if bonus and data.get("human_bonus") is None:
        return f"Next: choose the ability that gets the {race['name']} +{bonus}."
    return to_fix(issues, ABILITIES)


def equipment_open(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, EQUIPMENT)
    if fix:
        return fix
    if not data.get("equipment") and not data.get("credits"):
        return "Next: enter the starting credits your referee allows, then buy equipment."
    if not data.get("equipment"):
        return "Next: buy equipment: double-click an item in the shop."
    return ""


def next_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    if part not in PAGES:
        return ""
    if (part == "abilities" and not abilities_open(data, issues, t) and not data.get("equipment")
            and not to_fix(issues, EQUIPMENT)):
        return f"Next: move up to {t.exchange_limit} points within a pair if you like, then buy equipment."
    steps = {"character": character_open, "abilities": abilities_open, "equipment": equipment_open}
    pages = [(PAGES[p], lambda step=step: step(data, issues, t)) for p, step in steps.items()]
    return page_line(PAGES[part], pages, lambda: finished(issues, "character"))
