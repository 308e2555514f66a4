"""Edits a Star Frontiers editor makes: each user action becomes one edit record (one undo step).

Pure model code: the GUI pushes these through its session; tests apply them with model.edits.apply.
"""

from __future__ import annotations

from ...edits import Batch, Edit, Insert, Remove, Set
from . import dice
from .dice import Roll
from .tables import PAIRS, Tables, tables


def _set_in(data: dict, obj: str, key: str, value) -> Edit:
    """Set /obj/key, creating /obj when an older or hand-written file lacks it."""
    if isinstance(data.get(obj), dict):
        return Set(f"/{obj}/{key}", value)
    return Set(f"/{obj}", {key: value})


def _pair_words(pair: str) -> str:
    """A pair of abilities in the sheet's short words ("str_sta" -> "STR/STA")."""
    return pair.replace("_", "/").upper()


def roll_edit(data: dict, roll: Roll, pack=None) -> Batch:
    """Record a roll and its table result together: one undo step."""
    t = tables(pack) if pack is not None else None
    abbr = t.pair_abbr(roll.pair) if t else roll.pair
    return Batch((_set_in(data, "rolls", roll.pair, roll.d100), _set_in(data, "base", roll.pair, roll.score)),
                 f"roll {abbr}: {roll.d100} gives {roll.score}")


def roll_all_edit(data: dict, rolls: dict[str, Roll], pack=None) -> Batch:
    base = dict(data.get("base") or {})
    recorded = dict(data.get("rolls") or {})
    for pair in PAIRS:
        if pair in rolls:
            base[pair] = rolls[pair].score
            recorded[pair] = rolls[pair].d100
    text = ", ".join(f"{r.d100} gives {r.score}" for r in rolls.values())
    return Batch((Set("/base", base), Set("/rolls", recorded)), f"roll all abilities ({text})")


def enter_roll_edit(data: dict, pair: str, d100: int | None, pack) -> Batch:
    """The player typed a roll made with real dice: record it and its table result."""
    t: Tables = tables(pack)
    if d100 is None:
        return clear_roll_edit(data, pair)
    score = t.table_score(d100)
    edits = [_set_in(data, "rolls", pair, d100)]
    if score is not None:
        edits.append(_set_in(data, "base", pair, score))
    words = f"{d100} → {score}" if score is not None else f"{d100} (off the table)"
    return Batch(tuple(edits), f"enter the {t.pair_abbr(pair)} roll: {words}")


def clear_roll_edit(data: dict, pair: str) -> Batch:
    rolls = data.get("rolls") or {}
    return Batch((Remove(f"/rolls/{pair}"),) if pair in rolls else (), f"clear the {_pair_words(pair)} roll")


def enter_base_edit(data: dict, pair: str, score: int | None, pack=None) -> Batch:
    """The player typed a base score: it is marked as entered (any recorded roll is dropped)."""
    edits: list[Edit] = [_set_in(data, "base", pair, score)]
    if pair in (data.get("rolls") or {}):
        edits.append(Remove(f"/rolls/{pair}"))
    old = (data.get("base") or {}).get(pair)
    return Batch(tuple(edits), f"{_pair_words(pair)} base score: {'none' if old is None else old} → "
                               f"{'none' if score is None else score}")


def shift_edit(data: dict, pair: str, shift: int) -> Edit:
    return _set_in(data, "shifts", pair, shift)


def _named(data: dict, edit: Edit, words: str) -> Batch:
    """One undo step named for the Edit menu ("buy Laser Pistol"; model/edit_names.py puts the character's name
    first: "Kara Venn: buy Laser Pistol")."""
    return Batch((edit,), words)


def buy_edit(data: dict, name: str, issued: bool = False) -> Edit:
    """Add one of an item: raise the count of a plain entry of the same item, else append an entry."""
    words = f"take the issued {name}" if issued else f"buy {name}"
    for i, entry in enumerate(data.get("equipment", [])):
        if (entry.get("name") == name and not entry.get("custom") and bool(entry.get("issued")) == issued
                and entry.get("carried", True)):
            return _named(data, Set(f"/equipment/{i}/count", entry.get("count", 1) + 1), words)
    entry = {"name": name, "count": 1}
    if issued:
        entry["issued"] = True
    return _named(data, Insert("/equipment/-", entry), words)


def sell_edit(data: dict, index: int) -> Edit:
    """Remove one of the entry at index (the whole entry when it is the last one)."""
    entry = data["equipment"][index]
    words = f"sell one {entry.get('name') or f'item {index + 1}'}"
    if entry.get("count", 1) > 1:
        return _named(data, Set(f"/equipment/{index}/count", entry["count"] - 1), words)
    return _named(data, Remove(f"/equipment/{index}"), words)


def make_custom_edit(index: int) -> Edit:
    """An entry whose name is in no list becomes the player's own item (its price and mass are entered)."""
    return Set(f"/equipment/{index}/custom", True)


def carried_edit(data: dict, index: int, carried: bool) -> Edit | None:
    """Carried is the default: ticking it again removes the key; unticking stows the entry (no mass).
    None when nothing would change."""
    entry = data["equipment"][index]
    ptr = f"/equipment/{index}/carried"
    if carried:
        return Remove(ptr) if "carried" in entry else None
    return None if entry.get("carried", True) is False else Set(ptr, False)


def entry_value_edit(index: int, key: str, value) -> Edit:
    """The price or mass entered for one equipment entry."""
    return Set(f"/equipment/{index}/{key}", value)


def fill_the_rest_edit(data: dict, pack, rng=None) -> Batch:
    """Quick start: roll every pair that has no base score yet (one undo step)."""
    base = data.get("base") or {}
    todo = [p for p in PAIRS if base.get(p) is None]
    rng = rng or dice.generator()
    rolls = {p: dice.roll_pair(pack, p, rng) for p in todo}
    return roll_all_edit(data, rolls, pack)


# -- vehicles (SF-VEH) -------------------------------------------------------------------------------------
def add_vehicle_edit(data: dict, name: str, rent_days: int | None = None, street: bool = False) -> Edit:
    """A vehicle bought (rent_days None) or rented for some days (SF-VEH-13), as one edit; the list is made when
    an older file has none."""
    entry: dict = {"name": name}
    if rent_days is not None:
        entry["rent_days"] = rent_days
        if street:
            entry["street"] = True
    entry.update({"passengers": 0, "cargo_kg": 0})
    if isinstance(data.get("vehicles"), list):
        return Insert("/vehicles/-", entry)
    return Set("/vehicles", [entry])


def remove_vehicle_edit(data: dict, index: int) -> Edit:
    """Remove one vehicle; a game in progress forgets its speed and keeps the others' (one undo step)."""
    from ...play.sf_vehicles import forget_vehicle
    name = data["vehicles"][index].get("name", "vehicle")
    return Batch((Remove(f"/vehicles/{index}"), *forget_vehicle(data, index)), f"remove the {name}")


def vehicle_value_edit(data: dict, index: int, key: str, value) -> Edit | None:
    """Days rented, passengers, cargo or the street flag of one vehicle; owning it again drops the rent and the
    street flag. None when nothing would change."""
    entry = data["vehicles"][index]
    ptr = f"/vehicles/{index}"
    if key == "rent_days" and value is None:
        gone = [Remove(f"{ptr}/{k}") for k in ("rent_days", "street") if k in entry]
        return Batch(tuple(gone), "own the vehicle") if gone else None
    if key == "street" and not value:
        return Remove(f"{ptr}/street") if "street" in entry else None
    if entry.get(key) == value:
        return None
    return Set(f"{ptr}/{key}", value)
