"""The walk-through's draft evaluates the session's document with its record in place of the game, sharing the
session's values instead of copying them: what it says equals an evaluation of a copy, and the session's
document is left exactly as it was."""

from __future__ import annotations

import copy
import json

from gui.pages.stargrave.record.draft import Draft
from model.evaluate import evaluate
from model.storage import load
from model.paths import resources_dir

CAMPAIGN = resources_dir() / "examples" / "ashen-comet-campaign.starwright"


def _copy_with(data: dict, index: int, record: dict) -> dict:
    doc = copy.deepcopy(data)
    doc["campaign"]["games"] = doc["campaign"]["games"][:index] + [copy.deepcopy(record)]
    return doc


def test_SG_CAMP_01_the_walkthrough_draft_says_what_a_copy_says_and_changes_nothing_of_the_session():
    loaded = load(CAMPAIGN)
    data, kind = loaded.data, loaded.kind
    before = json.dumps(data)
    games = data["campaign"]["games"]
    for index in (len(games) - 1, 1, None):        # the last game reopened, an early one, a new game
        draft = Draft(data, kind, index, games[index] if index is not None else None, "2026-12-02")
        draft.set("/xp/rivals", 7)
        draft.set("/loot/-", {"table": "digital", "roll": 4, "credits_roll": 10})
        draft.set("/out_of_action", ["s2"])
        draft.remove("/levels")
        draft.undo()
        at = draft.index
        want = evaluate(_copy_with(data, at, draft.record), kind)
        assert [i.to_json() for i in draft.after.issues] == [i.to_json() for i in want.issues]
        assert json.dumps(draft.after.derived, sort_keys=True) == json.dumps(want.derived, sort_keys=True)
        wanted_before = copy.deepcopy(data)
        wanted_before["campaign"]["games"] = wanted_before["campaign"]["games"][:at]
        assert json.dumps(draft.before.derived, sort_keys=True) == json.dumps(evaluate(wanted_before, kind).derived,
                                                                              sort_keys=True)
        assert json.dumps(data) == before
