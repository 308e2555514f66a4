"""Starchasers characters: tests per SC-CHAR / SC-DICE id, derived pools, bad input, CLI."""

import copy
import json

import pytest

from model.evaluate import evaluate
from model.rules_pack import builtin_pack
from model.storage import DocumentError, from_data
from model.systems.starchasers import character
from tests.conftest import EXAMPLES
from tests.model.cli.test_cli import sw

PACK = builtin_pack("starchasers")
DASH = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())


def run(data):
    loaded = from_data(copy.deepcopy(data), "test")
    return evaluate(loaded.data, loaded.kind)


def found(data, rule=None, severity=None):
    return [i for i in run(data).issues
            if (rule is None or i.rule == rule) and (severity is None or i.severity == severity)]


def dash(**changes):
    d = copy.deepcopy(DASH)
    d.update(changes)
    return d


def with_attr(key, value):
    d = dash()
    d["attributes"][key] = value
    return d


def test_SC_CHAR_01_eight_attributes_in_the_pack():
    assert [a["label"] for a in PACK.data["character"]["attributes"]] == [
        "Strength", "Toughness", "Deftness", "Agility", "Intelligence", "Perception", "Charisma", "Confidence"]
    d = with_attr("luck", 3)
    assert [i.pointer for i in found(d, "SC-CHAR-01", "error")] == ["/attributes/luck"]


@pytest.mark.parametrize("level,name", [(1, "Weak"), (2, "Normal"), (3, "Talented"), (4, "Exceptional"), (5, "Genius")])
def test_SC_CHAR_02_attribute_levels_and_names(level, name):
    r = run(with_attr("deftness", level))
    assert not [i for i in r.issues if i.rule == "SC-CHAR-02"]
    assert r.derived["attributes"]["deftness"] == {"label": "Deftness", "level": level, "name": name}


@pytest.mark.parametrize("level", [0, 6])
def test_SC_CHAR_02_attribute_out_of_range_is_kept_and_reported(level):
    d = with_attr("deftness", level)
    [e] = found(d, "SC-CHAR-02", "error")
    assert e.pointer == "/attributes/deftness" and f"Deftness is {level}" in e.message
    assert d["attributes"]["deftness"] == level


@pytest.mark.parametrize("level,name", [(0, "Untrained"), (1, "Beginner"), (2, "Novice"), (3, "Intermediate"),
                                        (4, "Expert"), (5, "Master")])
def test_SC_CHAR_03_skill_levels_and_names(level, name):
    d = dash(skills={"Stealth": level})
    r = run(d)
    assert not [i for i in r.issues if i.rule == "SC-CHAR-03"]
    [s] = [s for s in r.derived["skills"] if s["name"] == "Stealth"]
    assert s["level_name"] == name


def test_SC_CHAR_03_skill_minus_one():
    [e] = found(dash(skills={"Piloting": -1}), "SC-CHAR-03", "error")
    assert e.pointer == "/skills/Piloting" and "level -1" in e.message


def test_SC_CHAR_04_pool_is_attribute_plus_bonus_plus_skill():
    pools = run(DASH).derived["pools"]
    assert pools["Piloting"] == 3 + 1 + 2          # Deftness + bonus + skill
    assert pools["Beam Weapons"] == 3 + 1
    assert pools["Mines"] == 2                      # Intelligence, untrained
    assert pools["Resistance"] == 2                 # Toughness
    assert pools["Stealth"] is None                 # the rules pair Stealth with no attribute
    d = dash(skill_attributes={"Stealth": "agility"}, skills={"Stealth": 2})
    assert run(d).derived["pools"]["Stealth"] == 3 + 2


def test_SC_CHAR_04_unpaired_skill_with_levels_asks_for_an_attribute():
    [w] = found(dash(skills={"Stealth": 2}), "SC-CHAR-04", "warning")
    assert w.pointer == "/skill_attributes/Stealth"
    [e] = found(dash(skill_attributes={"Stealth": "luck"}), "SC-CHAR-04", "error")
    assert e.pointer == "/skill_attributes/Stealth"


def test_SC_CHAR_04_user_added_skill():
    d = dash(skills={"Gambling": 2}, skill_attributes={"Gambling": "charisma"})
    r = run(d)
    assert r.derived["pools"]["Gambling"] == 2 + 2


