"""Starchasers named operations: each builds one edit (one undo step) that does what the page asks."""

from __future__ import annotations

import copy
import json

import pytest

from model.edits import apply
from model.rules_pack import builtin_pack
from model.systems.starchasers import catalog
from model.systems.starchasers.character import actions as ca
from model.systems.starchasers.ship import actions as sa
from tests.conftest import EXAMPLES

PACK = builtin_pack("starchasers")


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.starwright").read_text())


def roundtrip(data: dict, edit) -> dict:
    """Apply, check the change, undo, check the data is as before; return the changed copy."""
    before = copy.deepcopy(data)
    changed = copy.deepcopy(data)
    inverse = apply(changed, edit)
    undone = copy.deepcopy(changed)
    apply(undone, inverse)
    assert undone == before
    return changed


def test_add_and_remove_weapons_and_equipment():
    data = example("kestrel-light-freighter")
    w = roundtrip(data, sa.add_entry(data, "weapons"))
    assert w["weapons"][-1]["name"] == "New weapon" and w["weapons"][-1]["hard_points"] is None
    e = roundtrip(data, sa.add_entry(data, "equipment"))
    assert len(e["equipment"]) == len(data["equipment"]) + 1
    gone = roundtrip(data, sa.remove_entry(data, "weapons", 0))
    assert gone["weapons"] == data["weapons"][1:]
    assert sa.remove_entry(data, "weapons", 9) is None
    bare = {k: v for k, v in data.items() if k != "equipment"}
    assert roundtrip(bare, sa.add_entry(bare, "equipment"))["equipment"][0]["name"] == "New equipment"


def test_a_typed_cell_becomes_its_value_or_a_sentence_and_changes_nothing():
    data = example("kestrel-light-freighter")
    assert roundtrip(data, sa.set_cell(data, "weapons", 0, "hard_points", " 3 "))["weapons"][0]["hard_points"] == 3
    assert roundtrip(data, sa.set_cell(data, "weapons", 0, "cost", "1,200"))["weapons"][0]["cost"] == 1200
    assert roundtrip(data, sa.set_cell(data, "weapons", 0, "range", "Long"))["weapons"][0]["range"] == "Long"
    q = roundtrip(data, sa.set_cell(data, "weapons", 0, "qualities", "Ion, Slow"))["weapons"][0]["qualities"]
    assert q == ["Ion", "Slow"]
    assert sa.set_cell(data, "weapons", 0, "name", data["weapons"][0]["name"]) is None   # unchanged: no edit
    with pytest.raises(sa.BadValue, match='Hard points: "two" is not a whole number; the ship keeps its last'):
        sa.set_cell(data, "weapons", 0, "hard_points", "two")
    with pytest.raises(sa.BadValue, match='Cost: "lots" is not a number'):
        sa.set_cell(data, "equipment", 0, "cost", "lots")


def test_use_a_preset_and_a_catalogue_entry():
    data = example("kestrel-light-freighter")
    p = roundtrip(data, sa.use_preset(data, PACK, "Patrol ship"))
    assert p["preset"] == "Patrol ship" and p["weapons"] == data["weapons"]
    cat = catalog.save_ship_entries(catalog.new_catalog(), data)
    c = roundtrip(data, sa.use_catalog_entry(data, cat, "weapons", "Twin Laser"))
    assert c["weapons"][-1] == data["weapons"][0] and len(c["weapons"]) == len(data["weapons"]) + 1


def test_gunner_proficiency_keeps_skills_not_shown():
    data = example("kestrel-light-freighter")
    data.pop("gunner", None)
    assert roundtrip(data, sa.set_proficient(data, ["Beam Weapons"], ["Beam Weapons"]))["gunner"] == {
        "proficient": ["Beam Weapons"]}
    data["gunner"] = {"deftness": 3, "proficient": ["Blasters", "Sling"]}
    g = roundtrip(data, sa.set_proficient(data, ["Blasters", "Missile Weapons"], ["Missile Weapons"]))["gunner"]
    assert g["proficient"] == ["Missile Weapons", "Sling"] and g["deftness"] == 3


