"""SG-EQ-08 upkeep before every game, as DECISIONS.md reads it: credits pay the officers' Assault Armour
first (Captain, then First Mate), then the soldiers' in roster order. An officer's unpaid armour is an
error at that officer's items (the rules make them swap it); a soldier's is a warning at that soldier
(it sits the game out; a Recruit or Runner may stand in)."""

from __future__ import annotations

from ....issues import ERROR, WARNING, Issue
from ..derive import soldier_gear
from ..tables import ROLES, Tables
from .memo import remembered
from .state import CampaignState


def _owing(t: Tables, state: CampaignState) -> list[tuple]:
    """(role or soldier index, item, upkeep) of every item that owes upkeep, remembered per Tables by the
    officers' items and the soldiers' types (a campaign keeps the same kit for many games)."""
    key = (tuple(tuple(state.officers[r]["items"]) for r in ROLES),
           tuple((s["type"], s["shotgun"]) for s in state.soldiers))
    return remembered(t, "_upkeep_memo", key, lambda: _read_owing(t, state))


def _read_owing(t: Tables, state: CampaignState) -> list[tuple]:
    found: list[tuple] = []
    for role in ROLES:
        found += [(role, n, cost) for n, cost in officer_dues(t, state.officers[role]["items"])]
    for i, s in enumerate(state.soldiers):
        stype = t.soldiers.get(s["type"])
        if stype:
            found += [(i, n, t.items[n]["upkeep"]) for n in soldier_gear(s, stype, t)
                      if t.items.get(n, {}).get("upkeep")]
    return found


def officer_dues(t: Tables, items) -> list[tuple[str, int]]:
    """(item, upkeep) of each of an officer's items that owes upkeep, with the items they include, in paying
    order: all an officer's items say about the upkeep before a game."""
    names = [n for n in (t.canonical_item(x) for x in items) if n]
    names += [n for item in names for n in t.items[item].get("includes", []) if n in t.items]
    return [(n, t.items[n]["upkeep"]) for n in names if t.items[n].get("upkeep")]


def upkeep_due(state: CampaignState, t: Tables) -> list[dict]:
    """Every upkeep the crew owes before its next game, in paying order:
    {"who" (role or soldier id), "label", "pointer", "item", "cost", "officer"}."""
    out = []
    for who, name, cost in _owing(t, state):
        if who in ROLES:
            out.append({"who": who, "label": f"the {t.figures[who]['label']}",
                        "pointer": state.officers[who]["items_at"], "item": name, "cost": cost, "officer": True})
        else:
            s = state.soldiers[who]
            kind = t.soldiers[s["type"]]["name"]
            out.append({"who": s["id"], "label": f"{s['name']} ({kind})" if s["name"] else f"the {kind}",
                        "pointer": s["at"], "item": name, "cost": cost, "officer": False})
    return out


def pay_upkeep(state: CampaignState, t: Tables, when: str, pay: bool = True) -> tuple[int, list[Issue]]:
    """Pay what the credits allow, officers first; return (credits paid, issues for what is unpaid).
    `when` names the game ("before game 3, Salvage at Kerrin's Drift"); with pay=False nothing is deducted
    (the crew now, before its next game)."""
    credits = state.credits
    paid = 0
    issues = []
    for due in upkeep_due(state, t):
        if credits >= due["cost"]:
            credits -= due["cost"]
            paid += due["cost"]
            continue
        have = max(credits, 0)
        if due["officer"]:
            issues.append(Issue(due["pointer"], "SG-EQ-08", ERROR,
                                f"{when.capitalize()} the crew has {have} Cr, not the {due['cost']} Cr upkeep of "
                                f"{due['label']}'s {due['item']}: {due['label']} must swap it for other equipment."))
        else:   # SG-SOLD-13: an assault-armoured soldier unpaid sits the game out; a Recruit or Runner may stand in
            issues.append(Issue(due["pointer"], "SG-EQ-08", WARNING,
                                f"{when.capitalize()} the crew has {have} Cr, not the {due['cost']} Cr upkeep of "
                                f"{due['label']}'s {due['item']}: unpaid, it sits that game out "
                                f"(a Recruit or Runner may stand in)."))
    if pay:
        state.credits = credits
    return paid, issues
