"""The edits of the Captain and First Mate pages, by name: each returns one edit record (or None when the
document already is so); the page applies it through the session (its undo stack). Each is named for the
Undo menu in the player's words with the officer it changes ("Captain: learn Teleport")."""

from __future__ import annotations

from .... import edits
from .... import pointer as jp
from ....labels import labels_for


def _officer(role: str) -> str:
    """The officer's name in the crew's labels ("Captain", "First Mate")."""
    return labels_for("stargrave-crew")["parts"].get(role) or role.replace("_", " ")


def _named(edit: edits.Edit, role: str, words: str) -> edits.Batch:
    return edits.Batch((edit,), f"{_officer(role)}: {words}")


def _powers(data: dict, role: str) -> list:
    return jp.get(data, f"/{role}/powers", None) or []


def add_power(role: str, name: str) -> edits.Batch:
    return _named(edits.Insert(f"/{role}/powers/-", {"name": name}), role, f"learn {name}")


def _power_name(data: dict, role: str, index: int) -> str:
    power = _powers(data, role)[index]
    return str(power.get("name") or f"power {index + 1}") if isinstance(power, dict) else f"power {index + 1}"


def remove_power(data: dict, role: str, index: int) -> edits.Batch | None:
    if not 0 <= index < len(_powers(data, role)):
        return None
    return _named(edits.Remove(f"/{role}/powers/{index}"), role, f"forget {_power_name(data, role, index)}")


def toggle_power(data: dict, role: str, offer: dict) -> edits.Batch | None:
    """Choose the offered power (offers/officers.py), or drop it when it is chosen: the same tick does both."""
    if offer.get("chosen_at") is not None:
        return remove_power(data, role, offer["chosen_at"])
    return add_power(role, offer["name"])


def set_lowered(data: dict, role: str, index: int, on: bool) -> edits.Batch | None:
    """Lower the chosen power by 1 at creation, or take the lowering back (the key goes: false is the default)."""
    pointer = f"/{role}/powers/{index}/reduced"
    if on:
        if jp.get(data, pointer, False) is True:
            return None
        return _named(edits.Set(pointer, True), role, f"lower {_power_name(data, role, index)} by 1")
    if not jp.exists(data, pointer):
        return None
    return _named(edits.Remove(pointer), role, f"{_power_name(data, role, index)} no longer lowered")


def toggle_choice(data: dict, role: str, key: str, checked: bool) -> edits.Batch | None:
    """Tick or untick "+1 to" a characteristic (the background says which may be ticked)."""
    current = list(jp.get(data, f"/{role}/choices", None) or [])
    words = key.replace("_", " ").capitalize()
    if checked and key not in current:
        return _named(edits.Set(f"/{role}/choices", current + [key]), role, f"+1 to {words}")
    if not checked and key in current:
        return _named(edits.Set(f"/{role}/choices", [c for c in current if c != key]), role, f"no +1 to {words}")
    return None


def set_background(data: dict, role: str, name: str) -> edits.Batch | None:
    pointer = f"/{role}/background"
    old = jp.get(data, pointer, None)
    if old == name:
        return None
    words = f"background {old} → {name}" if old else f"background {name}"
    return _named(edits.Set(pointer, name), role, words)


def add_item(role: str, name: str) -> edits.Batch:
    return _named(edits.Insert(f"/{role}/items/-", name), role, f"add {name}")


def remove_item(data: dict, role: str, index: int) -> edits.Batch | None:
    items = jp.get(data, f"/{role}/items", None) or []
    if not 0 <= index < len(items):
        return None
    return _named(edits.Remove(f"/{role}/items/{index}"), role, f"remove {items[index]}")
