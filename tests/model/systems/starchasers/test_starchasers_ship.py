"""Starchasers starships: one test (or table) per RULES.md id of sections 2.3-2.4, presets, examples, bad input."""

import copy
import json

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import Pack, builtin_pack
from model.storage import DocumentError, from_data
from model.systems.starchasers import ship
from tests.conftest import EXAMPLES

KIND = KINDS["starchasers-ship"]
PACK = builtin_pack("starchasers")
KESTREL = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())


def run(data):
    loaded = from_data(copy.deepcopy(data), "test")
    return evaluate(loaded.data, loaded.kind)


def issues(data, rule=None, severity=None):
    return [i for i in run(data).issues
            if (rule is None or i.rule == rule) and (severity is None or i.severity == severity)]


def errors(data, rule=None):
    return issues(data, rule, "error")


def kestrel(**changes):
    d = copy.deepcopy(KESTREL)
    d.update(changes)
    return d


# --- presets: exactly the values of the seed's common ship type tables ----------------------------
SEED_TYPES = {  # name: (hull points, maneuverability, hard points), as printed in "Starship Combat"
    "Racing ship": (3, 3, 3), "Interceptor fighter": (5, 2, 0), "Space yacht": (5, 1, 2),
    "Standard fighter": (7, 0, 1), "Patrol ship": (10, -1, 4), "Light freighter": (13, -2, 6),
    "Bulk freighter": (15, -3, 6), "Light cruiser": (20, -3, 4),
}
SEED_SIZES = {1: ("Probe", 3), 2: ("Escape Pod", 2), 3: ("Fighter", 1), 4: ("Light Freighter", 0), 5: ("Light Cruiser", -1)}


def test_presets_are_exactly_the_eight_common_ship_types():
    got = {t["name"]: (t["hull_points"], t["maneuverability"], t["hard_points"]) for t in PACK.data["ship_types"]}
    assert got == SEED_TYPES


def test_size_table_is_exactly_the_seed():
    assert {s["size"]: (s["example"], s["maneuverability"]) for s in PACK.data["sizes"]} == SEED_SIZES


@pytest.mark.parametrize("name", SEED_TYPES)
def test_new_ship_from_preset_sets_seed_values_and_leaves_the_rest_for_the_player(name):
    d = ship.new_from_preset(PACK, name)
    hp, man, hard = SEED_TYPES[name]
    assert (d["hull_points"], d["maneuverability"], d["hard_points"]) == (hp, man, hard)
    assert d["structure_points"] == 7 and d["added_hard_points"] == 0
    for key in ("speed", "armor", "power_generation", "shield_rating", "cargo_tons"):
        assert d[key] is None, key
    result = run(d)
    assert result.schema_valid and not result.has_errors
    unset = {i.pointer for i in result.issues if "not set yet" in i.message}
    assert {"/speed", "/armor", "/power_generation", "/shield_rating", "/cargo_tons"} <= unset
    assert {"/speed", "/armor"} <= {"/" + k for k in result.derived["unset"]}


def test_SC_SHIP_13_stock_presets_get_durability_5_military_ones_are_left_open():
    assert ship.new_from_preset(PACK, "Light freighter")["system_durability"] == 5
    cruiser = ship.new_from_preset(PACK, "Light cruiser")
    assert cruiser["system_durability"] is None
    assert any("military" in i.message for i in issues(cruiser, "SC-SHIP-13", "warning"))
    assert issues(kestrel(system_durability=4), "SC-SHIP-13", "info")


def test_preset_sizes_only_where_the_size_table_names_the_type():
    sizes = {t["name"]: t["size"] for t in PACK.data["ship_types"]}
    assert sizes["Light freighter"] == 4 and sizes["Light cruiser"] == 5 and sizes["Standard fighter"] == 3
    assert sizes["Racing ship"] is None and sizes["Bulk freighter"] is None


def test_preset_edit_is_one_undoable_step():
    from model.edits import apply
    d = ship.new(PACK)
    before = copy.deepcopy(d)
    inverse = apply(d, ship.preset_edit(d, PACK, "Patrol ship"))
    assert (d["hull_points"], d["maneuverability"], d["hard_points"], d["class"]) == (10, -1, 4, "Patrol ship")
    apply(d, inverse)
    assert d == before


