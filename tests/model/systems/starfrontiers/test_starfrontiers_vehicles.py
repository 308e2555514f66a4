"""Star Frontiers vehicles on the character (RULES.md 3.7): cost in the credits, capacity, operator and rental
checks, the pack's numbers followed, and older files opening."""

from __future__ import annotations

import copy
import json

import pytest

from model import edits
from model.rules_pack import Pack, validate_pack_data
from model.storage import from_data
from model.systems.starfrontiers import SYSTEM, actions
from tests.model.systems.starfrontiers.test_starfrontiers_support import (character, derived, issues, load_example,
                                                                          pack, run)


def with_vehicles(*vehicles, **changes) -> dict:
    return character(vehicles=list(vehicles), **changes)


def house(change) -> tuple[dict, list[Pack]]:
    data = copy.deepcopy(pack().data)
    data["id"] = "house-vehicles"
    change(data)
    validate_pack_data(data, "house.json")
    return {"pack": "house-vehicles"}, [Pack(data, "house.json", False)]


def rules_of(data, extra=None) -> set[tuple[str, str, str]]:
    return {(i.pointer, i.rule, i.severity) for i in run(data, extra).issues}


# ---- SF-VEH-13: cost ----

def test_SF_VEH_13_a_vehicle_costs_its_price_or_its_rent_times_the_days():
    d = derived(with_vehicles({"name": "Ground Car"}, {"name": "Skimmer", "rent_days": 3}, credits=3000))
    car, skimmer = d["vehicles"]
    assert (car["rented"], car["cost"]) == (False, 2500)
    assert (skimmer["name"], skimmer["rented"], skimmer["cost"]) == ("Hover Car", True, 30)   # 10 Cr a day x 3
    assert d["vehicle_costs"] == 2530
    assert d["credits_spent"] == 2530 and d["credits_left"] == 470


def test_SF_VEH_13_vehicles_and_equipment_share_the_credits():
    data = with_vehicles({"name": "Hover Cycle"}, credits=1100, equipment=[{"name": "Standard Equipment Pack"}])
    d = derived(data)
    assert d["credits_spent"] == 150 + 1000 and d["credits_left"] == -50
    found = issues(data, "SF-VEH-13", "error")
    assert [i.pointer for i in found] == ["/vehicles/0"] and "50 Cr short" in found[0].message
    assert not issues(with_vehicles({"name": "Hover Cycle"}, credits=1150,
                                    equipment=[{"name": "Standard Equipment Pack"}]), "SF-VEH-13")


def test_SF_VEH_13_an_unknown_vehicle_is_an_error_and_costs_nothing():
    data = with_vehicles({"name": "Hover Tank"}, credits=10)
    found = issues(data, "SF-VEH-13", "error")
    assert [i.pointer for i in found] == ["/vehicles/0/name"] and "Hover Tank" in found[0].message
    assert derived(data)["vehicle_costs"] == 0


# ---- SF-VEH-02: capacity ----

@pytest.mark.parametrize("name, passengers, cargo", [
    ("Hover Car", 5, 100), ("Hover Cycle", 1, 20), ("Hover Transport", 2, 10000), ("Ground Car", 5, 100),
    ("Ground Cycle", 1, 20), ("Ground Transport", 2, 10000), ("ATV", 5, 2000), ("GliJet", 0, 0),
    ("ElectroCopter", 3, 500), ("Air Car", 3, 1000)])
def test_SF_VEH_02_passenger_and_cargo_limits_of_each_vehicle(name, passengers, cargo):
    full = with_vehicles({"name": name, "passengers": passengers, "cargo_kg": cargo}, credits=100000)
    assert not issues(full, "SF-VEH-02")
    over = with_vehicles({"name": name, "passengers": passengers + 1, "cargo_kg": cargo + 0.5}, credits=100000)
    assert {(i.pointer, i.severity) for i in issues(over, "SF-VEH-02")} == {
        ("/vehicles/0/passengers", "error"), ("/vehicles/0/cargo_kg", "error")}


def test_SF_VEH_02_a_glijet_takes_no_cargo_beyond_what_the_pilot_carries():
    found = issues(with_vehicles({"name": "GliJet", "cargo_kg": 1}, credits=2000), "SF-VEH-02")
    assert "no cargo beyond what its operator carries" in found[0].message


# ---- SF-VEH-03: the operator ----

@pytest.mark.parametrize("name", ["Hover Transport", "Ground Transport", "ATV", "ElectroCopter", "Air Car"])
def test_SF_VEH_03_a_tech_vehicle_owned_by_another_psa_warns_that_it_needs_a_tech_operator(name):
    assert not issues(with_vehicles({"name": name}, credits=100000), "SF-VEH-03")      # a Technological owner
    found = issues(with_vehicles({"name": name}, credits=100000, psa="Military"), "SF-VEH-03")
    assert [(i.pointer, i.severity) for i in found] == [("/vehicles/0", "warning")]
    assert "Technological" in found[0].message and "passenger" in found[0].message


