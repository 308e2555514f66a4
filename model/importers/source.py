"""What a reader found in another builder's file, before it is mapped to Starwright: names as written,
numbers as stored, and where each came from (for the report)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SourcePower:
    name: str
    activation: int | None = None   # as the source stores it (Labernator: final; BattleScribe: before reductions)
    where: str = ""


@dataclass
class SourceOfficer:
    role: str                        # "captain" | "first_mate"
    where: str                       # "Captain", "First Mate"
    name: str = ""
    background: str = ""
    stats: dict[str, int] | None = None        # move fight shoot armour will health, as stored
    stats_include_gear: bool = False           # BattleScribe profiles include armour; Labernator's do not
    picks: list[str] | None = None             # the "+1" picks when the source names them (BattleScribe)
    powers: list[SourcePower] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    level: int | None = None
    current_health: int | None = None
    miss_next_game: bool = False


@dataclass
class SourceSoldier:
    type: str
    where: str
    name: str = ""
    robot: bool = False
    stats: dict[str, int] | None = None
    stats_include_gear: bool = True
    cost: int | None = None
    gear: list[str] | None = None
    current_health: int | None = None


@dataclass
class SourceCampaign:
    experience: int | None = None              # unspent XP as the source shows it
    experience_records: list[int] = field(default_factory=list)   # running totals
    credit_records: list[dict] = field(default_factory=list)
    cargo: list[dict] = field(default_factory=list)
    ship_upgrades: list[str] = field(default_factory=list)

    @property
    def present(self) -> bool:
        return bool(self.experience or any(self.experience_records) or self.cargo or self.ship_upgrades)


@dataclass
class SourceCrew:
    format: str                      # "labernator" | "battlescribe"
    shape: str                       # for the report: "Labernator (current, 10 keys)", "BattleScribe .rosz", ...
    name: str = ""
    captain: SourceOfficer | None = None
    first_mate: SourceOfficer | None = None
    soldiers: list[SourceSoldier] = field(default_factory=list)
    credits: int | None = None       # credits left as the source shows them
    credits_note: str = ""           # how the source's credits were found
    roster_cost: int | None = None   # BattleScribe: the roster's Cr total
    cost_limit: int | None = None    # BattleScribe: the roster's Cr limit, if it sets one
    campaign: SourceCampaign = field(default_factory=SourceCampaign)
    no_place: list[tuple[str, str]] = field(default_factory=list)   # (where, what): content with no target
    notes: list[str] = field(default_factory=list)                  # lines kept in the crew's notes
