"""The one line each Star Frontiers, Starchasers and Knight Hawks page shows about what to do next: read from the
document, the rules pack and the issues found, step by step from a new document (no Qt here); a house pack
changing a number changes the line."""

import copy

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import Pack, builtin_pack
from model.systems import knighthawks as kh
from model.systems import starfrontiers as sf
from model.systems.knighthawks.next_step import next_step as kh_step
from model.systems.starchasers import character as scc
from model.systems.starchasers import ship as scs
from model.systems.starchasers import tables as sc_tables
from model.systems.starchasers.next_step import next_step as sc_step
from model.systems.starfrontiers.next_step import next_step as sf_step


def house(system, change):
    data = copy.deepcopy(builtin_pack(system).data)
    change(data)
    data["id"] = "house-" + system
    return Pack(data, "house.json", False)


def sf_line(part, data, pack):
    return sf_step(part, data, evaluate(data, KINDS["starfrontiers-character"]).issues, sf.tables(pack))


def test_star_frontiers_pages_lead_through_race_psa_rolls_bonus_and_equipment():
    pack = builtin_pack("starfrontiers")
    data = sf.new(pack)
    assert sf_line("character", data, pack) == "Next: choose a race."
    data["race"] = "Human"
    assert sf_line("character", data, pack) == "Next: choose a Primary Skill Area (PSA)."
    data["psa"] = "Military"
    assert sf_line("character", data, pack) == (
        "Next, on the Abilities page: roll 4 more ability pairs (or “Roll all four pairs”).")
    assert sf_line("abilities", data, pack) == "Next: roll 4 more ability pairs (or “Roll all four pairs”)."
    data["base"] = {"str_sta": 45, "dex_rs": 50, "int_log": 40, "per_ldr": 55}
    assert sf_line("abilities", data, pack) == "Next: choose the ability that gets the Human +5."
    data["human_bonus"] = "str"
    assert sf_line("abilities", data, pack) == (
        "Next: move up to 10 points within a pair if you like, then buy equipment.")
    assert sf_line("equipment", data, pack) == (
        "Next: enter the starting credits your referee allows, then buy equipment.")
    data["credits"] = 500
    assert sf_line("equipment", data, pack) == "Next: buy equipment: double-click an item in the shop."
    data["equipment"] = [{"name": "Laser Pistol", "count": 1}]  # 600 Cr: the check finds the overspend
    assert sf_line("equipment", data, pack).startswith("To fix: Buying the Laser Pistol (600 Cr) takes the credits")
    data["credits"] = 1000
    assert sf_line("equipment", data, pack) == "The character is ready. Next: save it or print its sheet."
    data["base"]["int_log"] = 47  # not on the table: an error on another page, pointed at with its page
    assert sf_line("equipment", data, pack).startswith("To fix, on the Abilities page: INT/LOG: a base score of 47")
    data["name"] = " "
    assert sf_line("character", data, pack) == "Next: name the character."


def test_star_frontiers_a_house_exchange_limit_is_the_number_said():
    pack = house("starfrontiers", lambda d: d.update(exchange_limit=6))
    data = sf.new(pack)
    data.update(race="Vrusk", psa="Military", base={"str_sta": 45, "dex_rs": 50, "int_log": 40, "per_ldr": 55})
    assert sf_step("abilities", data, [], sf.tables(pack)) == (
        "Next: move up to 6 points within a pair if you like, then buy equipment.")


def kh_line(data, pack):
    return kh_step(data, evaluate(data, KINDS["knighthawks-ship"]).issues, kh.tables(pack))


def test_knight_hawks_ship_leads_to_weapons_then_defenses_and_an_error_comes_first():
    pack = builtin_pack("knighthawks")
    data = kh.new(pack)
    assert kh_line(data, pack) == "Next: add weapons (the Frigate has room for 8)."
    data["weapons"] = {"LB": 1}
    assert kh_line(data, pack) == "Next: add defenses (the Frigate has room for 6)."
    data["defenses"] = {"RH": 1}
    assert kh_line(data, pack) == "The ship is ready. Next: save it or print its sheet."
    data["weapons"] = {"LB": 5}
    assert kh_line(data, pack).startswith("To fix: ")
    data["type"] = "Teacup"
    assert kh_line(data, pack) == "Next: choose the ship's type."


def test_knight_hawks_a_house_ship_type_changes_the_room_said():
    def more_rockets(d):
        next(s for s in d["ship_types"] if s["name"] == "Frigate")["weapons"]["RB"] = 10
    pack = house("knighthawks", more_rockets)
    assert kh_step(kh.new(pack), [], kh.tables(pack)) == "Next: add weapons (the Frigate has room for 14)."


def sc_line(part, data, pack, kind):
    return sc_step(part, data, evaluate(data, KINDS[kind]).issues, sc_tables(pack))


def test_starchasers_ship_pages_lead_from_type_to_weapons():
    pack = builtin_pack("starchasers")
    data = scs.new(pack)
    assert sc_line("ship", data, pack, "starchasers-ship").startswith("Next: choose a common ship type, or fill in")
    name = pack.data["ship_types"][0]["name"]
    data = scs.new_from_preset(pack, name)
    assert sc_line("ship", data, pack, "starchasers-ship").endswith("value(s) the ship type leaves to you).".replace(
        "value(s)", "values"))
    for a in pack.data["ship"]["attributes"]:
        data[a["key"]] = a.get("min") or 1 if data.get(a["key"]) is None else data[a["key"]]
    line = sc_line("ship", data, pack, "starchasers-ship")
    assert line.startswith(("Next, on the Weapons page: add weapons (", "To fix: "))
    data["hard_points"], data["added_hard_points"] = 4, 0
    assert sc_step("weapons", data, [], sc_tables(pack)) == "Next: add weapons (4 hard points free)."
    data["weapons"] = [{"name": "Laser", "hard_points": 1}]
    assert sc_step("weapons", data, [], sc_tables(pack)) == "The ship is ready. Next: save it or print its sheet."


def test_starchasers_character_pages_lead_through_attributes_motivators_skills_and_equipment():
    pack = builtin_pack("starchasers")
    data = scc.new(pack)
    first = pack.data["character"]["attributes"][0]["label"]
    n = len(pack.data["character"]["attributes"])
    assert sc_line("character", data, pack, "starchasers-character") == (
        f"Next: set {first} ({n} attributes still empty).")
    data["attributes"] = {a["key"]: 2 for a in pack.data["character"]["attributes"]}
    assert sc_line("character", data, pack, "starchasers-character") == "Next: add a motivator if you like (0 of at most 3), then choose skills."
    assert sc_line("skills", data, pack, "starchasers-character") == "Next: add the character's skills."


def test_starchasers_a_house_motivator_limit_is_the_number_said():
    pack = house("starchasers", lambda d: d["character"]["motivators"].update(max=5))
    data = scc.new(pack)
    data["attributes"] = {a["key"]: 2 for a in pack.data["character"]["attributes"]}
    assert sc_step("character", data, [], sc_tables(pack)) == "Next: add a motivator if you like (0 of at most 5), then choose skills."
