"""The walk-through's steps, in the rulebook's order (SG-CAMP-01): before the game, out of action, survival,
experience, levels, loot, after the game."""

from __future__ import annotations

from .after import AfterStep
from .game import GameStep, OutStep
from .levels import LevelsStep
from .loot import LootStep
from .survival import SurvivalStep
from .xp import XpStep

STEPS = [GameStep, OutStep, SurvivalStep, XpStep, LevelsStep, LootStep, AfterStep]


def default_dice():
    """The model's seeded roller, seeded from the system's randomness (a test passes its own seed)."""
    from model.systems.stargrave.campaign import dice
    return dice.generator()


def summary(dialog) -> str:
    from .common import game_summary
    return game_summary(dialog.draft)
