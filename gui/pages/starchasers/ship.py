"""The Starchasers starship editor: the Ship page (preset, attributes, crew dice, derived values) and the
Weapons page (hard-point meter with each entry's share, weapons and equipment tables edited in place,
the player's catalogue). Widgets hold no rules: they bind to JSON Pointers and show what the model says.
"""

from __future__ import annotations

from ..spec import PageSpec
from .ship_page import ShipPage
from .weapons_page import WeaponsPage


def specs(session) -> list[PageSpec]:
    return [PageSpec.of(ShipPage), PageSpec.of(WeaponsPage)]
