"""Starchasers characters (document kind `starchasers-character`): RULES.md 2.1-2.2 with DECISIONS.md applied."""

from __future__ import annotations

from ....issues import Issue
from . import offers as _offers  # Skills, classes, motivators and equipment the character can add or choose (character/offers.py).
from . import check as _check
from . import derive as _derive
from .. import pack_problems
from ..tables import Tables, tables
from ....system_contract import GameSystem

__all__ = ["new", "derive", "check", "pack_problems", "tables", "Tables"]

FORMAT = "starwright/starchasers-character"


def new(pack) -> dict:
    """A new, valid starter character: attributes not chosen yet (null), no skills, no Force (the issues say what to pick)."""
    t = tables(pack)
    return {
        "format": FORMAT, "version": 2, "name": "New Character", "species": "", "droid": False,
        "classes": [],
        "attributes": dict.fromkeys(t.char_attributes),
        "force_rating": 0, "dark_side": 0,
        "skills": {}, "bonuses": {}, "motivators": [], "hit_points": None, "equipment": [], "notes": "",
    }


def derive(data: dict, pack) -> dict:
    return _derive.derive(data, tables(pack))


def check(data: dict, derived: dict, pack) -> list[Issue]:
    return _check.check(data, derived, tables(pack))


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems, offers=_offers.offers)
