"""Stargrave ENFORCE rules: each check returns Issues with the RULES.md id and the pointer at fault."""

from __future__ import annotations

from ... import pointer as jp
from ...issues import ERROR, INFO, WARNING, Issue
from ...wording import count_word
from .equipment import CAMPAIGN_ONLY
from . import soldier_gear as gear
from .powers import basic_count
from .tables import ROLES, Tables


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check_officer(data: dict, role: str, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    officer = data[role]
    fig = t.figures[role]
    who = fig["label"]
    base = jp.join(role)
    rule_prefix = "SG-CAPT" if role == "captain" else "SG-FM"

    if officer.get("robot"):
        out.append(Issue(base + "/robot", "SG-CREW-09", ERROR, f"The {who} cannot be a robot; only soldiers can."))

    # SG-BG-02: the First Mate's background may match the Captain's, so nothing compares the two
    # Background (SG-BG-01) and its chosen adjustments (SG-BG-04)
    raw_bg = officer.get("background", "")
    bg_name = t.canonical_background(raw_bg)
    bg = t.backgrounds.get(bg_name) if bg_name else None
    if not raw_bg:
        out.append(Issue(base + "/background", "SG-BG-01", ERROR,
                         f"Choose a background for the {who}: one of {', '.join(t.backgrounds)}."))
    elif not bg:
        out.append(Issue(base + "/background", "SG-BG-01", ERROR,
                         f'"{raw_bg}" is not a background; choose one of {", ".join(t.backgrounds)}.'))
    elif bg_name != raw_bg:
        out.append(Issue(base + "/background", "SG-BG-01", INFO,
                         f'"{raw_bg}" is the English-edition name of the {bg_name} background.'))
    if bg:
        choices = officer.get("choices", [])
        allowed = bg["choose_from"]
        labels = " or ".join(t.label(k) for k in allowed)
        bonus = f"{t.crew['choice_bonus']:+d}"
        for i, c in enumerate(choices):
            if c not in allowed:
                out.append(Issue(f"{base}/choices/{i}", "SG-BG-04", ERROR,
                                 f"{bg_name}: {bonus} to {t.label(c) if c in t.char else repr(c)} is not offered; "
                                 f"choose from {labels}."))
            elif c in choices[:i]:
                out.append(Issue(f"{base}/choices/{i}", "SG-BG-04", ERROR,
                                 f"{bg_name}: the {bonus} choices must go to different characteristics "
                                 f"({t.label(c)} is chosen twice)."))
        if len(choices) != bg["choose"]:
            out.append(Issue(base + "/choices", "SG-BG-04", ERROR,
                             f"{who} ({bg_name}): choose {bonus} to {_plural(bg['choose'], 'characteristic')} from "
                             f"{labels}; {len(choices)} chosen."))

    # Powers (SG-CAPT-02/03/04/06, SG-FM-02/04)
    powers = officer.get("powers", [])
    names = []
    for i, entry in enumerate(powers):
        raw = entry.get("name", "")
        name = t.canonical_power(raw)
        ptr = f"{base}/powers/{i}"
        if not name:
            out.append(Issue(ptr + "/name", f"{rule_prefix}-{'03' if role == 'captain' else '02'}", ERROR,
                             f'"{raw}" is not a power in the rules pack.'))
            continue
        if name != raw:
            out.append(Issue(ptr + "/name", "SG-BG-06", INFO, f'"{raw}" is the English-edition name of {name}.'))
        if name in names:
            out.append(Issue(ptr + "/name", "SG-CAPT-04", ERROR, f"{who}: {name} is chosen twice; a power can be taken only once."))
        names.append(name)
    want = fig["powers"]
    if len(powers) != want:
        rule = "SG-CAPT-03" if role == "captain" else "SG-FM-02"
        out.append(Issue(base + "/powers", rule, ERROR,
                         f"The {who} must have exactly {want} powers; {len(powers)} chosen."))
    if bg:
        basic = basic_count(names, bg_name, t)
        lo, hi = fig["basic_powers_min"], fig["basic_powers_max"]
        rule = "SG-CAPT-02" if role == "captain" else "SG-FM-02"
        if len(powers) >= want and basic < lo:
            out.append(Issue(base + "/powers", rule, ERROR,
                             f"{bg_name} {who.lower()}: {_plural(len(powers), 'power')} chosen but only {basic} "
                             f"{'is a' if basic == 1 else 'are'} {bg_name} basic power{'' if basic == 1 else 's'}; choose {lo} or {hi}."
                             if lo + 1 == hi else
                             f"{bg_name} {who.lower()}: at least {lo} powers must be {bg_name} basic powers; {basic} are."))
        elif basic > hi:
            out.append(Issue(base + "/powers", "SG-CAPT-03" if role == "captain" else rule, ERROR,
                             f"{bg_name} {who.lower()}: {basic} basic powers chosen but at most {hi} may be basic; "
                             f"the rest must come from other backgrounds' lists."))

    reduced = [i for i, e in enumerate(powers) if e.get("reduced")]
    allowed_reductions = fig["creation_reductions"]
    if reduced and allowed_reductions == 0:
        for i in reduced:
            out.append(Issue(f"{base}/powers/{i}/reduced", "SG-FM-04", ERROR,
                             f"The {who} gets no creation reductions to activation numbers."))
    elif len(reduced) > allowed_reductions:
        for i in reduced[allowed_reductions:]:
            out.append(Issue(f"{base}/powers/{i}/reduced", "SG-CAPT-06", ERROR,
                             f"The {who} may lower only {allowed_reductions} different powers by "
                             f"{t.crew['creation_reduction']} at creation; "
                             f"{len(reduced)} are lowered."))
    floor = t.crew["activation_floor"]
    by_name = {p["name"]: p for p in d["powers"]}
    for i in reduced:
        name = t.canonical_power(powers[i].get("name"))
        p = by_name.get(name)
        if p and not p["reduced"] and allowed_reductions and len(reduced) <= allowed_reductions:
            out.append(Issue(f"{base}/powers/{i}/reduced", "SG-CAPT-06", ERROR,
                             f"{name} cannot be lowered below activation {floor}."))

    # Equipment (SG-CAPT-09, SG-FM-07, SG-EQ-02/03/09)
    slot_rule = "SG-CAPT-09" if role == "captain" else "SG-FM-07"
    status = d["item_status"]
    for s in status:
        if not s["known"]:
            out.append(Issue(s["pointer"], slot_rule, ERROR, f'"{s["name"]}" is not on the General Equipment List.'))
        elif (s["rule"], s["reason"]) == ("SG-EQ-09", CAMPAIGN_ONLY):
            out.append(Issue(s["pointer"], "SG-EQ-09", ERROR,
                             f"A {s['name'].lower()} cannot be chosen at creation; it is found during a campaign."))
    if d["slots_used"] > d["slots"]:
        out.append(Issue(base + "/items", "SG-EQ-02", ERROR,
                         f"The {who}'s items use {d['slots_used']} slots; the {who} has {d['slots']}."))
    # the statuses of equipment.py decide SG-EQ-03 and the shield's bar (SG-EQ-09); the list says so once
    if any(r == "SG-EQ-03" for s in status for r, _ in s["blocks"]):
        armours = [s["name"] for s in status if s["kind"] == "armour"]
        out.append(Issue(base + "/items", "SG-EQ-03", ERROR,
                         f"The {who} wears {' and '.join(armours)}; a figure may wear only "
                         f"{count_word(t.crew['max_armours'])} type{'s' if t.crew['max_armours'] != 1 else ''} of armour."))
    barred = [why for s in status for r, why in s["blocks"] if r == "SG-EQ-09" and why != CAMPAIGN_ONLY]
    if barred:
        out.append(Issue(base + "/items", "SG-EQ-09", ERROR, f"{'; '.join(barred)}."))
    if d["unarmed"]:  # also with no items at all: an empty list is no more armed than a shotgun alone
        out.append(Issue(base + "/items", "SG-PROF-07", WARNING,
                         f"The {who} has no melee weapon and fights unarmed "
                         f"({t.crew['unarmed_fight']:+d} Fight in melee)."
                         + (f" A {t.free_melee().lower()} is free." if t.free_melee() else "")))
    return out


def soldier_gear_issues(s: dict, stype: dict, ptr: str, t: Tables) -> list[Issue]:
    """SG-SOLD-10 (a knife only where the type's standard gear has one) and SG-SOLD-14 (the armour's pistol traded
    for a carbine fills the one item slot) for a soldier entry of the document (`ptr`: where it is)."""
    out = []
    why = gear.barred(t, stype, s.get("item"))
    if why:
        out.append(Issue(ptr + "/item", "SG-SOLD-10", ERROR, why))
    if s.get("armour_trade"):
        why = gear.trade_block(t, stype, s.get("item") or None)
        if why:
            out.append(Issue(ptr + "/armour_trade", "SG-SOLD-14", ERROR, why))
    return out


def check_soldiers(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    soldiers = data.get("soldiers", [])
    crew = t.crew
    for i, s in enumerate(soldiers):
        ptr = f"/soldiers/{i}"
        stype = t.soldiers.get(s.get("type"))
        if not stype:
            out.append(Issue(ptr + "/type", "SG-SOLD-01", ERROR,
                             f'"{s.get("type")}" is not a soldier type in the rules pack.'))
            continue
        if s.get("robot") and stype.get("can_be_robot") is False:
            # SG-SOLD-08: the seed lets any recruited soldier be declared a robot; can_be_robot comes from the
            # reference note, not the rules, so it is only a note
            out.append(Issue(ptr + "/robot", "SG-SOLD-08", INFO,
                             f"A robot {stype['name']}: the rules let any recruited soldier be declared a robot, "
                             f"though the usual {stype['name']} is not one; tell your opponents what it represents."))
        if s.get("shotgun") and not t.shotgun_allowed(stype):
            out.append(Issue(ptr + "/shotgun", "SG-SOLD-11", ERROR,
                             f"A {stype['name']} has no {t.swap()[0].lower() or 'weapon to swap'}, so it cannot "
                             f"swap one for a {t.swap()[1].lower() or 'another'}."))
        # SG-SOLD-04: a soldier has no General Equipment List items (the document has no place for them);
        # its one slot is for campaign finds only
        if s.get("item"):
            out.append(Issue(ptr + "/item", "SG-SOLD-05", ERROR,
                             "A soldier's item slot holds only something found in the campaign; "
                             "it is empty at creation."))
        out += soldier_gear_issues(s, stype, ptr, t)
    # SG-CREW-03: the permanent roster is one Captain and one First Mate (both required by the schema)
    # and at most max_soldiers soldiers
    if len(soldiers) > crew["max_soldiers"]:
        out.append(Issue("/soldiers", "SG-CREW-05", ERROR,
                         f"The crew has {len(soldiers)} soldiers; at most {crew['max_soldiers']} may be hired "
                         f"(a full crew is 1 Captain, 1 First Mate and {crew['max_soldiers']} soldiers)."))
    if d["specialists"] > crew["max_specialists"]:
        out.append(Issue("/soldiers", "SG-CREW-05", ERROR,
                         f"The crew has {d['specialists']} specialists; at most {crew['max_specialists']} soldiers may be specialists."))
    # SG-EQ-08 upkeep is checked before every game by campaign/upkeep.py (officers first).
    if d["credits_left"] < 0:
        out.append(Issue("/soldiers", "SG-CREW-06", ERROR,
                         f"The soldiers cost {d['credits_spent']} Cr but the crew has only {crew['starting_credits']} Cr "
                         f"({-d['credits_left']} Cr over)."))
    return out


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    # SG-CREW-01, SG-CREW-02: exactly one Captain and one First Mate (the schema requires both, once each)
    for role in ROLES:
        if role in derived:
            out += check_officer(data, role, derived[role], t)
    out += check_soldiers(data, derived, t)
    if not str(data.get("name", "")).strip():
        out.append(Issue("/name", "SG-CREW-13", WARNING, "The crew has no name yet."))
    return out
