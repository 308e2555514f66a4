"""The Starchasers rules pack, indexed for the rules: look-ups by key and by name (ships and characters)."""

from __future__ import annotations

from typing import Any
from ..lookup import fold, pack_tables


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class Tables:
    def __init__(self, pack: dict):
        self.pack = pack
        ship = pack["ship"]
        self.ship = ship
        self.roles: dict[str, dict] = {r["key"]: r for r in ship["roles"]}
        self.attributes: dict[str, dict] = {a["key"]: a for a in ship["attributes"]}
        self.optional: dict[str, dict] = {a["key"]: a for a in ship["optional_attributes"]}
        self.sizes: dict[int, dict] = {s["size"]: s for s in pack["sizes"]}
        self.ship_types: list[dict] = pack["ship_types"]
        self._types = {fold(t["name"]): t for t in self.ship_types}
        self.bands: list[dict] = pack["range_bands"]
        self.band_names: list[str] = [b["name"] for b in self.bands]
        self._bands = {fold(b["name"]): b for b in self.bands}
        self.weapon_ranges: dict[int, dict] = {r["value"]: r for r in pack["weapon_ranges"]}
        self._range_names: dict[str, int] = {}
        for r in pack["weapon_ranges"]:
            for n in [r["label"], *r["names"]]:
                self._range_names.setdefault(fold(n), r["value"])
        self.arcs: list[str] = pack["firing_arcs"]
        self._arcs = {fold(a): a for a in self.arcs}
        self.damage_types: list[str] = [d["name"] for d in pack["damage_types"]]
        self._damage_types = {fold(d): d for d in self.damage_types}
        self.weapon_skills: dict[str, dict] = {w["name"]: w for w in pack["weapon_skills"]}
        self._weapon_skills = {fold(n): n for n in self.weapon_skills}
        self.exotic = pack["exotic_weapon_skill"]
        self.rarities: list[str] = pack["rarities"]
        self.qualities: list[str] = [q["name"] for q in pack["weapon_qualities"]]
        # what a weapon's field may be, as offered in a choice list (SC-SWPN-02/03/04, rarity); a skill may
        # also be a named exotic type, so a list is a suggestion, never a limit on what can be typed
        self.weapon_field_choices: dict[str, list[str]] = {
            "skill": list(self.weapon_skills), "arc": list(self.arcs), "damage_type": list(self.damage_types),
            "rarity": list(self.rarities)}
        self.system_damage: list[dict] = pack["system_damage"]
        ch = pack["character"]
        self.char = ch
        self.char_attributes: dict[str, dict] = {a["key"]: a for a in ch["attributes"]}
        self.attribute_names: dict[int, str] = {lv["level"]: lv["name"] for lv in ch["attribute_levels"]}
        self.skill_names: dict[int, str] = {lv["level"]: lv["name"] for lv in ch["skill_levels"]}
        self.skills: dict[str, dict] = {s["name"]: s for s in ch["skills"]}
        self._skills = {fold(n): n for n in self.skills}

    # ships -----------------------------------------------------------------------------------
    def ship_type(self, name: Any) -> dict | None:
        return self._types.get(fold(name))

    def band(self, name: Any) -> dict | None:
        return self._bands.get(fold(name))

    def canonical_arc(self, name: Any) -> str | None:
        return self._arcs.get(fold(name))

    def canonical_damage_type(self, name: Any) -> str | None:
        return self._damage_types.get(fold(name))

    def canonical_weapon_skill(self, name: Any) -> str | None:
        return self._weapon_skills.get(fold(name))

    def weapon_rule(self, skill: Any) -> dict:
        """How a weapon skill builds its attack pool (SC-SWPN-08); an exotic type uses the generic formula."""
        name = self.canonical_weapon_skill(skill)
        return self.weapon_skills[name] if name else self.exotic

    def weapon_range(self, raw: Any) -> int | None:
        """SC-SWPN-06: a weapon range as the range table knows it (1-3, 4 = Long), from a number or a band name."""
        if isinstance(raw, bool):
            return None
        if isinstance(raw, int):
            return raw if raw in self.weapon_ranges else None
        if isinstance(raw, str):
            s = raw.strip()
            if s.isdigit():
                return self.weapon_range(int(s))
            return self._range_names.get(fold(s))
        return None

    def range_label(self, value: int | None) -> str | None:
        return self.weapon_ranges[value]["label"] if value in self.weapon_ranges else None

    def range_choices(self) -> list[str]:
        return [f"{v} ({r['label']})" for v, r in sorted(self.weapon_ranges.items())]

    def structure_for(self, role: Any) -> int | None:
        r = self.roles.get(role) if isinstance(role, str) else None
        return r["structure_points"] if r else None

    # characters ------------------------------------------------------------------------------
    def canonical_skill(self, name: Any) -> str | None:
        return self._skills.get(fold(name))

    def attribute_label(self, key: str) -> str:
        return self.char_attributes.get(key, {}).get("label", str(key).title())



tables = pack_tables(Tables)
