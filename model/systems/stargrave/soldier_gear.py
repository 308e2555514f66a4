"""A soldier's standard gear rules in one place: the item it never gains unless its type carries one (SG-SOLD-10,
the knife) and the built-in weapon of its armour traded for another (SG-SOLD-14, assault armour's pistol for a
carbine, which fills the soldier's one item slot: AMB-SG-09 (a)).

Both are read from the rules pack (an item's `soldier_standard_only` and `soldier_trade`), so a house pack that
lifts the knife rule or trades something else is followed. check.py, the campaign replay (campaign/after.py),
derive.py, the offers and the pages ask here; nothing else decides these rules.
"""

from __future__ import annotations

from ...wording import a
from ..lookup import fold
from .tables import Tables


def _names(item: dict) -> list[str]:
    return [fold(n) for n in [item["name"], item.get("rulebook_name", ""), *item.get("aliases", [])] if n]


def standard_only_item(t: Tables, name) -> dict | None:
    """The pack item marked `soldier_standard_only` that `name` is: by its name or an alias, or by one of them as
    whole words of a find's name ("Monofilament Knife" is a knife, as the rules say of upgraded knives)."""
    if not isinstance(name, str):
        return None
    marked = [i for i in t.pack["items"] if i.get("soldier_standard_only")]
    if not marked:
        return None
    words = f" {fold(name)} "
    for item in marked:
        if any(f" {n} " in words for n in _names(item)):
            return item
    return None


def barred(t: Tables, stype: dict | None, name) -> str:
    """SG-SOLD-10: why a soldier of `stype` cannot have `name` ("" when it can, or the type is unknown)."""
    if not stype:
        return ""
    item = standard_only_item(t, name)
    if item is None or item["name"] in stype["gear"]:
        return ""
    what = item["name"].lower()
    shown = name.strip() if fold(name) != fold(item["name"]) else f"a {what}"
    return (f"{a(stype['name'], True)} has no {what} in its standard gear, so it can never have or gain one "
            f"({shown} is one).")


def trade(t: Tables, stype: dict | None) -> dict | None:
    """SG-SOLD-14: the trade a soldier of `stype` may make, {"armour", "gives", "takes"} (None: no gear allows one)."""
    for g in (stype or {}).get("gear", []):
        offer = t.items.get(g, {}).get("soldier_trade")
        if offer and offer["gives"] in t.items.get(g, {}).get("includes", []):
            return {"armour": g, "gives": offer["gives"], "takes": offer["takes"]}
    return None


def trade_words(tr: dict) -> str:
    """'Carbine (for the assault armour's pistol)': what fills the item slot of a soldier who made the trade."""
    return f"{tr['takes']} (for the {tr['armour'].lower()}'s {tr['gives'].lower()})"


def trade_block(t: Tables, stype: dict | None, find) -> str:
    """Why the soldier cannot make (or keep) the trade now: its type has nothing to trade, or its one item slot
    holds a find (`find`: the find's name, or None). "" when it may."""
    if stype is None:
        return ""
    tr = trade(t, stype)
    if tr is None:
        return (f"{a(stype['name'], True)} wears no armour with a built-in weapon to trade, so it has nothing to "
                f"trade for another weapon.")
    if find:
        return (f"Trading the {tr['armour'].lower()}'s {tr['gives'].lower()} for a {tr['takes'].lower()} fills the "
                f"soldier's one item slot, and {find} is in it: take the find back first.")
    return ""


def traded_gear(t: Tables, stype: dict, traded: bool) -> list[str]:
    """The items built into the soldier's gear (assault armour's hand weapon, pistol, filter mask), with the traded
    one in place of what it gave (SG-SOLD-14)."""
    tr = trade(t, stype) if traded else None
    out = []
    for g in stype["gear"]:
        for inc in t.items.get(g, {}).get("includes", []):
            out.append(tr["takes"] if tr and g == tr["armour"] and inc == tr["gives"] else inc)
    return out


def give_block(t: Tables, stype: dict | None, soldier: dict, find_name) -> tuple[str, str]:
    """(rule, reason) that keeps `find_name` out of the soldier's item slot now, ("", "") when it may go in.
    `soldier`: the soldier now ({item, armour_trade})."""
    why = barred(t, stype, find_name)
    if why:
        return "SG-SOLD-10", why
    if soldier.get("armour_trade"):
        tr = trade(t, stype) or {}
        return "SG-SOLD-14", (f"The soldier's one item slot holds the {str(tr.get('takes', 'weapon')).lower()} it "
                              f"took for its {str(tr.get('armour', 'armour')).lower()}'s "
                              f"{str(tr.get('gives', 'weapon')).lower()}; a find cannot go in as well.")
    if soldier.get("item"):
        return "SG-SOLD-05", f"The soldier's one item slot holds {soldier['item']}: take it back first."
    return "", ""
