"""The Starchasers character editor: the Character page (who, classes, attributes, the Force, motivators)
and the Skills page (skills with their pools, skills the player adds, equipment). Widgets hold no rules:
they bind to JSON Pointers and show what the model says.
"""

from __future__ import annotations

from ..spec import PageSpec
from .character_page import CharacterPage
from .character_skills import SkillsPage


def specs(session) -> list[PageSpec]:
    return [PageSpec.of(CharacterPage), PageSpec.of(SkillsPage)]