def test_SC_CHAR_05_equipment_bonus_and_requirement():
    d = dash(skills={"Scouting": 1, "First Aid": 1}, skill_attributes={"Scouting": "perception", "First Aid": "deftness"},
             equipment=[{"name": "Electrobinoculars", "bonus": 1, "skills": ["Scouting", "Navigation"], "required_for": []}])
    r = run(d)
    [s] = [s for s in r.derived["skills"] if s["name"] == "Scouting"]
    assert s["pool"] == 3 + 1 + 1 and s["bonus_parts"] == [["Electrobinoculars", 1]]
    [w] = [i for i in r.issues if i.rule == "SC-CHAR-05"]
    assert "Medkit" in w.message and w.pointer == "/skills/First Aid"
    d["equipment"].append({"name": "Medkit", "skills": [], "required_for": ["First Aid"]})
    assert not found(d, "SC-CHAR-05")


@pytest.mark.parametrize("bonus,bad", [(1, False), (3, False), (4, True), (-1, True)])
def test_SC_CHAR_05_equipment_gives_1_to_3_dice(bonus, bad):
    d = dash(equipment=[{"name": "Scope", "bonus": bonus, "skills": ["Sensors"]}])
    assert bool(found(d, "SC-CHAR-05", "error")) == bad


def test_SC_CHAR_07_pool_above_16_is_a_warning():
    d = dash(skills={"Piloting": 5}, bonuses={"Piloting": 3},
             equipment=[{"name": "Flight rig", "bonus": 3, "skills": ["Piloting"]},
                        {"name": "Ace helmet", "bonus": 3, "skills": ["Piloting"]}])
    d["attributes"]["deftness"] = 5
    r = run(d)
    assert r.derived["pools"]["Piloting"] == 19
    [w] = [i for i in r.issues if i.rule == "SC-CHAR-07"]
    assert w.severity == "warning" and "19 dice" in w.message
    assert not found(dash(), "SC-CHAR-07")


def test_SC_CHAR_09_force_on_a_droid():
    d = dash(droid=True, force_rating=1)
    [e] = found(d, "SC-CHAR-09", "error")
    assert e.pointer == "/force_rating" and "droid" in e.message
    assert run(d).derived["force_rating"] == 0
    assert not found(dash(force_rating=3), "SC-CHAR-09")
    assert found(dash(force_rating=6), "SC-CHAR-09", "error")


def test_SC_CHAR_10_hit_points_are_entered():
    assert found(dash(hit_points=None), "SC-CHAR-10", "warning")
    assert found(dash(hit_points=-2), "SC-CHAR-10", "error")


def test_SC_CHAR_14_four_motivators_and_two_flaws():
    mots = [{"text": "a", "source": "flaw"}, {"text": "b", "source": "flaw"},
            {"text": "c", "source": "class"}, {"text": "d", "source": "class"}]
    issues = found(dash(motivators=mots), "SC-CHAR-14", "error")
    assert {i.pointer for i in issues} == {"/motivators/1/source", "/motivators/3"}
    assert not found(dash(motivators=mots[1:]), "SC-CHAR-14")  # one flaw, three in all
    assert not found(dash(motivators=mots[2:]), "SC-CHAR-14")  # no flaw is fine (AMB-SC-24)
    assert found(dash(motivators=[{"text": "x", "source": "species"}]), "SC-CHAR-14", "error")


def test_SC_CHAR_22_class_levels():
    assert found(dash(classes=[{"name": "Ace", "level": 11}]), "SC-CHAR-22", "error")
    assert not found(dash(classes=[{"name": "Ace", "level": 10}]), "SC-CHAR-22")


def test_SC_CHAR_27_ship_station_pools():
    sp = run(DASH).derived["ship_pools"]
    assert sp["initiative"]["dice"] == 3 + 2 and sp["dodge"]["dice"] == 3 + 2 and sp["dodge"]["adds_passive_defense"]
    assert sp["hull_repair"]["dice"] == 3 + 1 and sp["tractor"]["dice"] == 3 + 1 and sp["clamp"]["dice"] == 3


def test_SC_DICE_01_02_dice_faces_in_the_pack():
    dice = PACK.data["dice"]
    assert dice["attack_die"]["faces"][4:] == ["Hit", "Hit", "Hit", "Critical Hit"]
    assert dice["defense_die"]["faces"][4:] == ["Evade", "Evade"]  # AMB-SC-16: printed as Evade
    assert [x["dice"] for x in dice["difficulty"]] == list(range(1, 11))


