"""Stargrave cards: one per figure (Captain, First Mate, each soldier) and one per power the officers
know; the crew's credits, upkeep, roster and (for a campaign) XP, credits and stash for the listing.
Every number is read from `result.derived` (SG-PROF-02's "own/with equipment" pairs included)."""

from __future__ import annotations

from ..systems.stargrave.derive import format_profile_value, format_value
from ..systems.stargrave.tables import KEYS, ROLES, tables
from . import Card, num, one



def _heads(t) -> list[list[str]]:
    return [[t.char[k]["abbr"], t.char[k]["label"]] for k in KEYS]


def _legend(t, officer: bool) -> str:
    names = " · ".join(f"{t.char[k]['abbr']} {t.char[k]['label']}" for k in KEYS)
    return names + (" · a/b: own/with equipment" if officer else " · as equipped")


def _officer(role: str, data: dict, d: dict, t) -> Card | None:
    officer = data.get(role) or {}
    od = d.get(role) or {}
    if not od:
        return None
    bits: list[str] = [t.figures[role]["label"]]
    if od.get("background"):
        bits.append(od["background"])
    if officer.get("species"):
        bits.append(one(officer["species"]))
    bits.append(f"level {od.get('level', '?')}")
    profile = {"heads": _heads(t), "legend": _legend(t, True),
               "values": [format_profile_value(k, od["base_profile"][k], od["profile"][k], t) for k in KEYS]}
    powers = [[p["name"], str(p["activation"]), str(p["fatigue"])] for p in od.get("powers", [])]
    gear = [s["name"] for s in od.get("item_slots", [])] + [f"{n} (built in)" for n in od.get("built_in", [])]
    notes = [["Slots", f"{od.get('slots_used', '?')} of {od.get('slots', '?')}"]]
    if od.get("unarmed"):
        notes.append(["Unarmed", f"{t.crew['unarmed_fight']:+d} Fight, {t.crew['unarmed_damage']:+d} damage"])
    return Card("figure", {"name": one(officer.get("name")) or t.figures[role]["label"], "type": ", ".join(bits),
                           "profile": profile, "powers": powers, "gear": gear, "notes": notes,
                           "health": od["profile"]["health"]})


def _soldier(s: dict, sd: dict, t) -> Card:
    """A soldier's card. `sd` is the derived soldier; for a campaign crew (version 2) it is the soldier
    now (hired in a game, item given) and carries its own name, item and robot flag, which win over `s`."""
    s = {**s, **{k: sd[k] for k in ("name", "item", "robot") if k in sd}}
    known = sd.get("known", False)
    bits: list[str] = [sd["type"] if known else f"{one(s.get('type'))} (not in the rules pack)"]
    if known:
        bits.append(f"{sd.get('cost')} Cr")
    if sd.get("specialist"):
        bits.append("specialist")
    prof = sd.get("profile") or {}
    profile = {"heads": _heads(t), "legend": _legend(t, False),
               "values": [format_value(k, prof[k], t) if k in prof else "?" for k in KEYS]}
    gear = list(sd.get("gear", []))
    if s.get("item"):
        gear.append(one(s["item"]))
    if sd.get("slot_words"):     # SG-SOLD-14: the carbine in place of the armour's pistol, in the item slot
        gear.append(sd["slot_words"])
    notes = []
    if s.get("robot"):
        notes.append(["Robot", "yes"])
    if s.get("shotgun"):
        swapped, swap_for = t.swap()
        notes.append([swap_for or "Swap", f"instead of the {swapped.lower()}"])
    if sd.get("injured"):
        now = sd.get("health_now")
        notes.append(["Injured", f"starts the next game with {now} Health" if isinstance(now, int) else
                      "starts the next game injured"])
    return Card("figure", {"name": one(s.get("name")) or bits[0], "type": ", ".join(bits), "profile": profile,
                           "powers": [], "gear": gear, "notes": notes, "health": prof.get("health")})