@pytest.mark.parametrize("name", ["Hover Car", "Hover Cycle", "Ground Car", "Ground Cycle", "GliJet"])
def test_SF_VEH_03_SF_VEH_04_anyone_may_drive_the_others(name):
    assert not issues(with_vehicles({"name": name}, credits=100000, psa="BioSocial"), "SF-VEH-03")


# ---- SF-VEH-11: rentals ----

@pytest.mark.parametrize("name, street_ok", [
    ("Hover Car", True), ("Hover Cycle", True), ("Ground Car", True), ("Ground Cycle", True),
    ("Hover Transport", False), ("Ground Transport", False), ("ATV", False), ("GliJet", False),
    ("ElectroCopter", False), ("Air Car", False)])
def test_SF_VEH_11_only_ground_and_hover_cars_and_cycles_are_rented_in_the_street(name, street_ok):
    data = with_vehicles({"name": name, "rent_days": 1, "street": True}, credits=100000)
    found = issues(data, "SF-VEH-11", "error")
    assert bool(found) != street_ok
    if found:
        assert found[0].pointer == "/vehicles/0/street" and "rental or sales facility" in found[0].message
    assert not issues(with_vehicles({"name": name, "rent_days": 1}, credits=100000), "SF-VEH-11")


def test_SF_VEH_11_an_owned_vehicle_is_not_called_from_the_street():
    found = issues(with_vehicles({"name": "Ground Car", "street": True}, credits=100000), "SF-VEH-11")
    assert [(i.pointer, i.severity) for i in found] == [("/vehicles/0/street", "warning")]
    assert derived(with_vehicles({"name": "Ground Car", "street": True}, credits=100000))["vehicles"][0]["street"] is False


def test_SF_VEH_11_a_renter_needs_the_id_card_every_character_carries_unless_the_pack_says_otherwise():
    rental = with_vehicles({"name": "Ground Car", "rent_days": 2}, credits=1000)
    assert not issues(rental, "SF-VEH-11")       # SF-CHAR-19: every character carries an ID card

    def no_card_for_all(data):
        next(i for i in data["items"] if i["name"] == "ID Card")["every_character"] = False
    rules, extra = house(no_card_for_all)
    rental["rules"] = rules
    found = [i for i in run(rental, extra).issues if i.rule == "SF-VEH-11"]
    assert [(i.pointer, i.severity) for i in found] == [("/vehicles/0/rent_days", "error")]
    assert "ID Card" in found[0].message
    bought = dict(rental, vehicles=[{"name": "Ground Car"}], credits=3000)
    assert not [i for i in run(bought, extra).issues if i.rule == "SF-VEH-11"]
    packed = dict(rental, equipment=[{"name": "Standard Equipment Pack"}])    # the pack holds an ID Card
    assert not [i for i in run(packed, extra).issues if i.rule == "SF-VEH-11"]


# ---- the pack's numbers ----

def test_SF_VEH_01_SF_VEH_02_SF_VEH_13_a_house_pack_changing_a_vehicle_is_followed():
    def dearer_and_bigger(data):
        car = next(v for v in data["vehicles"]["list"] if v["name"] == "Ground Car")
        car.update(price=3100, rent_per_day=12, persons=8, cargo_kg=150, top_speed=55)
    rules, extra = house(dearer_and_bigger)
    data = with_vehicles({"name": "Ground Car", "passengers": 7, "cargo_kg": 150}, {"name": "Ground Car", "rent_days": 2},
                         credits=5000, rules=rules)
    result = run(data, extra)
    assert [v["cost"] for v in result.derived["vehicles"]] == [3100, 24]
    assert "top 55" in result.derived["vehicles"][0]["speeds"]
    assert not [i for i in result.issues if i.rule == "SF-VEH-02"]
    data["vehicles"][0]["passengers"] = 8
    assert [i.message for i in run(data, extra).issues if i.rule == "SF-VEH-02"] == [
        "The Ground Car carries the operator and 7 passengers; 8 passengers is too many."]


def test_SF_VEH_03_the_operator_psa_is_the_packs():
    def anyone_drives_an_atv(data):
        next(v for v in data["vehicles"]["list"] if v["name"] == "ATV")["operator_psa"] = None
    rules, extra = house(anyone_drives_an_atv)
    data = with_vehicles({"name": "ATV"}, credits=100000, psa="Military", rules=rules)
    assert not [i for i in run(data, extra).issues if i.rule == "SF-VEH-03"]


def test_SF_VEH_11_pack_problems_name_a_rental_item_and_operator_psa_the_pack_lacks():
    data = copy.deepcopy(pack().data)
    data["vehicles"]["rental_needs_item"] = "Passport"
    data["vehicles"]["list"][0]["operator_psa"] = "Piloting"
    data["vehicles"]["list"][1]["name"] = data["vehicles"]["list"][0]["name"]
    found = dict(SYSTEM.pack_problems(data))
    assert set(found) == {"/vehicles/rental_needs_item", "/vehicles/list/0/operator_psa", "/vehicles/list/1/name"}


# ---- the document ----

