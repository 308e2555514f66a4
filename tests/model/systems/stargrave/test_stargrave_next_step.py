"""The one line each Stargrave page shows about what to do next: read from the document, the rules pack and
the issues found, step by step through a crew built from nothing (no Qt here)."""

import copy

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import Pack, builtin_pack
from model.systems.stargrave import new, tables
from model.systems.stargrave import quickstart as qs
from model.systems.stargrave.next_step import next_step

KIND = KINDS["stargrave-crew"]


def step(part, data, pack):
    return next_step(part, data, evaluate(data, KIND).issues, tables(pack))


def test_an_officer_is_led_through_background_plus_ones_powers_lowerings_and_equipment():
    pack = builtin_pack("stargrave")
    data = new(pack)
    assert step("captain", data, pack) == "Next: choose the Captain's background."
    data["captain"]["background"] = "Veteran"
    assert step("captain", data, pack) == "Next: tick 1 more +1 for the Captain."
    data["captain"]["choices"] = ["shoot"]
    assert step("captain", data, pack) == "Next: choose 5 more powers for the Captain."
    data["captain"]["powers"] = [{"name": n} for n in ("Command", "Coordinated Fire", "Energy Shield", "Fortune")]
    assert step("captain", data, pack) == "Next: choose 1 more power for the Captain."
    data["captain"]["powers"].append({"name": "Healing"})
    assert step("captain", data, pack) == "Next: lower 2 more powers by 1 (tick “Lowered by 1”)."
    data["captain"]["powers"][0]["reduced"] = data["captain"]["powers"][1]["reduced"] = True
    assert step("captain", data, pack) == "Next: choose the Captain's equipment (6 item slots)."
    data["captain"]["items"] = ["Carbine", "Heavy Armour", "Light Armour"]  # two armours: an error
    assert step("captain", data, pack).startswith("To fix: ")
    data["captain"]["items"] = ["Carbine", "Heavy Armour", "Knife"]
    assert step("captain", data, pack) == (
        "The Captain is ready. Next, on the First Mate page: choose the First Mate's background.")


def test_the_numbers_come_from_the_rules_pack():
    pack = builtin_pack("stargrave")
    house = copy.deepcopy(pack.data)
    house["crew"]["max_soldiers"] = 6
    house["id"] = "house-six-soldiers"
    data = qs.quick_start(pack, "Nova")
    data["soldiers"] = data["soldiers"][:3]
    t = tables(Pack(house, "house.json", False))
    assert next_step("soldiers", data, [], t) == "Next: hire up to 3 more soldiers (3 of 6)."


def test_the_crew_page_points_at_the_first_unfinished_part_and_a_full_crew_says_what_then():
    pack = builtin_pack("stargrave")
    data = qs.quick_start(pack, "Nova")
    assert step("crew", data, pack).startswith("The crew is full.")
    data["first_mate"]["powers"] = data["first_mate"]["powers"][:2]
    assert step("crew", data, pack) == (
        "Next, on the First Mate page: choose 2 more powers for the First Mate.")
    data["name"] = ""
    assert step("crew", data, pack) == "Next: name the crew."
    data["soldiers"] = []
    assert step("soldiers", data, pack).startswith("Next: hire soldiers (0 of 8)")


def test_a_crew_with_games_is_pointed_at_recording_the_next_game_or_fixing_a_record():
    import json
    from tests.conftest import EXAMPLES
    pack = builtin_pack("stargrave")
    data = json.loads((EXAMPLES / "ashen-comet-campaign.starwright").read_text(encoding="utf-8"))
    for part in ("crew", "captain", "first_mate", "soldiers"):   # not "hire 2 more" from the founding roster
        assert step(part, data, pack) == "Next: after your next game, record it (Campaign › Record a Game…)."
    data["campaign"]["games"][1]["survival"] = [{"who": "s1", "roll": 21}]
    assert step("soldiers", data, pack).startswith("To fix: ")
