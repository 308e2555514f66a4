"""The Star Frontiers character editor: Character, Abilities, Equipment and Vehicles pages."""

from __future__ import annotations

from .abilities import AbilitiesPage
from .character import CharacterPage
from .equipment import EquipmentPage
from .vehicles import VehiclesPage


def build(session, binder):
    return [CharacterPage(session, binder), AbilitiesPage(session, binder), EquipmentPage(session, binder),
            VehiclesPage(session, binder)]
