"""The campaign's ENFORCE rules that are not found while replaying a game: the soldiers' ids, and SG-EQ-08
upkeep before the crew's next game (the upkeep before each recorded game is found by the replay)."""

from __future__ import annotations

from ....issues import ERROR, Issue
from ..tables import Tables
from .replay import Campaign, games_of
from .upkeep import pay_upkeep


def campaign_check(data: dict, result: Campaign, t: Tables) -> list[Issue]:
    out = list(result.issues)
    seen: set[str | None] = set()
    has_games = bool(games_of(data))
    for i, s in enumerate(data.get("soldiers", [])):
        sid = s.get("id") if isinstance(s, dict) else None
        if sid is None:
            if has_games:
                out.append(Issue(f"/soldiers/{i}", "SG-CAMP-01", ERROR, "Give this soldier an id (s1, s2, ...) so the "
                                 "games can name it."))
        elif sid in seen or sid in ("captain", "first_mate"):
            out.append(Issue(f"/soldiers/{i}/id", "SG-CAMP-01", ERROR, f'Two figures of the crew have the id "{sid}"; '
                             f"give each soldier its own."))
        seen.add(sid)
    when = "before the next game" if has_games else "before the first game"
    _, upkeep = pay_upkeep(result.final.copy(), t, when, pay=False)
    return out + upkeep
