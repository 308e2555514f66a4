"""The Knight Hawks rules pack, indexed for the rules: ship types, weapons, defenses and their limits."""

from __future__ import annotations

from typing import Any
from ..lookup import alias_index, fold, pack_tables

WEAPONS = "weapons"
DEFENSES = "defenses"
GROUPS = (WEAPONS, DEFENSES)


def bounds(limit: Any) -> tuple[int, int]:
    """A pack limit as (min, max): a plain number is a maximum (a ship may carry fewer), {min, max} a range."""
    if isinstance(limit, dict):
        return limit["min"], limit["max"]
    return 0, limit


def is_range(limit: Any) -> bool:
    return isinstance(limit, dict)


class Tables:
    def __init__(self, pack: dict):
        self.pack = pack
        self.combat: dict = pack["combat"]
        self.phases: dict[str, dict] = {p["key"]: p for p in pack["phases"]}
        self.codes: dict[str, dict] = {c["code"]: c for c in pack["restriction_codes"]}
        self.types: dict[str, dict] = {t["name"]: t for t in pack["ship_types"]}
        self.entries: dict[str, dict[str, dict]] = {
            WEAPONS: {w["code"]: w for w in pack["weapons"]},
            DEFENSES: {d["code"]: d for d in pack["defenses"]},
        }
        self._type_alias: dict[str, str] = alias_index(pack["ship_types"])

    @property
    def weapons(self) -> dict[str, dict]:
        return self.entries[WEAPONS]

    @property
    def defenses(self) -> dict[str, dict]:
        return self.entries[DEFENSES]

    def canonical_type(self, name: Any) -> str | None:
        return self._type_alias.get(fold(name)) if isinstance(name, str) else None

    def guess_code(self, group: str, raw: str) -> tuple[str, str] | None:
        """(group, code) that a mistyped key probably means: "t", "Torpedo", "torpedoes" -> T in weapons."""
        key = fold(raw)
        for g in (group,) + tuple(x for x in GROUPS if x != group):
            for code, e in self.entries[g].items():
                if key in (fold(code), fold(e["name"]), fold(e["one"]), fold(e["many"])):
                    return g, code
        return None

    @staticmethod
    def is_station(stype: dict) -> bool:
        return is_range(stype["hull_points"])

    @staticmethod
    def configuration(stype: dict, number: Any) -> dict | None:
        for c in stype.get("configurations", []):
            if c["number"] == number:
                return c
        return None



tables = pack_tables(Tables)
