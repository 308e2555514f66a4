"""An edit's name in the player's words, for the Undo and Redo entries of the Edit menu.

    name(data, Set("/captain/name", "Jax"))          ->  "Captain › Name: Overreach → Jax"
    name(data, Insert("/soldiers/-", {...}))          ->  "Add Sniper to Soldiers"
    name(data, Batch(..., "Captain: learn Teleport")) ->  "Captain: learn Teleport"

A named operation (a `Batch` with a label, built by the systems' actions and the Play view's rules) carries its
own words, which name the figure or ship it changes. Any other edit is named from the document as it is before
the edit, with the places of model/labels.py: the place, its value before and after; what is added to or
removed from where. Names are kept as written: only the first letter is raised, nothing is lowered.
"""

from __future__ import annotations

import re
from typing import Any

from . import edits
from . import pointer as jp
from .kinds import by_format
from .labels import describe_pointer, labels_for

_NAMES = ("name", "title", "type", "item", "text", "what")
_LONGEST = 40
_ABSENT = object()


def first_upper(text: str) -> str:
    """`text` with its first letter raised and the rest as written ("record game “Game 1”" -> "Record game “Game 1”")."""
    return text[:1].upper() + text[1:]


def name(data: Any, edit: edits.Edit, pack: Any = None) -> str:
    """What `edit` does, in words, read from `data` as it is before the edit is applied. A document that is one
    figure or ship (its labels' `whose`) puts that one's name first ("Z'Gata: Weapons › …"), unless the words
    already say it or the edit changes the name itself."""
    if isinstance(edit, edits.Batch):
        if not edit.label:
            return name(data, edit.edits[0], pack) if edit.edits else "Change"
        who = _who(data)
        said = who and re.search(rf"(?<!\w){re.escape(who)}(?!\w)", edit.label)
        return first_upper(f"{who}: {edit.label}" if who and not said else edit.label)
    return first_upper(_whose(data, edit.pointer) + _name(data, edit, pack))


def typed(data: Any, pointer: str, before: Any, after: Any, pack: Any = None) -> str:
    """A run of typing in one field, as one entry: the value from before the run to the value now."""
    return first_upper(_whose(data, pointer) + change(data, pointer, before, after, pack))


def _who(data: Any) -> str:
    """The name of the one figure or ship the document is ("" for a crew, or when it has no name yet)."""
    at = _whose_pointer(data)
    who = jp.get(data, at, None) if at else None
    return " ".join(who.split()) if isinstance(who, str) else ""


def _whose_pointer(data: Any) -> str:
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    return str(labels_for(kind.kind).get("whose") or "") if kind is not None else ""


def _whose(data: Any, pointer: str) -> str:
    """"<name>: " before the words of an edit at `pointer` (nothing when it changes the name itself)."""
    at, who = _whose_pointer(data), _who(data)
    return f"{who}: " if who and not jp.is_within(at, pointer) else ""


def _name(data: Any, edit: edits.Edit, pack: Any) -> str:
    if isinstance(edit, edits.Batch):       # a Batch is named by `name`
        return _name(data, edit.edits[0], pack) if edit.edits else "change"
    if isinstance(edit, edits.Set):
        return change(data, edit.pointer, jp.get(data, edit.pointer, None), edit.value, pack)
    if isinstance(edit, edits.Insert):
        where, _ = jp.parent(edit.pointer)
        return f"add {thing(edit.value, 'an entry')} to {_place(data, where, pack)}"
    if isinstance(edit, edits.Remove):
        old = jp.get(data, edit.pointer, None) if edit.pointer else None
        where, key = jp.parent(edit.pointer) if edit.pointer else ("", "")
        if not isinstance(jp.get(data, where, None), list) and not isinstance(old, (dict, list)):
            return change(data, edit.pointer, old, None, pack)   # an optional value cleared
        return f"remove {thing(old, _place(data, edit.pointer, pack, last=True))} from {_place(data, where, pack)}"
    if isinstance(edit, edits.Move):
        where, _ = jp.parent(edit.pointer)
        old = jp.get(data, edit.pointer, None)
        return f"move {thing(old, _place(data, edit.pointer, pack, last=True))} to place {edit.to_index + 1} " \
               f"in {_place(data, where, pack)}"
    return f"change {_place(data, edit.pointer, pack)}"


def change(data: Any, pointer: str, old: Any, new: Any, pack: Any = None) -> str:
    """A value set: "<place>: <old> → <new>"; a whole part replaced: "change <place>"."""
    if old is None and isinstance(new, dict) or new is None and isinstance(old, dict):
        old, new = old or {}, new or {}     # a part made or taken away whole: named by what it holds
    if isinstance(old, dict) and isinstance(new, dict):
        differ = [k for k in {**old, **new} if old.get(k, _ABSENT) != new.get(k, _ABSENT)]
        if len(differ) == 1:        # one member changed: name it ("Gunner › Proficient: …")
            return change(data, jp.child(pointer, differ[0]), old.get(differ[0]), new.get(differ[0]), pack)
    if isinstance(old, bool) and new is None or isinstance(new, bool) and old is None:
        old, new = bool(old), bool(new)     # a tick whose "off" is its absence
    place = _place(data, pointer, pack)
    if isinstance(old, dict) or isinstance(new, dict):
        return f"change {place}"
    return f"{place}: {value_words(old)} → {value_words(new)}"


def value_words(value: Any) -> str:
    """A value as the player reads it: a tick on or off, a number, a text (shortened when long), a list."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        text = " ".join(value.split())
        if not text:
            return "empty"
        return f"“{text}”" if len(text) <= _LONGEST else f"“{text[:_LONGEST - 1]}…”"
    if isinstance(value, list):
        if not value:
            return "none"
        return ", ".join(thing(v, "an entry") for v in value[:4]) + (f" and {len(value) - 4} more" if len(value) > 4 else "")
    return str(value)


def thing(value: Any, otherwise: str) -> str:
    """What an entry is called: its text, or the first name-like member of an object; else `otherwise`."""
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    if isinstance(value, dict):
        for key in _NAMES:
            v = value.get(key)
            if isinstance(v, str) and v.strip():
                return " ".join(v.split())
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return otherwise


def _place(data: Any, pointer: str, pack: Any, last: bool = False) -> str:
    """The place in words; `last`: only its last part ("Soldier 2 (Kess)")."""
    words = describe_pointer(data, pointer, pack)
    return words.rsplit(" › ", 1)[-1] if last else words
