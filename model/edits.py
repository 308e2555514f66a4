"""Edit records: immutable descriptions of one change to a document's data.

`apply(data, edit)` changes the data in place and returns the edit that undoes it, so the undo stack
stores plain data and never a copy of the document.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from . import pointer as jp

_ABSENT = object()


@dataclass(frozen=True)
class Set:
    """Replace (or create) the value at `pointer`. On a list, the index must exist."""
    pointer: str
    value: Any


@dataclass(frozen=True)
class Insert:
    """Insert `value` into a list before index (the last token; '-' appends)."""
    pointer: str
    value: Any


@dataclass(frozen=True)
class Remove:
    """Remove the object member or list item at `pointer`."""
    pointer: str


@dataclass(frozen=True)
class Move:
    """Move a list item to another index of the same list."""
    pointer: str
    to_index: int


@dataclass(frozen=True)
class Batch:
    """Several edits applied in order, undone in reverse: one undo step."""
    edits: tuple[Edit, ...]
    label: str = ""


@dataclass(frozen=True)
class _Restore:
    """Inverse of removing an object member: put it back where it was, keeping key order."""
    pointer: str
    value: Any
    position: int


Edit = Set | Insert | Remove | Move | Batch | _Restore


def _put_at(obj: dict, key: str, value: Any, position: int) -> None:
    items = list(obj.items())
    items.insert(min(position, len(items)), (key, value))
    obj.clear()
    obj.update(items)


def apply(data: Any, edit: Edit) -> Edit:
    """Apply `edit` to `data` in place; return the inverse edit."""
    if isinstance(edit, Batch):
        inverses = []
        try:
            for e in edit.edits:
                inverses.append(apply(data, e))
        except Exception:
            for inv in reversed(inverses):
                apply(data, inv)
            raise
        return Batch(tuple(reversed(inverses)), edit.label)
    if isinstance(edit, Set):
        if edit.pointer == "":
            raise jp.PointerError("cannot replace the whole document with an edit")
        container, key = jp.container_and_key(data, edit.pointer)
        value = copy.deepcopy(edit.value)
        if isinstance(container, dict) and key not in container:
            container[key] = value
            return Remove(edit.pointer)
        old = container[key]
        container[key] = value
        return Set(edit.pointer, old)
    if isinstance(edit, _Restore):
        container, key = jp.container_and_key(data, edit.pointer)
        if not isinstance(container, dict) or not isinstance(key, str):
            raise jp.PointerError(f"{edit.pointer}: restore needs an object member")
        _put_at(container, key, copy.deepcopy(edit.value), edit.position)
        return Remove(edit.pointer)
    if isinstance(edit, Insert):
        container, key = jp.container_and_key(data, edit.pointer, allow_end=True)
        if not isinstance(container, list) or not isinstance(key, int):   # a list's key is its index
            raise jp.PointerError(f"{edit.pointer}: insert needs a list")
        container.insert(key, copy.deepcopy(edit.value))
        return Remove(jp.child(jp.parent(edit.pointer)[0], key))
    if isinstance(edit, Remove):
        container, key = jp.container_and_key(data, edit.pointer)
        if isinstance(key, int):   # an index: the container is a list
            old = container.pop(key)
            return Insert(edit.pointer, old)
        position = list(container).index(key)
        old = container.pop(key)
        return _Restore(edit.pointer, old, position)
    if isinstance(edit, Move):
        container, key = jp.container_and_key(data, edit.pointer)
        if not isinstance(container, list) or not isinstance(key, int):
            raise jp.PointerError(f"{edit.pointer}: move needs a list item")
        if not 0 <= edit.to_index < len(container):
            raise jp.PointerError(f"{edit.pointer}: cannot move to index {edit.to_index}")
        container.insert(edit.to_index, container.pop(key))
        return Move(jp.child(jp.parent(edit.pointer)[0], edit.to_index), key)
    raise TypeError(f"not an edit: {edit!r}")


def touched(edit: Edit) -> list[str]:
    """The pointers an edit writes to (for change notifications)."""
    if isinstance(edit, Batch):
        return [p for e in edit.edits for p in touched(e)]
    if isinstance(edit, (Insert, Remove, Move)):
        # A list changed shape: everything in the list may have moved.
        ptr, _ = jp.parent(edit.pointer)
        return [ptr]
    return [edit.pointer]


def describe(edit: Edit) -> str:
    """A short label for menus ("Undo set name")."""
    if isinstance(edit, Batch) and edit.label:
        return edit.label
    if isinstance(edit, Batch):
        return describe(edit.edits[0]) if edit.edits else "change"
    leaf = jp.split(edit.pointer)[-1] if edit.pointer else "document"
    verb = {Set: "change", Insert: "add", Remove: "remove", Move: "move", _Restore: "restore"}[type(edit)]
    return f"{verb} {leaf.replace('_', ' ')}"
