"""Named operations on a Stargrave crew: each builds the edits a page applies."""

from . import games, roster
from .games import record_game
from .roster import dismiss, equip, fill_the_rest, give, hire, hire_between, move, remove, sell, take_back

__all__ = ["games", "roster", "record_game", "hire", "remove", "move", "fill_the_rest", "hire_between", "dismiss", "give", "take_back",
           "equip", "sell"]
