"""What the officer pages offer (Result.offers): every power and item with what it would be for this figure
and why it cannot be taken; chosen powers and carried items with their pointer and status. Pure model code."""

import copy
import json

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.systems.stargrave import actions, new, tables
from model.systems.stargrave.equipment import carried_status
from model.systems.stargrave.offers.officers import item_offers, power_offers
from model import edits

from tests.conftest import EXAMPLES

KIND = KINDS["stargrave-crew"]


@pytest.fixture(scope="module")
def pack():
    return builtin_pack("stargrave")


def crew(**officers):
    data = new(builtin_pack("stargrave"))
    for role, values in officers.items():
        data[role].update(values)
    return data


def offered(data, role="captain"):
    return evaluate(data, KIND).offers[role]


def test_SG_CAPT_05_SG_FM_03_power_offers_basic_first_with_figure_activation(pack):
    t = tables(pack)
    officer = {"background": "Veteran", "powers": [{"name": "Command"}]}
    cap = power_offers(officer, "captain", t)
    assert [o["basic"] for o in cap[:8]] == [True] * 8 and not cap[8]["basic"]
    by = {o["name"]: o for o in cap}
    assert by["Command"]["chosen"] and by["Command"]["activation"] == 10 and by["Command"]["pointer"] == "/captain/powers/0"
    assert by["Healing"]["activation"] == by["Healing"]["base_activation"] + 2
    assert by["Animal Control"]["rulebook_name"] == "Control Animal"
    fm = {o["name"]: o for o in power_offers(officer, "first_mate", t)}
    assert fm["Command"]["activation"] == 12 and fm["Healing"]["activation"] == 14


def test_SG_CAPT_04_a_chosen_power_is_offered_as_taken_once(pack):
    by = {o["name"]: o for o in offered(crew(captain={"background": "Veteran", "powers": [{"name": "Command"}]}))["powers"]}
    assert not by["Command"]["fits"] and by["Command"]["rule"] == "SG-CAPT-04" and "only once" in by["Command"]["reason"]
    assert by["Fortune"]["fits"] and by["Healing"]["fits"]


def test_SG_CAPT_03_SG_FM_02_no_power_past_the_count_and_no_basic_past_the_most(pack):
    basics = ["Command", "Coordinated Fire", "Energy Shield", "Fortune"]
    four = crew(captain={"background": "Veteran", "powers": [{"name": n} for n in basics]})
    by = {o["name"]: o for o in offered(four)["powers"]}
    assert not by["Remote Shot"]["fits"] and by["Remote Shot"]["rule"] == "SG-CAPT-03"
    assert "4 basic powers chosen, the most allowed" == by["Remote Shot"]["reason"]
    assert by["Healing"]["fits"]  # the fifth may be from another list
    full = crew(first_mate={"background": "Veteran", "powers": [{"name": n} for n in basics]})
    by = {o["name"]: o for o in offered(full, "first_mate")["powers"]}
    assert not by["Healing"]["fits"] and by["Healing"]["rule"] == "SG-FM-02"
    assert by["Healing"]["reason"] == "the First Mate has 4 of 4 powers"


def test_SG_CAPT_02_the_last_picks_must_be_basic_when_too_few_are(pack):
    data = crew(captain={"background": "Veteran", "powers": [{"name": n} for n in ["Command", "Healing", "Heal"]]})
    by = {o["name"]: o for o in offered(data)["powers"]}
    assert not by["Psionic Fire"]["fits"] and by["Psionic Fire"]["rule"] == "SG-CAPT-02"
    assert "must be basic" in by["Psionic Fire"]["reason"] and by["Fortune"]["fits"]


def test_SG_CAPT_06_chosen_powers_say_whether_they_may_be_lowered(pack):
    data = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text())
    chosen = offered(data)["chosen"]
    assert [c["pointer"] for c in chosen] == [f"/captain/powers/{i}" for i in range(5)]
    assert [c["reduced"] for c in chosen] == [True, True, False, False, False]
    assert chosen[0]["lower_reason"] == "" and chosen[2]["lower_reason"] == "2 of 2 powers are already lowered"
    assert chosen[0]["activation"] == 9 and chosen[4]["activation"] == 12
    fm = offered(data, "first_mate")["chosen"]
    assert all("lowers no powers" in c["lower_reason"] for c in fm)  # SG-FM-04


