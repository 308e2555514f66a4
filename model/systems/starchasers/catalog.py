"""The weapon and equipment catalogue a player owns (schemas/starchasers-catalog.v1.json).

The rules define what a ship weapon records but list no weapons (GAP-SC-10), so a player's weapons and
equipment live in their own catalogue file: saved from one ship, imported into another, exported to share.
Every function here is pure data in, data out (or an atomic file write); the GUI turns the `use_*`
results into one undoable edit.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from ... import edits
from ...issues import Issue
from ...bounded import FIX_JSON, load_json
from ...storage import DocumentError, atomic_write, dumps
from ...validation import schema_issues
from ..lookup import repeats
from .ship.check import check_weapon
from .tables import fold, tables

FORMAT = "starwright/starchasers-catalog"
SCHEMA = "starchasers-catalog.v1.json"
LISTS = ("weapons", "equipment")


class CatalogError(DocumentError):
    """A catalogue file that cannot be used; the message says where and what was expected."""


CATALOGUE = "Choose a catalogue saved with “Save to catalogue” on a ship's Weapons page (a .json file)."


def new_catalog(name: str = "My ship weapons") -> dict:
    return {"format": FORMAT, "version": 1, "name": name, "weapons": [], "equipment": [], "notes": ""}


def _index(entries: list[dict], name: Any) -> int | None:
    key = fold(name)
    for i, e in enumerate(entries):
        if fold(e.get("name")) == key:
            return i
    return None


def add_entry(catalog: dict, listname: str, entry: dict) -> tuple[dict, bool]:
    """A new catalogue with `entry` added to `listname`, replacing one of the same name. (catalog, replaced)."""
    if listname not in LISTS:
        raise ValueError(f"a catalogue holds {' and '.join(LISTS)}, not {listname!r}")
    if not str(entry.get("name", "")).strip():
        raise ValueError("give the entry a name before saving it to the catalogue")
    out = copy.deepcopy(catalog)
    item = copy.deepcopy(entry)
    i = _index(out[listname], item["name"])
    if i is None:
        out[listname].append(item)
        return out, False
    out[listname][i] = item
    return out, True


def add_weapon(catalog: dict, weapon: dict) -> tuple[dict, bool]:
    return add_entry(catalog, "weapons", weapon)


def add_equipment(catalog: dict, equipment: dict) -> tuple[dict, bool]:
    return add_entry(catalog, "equipment", equipment)


def remove_entry(catalog: dict, listname: str, name: str) -> dict:
    out = copy.deepcopy(catalog)
    i = _index(out[listname], name)
    if i is not None:
        del out[listname][i]
    return out


def save_ship_entries(catalog: dict, ship: dict) -> dict:
    """Every named weapon and equipment entry of a ship, saved into the catalogue (same name replaces)."""
    out = catalog
    for listname in LISTS:
        for entry in ship.get(listname, []):
            if str(entry.get("name", "")).strip():
                out, _ = add_entry(out, listname, entry)
    return out


def merge(into: dict, other: dict) -> tuple[dict, list[str]]:
    """Import another catalogue's entries: new names are added, same names replaced. Returns the names replaced."""
    out, replaced = into, []
    for listname in LISTS:
        for entry in other.get(listname, []):
            out, was = add_entry(out, listname, entry)
            if was:
                replaced.append(entry["name"])
    return out, replaced


def catalog_issues(catalog: Any, pack=None) -> list[Issue]:
    """Structure first (schema); then, with a rules pack, each weapon's fields as a ship would check them."""
    issues = schema_issues(SCHEMA, catalog)
    if issues or pack is None:
        return issues
    t = tables(pack)
    out: list[Issue] = []
    for i, w in enumerate(catalog["weapons"]):
        out += check_weapon(w, f"/weapons/{i}", t)
    for listname in LISTS:
        for i, e in enumerate(catalog[listname]):
            hp = e.get("hard_points")
            if isinstance(hp, int) and hp < 0:
                out.append(Issue(f"/{listname}/{i}/hard_points", "SC-SHIP-09", "error",
                                 f'"{e.get("name")}" uses {hp} hard points; hard points required cannot be negative.'))
        names = [fold(e.get("name")) for e in catalog[listname]]
        for i in repeats(names):
            out.append(Issue(f"/{listname}/{i}/name", "CATALOG", "warning",
                             f'"{catalog[listname][i]["name"]}" is in the catalogue twice; the later one is used.'))
    return out


def load_catalog(path: str | os.PathLike) -> dict:
    """Read and check a catalogue file. Raises CatalogError (path, where, what was expected); never changes the file."""
    try:
        data = load_json(path)
    except DocumentError as e:
        raise CatalogError(e.path, e.message, e.where, e.advice) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        shown = json.dumps(found, ensure_ascii=False)[:80] if found is not None else "none"
        raise CatalogError(path, f"this is not a Starchasers weapon catalogue (its format is {shown}; a catalogue's "
                                 f"is \"{FORMAT}\")", "/format", advice=CATALOGUE)
    if isinstance(data.get("version"), int) and data["version"] > 1:
        raise CatalogError(path, f"this catalogue is version {data['version']}, made by a newer Starwright; "
                                 f"this program reads version 1", "/version",
                           advice="Update Starwright to the newest version, then import the catalogue again.")
    issues = schema_issues(SCHEMA, data)
    if issues:
        first = issues[0]
        more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
        raise CatalogError(path, f"{first.message}{more}", first.pointer or "/", advice=FIX_JSON)
    return data


def save_catalog(path: str | os.PathLike, catalog: dict) -> None:
    """Check, then write atomically (a failed write leaves the old file as it was)."""
    issues = schema_issues(SCHEMA, catalog)
    if issues:
        raise CatalogError(path, f"the catalogue is not valid: {issues[0].message}", issues[0].pointer or "/",
                           advice="Correct the weapon or equipment named on the Weapons page, then save again.")
    atomic_write(path, dumps(catalog).encode("utf-8"))


import_catalog = load_catalog
export_catalog = save_catalog


def use_entry(ship: dict, catalog: dict, listname: str, name: str) -> edits.Edit:
    """The edit that adds a copy of a catalogue entry to a ship (apply it, or push it on the undo stack)."""
    i = _index(catalog.get(listname, []), name)
    if i is None:
        raise KeyError(f'"{name}" is not in the catalogue\'s {listname}')
    return edits.Insert(f"/{listname}/{len(ship.get(listname, []))}", copy.deepcopy(catalog[listname][i]))
