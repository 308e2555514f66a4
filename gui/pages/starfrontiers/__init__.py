"""The Star Frontiers character editor: Character, Abilities and Equipment pages."""

from __future__ import annotations

from ..spec import PageSpec
from .abilities import AbilitiesPage
from .character import CharacterPage
from .equipment import EquipmentPage


def specs(session) -> list[PageSpec]:
    return [PageSpec.of(CharacterPage), PageSpec.of(AbilitiesPage), PageSpec.of(EquipmentPage)]
