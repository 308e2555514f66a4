"""The Starchasers starship editor: the Ship page (preset, attributes, crew dice, derived values) and the
Weapons page (hard-point meter with each entry's share, weapons and equipment tables edited in place,
the player's catalogue). Widgets hold no rules: they bind to JSON Pointers and show what the model says.
"""

from __future__ import annotations

from model import pointer as jp

from .ship_page import ShipPage
from .weapons_page import WeaponsPage

_PARTS = {"weapons": "Weapons", "equipment": "Equipment", "pilot": "Pilot", "gunner": "Gunner",
          "hard_points": "Hard points", "added_hard_points": "Added hard points", "arc": "Firing arc",
          "damage_type": "Damage type", "skill": "Weapon skill", "rules": "Rules pack"}


def build(session, binder):
    return [ShipPage(session, binder), WeaponsPage(session, binder)]


def describe(pointer: str, data: dict) -> str:
    """'Weapons › Twin Laser › Hard points' for /weapons/0/hard_points: where an issue is, in words."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return "Ship"
    out = []
    for i, tok in enumerate(tokens):
        if tok.isdigit():
            item = jp.get(data, jp.join(*tokens[: i + 1]))
            out.append((item.get("name") if isinstance(item, dict) else "") or f"#{int(tok) + 1}")
        else:
            out.append(_PARTS.get(tok, tok.replace("_", " ").capitalize()))
    return " › ".join(out)
