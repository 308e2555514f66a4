"""Starchasers offers (Result.offers): what can be mounted or added, with why not, decided from the same
derived values the checks use."""

from __future__ import annotations

import copy
import json

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.systems.starchasers import catalog
from model.systems.starchasers.ship import offers as ship_offers
from tests.conftest import EXAMPLES

SHIP = KINDS["starchasers-ship"]
CHAR = KINDS["starchasers-character"]
PACK = builtin_pack("starchasers")


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.starwright").read_text())


def test_SC_SHIP_09_each_mount_says_whether_it_fits_and_the_check_points_at_the_first_past_the_limit():
    data = example("kestrel-light-freighter")          # 6 base + 2 added; Twin Laser 2, Extra Shield Emitter 1
    data["weapons"][0]["hard_points"] = 8
    r = evaluate(data, SHIP)
    m = {x["name"]: x for x in r.offers["mounts"]}
    assert m["Twin Laser"]["fits"] and m["Twin Laser"]["status"] == "fits" and m["Twin Laser"]["reason"] == ""
    shield = m["Extra Shield Emitter"]
    assert not shield["fits"] and shield["status"] == "past the limit" and shield["past_limit"] == 1
    assert "1 hard point past the limit" in shield["reason"] and "0 free before it" in shield["reason"]
    assert shield["pointer"] == "/equipment/0"
    [issue] = [i for i in r.issues if i.rule == "SC-SHIP-09"]
    assert issue.pointer == "/equipment/0/hard_points"      # the same placement decides both
    meter = r.offers["hard_points"]
    assert (meter["total"], meter["used"], meter["over"]) == (8, 9, 1)
    assert meter["past_limit"] == [("Extra Shield Emitter", 1)]
    assert "Past the end: Extra Shield Emitter (1)" in meter["words"] and "1 hard point too many" in meter["words"]


def test_SC_SHIP_09_unset_and_negative_shares_are_named_and_do_not_count():
    data = example("kestrel-light-freighter")
    data["weapons"][0]["hard_points"] = None
    data["equipment"][0]["hard_points"] = -2
    m = evaluate(data, SHIP).offers["mounts"]
    assert [(x["status"], x["counted"]) for x in m] == [("not set", 0), ("negative", 0)]
    assert "not set" in m[0]["reason"] and "cannot be negative" in m[1]["reason"]
    assert evaluate(data, SHIP).offers["hard_points"]["words"].endswith("8 free")


def test_SC_SHIP_09_a_house_pack_with_other_hard_points_is_followed_by_the_preset_offers():
    data = example("kestrel-light-freighter")
    data["weapons"][0]["hard_points"] = 5                  # 6 used in all
    offers = evaluate(data, SHIP).offers["presets"]
    by = {p["name"]: p for p in offers}
    assert by["Light freighter"]["fits"]
    small = min(offers, key=lambda p: p["hard_points"])
    assert not small["fits"] and "need 6 hard points" in small["reason"] and small["name"] in small["reason"]
    house = copy.deepcopy(PACK.data)
    for st in house["ship_types"]:
        st["hard_points"] = 20
    assert all(p["fits"] for p in ship_offers.presets(data, evaluate(data, SHIP).derived,
                                                      ship_offers.tables(house)))


def test_preset_offers_mark_the_type_the_ship_started_from_and_carry_the_picker_label():
    data = example("kestrel-light-freighter")
    data["preset"] = "Light freighter"
    [current] = [p for p in evaluate(data, SHIP).offers["presets"] if p["current"]]
    assert current["name"] == "Light freighter" and "hard points 6" in current["label"]


def test_weapon_field_choices_come_from_the_pack():
    choices = evaluate(example("kestrel-light-freighter"), SHIP).offers["choices"]
    assert set(choices) == {"skill", "arc", "damage_type", "rarity"}
    assert choices["arc"] == PACK.data["firing_arcs"] and choices["rarity"] == PACK.data["rarities"]


def test_catalogue_entries_say_whether_they_fit_the_free_hard_points():
    kestrel = example("kestrel-light-freighter")
    cat = catalog.save_ship_entries(catalog.new_catalog(), kestrel)
    cat["weapons"][0]["hard_points"] = 9
    derived = evaluate(kestrel, SHIP).derived                # 5 free
    by = {e["name"]: e for e in ship_offers.catalog_entries(cat, derived)}
    assert not by["Twin Laser"]["fits"] and "needs 9 hard points; 5 free" == by["Twin Laser"]["reason"]
    assert by["Extra Shield Emitter"]["fits"] and "1 hard points" in by["Extra Shield Emitter"]["label"]


