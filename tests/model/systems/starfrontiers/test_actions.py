"""Star Frontiers actions (model/systems/starfrontiers/actions.py): each edit the editor makes, applied and
undone through model.edits."""

from __future__ import annotations

import copy

from model.edits import apply
from model.systems.starfrontiers import actions, dice
from tests.model.systems.starfrontiers.test_starfrontiers_support import character, derived, issues, pack


def do_and_undo(data: dict, edit) -> dict:
    """Apply `edit`, check its inverse restores `data`; return the data after the edit."""
    before = copy.deepcopy(data)
    inverse = apply(data, edit)
    after = copy.deepcopy(data)
    apply(data, inverse)
    assert data == before
    return after


def test_SF_EQ_02_an_unlisted_name_becomes_a_custom_item_and_its_price_is_entered():
    data = character(credits=100, equipment=[{"name": "Vibroknife of Old"}])
    assert issues(data, "SF-EQ-02", "error")
    after = do_and_undo(data, actions.make_custom_edit(0))
    assert after["equipment"][0]["custom"] is True and not issues(after, "SF-EQ-02", "error")
    priced = do_and_undo(after, actions.entry_value_edit(0, "price", 40))
    assert derived(priced)["credits_spent"] == 40
    weighed = do_and_undo(priced, actions.entry_value_edit(0, "mass", 0.5))
    assert derived(weighed)["total_mass"] == 0.5


def test_SF_CHAR_18_unticking_carried_stows_an_entry_and_ticking_it_removes_the_key():
    data = character(equipment=[{"name": "Laser Rifle"}])
    stowed = do_and_undo(data, actions.carried_edit(data, 0, False))
    assert stowed["equipment"][0]["carried"] is False and derived(stowed)["total_mass"] == 0
    assert actions.carried_edit(stowed, 0, False) is None       # already stowed: nothing to do
    carried = do_and_undo(stowed, actions.carried_edit(stowed, 0, True))
    assert "carried" not in carried["equipment"][0]               # carried is the default
    assert actions.carried_edit(carried, 0, True) is None


def test_SF_CHAR_03_fill_the_rest_rolls_only_the_pairs_not_set_as_one_step():
    data = character(base={"str_sta": 45, "dex_rs": None, "int_log": None, "per_ldr": 40}, rolls={})
    edit = actions.fill_the_rest_edit(data, pack(), dice.generator(3))
    after = do_and_undo(data, edit)
    expect = dice.generator(3)
    for pair in ("dex_rs", "int_log"):
        r = dice.roll_pair(pack(), pair, expect)
        assert (after["rolls"][pair], after["base"][pair]) == (r.d100, r.score)
    assert after["base"]["str_sta"] == 45 and after["base"]["per_ldr"] == 40
    assert set(after["rolls"]) == {"dex_rs", "int_log"}


def test_SF_EQ_12_buy_and_sell_one_at_a_time():
    data = character(credits=2000)
    one = do_and_undo(data, actions.buy_edit(data, "Laser Rifle"))
    two = do_and_undo(one, actions.buy_edit(one, "Laser Rifle"))
    assert two["equipment"] == [{"name": "Laser Rifle", "count": 2}] and derived(two)["credits_left"] == 400
    free = do_and_undo(two, actions.buy_edit(two, "Laser Rifle", issued=True))
    assert free["equipment"][1] == {"name": "Laser Rifle", "count": 1, "issued": True}
    assert do_and_undo(two, actions.sell_edit(two, 0))["equipment"][0]["count"] == 1
    assert do_and_undo(one, actions.sell_edit(one, 0))["equipment"] == []
