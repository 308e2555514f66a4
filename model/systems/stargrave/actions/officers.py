"""The edits of the Captain and First Mate pages, by name: each returns one edit record (or None when the
document already is so); the page applies it through the session (its undo stack)."""

from __future__ import annotations

from .... import edits
from .... import pointer as jp


def _powers(data: dict, role: str) -> list:
    return jp.get(data, f"/{role}/powers", None) or []


def add_power(role: str, name: str) -> edits.Insert:
    return edits.Insert(f"/{role}/powers/-", {"name": name})


def remove_power(data: dict, role: str, index: int) -> edits.Remove | None:
    return edits.Remove(f"/{role}/powers/{index}") if 0 <= index < len(_powers(data, role)) else None


def toggle_power(data: dict, role: str, offer: dict) -> edits.Insert | edits.Remove | None:
    """Choose the offered power (offers/officers.py), or drop it when it is chosen: the same tick does both."""
    if offer.get("chosen_at") is not None:
        return remove_power(data, role, offer["chosen_at"])
    return add_power(role, offer["name"])


def set_lowered(data: dict, role: str, index: int, on: bool) -> edits.Set | edits.Remove | None:
    """Lower the chosen power by 1 at creation, or take the lowering back (the key goes: false is the default)."""
    pointer = f"/{role}/powers/{index}/reduced"
    if on:
        return None if jp.get(data, pointer, False) is True else edits.Set(pointer, True)
    return edits.Remove(pointer) if jp.exists(data, pointer) else None


def toggle_choice(data: dict, role: str, key: str, checked: bool) -> edits.Set | None:
    """Tick or untick "+1 to" a characteristic (the background says which may be ticked)."""
    current = list(jp.get(data, f"/{role}/choices", None) or [])
    if checked and key not in current:
        return edits.Set(f"/{role}/choices", current + [key])
    if not checked and key in current:
        return edits.Set(f"/{role}/choices", [c for c in current if c != key])
    return None


def set_background(data: dict, role: str, name: str) -> edits.Set | None:
    pointer = f"/{role}/background"
    return None if jp.get(data, pointer, None) == name else edits.Set(pointer, name)


def add_item(role: str, name: str) -> edits.Insert:
    return edits.Insert(f"/{role}/items/-", name)


def remove_item(data: dict, role: str, index: int) -> edits.Remove | None:
    items = jp.get(data, f"/{role}/items", None) or []
    return edits.Remove(f"/{role}/items/{index}") if 0 <= index < len(items) else None
