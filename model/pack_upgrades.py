"""Rules packs written for an earlier Starwright, brought up to what this one reads, on load.

A house pack is a copy of a built-in pack with a group's changes. When a later Starwright reads a value the
copy never had, the pack would be refused and the group's house rules would stop applying. So, as documents
are migrated, packs are upgraded: what each release added is listed here by system (the JSON Pointers of the
values it added), and a house pack that lacks one gets the built-in pack's value, which it names in `filled`
so that the check can say so (evaluate puts a warning on /rules/pack). The values come from the built-in pack,
never from this code.

The optional rules (`/optional_rules`, added with document version 3 / 2) are upgraded by
model/optional_rules.upgrade_pack, which also turns an old switch into the rule's default.
"""

from __future__ import annotations

import copy
from typing import Any

from . import pointer as jp
from .optional_rules import upgrade_pack as _optional_rules

# system -> values later packs must have that packs of an earlier release did not
ADDED: dict[str, tuple[str, ...]] = {
    "stargrave": ("/campaign/loot/carried_per_figure",),     # SG-LOOT-09 in the Play view
    "starchasers": ("/repair",),                              # SC-REP: ship repair between sessions
    "starfrontiers": ("/hospital",),                          # SF-PLAY-19: the hospital's price in the Play view
}

# SF-VEH: the vehicles a Star Frontiers character owns or rents (document version 3)
ADDED["starfrontiers"] = (*ADDED.get("starfrontiers", ()), "/vehicles")


def lacks(data: Any) -> bool:
    """Whether a pack lacks something this release added (so that the built-in pack is read only then)."""
    if not isinstance(data, dict):
        return False
    return "optional_rules" not in data or any(not jp.exists(data, p) for p in ADDED.get(data.get("system", ""), ()))


def upgrade(data: Any, builtin: dict) -> tuple[Any, tuple[str, ...]]:
    """(the pack upgraded, the pointers filled from the built-in pack). A pack that is no object is returned
    as it is, for the checks to refuse."""
    if not isinstance(data, dict):
        return data, ()
    filled = [] if "optional_rules" in data else ["/optional_rules"]
    out = _optional_rules(data, builtin)
    for pointer in ADDED.get(data.get("system", ""), ()):
        parent, key = jp.parent(pointer)
        holder = jp.get(out, parent) if jp.exists(out, parent) else None
        if not isinstance(holder, dict) or key in holder or not jp.exists(builtin, pointer):
            continue
        if out is data:
            out = copy.deepcopy(data)
            holder = jp.get(out, parent)
        holder[key] = copy.deepcopy(jp.get(builtin, pointer))
        filled.append(pointer)
    return out, tuple(filled)
