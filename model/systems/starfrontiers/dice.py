"""Dice a player can trust: a seeded d100 that returns the roll and its ability-table result.

Pure functions of a seed (or a random.Random the caller owns): the same seed gives the same rolls on
every machine, so a test, a bug report or a suspicious player can repeat them. The GUI turns a result
into one undoable edit with `actions.roll_edit` / `actions.roll_all_edit`.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from .tables import PAIRS, Tables, tables


@dataclass(frozen=True)
class Roll:
    pair: str      # "str_sta"
    d100: int      # 1-100 as rolled
    score: int     # the ability score table's base score for that roll


def new_seed() -> int:
    """A fresh seed for a session's generator (recorded by the caller if it wants to replay)."""
    return int.from_bytes(os.urandom(4), "big")  # not `secrets`: it loads OpenSSL for hmac


def generator(seed: int | None = None) -> random.Random:
    return random.Random(new_seed() if seed is None else seed)


def d100(rng: random.Random) -> int:
    return rng.randint(1, 100)


def roll_pair(pack, pair: str, rng: random.Random) -> Roll:
    """Roll d100 for one pair and look the result up on the pack's ability score table."""
    t: Tables = tables(pack)
    if pair not in t.pairs:
        raise KeyError(f"unknown ability pair {pair!r}")
    n = d100(rng)
    score = t.table_score(n)
    if score is None:  # a house pack whose table leaves a gap: a broken pack, refused on load
        raise ValueError(f"the ability score table has no row for a roll of {n}")
    return Roll(pair, n, score)


def roll_all(pack, rng: random.Random) -> dict[str, Roll]:
    """Roll all four pairs in the rulebook's order (STR/STA, DEX/RS, INT/LOG, PER/LDR)."""
    return {pair: roll_pair(pack, pair, rng) for pair in PAIRS}
