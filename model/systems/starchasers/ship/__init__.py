"""Starchasers starships (document kind `starchasers-ship`): RULES.md 2.3-2.4 and 2.6 (repairs) with DECISIONS.md applied."""

from __future__ import annotations

from ....issues import Issue
from . import offers as _offers  # What can be mounted where, and why the rest cannot (ship/offers.py).
from . import crew as _crew
from .. import pack_problems
from . import check as _check
from . import derive as _derive
from . import repair as _repair
from ....system_contract import GameSystem
from ..tables import Tables, tables

__all__ = ["new", "new_from_preset", "derive", "check", "pack_problems", "preset_values", "tables", "Tables"]

FORMAT = "starwright/starchasers-ship"

# Key order of a new document (files diff well when every ship has the same order).
ATTRIBUTE_KEYS = ("size", "speed", "armor", "maneuverability", "hull_points", "structure_points", "system_durability",
                  "power_generation", "shield_rating", "hard_points", "added_hard_points", "cargo_tons")


def new(pack, role: str = "player") -> dict:
    """A new, valid starter ship: every value the player must still choose is null (the issues say which)."""
    t = tables(pack)
    data = {"format": FORMAT, "version": 2, "name": "New Ship", "class": "", "preset": None, "role": role}
    for key in ATTRIBUTE_KEYS:
        data[key] = None
    data["structure_points"] = t.structure_for(role)
    data["system_durability"] = t.ship["stock_system_durability"]
    data["added_hard_points"] = 0
    data["weapons"] = []
    data["equipment"] = []
    data["notes"] = ""
    return data


def preset_values(pack, type_name: str, role: str = "player") -> dict:
    """The attribute values a common ship type sets (exactly the rules pack's values; null = left for the player)."""
    t = tables(pack)
    st = t.ship_type(type_name)
    if st is None:
        raise KeyError(f'"{type_name}" is not a common ship type in the rules pack')
    return {
        "class": st["name"],
        "preset": st["name"],
        "size": st.get("size"),
        "maneuverability": st["maneuverability"],
        "hull_points": st["hull_points"],
        "hard_points": st["hard_points"],
        "added_hard_points": 0,
        "structure_points": t.structure_for(role),
        "system_durability": st.get("system_durability"),
    }


def new_from_preset(pack, type_name: str, role: str = "player", name: str = "New Ship") -> dict:
    data = new(pack, role)
    data.update(preset_values(pack, type_name, role))
    data["name"] = name
    return data


def derive(data: dict, pack, linked: dict | None = None) -> dict:
    """`linked`: the character files the ship links, as crew.read_links() read them (evaluate() reads them
    relative to the ship file); without them every link counts as not findable yet. Pure: reads no file."""
    t = tables(pack)
    return _derive.derive(data, t, _crew.resolve(data, t, linked or {}))


def check(data: dict, derived: dict, pack) -> list[Issue]:
    t = tables(pack)
    return _check.check(data, derived, t) + _crew.check(data, derived, t) + _repair.check(data, derived, t)


def preset_edit(data: dict, pack, type_name: str):
    """One undoable edit that starts the ship from a common ship type (keeps name, role, weapons, equipment)."""
    from ....edits import Batch, Set
    values = preset_values(pack, type_name, data.get("role", "") if tables(pack).structure_for(data.get("role")) else "player")
    return Batch(tuple(Set(f"/{k}", v) for k, v in values.items()), label=f"start from {values['preset']}")


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems, offers=_offers.offers,
                    read_links=_crew.read_links, relocate=_crew.relocate)
