"""What the post-game walk-through offers and says for one game record, asked of the model's replay.

Nothing here decides a rule. Outcomes are the campaign rules' look-ups (survival, loot, the upgrade a level
gives); whether a choice is legal is found by replaying the record with that choice and reading the issues the
replay reports at the choice's pointer, so the walk-through says exactly what the checks say. Trials replay
only the games before this one and this record cut down to what the choice depends on.
"""

from __future__ import annotations

import copy

from ...content_key import content_key
from ...wording import a
from .campaign import crew_now, replay, rules_for
from .campaign.replay import games_of
from .derive import format_value
from .campaign.rules import UPGRADE_WORDS
from .quickstart import next_soldier_id
from .tables import KEYS, ROLES, tables

GAMES = "/campaign/games"


def _doc(data: dict, index: int, record: dict) -> dict:
    doc = {k: v for k, v in data.items() if k != "campaign"}
    camp = camp if isinstance(camp := data.get("campaign"), dict) else {}
    games = games if isinstance(games := camp.get("games"), list) else []
    doc["campaign"] = {**camp, "games": list(games[:index]) + [record]}
    return doc


_CACHE: dict[tuple, object] = {}


def trial(data: dict, index: int, record: dict, pack, replayed=None):
    """Replay the games before `index` and `record` as game `index` (memoised: the walk-through asks often).
    `replayed`: the document's own replay (its evaluation's, Derived.campaign), the answer when `record` is the
    document's last game record itself (a page showing the crew now asks that after every edit)."""
    games = games_of(data)
    if replayed is not None and index == len(games) - 1 and record is games[index]:
        return replayed
    key = (id(pack), index, content_key((record, {k: v for k, v in data.items() if k != "campaign"}, games[:index])))
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 512:
            _CACHE.clear()
        hit = _CACHE[key] = replay(_doc(data, index, record), pack)
    return hit


def _issues_at(result, pointer: str, exact: bool = False) -> list:
    from ...pointer import is_within
    return [i for i in result.issues if (i.pointer == pointer if exact else is_within(i.pointer, pointer))]


_BEFORE_LEVELS = ("activate_secret", "out_of_action", "survival", "xp")


def _cut(record: dict, **parts) -> dict:
    """The record as far as a choice depends on it: what comes before the levels, plus `parts`."""
    r = {k: v for k, v in record.items() if k in _BEFORE_LEVELS}
    r.update(parts)
    return copy.deepcopy(r)


# ---- survival ---------------------------------------------------------------------------------------------

def survival_words(data: dict, index: int, record: dict, pack, derived_after: dict) -> list[str]:
    """Per survival entry of the record: the outcome in words (Dead; Serious Injury with the Health it starts
    the next game at; Full Recovery; an officer's recorded result)."""
    rules = rules_for(pack)
    now = {s.get("id"): s for s in (derived_after or {}).get("soldiers", [])}
    out = []
    for rec in record.get("survival") or []:
        if not isinstance(rec, dict):
            out.append("")
            continue
        who = rec.get("who")
        if who in ROLES:
            result = rec.get("result") or ""
            row = rules.survival_outcome(rec.get("roll"), officer=True) if "roll" in rec else None
            result = result or (row or {}).get("result", "")
            out.append(f"Recorded: {result}. No effect is worked out from it (the officer table is your group's)."
                       if result else "Type what your group's officer table gave.")
            continue
        if "roll" not in rec:
            out.append("Roll or type the d20.")
            continue
        row = rules.survival_outcome(rec.get("roll"))
        if row is None:
            out.append(f"{rec.get('roll')} is not on the d{rules.survival['die']} table.")
        elif row.get("effect") == "dead":
            out.append(f"{row['result']}: removed from the crew; the items it carried are lost.")
        elif row.get("effect") == "injured":
            s = now.get(who, {})
            full = (s.get("profile") or {}).get("health")
            out.append(f"{row['result']}: starts the next game at Health {s.get('health_now')} of {full}."
                       if full is not None else f"{row['result']}: starts the next game at half Health.")
        else:
            out.append(f"{row['result']}: back to full Health for the next game.")
    return out