# --- SC-SHIP ranges --------------------------------------------------------------------------------
RANGES = [  # rule, key, lowest legal, highest legal
    ("SC-SHIP-01", "armor", 0, 5), ("SC-SHIP-04", "maneuverability", -3, 3), ("SC-SHIP-06", "power_generation", 0, 5),
    ("SC-SHIP-07", "hard_points", 0, 6), ("SC-SHIP-10", "size", 1, 5), ("SC-SHIP-11", "speed", 1, 5),
    ("SC-SHIP-19", "shield_rating", 0, 5),
]


UPGRADEABLE = ("armor", "shield_rating")  # "can be upgraded": stock ships stop at 5, above is a warning


@pytest.mark.parametrize("rule,key,lo,hi", RANGES, ids=[r[0] for r in RANGES])
def test_SC_SHIP_attribute_ranges(rule, key, lo, hi):
    for v in (lo, hi):
        d = kestrel(**{key: v}, hard_points=6, added_hard_points=0) if key != "hard_points" else kestrel(**{key: v}, added_hard_points=0, weapons=[], equipment=[])
        assert not errors(d, rule), (key, v)
    for v in (lo - 1, hi + 1) if key not in UPGRADEABLE else (lo - 1,):
        found = errors(kestrel(**{key: v}), rule)
        assert found and found[0].pointer == f"/{key}", (key, v)
        assert str(v if v <= 0 or key != "maneuverability" else f"+{v}") in found[0].message


@pytest.mark.parametrize("rule,key,label", [("SC-SHIP-01", "armor", "Armor Rating"),
                                            ("SC-SHIP-19", "shield_rating", "Shield Rating")])
def test_SC_SHIP_01_and_SC_SHIP_19_above_5_is_an_upgrade_warning_not_an_error(rule, key, label):
    """The seed: Armor Rating and Shield Rating "can be upgraded"; stock ships stop at 5."""
    d = kestrel(**{key: 7})
    assert not errors(d, rule)
    [w] = issues(d, rule, "warning")
    assert w.pointer == f"/{key}"
    assert w.message.startswith(f"{label} is 7: stock ships stop at 5, so this is an upgraded ship")
    assert not issues(kestrel(**{key: 5}), rule)


def test_SC_SHIP_06_power_generation_above_5_stays_an_error():
    [e] = errors(kestrel(power_generation=6), "SC-SHIP-06")
    assert e.message == "Power Generation is 6; it must be from 0 to 5."


def test_SC_SHIP_01_upgrade_warning_follows_a_house_pack():
    """The stock maximum is pack data: a house pack whose stock armour stops at 3 warns from 4."""
    data = copy.deepcopy(PACK.data)
    data["id"] = "house-low-armour"
    next(a for a in data["ship"]["attributes"] if a["key"] == "armor")["max"] = 3
    house = Pack(data, "house.json", False)
    loaded = from_data(kestrel(armor=4, rules={"pack": "house-low-armour"}), "test")
    result = evaluate(loaded.data, loaded.kind, [house])
    assert [i.severity for i in result.issues if i.rule == "SC-SHIP-01"] == ["warning"]


def test_SC_SHIP_04_maneuverability_9_is_kept_and_reported():
    d = kestrel(maneuverability=9)
    result = run(d)
    assert result.schema_valid
    [e] = [i for i in result.issues if i.rule == "SC-SHIP-04"]
    assert e.message == "Maneuverability is +9; it must be from -3 to +3."
    assert d["maneuverability"] == 9


def test_SC_SHIP_03_hull_points_and_SC_SHIP_02_cargo_must_be_set():
    assert issues(kestrel(hull_points=None), "SC-SHIP-03", "warning")
    assert issues(kestrel(cargo_tons=None), "SC-SHIP-02", "warning")
    assert errors(kestrel(hull_points=0), "SC-SHIP-03")
    assert errors(kestrel(cargo_tons=-5), "SC-SHIP-02")


def test_SC_SHIP_07_base_below_three_is_only_noted():
    d = ship.new_from_preset(PACK, "Standard fighter")
    assert issues(d, "SC-SHIP-07", "info") and not errors(d, "SC-SHIP-07")


def test_SC_SHIP_08_added_hard_points_at_most_the_base():
    assert not errors(kestrel(added_hard_points=6))
    [e] = errors(kestrel(added_hard_points=7), "SC-SHIP-08")
    assert e.pointer == "/added_hard_points" and "(6)" in e.message
    interceptor = ship.new_from_preset(PACK, "Interceptor fighter")
    interceptor["added_hard_points"] = 1
    assert errors(interceptor, "SC-SHIP-08")


