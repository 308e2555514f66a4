"""Named operations on a Starchasers ship: each builds the edit record (one undo step) a page applies.

The pages build no edits themselves; they call these. A cell's text that cannot become a value raises
`BadValue` with a sentence saying what is wrong (the document is left as it was).
"""

from __future__ import annotations

import copy

from .... import edits
from .. import catalog as _catalog
from .. import ship as _ship

# (field, header, kind) of each column of the weapons and equipment tables: kind says how text becomes JSON
WEAPON_FIELDS = [("name", "Name", "text"), ("skill", "Skill", "text"), ("arc", "Arc", "text"),
                 ("damage_type", "Damage type", "text"), ("damage", "Damage dice", "int"),
                 ("range", "Range", "range"), ("hard_points", "Hard points", "int"), ("rarity", "Rarity", "text"),
                 ("cost", "Cost", "number"), ("qualities", "Qualities", "list")]
EQUIPMENT_FIELDS = [("name", "Name", "text"), ("hard_points", "Hard points", "int"), ("cost", "Cost", "number"),
                    ("notes", "Notes", "text")]
FIELDS = {"weapons": WEAPON_FIELDS, "equipment": EQUIPMENT_FIELDS}
BLANK = {"weapons": {"name": "New weapon", "skill": "", "arc": "", "damage_type": "", "damage": None,
                     "qualities": [], "range": None, "rarity": "", "hard_points": None, "cost": None},
         "equipment": {"name": "New equipment", "hard_points": None, "cost": None}}


class BadValue(ValueError):
    """Text that cannot be the value of a field; str() is the sentence to show."""


def cell_text(value, kind: str) -> str:
    """How a field's value reads in its cell."""
    if value is None:
        return ""
    if kind == "list":
        return ", ".join(value) if isinstance(value, list) else str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def parse_cell(text: str, kind: str):
    """A cell's text as JSON; raises BadValue with a sentence when it cannot be one."""
    t = text.strip()
    if kind == "text":
        return text
    if kind == "list":
        return [x.strip() for x in t.split(",") if x.strip()]
    if not t:
        return None
    if kind == "int":
        try:
            return int(t)
        except ValueError:
            raise BadValue(f'"{t}" is not a whole number') from None
    if kind == "number":
        try:
            v = float(t.replace(",", ""))
        except ValueError:
            raise BadValue(f'"{t}" is not a number') from None
        return int(v) if v.is_integer() else v
    if kind == "range":
        return int(t) if t.lstrip("-").isdigit() else t
    return t


def add_entry(data: dict, listname: str) -> edits.Edit:
    """A blank weapon or equipment entry at the end of its list."""
    entries = data.get(listname)
    entry = copy.deepcopy(BLANK[listname])
    if not isinstance(entries, list):
        return edits.Set(f"/{listname}", [entry])
    return edits.Insert(f"/{listname}/{len(entries)}", entry)


def remove_entry(data: dict, listname: str, index: int) -> edits.Edit | None:
    entries = data.get(listname)
    if not isinstance(entries, list) or not 0 <= index < len(entries):
        return None
    return edits.Remove(f"/{listname}/{index}")


def cell_edit(data: dict, listname: str, index: int, field: str, text: str, fields: list, whose: str):
    """The edit a typed cell of a list makes (None: the value is already so); BadValue for text that is no value."""
    kind = next(k for f, _h, k in fields if f == field)
    header = next(h for f, h, _k in fields if f == field)
    try:
        value = parse_cell(text, kind)
    except BadValue as e:
        raise BadValue(f"{header}: {e}; {whose} keeps its last value until this is corrected.") from None
    entry = (data.get(listname) or [])[index]
    if field in entry and entry[field] == value:
        return None
    return edits.Set(f"/{listname}/{index}/{field}", value)


def set_cell(data: dict, listname: str, index: int, field: str, text: str) -> edits.Edit | None:
    """A weapon's or equipment's cell typed into (see cell_edit)."""
    return cell_edit(data, listname, index, field, text, FIELDS[listname], "the ship")


def use_preset(data: dict, pack, type_name: str) -> edits.Edit:
    """Start the ship from a common ship type (one step; keeps name, role, weapons, equipment)."""
    return _ship.preset_edit(data, pack, type_name)


def use_catalog_entry(data: dict, catalog: dict, listname: str, name: str) -> edits.Edit:
    return _catalog.use_entry(data, catalog, listname, name)


def set_proficient(data: dict, shown: list[str], chosen: list[str]) -> edits.Edit:
    """The gunner's proficiencies: `chosen` among the `shown` weapon skills; others the file has are kept."""
    gunner = data.get("gunner")
    if gunner is None:
        return edits.Set("/gunner", {"proficient": list(chosen)})
    others = [p for p in gunner.get("proficient", []) if p not in shown]
    return edits.Set("/gunner/proficient", list(chosen) + others)


def link(data: dict, station: str, file: str) -> edits.Edit:
    """SC-SHIP-26: link a character file at a station (stored relative to the ship, crew.relative_link)."""
    entry = {"file": file}
    if not isinstance(data.get("crew"), dict):
        return edits.Set("/crew", {station: entry})
    return edits.Set(f"/crew/{station}", entry)


def unlink(data: dict, station: str) -> edits.Edit | None:
    crew = data.get("crew")
    if not isinstance(crew, dict) or station not in crew:
        return None
    if len(crew) == 1:
        return edits.Remove("/crew")  # the last link: the optional field goes, the file is as before
    return edits.Remove(f"/crew/{station}")
