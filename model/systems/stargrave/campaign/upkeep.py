"""SG-EQ-08 upkeep before every game, as DECISIONS.md reads it: credits pay the officers' Assault Armour
first (Captain, then First Mate), then the soldiers' in roster order. An officer's unpaid armour is an
error at that officer's items (the rules make them swap it); a soldier's is a warning at that soldier
(it sits the game out; a Recruit or Runner may stand in)."""

from __future__ import annotations

from ....issues import ERROR, WARNING, Issue
from ..derive import soldier_gear
from ..tables import ROLES, Tables
from .state import CampaignState


def _costly(t: Tables, key: tuple, names) -> list[tuple[str, int]]:
    """(item, upkeep) of the items that owe upkeep among `names`, remembered per Tables by `key`."""
    memo = t.__dict__.setdefault("_upkeep_memo", {})
    found = memo.get(key)
    if found is None:
        found = memo[key] = [(n, t.items[n]["upkeep"]) for n in names() if t.items.get(n, {}).get("upkeep")]
    return found


def _officer_items(t: Tables, items: list) -> list[str]:
    names = [n for n in (t.canonical_item(x) for x in items) if n]
    return names + [n for item in names for n in t.items[item].get("includes", []) if n in t.items]


def upkeep_due(state: CampaignState, t: Tables) -> list[dict]:
    """Every upkeep the crew owes before its next game, in paying order:
    {"who" (role or soldier id), "label", "pointer", "item", "cost", "officer"}."""
    out = []
    for role in ROLES:
        o = state.officers[role]
        for name, cost in _costly(t, ("officer", *o["items"]), lambda: _officer_items(t, o["items"])):
            out.append({"who": role, "label": f"the {t.figures[role]['label']}", "pointer": o["items_at"],
                        "item": name, "cost": cost, "officer": True})
    for s in state.soldiers:
        stype = t.soldiers.get(s["type"])
        if not stype:
            continue
        for name, cost in _costly(t, ("soldier", stype["name"], s["shotgun"]), lambda: soldier_gear(s, stype, t)):
            if cost:
                who = f"{s['name']} ({stype['name']})" if s["name"] else f"the {stype['name']}"
                out.append({"who": s["id"], "label": who, "pointer": s["at"], "item": name, "cost": cost,
                            "officer": False})
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
        else:
            issues.append(Issue(due["pointer"], "SG-EQ-08", WARNING,
                                f"{when.capitalize()} the crew has {have} Cr, not the {due['cost']} Cr upkeep of "
                                f"{due['label']}'s {due['item']}: unpaid, it sits that game out "
                                f"(a Recruit or Runner may stand in)."))
    if pay:
        state.credits = credits
    return paid, issues
