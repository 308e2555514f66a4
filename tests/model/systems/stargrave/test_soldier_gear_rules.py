"""SG-SOLD-10 (a soldier never gains a knife its standard gear lacks) and SG-SOLD-14 (an assault-armoured soldier
may trade the armour's pistol for a carbine, which fills its one item slot), through the model: the crew as
founded, the games' between-games steps, the offers, the derived gear and the printed listing."""

import copy

from model import edits
from model.listing import listing
from model.rules_pack import builtin_pack
from model.storage import from_data
from model.systems.stargrave import actions, record_choices
from model.systems.stargrave import between_games as between
from tests.model.campaign_helpers import at, crew, game, issues, run

PACK = builtin_pack("stargrave")
FIND = {"table": "physical", "roll": 12}


def _find(name, slots=1):
    return {**FIND, "find": {"name": name, "slots": slots, "value": 20}}


def _armoured(data=None, **soldier):
    """The veteran crew with its Sniper (s3) turned into an Armoured Trooper."""
    data = data or crew()
    data["soldiers"][2] = {"id": "s3", "name": "Vell", "type": "Armoured Trooper", "robot": False, "shotgun": False,
                           "item": None, **soldier}
    return data


# ---- SG-SOLD-10 -----------------------------------------------------------------------------------------

def test_SG_SOLD_10_a_hand_edited_knife_in_the_slot_of_a_soldier_without_one_is_an_error_at_that_soldier():
    data = crew()
    data["soldiers"][2]["item"] = "Knife"          # a Sniper: carbine, light armour, hand weapon
    data["soldiers"][0]["item"] = "Knife"          # a Trooper carries a knife already
    knives = issues(data, "SG-SOLD-10")
    assert [i.pointer for i in knives] == ["/soldiers/2/item"]
    assert knives[0].is_error and "Sniper" in knives[0].message and "never" in knives[0].message


def test_SG_SOLD_10_a_find_that_is_a_knife_given_between_games_is_an_error_where_it_was_given():
    data = crew(game(loot=[_find("Monofilament Knife")]))
    edits.apply(data, between.give(data, "s3", "Monofilament Knife"))       # the Sniper
    assert at(data, "SG-SOLD-10") == {"/campaign/games/0/after/0/item"}
    data = crew(game(loot=[_find("Monofilament Knife")]))
    edits.apply(data, between.give(data, "s1", "Monofilament Knife"))       # the Trooper has a knife: legal
    assert at(data, "SG-SOLD-10") == set()
    data = crew(game(loot=[_find("Scope")]))
    edits.apply(data, between.give(data, "s3", "Scope"))                    # not a knife
    assert at(data, "SG-SOLD-10") == set()


def test_SG_SOLD_10_a_soldier_hired_with_a_knife_in_its_slot_is_an_error_at_the_hire():
    data = crew(game(after=[{"hire": {"id": "s7", "type": "Medic", "item": "Knife"}}]))
    assert at(data, "SG-SOLD-10") == {"/campaign/games/0/after/0/hire/item"}


def test_SG_SOLD_10_the_give_offers_refuse_a_knife_to_a_soldier_without_one_and_say_the_rule():
    data = crew(game(loot=[_find("Heat Knife"), _find("Scope")]))
    offers = {o["name"]: o for o in record_choices.give_offers(data, 0, data["campaign"]["games"][0], "s3", PACK)}
    assert offers["Heat Knife"]["fits"] is False and offers["Heat Knife"]["rule"] == "SG-SOLD-10"
    assert "never" in offers["Heat Knife"]["reason"]
    assert offers["Scope"]["fits"] is True
    trooper = {o["name"]: o for o in record_choices.give_offers(data, 0, data["campaign"]["games"][0], "s1", PACK)}
    assert trooper["Heat Knife"]["fits"] is True


def test_SG_SOLD_10_follows_the_pack_a_house_pack_without_the_mark_lets_any_soldier_take_a_knife():
    from model.systems.stargrave.check import check_soldiers
    from model.systems.stargrave.derive import derive
    from model.systems.stargrave.tables import Tables
    raw = copy.deepcopy(PACK.data)
    for item in raw["items"]:
        item.pop("soldier_standard_only", None)
    data = crew()
    data["soldiers"][2]["item"] = "Knife"
    for t, want in ((Tables(raw), []), (Tables(PACK.data), ["/soldiers/2/item"])):
        found = check_soldiers(data, derive(data, t), t)
        assert [i.pointer for i in found if i.rule == "SG-SOLD-10"] == want


# ---- SG-SOLD-14 -----------------------------------------------------------------------------------------