def test_SC_SHIP_08_base_not_set_says_not_set_not_zero():
    [e] = errors(kestrel(hard_points=None, added_hard_points=2), "SC-SHIP-08")
    assert e.message == ("2 Hard Points added, but a ship may add at most as many as it started with "
                         "(its base Hard Points are not set).")
    assert "(0)" not in e.message


def test_SC_SHIP_09_used_hard_points_never_above_base_plus_added():
    d = kestrel()
    r = run(d).derived
    assert (r["hard_points_total"], r["hard_points_used"], r["hard_points_free"]) == (8, 3, 5)
    assert [s["hard_points"] for s in r["hard_points_shares"]] == [2, 1]
    d["weapons"].append(dict(d["weapons"][0], name="Heavy Laser", hard_points=6))
    [e] = errors(d, "SC-SHIP-09")
    assert e.pointer == "/equipment/0/hard_points"  # the first entry that no longer fits (2 + 6 = 8, then 1 more)
    assert "need 9 hard points; the ship has 8" in e.message
    d["weapons"][1]["hard_points"] = 5
    assert not errors(d, "SC-SHIP-09")


def test_SC_SHIP_09_a_weapon_using_minus_one_hard_points():
    d = kestrel()
    d["weapons"][0]["hard_points"] = -1
    result = run(d)
    [e] = [i for i in result.issues if i.pointer == "/weapons/0/hard_points"]
    assert e.severity == "error" and "-1 hard points" in e.message and "Twin Laser" in e.message
    assert result.derived["hard_points_used"] == 1  # a negative share frees nothing
    assert d["weapons"][0]["hard_points"] == -1


def test_SC_SHIP_10_size_default_maneuverability_is_only_a_note():
    [i] = issues(kestrel(), "SC-SHIP-10")
    assert i.severity == "info" and "Maneuverability 0" in i.message
    assert not issues(kestrel(maneuverability=0), "SC-SHIP-10")


def test_SC_SHIP_11_slow_player_ship_warns():
    assert issues(kestrel(speed=2), "SC-SHIP-11", "warning")
    assert not issues(kestrel(speed=2, role="extra", structure_points=1), "SC-SHIP-11")


@pytest.mark.parametrize("role,sp", [("player", 7), ("elite", 7), ("extra", 1)])
def test_SC_SHIP_12_structure_by_role(role, sp):
    assert not errors(kestrel(role=role, structure_points=sp), "SC-SHIP-12")
    [e] = errors(kestrel(role=role, structure_points=sp + 1), "SC-SHIP-12")
    assert e.pointer == "/structure_points" and str(sp) in e.message
    assert run(kestrel(role=role)).derived["structure_points_expected"] == sp


def test_SC_SHIP_12_unknown_role():
    [e] = errors(kestrel(role="pirate"), "SC-SHIP-12")
    assert e.pointer == "/role" and "player, elite, extra" in e.message


@pytest.mark.parametrize("armor,man,pd", [(2, -2, 0), (3, 1, 4), (0, -3, 0), (5, 3, 8), (1, -3, 0), (4, -1, 3)])
def test_SC_SHIP_14_passive_defense_is_armor_plus_maneuverability_never_below_zero(armor, man, pd):
    assert run(kestrel(armor=armor, maneuverability=man)).derived["passive_defense"] == pd


def test_SC_SHIP_14_passive_defense_needs_both_values():
    assert run(kestrel(armor=None)).derived["passive_defense"] is None


def test_SC_SHIP_15_dodge_and_SC_SHIP_27_initiative_from_the_pilot():
    d = kestrel(armor=3, maneuverability=1, pilot={"name": "Dash", "deftness": 3, "piloting": 2, "perception": 4})
    r = run(d).derived
    assert r["dodge"] == 3 + 2 + 4 and r["initiative"] == 4 + 2
    assert [p[0] for p in r["dodge_derivation"]] == ["pilot's Deftness", "pilot's Piloting", "Passive Defense"]
    assert run(kestrel()).derived["dodge"] is None


def test_SC_CHAR_02_03_pilot_dice_entered_on_the_ship_are_checked():
    d = kestrel(pilot={"deftness": 6, "piloting": -1})
    assert [e.pointer for e in errors(d, "SC-CHAR-02")] == ["/pilot/deftness"]
    assert [e.pointer for e in errors(d, "SC-CHAR-03")] == ["/pilot/piloting"]


def test_SC_SHIP_16_atmospheric_maneuverability():
    assert not errors(kestrel(atmospheric_maneuverability=-3))
    assert errors(kestrel(atmospheric_maneuverability=4), "SC-SHIP-16")


