"""Stargrave crew rules, one test (or table) per RULES.md id."""

import copy

import pytest

from tests.model.stargrave_helpers import LEGAL, crew, messages, rules_of, run

P = lambda *names: [{"name": n} for n in names]


def test_legal_example_has_no_errors():
    assert rules_of(LEGAL) == set()


# ---- COMPUTE ------------------------------------------------------------------------------

def test_SG_CREW_04_credits_left_is_400_minus_soldier_costs():
    d = run(crew()).derived
    costs = {"Trooper": 50, "Recruit": 0, "Sniper": 100, "Commando": 75, "Runner": 0, "Medic": 100}
    spent = sum(costs[s["type"]] for s in LEGAL["soldiers"])
    assert (d["credits_spent"], d["credits_left"]) == (spent, 400 - spent)


def test_SG_CAPT_01_and_SG_BG_03_captain_base_plus_fixed_adjustments():
    d = run(crew(captain__background="Mystic", captain__choices=["move"], captain__items=[])).derived["captain"]
    # captain base M6 F+3 S+2 A9 W+3 H16; Mystic +2 Will +1 Health; choice +1 Move
    assert d["base_profile"] == {"move": 7, "fight": 3, "shoot": 2, "armour": 9, "will": 5, "health": 17}


def test_SG_FM_01_first_mate_base_profile():
    d = run(crew(first_mate__background="Techno", first_mate__choices=["health", "shoot"],
                 first_mate__items=[])).derived["first_mate"]
    # FM base M6 F+2 S+2 A9 W+2 H14; Techno +2 Will; choices +1 Health +1 Shoot
    assert d["base_profile"] == {"move": 6, "fight": 2, "shoot": 3, "armour": 9, "will": 4, "health": 15}


def test_SG_BG_05_veteran_fight_choice_stacks_to_plus_two():
    d = run(crew(captain__choices=["fight"])).derived["captain"]
    assert d["base_profile"]["fight"] == 3 + 2
    assert [p[1] for p in d["derivation"]["fight"]] == [3, 1, 1]


def test_SG_BG_06_basic_decided_by_own_background():
    d = run(crew()).derived
    cap = {p["name"]: p["basic"] for p in d["captain"]["powers"]}
    fm = {p["name"]: p["basic"] for p in d["first_mate"]["powers"]}
    assert cap["Command"] is True and fm["Command"] is False       # Veteran list vs Cyborg list
    assert cap["Energy Shield"] is True and fm["Energy Shield"] is True  # on both lists


def test_SG_CAPT_05_captain_activation_base_or_plus_two():
    powers = {p["name"]: p for p in run(crew(captain__powers=P("Command", "Fortune", "Energy Shield", "Healing", "Teleport"))).derived["captain"]["powers"]}
    assert powers["Command"]["activation"] == 10 and powers["Fortune"]["activation"] == 12
    assert powers["Healing"]["activation"] == 12 and powers["Teleport"]["activation"] == 12


def test_SG_CAPT_06_reductions_lower_activation_by_one():
    powers = {p["name"]: p for p in run(crew()).derived["captain"]["powers"]}
    assert powers["Command"]["activation"] == 9 and powers["Coordinated Fire"]["activation"] == 9


def test_SG_CAPT_07_and_SG_FM_05_fatigue_copied_unchanged():
    d = run(crew(captain__powers=P("Command", "Fortune", "Energy Shield", "Healing", "Adrenaline Surge"),
                 first_mate__powers=P("Target Lock", "Energy Shield", "Reflex Move", "Adrenaline Surge"))).derived
    cap = {p["name"]: p["fatigue"] for p in d["captain"]["powers"]}
    fm = {p["name"]: p["fatigue"] for p in d["first_mate"]["powers"]}
    assert cap["Adrenaline Surge"] == fm["Adrenaline Surge"] == 2   # the seed's one fatigue example
    assert fm["Target Lock"] == 1 and cap["Command"] == 0


def test_SG_FM_03_first_mate_plus_two_basic_plus_four_other():
    powers = {p["name"]: p for p in run(crew()).derived["first_mate"]["powers"]}
    assert powers["Target Lock"]["activation"] == 12 and powers["Command"]["activation"] == 14


