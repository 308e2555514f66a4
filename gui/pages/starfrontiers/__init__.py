"""The Star Frontiers character editor: Character, Abilities, Equipment and Vehicles pages."""

from __future__ import annotations

from ..spec import PageSpec
from .abilities import AbilitiesPage
from .character import CharacterPage
from .equipment import EquipmentPage
from .vehicles import VehiclesPage


def specs(session) -> list[PageSpec]:
    return [PageSpec.of(CharacterPage), PageSpec.of(AbilitiesPage), PageSpec.of(EquipmentPage), PageSpec.of(VehiclesPage)]
