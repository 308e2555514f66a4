"""The Starchasers character editor: the Character page (who, classes, attributes, the Force, motivators)
and the Skills page (skills with their pools, skills the player adds, equipment). Widgets hold no rules:
they bind to JSON Pointers and show what the model says.
"""

from __future__ import annotations

from model import pointer as jp

from .character_page import CharacterPage
from .character_skills import SkillsPage

_PARTS = {"attributes": "Attributes", "skills": "Skills", "bonuses": "Bonus dice",
          "skill_attributes": "Governing attribute", "equipment": "Equipment", "motivators": "Motivators",
          "classes": "Classes", "force_rating": "Force Rating", "hit_points": "Hit Points", "droid": "Droid",
          "required_for": "Required for", "rules": "Rules pack"}


def build(session, binder):
    return [CharacterPage(session, binder), SkillsPage(session, binder)]


def describe(pointer: str, data: dict) -> str:
    """'Motivators › #4 Flies under the bridge › Source' for /motivators/3/source: where an issue is, in words."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return "Character"
    out = []
    for i, tok in enumerate(tokens):
        if tok.isdigit() and i > 0:
            item = jp.get(data, jp.join(*tokens[: i + 1]))
            label = ""
            if isinstance(item, dict):
                label = item.get("name") or item.get("text") or ""
            out.append(f"#{int(tok) + 1} {label}".strip())
        elif i == 1 and tokens[0] == "attributes":
            out.append(tok.capitalize())
        elif i == 1 and tokens[0] in ("skills", "bonuses", "skill_attributes"):
            out.append(tok)
        else:
            out.append(_PARTS.get(tok, tok.replace("_", " ").capitalize()))
    return " › ".join(out)