def test_SG_SOLD_03_soldier_profile_is_not_modified_by_its_gear():
    d = run(crew()).derived
    trooper = d["soldiers"][0]
    assert trooper["type"] == "Trooper" and trooper["profile"]["armour"] == 11 and trooper["profile"]["move"] == 5


@pytest.mark.parametrize("items, armour, move", [
    ([], 9, 6), (["Light Armour"], 10, 6), (["Heavy Armour"], 11, 5), (["Assault Armour"], 13, 6),
])
def test_SG_PROF_04_effective_armour_and_heavy_move(items, armour, move):
    d = run(crew(captain__items=items + ["Knife"])).derived["captain"]
    assert (d["profile"]["armour"], d["profile"]["move"]) == (armour, move)
    assert d["base_profile"]["armour"] == 9


@pytest.mark.parametrize("items, move", [
    (["Machine Gun"], 5), (["Flamethrower"], 5), (["Machine Gun", "Flamethrower"], 4),
    (["Machine Gun", "Heavy Armour"], 5), (["Machine Gun", "Assault Armour"], 6),
    (["Flamethrower", "Light Armour"], 5),
])
def test_SG_PROF_05_heavy_weapons_slow_unless_braced(items, move):
    d = run(crew(captain__items=items)).derived["captain"]
    assert d["profile"]["move"] == move


def test_SG_PROF_07_unarmed_without_melee_weapon():
    assert run(crew(captain__items=["Pistol"])).derived["captain"]["unarmed"] is True
    assert run(crew(captain__items=["Pistol", "Knife"])).derived["captain"]["unarmed"] is False
    # assault armour brings a hand weapon
    assert run(crew(captain__items=["Assault Armour"])).derived["captain"]["unarmed"] is False
    assert ("SG-PROF-07", "/captain/items") in rules_of(crew(captain__items=["Pistol"]), severity="warning")


@pytest.mark.parametrize("items, used", [
    (["Knife"], 0), (["Knife", "Knife"], 1), (["Knife", "Knife", "Knife"], 2), (["Pistol", "Knife"], 1),
])
def test_SG_EQ_04_first_knife_free_for_officers(items, used):
    assert run(crew(captain__items=items)).derived["captain"]["slots_used"] == used


def test_SG_EQ_05_officer_grenades_take_one_slot():
    d = run(crew(captain__items=["Grenades", "Knife"])).derived["captain"]
    assert d["slots_used"] == 1


@pytest.mark.parametrize("names", [
    ["Grenade (Fragmentation)", "Grenade (Smoke)"], ["Grenades", "Grenade (Smoke)"],
    ["Grenade (Smoke)", "Grenade (Fragmentation)", "Grenades"],
])
def test_SG_EQ_05_both_grenade_names_are_one_item_of_one_slot(names):
    # the seed: grenades carry both kinds in a single slot, so listing frag and smoke is one item
    result = run(crew(captain__items=names + ["Pistol", "Knife"]))
    d = result.derived["captain"]
    assert d["slots_used"] == 2                       # grenades 1 + pistol 1 + the free knife
    status = d["item_status"]
    assert [s["slots"] for s in status[:len(names)]] == [1] + [0] * (len(names) - 1)
    assert all(s["fits"] for s in status) and status[1]["rule"] == "SG-EQ-05"
    assert "one slot holds every kind" in status[1]["reason"]
    assert not [i for i in result.issues if i.is_error and i.pointer.startswith("/captain/items")]


def test_SG_EQ_05_offers_say_grenades_are_already_carried():
    offers = run(crew(captain__items=["Grenade (Smoke)"])).offers
    grenades = next(o for o in offers["captain"]["items"] if o["name"] == "Grenades")
    assert not grenades["fits"] and grenades["rule"] == "SG-EQ-05"


def test_SG_EQ_05_the_pack_decides_which_item_is_one_for_all_its_names():
    from model.rules_pack import Pack, builtin_pack
    from model.systems import stargrave
    data = copy.deepcopy(builtin_pack("stargrave").data)
    data["id"] = "house"
    next(i for i in data["items"] if i["name"] == "Grenades")["one_item_for_all_names"] = False
    doc = crew(captain__items=["Grenade (Fragmentation)", "Grenade (Smoke)"])
    assert stargrave.derive(doc, Pack(data, "h.json", False))["captain"]["slots_used"] == 2


