"""What a new player should do next on each part of a Stargrave crew: one short line from the document, the
rules pack's numbers and the issues already found (no rule is decided here; the checks decide, this reads).

`next_step(part, data, issues, t)` with part "crew", "captain", "first_mate" or "soldiers".
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import first_error, plural

from .tables import Tables

NEXT_PAGE = {"crew": "name the Captain", "captain": "the First Mate", "first_mate": "hire soldiers"}


def officer_step(role: str, data: dict, issues: list[Issue], t: Tables) -> str:
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
    error = first_error(issues, ("/" + role,))
    if error:
        return f"To fix: {error}"
    return f"The {who} is ready. Next: {NEXT_PAGE[role]}."


def crew_step(data: dict, issues: list[Issue], t: Tables) -> str:
    if not str(data.get("name") or "").strip():
        return "Next: name the crew."
    for role in ("captain", "first_mate"):
        step = officer_step(role, data, issues, t)
        if not step.startswith(f"The {t.figures[role]['label']} is ready"):
            return f"{t.figures[role]['label']}: {step}"
    return soldiers_step(data, issues, t)


def soldiers_step(data: dict, issues: list[Issue], t: Tables) -> str:
    n, most = len(data.get("soldiers") or []), t.crew["max_soldiers"]
    error = first_error(issues, ("/soldiers",))
    if error:
        return f"To fix: {error}"
    if n < most:
        return (f"Next: hire soldiers ({n} of {most}): double-click a type in the catalogue."
                if n == 0 else f"Next: hire up to {plural(most - n, 'more soldier')} ({n} of {most}).")
    return "The crew is full. Next: save it, print its sheet, or record a game on the Campaign page."


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
    if part in ("captain", "first_mate"):
        return officer_step(part, data, issues, t)
    if part == "soldiers":
        return soldiers_step(data, issues, t)
    if part == "crew":
        return crew_step(data, issues, t)
    return ""
