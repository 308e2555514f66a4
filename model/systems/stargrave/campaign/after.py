"""Step 6 of a game, "after" (GAP-SG-06/07 as DECISIONS.md settles them): hire, dismiss, re-equip an officer,
give a stash find to a soldier or take it back, sell a stash item; then the creation limits that hold
after every game (SG-CREW-05, SG-EQ-02/03/09)."""

from __future__ import annotations

from ....issues import WARNING
from ....wording import count_word
from .. import soldier_gear as gear
from ..check import soldier_gear_issues
from ..derive import slot_use
from ...lookup import fold
from ..tables import ROLES

ACTIONS = {"hire": (), "dismiss": (), "equip": ("items",), "give": ("item",), "take_back": (), "sell": (),
           "armour_trade": ("on",)}


def apply_after(game) -> None:
    steps = game.game.get("after")
    for k, step in enumerate(steps if isinstance(steps, list) else []):
        ptr = f"{game.ptr}/after/{k}"
        if not isinstance(step, dict):
            continue
        verb = next((v for v in ACTIONS if v in step), None)
        if verb is None or set(step) != {verb, *ACTIONS[verb]}:
            game.issue(ptr, "SG-CAMP-01", "Each action after the game does one thing: hire, dismiss, "
                       "re-equip an officer, give a find to a soldier, take it back, sell a find, or trade a "
                       "soldier's armour pistol for a carbine.")
            continue
        _STEPS[verb](game, ptr, step)


def _stash_take(state, name) -> dict | None:
    key = fold(name)
    item = next((f for f in state.stash if f["name"] == name), None) or \
        next((f for f in state.stash if fold(f["name"]) == key), None)
    if item is not None:
        state.stash.remove(item)
    return item


def _hire(game, ptr, step) -> None:
    s, t = game.state, game.t
    rec = step["hire"]
    if not isinstance(rec, dict):
        return
    sid = rec.get("id")
    kind = rec.get("type") if isinstance(rec.get("type"), str) else None
    stype = t.soldiers.get(kind)
    if not isinstance(sid, str) or not sid:
        game.issue(ptr + "/hire/id", "SG-CAMP-01", f"Give the new soldier an id no one in the crew has used, "
                   f"e.g. {_free_id(s)}.")
        sid = None
    elif sid in s.used_ids or sid in ROLES:
        game.issue(ptr + "/hire/id", "SG-CAMP-01", f'The id "{sid}" is already used in this crew; ids are never '
                   f"reused (not even a dead or dismissed soldier's): use {_free_id(s)}.")
        sid = None
    if not stype:
        game.issue(ptr + "/hire/type", "SG-SOLD-01", (f"{rec['type']} is not a soldier type in the rules pack."
                   if isinstance(rec.get("type"), str) and rec["type"].strip() else "Pick the type of soldier to hire."))
    if rec.get("item"):
        game.issue(ptr + "/hire/item", "SG-SOLD-05", "A soldier is hired with an empty item slot; give it a find "
                   "from the stash in a later step.")
    for issue in soldier_gear_issues(rec, stype, ptr + "/hire", t) if stype else ():   # SG-SOLD-10/14
        game.issue(issue.pointer, issue.rule, issue.message)
    cost = stype["cost"] if stype else 0
    if cost > s.credits:   # SG-CREW-06 / SG-LOOT-07: credits never below zero
        game.issue(ptr + "/hire", "SG-CREW-06", f"A {stype['name']} costs {cost} Cr but the crew has "
                   f"{max(s.credits, 0)} Cr at this point.")
    s.credits -= cost
    game.entry["credits_out"] += cost
    if sid:
        s.used_ids.append(sid)
    s.soldiers.append({"id": sid, "name": rec.get("name", "") if isinstance(rec.get("name"), str) else "",
                       "type": kind, "robot": bool(rec.get("robot")), "shotgun": bool(rec.get("shotgun")),
                       "armour_trade": bool(rec.get("armour_trade")) and gear.trade(t, stype) is not None,
                       "find": None, "injured": False, "at": ptr + "/hire"})
    game.entry["after"].append(f"hired {rec.get('name') or (stype or {}).get('name', 'a soldier')} ({cost} Cr)")
    game.hired_at = ptr + "/hire"