def test_GAP_SC_10_SC_SHIP_09_weapons_defined_in_a_catalogue_or_another_open_ship_are_offered_for_this_one():
    """What the player defined elsewhere (a catalogue file, another ship) is offered by name with where it comes
    from and whether it fits the free hard points; an unnamed entry cannot be picked; the pick copies the entry."""
    from model import edits
    kestrel = example("kestrel-light-freighter")
    other = example("kestrel-light-freighter")
    other["weapons"][0]["hard_points"] = 9
    other["weapons"].append({"name": "", "hard_points": 1})        # still being typed: no name, not offered
    kit = catalog.save_ship_entries(catalog.new_catalog(), kestrel)
    derived = evaluate(kestrel, SHIP).derived                        # 5 free
    found = ship_offers.defined_elsewhere([("catalogue “kit”", kit), ("ship “Other”", other)], derived)
    assert [(e["source"], e["list"], e["name"]) for e in found] == [
        (0, "weapons", "Twin Laser"), (0, "equipment", "Extra Shield Emitter"),
        (1, "weapons", "Twin Laser"), (1, "equipment", "Extra Shield Emitter")]
    assert found[0]["fits"] and found[0]["label"].endswith("· catalogue “kit”")
    assert not found[2]["fits"] and found[2]["reason"] == "needs 9 hard points; 5 free"
    assert "only 5 free" in found[2]["label"] and found[2]["label"].endswith("· ship “Other”")
    ship = {"weapons": [], "equipment": []}
    edits.apply(ship, catalog.use_entry(ship, other, "weapons", "Twin Laser"))
    assert ship["weapons"] == [other["weapons"][0]] and ship["weapons"][0] is not other["weapons"][0]


def test_SC_SHIP_15_a_linked_pilots_dodge_adds_passive_defense_once_in_derive(tmp_path):
    import shutil
    for name in ("kestrel-crewed", "dash-korrin-ace"):
        shutil.copy(EXAMPLES / f"{name}.starwright", tmp_path / f"{name}.starwright")
    data = example("kestrel-crewed")
    data["armor"], data["maneuverability"] = 3, 1       # Passive Defense 4
    r = evaluate(data, SHIP, origin=str(tmp_path / "kestrel-crewed.starwright"))
    [pilot] = [c for c in r.derived["crew"] if c["station"] == "pilot"]
    dodge = pilot["pools"]["dodge"]
    assert dodge["passive_defense"] == 4 and dodge["total"] == dodge["dice"] + 4
    assert pilot["pools"]["initiative"]["passive_defense"] is None
    assert pilot["pools"]["initiative"]["total"] == pilot["pools"]["initiative"]["dice"]
    [station] = [s for s in r.offers["stations"] if s["station"] == "pilot"]
    assert station["linked"] and station["ok"] and f"Dodge {dodge['total']}" in station["text"]


def test_SC_SHIP_26_stations_say_who_is_linked_and_why_a_link_fails():
    data = example("kestrel-crewed")
    r = evaluate(data, SHIP, origin=None)                 # not saved: the relative links cannot be found
    by = {s["station"]: s for s in r.offers["stations"]}
    assert not by["pilot"]["ok"] and "not been saved" in by["pilot"]["text"]
    alone = evaluate(example("kestrel-light-freighter"), SHIP).offers["stations"]
    assert all(not s["linked"] and s["text"].startswith("no one linked") for s in alone)


def test_SC_CHAR_04_skill_offers_carry_the_pool_words_and_where_each_value_lives():
    data = example("dash-korrin-ace")
    data["skills"]["gambling"] = 2
    r = evaluate(data, CHAR)
    by = {s["name"]: s for s in r.offers["skills"]}
    pil = by["Piloting"]
    assert pil["pool"] == str(r.derived["pools"]["Piloting"]) and pil["pool_how"].endswith("dice")
    assert pil["attribute_fixed"] == "Deftness" and not pil["removable"]
    g = by["gambling"]
    assert g["removable"] and g["label"] == "gambling (added)" and g["pointer"] == "/skills/gambling"
    assert g["attribute_fixed"] is None and g["pool"] == "–" and "Choose the governing attribute" in g["pool_how"]


def test_SC_CHAR_14_a_new_motivator_comes_from_the_flaw_until_one_does():
    data = example("dash-korrin-ace")
    data["motivators"] = []
    assert evaluate(data, CHAR).offers["motivators"]["next_source"] == "flaw"
    data["motivators"] = [{"text": "Outflies a rival", "source": "Flaw"}]
    assert evaluate(data, CHAR).offers["motivators"]["next_source"] == "class"


def test_SC_CHAR_28_offers_show_the_moves_the_classes_give_and_the_next_class_to_add():
    data = example("dash-korrin-ace")
    r = evaluate(data, CHAR)
    assert r.offers["special_moves"] == r.derived["special_moves"]
    taken = {c["name"] for c in data["classes"]}
    assert r.offers["classes"]["next"] not in taken
    ex = r.offers["equipment_examples"]
    assert ex and all(e["label"].startswith(e["name"]) for e in ex)
