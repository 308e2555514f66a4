"""Star Frontiers ENFORCE rules: each check returns Issues with the RULES.md id and the pointer at fault."""

from __future__ import annotations

from ...issues import ERROR, INFO, WARNING, Issue
from .tables import PAIRS, Tables
from .vehicles import check_vehicles


def _cr(n: int) -> str:
    return f"{n:,} Cr"


def _kg(x: float) -> str:
    return f"{round(x, 2):g} kg"


def check_race_and_psa(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    raw = data.get("race", "")
    names = ", ".join(t.races)
    if not str(raw).strip():
        out.append(Issue("/race", "SF-CHAR-08", ERROR, f"Choose a race: {names}."))
    elif d["race"] is None:
        out.append(Issue("/race", "SF-CHAR-08", ERROR, f'"{raw}" is not a race of the Basic Game; choose one of {names}.'))
    raw = data.get("psa", "")
    names = ", ".join(t.skills)
    if not str(raw).strip():
        out.append(Issue("/psa", "SF-CHAR-09", ERROR, f"Choose a Primary Skill Area: {names}."))
    elif d["psa"] is None:
        out.append(Issue("/psa", "SF-CHAR-09", ERROR, f'"{raw}" is not a Primary Skill Area; choose one of {names}.'))
    elif d["psa"] != raw:
        out.append(Issue("/psa", "SF-CHAR-09", INFO, f'"{raw}" is another name for the {d["psa"]} PSA.'))
    return out


def check_pairs(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    base, rolls, shifts = data.get("base") or {}, data.get("rolls") or {}, data.get("shifts") or {}
    allowed = ", ".join(str(s) for s in t.table_scores)
    for pair in PAIRS:
        abbr = t.pair_abbr(pair)
        b, roll, shift = base.get(pair), rolls.get(pair), shifts.get(pair) or 0
        if roll is not None and not (t.ability_table[0]["low"] <= roll <= t.ability_table[-1]["high"]
                                     and t.table_score(roll) is not None):
            out.append(Issue(f"/rolls/{pair}", "SF-CHAR-03", ERROR,
                             f"{abbr}: a d100 roll is 1 to 100; {roll} is not a roll on the ability score table."))
            roll = None
        if b is None:
            out.append(Issue(f"/base/{pair}", "SF-CHAR-03", ERROR,
                             f"Roll or enter the {abbr} base score." if roll is None else
                             f"{abbr}: the roll {roll} is recorded but its base score is missing "
                             f"(the table gives {t.table_score(roll)})."))
        elif b not in t.table_scores:
            out.append(Issue(f"/base/{pair}", "SF-CHAR-03", ERROR,
                             f"{abbr}: a base score of {b} is not on the ability score table; "
                             f"it must be one of {allowed}."))
        elif roll is not None and (row := t.table_row(roll)) is not None and row["score"] != b:
            out.append(Issue(f"/base/{pair}", "SF-CHAR-03", ERROR,
                             f"{abbr}: the recorded roll {roll} gives a base score of {row['score']} "
                             f"(rolls {row['low']}-{row['high']}), not {b}."))
        limit = t.exchange_limit
        if abs(shift) > limit:
            p = t.pairs[pair]
            up, down = (p["first"], p["second"]) if shift > 0 else (p["second"], p["first"])
            out.append(Issue(f"/shifts/{pair}", "SF-CHAR-05", ERROR,
                             f"{abbr}: {abs(shift)} points moved from {t.abbr(down)} to {t.abbr(up)}; "
                             f"at most {limit} points may be exchanged inside a pair."))
    return out


def check_scores(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    bonus_key = data.get("human_bonus")
    shifts = data.get("shifts") or {}
    for key, value in d["abilities"].items():
        if value is None or t.score_min <= value <= t.score_max:
            continue
        pair = t.pair_of(key)
        ptr = "/human_bonus" if bonus_key == key and value > t.score_max else (
            f"/shifts/{pair}" if shifts.get(pair) else f"/base/{pair}")
        out.append(Issue(ptr, "SF-CHAR-02", ERROR,
                         f"{t.label(key)} would be {value}; every ability score must stay between "
                         f"{t.score_min} and {t.score_max}."))
    return out


def check_human_bonus(data: dict, d: dict, t: Tables) -> list[Issue]:
    race = t.races.get(d["race"]) if d["race"] else None
    key = data.get("human_bonus")
    if race is None:
        return []
    amount = race["single_ability_bonus"]
    if key and not amount:
        givers = [r for r in t.races.values() if r["single_ability_bonus"]]
        who = " and ".join(f"{r['name']}s add {r['single_ability_bonus']}" for r in givers) or "No race adds"
        return [Issue("/human_bonus", "SF-RACE-01", ERROR,
                      f"Only {who} to one ability; a {race['name']} gets racial modifiers instead, "
                      f"so clear the bonus to {t.label(key)}.")]
    if amount and not key:
        # SF-RACE-01: the seed says a Human *may* add it, so not choosing yet is a warning
        return [Issue("/human_bonus", "SF-RACE-01", WARNING,
                      f"A {race['name']} may add {amount} to one single ability (one side of one pair): "
                      f"not chosen yet; choose which.")]
    return []


def check_money_and_mass(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    entries = data.get("equipment", [])
    running = d["credits_start"]
    over_reported = False
    for i, (entry, row) in enumerate(zip(entries, d["equipment"])):
        ptr = f"/equipment/{i}"
        if not row["known"]:
            out.append(Issue(ptr + "/name", "SF-EQ-02", ERROR,
                             f'"{entry.get("name", "")}" is not in the equipment lists; pick a listed item '
                             f"or mark it as a custom item with its own price and mass."))
            continue
        if not row["price_stated"] and not row["issued"]:
            out.append(Issue(ptr + "/price", "SF-EQ-12", WARNING,
                             f"The rulebook gives no price for the {row['name']}; enter what was paid "
                             f"(counted as 0 Cr until then)."))
        running -= row["cost"]
        if running < 0 and not over_reported and row["cost"]:
            over_reported = True
            out.append(Issue(ptr, "SF-EQ-12", ERROR,
                             f"Buying the {row['name']} ({_cr(row['cost'])}) takes the credits below zero: "
                             f"{_cr(d['credits_spent'])} spent of {_cr(d['credits_start'])} "
                             f"({_cr(-d['credits_left'])} short)."))
    out += check_vehicles(data, d, t, running, over_reported)
    if d["mass_not_stated"]:
        out.append(Issue("/equipment", "SF-EQ-02", INFO,
                         "The rulebook states no mass for " + ", ".join(d["mass_not_stated"]) +
                         "; counted as 0 kg unless you enter one."))
    cap = d["carrying_capacity"]
    if cap["enabled"] and cap["max_kg"] is not None and d["total_mass"] > 0:
        if d["over_capacity"]:
            out.append(Issue("/equipment", "SF-CHAR-18", ERROR,
                             f"Carrying {_kg(d['total_mass'])} is more than this character's Strength allows "
                             f"({_kg(cap['max_kg'])}); stow something (untick carried) or drop it."))
        elif d["encumbered"]:
            # without a known race there are no speeds to halve yet (walk and run are null)
            speeds = (f"walk {d['walk']:g} m, run {d['run']:g} m" if d["walk"] is not None and d["run"] is not None
                      else "once a race is chosen")
            out.append(Issue("/equipment", "SF-CHAR-18", WARNING,
                             f"Encumbered: {_kg(d['total_mass'])} carried is over {_kg(cap['free_kg'])}, "
                             f"so walking and running speeds are halved ({speeds})."))
    return out


AMMO_RULE = {"energy": "SF-WPN-03", "gyrojet": "SF-WPN-05", "projectile": "SF-WPN-06"}


def check_ammunition(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    for w in d["weapons"]:
        if w["ammo"] is None:
            if w["type"] == "energy":
                out.append(Issue("/equipment", "SF-WPN-04", INFO,
                                 f"The rulebook does not say what powers the {w['name']}; track its charges by hand."))
            continue
        if w["ammo_carried"] == 0:
            what = "grenades" if w["ammo"] == "grenade" else f"{w['ammo'].lower()}s"
            out.append(Issue("/equipment", AMMO_RULE.get(w["type"], "SF-PLAY-18"), WARNING,
                             f"The {w['name']} has no {what} to fire; buy some (they are counted, "
                             f"and the rulebook does not say a weapon comes loaded)."))
    for a in d["ammunition"]:
        if not a["used_by"]:
            out.append(Issue("/equipment", "SF-WPN-07", INFO,
                             f"{a['count']} {a['name']}{'s' if a['count'] != 1 else ''} carried, but it fits only "
                             f"{' and '.join(a['fits']) or 'nothing listed'}; none of those is carried."))
    for s in d["defenses"]:
        if s["kind"] == "screen" and s["packs_carried"] == 0:
            out.append(Issue("/equipment", "SF-DEF-03", WARNING,
                             f"The {s['name']} needs a {s['power'].lower()} ({s['charges']} charges) to work."))
    return out


def check_fit(data: dict, d: dict, t: Tables) -> list[Issue]:
    out = []
    race = t.races.get(d["race"]) if d["race"] else None
    if race and race.get("needs_item") and race["needs_item"] not in d["possessions"]:
        out.append(Issue("/equipment", "SF-RACE-07", WARNING,
                         f"A {race['name']} without {race['needs_item'].lower()} acts at "
                         f"{race['needs_item_penalty']:+d} in {race['needs_item_when']}; "
                         f"{race['needs_item']} cost {_cr(t.items[race['needs_item']]['cost'] or 0)}."))
    for i, entry in enumerate(data.get("equipment", [])):
        item = t.items.get(t.canonical_item(entry.get("name")) or "")
        if not item or entry.get("custom"):
            continue
        if item.get("psa_only") and d["psa"] and d["psa"] != item["psa_only"]:
            rule = item["psa_rule"]   # SF-EQ-07 (D-19), SF-EQ-08 (the VT Detonator): the pack names which
            out.append(Issue(f"/equipment/{i}", rule, WARNING,
                             f"Only {item['psa_only']} characters may use the {item['name']}; "
                             f"a {d['psa']} character can carry it but not use it."))
        if item.get("psa_bonus_for") and d["psa"] and d["psa"] != item["psa_bonus_for"]:
            out.append(Issue(f"/equipment/{i}", "SF-EQ-05", WARNING,
                             f"The {item['name']} gives the PSA bonus only to {item['psa_bonus_for']} characters; "
                             f"for a {d['psa']} character it is just tools."))
    return out


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    out += check_race_and_psa(data, derived, t)
    out += check_pairs(data, derived, t)
    out += check_scores(data, derived, t)
    out += check_human_bonus(data, derived, t)
    out += check_money_and_mass(data, derived, t)
    out += check_ammunition(data, derived, t)
    out += check_fit(data, derived, t)
    if not str(data.get("name", "")).strip():
        out.append(Issue("/name", "SF-CHAR-07", WARNING, "The character has no name yet."))
    return out