def test_SG_EQ_06_grenade_launcher_three_slots_needs_no_grenades():
    d = run(crew(captain__items=["Grenade Launcher", "Knife"])).derived["captain"]
    assert d["slots_used"] == 3
    assert rules_of(crew(captain__items=["Grenade Launcher", "Knife"])) == set()


def test_SG_EQ_07_assault_armour_two_slots_with_free_built_ins():
    d = run(crew(captain__items=["Assault Armour", "Carbine"])).derived["captain"]
    assert d["slots_used"] == 4
    assert set(d["built_in"]) == {"Hand Weapon", "Pistol", "Filter Mask"}
    assert {"Hand Weapon", "Pistol", "Filter Mask", "Assault Armour"} <= set(d["carried"])


def test_SG_EQ_08_assault_armour_upkeep_per_scenario():
    data = crew(captain__items=["Assault Armour"],
                soldiers=[{"type": "Armoured Trooper"}, {"type": "Armoured Trooper"}, {"type": "Recruit"}])
    assert run(data).derived["upkeep"] == 150


def test_SG_EQ_08_upkeep_pays_officers_first_an_unpaid_soldier_is_a_warning_at_that_soldier():
    # 2 Armoured Troopers (300 Cr) and a Medic (100 Cr): 0 Cr left, 100 Cr owed before the first game
    short = crew(soldiers=[{"type": "Armoured Trooper"}] * 2 + [{"type": "Medic"}])
    warnings = rules_of(short, severity="warning")
    assert {("SG-EQ-08", "/soldiers/0"), ("SG-EQ-08", "/soldiers/1")} <= warnings
    assert not any(r == "SG-EQ-08" for r, _ in rules_of(short))      # the soldiers sit out: not an error
    assert "50 Cr upkeep" in messages(short, "SG-EQ-08")[0] and "sits that game out" in messages(short, "SG-EQ-08")[0]
    # the same two with 100 Cr left can pay
    paid = crew(soldiers=[{"type": "Armoured Trooper"}] * 2)
    assert not [i for i in run(paid).issues if i.rule == "SG-EQ-08"]
    # 50 Cr left: the Captain's armour is paid first, the soldier's is not
    first = crew(captain__items=["Assault Armour", "Knife"],
                 soldiers=[{"type": "Armoured Trooper"}, {"type": "Medic"}, {"type": "Sniper"}])
    assert [(i.pointer, i.severity) for i in run(first).issues if i.rule == "SG-EQ-08"] == [("/soldiers/0", "warning")]


def test_SG_EQ_08_an_officers_unpaid_assault_armour_is_an_error_at_that_officers_items():
    officer = crew(captain__items=["Assault Armour", "Knife"], soldiers=[{"type": "Sniper"}] * 4)
    assert ("SG-EQ-08", "/captain/items") in rules_of(officer)
    assert "must swap it" in messages(officer, "SG-EQ-08")[0]


def test_SG_EQ_10_officer_items_cost_no_credits():
    a = run(crew(captain__items=[])).derived["credits_left"]
    b = run(crew(captain__items=["Assault Armour", "Carbine", "Medkit"])).derived["credits_left"]
    assert a == b


# ---- ENFORCE ------------------------------------------------------------------------------

def test_SG_CREW_01_and_SG_CREW_02_captain_and_first_mate_are_required(tmp_path):
    from model.storage import DocumentError, from_data
    for role in ("captain", "first_mate"):
        data = crew()
        del data[role]
        with pytest.raises(DocumentError) as exc:
            from_data(data, "crew.starwright")
        assert exc.value.where == f"/{role}"


def test_SG_CREW_03_and_05_at_most_eight_soldiers():
    ok = crew(soldiers=[{"type": "Recruit"}] * 8)
    bad = crew(soldiers=[{"type": "Recruit"}] * 9)
    assert ("SG-CREW-05", "/soldiers") not in rules_of(ok)
    assert ("SG-CREW-05", "/soldiers") in rules_of(bad)
    assert "at most 8" in " ".join(messages(bad, "SG-CREW-05"))


def test_SG_CREW_05_at_most_four_specialists():
    four = crew(soldiers=[{"type": "Codebreaker"}] * 4)
    five = crew(soldiers=[{"type": "Codebreaker"}] * 5)
    assert run(four).derived["specialists"] == 4 and not any(r == "SG-CREW-05" for r, _ in rules_of(four))
    assert any("at most 4" in m for m in messages(five, "SG-CREW-05"))


