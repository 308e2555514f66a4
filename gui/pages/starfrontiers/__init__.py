"""The Star Frontiers character editor: Character, Abilities and Equipment pages."""

from __future__ import annotations

from .abilities import AbilitiesPage
from .character import CharacterPage
from .equipment import EquipmentPage


def build(session, binder):
    return [CharacterPage(session, binder), AbilitiesPage(session, binder), EquipmentPage(session, binder)]
