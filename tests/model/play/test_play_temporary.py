"""SG-CREW-08: temporary members for one game, through the model: added in the Play view's state, each with a Health
track, never counted against the roster's limits, gone after the game; the game record lists that they played."""

from __future__ import annotations

import copy

from model import edits, play, storage
from model.evaluate import evaluate
from model.play import stargrave as sg_play
from model.play import stargrave_temporary as temporary
from model.rules_pack import builtin_pack
from model.systems.stargrave.actions import record_game
from tests.conftest import EXAMPLES

CREW = EXAMPLES / "ashen-comet-campaign.starwright"      # eight soldiers now: the roster is full
PACK = builtin_pack("stargrave")
PROFILE = {"move": 7, "fight": 3, "shoot": 0, "armour": 10, "will": 1, "health": 9}


def opened():
    loaded = storage.load(CREW)
    return loaded.data, loaded.kind


def errors(result, rule):
    return [i for i in result.issues if i.rule == rule and i.is_error]


def test_SG_CREW_08_a_temporary_soldier_type_gets_a_health_track_from_the_pack_and_undoes_as_one_step():
    data, kind = opened()
    before = copy.deepcopy(data)
    undo = edits.apply(data, temporary.add(data, PACK, "Recruit", "Loaner"))
    r = evaluate(data, kind)
    g = next(g for g in r.play if g.key == "temp1")
    assert g.title == "Loaner (Recruit), temporary"
    assert g.tracks[0].label == "Health" and g.tracks[0].maximum == 12 and g.tracks[0].shown == 12
    assert ("Temporary:", "this game only (SG-CREW-08)") in g.facts
    # the track steps like any other, and at 0 the member is out of action
    edits.apply(data, play.step(data, g.tracks[0], -12, clamp=True))
    g = next(g for g in evaluate(data, kind).play if g.key == "temp1")
    assert g.tracks[0].at_zero and g.status.startswith("Out of action")
    data2 = copy.deepcopy(before)
    edits.apply(data2, temporary.add(data2, PACK, "Recruit", "Loaner"))
    edits.apply(data2, undo)
    assert data2 == before


def test_SG_CREW_08_a_named_figure_with_its_own_profile_and_what_is_refused():
    data, kind = opened()
    edits.apply(data, temporary.add(data, PACK, name="Sand Hound", profile=PROFILE))
    g = next(g for g in evaluate(data, kind).play if g.key == "temp1")
    assert g.title == "Sand Hound, temporary" and g.tracks[0].maximum == 9
    assert temporary.add(data, PACK, "No Such Type") is None
    assert temporary.add(data, PACK, name="", profile=PROFILE) is None
    assert temporary.add(data, PACK, name="Half", profile={"health": 3}) is None
    # a second member gets its own id, never a soldier's
    edits.apply(data, temporary.add(data, PACK, "Runner"))
    ids = [m["id"] for m in data["play"]["temporary"]]
    assert ids == ["temp1", "temp2"]
    edits.apply(data, temporary.remove(data, "temp1"))
    assert [m["id"] for m in data["play"]["temporary"]] == ["temp2"]
    assert "temp1" not in data["play"].get("figures", {})


def test_SG_CREW_08_temporary_members_never_count_against_the_roster_limits():
    data, kind = opened()
    alone = evaluate(data, kind).derived
    assert len(alone["soldiers"]) == 8        # full
    for t in ("Sniper", "Sniper", "Armoured Trooper"):
        edits.apply(data, temporary.add(data, PACK, t))
    r = evaluate(data, kind)
    assert not errors(r, "SG-CREW-05") and not errors(r, "SG-CREW-06")
    assert len(r.derived["soldiers"]) == 8 and r.derived["specialists"] == alone["specialists"]
    assert r.derived["credits_left"] == alone["credits_left"]


def test_SG_CREW_08_the_record_lists_them_and_the_crew_after_the_game_does_not_hold_them():
    data, kind = opened()
    edits.apply(data, temporary.add(data, PACK, "Sniper", "Hired Gun"))
    edits.apply(data, temporary.add(data, PACK, name="Sand Hound", profile=PROFILE))
    r = evaluate(data, kind)
    hound = next(g for g in r.play if g.key == "temp2")
    edits.apply(data, play.step(data, hound.tracks[0], -9, clamp=True))        # out of action
    r = evaluate(data, kind)
    record = sg_play.game_record(data, r.play, "Game 6", "2026-12-06")
    assert record["temporary"] == [{"type": "Sniper", "name": "Hired Gun"}, {"name": "Sand Hound", "profile": PROFILE}]
    assert list(record)[:3] == ["title", "date", "temporary"]
    assert "temp2" not in record["out_of_action"] and all(s["who"] != "temp2" for s in record["survival"])
    n = len(data["campaign"]["games"])
    edits.apply(data, record_game(data, n, record, False))
    edits.apply(data, play.new_game(kind.kind, data))          # the game is over: the play state goes
    after = evaluate(data, kind)
    assert not [i for i in after.issues if i.rule == "SG-CREW-08"]
    assert "temporary" not in (data.get("play") or {})
    names = [s.get("name") for s in after.derived["soldiers"]]
    assert "Hired Gun" not in names and "Sand Hound" not in names and len(names) == 8
    assert not errors(after, "SG-CREW-05")
    assert after.derived["campaign"]["history"][-1]["temporary"] == ["Hired Gun (Sniper)", "Sand Hound"]
    assert not [g for g in after.play if g.key.startswith("temp")]


def test_SG_CREW_08_a_record_naming_no_type_or_profile_is_reported_where_it_is():
    data, kind = opened()
    record = {"title": "G", "date": "2026-12-06", "temporary": [{"type": "Dragon"}, {"name": "Nobody"}],
              "out_of_action": []}
    edits.apply(data, record_game(data, len(data["campaign"]["games"]), record, False))
    r = evaluate(data, kind)
    n = len(data["campaign"]["games"]) - 1
    found = {i.pointer for i in r.issues if i.rule == "SG-CREW-08"}
    assert found == {f"/campaign/games/{n}/temporary/0/type", f"/campaign/games/{n}/temporary/1"}


def test_SG_CREW_08_the_campaign_sheet_prints_who_played_a_game_as_a_temporary_member(tmp_path):
    from tests.model.sheet_text import sheet_text, squash
    data, kind = opened()
    n = len(data["campaign"]["games"])
    record = {"title": "Borrowed Guns", "date": "2026-12-06", "out_of_action": [],
              "temporary": [{"type": "Sniper", "name": "Hired Gun"}, {"name": "Sand Hound", "profile": PROFILE}]}
    edits.apply(data, record_game(data, n, record, False))
    text = squash(sheet_text(kind.kind, data, tmp_path))
    assert "temporary: Hired Gun (Sniper), Sand Hound" in text


def test_SG_CREW_08_a_hand_edited_temporary_member_that_cannot_play_is_reported_at_its_place():
    data, kind = opened()
    data["play"] = {"temporary": [{"id": "temp1", "type": "Dragon"}, {"id": "temp2", "name": "Ghost"},
                                  {"id": "temp2", "type": "Recruit"}, {"id": "temp3", "type": "Runner"}]}
    r = evaluate(data, kind)
    found = {i.pointer: i.message for i in r.issues if i.rule == "SG-CREW-08"}
    assert set(found) == {"/play/temporary/0", "/play/temporary/1", "/play/temporary/2"}
    assert '"Dragon" is not a soldier type' in found["/play/temporary/0"]
    assert [g.key for g in r.play if g.key.startswith("temp")] == ["temp3"]     # only the one that can play
