"""Stargrave crews: the rules of RULES.md sections 1.1 to 1.7, with DECISIONS.md applied."""

from __future__ import annotations

from ...issues import Issue
from ..lookup import repeats
from . import campaign
from .campaign.replay import Campaign
from . import check as _check
from .campaign.check import campaign_check
from .offers import offers
from .tables import KEYS, ROLES, Tables, tables
from ...system_contract import GameSystem

__all__ = ["new", "derive", "check", "offers", "founded_derived", "pack_problems", "tables", "Tables", "KEYS", "ROLES"]


def new(pack) -> dict:
    """A new, valid starter crew: named officers, no choices made yet (the issues list says what to pick)."""
    t = tables(pack)
    officer = {role: {"name": t.figures[role]["label"], "species": t.crew["default_species"], "background": "",
                      "choices": [], "powers": [], "items": []} for role in ROLES}
    return {
        "format": "starwright/stargrave-crew",
        "version": 3,
        "name": "New Crew",
        "captain": officer["captain"],
        "first_mate": officer["first_mate"],
        "soldiers": [],
        "notes": "",
        "campaign": {"games": []},
    }


class Derived(dict):
    """The derived values (a plain dict for JSON), carrying the replay it came from for `check`."""
    campaign: Campaign | None = None


def derive(data: dict, pack) -> dict:
    """The crew NOW (after every recorded game), with `campaign` and the officers' `level` (DESIGN.md)."""
    t = tables(pack)
    result = campaign.replay(data, t)
    out = Derived(campaign.crew_now(data, result.final, t, None if result.history else result.founded))
    out["credits_spent"] = result.founded["credits_spent"]   # hires at founding (SG-CREW-04)
    out["credits_left"] = result.final.credits               # credits now (SG-CREW-07)
    out["campaign"] = campaign.campaign_summary(result)
    if result.history:
        out["founded"] = result.founded   # the crew as founded, for the pages that edit it
    out.campaign = result
    return out


def fill_the_rest(data: dict, pack):
    """The quick start's one undo step (quickstart.py, imported when first asked for: a crew being edited or
    opened does not need it)."""
    from .quickstart import fill_the_rest as fill
    return fill(data, pack)


def founded_derived(derived: dict) -> dict:
    """The derived values of the crew AS FOUNDED (what the creation pages edit); the same as `derived`
    for a crew with no games."""
    return derived.get("founded") or derived


def check(data: dict, derived: dict, pack) -> list[Issue]:
    """Creation rules judge the crew as founded; the campaign rules, upkeep and the limits that hold after
    every game judge the games and the crew now."""
    t = tables(pack)
    result = getattr(derived, "campaign", None) or campaign.replay(data, t)
    return _check.check(data, result.founded, t) + campaign_check(data, result, t)


def pack_problems(pack: dict) -> list[tuple[str, str]]:
    """Cross-references the schema cannot see: names that must exist elsewhere in the pack."""
    out = []
    bgs = {b["name"] for b in pack["backgrounds"]}
    items = {i["name"] for i in pack["items"]}
    keys = {c["key"] for c in pack["characteristics"]}
    for i, p in enumerate(pack["powers"]):
        for j, b in enumerate(p["basic_for"]):
            if b not in bgs:
                out.append((f"/powers/{i}/basic_for/{j}", f'"{b}" is not a background in this pack'))
    for i, s in enumerate(pack["soldiers"]):
        for j, g in enumerate(s["gear"]):
            if g not in items:
                out.append((f"/soldiers/{i}/gear/{j}", f'"{g}" is not an item in this pack'))
    for i, it in enumerate(pack["items"]):
        for j, g in enumerate(it.get("includes", [])):
            if g not in items:
                out.append((f"/items/{i}/includes/{j}", f'"{g}" is not an item in this pack'))
        if it.get("swap_for") and it["swap_for"] not in items:
            out.append((f"/items/{i}/swap_for", f'"{it["swap_for"]}" is not an item in this pack'))
        for side in ("gives", "takes"):     # SG-SOLD-14: the armour's trade names items of the pack
            if it.get("soldier_trade") and it["soldier_trade"][side] not in items:
                out.append((f"/items/{i}/soldier_trade/{side}",
                            f'"{it["soldier_trade"][side]}" is not an item in this pack'))
    for i, b in enumerate(pack["backgrounds"]):
        for j, k in enumerate(b["choose_from"]):
            if k not in keys:
                out.append((f"/backgrounds/{i}/choose_from/{j}", f'"{k}" is not a characteristic in this pack'))
        if b["choose"] > len(b["choose_from"]):
            out.append((f"/backgrounds/{i}/choose", f"asks for {b['choose']} choices from only {len(b['choose_from'])} options"))
    for name in ("captain", "first_mate"):
        f = pack["figures"][name]
        if f["basic_powers_min"] > f["basic_powers_max"] or f["basic_powers_max"] > f["powers"]:
            out.append((f"/figures/{name}/basic_powers_max", "basic power counts do not fit the number of powers"))
    camp = pack.get("campaign")
    if camp:
        for key, tab in camp["loot"]["tables"].items():
            for i, row in enumerate(tab["rows"]):
                if row["kind"] == "find" and row["table"] not in camp["loot"]["find_tables"]:
                    out.append((f"/campaign/loot/tables/{key}/rows/{i}/table",
                               f'"{row["table"]}" is not one of the find tables ({", ".join(camp["loot"]["find_tables"])})'))
        for name, rows in [("loot/tables/" + k, t["rows"]) for k, t in camp["loot"]["tables"].items()] + \
                [("survival/soldier", camp["survival"]["soldier"]), ("survival/officer", camp["survival"]["officer"])]:
            for i, row in enumerate(rows):
                if row["from"] > row["to"]:
                    out.append((f"/campaign/{name}/rows/{i}" if name.startswith("loot") else f"/campaign/{name}/{i}",
                                f"the row runs from {row['from']} to {row['to']}"))
    names = [p["name"] for p in pack["powers"]]
    for i in repeats(names):
        out.append((f"/powers/{i}/name", f'"{names[i]}" is listed twice'))
    return out


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems, offers=offers, quick_start=fill_the_rest)
