"""A change made between games becomes part of the latest game's record (DESIGN.md, crew file version 2, step 6
"After"): hire, dismiss, give a find to a soldier or take it back, sell a find, re-equip an officer.

Each function returns the one edit (one undo step) that appends the action to the latest game's `after` list,
or None when the crew has no game to add it to. Whether the action is legal is not decided here: the replay
checks the record like any other (SG-CAMP-19, SG-CREW-05/06, SG-SOLD-05, SG-LOOT-07...).
"""

from __future__ import annotations

from ... import edits
from .campaign.replay import games_of
from .record_choices import GAMES, after_words, new_hire, officer_items

__all__ = ["latest", "add", "hire", "dismiss", "give", "take_back", "sell", "equip", "equipment", "armour_trade"]


def latest(data: dict) -> int | None:
    """The index of the game a between-games change joins (the last recorded one), None before any game or when
    that record is not a game record (the file's error is reported; nothing is added to it)."""
    games = games_of(data)
    if not games or not isinstance(games[-1], dict):
        return None
    return len(games) - 1


def add(data: dict, entry: dict, label: str | None = None) -> edits.Edit | None:
    """The edit that appends `entry` to the latest game's `after` list (creating the list when missing)."""
    i = latest(data)
    if i is None:
        return None
    after = games_of(data)[i].get("after")
    change = (edits.Insert(f"{GAMES}/{i}/after/-", entry) if isinstance(after, list)
              else edits.Set(f"{GAMES}/{i}/after", [entry]))
    return edits.Batch((change,), label or f"{after_words(entry)} after game {i + 1}")


def hire(data: dict, type_name: str, pack, name: str = "") -> edits.Edit | None:
    i = latest(data)
    if i is None:
        return None
    return add(data, {"hire": new_hire(data, i, games_of(data)[i], type_name, name, pack)})


def dismiss(data: dict, soldier_id: str) -> edits.Edit | None:
    return add(data, {"dismiss": soldier_id})


def give(data: dict, soldier_id: str, item: str) -> edits.Edit | None:
    return add(data, {"give": soldier_id, "item": item})


def armour_trade(data: dict, soldier_id: str, on: bool) -> edits.Edit | None:
    """SG-SOLD-14: the soldier trades its armour's built-in pistol for a carbine (on), or takes the pistol back."""
    return add(data, {"armour_trade": soldier_id, "on": bool(on)})


def take_back(data: dict, soldier_id: str) -> edits.Edit | None:
    return add(data, {"take_back": soldier_id})


def sell(data: dict, item: str) -> edits.Edit | None:
    return add(data, {"sell": item})


def equipment(data: dict, role: str, pack, replayed=None) -> list[str]:
    """The officer's items now (after every game), what a re-equip starts from (`replayed`: the document's own
    replay, when the caller has it)."""
    i = latest(data)
    return officer_items(data, i, games_of(data)[i], role, pack, replayed) if i is not None else []


def equip(data: dict, role: str, items: list[str]) -> edits.Edit | None:
    return add(data, {"equip": role, "items": list(items)})
