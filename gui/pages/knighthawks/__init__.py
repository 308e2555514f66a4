"""The Knight Hawks ship editor: one page (type, hull, counters for weapons and defenses, derived values)."""

from __future__ import annotations

from .ship import ShipPage


def build(session, binder):
    return [ShipPage(session, binder)]
