"""Dice for the campaign: a seeded d20 for survival, loot and variable credits, returning the edit that
records the roll in its game, exactly as a typed real-dice roll is recorded. Rolling changes nothing
except through that edit (one undo step).

Pure functions of a random.Random the caller owns: the same seed gives the same rolls on every
machine, so a test, a bug report or a suspicious player can repeat them (as Star Frontiers' dice do).
"""

from __future__ import annotations

import os
import random

from .... import edits
from ..tables import tables
from .replay import games_of
from .rules import campaign_rules


def new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")  # not `secrets`: it loads OpenSSL for hmac


def generator(seed: int | None = None) -> random.Random:
    return random.Random(new_seed() if seed is None else seed)


def roll(rng: random.Random, die: int) -> int:
    return rng.randint(1, die)


def _game(data: dict, g: int) -> dict:
    games = games_of(data)
    if not 0 <= g < len(games) or not isinstance(games[g], dict):
        raise IndexError(f"there is no game record {g + 1} to roll for")
    return games[g]


def roll_survival_edit(data: dict, g: int, who: str, pack, rng: random.Random) -> edits.Edit:
    """Roll a soldier's survival d20 (SG-CAMP-04) and record it in game g: sets the roll of `who`'s survival
    entry, or appends one."""
    die = campaign_rules(tables(pack)).survival["die"]
    n = roll(rng, die)
    survival = _game(data, g).get("survival")
    ptr = f"/campaign/games/{g}/survival"
    if not isinstance(survival, list):
        return edits.Set(ptr, [{"who": who, "roll": n}])
    for i, rec in enumerate(survival):
        if isinstance(rec, dict) and rec.get("who") == who:
            return edits.Set(f"{ptr}/{i}/roll", n)
    return edits.Insert(f"{ptr}/-", {"who": who, "roll": n})


def roll_loot_edit(data: dict, g: int, i: int, pack, rng: random.Random) -> edits.Edit:
    """Roll the d20 for loot marker i of game g on its table (SG-LOOT-01)."""
    _game(data, g)
    return edits.Set(f"/campaign/games/{g}/loot/{i}/roll", roll(rng, campaign_rules(tables(pack)).loot["die"]))


def roll_credits_edit(data: dict, g: int, i: int, pack, rng: random.Random) -> edits.Edit:
    """Roll the d20 of a 1d20×10/×15/×20 Cr result (SG-LOOT-02) for loot marker i of game g."""
    _game(data, g)
    return edits.Set(f"/campaign/games/{g}/loot/{i}/credits_roll",
                     roll(rng, campaign_rules(tables(pack)).loot["credits_die"]))
