"""Named operations on the campaign: record a game (or replace a reopened one) as one edit."""

from __future__ import annotations

from .... import edits
from ..campaign.replay import games_of
from ..record_choices import GAMES


def record_game(data: dict, index: int, record: dict, reopened: bool) -> edits.Edit:
    """The one edit that records `record` as game `index` (replacing it when the game was reopened); a file whose
    campaign or game list is missing or not a list gets one."""
    title = record.get("title") or f"game {index + 1}"
    camp = data.get("campaign")
    if reopened and index < len(games_of(data)):
        return edits.Batch((edits.Set(f"{GAMES}/{index}", record),), f"change game “{title}”")
    if not isinstance(camp, dict):
        return edits.Batch((edits.Set("/campaign", {"games": [record]}),), f"record game “{title}”")
    if not isinstance(camp.get("games"), list):
        return edits.Batch((edits.Set("/campaign/games", [record]),), f"record game “{title}”")
    return edits.Batch((edits.Insert(f"{GAMES}/-", record),), f"record game “{title}”")
