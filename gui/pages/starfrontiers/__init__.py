"""The Star Frontiers character editor: Character, Abilities and Equipment pages."""

from __future__ import annotations

from model import pointer as jp
from model.systems.starfrontiers import actions

from .abilities import AbilitiesPage
from .character import CharacterPage
from .equipment import EquipmentPage

_PARTS = {"name": "Name", "race": "Race", "psa": "PSA", "adventures": "Adventures", "human_bonus": "Human +5",
          "base": "Base score", "rolls": "Roll", "shifts": "Exchange", "equipment": "Equipment",
          "credits": "Starting credits", "notes": "Notes", "price": "Price", "count": "Count", "rules": "Rules pack",
          "str_sta": "STR/STA", "dex_rs": "DEX/RS", "int_log": "INT/LOG", "per_ldr": "PER/LDR"}


def build(session, binder):
    return [CharacterPage(session, binder), AbilitiesPage(session, binder), EquipmentPage(session, binder)]


def fill_the_rest(session):
    """Quick start: roll every pair that has no base score yet (one undo step)."""
    return actions.fill_the_rest_edit(session.data, session.pack)


def describe(pointer: str, data: dict) -> str:
    """'Equipment › Laser Pistol › Price' for /equipment/0/price: where an issue is, in words."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return "Character"
    out = []
    for i, tok in enumerate(tokens):
        if tok.isdigit():
            item = jp.get(data, jp.join(*tokens[: i + 1]))
            out.append(item.get("name") if isinstance(item, dict) and item.get("name") else f"#{int(tok) + 1}")
        else:
            out.append(_PARTS.get(tok, tok.replace("_", " ").capitalize()))
    return " › ".join(out)