def test_SG_CREW_06_soldiers_may_not_cost_more_than_400():
    ok = crew(soldiers=[{"type": "Sniper"}] * 4)   # exactly 400
    bad = crew(soldiers=[{"type": "Sniper"}] * 4 + [{"type": "Hacker"}])
    assert run(ok).derived["credits_left"] == 0 and not any(r == "SG-CREW-06" for r, _ in rules_of(ok))
    assert ("SG-CREW-06", "/soldiers") in rules_of(bad)
    assert "20 Cr over" in messages(bad, "SG-CREW-06")[0]


def test_SG_CREW_09_officers_cannot_be_robots():
    assert ("SG-CREW-09", "/first_mate/robot") in rules_of(crew(first_mate__robot=True))


@pytest.mark.parametrize("background, expected", [("", True), ("Spacer", True), ("Veteran", False)])
def test_SG_BG_01_one_of_eight_backgrounds(background, expected):
    assert (("SG-BG-01", "/captain/background") in rules_of(crew(captain__background=background))) is expected


def test_SG_BG_01_english_edition_name_is_accepted():
    data = crew(first_mate__background="Tekker", first_mate__choices=["move", "shoot"],
                first_mate__powers=P("Data Hack", "Teleport", "EMP Pulse", "Command"))
    assert rules_of(data) == set()
    assert ("SG-BG-01", "/first_mate/background") in rules_of(data, severity="info")


def test_SG_BG_02_first_mate_may_share_the_captain_background():
    data = crew(first_mate__background="Veteran", first_mate__choices=["fight"],
                first_mate__powers=P("Weaponsmith", "Target Designation", "Healing", "Teleport"))
    assert rules_of(data) == set()


@pytest.mark.parametrize("choices, pointer", [
    ([], "/captain/choices"),                      # Veteran picks one
    (["shoot", "move"], "/captain/choices"),       # too many
    (["health"], "/captain/choices/0"),            # not offered to a Veteran
    (["will"], "/captain/choices/0"),
])
def test_SG_BG_04_chosen_adjustments_count_and_options(choices, pointer):
    assert ("SG-BG-04", pointer) in rules_of(crew(captain__choices=choices))


def test_SG_BG_04_two_choices_must_differ():
    data = crew(first_mate__choices=["move", "move"])
    assert ("SG-BG-04", "/first_mate/choices/1") in rules_of(data)
    # a repeated choice is not counted twice in the profile
    assert run(data).derived["first_mate"]["base_profile"]["move"] == 7


@pytest.mark.parametrize("powers, ok", [
    (P("Command", "Fortune", "Energy Shield", "Healing", "Teleport"), True),        # 3 basic + 2
    (P("Command", "Fortune", "Energy Shield", "Coordinated Fire", "Teleport"), True),  # 4 basic + 1
    (P("Command", "Fortune", "Healing", "Teleport", "Pull"), False),                 # 2 basic
    (P("Command", "Fortune", "Energy Shield", "Coordinated Fire", "Weaponsmith"), False),  # 5 basic
])
def test_SG_CAPT_02_and_03_captain_three_or_four_basic_of_five(powers, ok):
    found = {r for r, _ in rules_of(crew(captain__powers=powers))}
    assert (not found & {"SG-CAPT-02", "SG-CAPT-03"}) is ok


def test_SG_CAPT_02_message_says_what_to_do():
    data = crew(captain__background="Psion", captain__choices=["move"],
                captain__powers=P("Levitation", "Pull", "Command", "Fortune", "Healing"))
    assert messages(data, "SG-CAPT-02") == [
        "Psion captain: 5 powers chosen but only 2 are Psion basic powers; choose 3 or 4."]


def test_SG_CAPT_03_exactly_five_powers():
    assert ("SG-CAPT-03", "/captain/powers") in rules_of(crew(captain__powers=P("Command", "Fortune", "Energy Shield")))
    unknown = crew(captain__powers=P("Command", "Fortune", "Energy Shield", "Healing", "Warp Storm"))
    assert ("SG-CAPT-03", "/captain/powers/4/name") in rules_of(unknown)


def test_SG_CAPT_03_english_edition_power_name_is_accepted():
    data = crew(captain__powers=P("Command", "Fortune", "Energy Shield", "Heal", "Transport"))
    assert rules_of(data) == set()
    assert {p["name"] for p in run(data).derived["captain"]["powers"]} >= {"Healing", "Teleport"}