# ---- loot -------------------------------------------------------------------------------------------------

def loot_facts(record: dict, pack) -> list[dict]:
    """Per loot entry: words (the result named), needs_credits_roll, takes [(value, words)], find (bool)."""
    rules = rules_for(pack)
    out: list[dict] = []
    for rec in record.get("loot") or []:
        if not isinstance(rec, dict):
            out.append({})
            continue
        row = rules.loot_result(rec.get("table"), rec.get("roll")) if "roll" in rec else None
        if row is None:
            out.append({"words": "Roll or type the d20." if "roll" not in rec else
                        f"{rec.get('roll')} is not on the table."})
            continue
        kind = row["kind"]
        words = row["label"]
        takes: list[tuple[str, str]] = []
        if kind == "credits_roll":
            cr = rec.get("credits_roll")
            words += f": {cr}×{row['multiplier']} = {cr * row['multiplier']} Cr" if isinstance(cr, int) else \
                ": roll the credits d20 too"
        elif kind == "information":
            takes = [("xp", f"Sell for {rules.xp['information']} XP (outside the game's cap)"),
                     ("credits", f"Sell for {row['credits']} Cr")]
        elif kind == "secret":
            takes = [("keep", "Keep it aboard (stash)"), ("credits", f"Sell for {row['credits']} Cr")]
        elif kind == "goods":
            words += ": sold for its value"
        elif kind == "find":
            words += ": write down what your group's table gave; it goes to the stash"
        out.append({"words": words, "kind": kind, "needs_credits_roll": kind == "credits_roll",
                    "takes": [t for t in takes if row["offers"] and t[0] in row["offers"]],
                    "find": kind == "find"})
    return out


# ---- levels -----------------------------------------------------------------------------------------------

def _state_before_level(data, index, record, k, pack):
    return trial(data, index, _cut(record, levels=list(record.get("levels") or [])[:k]), pack).final


def _option_reason(data, index, record, k, entry, field, pack) -> str:
    res = trial(data, index, _cut(record, levels=list(record.get("levels") or [])[:k] + [entry]), pack)
    bad = [i for i in _issues_at(res, f"{GAMES}/{index}/levels/{k}/{field}") if i.is_error]
    return bad[0].message if bad else ""


def level_facts(data: dict, index: int, record: dict, pack) -> dict:
    """What the unspent XP buys and, per level entry of the record, the upgrade its number gives and the options
    for its pick, each with `legal` and, when not, the reason the check gives.

    {"words", "next": {role: {label level upgrades affordable why_not}}, "rows": [{words upgrades options}]}
    """
    t = tables(pack)
    rules = rules_for(pack)
    levels = list(record.get("levels") or [])
    cost = rules.level_cost
    base = trial(data, index, _cut(record, levels=[]), pack).final
    unspent = base.xp_unspent
    rows = []
    for k, entry in enumerate(levels):
        rows.append(_level_row(data, index, record, k, entry if isinstance(entry, dict) else {}, pack, t, rules))
    full = trial(data, index, _cut(record, levels=levels), pack)
    nxt = {}
    for role in ROLES:
        level = full.final.officers[role]["level"] + 1
        ups = rules.upgrade_for_level(level)
        probe = trial(data, index, _cut(record, levels=levels + [{"officer": role, "upgrade": ups[0]}]), pack)
        ptr = f"{GAMES}/{index}/levels/{len(levels)}"
        why = [i.message for i in _issues_at(probe, ptr, exact=True) if i.rule in ("SG-CAMP-11", "SG-CAMP-12")]
        nxt[role] = {"label": t.figures[role]["label"], "level": level, "upgrades": ups,
                     "affordable": not why, "why_not": " ".join(why)}
    left = unspent - cost * len(levels)
    words = (f"After this game's experience the crew has {unspent} unspent XP: enough for {max(unspent, 0) // cost} "
             f"level{'s' if max(unspent, 0) // cost != 1 else ''} at {cost} XP each.")
    if levels:
        words += f" Bought here: {len(levels)}; {left} XP left."
    if left < cost:
        words += " Information sold for XP at the loot step counts from the next game on."
    return {"words": words, "next": nxt, "rows": rows, "unspent": unspent, "left": left}


