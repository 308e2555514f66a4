"""Named operations on a Stargrave crew: the edits the pages apply (pages build no edits themselves)."""

from .officers import (add_item, add_power, remove_item, remove_power, set_background, set_lowered,
                       toggle_choice, toggle_power)

__all__ = ["add_item", "add_power", "remove_item", "remove_power", "set_background", "set_lowered",
           "toggle_choice", "toggle_power"]