def test_SC_SHIP_26_link_and_unlink_a_character_one_step_each():
    data = example("kestrel-light-freighter")
    data.pop("crew", None)
    one = roundtrip(data, sa.link(data, "pilot", "crew/vel.starwright"))
    assert one["crew"] == {"pilot": {"file": "crew/vel.starwright"}}
    two = roundtrip(one, sa.link(one, "gunner", "g.starwright"))
    assert set(two["crew"]) == {"pilot", "gunner"}
    assert roundtrip(two, sa.unlink(two, "gunner"))["crew"] == one["crew"]
    assert "crew" not in roundtrip(one, sa.unlink(one, "pilot"))      # the last link: the field goes
    assert sa.unlink(data, "pilot") is None


def test_skills_bonuses_and_attributes_in_maps_that_may_not_exist_yet():
    data = example("dash-korrin-ace")
    data.pop("skill_attributes", None)
    a = roundtrip(data, ca.set_skill_attribute(data, "First Aid", "intelligence"))
    assert a["skill_attributes"] == {"First Aid": "intelligence"}
    assert ca.set_skill_attribute(a, "first aid", "intelligence") is None            # already so
    assert "First Aid" not in roundtrip(a, ca.set_skill_attribute(a, "First Aid", ""))["skill_attributes"]
    lv = roundtrip(data, ca.set_skill_level(data, "piloting", 4))
    assert lv["skills"]["Piloting"] == 4                                             # the document's own key
    b = roundtrip(data, ca.set_bonus(data, "Mechanics", 2))
    assert b["bonuses"]["Mechanics"] == 2
    assert "Mechanics" not in roundtrip(b, ca.set_bonus(b, "Mechanics", 0))["bonuses"]


def test_SC_CHAR_04_an_added_skill_is_refused_when_empty_or_known_and_removed_whole():
    data = example("dash-korrin-ace")
    with pytest.raises(ca.Refused, match="Type the skill's name first"):
        ca.add_skill(data, PACK, "   ")
    with pytest.raises(ca.Refused, match="piloting is already in the list"):
        ca.add_skill(data, PACK, " piloting ")
    g = roundtrip(data, ca.add_skill(data, PACK, "  Zero-g   Gambling "))
    assert g["skills"]["Zero-g Gambling"] == 1
    g["bonuses"]["Zero-g Gambling"] = 1
    g.setdefault("skill_attributes", {})["Zero-g Gambling"] = "charisma"
    gone = roundtrip(g, ca.remove_skill(g, "zero-g gambling"))
    assert all("Zero-g Gambling" not in gone.get(m, {}) for m in ca.MAPS)


def test_SC_CHAR_14_classes_and_motivators_added_with_their_defaults():
    data = example("dash-korrin-ace")
    data["motivators"] = []
    m = roundtrip(data, ca.add_motivator(data, PACK))
    assert m["motivators"] == [{"text": "", "source": "flaw"}]
    assert roundtrip(m, ca.add_motivator(m, PACK))["motivators"][1]["source"] == "class"
    assert roundtrip(m, ca.remove_motivator(m, 0))["motivators"] == []
    bare = {k: v for k, v in data.items() if k != "classes"}
    c = roundtrip(bare, ca.add_class(bare, PACK))
    assert c["classes"] == [{"name": PACK.data["character"]["known_classes"][0], "level": 1}]
    assert roundtrip(c, ca.remove_class(c, 0))["classes"] == []


def test_SC_CHAR_09_the_force_cleared_and_equipment_from_the_rules():
    data = example("dash-korrin-ace")
    data["force_rating"] = 2
    assert roundtrip(data, ca.clear_force(data))["force_rating"] == 0
    name = PACK.data["character"]["equipment_examples"][0]["name"]
    e = roundtrip(data, ca.add_example_equipment(data, PACK, name))
    assert e["equipment"][-1]["name"] == name
    with pytest.raises(ca.Refused):
        ca.add_example_equipment(data, PACK, "Nothing of the sort")
    blank = roundtrip(data, ca.add_equipment(data))
    assert blank["equipment"][-1] == {"name": "", "bonus": None, "skills": [], "required_for": []}
    i = len(blank["equipment"]) - 1
    s = roundtrip(blank, ca.set_names(blank, f"/equipment/{i}/skills", "Scouting, , Sensors"))
    assert s["equipment"][i]["skills"] == ["Scouting", "Sensors"]
    assert ca.set_names(s, f"/equipment/{i}/skills", "Scouting,Sensors") is None
    assert roundtrip(s, ca.remove_equipment(s, i))["equipment"] == data["equipment"]