def _power_cards(d: dict, t) -> list[Card]:
    holders: dict[str, list[str]] = {}
    for role in ROLES:
        for p in (d.get(role) or {}).get("powers", []):
            holders.setdefault(p["name"], []).append(f"{p['activation']} {t.figures[role]['label']}")
    out = []
    for name in sorted(holders, key=str.casefold):
        p = t.powers[name]
        basic = []
        if p.get("basic_for"):
            basic.append("Basic for " + ", ".join(p["basic_for"]))
        if p.get("rulebook_name") and p["rulebook_name"] != name:
            basic.append("Rulebook name: " + p["rulebook_name"])
        out.append(Card("power", {"name": name, "category": p["category"],
                                  "numbers": [["Activation", " · ".join(holders[name])], ["Fatigue", str(p["fatigue"])]],
                                  "summary": p.get("summary", ""), "basic": " · ".join(basic)}))
    return out


def _records(data: dict, d: dict) -> list[dict]:
    """The document's record of each derived soldier: by id for a campaign crew (founded or hired in a
    game's `after`), else in order."""
    founded = list(data.get("soldiers", []))
    if not any("id" in sd for sd in d.get("soldiers", [])):
        return founded
    by_id = {s.get("id"): s for s in founded}
    camp = data.get("campaign")     # a kept record: the file may hold anything here (the check says what)
    games = camp.get("games") if isinstance(camp, dict) else None
    for game in games if isinstance(games, list) else []:
        after = game.get("after") if isinstance(game, dict) else None
        for step in after if isinstance(after, list) else []:
            hire = step.get("hire") if isinstance(step, dict) else None
            if isinstance(hire, dict):
                by_id.setdefault(hire.get("id"), hire)
    return [by_id.get(sd.get("id"), {}) for sd in d.get("soldiers", [])]


def cards(data: dict, result) -> list[Card]:
    d, t = result.derived, tables(result.pack)
    out = [c for c in (_officer(r, data, d, t) for r in ROLES) if c]
    out += [_soldier(s, sd, t) for s, sd in zip(_records(data, d), d.get("soldiers", []))]
    return out + _power_cards(d, t)


def _campaign(d: dict) -> dict | None:
    """derived.campaign of a version 2 crew that has played games (DESIGN.md), with `played` the count;
    None for a crew as founded (version 1, or version 2 with no games yet)."""
    camp = d.get("campaign")
    if not isinstance(camp, dict):
        return None
    games = camp.get("games")
    played = len(games) if isinstance(games, list) else games if isinstance(games, int) else 0
    return {**camp, "played": played} if played else None


def facts(data: dict, result) -> list[tuple[str, str]]:
    d, t = result.derived, tables(result.pack)
    camp = _campaign(d)
    if camp:  # credits now, after its games
        credits = (f"{num(camp.get('credits', d.get('credits_left')))} now (founded with "
                   f"{num(d.get('credits_start'))}, {num(d.get('credits_spent'))} spent on hiring)")
    else:
        credits = (f"{num(d.get('credits_start'))} to start, {num(d.get('credits_spent'))} spent, "
                   f"{num(d.get('credits_left'))} left")
    out = [("Credits", credits),
           ("Upkeep", f"{d['upkeep']} Cr per game" if d.get("upkeep") else "none"),
           ("Soldiers", f"{len(d.get('soldiers', []))} of {t.crew['max_soldiers']}, "
                        f"specialists {d.get('specialists', 0)} of {t.crew['max_specialists']}")]
    if camp:  # the crew now, after its games
        n = camp["played"]
        out.append(("Campaign", f"{num(n)} game{'s' if n != 1 else ''} played"))
        levels = [f"{t.figures[r]['label']} {d[r]['level']}" for r in ROLES if isinstance(d.get(r), dict) and "level" in d[r]]
        if levels:
            out.append(("Levels", ", ".join(levels)))
        out.append(("XP", f"{num(camp.get('xp_unspent'))} unspent ({num(camp.get('xp_earned'))} earned, "
                          f"{num(camp.get('xp_spent'))} spent)"))
        stash = camp.get("stash")
        if isinstance(stash, list):
            out.append(("Stash", ", ".join(one(x.get("name") if isinstance(x, dict) else x) for x in stash) or "empty"))
    return out


def blank(card_type: str, pack) -> dict:
    t = tables(pack)
    if card_type == "power":
        return {"name": "", "category": "", "numbers": [["Activation", ""], ["Fatigue", ""]], "summary": "", "basic": ""}
    return {"name": "", "type": "", "profile": {"heads": _heads(t), "values": [""] * len(KEYS),
                                               "legend": _legend(t, True)},
            "powers": [], "gear": [], "notes": [], "health": None}