def test_SC_SHIP_17_comms_and_sensor_range_are_range_bands():
    assert not errors(kestrel(communications_range="Extreme", sensor_range="medium"))
    [e] = errors(kestrel(sensor_range="Far"), "SC-SHIP-17")
    assert e.pointer == "/sensor_range" and "Close, Short, Medium, Long, Extreme" in e.message


def test_SC_SHIP_18_optional_numbers_not_negative():
    for key in ("hyperdrive_rating", "medical_bonus", "navigation_computer", "sensor_assistance"):
        assert errors(kestrel(**{key: -1}), "SC-SHIP-18"), key
        assert not errors(kestrel(**{key: 2}), "SC-SHIP-18"), key


def test_SC_SHIP_22_maneuver_speeds_from_speed():
    m = run(kestrel(speed=4)).derived["maneuvers"]
    assert [(x["name"], x["max_speed"]) for x in m] == [("Straight", 4), ("Bank", 3), ("Hard Turn", 2)]


# --- SC-SWPN --------------------------------------------------------------------------------------
def weapon(**changes):
    w = copy.deepcopy(KESTREL["weapons"][0])
    w.update(changes)
    return kestrel(weapons=[w])


def test_SC_SWPN_02_weapon_skill():
    assert not issues(weapon(skill="Mines"), "SC-SWPN-02")
    assert issues(weapon(skill="Plasma Lances"), "SC-SWPN-02", "info")
    assert issues(weapon(skill=""), "SC-SWPN-02", "warning")


@pytest.mark.parametrize("arc", ["Fore", "Aft", "Port", "Starboard", "Dorsal", "Ventral", "Forward", "Rear", "All", "aft"])
def test_SC_SWPN_03_firing_arcs_from_the_list(arc):
    assert not errors(weapon(arc=arc), "SC-SWPN-03")


def test_SC_SWPN_03_unknown_arc():
    [e] = errors(weapon(arc="Sideways"), "SC-SWPN-03")
    assert e.pointer == "/weapons/0/arc" and '"Sideways" is not a firing arc' in e.message


def test_SC_SWPN_04_damage_type_normal_or_ionic():
    assert not errors(weapon(damage_type="Ionic"))
    assert errors(weapon(damage_type="Plasma"), "SC-SWPN-04")


def test_SC_SWPN_05_damage_dice_not_negative():
    assert errors(weapon(damage=-2), "SC-SWPN-05")
    assert issues(weapon(damage=None), "SC-SWPN-05", "warning")


@pytest.mark.parametrize("rng,value", [(1, 1), (2, 2), (3, 3), ("Close", 1), ("Collision", 1), ("short", 2),
                                       ("Medium", 3), ("Long", 4), ("3", 3)])
def test_SC_SWPN_06_ranges_the_range_table_knows(rng, value):
    r = run(weapon(range=rng))
    assert not [i for i in r.issues if i.rule == "SC-SWPN-06"]
    assert r.derived["weapons"][0]["range_value"] == value


@pytest.mark.parametrize("rng", [0, 7, "Very Far", "Extreme", ""])
def test_SC_SWPN_06_unknown_range(rng):
    [e] = errors(weapon(range=rng), "SC-SWPN-06")
    assert e.pointer == "/weapons/0/range"


def test_SC_SWPN_08_attack_pool_parts_beam_with_proficient_gunner():
    d = weapon()
    d["gunner"] = {"deftness": 3, "intelligence": 2, "proficient": ["Beam Weapons"]}
    w = run(d).derived["weapons"][0]
    assert w["pool"] == 3 + 3
    assert [p["label"] for p in w["pool_parts"]] == ["Weapon Damage", "gunner's Deftness (proficient)",
                                                     "Range Bonus", "Bonus Power"]
    assert "+1 at Close" in w["pool_parts"][2]["note"]


def test_SC_SWPN_08_mines_use_intelligence_missiles_take_no_range_or_power():
    d = kestrel(weapons=[dict(KESTREL["weapons"][0], name="Mine", skill="Mines"),
                         dict(KESTREL["weapons"][0], name="Missile", skill="Missile Weapons")],
                gunner={"deftness": 3, "intelligence": 2, "proficient": ["Mines"]})
    mine, missile = run(d).derived["weapons"]
    assert mine["pool"] == 3 + 2 and mine["attribute"] == "intelligence"
    assert missile["pool"] == 3 and not missile["proficient"]
    assert [p["label"] for p in missile["pool_parts"]] == ["Weapon Damage", "Deftness, if proficient"]


