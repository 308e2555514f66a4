"""Reading a Foundry VTT actor of the Star Frontiers system (finderski/star-frontiers, data schema 0.2.x) with
care: what it is (an actor, of that system, a character), and each value read with its type checked, so a
hostile or broken file is refused with a plain message saying where, or its bad values are reported and
left out, never a traceback. The mapping into a Starwright character is foundry.py.

A Foundry actor file ("Export Data") is `{name, type, img, system, items[], effects[], flags, _stats, ...}`;
`_stats.systemId` names the game system. Nothing of the file is trusted: sizes are bounded before (the
importer's bounded reader: bytes, depth, numbers, strings) and here (items, names, text).
"""

from __future__ import annotations

import builtins   # the Reader's methods int, str, list and dict hide the types in its annotations
from typing import TypeGuard

from ..foundry_vtt import ACTOR_TYPES, SYSTEM_ID
from .bounded import ImportRefused

MAX_ITEMS = 1000          # a character owns a few dozen items; Starwright keeps at most 500 equipment entries
MAX_NAME = 200            # an equipment entry's name in a Starwright character
MAX_HTML = 100_000        # the notes of a Starwright character


def looks_like(data: object) -> TypeGuard[dict]:
    """A Foundry document: a `type` and a `system` object (and for an actor, `items`)."""
    return (isinstance(data, dict) and isinstance(data.get("system"), dict) and "type" in data
            and ("items" in data or isinstance(data.get("_stats"), dict)))


def check_actor(data: dict) -> None:
    """Refuse what is not a Star Frontiers character actor, saying what it is instead."""
    stats = stats if isinstance(stats := data.get("_stats"), dict) else {}
    system_id = stats.get("systemId")
    if system_id is not None and system_id != SYSTEM_ID:
        what = f"the \"{system_id}\" system" if isinstance(system_id, str) and len(system_id) < 60 else "another system"
        raise ImportRefused(f"this Foundry VTT document belongs to {what}, not Star Frontiers (star-frontiers); "
                            "Starwright imports Star Frontiers characters only", "/_stats/systemId")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ImportRefused("this Foundry VTT document has no type, so it is not an actor", "/type")
    if kind != "character":
        if kind in ACTOR_TYPES:
            raise ImportRefused(f"this is a Foundry VTT {kind} actor; Starwright imports Star Frontiers "
                                "characters only (type \"character\")", "/type")
        raise ImportRefused("this Foundry VTT document is not an actor (its type is "
                            f"\"{kind[:40]}\"); export the character's actor and import that", "/type")
    if system_id is None and not isinstance(data["system"].get("abilities"), dict):
        raise ImportRefused("this Foundry VTT actor names no game system and has no Star Frontiers abilities; "
                            "Starwright imports Star Frontiers characters only", "/_stats/systemId")
    items = data.get("items", [])
    if not isinstance(items, list):
        raise ImportRefused("the actor's items are not a list", "/items")
    if len(items) > MAX_ITEMS:
        raise ImportRefused(f"the actor has {len(items)} items; a character has far fewer than {MAX_ITEMS}", "/items")
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise ImportRefused("an item is not an object", f"/items/{n}")
        if not isinstance(item.get("type"), str) or not isinstance(item.get("name", ""), str):
            raise ImportRefused("an item has no type or a name that is not text", f"/items/{n}")
        if len(item.get("name", "")) > MAX_NAME:
            raise ImportRefused(f"an item's name is longer than {MAX_NAME} characters", f"/items/{n}/name")
        if not isinstance(item.get("system", {}), dict):
            raise ImportRefused("an item's system data is not an object", f"/items/{n}/system")


class Reader:
    """Typed reads from a nested dict: a wrong type reads as missing, and `bad` lists where that happened."""

    def __init__(self):
        self.bad: list[str] = []

    def get(self, obj, *path, where: str = ""):
        cur = obj
        for key in path:
            if not isinstance(cur, dict) or key not in cur:
                return None
            cur = cur[key]
        return cur

    def int(self, obj, *path, where: str = "", lo: int | None = None, hi: int | None = None) -> int | None:
        v = self.get(obj, *path)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not v.is_integer()):
            self.bad.append(f"{where}/{'/'.join(path)}")
            return None
        v = int(v)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.bad.append(f"{where}/{'/'.join(path)}")
            return None
        return v

    def num(self, obj, *path, where: str = "") -> float | None:
        v = self.get(obj, *path)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self.bad.append(f"{where}/{'/'.join(path)}")
            return None
        return v

    def str(self, obj, *path, where: builtins.str = "", limit: builtins.int = MAX_NAME) -> builtins.str | None:
        v = self.get(obj, *path)
        if v is None:
            return None
        if not isinstance(v, str) or len(v) > limit:
            self.bad.append(f"{where}/{'/'.join(path)}")
            return None
        return v

    def list(self, obj, *path, where: builtins.str = "") -> builtins.list:
        v = self.get(obj, *path)
        if v is None:
            return []
        if not isinstance(v, list):
            self.bad.append(f"{where}/{'/'.join(path)}")
            return []
        return v

    def dict(self, obj, *path, where: builtins.str = "") -> builtins.dict:
        v = self.get(obj, *path)
        if v is None:
            return {}
        if not isinstance(v, dict):
            self.bad.append(f"{where}/{'/'.join(path)}")
            return {}
        return v