def test_SG_CAPT_04_no_power_twice():
    data = crew(captain__powers=P("Command", "Fortune", "Energy Shield", "Healing", "Healing"))
    assert ("SG-CAPT-04", "/captain/powers/4/name") in rules_of(data)


def test_SG_CAPT_06_at_most_two_reductions():
    powers = [{"name": "Command", "reduced": True}, {"name": "Fortune", "reduced": True},
              {"name": "Energy Shield", "reduced": True}, {"name": "Healing"}, {"name": "Teleport"}]
    data = crew(captain__powers=powers)
    assert ("SG-CAPT-06", "/captain/powers/2/reduced") in rules_of(data)
    assert sum(p["reduced"] for p in run(data).derived["captain"]["powers"]) == 2


def test_SG_CAPT_06_reduction_floor_is_in_the_pack(tmp_path):
    """AMB-SG-07: no activation below the floor (4); a house pack with floor 10 shows it is enforced."""
    from tests.model.test_rules_pack import house_pack
    pack = house_pack(tmp_path, lambda p: p["crew"].update(activation_floor=10))
    data = crew(rules={"pack": "house"})
    assert ("SG-CAPT-06", "/captain/powers/0/reduced") in rules_of(data, [pack])
    assert run(data, [pack]).derived["captain"]["powers"][0]["activation"] == 10


def test_SG_CAPT_09_captain_six_slots():
    six = crew(captain__items=["Carbine", "Heavy Armour", "Pistol", "Medkit", "Tool Kit", "Knife"])
    seven = crew(captain__items=["Carbine", "Heavy Armour", "Pistol", "Medkit", "Tool Kit", "Filter Mask", "Knife"])
    assert run(six).derived["captain"]["slots_used"] == 6 and not rules_of(six)
    assert ("SG-EQ-02", "/captain/items") in rules_of(seven)
    assert ("SG-CAPT-09", "/captain/items/0") in rules_of(crew(captain__items=["Laser Sword"]))


def test_SG_FM_02_four_powers_two_or_three_basic():
    ok3 = P("Target Lock", "Energy Shield", "Reflex Move", "Command")
    ok2 = P("Target Lock", "Energy Shield", "Healing", "Command")
    bad1 = P("Target Lock", "Healing", "Command", "Teleport")
    bad4 = P("Target Lock", "Energy Shield", "Reflex Move", "Camouflage")
    assert not rules_of(crew(first_mate__powers=ok3)) and not rules_of(crew(first_mate__powers=ok2))
    assert ("SG-FM-02", "/first_mate/powers") in rules_of(crew(first_mate__powers=bad1))
    assert ("SG-FM-02", "/first_mate/powers") in rules_of(crew(first_mate__powers=bad4))
    assert ("SG-FM-02", "/first_mate/powers") in rules_of(crew(first_mate__powers=ok3[:3]))


def test_SG_FM_04_first_mate_gets_no_reductions():
    powers = [{"name": "Target Lock", "reduced": True}, {"name": "Energy Shield"}, {"name": "Reflex Move"},
              {"name": "Command"}]
    data = crew(first_mate__powers=powers)
    assert ("SG-FM-04", "/first_mate/powers/0/reduced") in rules_of(data)
    assert run(data).derived["first_mate"]["powers"][0]["activation"] == 12


def test_SG_FM_04_reductions_are_a_pack_option(tmp_path):
    from tests.model.test_rules_pack import house_pack
    pack = house_pack(tmp_path, lambda p: p["figures"]["first_mate"].update(creation_reductions=2))
    powers = [{"name": "Target Lock", "reduced": True}, {"name": "Energy Shield"}, {"name": "Reflex Move"},
              {"name": "Command"}]
    data = crew(first_mate__powers=powers, rules={"pack": "house"})
    assert not rules_of(data, [pack])
    assert run(data, [pack]).derived["first_mate"]["powers"][0]["activation"] == 11


def test_SG_FM_07_first_mate_five_slots():
    five = crew(first_mate__items=["Carbine", "Light Armour", "Pistol", "Grenades", "Knife"])
    six = crew(first_mate__items=["Carbine", "Light Armour", "Pistol", "Grenades", "Medkit", "Knife"])
    assert not rules_of(five)
    assert ("SG-EQ-02", "/first_mate/items") in rules_of(six)
    assert "use 6 slots" in messages(six, "SG-EQ-02")[0]