def test_SG_SOLD_14_the_trade_puts_a_carbine_in_place_of_the_armours_pistol_and_fills_the_slot():
    plain = run(_armoured()).derived["soldiers"][2]
    assert plain["trade_allowed"] and not plain["armour_trade"] and plain["slot_words"] is None
    assert plain["built_in"] == ["Hand Weapon", "Pistol", "Filter Mask"]
    traded = run(_armoured(armour_trade=True))
    d = traded.derived["soldiers"][2]
    assert d["armour_trade"] and d["built_in"] == ["Hand Weapon", "Carbine", "Filter Mask"]
    assert d["slot_words"] == "Carbine (for the assault armour's pistol)"
    assert not [i for i in traded.issues if i.rule == "SG-SOLD-14"]


def test_SG_SOLD_14_a_trade_by_a_soldier_without_assault_armour_is_an_error():
    data = crew()
    data["soldiers"][0]["armour_trade"] = True     # a Trooper: heavy armour
    assert at(data, "SG-SOLD-14") == {"/soldiers/0/armour_trade"}
    assert run(data).derived["soldiers"][0]["armour_trade"] is False


def test_SG_SOLD_14_a_find_in_the_slot_and_the_trade_is_an_error_whichever_comes_first():
    data = _armoured(armour_trade=True, item="Scope")                      # hand-edited founding roster
    assert "/soldiers/2/armour_trade" in at(data, "SG-SOLD-14")
    # traded at founding, given a find after game 1
    data = _armoured(crew(game(loot=[_find("Scope")])), armour_trade=True)
    edits.apply(data, between.give(data, "s3", "Scope"))
    assert at(data, "SG-SOLD-14") == {"/campaign/games/0/after/0/item"}
    # given a find, then the trade asked for while the slot is full
    data = _armoured(crew(game(loot=[_find("Scope")])))
    edits.apply(data, between.give(data, "s3", "Scope"))
    edits.apply(data, between.armour_trade(data, "s3", True))
    assert at(data, "SG-SOLD-14") == {"/campaign/games/0/after/1/armour_trade"}


def test_SG_SOLD_14_between_games_the_trade_is_made_and_taken_back_one_edit_each():
    data = _armoured(crew(game()))
    before = copy.deepcopy(data)
    soldier = next(s for s in run(data).derived["soldiers"] if s["id"] == "s3")
    undo = edits.apply(data, actions.armour_trade(data, soldier, True))
    now = next(s for s in run(data).derived["soldiers"] if s["id"] == "s3")
    assert now["armour_trade"] and now["slot_words"].startswith("Carbine")
    assert at(data, "SG-SOLD-14") == set()
    # the slot is full: no find may go in (the offers say so, with the rule)
    data2 = copy.deepcopy(data)
    data2["campaign"]["games"][0]["loot"] = [_find("Scope")]
    offers = record_choices.give_offers(data2, 0, data2["campaign"]["games"][0], "s3", PACK)
    assert offers[0]["rule"] == "SG-SOLD-14" and not offers[0]["fits"]
    edits.apply(data, actions.armour_trade(data, now, False))
    assert not next(s for s in run(data).derived["soldiers"] if s["id"] == "s3")["armour_trade"]
    edits.apply(data, actions.armour_trade(data, now, False))
    data = copy.deepcopy(before)
    edits.apply(data, actions.armour_trade(data, soldier, True))
    edits.apply(data, undo)
    assert data == before


def test_SG_SOLD_14_a_hired_soldier_may_be_hired_with_the_trade():
    data = crew(game(after=[{"hire": {"id": "s7", "type": "Armoured Trooper", "armour_trade": True}}]))
    s7 = next(s for s in run(data).derived["soldiers"] if s["id"] == "s7")
    assert s7["armour_trade"] and s7["built_in"][1] == "Carbine"
    assert at(data, "SG-SOLD-14") == set()


def test_SG_SOLD_14_the_founding_trade_is_one_edit_and_old_files_without_it_still_open():
    data = _armoured()
    e = actions.set_trade(data, 2, True)
    edits.apply(data, e)
    assert data["soldiers"][2]["armour_trade"] is True
    loaded = from_data(copy.deepcopy(data), "c.starwright")           # the schema takes the new field
    assert loaded.data["soldiers"][2]["armour_trade"] is True
    edits.apply(data, actions.set_trade(data, 2, False))
    assert "armour_trade" not in data["soldiers"][2]
    assert actions.set_trade(data, 2, False) is None


def test_SG_SOLD_14_the_text_listing_prints_the_carbine_in_the_slot():
    data = _armoured(armour_trade=True)
    loaded = from_data(copy.deepcopy(data), "c.starwright")
    from model.evaluate import evaluate
    text = listing(loaded.data, evaluate(loaded.data, loaded.kind))
    assert "Carbine (for the assault armour's pistol)" in text
    plain = _armoured()
    loaded = from_data(copy.deepcopy(plain), "c.starwright")
    assert "for the assault armour's pistol" not in listing(loaded.data, evaluate(loaded.data, loaded.kind))