def _free_id(state) -> str:
    n = 1 + max((int(i[1:]) for i in state.used_ids if i[:1] == "s" and i[1:].isdigit()), default=0)
    return f"s{n}"


def _soldier(game, ptr, sid, verb):
    soldier = game.state.soldier(sid) if isinstance(sid, str) else None
    if soldier is None:
        game.issue(ptr, "SG-CAMP-01", f"{sid or 'No one'} is not a soldier in the crew at this point of {game.name}, so it "
                   f"cannot {verb} (soldiers then: {game._ids()}).")
    return soldier


def _dismiss(game, ptr, step) -> None:
    soldier = _soldier(game, ptr + "/dismiss", step["dismiss"], "be dismissed")
    if soldier:
        if soldier["find"]:
            game.state.stash.append(soldier["find"])   # the crew keeps the find
        game.state.soldiers.remove(soldier)
        game.entry["after"].append(f"dismissed {soldier['name'] or soldier['type']}")


def _equip(game, ptr, step) -> None:
    # SG-CAMP-19 / SG-CAPT-10: re-equip from the General Equipment List (free) or the stash
    s, t = game.state, game.t
    role = step["equip"]
    if role not in ROLES:
        game.issue(ptr + "/equip", "SG-CAMP-19", f"Only the officers re-equip: the "
                   f"{game.t.figures['captain']['label']} or the {game.t.figures['first_mate']['label']}, not {role or 'no one'}.")
        return
    items = step["items"] if isinstance(step["items"], list) else []
    officer = s.officers[role]
    s.stash.extend(officer["finds"])   # what the officer carried goes back, then the new items come out
    finds, names = [], []
    for j, raw in enumerate(items):
        if not isinstance(raw, str):
            continue
        find = _stash_take(s, raw)
        canon = t.canonical_item(raw)
        if find is not None:
            finds.append(find)
            names.append(canon or raw)
        elif canon and t.items[canon].get("at_creation") is not False:
            names.append(canon)
        else:
            game.issue(f"{ptr}/items/{j}", "SG-CAMP-19", f'"{raw}" is neither on the General Equipment List nor in '
                       f"the stash at this point" + (f" (stash: {', '.join(f['name'] for f in s.stash)})." if s.stash else "."))
    officer["items"], officer["finds"], officer["items_at"] = names, finds, ptr + "/items"
    _check_officer_items(game, role, ptr + "/items")
    game.entry["after"].append(f"{t.figures[role]['label']} re-equipped")


def _check_officer_items(game, role, ptr) -> None:
    """SG-EQ-02 slots, SG-EQ-03 one armour, SG-EQ-09 shield, for the officer's items now."""
    t, officer = game.t, game.state.officers[role]
    label = t.figures[role]["label"]
    pack_items = [t.items[n] for n in officer["items"] if n in t.items]
    used = sum(slot_use(list(pack_items)))
    used += sum(f["slots"] for f in officer["finds"] if not t.canonical_item(f["name"]))
    limit = t.figures[role]["item_slots"]
    if used > limit:
        game.issue(ptr, "SG-EQ-02", f"The {label}'s items use {used} slots; the {label} has {limit}.")
    armours = [i["name"] for i in pack_items if i["kind"] == "armour"]
    most = t.crew["max_armours"]
    if len(armours) > most:
        game.issue(ptr, "SG-EQ-03", f"The {label} wears {' and '.join(armours)}; a figure wears only "
                   f"{count_word(most)} armour{'s' if most != 1 else ''}.")
    for shield in [i for i in pack_items if i.get("bars_weapon_slots")]:
        heavy = [i["name"] for i in pack_items if i["kind"] == "weapon" and i["slots"] >= shield["bars_weapon_slots"]]
        if heavy:
            game.issue(ptr, "SG-EQ-09", f"A {shield['name'].lower()} cannot be carried with {', '.join(heavy)}.")


