"""What a new player should do next on each Starchasers page: one short line read from the document, the rules
pack's numbers and the issues already found (the checks decide; this only reads).

`next_step(part, data, issues, t)` with part "ship" or "weapons" (a starship), "character" or "skills".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, plural, to_fix

from .ship import ATTRIBUTE_KEYS
from .ship.derive import hard_points
from .tables import Tables

SHIP = ("/name", "/class", "/preset", "/role") + tuple("/" + k for k in ATTRIBUTE_KEYS)
WEAPONS = ("/weapons", "/equipment")
CHARACTER = ("/name", "/species", "/classes", "/attributes", "/force_rating", "/hit_points", "/dark_side",
             "/motivators")
SKILLS = ("/skills", "/bonuses", "/skill_attributes", "/equipment")


def ship_step(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the ship."
    empty = sum(1 for k in ATTRIBUTE_KEYS if data.get(k) is None)
    if empty and data.get("preset"):
        first = next(a["label"] for a in t.ship["attributes"] if data.get(a["key"]) is None)
        return f"Next: fill in {first} ({plural(empty, 'value')} the ship type leaves to you)."
    if empty:
        return f"Next: choose a common ship type, or fill in the {plural(empty, 'empty value')}."
    return to_fix(issues, SHIP) or "Next: arm the ship on the Weapons page."


def weapons_step(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, WEAPONS)
    if fix:
        return fix
    free = hard_points(data, t)["hard_points_free"]
    if not data.get("weapons") and free > 0:
        return f"Next: add weapons ({plural(free, 'hard point')} free)."
    return finished(issues, "ship")


def character_step(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the character."
    attrs = attrs if isinstance(attrs := data.get("attributes"), dict) else {}
    empty = [t.char_attributes[k]["label"] for k in t.char_attributes if attrs.get(k) is None]
    if empty:
        return f"Next: set {empty[0]} ({plural(len(empty), 'attribute')} still empty)."
    fix = to_fix(issues, CHARACTER)
    if fix:
        return fix
    most, have = t.char["motivators"]["max"], len(data.get("motivators") or [])
    if have < most:
        return f"Next: add a motivator if you like ({have} of at most {most}), then choose skills."
    return "Next: choose skills and equipment on the Skills page."


def skills_step(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, SKILLS)
    if fix:
        return fix
    if not data.get("skills"):
        return "Next: add the character's skills."
    if not data.get("equipment"):
        return "Next: add equipment (or pick one of the examples)."
    return finished(issues, "character")


def next_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    steps = {"ship": ship_step, "weapons": weapons_step, "character": character_step, "skills": skills_step}
    return steps[part](data, issues, t) if part in steps else ""
