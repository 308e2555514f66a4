"""Quick start: pure model code, driven by the rules pack (no Qt here)."""

import copy
import itertools

import pytest

from model import edits
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import Pack, builtin_pack
from model.systems.stargrave import new, tables
from model.systems.stargrave import quickstart as qs

KIND = KINDS["stargrave-crew"]


@pytest.fixture(scope="module")
def pack():
    return builtin_pack("stargrave")


def _errors(data):
    r = evaluate(data, KIND)
    return [i for i in r.issues if i.is_error]


def test_quick_start_from_nothing_is_legal(pack):
    data = qs.quick_start(pack, "Nova")
    assert data["name"] == "Nova"
    assert _errors(data) == []
    r = evaluate(data, KIND)
    assert len(data["soldiers"]) == pack.data["crew"]["max_soldiers"]
    assert 0 <= r.derived["credits_left"] < 100  # the credits are put to use


@pytest.mark.parametrize("captain_bg,mate_bg", list(itertools.product(
    [b["name"] for b in builtin_pack("stargrave").data["backgrounds"]], repeat=2)))
def test_SG_CAPT_02_SG_FM_02_fill_the_rest_is_legal_for_every_background_pair(pack, captain_bg, mate_bg):
    data = new(pack)
    data["captain"]["background"] = captain_bg
    data["first_mate"]["background"] = mate_bg
    edits.apply(data, qs.fill_the_rest(data, pack))
    assert _errors(data) == []
    assert data["captain"]["background"] == captain_bg  # the player's choice is kept


def test_fill_the_rest_keeps_what_the_player_chose(pack):
    data = new(pack)
    data["captain"].update(background="Veteran", choices=["shoot"], powers=[{"name": "Healing"}], items=["Heavy Armour"])
    data["soldiers"] = [qs.new_soldier("Sniper")]
    edits.apply(data, qs.fill_the_rest(data, pack))
    cap = data["captain"]
    assert cap["choices"] == ["shoot"]
    assert cap["powers"][0]["name"] == "Healing"
    assert cap["items"] == ["Heavy Armour"]  # a figure that carries something keeps its loadout
    assert data["soldiers"][0]["type"] == "Sniper"
    assert _errors(data) == []


def test_fill_the_rest_is_one_undoable_batch(pack):
    data = new(pack)
    before = copy.deepcopy(data)
    batch = qs.fill_the_rest(data, pack)
    assert isinstance(batch, edits.Batch) and batch.label == qs.LABEL
    inverse = edits.apply(data, batch)
    assert data != before
    edits.apply(data, inverse)
    assert data == before


def test_fill_the_rest_on_a_complete_crew_changes_nothing(pack):
    data = qs.quick_start(pack)
    assert qs.fill_the_rest(data, pack).edits == ()


def test_SG_CREW_05_SG_CREW_06_quick_start_follows_a_changed_pack(pack):
    """Numbers come from the pack: a house rule with 200 Cr and 2 specialists is followed."""
    house = copy.deepcopy(pack.data)
    house["id"] = "house"
    house["crew"].update(starting_credits=200, max_specialists=1, max_soldiers=5)
    hp = Pack(house, "house.json", False)
    data = qs.quick_start(hp)
    t = tables(hp)
    spent = sum(t.soldiers[s["type"]]["cost"] for s in data["soldiers"])
    assert len(data["soldiers"]) == 5
    assert spent <= 200
    assert sum(1 for s in data["soldiers"] if t.soldiers[s["type"]]["specialist"]) <= 1


def test_SG_CAPT_06_quick_start_uses_both_reductions_on_different_powers(pack):
    data = qs.quick_start(pack)
    reduced = [p["name"] for p in data["captain"]["powers"] if p.get("reduced")]
    assert len(reduced) == 2 and len(set(reduced)) == 2
    assert not any(p.get("reduced") for p in data["first_mate"]["powers"])  # SG-FM-04