def test_examples():
    for name in ("dash-korrin-ace", "unit-k7-droid-medic"):
        assert not run(json.loads((EXAMPLES / f"{name}.starwright").read_text())).has_errors, name
    broken = json.loads((EXAMPLES / "broken-starchasers-character.starwright").read_text())
    rules = [i.rule for i in run(broken).issues if i.is_error]
    assert sorted(rules) == ["SC-CHAR-02", "SC-CHAR-03", "SC-CHAR-09", "SC-CHAR-14", "SC-CHAR-14"]


def test_skills_that_are_not_an_object_are_refused_clearly():
    with pytest.raises(DocumentError) as e:
        from_data(dash(skills=["Piloting"]), "c.starwright")
    assert e.value.where == "/skills" and "expected an object" in e.value.message


def test_new_character_is_valid():
    r = run(character.new(PACK))
    assert r.schema_valid and not r.has_errors


def test_cli_new_and_check_character(tmp_path):
    out = tmp_path / "c.starwright"
    r = sw("new", "starchasers-character", "-o", out)
    assert r.returncode == 0, r.stderr
    r = sw("check", "--json", out)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "pools" in json.loads(r.stdout)["derived"]
    broken = EXAMPLES / "broken-starchasers-character.starwright"
    text = broken.read_text()
    r = sw("check", broken)
    assert r.returncode == 1
    assert "error SC-CHAR-09 at /force_rating: A droid cannot have a Force Rating" in r.stdout
    assert broken.read_text() == text


def test_SC_CHAR_08_temporary_dice_are_not_baked_into_the_printed_pools():
    """Force Powers, Motivation dice and class abilities are added at the table, never to the ready total."""
    plain = run(DASH).derived["pools"]
    forceful = run(dash(force_rating=3)).derived
    assert forceful["force_rating"] == 3 and forceful["pools"] == plain


def test_SC_CHAR_12_initiative_is_perception_plus_piloting():
    d = dash()
    d["attributes"]["perception"] = 4
    d["skills"]["Piloting"] = 3
    ini = run(d).derived["ship_pools"]["initiative"]
    assert ini["dice"] == 4 + 3 and [p[0] for p in ini["parts"]] == ["Perception", "Piloting"]


def test_SC_CHAR_15_a_motivator_needs_a_description():
    d = dash(motivators=[{"text": "  ", "source": "flaw"}, {"text": "Outflies a rival", "source": "class"}])
    [w] = found(d, "SC-CHAR-15")
    assert (w.pointer, w.severity, w.message) == ("/motivators/0/text", "warning", "Describe what this motivator is.")
    assert not found(DASH, "SC-CHAR-15")


def test_SC_CHAR_23_dark_side_track_0_to_10_fallen_at_10():
    assert run(DASH).derived["dark_side"] == {"level": 0, "max": 10, "fallen": False}
    assert not found(dash(dark_side=9), "SC-CHAR-23")
    [w] = found(dash(dark_side=10), "SC-CHAR-23")
    assert (w.severity, w.pointer) == ("warning", "/dark_side") and "not playable until redeemed" in w.message
    assert run(dash(dark_side=10)).derived["dark_side"]["fallen"]
    for bad in (-1, 11):
        [e] = found(dash(dark_side=bad), "SC-CHAR-23", "error")
        assert e.message == f"Dark Side is {bad}; the track runs from 0 to 10."


@pytest.mark.parametrize("classes,moves,advanced", [
    ([], [], False),
    ([{"name": "Ace", "level": 1}], ["Clip", "Evasive Shot", "Helix Shot", "Counter Shot", "Keep it Together"], True),
    ([{"name": "scoundrel"}], ["Lucky Hit", "Cargo Drop"], False),
])
def test_SC_CHAR_28_class_gates_special_moves_and_advanced_maneuvers(classes, moves, advanced):
    d = run(dash(classes=classes)).derived
    assert [m["name"] for m in d["special_moves"]] == moves
    assert bool(d["advanced_maneuvers"]) is advanced
    if advanced:
        assert "Straight Loop (Koiogran Turn)" in d["advanced_maneuvers"]
