"""Named operations on a Stargrave crew: the edits the pages apply (pages build no edits themselves)."""

from . import games, officers, roster
from .games import record_game
from .officers import (add_item, add_power, remove_item, remove_power, set_background, set_lowered,
                       toggle_choice, toggle_power)
from .roster import (armour_trade, dismiss, equip, fill_the_rest, give, hire, hire_between, move, remove, sell,
                     set_trade, take_back)

__all__ = ["games", "officers", "roster", "record_game", "hire", "remove", "move", "fill_the_rest", "hire_between",
           "dismiss", "give", "take_back", "equip", "sell", "armour_trade", "set_trade", "add_item", "add_power", "remove_item", "remove_power",
           "set_background", "set_lowered", "toggle_choice", "toggle_power"]
