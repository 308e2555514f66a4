"""SG-CAMP-19 / issue 15: a change made between games becomes part of the latest game's record, one edit each."""

import copy

from model import edits
from model.rules_pack import builtin_pack
from model.systems.stargrave import between_games as between
from tests.model.campaign_helpers import crew, game, run

PACK = builtin_pack("stargrave")


def _two_games():
    return crew(game(title="One"), game(title="Two", loot=[{"table": "physical", "roll": 12,
                                                            "find": {"name": "Scope", "slots": 1, "value": 100}}]))


def _apply(data, edit):
    undo = edits.apply(data, edit)
    return undo


def test_SG_CAMP_19_between_games_actions_join_the_latest_games_after_list_and_undo_as_one_step():
    data = _two_games()
    before = copy.deepcopy(data)
    sid = data["soldiers"][0]["id"]
    undos = [_apply(data, between.hire(data, "Trooper", PACK, "Vell"))]
    undos.append(_apply(data, between.dismiss(data, sid)))
    undos.append(_apply(data, between.give(data, data["soldiers"][1]["id"], "Scope")))
    items = between.equipment(data, "captain", PACK)
    undos.append(_apply(data, between.equip(data, "captain", items[:-1])))
    after = data["campaign"]["games"][1]["after"]
    assert [next(iter(e)) for e in after] == ["hire", "dismiss", "give", "equip"]
    assert data["campaign"]["games"][0] == before["campaign"]["games"][0]
    hired = after[0]["hire"]
    assert hired["type"] == "Trooper" and hired["name"] == "Vell" and hired["id"] not in {s["id"] for s in data["soldiers"]}
    now = run(data).derived
    assert "Vell" in [s["name"] for s in now["soldiers"]] and sid not in [s["id"] for s in now["soldiers"]]
    assert any(s.get("item") == "Scope" for s in now["soldiers"])
    assert now["captain"]["carried"] == items[:-1]
    for u in reversed(undos):
        edits.apply(data, u)
    assert data == before


def test_SG_CAMP_19_no_game_recorded_means_no_between_games_edit():
    data = crew()
    assert between.latest(data) is None and between.dismiss(data, "s1") is None


def test_SG_CAMP_19_a_game_without_an_after_list_gets_one():
    data = crew(game())
    data["campaign"]["games"][0].pop("after", None)
    _apply(data, between.sell(data, "Scope"))
    assert data["campaign"]["games"][0]["after"] == [{"sell": "Scope"}]
