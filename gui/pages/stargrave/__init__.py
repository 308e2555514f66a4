"""The Stargrave crew editor: Crew, Captain, First Mate and Soldiers pages."""

from __future__ import annotations

from model import pointer as jp
from model.systems.stargrave import quickstart

from .crew import CrewPage
from .officer import OfficerPage
from .soldiers import SoldiersPage

_PARTS = {"captain": "Captain", "first_mate": "First Mate", "soldiers": "Soldiers", "name": "Crew name",
          "notes": "Notes", "powers": "Powers", "items": "Equipment", "choices": "+1 choices",
          "background": "Background", "species": "Species", "reduced": "lowered by 1", "robot": "Robot",
          "shotgun": "Shotgun", "item": "Item slot", "type": "Type", "rules": "Rules pack", "campaign": "Campaign",
          "games": "Games", "out_of_action": "Out of action", "xp": "XP", "after": "After the game"}


def build(session, binder):
    return [CrewPage(session, binder), OfficerPage(session, binder, "captain"),
            OfficerPage(session, binder, "first_mate"), SoldiersPage(session, binder)]


def fill_the_rest(session):
    return quickstart.fill_the_rest(session.data, session.pack)


def describe(pointer: str, data: dict) -> str:
    """'Captain › Powers › Healing' for /captain/powers/4/name: where an issue is, in words."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return "Crew"
    out = []
    for i, tok in enumerate(tokens):
        if tok.isdigit():
            item = jp.get(data, jp.join(*tokens[: i + 1]))
            if isinstance(item, dict):
                label = item.get("name") or item.get("type") or item.get("title") or f"#{int(tok) + 1}"
                if tokens[i - 1] == "soldiers":
                    label = f"#{int(tok) + 1} {item.get('name') or item.get('type', '')}".strip()
            elif isinstance(item, str):
                label = item or f"#{int(tok) + 1}"
            else:
                label = f"#{int(tok) + 1}"
            out.append(label)
        else:
            out.append(_PARTS.get(tok, tok.replace("_", " ").capitalize()))
    return " › ".join(out)