def test_SF_VEH_13_a_version_2_file_opens_as_version_3_with_no_vehicles():
    old = load_example("kara-venn-human.starwright")
    old["version"] = 2
    old.pop("vehicles", None)
    loaded = from_data(json.loads(json.dumps(old)))
    assert loaded.data["version"] == 3 and "vehicles" not in loaded.data
    result = run(loaded.data)
    assert result.schema_valid and result.derived["vehicles"] == [] and result.derived["vehicle_costs"] == 0


def test_SF_VEH_13_buying_renting_and_removing_are_one_edit_each_and_undo():
    data = character(credits=5000)
    data.pop("vehicles", None)                   # an older file: the list is made by the first vehicle
    undo = [edits.apply(data, actions.add_vehicle_edit(data, "Ground Car"))]
    undo.append(edits.apply(data, actions.add_vehicle_edit(data, "Hover Car", rent_days=2, street=True)))
    assert data["vehicles"] == [{"name": "Ground Car", "passengers": 0, "cargo_kg": 0},
                                {"name": "Hover Car", "rent_days": 2, "street": True, "passengers": 0, "cargo_kg": 0}]
    assert derived(data)["vehicle_costs"] == 2520
    undo.append(edits.apply(data, actions.vehicle_value_edit(data, 1, "rent_days", None)))   # bought after all
    assert data["vehicles"][1] == {"name": "Hover Car", "passengers": 0, "cargo_kg": 0}
    assert actions.vehicle_value_edit(data, 1, "passengers", 0) is None
    undo.append(edits.apply(data, actions.remove_vehicle_edit(data, 0)))
    assert [v["name"] for v in data["vehicles"]] == ["Hover Car"]
    for inverse in reversed(undo):
        edits.apply(data, inverse)
    assert "vehicles" not in data


def test_SF_VEH_13_a_house_pack_from_before_the_vehicles_gets_them_and_says_so(tmp_path):
    from model.kinds import KINDS
    from model.rules_pack import builtin_pack, load_pack_file
    from tests.model.test_pack_upgrades import old_pack, pack_warnings
    house = load_pack_file(old_pack("starfrontiers", tmp_path))
    assert "/vehicles" in house.filled
    assert house.data["vehicles"] == builtin_pack("starfrontiers").data["vehicles"]
    data = with_vehicles({"name": "Ground Car", "rent_days": 2}, credits=100, rules={"pack": "our-house"})
    result = run(data, [house])
    assert result.pack is house and result.schema_valid and result.derived["vehicle_costs"] == 20
    [words] = pack_warnings(result)
    assert "earlier Starwright" in words and "vehicles" in words
    assert KINDS["starfrontiers-character"].version == 3


@pytest.mark.parametrize("variant", ["built-in", "every number moved", "nothing optional"])
def test_SF_VEH_01_every_vehicle_goes_through_every_code_path_with_every_pack(variant):
    """Each vehicle of the pack owned and rented, in a game in progress, through derive, check, the listing, the
    sheet and every Play operation, under the built-in pack, one with every number moved and one with every
    optional key taken out: nothing crashes (the examples have no vehicle to do this for them)."""
    from model.listing import listing
    from model.play import sf_vehicles as sv
    from model.sheets import SheetOptions, export_pdf
    from tests.model.pack_variants import perturbed
    from tests.model.test_pack_required import _minimal
    data = {"built-in": lambda: copy.deepcopy(pack().data), "every number moved": lambda: perturbed("starfrontiers")[0],
            "nothing optional": lambda: json.loads(_minimal("starfrontiers"))}[variant]()
    data["id"] = "variant"
    validate_pack_data(data, "variant.json")
    extra = [Pack(data, "variant.json", False)]
    names = [v["name"] for v in data["vehicles"]["list"]]
    doc = with_vehicles(*({"name": n, "rent_days": 2, "passengers": 1, "cargo_kg": 5} if i % 2 else {"name": n}
                          for i, n in enumerate(names)), credits=10**6, rules={"pack": "variant"},
                        play={"vehicles": {str(i): {"speed": 5, "turn": 4, "altitude": 60, "thrust_used": 1}
                                           for i in range(len(names))}})
    result = run(doc, extra)
    assert result.schema_valid and len(result.derived["vehicles"]) == len(names)
    assert "Vehicle:" in listing(doc, result)
    assert export_pdf(doc, result, SheetOptions(paper="a4")).startswith(b"%PDF-")
    ops = [sv.faster, sv.slower, sv.full_speed, sv.stop, sv.next_turn, lambda d, m: sv.change_height(d, m, True),
           lambda d, m: sv.change_height(d, m, False), lambda d, m: sv.burst(d, m, "altitude"),
           lambda d, m: sv.burst(d, m, "speed")]
    for m in sv.motions(doc, result.derived):
        for op in ops:
            out = op(copy.deepcopy(doc), m)
            assert isinstance(out, sv.Refused) and out.message and out.rule.startswith("SF-VEH-") or \
                isinstance(out, edits.Batch), (m.name, out)
