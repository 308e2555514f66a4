"""The Knight Hawks ship editor: one page (type, hull, counters for weapons and defenses, derived values)."""

from __future__ import annotations

from model import pointer as jp
from model.rules_pack import builtin_pack
from model.systems.knighthawks import tables

from .ship import ShipPage

_PARTS = {"name": "Ship name", "type": "Type", "hull_points": "Hull points", "configuration": "Configuration",
          "weapons": "Weapons", "defenses": "Defenses", "side": "Side", "notes": "Notes", "rules": "Rules pack"}


def build(session, binder):
    return [ShipPage(session, binder)]


def describe(pointer: str, data: dict) -> str:
    """'Weapons › Torpedo (T)' for /weapons/T: where an issue is, in words."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return "Ship"
    out = [_PARTS.get(tokens[0], tokens[0].replace("_", " ").capitalize())]
    if len(tokens) > 1 and tokens[0] in ("weapons", "defenses"):
        entry = tables(builtin_pack("knighthawks")).entries[tokens[0]].get(tokens[1])
        out.append(f"{entry['name']} ({tokens[1]})" if entry else f'"{tokens[1]}"')
    return " › ".join(out)
