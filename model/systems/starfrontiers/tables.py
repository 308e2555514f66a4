"""The Star Frontiers rules pack, indexed for the rules: look-ups by name, alias and table range."""

from __future__ import annotations

import math
from typing import Any
from ..lookup import alias_index, fold, pack_tables

PAIRS = ("str_sta", "dex_rs", "int_log", "per_ldr")
ABILITIES = ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")


def rounded(value: float, how: str) -> int:
    """Round a quotient the way the pack says ("up" for the rulebook's "fractions round up")."""
    if how == "up":
        return math.ceil(value)
    if how == "down":
        return math.floor(value)
    return int(math.floor(value + 0.5))


class Tables:
    def __init__(self, pack: dict):
        self.pack = pack
        self.abilities: dict[str, dict] = {a["key"]: a for a in pack["abilities"]}
        self.pairs: dict[str, dict] = {p["key"]: p for p in pack["pairs"]}
        self.ability_table: list[dict] = sorted(pack["ability_table"], key=lambda r: r["low"])
        self.table_scores: list[int] = sorted({r["score"] for r in self.ability_table})
        self.score_min: int = pack["score_range"]["min"]
        self.score_max: int = pack["score_range"]["max"]
        self.exchange_limit: int = pack["exchange_limit"]
        self.initiative: dict = pack["initiative"]
        self.races: dict[str, dict] = {r["name"]: r for r in pack["races"]}
        self.psa: dict = pack["psa"]
        self.skills: dict[str, dict] = {s["name"]: s for s in pack["psa"]["skills"]}
        self.encumbrance: dict = pack["encumbrance"]
        self.items: dict[str, dict] = {i["name"]: i for i in pack["items"]}
        self._race_alias = alias_index(pack["races"])
        self._psa_alias = alias_index(pack["psa"]["skills"])
        self._item_alias = alias_index(pack["items"])
        # SF-VEH-01..14: the vehicles a character can own or rent, and their rules
        self.vehicle_rules: dict = pack["vehicles"]
        self.vehicles: dict[str, dict] = {v["name"]: v for v in pack["vehicles"]["list"]}
        self._vehicle_alias = alias_index(pack["vehicles"]["list"])

    # names
    def canonical_race(self, name: Any) -> str | None:
        return self._race_alias.get(fold(name)) if isinstance(name, str) else None

    def canonical_psa(self, name: Any) -> str | None:
        return self._psa_alias.get(fold(name)) if isinstance(name, str) else None

    def canonical_item(self, name: Any) -> str | None:
        return self._item_alias.get(fold(name)) if isinstance(name, str) else None

    def canonical_vehicle(self, name: Any) -> str | None:
        return self._vehicle_alias.get(fold(name)) if isinstance(name, str) else None

    def abbr(self, key: str) -> str:
        return self.abilities.get(key, {}).get("abbr", key.upper())

    def label(self, key: str) -> str:
        return self.abilities.get(key, {}).get("label", key)

    def pair_abbr(self, pair: str) -> str:
        return self.pairs.get(pair, {}).get("abbr", pair)

    def pair_of(self, ability: str) -> str:
        return self.abilities[ability]["pair"]

    # the ability score table
    def table_score(self, d100: int) -> int | None:
        """The base score a d100 roll gives, or None when the roll is outside the table."""
        for row in self.ability_table:
            if row["low"] <= d100 <= row["high"]:
                return row["score"]
        return None

    def table_row(self, d100: int) -> dict | None:
        for row in self.ability_table:
            if row["low"] <= d100 <= row["high"]:
                return row
        return None

    def rolls_for(self, score: int) -> list[tuple[int, int]]:
        return [(r["low"], r["high"]) for r in self.ability_table if r["score"] == score]

    # PSA levels
    def psa_level(self, adventures: int) -> tuple[int, int | None]:
        """(level, adventures needed for the next level or None at the top) - cumulative reading (AMB-SF-08)."""
        levels = sorted(self.psa["levels"], key=lambda r: r["adventures"])
        level, nxt = levels[0]["level"], None
        for row in levels:
            if adventures >= row["adventures"]:
                level = row["level"]
            elif nxt is None:
                nxt = row["adventures"]
        return level, nxt



tables = pack_tables(Tables)
