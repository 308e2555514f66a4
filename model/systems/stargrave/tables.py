"""The Stargrave rules pack, indexed for the rules: look-ups by name and by alias."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

KEYS = ("move", "fight", "shoot", "armour", "will", "health")
ROLES = ("captain", "first_mate")


def _fold(name: str) -> str:
    return " ".join(name.casefold().replace("-", " ").split())


class Tables:
    def __init__(self, pack: dict):
        self.pack = pack
        self.crew: dict = pack["crew"]
        self.characteristics: list[dict] = pack["characteristics"]
        self.char: dict[str, dict] = {c["key"]: c for c in self.characteristics}
        self.figures: dict[str, dict] = pack["figures"]
        self.backgrounds: dict[str, dict] = {b["name"]: b for b in pack["backgrounds"]}
        self.powers: dict[str, dict] = {p["name"]: p for p in pack["powers"]}
        self.items: dict[str, dict] = {i["name"]: i for i in pack["items"]}
        self.soldiers: dict[str, dict] = {s["name"]: s for s in pack["soldiers"]}
        self._power_alias = self._aliases(pack["powers"])
        self._item_alias = self._aliases(pack["items"])
        self._background_alias = self._aliases(pack["backgrounds"])

    @staticmethod
    def _aliases(entries: list[dict]) -> dict[str, str]:
        out: dict[str, str] = {}
        for e in entries:
            for alias in [e.get("rulebook_name", "")] + list(e.get("aliases", [])):
                if alias:
                    out.setdefault(_fold(alias), e["name"])
        for e in entries:
            out[_fold(e["name"])] = e["name"]
        return out

    def canonical_power(self, name: Any) -> str | None:
        return self._power_alias.get(_fold(name)) if isinstance(name, str) else None

    def canonical_item(self, name: Any) -> str | None:
        return self._item_alias.get(_fold(name)) if isinstance(name, str) else None

    def canonical_background(self, name: Any) -> str | None:
        return self._background_alias.get(_fold(name)) if isinstance(name, str) else None

    def label(self, key: str) -> str:
        return self.char.get(key, {}).get("label", key.title())

    def is_basic(self, power: dict, background: str | None) -> bool:
        return bool(background) and background in power.get("basic_for", [])

    def basic_powers(self, background: str | None) -> list[str]:
        return [p["name"] for p in self.pack["powers"] if self.is_basic(p, background)]

    def activation(self, power: dict, role: str, basic: bool) -> int:
        fig = self.figures[role]
        return power["activation"] + (fig["basic_penalty"] if basic else fig["other_penalty"])

    def shotgun_allowed(self, soldier_type: dict) -> bool:
        return any(self.items.get(g, {}).get("swap_for") for g in soldier_type["gear"])


@lru_cache(maxsize=16)
def _tables_for(pack_obj) -> Tables:
    return Tables(pack_obj.data)


def tables(pack) -> Tables:
    """Tables for a rules_pack.Pack (cached per pack object), or for raw pack data."""
    if isinstance(pack, dict):
        return Tables(pack)
    return _tables_for(pack)
