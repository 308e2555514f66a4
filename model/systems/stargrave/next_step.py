"""What a new player should do next on each part of a Stargrave crew: one short line from the document, the
rules pack's numbers and the issues already found (no rule is decided here; the checks decide, this reads). A
page whose own part is done points at what is left on another page (model/next_step_text.page_line), never at
what is done.

`next_step(part, data, issues, t)` with part "crew", "captain", "first_mate" or "soldiers".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, first_error, page_line, plural, to_fix

from .tables import ROLES, Tables

PARTS = ("crew", "captain", "first_mate", "soldiers")


def officer_open(role: str, data: dict, issues: list[Issue], t: Tables) -> str:
    """What is left to do for an officer ("" when nothing is)."""
    fig = t.figures[role]
    who = fig["label"]
    o = data.get(role) or {}
    if not isinstance(o, dict):
        return ""
    bg = t.backgrounds.get(t.canonical_background(o.get("background")) or "")
    if not bg:
        return f"Next: choose the {who}'s background."
    more = bg["choose"] - len(o.get("choices") or [])
    if more > 0:
        return f"Next: tick {more} more {t.crew['choice_bonus']:+d} for the {who}."
    more = fig["powers"] - len(o.get("powers") or [])
    if more > 0:
        return f"Next: choose {plural(more, 'more power')} for the {who}."
    lowered = sum(1 for p in o.get("powers") or [] if isinstance(p, dict) and p.get("reduced"))
    more = fig["creation_reductions"] - lowered
    if more > 0:
        return f"Next: lower {plural(more, 'more power')} by 1 (tick “Lowered by 1”)."
    if not o.get("items"):
        return f"Next: choose the {who}'s equipment ({fig['item_slots']} item slots)."
    return to_fix(issues, ("/" + role,))


def crew_open(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the crew."
    return to_fix(issues, ("/name",))


def soldiers_open(data: dict, issues: list[Issue], t: Tables) -> str:
    n, most = len(data.get("soldiers") or []), t.crew["max_soldiers"]
    error = to_fix(issues, ("/soldiers",))
    if error:
        return error
    if n < most:
        return (f"Next: hire soldiers ({n} of {most}): double-click a type in the catalogue."
                if n == 0 else f"Next: hire up to {plural(most - n, 'more soldier')} ({n} of {most}).")
    return ""


def _done(issues: list[Issue]) -> str:
    if any(i.is_error for i in issues):
        return finished(issues, "crew")
    return "The crew is full. Next: save it, print its sheet, or record a game on the Campaign page."


def creation_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    """The page's own step, or the first one left on another page (never one that is done)."""
    titles = {"crew": "Crew", "soldiers": "Soldiers", **{r: t.figures[r]["label"] for r in ROLES}}
    opens = {"crew": crew_open, "soldiers": soldiers_open,
             **{r: (lambda d, i, tt, r=r: officer_open(r, d, i, tt)) for r in ROLES}}
    pages = [(titles[p], lambda p=p: opens[p](data, issues, t)) for p in PARTS]
    line = page_line(titles[part], pages, lambda: _done(issues))
    if part in ROLES and not opens[part](data, issues, t) and line != _done(issues):
        return f"The {titles[part]} is ready. {line}"
    return line


def campaign_step(data: dict, issues: list[Issue]) -> str:
    """Once games are recorded the founding crew is settled: what is left is fixing a record or playing on."""
    error = first_error(issues, ("/campaign",))
    if error:
        return f"To fix: {error}"
    return "Next: after your next game, record it (Campaign › Record a Game…)."


def _has_games(data: dict) -> bool:
    campaign = data.get("campaign")
    return isinstance(campaign, dict) and isinstance(campaign.get("games"), list) and bool(campaign["games"])


def next_step(part: str, data: dict, issues: list[Issue], t: Tables) -> str:
    if part in ("crew", "captain", "first_mate", "soldiers") and _has_games(data):
        return campaign_step(data, issues)
    if part in PARTS:
        return creation_step(part, data, issues, t)
    return ""
