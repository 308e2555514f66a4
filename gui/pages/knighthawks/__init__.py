"""The Knight Hawks ship editor: one page (type, hull, counters for weapons and defenses, derived values)."""

from __future__ import annotations

from ..spec import PageSpec
from .ship import ShipPage


def specs(session) -> list[PageSpec]:
    return [PageSpec.of(ShipPage)]
