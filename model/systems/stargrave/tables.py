"""The Stargrave rules pack, indexed for the rules: look-ups by name and by alias."""

from __future__ import annotations

from typing import Any
from ..lookup import alias_index, fold, pack_tables

KEYS = ("move", "fight", "shoot", "armour", "will", "health")
ROLES = ("captain", "first_mate")




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
        self._power_alias = alias_index(pack["powers"])
        self._item_alias = alias_index(pack["items"])
        self._background_alias = alias_index(pack["backgrounds"])
        self._memo: dict[str, dict] = {}

    def remembered(self, what: str, key: tuple, make):
        """`make()`, remembered under `key` for this pack: for answers that depend only on the pack and `key`
        (the offers of a figure with the same powers and background are asked again at every edit). The
        answer is shared between evaluations: readers never change it."""
        store = self._memo.setdefault(what, {})
        if key not in store:
            if len(store) >= 64:
                store.clear()
            store[key] = make()
        return store[key]

    def canonical_power(self, name: Any) -> str | None:
        return self._power_alias.get(fold(name)) if isinstance(name, str) else None

    def canonical_item(self, name: Any) -> str | None:
        return self._item_alias.get(fold(name)) if isinstance(name, str) else None

    def canonical_background(self, name: Any) -> str | None:
        return self._background_alias.get(fold(name)) if isinstance(name, str) else None

    def label(self, key: str) -> str:
        return self.char.get(key, {}).get("label", key.title())

    def is_basic(self, power: dict, background: str | None) -> bool:
        return bool(background) and background in power.get("basic_for", [])

    def basic_powers(self, background: str | None) -> list[str]:
        return list(self.remembered("basic_powers", (background,), lambda: [
            p["name"] for p in self.pack["powers"] if self.is_basic(p, background)]))

    def activation(self, power: dict, role: str, basic: bool) -> int:
        fig = self.figures[role]
        return power["activation"] + (fig["basic_penalty"] if basic else fig["other_penalty"])

    def shotgun_allowed(self, soldier_type: dict) -> bool:
        return any(self.items.get(g, {}).get("swap_for") for g in soldier_type["gear"])

    def swap(self) -> tuple[str, str]:
        """(the item a soldier may swap, what for): the pack's item with `swap_for` (Carbine, Shotgun)."""
        return next(((i["name"], i["swap_for"]) for i in self.pack["items"] if i.get("swap_for")), ("", ""))

    def free_melee(self) -> str:
        """The melee weapon an officer's first of costs no slot (the Knife), or ""."""
        return next((i["name"] for i in self.pack["items"] if i.get("officer_first_free") and i.get("melee")), "")



tables = pack_tables(Tables)