def test_SG_EQ_03_one_armour_only_shield_is_not_armour():
    assert ("SG-EQ-03", "/captain/items") in rules_of(crew(captain__items=["Light Armour", "Heavy Armour", "Knife"]))


def test_SG_EQ_09_no_shield_at_creation_and_not_with_big_weapons():
    found = rules_of(crew(captain__items=["Shield", "Carbine", "Knife"]))
    assert ("SG-EQ-09", "/captain/items/0") in found and ("SG-EQ-09", "/captain/items") in found
    assert ("SG-EQ-03", "/captain/items") not in rules_of(crew(captain__items=["Shield", "Light Armour", "Knife"]))


def test_SG_SOLD_01_unknown_soldier_type():
    data = crew(soldiers=[{"type": "Space Marine"}])
    assert ("SG-SOLD-01", "/soldiers/0/type") in rules_of(data)


def test_SG_SOLD_05_soldier_item_slot_empty_at_creation():
    assert ("SG-SOLD-05", "/soldiers/0/item") in rules_of(crew(soldiers=[{"type": "Trooper", "item": "Medkit"}]))


def test_SG_SOLD_08_any_recruited_soldier_may_be_a_robot_a_guard_dog_gets_a_note():
    """The seed: "Whenever you recruit a new Soldier, the player may declare that individual to be a robot"."""
    assert not rules_of(crew(soldiers=[{"type": "Trooper", "robot": True}]))
    dog = crew(soldiers=[{"type": "Guard Dog", "robot": True}])
    assert not rules_of(dog) and not rules_of(dog, severity="warning")
    assert ("SG-SOLD-08", "/soldiers/0/robot") in rules_of(dog, severity="info")
    assert messages(dog, "SG-SOLD-08")[0].startswith("A robot Guard Dog: the rules let any recruited soldier")


@pytest.mark.parametrize("stype, allowed", [("Trooper", True), ("Armoured Trooper", True), ("Recruit", False),
                                            ("Gunner", False), ("Sniper", True)])
def test_SG_SOLD_11_shotgun_only_in_place_of_a_carbine(stype, allowed):
    data = crew(soldiers=[{"type": stype, "shotgun": True}])
    assert (("SG-SOLD-11", "/soldiers/0/shotgun") not in rules_of(data)) is allowed
    if allowed:
        gear = run(data).derived["soldiers"][0]["gear"]
        assert "Shotgun" in gear and "Carbine" not in gear


def test_every_message_is_a_sentence_without_python_reprs():
    from tests.conftest import EXAMPLES
    import json
    data = json.loads((EXAMPLES / "broken-crew.starwright").read_text())
    issues = run(data).issues
    assert len([i for i in issues if i.is_error]) >= 15
    for i in issues:
        assert i.message[0].isupper() or i.message[0] == '"', i.message
        assert i.message.endswith("."), i.message
        assert "None" not in i.message and "[" not in i.message, i.message
        assert i.rule.startswith("SG-"), i.rule


@pytest.mark.parametrize("seed_name", ["Grenade (Fragmentation)", "Grenade (Smoke)", "grenade (smoke)"])
def test_SG_CAPT_09_and_SG_FM_07_seed_table_grenade_names_are_grenades(seed_name):
    """The excerpt's General Weapons Table names "Grenade (Fragmentation)" and "Grenade (Smoke)": both are
    the officers' one Grenades item (it carries both types in one slot)."""
    items = ["Carbine", "Light Armour", "Pistol", "Knife", seed_name]
    data = crew(first_mate__items=items)
    assert not rules_of(data), run(data).issues
    assert run(data).derived["first_mate"]["slots_used"] == 5
    captain = crew(captain__items=["Carbine", "Heavy Armour", "Pistol", "Knife", seed_name])
    assert not rules_of(captain)


def test_SG_CAPT_08_captain_starts_at_level_15_with_no_level_upgrades():
    d = run(LEGAL).derived["captain"]
    assert d["level"] == 15
    # the base profile is the Captain's start plus the background: nothing added for the 15 levels
    parts = {label for how in d["derivation"].values() for label, _ in how}
    assert parts <= {"Captain base", "Veteran background", "Veteran choice", "Heavy Armour"}, parts


