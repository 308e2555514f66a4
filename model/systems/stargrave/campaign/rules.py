"""The campaign rules of the Stargrave rules pack (its `campaign` section), indexed, with the look-ups
the replay, the builder and the dice share: the upgrade a level gives, a survival outcome, a loot result.

Every number comes from the pack; a house pack without a `campaign` section uses the built-in pack's.
"""

from __future__ import annotations

from typing import Any

from ..tables import ROLES, Tables

UPGRADE_WORDS = {"reduce": "reduce an activation", "improve": "improve a characteristic", "learn": "learn a new power"}


def as_int(value: Any) -> int | None:
    """A whole number from a record, or None (true/false and text are not numbers)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class CampaignRules:
    def __init__(self, t: Tables):
        c = t.pack.get("campaign")
        if not isinstance(c, dict):
            from ....rules_pack import builtin_pack
            c = builtin_pack("stargrave").data["campaign"]
        self.t = t
        self.data = c
        self.xp: dict = c["xp"]
        self.levels: dict = c["levels"]
        self.survival: dict = c["survival"]
        self.loot: dict = c["loot"]
        # SG-PROF-03 / SG-CAMP-15: the maxima are the characteristics' `max`; no max = no limit (DECISIONS.md)
        self.maxima: dict[str, int] = {ch["key"]: ch["max"] for ch in t.characteristics if "max" in ch}
        self.floor: int = t.crew["activation_floor"]  # SG-CAMP-16
        self.start_level: dict[str, int] = {role: t.figures[role]["level"] for role in ROLES}
        self.level_cost: int = self.xp["level_cost"]
        self.xp_keys: tuple[str, ...] = tuple(a["key"] for a in self.xp["awards"]) + ("bonus",)

    # ---- levels (SG-CAMP-13, SG-CAMP-18) ----
    def upgrade_for_level(self, level: int) -> list[str]:
        """The upgrades a new level offers, by its last digit: ["reduce"], ["improve"], ["learn", "improve"]..."""
        return list(self.levels["upgrades"][str(abs(level) % 10)])

    def digits_giving(self, upgrade: str) -> str:
        """"2 and 7" for improve: the last digits whose level gives only this upgrade."""
        digits = [d for d in "1234567890" if self.levels["upgrades"][d] == [upgrade]]
        return ", ".join(digits[:-1]) + " and " + digits[-1] if len(digits) > 1 else "".join(digits)

    # ---- survival (SG-CAMP-04, SG-CAMP-07) ----
    def survival_outcome(self, roll: Any, officer: bool = False) -> dict | None:
        """The survival table's row for a roll ({"from", "to", "result", "effect"}), or None when no row has it
        (a roll off the die, or the Officer Survival Table, which ships empty)."""
        table = self.survival["officer" if officer else "soldier"]
        return _row(table, roll)

    # ---- loot (SG-LOOT-01..08) ----
    def loot_tables(self) -> dict[str, dict]:
        return self.loot["tables"]

    def loot_result(self, table: Any, roll: Any) -> dict | None:
        """The loot table's row for a roll, with `label` (e.g. "Information (75 Cr)") and `offers` (the `take`
        choices it offers, [] when it offers none); None for an unknown table or a roll off the table."""
        tab = self.loot["tables"].get(table)
        row = _row(tab["rows"], roll) if tab else None
        if row is None:
            return None
        return {**row, "label": self.describe(row), "offers": self.offers(row)}

    def offers(self, row: dict) -> list[str]:
        return {"information": ["xp", "credits"], "secret": ["keep", "credits"]}.get(row["kind"], [])

    def describe(self, row: dict) -> str:
        kind = row["kind"]
        if kind == "credits":
            return f"{row['credits']} Cr"
        if kind == "credits_roll":
            return f"1d{self.loot['credits_die']}×{row['multiplier']} Cr"
        if kind == "find":
            return self.find_label(row.get("table"))
        return f"{kind.title()} ({row['credits']} Cr)"

    def find_label(self, key: str | None) -> str:
        tab = self.loot["find_tables"].get(key) if key else None
        return tab["label"] if tab else "a find"

    def find_entry(self, key: str, roll: int) -> dict | None:
        """A filled find table's entry for a roll (the shipped tables are empty: GAP-SG-05)."""
        tab = self.loot["find_tables"].get(key)
        return _row(tab["entries"], roll) if tab else None


def _row(rows: list[dict], roll: Any) -> dict | None:
    n = as_int(roll)
    if n is None:
        return None
    for row in rows:
        if row["from"] <= n <= row["to"]:
            return row
    return None


def campaign_rules(t: Tables) -> CampaignRules:
    """One CampaignRules per Tables (built once, kept on it)."""
    rules = t.__dict__.get("_campaign_rules")
    if rules is None:
        rules = t.__dict__["_campaign_rules"] = CampaignRules(t)
    return rules