def _give(game, ptr, step) -> None:
    s = game.state
    soldier = _soldier(game, ptr + "/give", step["give"], "be given an item")
    name = step["item"]
    if soldier is None or not isinstance(name, str):
        return
    find = _stash_take(s, name)
    if find is None:
        game.issue(ptr + "/item", "SG-SOLD-05", f'The stash holds no "{name}" at this point; a soldier\'s slot takes '
                   f"only a campaign find from the stash.")
        return
    stype = game.t.soldiers.get(soldier["type"])
    why = gear.barred(game.t, stype, find["name"])
    if why:        # SG-SOLD-10: kept (the record says so) and reported where it was given
        game.issue(ptr + "/item", "SG-SOLD-10", why)
    if soldier.get("armour_trade"):   # SG-SOLD-14: the traded carbine fills the one slot
        game.issue(ptr + "/item", "SG-SOLD-14", gear.give_block(game.t, stype, {"armour_trade": True}, "")[1])
    if soldier["find"]:
        s.stash.append(soldier["find"])       # the old find goes back to the stash
    soldier["find"] = find
    room = game.t.crew["soldier_item_slots"]
    if find["slots"] > room:   # SG-EQ-01: a soldier has the pack's one slot
        game.issue(ptr + "/item", "SG-EQ-02", f"{find['name']} takes {find['slots']} slots; a soldier has {room}.")
    game.entry["after"].append(f"gave {find['name']} to {soldier['name'] or soldier['type']}")


def _take_back(game, ptr, step) -> None:
    soldier = _soldier(game, ptr + "/take_back", step["take_back"], "hand an item back")
    if soldier is None:
        return
    if not soldier["find"]:
        game.issue(ptr + "/take_back", "SG-SOLD-05", f"{soldier['name'] or soldier['type']} carries no find to take back.",
                   WARNING)
        return
    game.state.stash.append(soldier["find"])
    soldier["find"] = None


def _sell(game, ptr, step) -> None:
    s = game.state
    name = step["sell"]
    item = _stash_take(s, name) if isinstance(name, str) else None
    if item is None:
        held = ", ".join(f["name"] for f in s.stash) or "nothing"
        game.issue(ptr + "/sell", "SG-LOOT-07", f'The stash holds no "{name}" to sell at this point (it holds {held}).')
        return
    value = item["value"] or 0
    if item["value"] is None:
        game.issue(ptr + "/sell", "SG-LOOT-07", f"{item['name']} has no recorded value; it sells for 0 Cr until its "
                   f"find records one.", WARNING)
    s.credits += value
    game.entry["credits_in"] += value
    game.entry["after"].append(f"sold {item['name']} ({value} Cr)")


def _armour_trade(game, ptr, step) -> None:
    """SG-SOLD-14 between games: the soldier trades its armour's built-in pistol for a carbine (`on`), or back."""
    soldier = _soldier(game, ptr + "/armour_trade", step["armour_trade"], "trade its armour's weapon")
    if soldier is None or not isinstance(step["on"], bool):
        return
    stype = game.t.soldiers.get(soldier["type"])
    if step["on"]:
        why = gear.trade_block(game.t, stype, soldier["find"]["name"] if soldier["find"] else None)
        if why:
            game.issue(ptr + "/armour_trade", "SG-SOLD-14", why)
            if gear.trade(game.t, stype) is None:
                return
    soldier["armour_trade"] = step["on"]
    tr = gear.trade(game.t, stype) or {"gives": "pistol", "takes": "carbine"}
    who = soldier["name"] or soldier["type"]
    game.entry["after"].append(f"{who} traded the armour's {tr['gives'].lower()} for a {tr['takes'].lower()}"
                               if step["on"] else f"{who} took the armour's {tr['gives'].lower()} back")


_STEPS = {"hire": _hire, "dismiss": _dismiss, "equip": _equip, "give": _give, "take_back": _take_back, "sell": _sell,
          "armour_trade": _armour_trade}


def check_limits(game) -> None:
    """The crew limits after the game (SG-CREW-05), at the hire that broke them or the game's after."""
    s, t = game.state, game.t
    crew = t.crew
    where = getattr(game, "hired_at", None) or game.ptr
    if len(s.soldiers) > crew["max_soldiers"]:
        game.issue(where, "SG-CREW-05", f"After {game.name} the crew has {len(s.soldiers)} soldiers; at most "
                   f"{crew['max_soldiers']}.")
    specialists = sum(1 for x in s.soldiers if t.soldiers.get(x["type"], {}).get("specialist"))
    if specialists > crew["max_specialists"]:
        game.issue(where, "SG-CREW-05", f"After {game.name} the crew has {specialists} specialists; at most "
                   f"{crew['max_specialists']}.")
