"""Star Frontiers characters: the rules of RULES.md sections 3.1 to 3.6, with DECISIONS.md applied.

Modules: tables (the pack indexed), derive (COMPUTE), check (ENFORCE), dice (seeded d100 rolls),
actions (the edits an editor makes: roll, enter, shift, buy, sell).
"""

from __future__ import annotations

from ...issues import Issue
from ..lookup import repeats
from . import actions, dice
from . import check as _check
from . import derive as _derive
from . import offers as _offers
from .tables import ABILITIES, PAIRS, Tables, tables
from ...system_contract import GameSystem

__all__ = ["new", "derive", "check", "pack_problems", "tables", "Tables", "PAIRS", "ABILITIES", "dice", "actions", "offers"]


def new(pack) -> dict:
    """A new starter character: nothing rolled or chosen yet (the issues list says what to do next)."""
    return {
        "format": "starwright/starfrontiers-character",
        "version": 3,
        "name": "New Character",
        "race": "",
        "base": dict.fromkeys(PAIRS),
        "rolls": {},
        "shifts": dict.fromkeys(PAIRS, 0),
        "human_bonus": None,
        "psa": "",
        "adventures": 0,
        "equipment": [],
        "credits": 0,
        "notes": "",
    }


def derive(data: dict, pack) -> dict:
    return _derive.derive(data, tables(pack))


def check(data: dict, derived: dict, pack) -> list[Issue]:
    return _check.check(data, derived, tables(pack))


def offers(data: dict, derived: dict, pack) -> dict:
    """The shop, the choices and the owned entries with their status (model/systems/starfrontiers/offers.py)."""
    return _offers.offers(data, derived, tables(pack))


def pack_problems(pack: dict) -> list[tuple[str, str]]:
    """What the schema cannot see: table coverage, pair wiring and names that must exist in the pack."""
    out: list[tuple[str, str]] = []
    rows = sorted(enumerate(pack["ability_table"]), key=lambda r: r[1]["low"])
    expect = 1
    for i, row in rows:
        if row["low"] > row["high"]:
            out.append((f"/ability_table/{i}/high", f"rolls {row['low']}-{row['high']} run backwards"))
        elif row["low"] != expect:
            what = "leaves a gap before" if row["low"] > expect else "overlaps at"
            out.append((f"/ability_table/{i}/low", f"the ability score table {what} a roll of {row['low']}"))
        expect = row["high"] + 1
    if expect != 101:
        out.append(("/ability_table", f"the ability score table must reach a roll of 100 (it stops at {expect - 1})"))
    keys = [a["key"] for a in pack["abilities"]]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            out.append((f"/abilities/{i}/key", f'"{k}" is listed twice'))
    for i, p in enumerate(pack["pairs"]):
        for side in ("first", "second"):
            ab = next((a for a in pack["abilities"] if a["key"] == p[side]), None)
            if ab is None or ab["pair"] != p["key"]:
                out.append((f"/pairs/{i}/{side}", f'"{p[side]}" is not an ability of the pair {p["key"]}'))
    if sorted(p["key"] for p in pack["pairs"]) != sorted(PAIRS):
        out.append(("/pairs", "the pairs must be str_sta, dex_rs, int_log and per_ldr, each once"))
    items = {i["name"] for i in pack["items"]}
    for i, it in enumerate(pack["items"]):
        for j, inner in enumerate(it.get("includes", [])):
            if inner not in items:
                out.append((f"/items/{i}/includes/{j}", f'"{inner}" is not an item in this pack'))
        ammo = it.get("weapon", {}).get("ammo")
        if ammo and ammo != "grenade" and (ammo not in items or not next(x for x in pack["items"] if x["name"] == ammo).get("ammunition")):
            out.append((f"/items/{i}/weapon/ammo", f'"{ammo}" is not an ammunition item in this pack'))
        power = it.get("defense", {}).get("power")
        if power and power not in items:
            out.append((f"/items/{i}/defense/power", f'"{power}" is not an item in this pack'))
        if it.get("defense", {}).get("kind") == "screen" and not power:
            out.append((f"/items/{i}/defense", "a screen needs the name of its power pack"))
        if it.get("defense", {}).get("kind") == "armor" and "uses" not in it["defense"]:
            out.append((f"/items/{i}/defense", "armor needs the number of hits it absorbs (uses)"))
    names = [i["name"] for i in pack["items"]]
    for i in repeats(names):
        out.append((f"/items/{i}/name", f'"{names[i]}" is listed twice'))
    for i, r in enumerate(pack["races"]):
        if r.get("needs_item") and r["needs_item"] not in items:
            out.append((f"/races/{i}/needs_item", f'"{r["needs_item"]}" is not an item in this pack'))
        for j, s in enumerate(r["specials"]):
            if s["kind"] != "trait" and ("ability" not in s or "divisor" not in s):
                out.append((f"/races/{i}/specials/{j}", f'{s["name"]} needs an ability and a divisor'))
    out += _vehicle_problems(pack, items)
    levels = [row["adventures"] for row in pack["psa"]["levels"]]
    if 0 not in levels:
        out.append(("/psa/levels", "the level progress table needs a level reached with 0 adventures"))
    return out


def _vehicle_problems(pack: dict, items: set) -> list[tuple[str, str]]:
    """The vehicles' names are unique, name a PSA the pack has and an item a renter needs (SF-VEH-03, SF-VEH-11)."""
    out: list[tuple[str, str]] = []
    veh = pack["vehicles"]
    if veh["rental_needs_item"] not in items:
        out.append(("/vehicles/rental_needs_item", f'"{veh["rental_needs_item"]}" is not an item in this pack'))
    names = [v["name"] for v in veh["list"]]
    for i in repeats(names):
        out.append((f"/vehicles/list/{i}/name", f'"{names[i]}" is listed twice'))
    skills = {s["name"] for s in pack["psa"]["skills"]}
    for i, v in enumerate(veh["list"]):
        if v["operator_psa"] is not None and v["operator_psa"] not in skills:
            out.append((f"/vehicles/list/{i}/operator_psa", f'"{v["operator_psa"]}" is not a PSA in this pack'))
        if v["class"] != "aerial" and v["start_speed"] is None:
            out.append((f"/vehicles/list/{i}/start_speed", f"{v['name']}: a {v['class']} vehicle needs its start speed"))
    return out


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems, offers=offers, quick_start=actions.fill_the_rest_edit)
