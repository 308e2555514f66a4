"""A soldier's id is never reused, not even one only the game in progress still counts for (/play/figures): a
new hire never inherits a removed or dismissed soldier's Health lost or loot (SG-CAMP-01)."""

from __future__ import annotations

import copy

from model import edits
from model.evaluate import evaluate
from model.rules_pack import builtin_pack
from model.storage import load
from model.systems.stargrave import record_choices
from model.systems.stargrave.actions import roster
from tests.conftest import EXAMPLES

PACK = builtin_pack("stargrave")


def health_lost(data, kind, sid):
    r = evaluate(data, kind)
    g = next(g for g in r.play if g.key == sid)
    return g.tracks[0].stored


def test_SG_CAMP_01_a_hire_after_removing_a_wounded_soldier_does_not_inherit_its_health_lost():
    loaded = load(EXAMPLES / "ashen-comet-veteran.starwright")   # no hires in its games: s6 is the last id
    data, kind = loaded.data, loaded.kind
    last = data["soldiers"][-1]["id"]
    data["play"] = {"figures": {last: {"health_lost": 3}}}
    assert health_lost(data, kind, last) == 3
    edits.apply(data, roster.remove(data, len(data["soldiers"]) - 1))
    edits.apply(data, roster.hire(data, data["soldiers"][0]["type"]))
    new = data["soldiers"][-1]["id"]
    assert new != last and health_lost(data, kind, new) == 0


def test_SG_CAMP_01_a_campaign_hire_skips_ids_the_game_in_progress_counts_for():
    data = load(EXAMPLES / "ashen-comet-veteran.starwright").data
    record = {"title": "Test", "date": "2026-12-05", "out_of_action": [], "survival": [],
              "xp": {"loot": 0, "powers": 0, "rivals": 0, "creatures": 0, "bonus": 0}, "loot": [], "levels": [],
              "after": []}
    free = record_choices.new_hire(copy.deepcopy(data), 0, record, "Trooper", "Kell", PACK)["id"]
    data["play"] = {"figures": {free: {"health_lost": 2}}}
    again = record_choices.new_hire(data, 0, record, "Trooper", "Kell", PACK)["id"]
    assert again != free and int(again[1:]) == int(free[1:]) + 1