def test_SC_SWPN_09_bonus_power_only_for_beams():
    d = kestrel(weapons=[dict(KESTREL["weapons"][0], skill=s) for s in ("Beam Weapons", "Missile Weapons", "Mines")])
    assert [w["bonus_power"] for w in run(d).derived["weapons"]] == [True, False, False]


def test_SC_CHAR_26_gunner_attribute_only_when_proficient_in_the_weapon_skill():
    d = weapon()
    d["gunner"] = {"deftness": 3, "intelligence": 2, "proficient": ["Missile Weapons"]}
    w = run(d).derived["weapons"][0]
    assert not w["proficient"] and w["pool"] == 3
    d["gunner"]["proficient"].append("beam weapons")  # the skill's name in any case
    w = run(d).derived["weapons"][0]
    assert w["proficient"] and w["pool"] == 3 + 3


@pytest.mark.parametrize("rng,band", [(1, "Short"), (2, "Medium"), (3, "Long"), (4, None)])
def test_SC_SWPN_07_one_band_beyond_range_defender_gets_one_more_die(rng, band):
    w = run(weapon(range=rng)).derived["weapons"][0]
    if band is None:
        assert w["overreach"] is None  # beyond Long is off the map
    else:
        assert w["overreach"] == {"band": band, "defender_bonus": 1, "text": f"{band}: may fire, defender +1 die"}


def test_SC_SWPN_07_overreach_follows_a_house_pack():
    data = copy.deepcopy(PACK.data)
    data["id"] = "house-no-overreach"
    data["weapon_range_overreach"]["max_bands_beyond"] = 0
    house = Pack(data, "house.json", False)
    doc = weapon(range=2)
    doc["rules"] = {"pack": "house-no-overreach"}
    loaded = from_data(doc, "test")
    assert evaluate(loaded.data, loaded.kind, [house]).derived["weapons"][0]["overreach"] is None


@pytest.mark.parametrize("size,action,standard", [(1, "Free Action", False), (4, "Free Action", False),
                                                  (5, "Comms Standard Action", True)])
def test_SC_SHIP_21_talking_inside_the_ship_by_size(size, action, standard):
    comms = run(kestrel(size=size)).derived["inside_comms"]
    assert (comms["action"], comms["standard"]) == (action, standard)
    assert comms["how"].startswith(f"Size {size} (")
    assert run(kestrel(size=None)).derived["inside_comms"] is None


def test_SC_SWPN_16_cost_not_negative():
    assert errors(weapon(cost=-10), "SC-SWPN-16")


# --- examples and bad input -----------------------------------------------------------------------
SHIPS = sorted(p for p in EXAMPLES.glob("*.starwright")
               if json.loads(p.read_text())["format"] == "starwright/starchasers-ship")


@pytest.mark.parametrize("path", [p for p in SHIPS if "broken" not in p.name], ids=lambda p: p.stem)
def test_legal_ship_examples_have_no_errors(path):
    assert not errors(json.loads(path.read_text()))


def test_kestrel_is_the_design_ship():
    r = run(KESTREL)
    assert not r.has_errors
    assert (r.derived["hard_points_total"], r.derived["hard_points_used"], r.derived["passive_defense"]) == (8, 3, 0)


def test_broken_ship_example_breaks_many_rules():
    d = json.loads((EXAMPLES / "broken-starchasers-ship.starwright").read_text())
    rules = {i.rule for i in errors(d)}
    assert {"SC-SHIP-04", "SC-SHIP-06", "SC-SHIP-08", "SC-SHIP-09", "SC-SHIP-12", "SC-SWPN-03", "SC-SWPN-06"} <= rules


def test_weapons_that_are_not_a_list_are_refused_with_a_clear_message():
    d = kestrel(weapons={"name": "Twin Laser"})
    with pytest.raises(DocumentError) as e:
        from_data(d, "ship.starwright")
    assert e.value.where == "/weapons"
    assert "expected a list" in e.value.message


def test_new_ship_is_schema_valid_with_no_errors():
    r = run(ship.new(PACK))
    assert r.schema_valid and not r.has_errors


def test_pack_problems_found():
    from model.rules_pack import PackError, validate_pack_data
    data = copy.deepcopy(PACK.data)
    data["ship_types"][0]["size"] = 9
    with pytest.raises(PackError) as e:
        validate_pack_data(data)
    assert "size 9 is not in the size table" in str(e.value)