def test_SG_CAPT_09_SG_EQ_03_item_offers_say_why_an_item_cannot_be_added(pack):
    t = tables(pack)
    officer = {"items": ["Heavy Armour", "Machine Gun", "Carbine"]}
    opts = {o["name"]: o for o in item_offers(officer, "captain", t)}
    assert not opts["Light Armour"]["fits"] and "only one armour" in opts["Light Armour"]["reason"]
    assert opts["Light Armour"]["rule"] == "SG-EQ-03"
    assert not opts["Flamethrower"]["fits"] and "needs 2 slots, 0 free" == opts["Flamethrower"]["reason"]
    assert opts["Knife"]["fits"] and opts["Knife"]["slots"] == 0
    full = {o["name"]: o for o in item_offers({"items": ["Machine Gun", "Carbine", "Light Armour"]}, "captain", t)}
    assert full["Knife"]["fits"] and not full["Pistol"]["fits"]  # the first knife needs no slot
    assert not opts["Shield"]["fits"] and "campaign" in opts["Shield"]["reason"] and opts["Shield"]["rule"] == "SG-EQ-09"


def test_SG_FM_07_carried_status_marks_items_past_the_slot_limit(pack):
    t = tables(pack)
    officer = {"items": ["Carbine", "Machine Gun", "Pistol", "Knife", "Bogus"]}
    st = carried_status(officer, "first_mate", t, "/first_mate")
    assert [s["fits"] for s in st] == [True, True, False, True, False]
    assert st[2]["reason"] == "does not fit: 6 of 5 slots would be used" and st[2]["rule"] == "SG-EQ-02"
    assert st[4]["reason"] == "not on the General Equipment List"
    assert [s["pointer"] for s in st] == [f"/first_mate/items/{i}" for i in range(5)]


def test_SG_EQ_03_SG_EQ_09_one_rule_read_by_check_and_offers(pack):
    """The second armour and the shield's bar: the carried status, the offer and the issue say the same."""
    data = crew(captain={"items": ["Light Armour", "Heavy Armour", "Knife"]})
    r = evaluate(data, KIND)
    carried = r.offers["captain"]["carried"]
    assert [c["rule"] for c in carried] == ["", "SG-EQ-03", ""]
    assert any(i.rule == "SG-EQ-03" and i.pointer == "/captain/items" for i in r.issues)
    shielded = evaluate(crew(captain={"items": ["Carbine", "Shield"]}), KIND)
    rules = {(i.rule, i.pointer) for i in shielded.issues}
    assert ("SG-EQ-09", "/captain/items/1") in rules and ("SG-EQ-09", "/captain/items") in rules
    assert [c["fits"] for c in shielded.offers["captain"]["carried"]] == [True, False]


def test_SG_BG_04_choice_offers_follow_the_background(pack):
    c = offered(crew(captain={"background": "Veteran", "choices": ["shoot", "will"]}))["choices"]
    assert c["offered"] == ["move", "fight", "shoot"] and c["choose"] == 1 and c["not_offered"] == ["will"]


def test_actions_build_the_edits_the_pages_apply(pack):
    data = crew(captain={"background": "Veteran", "powers": [{"name": "Command", "reduced": True}], "items": ["Knife"]})
    by = {o["name"]: o for o in offered(data)["powers"]}
    # each one undo step named for the Edit menu with the officer it changes (issue 39.6)
    assert actions.toggle_power(data, "captain", by["Command"]) == edits.Batch(
        (edits.Remove("/captain/powers/0"),), "Captain: forget Command")
    assert actions.toggle_power(data, "captain", by["Fortune"]) == edits.Batch(
        (edits.Insert("/captain/powers/-", {"name": "Fortune"}),), "Captain: learn Fortune")
    assert actions.set_lowered(data, "captain", 0, True) is None
    assert actions.set_lowered(data, "captain", 0, False) == edits.Batch(
        (edits.Remove("/captain/powers/0/reduced"),), "Captain: Command no longer lowered")
    assert actions.toggle_choice(data, "captain", "shoot", True) == edits.Batch(
        (edits.Set("/captain/choices", ["shoot"]),), "Captain: +1 to Shoot")
    assert edits.describe(actions.remove_item(data, "captain", 0)) == "Captain: remove Knife"
    assert edits.describe(actions.set_background(data, "first_mate", "Veteran")) == "First Mate: background Veteran"
    assert actions.toggle_choice(data, "captain", "shoot", False) is None
    assert actions.set_background(data, "captain", "Veteran") is None
    assert actions.remove_item(data, "captain", 1) is None
    after = copy.deepcopy(data)
    edits.apply(after, actions.add_item("captain", "Pistol"))
    assert after["captain"]["items"] == ["Knife", "Pistol"]