def _level_row(data, index, record, k, entry, pack, t, rules) -> dict:
    role = entry.get("officer")
    if role not in ROLES:
        return {"words": f"{role!r} is not an officer", "upgrades": [], "options": []}
    before = _state_before_level(data, index, record, k, pack)
    officer = before.officers[role]
    level = officer["level"] + 1
    ups = rules.upgrade_for_level(level)
    label = t.figures[role]["label"]
    upgrade = entry.get("upgrade")
    options = []
    if upgrade == "reduce":
        for p in officer["powers"]:
            why = _option_reason(data, index, record, k, {"officer": role, "upgrade": "reduce", "power": p["name"]},
                                 "power", pack)
            options.append({"value": p["name"], "label": f"{p['name']} ({p['activation']} → {p['activation'] - rules.levels['reduce_step']})",
                            "legal": not why, "reason": why})
    elif upgrade == "improve":
        now = crew_now(data, before, t)[role]["base_profile"]
        for key in KEYS:
            why = _option_reason(data, index, record, k, {"officer": role, "upgrade": "improve", "characteristic": key},
                                 "characteristic", pack)
            v = now.get(key, 0)
            options.append({"value": key, "label": f"{t.label(key)} ({format_value(key, v, t)} → "
                                                   f"{format_value(key, v + rules.levels['improve_step'], t)})",
                            "legal": not why, "reason": why})
    elif upgrade == "learn":
        known = {p["name"] for p in officer["powers"]}
        bg = t.canonical_background((data.get(role) or {}).get("background"))
        for p in sorted(t.pack["powers"], key=lambda p: (not t.is_basic(p, bg), p["name"])):
            basic = t.is_basic(p, bg)
            extra = rules.levels["learn_basic_penalty" if basic else "learn_other_penalty"]
            why = (_option_reason(data, index, record, k, {"officer": role, "upgrade": "learn", "power": p["name"]},
                                  "power", pack) if p["name"] in known else "")
            options.append({"value": p["name"], "label": f"{p['name']} (activation {p['activation'] + extra}"
                                                        f"{', basic' if basic else ''})",
                            "legal": not why, "reason": why})
    words = f"{label} → level {level}: " + " or ".join(UPGRADE_WORDS[u] for u in ups)
    return {"words": words, "level": level, "upgrades": ups, "options": options}


# ---- after the game ---------------------------------------------------------------------------------------

def new_hire(data: dict, index: int, record: dict, type_name: str, name: str, pack) -> dict:
    """A hire record with an id no one in the crew has used (ids are never reused, nor an id the game in progress
    still counts for: quickstart.soldier_ids)."""
    state = trial(data, index, record, pack).final
    return {"id": next_soldier_id(data, tuple(state.used_ids)), "name": name, "type": type_name, "robot": False, "shotgun": False, "item": None}


def hire_note(data: dict, index: int, record: dict, type_name: str, pack) -> str:
    """What hiring one `type_name` now would cost, or the rule it would break, in words."""
    t = tables(pack)
    stype = t.soldiers.get(type_name)
    if not stype:
        return ""
    after = list(record.get("after") or [])
    probe = dict(record, after=after + [{"hire": new_hire(data, index, record, type_name, "", pack)}])
    res = trial(data, index, probe, pack)
    ptr = f"{GAMES}/{index}/after/{len(after)}"
    # SG-CREW-05: the limits are said as what this hire would do, never as a count the crew already has
    why = [i.message for i in _issues_at(res, ptr) if i.is_error and i.rule != "SG-CREW-05"]
    now = trial(data, index, record, pack).final
    have = now.credits
    limits = _limits_a_hire_breaks(now, stype, t)
    if why or limits:
        return " ".join(dict.fromkeys(why + limits)) + " You can still hire; the crew shows the rule it breaks."
    return f"A {stype['name']} costs {stype['cost']} Cr; the crew has {have} Cr at this point."


