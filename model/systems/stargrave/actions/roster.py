"""Named operations on the roster: each returns the edit a page applies (pages build no edits themselves).

At founding: hire a soldier type, remove or move a soldier, Fill the Rest. Between games (after a recorded game):
hire, dismiss, give a find, take it back, re-equip an officer, each one edit joining the latest game's record
(between_games.py). Whether the result is legal is not decided here: the crew's check says so afterwards, so a
player may hire past a limit and see the rule it breaks (nothing entered is refused)."""

from __future__ import annotations

from .... import edits
from .. import between_games
from ..quickstart import fill_the_rest, new_soldier, next_soldier_id

__all__ = ["hire", "remove", "move", "fill_the_rest", "hire_between", "dismiss", "give", "take_back", "equip",
           "sell", "armour_trade", "set_trade"]


def _count(data: dict) -> int:
    soldiers = data.get("soldiers")
    return len(soldiers) if isinstance(soldiers, list) else 0


def hire(data: dict, type_name: str) -> edits.Edit:
    """A new soldier of `type_name` at the end of the founding roster, with the next free id."""
    return edits.Insert("/soldiers/-", new_soldier(type_name, next_soldier_id(data)))


def remove(data: dict, index: int) -> edits.Edit | None:
    return edits.Remove(f"/soldiers/{index}") if 0 <= index < _count(data) else None


def move(data: dict, index: int, step: int) -> edits.Edit | None:
    """Move soldier `index` by `step` places (None when it would leave the roster)."""
    n = _count(data)
    return edits.Move(f"/soldiers/{index}", index + step) if 0 <= index < n and 0 <= index + step < n else None


def hire_between(data: dict, type_name: str, pack, name: str = "") -> edits.Edit | None:
    return between_games.hire(data, type_name, pack, name)


def _who(soldier: dict) -> str:
    return soldier.get("name") or soldier.get("type") or soldier.get("id", "")


def dismiss(data: dict, soldier: dict) -> edits.Edit | None:
    """`soldier`: the derived soldier now (with its id)."""
    return between_games.add(data, {"dismiss": soldier["id"]}, f"dismiss {_who(soldier)}")


def give(data: dict, soldier: dict, item: str) -> edits.Edit | None:
    return between_games.add(data, {"give": soldier["id"], "item": item}, f"give {item} to {_who(soldier)}")


def take_back(data: dict, soldier: dict) -> edits.Edit | None:
    return between_games.add(data, {"take_back": soldier["id"]},
                             f"take {soldier.get('item')} back from {_who(soldier)}")


def equip(data: dict, role: str, item: str, add: bool, pack) -> edits.Edit | None:
    """Give an officer `item` between games (or put it away); None when there is nothing to change."""
    from ..tables import tables
    items = between_games.equipment(data, role, pack)
    if not item or (not add and item not in items):
        return None
    items = items + [item] if add else [i for n, i in enumerate(items) if n != items.index(item)]
    who = tables(pack).figures[role]["label"]
    label = f"{'give' if add else 'put away'} {item} ({who}, between games)"
    return between_games.add(data, {"equip": role, "items": items}, label)


def armour_trade(data: dict, soldier: dict, on: bool) -> edits.Edit | None:
    """SG-SOLD-14 between games: `soldier` (the derived soldier now) trades its armour's pistol for a carbine."""
    return between_games.add(data, {"armour_trade": soldier["id"], "on": bool(on)},
                             f"{_who(soldier)}: {'trade the armour pistol for a carbine' if on else 'take the armour pistol back'}")


def set_trade(data: dict, index: int, on: bool) -> edits.Edit | None:
    """SG-SOLD-14 at founding: soldier `index` of the roster as founded trades its armour's pistol for a carbine
    (the key goes when it is taken back: false is the default)."""
    if not 0 <= index < _count(data):
        return None
    pointer = f"/soldiers/{index}/armour_trade"
    if on:
        return edits.Set(pointer, True)
    return edits.Remove(pointer) if isinstance(data["soldiers"][index], dict) and "armour_trade" in data["soldiers"][index] else None


sell = between_games.sell
