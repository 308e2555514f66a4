"""What a new player should do next on each Starchasers page: one short line read from the document, the rules
pack's numbers and the issues already found (the checks decide; this only reads). A page whose own work is done
points at what is left on the other page of the document (model/next_step_text.page_line), never at what is done.

`next_step(part, data, issues, t)` with part "ship" or "weapons" (a starship), "character" or "skills".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, page_line, plural, to_finish, to_fix

from .ship import ATTRIBUTE_KEYS
from .ship.derive import hard_points
from .tables import Tables

SHIP = ("/name", "/class", "/preset", "/role") + tuple("/" + k for k in ATTRIBUTE_KEYS)
WEAPONS = ("/weapons", "/equipment")
CHARACTER = ("/name", "/species", "/classes", "/attributes", "/force_rating", "/hit_points", "/dark_side",
             "/motivators")
SKILLS = ("/skills", "/bonuses", "/skill_attributes", "/equipment")


def ship_open(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the ship."
    empty = sum(1 for k in ATTRIBUTE_KEYS if data.get(k) is None)
    if empty and data.get("preset"):
        first = next(a["label"] for a in t.ship["attributes"] if data.get(a["key"]) is None)
        return f"Next: fill in {first} ({plural(empty, 'value')} the ship type leaves to you)."
    if empty:
        return f"Next: choose a common ship type, or fill in the {plural(empty, 'empty value')}."
    return to_fix(issues, SHIP)


def weapons_open(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, WEAPONS)
    if fix:
        return fix
    free = hard_points(data, t)["hard_points_free"]
    if not data.get("weapons") and free > 0:
        return f"Next: add weapons ({plural(free, 'hard point')} free)."
    return to_finish(issues, WEAPONS)


def character_open(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the character."
    attrs = attrs if isinstance(attrs := data.get("attributes"), dict) else {}
    empty = [t.char_attributes[k]["label"] for k in t.char_attributes if attrs.get(k) is None]
    if empty:
        return f"Next: set {empty[0]} ({plural(len(empty), 'attribute')} still empty)."
    return to_fix(issues, CHARACTER)


def skills_open(data: dict, issues: list[Issue], t: Tables) -> str:
    fix = to_fix(issues, SKILLS)
    if fix:
        return fix
    if not data.get("skills"):
        return "Next: add the character's skills."
    if not data.get("equipment"):
        return "Next: add equipment (or pick one of the examples)."
    return ""


def _motivators(data: dict, issues: list[Issue], t: Tables) -> str:
    """The character page's offer while nothing is chosen on the Skills page yet: motivators are optional."""
    most, have = t.char["motivators"]["max"], len(data.get("motivators") or [])
    if have < most and not data.get("skills") and not to_fix(issues, SKILLS):
        return f"Next: add a motivator if you like ({have} of at most {most}), then choose skills."
    return ""


DOCUMENTS = {"ship": ((("ship", "Ship", ship_open), ("weapons", "Weapons", weapons_open)), "ship"),
             "character": ((("character", "Character", character_open), ("skills", "Skills", skills_open)),
                           "character")}


def next_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    pages, what = next(((p, w) for p, w in DOCUMENTS.values() if any(key == part for key, _, _ in p)), ((), ""))
    if not pages:
        return ""
    if part == "character" and not character_open(data, issues, t):
        offer = _motivators(data, issues, t)
        if offer:
            return offer
    here = next(title for key, title, _ in pages if key == part)
    return page_line(here, [(title, lambda step=step: step(data, issues, t)) for _, title, step in pages],
                     lambda: finished(issues, what))