def test_SG_EQ_01_slot_capacity_captain_6_first_mate_5():
    d = run(LEGAL).derived
    assert (d["captain"]["slots"], d["first_mate"]["slots"]) == (6, 5)


def test_SG_EQ_02_items_may_not_use_more_slots_than_the_figure_has():
    six = ["Carbine", "Light Armour", "Pistol", "Knife", "Medkit", "Grenades"]
    assert ("SG-EQ-02", "/first_mate/items") in rules_of(crew(first_mate__items=six))
    assert ("SG-EQ-02", "/captain/items") not in rules_of(crew(captain__items=six))
    seven = six + ["Filter Mask"]
    [m] = [i.message for i in run(crew(captain__items=seven)).issues if i.rule == "SG-EQ-02"]
    assert m == "The Captain's items use 7 slots; the Captain has 6."


def test_SG_SOLD_02_a_soldiers_profile_is_its_types_and_has_no_levels():
    from model.storage import DocumentError, from_data
    data = crew()
    soldier = run(data).derived["soldiers"][0]
    from model.rules_pack import builtin_pack
    trooper = next(s for s in builtin_pack("stargrave").data["soldiers"] if s["name"] == "Trooper")
    assert soldier["profile"] == trooper["profile"]
    for extra in ({"level": 3}, {"profile": {"move": 9}}):
        data["soldiers"][0].update(extra)
        with pytest.raises(DocumentError) as exc:
            from_data(data, "crew.starwright")
        assert exc.value.where.startswith("/soldiers/0")
        data = crew()


def test_SG_SOLD_04_soldiers_take_no_general_equipment():
    from model.storage import DocumentError, from_data
    data = crew()
    data["soldiers"][0]["items"] = ["Medkit"]
    with pytest.raises(DocumentError) as exc:
        from_data(data, "crew.starwright")
    assert exc.value.where.startswith("/soldiers/0")


def test_SG_PROF_06_roll_bonuses_are_capped_at_the_packs_plus_10():
    from model.rules_pack import Pack, builtin_pack
    plain = run(LEGAL).derived["captain"]
    assert not [p for how in plain["derivation"].values() for p in how if "cap" in p[0]]
    data = copy.deepcopy(builtin_pack("stargrave").data)
    data["id"] = "house-low-cap"
    data["crew"]["roll_bonus_cap"] = 2
    doc = crew(rules={"pack": "house-low-cap"})
    capped = run(doc, [Pack(data, "house.json", False)]).derived["captain"]
    assert plain["profile"]["fight"] > 2 and capped["profile"]["fight"] == 2
    assert capped["derivation"]["fight"][-1] == ["roll bonus cap +2", 2 - plain["profile"]["fight"]]
    assert capped["profile"]["health"] == plain["profile"]["health"]  # not a roll bonus
def test_SG_PROF_07_unarmed_warning_also_with_no_items_at_all():
    assert ("SG-PROF-07", "/captain/items") in rules_of(crew(captain__items=[]), severity="warning")
    assert ("SG-PROF-07", "/captain/items") not in rules_of(crew(captain__items=["Knife"]), severity="warning")


def test_SG_SOLD_13_an_unpaid_armoured_soldier_sits_the_game_out_and_a_recruit_or_runner_may_stand_in():
    """50 Cr per assault-armoured soldier before every scenario; unpaid, that soldier (not the crew) sits the
    game out: a warning at that soldier saying so, never an error, and the other soldiers are untouched."""
    armoured = crew(soldiers=[{"type": "Armoured Trooper"}, {"type": "Medic"}, {"type": "Armoured Trooper"},
                              {"type": "Sniper"}])   # 150 + 100 + 150 + 100 = 500 Cr: nothing left for upkeep
    found = [i for i in run(armoured).issues if i.pointer.startswith("/soldiers/")]
    assert [(i.pointer, i.severity) for i in found if "upkeep" in i.message] == [
        ("/soldiers/0", "warning"), ("/soldiers/2", "warning")]
    assert all("sits that game out" in i.message and "Recruit or Runner may stand in" in i.message
               for i in found if "upkeep" in i.message)
    # the upkeep is 50 Cr for each armoured soldier, paid while credits last
    assert run(crew(soldiers=[{"type": "Armoured Trooper"}] * 2)).derived["upkeep"] == 100
