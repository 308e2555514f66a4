"""Named operations on a Starchasers character: each builds the edit record (one undo step) a page applies.

Skills, bonus dice and governing attributes live in objects keyed by skill name that may not exist yet
(`skills`, `bonuses`, `skill_attributes`): each operation makes one edit either way. An operation that
cannot be done raises `Refused` with the sentence to show.
"""

from __future__ import annotations

from .... import edits
from .... import pointer as jp
from .derive import skill_names
from .offers import equipment_examples, key_for, next_class, next_motivator_source
from ..ship.actions import cell_edit
from ..tables import fold, tables

MAPS = ("skills", "bonuses", "skill_attributes")
# (field, header, kind) of each column of the equipment table: kind says how text becomes JSON
EQUIPMENT_FIELDS = [("name", "Name", "text"), ("bonus", "Bonus dice", "int"), ("skills", "To skills", "list"),
                    ("required_for", "Required for", "list")]


class Refused(ValueError):
    """The operation cannot be done; str() says why and what to do."""


def set_in_map(data: dict, mapname: str, key: str, value) -> edits.Edit:
    """Set `/mapname/key`, creating the object when the document has none yet."""
    if not isinstance(data.get(mapname), dict):
        return edits.Set(jp.join(mapname), {key: value})
    return edits.Set(jp.join(mapname, key), value)


def remove_from_map(data: dict, mapname: str, key: str) -> edits.Edit | None:
    if isinstance(data.get(mapname), dict) and key in data[mapname]:
        return edits.Remove(jp.join(mapname, key))
    return None


def _append(data: dict, listname: str, item) -> edits.Edit:
    if not isinstance(data.get(listname), list):
        return edits.Set(jp.join(listname), [item])
    return edits.Insert(jp.join(listname, str(len(data[listname]))), item)


def set_skill_level(data: dict, name: str, level) -> edits.Edit:
    return set_in_map(data, "skills", key_for(data.get("skills"), name), level)


def set_bonus(data: dict, name: str, dice) -> edits.Edit | None:
    """Bonus dice of a skill; 0 (or none) removes the entry."""
    key = key_for(data.get("bonuses"), name)
    if not dice:
        return remove_from_map(data, "bonuses", key)
    return set_in_map(data, "bonuses", key, dice)


def set_skill_attribute(data: dict, name: str, attribute: str) -> edits.Edit | None:
    """The governing attribute the player chose for a skill the rules pair with none ("" removes the choice)."""
    key = key_for(data.get("skill_attributes"), name)
    if ((data.get("skill_attributes") or {}).get(key) or "") == (attribute or ""):
        return None
    if not attribute:
        return remove_from_map(data, "skill_attributes", key)
    return set_in_map(data, "skill_attributes", key, attribute)


def add_skill(data: dict, pack, typed: str) -> edits.Edit:
    """A skill the rules do not list, at level 1. Refused when the name is empty or already a skill."""
    name = " ".join(typed.split())
    if not name:
        raise Refused("Type the skill's name first.")
    if any(fold(n) == fold(name) for n in skill_names(data, tables(pack))):
        raise Refused(f"{name} is already in the list.")
    return set_in_map(data, "skills", name, 1)


def remove_skill(data: dict, name: str) -> edits.Edit:
    parts = [e for e in (remove_from_map(data, m, key_for(data.get(m), name)) for m in MAPS) if e is not None]
    return edits.Batch(tuple(parts), label=f"remove the skill {name}")


def add_class(data: dict, pack) -> edits.Edit:
    """A class row, named after the first known class the character does not have yet, at level 1."""
    return _append(data, "classes", {"name": next_class(data, tables(pack)), "level": 1})


def remove_class(data: dict, index: int) -> edits.Edit:
    return edits.Remove(jp.join("classes", str(index)))


def add_motivator(data: dict, pack) -> edits.Edit:
    return _append(data, "motivators", {"text": "", "source": next_motivator_source(data, tables(pack))})


def remove_motivator(data: dict, index: int) -> edits.Edit:
    return edits.Remove(jp.join("motivators", str(index)))


def clear_force(data: dict) -> edits.Edit:
    """SC-CHAR-09: a droid's Force Rating back to 0."""
    return edits.Set("/force_rating", 0)


def add_equipment(data: dict, item: dict | None = None) -> edits.Edit:
    return _append(data, "equipment", dict(item) if item else {"name": "", "bonus": None, "skills": [],
                                                                 "required_for": []})


def add_example_equipment(data: dict, pack, name: str) -> edits.Edit:
    for e in equipment_examples(data, tables(pack)):
        if e["name"] == name:
            return add_equipment(data, e["entry"])
    raise Refused(f'"{name}" is not equipment the rules name.')


def remove_equipment(data: dict, index: int) -> edits.Edit:
    return edits.Remove(jp.join("equipment", str(index)))


def set_equipment_cell(data: dict, index: int, field: str, text: str) -> edits.Edit | None:
    """An equipment cell typed into; ship_actions.BadValue for text that is no value (nothing is changed)."""
    return cell_edit(data, "equipment", index, field, text, EQUIPMENT_FIELDS, "the character")


def parse_names(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def set_names(data: dict, pointer: str, text: str) -> edits.Edit | None:
    """A comma-separated list of skill names (an equipment's skills or required_for); None when unchanged."""
    value = parse_names(text)
    if (jp.get(data, pointer) or []) == value:
        return None
    return edits.Set(pointer, value)
