"""Star Frontiers offers (model/systems/starfrontiers/offers.py): what the shop, the choices and the Owned
list show, computed inside evaluate from the derived values check reads."""

from __future__ import annotations

import copy

from model.systems import starfrontiers as sf
from tests.model.systems.starfrontiers.test_starfrontiers_support import character, pack, run


def offers(data: dict) -> dict:
    result = run(data)
    assert result.schema_valid, result.issues
    return result.offers


def shop_entry(o: dict, name: str) -> dict:
    return next(e for e in o["shop"] if e["name"] == name)


def test_SF_EQ_12_the_shop_says_how_many_credits_a_buy_is_short():
    o = offers(character(credits=700, equipment=[{"name": "Standard Equipment Pack"}]))  # 550 Cr left
    pistol, rifle = shop_entry(o, "Laser Pistol"), shop_entry(o, "Laser Rifle")
    assert (pistol["cost"], pistol["fits"], pistol["reason"]) == (600, False, "50 Cr short")
    assert pistol["blocked_by"] == "credits"
    assert (rifle["fits"], rifle["reason"]) == (False, "250 Cr short")
    assert shop_entry(o, "Gyrojet Pistol")["fits"] and shop_entry(o, "Gyrojet Pistol")["reason"] == ""
    assert shop_entry(o, "Standard Equipment Pack")["owned"] == 1


def test_SF_EQ_12_an_item_the_rulebook_prices_as_not_stated_always_fits():
    o = offers(character(credits=0))
    unpriced = [e for e in o["shop"] if e["cost"] is None]
    assert unpriced and all(e["fits"] and e["cost_text"] == "not stated" for e in unpriced)


def test_SF_EQ_07_the_shop_marks_d19_for_military_characters_only():
    tech = offers(character(credits=10_000))
    d19 = shop_entry(tech, "Tornadium D-19 (50 g charge)")
    assert (d19["fits"], d19["reason"]) == (False, "Military only")
    assert shop_entry(offers(character(credits=10_000, psa="Military")), d19["name"])["fits"]


def test_SF_EQ_05_the_shop_says_a_tool_kit_gives_no_psa_bonus_to_another_psa():
    kit = shop_entry(offers(character(credits=10_000)), "Medical Kit")   # a Technological character
    assert (kit["fits"], kit["reason"]) == (False, "no PSA bonus for a Technological")
    assert shop_entry(offers(character(credits=10_000, psa="BioSocial")), "Medical Kit")["fits"]


def test_SF_EQ_12_shop_offers_follow_a_house_pack_price():
    house = copy.deepcopy(pack().data)
    next(i for i in house["items"] if i["name"] == "Laser Pistol")["cost"] = 500
    data = character(credits=550)
    d = sf.derive(data, house)
    pistol = next(e for e in sf.offers(data, d, house)["shop"] if e["name"] == "Laser Pistol")
    assert (pistol["cost_text"], pistol["fits"]) == ("500 Cr", True)


def test_SF_EQ_02_each_owned_entry_has_its_pointer_status_and_the_inputs_it_takes():
    o = offers(character(credits=10_000, equipment=[
        {"name": "Laser Pistol"}, {"name": "Vibroknife of Old"}, {"name": "Heirloom", "custom": True},
        {"name": "Pocket Tool"}, {"name": "Gyrojet Clip", "count": 2, "issued": True, "carried": False}]))
    owned = o["owned"]
    assert [e["pointer"] for e in owned] == [f"/equipment/{i}" for i in range(5)]
    assert [e["status"] for e in owned] == ["known", "unknown", "custom", "known", "known"]
    assert owned[0]["cost_text"] == "600 Cr" and not (owned[0]["price_entry"] or owned[0]["may_be_custom"])
    assert owned[1]["may_be_custom"] and owned[1]["cost_text"] == ""     # the Custom item button goes there
    assert owned[1]["notes"] == "not in the lists" and owned[2]["notes"].startswith("custom item")
    assert owned[2]["price_entry"] and owned[2]["mass_entry"]           # a custom item's price and mass
    assert owned[3]["price_entry"] and owned[3]["mass_entry"]           # the rulebook states neither
    clip = owned[4]
    assert (clip["count"], clip["cost_text"], clip["carried"]) == (2, "issued", False)
    assert "issued" in clip["notes"] and "stowed" in clip["notes"]


def test_SF_RACE_01_the_one_ability_bonus_is_offered_to_a_human_only():
    human = offers(character())["choices"]["human_bonus"]
    assert human["allowed"] and human["amount"] == 5 and human["label"] == "Human +5 to"
    assert [o["key"] for o in human["options"]] == list(sf.ABILITIES)
    assert human["options"][5]["label"] == "Logic (LOG) +5"
    vrusk = offers(character(race="Vrusk", human_bonus=None))["choices"]["human_bonus"]
    assert not vrusk["allowed"] and "one ability" in vrusk["reason"]
    # a bonus read from a file stays editable so it can be cleared (check says it is wrong)
    assert offers(character(race="Vrusk"))["choices"]["human_bonus"]["allowed"]


def test_SF_RACE_02_race_choices_say_their_modifiers():
    choices = offers(character())["choices"]
    dral = next(r for r in choices["races"] if r["name"] == "Dralasite")
    assert "STR/STA +5" in dral["label"] and dral["summary"]
    assert choices["race_summary"].startswith("The baseline race")
    assert [p["name"] for p in choices["psas"]] == [s["name"] for s in pack().data["psa"]["skills"]]
    rows = pack().data["ability_table"]
    assert [b["score"] for b in choices["base_scores"]] == [r["score"] for r in sorted(rows, key=lambda r: r["low"])]