def _limits_a_hire_breaks(now, stype: dict, t) -> list[str]:
    """What hiring one more `stype` would take past the crew's limits (SG-CREW-05), as the crew stands now."""
    out, crew = [], t.crew
    n = len(now.soldiers)
    if n + 1 > crew["max_soldiers"]:
        out.append(f"Hiring {a(stype['name'])} would make {n + 1} soldiers; a crew has at most "
                   f"{crew['max_soldiers']}.")
    specialists = sum(1 for x in now.soldiers if t.soldiers.get(x["type"], {}).get("specialist"))
    if stype.get("specialist") and specialists + 1 > crew["max_specialists"]:
        out.append(f"Hiring {a(stype['name'])} would make {specialists + 1} specialists; at most "
                   f"{crew['max_specialists']} soldiers may be specialists.")
    return out


def equip_offers(data: dict, index: int, record: dict, role: str, pack, replayed=None) -> list[dict]:
    """Items an officer may take between games: the General Equipment List (free) and the stash's finds."""
    t = tables(pack)
    state = trial(data, index, record, pack, replayed).final
    out = [{"value": f["name"], "label": f"{f['name']} · from the stash ({f['slots']} slot"
                                         f"{'s' if f['slots'] != 1 else ''})"}
           for f in state.stash if f.get("kind") == "find"]
    out += [{"value": i["name"], "label": f"{i['name']} · {i['slots']} slot{'s' if i['slots'] != 1 else ''}"}
            for i in t.pack["items"] if i.get("at_creation") is not False]
    return out


def officer_items(data: dict, index: int, record: dict, role: str, pack, replayed=None) -> list[str]:
    return list(trial(data, index, record, pack, replayed).final.officers[role]["items"])


def stash_now(data: dict, index: int, record: dict, pack, replayed=None) -> list[dict]:
    return [dict(f) for f in trial(data, index, record, pack, replayed).final.stash]


def after_words(entry: dict) -> str:
    if not isinstance(entry, dict):
        return "?"
    if "hire" in entry:
        h = entry["hire"] if isinstance(entry["hire"], dict) else {}
        return f"hire {h.get('name') or h.get('type')}"
    for verb, words in (("dismiss", "dismiss {}"), ("take_back", "take the find back from {}"), ("sell", "sell {}")):
        if verb in entry:
            return words.format(entry[verb])
    if "equip" in entry:
        return f"re-equip {entry['equip']}: {', '.join(entry.get('items') or [])}"
    if "give" in entry:
        return f"give {entry.get('item')} to {entry['give']}"
    if "armour_trade" in entry:
        return (f"{entry['armour_trade']} trades the armour's pistol for a carbine" if entry.get("on") is not False
                else f"{entry['armour_trade']} takes the armour's pistol back")
    return "?"


def give_offers(data: dict, index: int, record: dict, soldier_id: str, pack, replayed=None) -> list[dict]:
    """The stash's finds for one soldier's item slot now: each with `fits` and the rule and reason that keep it out
    (SG-SOLD-10 a knife its type never carries, SG-SOLD-14 the slot filled by a traded carbine, SG-SOLD-05 a find
    already in the slot)."""
    from .soldier_gear import give_block
    t = tables(pack)
    state = trial(data, index, record, pack, replayed).final
    soldier = state.soldier(soldier_id) or {}
    now = {"armour_trade": soldier.get("armour_trade"), "item": (soldier.get("find") or {}).get("name")}
    out = []
    for f in state.stash:
        if f.get("kind") != "find":
            continue
        rule, why = give_block(t, t.soldiers.get(soldier.get("type", "")), now, f["name"]) if soldier else ("", "")
        out.append({"name": f["name"], "slots": f["slots"], "fits": not rule, "rule": rule, "reason": why})
    return out
