"""Star Frontiers equipment, money, mass, weapons, ammunition and defenses (SF-EQ, SF-WPN, SF-DEF, SF-CHAR-18)."""

from __future__ import annotations

import copy

import pytest

from model.edits import apply
from model.rules_pack import Pack
from model.systems import starfrontiers as sf
from tests.model.systems.starfrontiers.test_starfrontiers_support import character, derived, issues, pack, run


def gear(*entries, credits=10000, **changes):
    return character(equipment=[e if isinstance(e, dict) else {"name": e} for e in entries], credits=credits, **changes)


def test_SF_EQ_01_standard_pack_cost_mass_and_contents():
    d = derived(gear("Standard Equipment Pack"))
    assert d["credits_spent"] == 150 and d["total_mass"] == 1
    for inner in ("Chronocom", "Coveralls", "Doze Grenade", "First Aid Pak", "ID Card", "Pocket Tool"):
        assert d["possessions"][inner] == 1
    assert [g["name"] for g in d["grenades"]] == ["Doze Grenade"]  # its only weapon
    assert d["weapons"] == []


def test_SF_EQ_02_totals_use_table_values_and_count():
    d = derived(gear({"name": "Laser Rifle", "count": 2}, "Rope (25 m)", "Scope", {"name": "Tornadium D-19 (50 g charge)", "count": 20}))
    assert d["credits_spent"] == 2 * 800 + 2 + 100 + 20 * 50
    assert d["total_mass"] == pytest.approx(2 * 3 + 1 + 0.5 + 1.0)


def test_SF_EQ_02_mass_not_stated_counts_zero_and_is_named():
    data = gear("Gas Mask", "Magnigoggles")
    d = derived(data)
    assert d["total_mass"] == 0 and d["mass_not_stated"] == ["Gas Mask", "Magnigoggles"]
    found = issues(data, "SF-EQ-02")
    assert found[0].severity == "info" and "Gas Mask, Magnigoggles" in found[0].message


def test_SF_EQ_02_entered_mass_fills_a_gap():
    d = derived(gear({"name": "Gas Mask", "mass": 0.5}))
    assert d["total_mass"] == 0.5 and d["mass_not_stated"] == []


def test_SF_EQ_02_unknown_item_and_custom_item():
    found = issues(gear("Phaser"), "SF-EQ-02", "error")
    assert found[0].pointer == "/equipment/0/name" and '"Phaser" is not in the equipment lists' in found[0].message
    data = gear({"name": "Vibroknife", "custom": True, "price": 50, "mass": 0.5})
    assert issues(data, "SF-EQ-02", "error") == []
    d = derived(data)
    assert d["credits_spent"] == 50 and d["total_mass"] == 0.5


def test_SF_EQ_12_credits_may_not_go_below_zero():
    data = gear("Standard Equipment Pack", "Laser Pistol", "Laser Rifle", credits=1000)
    d = derived(data)
    assert d["credits_spent"] == 1550 and d["credits_left"] == -550
    found = issues(data, "SF-EQ-12", "error")
    assert [i.pointer for i in found] == ["/equipment/2"]  # the purchase that crossed zero
    assert "below zero" in found[0].message and "550 Cr short" in found[0].message


def test_SF_EQ_12_exact_spend_is_legal():
    data = gear("Standard Equipment Pack", "Laser Pistol", credits=750)
    assert derived(data)["credits_left"] == 0
    assert issues(data, "SF-EQ-12", "error") == []


def test_SF_EQ_12_unstated_price_warns_until_entered():
    found = issues(gear("Skeinsuit"), "SF-EQ-12")
    assert found[0].severity == "warning" and found[0].pointer == "/equipment/0/price"
    data = gear({"name": "Skeinsuit", "price": 500}, credits=400)
    assert derived(data)["credits_spent"] == 500
    assert [i.severity for i in issues(data, "SF-EQ-12")] == ["error"]


def test_SF_WPN_12_issued_items_cost_nothing():
    data = gear({"name": "Laser Rifle", "issued": True}, {"name": "Powerpack", "issued": True}, credits=0)
    d = derived(data)
    assert d["credits_spent"] == 0 and d["total_mass"] == 3
    assert issues(data, "SF-EQ-12") == []


def test_SF_EQ_05_toolkit_bonus_only_for_its_psa():
    found = issues(gear("Mechanics Toolkit", psa="Military", human_bonus="str"), "SF-EQ-05")
    assert found and found[0].severity == "warning" and "Technological" in found[0].message
    assert issues(gear("Mechanics Toolkit"), "SF-EQ-05") == []
    assert issues(gear("Medical Kit", psa="BioSocial"), "SF-EQ-05") == []


def test_SF_EQ_07_d19_for_military_only():
    found = issues(gear("Tornadium D-19 (50 g charge)"), "SF-EQ-07")
    assert found and "Only Military" in found[0].message
    assert issues(gear("Tornadium D-19 (50 g charge)", psa="Military"), "SF-EQ-07") == []


def test_SF_EQ_08_vt_detonator_set_by_military():
    assert issues(gear("VT Detonator"), "SF-EQ-08")
    assert issues(gear("VT Detonator", psa="Military"), "SF-EQ-08") == []


# ---- SF-CHAR-18: carrying capacity and encumbrance (an optional rule: off built in, a switch per character) -------

def encumbrance_on(data: dict) -> tuple[dict, list[Pack]]:
    """The document built under a house pack that plays with the optional encumbrance rule."""
    house = copy.deepcopy(pack().data)
    house["id"] = "house-encumbrance"
    house["optional_rules"][0]["default"] = True      # the house plays with it unless a character says not
    return dict(data, rules={"pack": "house-encumbrance"}), [Pack(house, "house.json", False)]


def on(data: dict):
    doc, packs = encumbrance_on(data)
    result = run(doc, packs)
    assert result.schema_valid, result.issues
    return result


def test_SF_CHAR_18_encumbrance_is_optional_and_off_in_the_built_in_pack():
    assert [(r["id"], r["rule"], r["default"]) for r in pack().data["optional_rules"]] == \
        [("encumbrance", "SF-CHAR-18", False)]
    data = gear("Heavy Laser", "Recoilless Rifle", "Mechanics Toolkit")  # 52 kg, STR 45
    d = derived(data)
    assert not d["encumbered"] and d["walk"] == 10 and d["carrying_capacity"]["enabled"] is False
    assert "not in use" in d["carrying_capacity"]["how"]
    assert issues(data, "SF-CHAR-18") == []


def test_SF_CHAR_18_capacity_is_half_str_free_and_str_max():
    d = on(character(race="Dralasite", human_bonus=None)).derived  # STR 50
    assert d["carrying_capacity"]["free_kg"] == 25 and d["carrying_capacity"]["max_kg"] == 50


def test_SF_CHAR_18_encumbered_halves_movement_with_a_warning():
    # STR 50 Human: 25 kg free; 4 x Laser Rifle (12) + Mechanics Toolkit (12) + Rope (1) + Scope (0.5) = 25.5
    data = gear({"name": "Laser Rifle", "count": 4}, "Mechanics Toolkit", "Rope (25 m)", "Scope",
                base={"str_sta": 50, "dex_rs": 50, "int_log": 50, "per_ldr": 40}, rolls={}, human_bonus="dex")
    r = on(data)
    d = r.derived
    assert d["total_mass"] == 25.5 and d["encumbered"]
    assert (d["walk"], d["run"]) == (5, 15)  # the rulebook's example: an encumbered Human
    found = [i for i in r.issues if i.rule == "SF-CHAR-18"]
    assert [i.severity for i in found] == ["warning"] and "halved" in found[0].message


def test_SF_CHAR_18_over_str_is_an_error_and_stowed_items_do_not_count():
    data = gear("Heavy Laser", "Recoilless Rifle", "Mechanics Toolkit", human_bonus="dex")  # 52 kg, STR 45
    found = [i for i in on(data).issues if i.rule == "SF-CHAR-18"]
    assert [i.severity for i in found] == ["error"] and "45 kg" in found[0].message
    data["equipment"][1]["carried"] = False
    r = on(data)
    assert r.derived["total_mass"] == 32 and r.derived["credits_spent"] == 8500
    assert [i.severity for i in r.issues if i.rule == "SF-CHAR-18"] == ["warning"]


# ---- weapons and ammunition ----------------------------------------------------------------------------

def _weapon(d, name):
    return next(w for w in d["weapons"] if w["name"] == name)


def test_SF_WPN_01_weapon_lines_as_listed():
    d = derived(gear("Gyrojet Pistol", "Automatic Pistol", "Heavy Laser"))
    g = _weapon(d, "Gyrojet Pistol")
    assert (g["damage"], g["ammo_use"], g["cost"], g["mass"]) == ("4d10+5", "1 jet round", 200, 1)
    assert _weapon(d, "Automatic Pistol")["damage"] == "2d10 each or 5d10 burst"
    assert _weapon(d, "Heavy Laser")["artillery"]


def test_SF_WPN_03_powerpack_gives_ten_laser_shots():
    data = gear("Laser Pistol", {"name": "Powerpack", "count": 2, "issued": True})
    w = _weapon(derived(data), "Laser Pistol")
    assert (w["ammo_carried"], w["shots_per_load"], w["shots"]) == (2, 10, 20)
    assert issues(data, "SF-WPN-03") == []
    found = issues(gear("Laser Pistol"), "SF-WPN-03")
    assert found[0].severity == "warning" and "no powerpacks" in found[0].message


def test_SF_WPN_04_heavy_laser_power_not_stated():
    found = issues(gear("Heavy Laser"), "SF-WPN-04")
    assert found and found[0].severity == "info"


def test_SF_WPN_05_gyrojet_clip_ten_rounds_shared_pistol_and_rifle():
    d = derived(gear("Gyrojet Pistol", "Gyrojet Rifle", {"name": "Gyrojet Clip", "count": 3, "issued": True}))
    for name in ("Gyrojet Pistol", "Gyrojet Rifle"):
        assert _weapon(d, name)["shots"] == 30
    assert "no Point Blank" in _weapon(d, "Gyrojet Pistol")["range"]
    clip = next(a for a in d["ammunition"] if a["name"] == "Gyrojet Clip")
    assert clip["count"] == 3 and clip["used_by"] == ["Gyrojet Pistol", "Gyrojet Rifle"]


def test_SF_WPN_06_bullet_clip_20_and_lmg_belt_10_bursts():
    d = derived(gear("Automatic Rifle", "Lt. Machine Gun", {"name": "Bullet Clip", "issued": True},
                     {"name": "Machine Gun Belt", "issued": True}))
    assert _weapon(d, "Automatic Rifle")["shots"] == 20
    assert _weapon(d, "Lt. Machine Gun")["shots"] == 10


def test_SF_WPN_07_clips_do_not_cross_weapon_classes():
    data = gear("Automatic Pistol", {"name": "Gyrojet Clip", "count": 2, "issued": True})
    d = derived(data)
    assert _weapon(d, "Automatic Pistol")["ammo_carried"] == 0
    found = issues(data, "SF-WPN-07")
    assert found and "Gyrojet Pistol and Gyrojet Rifle" in found[0].message


def test_SF_WPN_08_grenade_rifle_fires_carried_grenades():
    d = derived(gear("Grenade Rifle", {"name": "Fragmentation Grenade", "count": 2}, "Standard Equipment Pack"))
    assert _weapon(d, "Grenade Rifle")["ammo_carried"] == 3  # two frags + the pack's doze grenade


# ---- defenses -----------------------------------------------------------------------------------------------

def _defense(d, name):
    return next(x for x in d["defenses"] if x["name"] == name)


def test_SF_DEF_01_skeinsuit_ten_uses():
    s = _defense(derived(gear({"name": "Skeinsuit", "price": 0})), "Skeinsuit")
    assert (s["kind"], s["uses"], s["absorbs"]) == ("armor", 10, "half")


def test_SF_DEF_02_albedo_suit_five_uses():
    s = _defense(derived(gear({"name": "Albedo Suit", "price": 0})), "Albedo Suit")
    assert (s["kind"], s["uses"], s["absorbs"]) == ("armor", 5, "all")


def test_SF_DEF_03_screens_need_a_50_charge_pack():
    data = gear({"name": "Inertia Screen", "issued": True})
    found = issues(data, "SF-DEF-03")
    assert found and "50 charges" in found[0].message
    data["equipment"].append({"name": "Screen Powerpack", "issued": True})
    assert issues(data, "SF-DEF-03") == []
    s = _defense(derived(data), "Inertia Screen")
    assert (s["charges"], s["activation"], s["per_minute"], s["packs_carried"]) == (50, 1, 1, 1)


def test_SF_DEF_04_albedo_screen_4_charges_a_hit():
    s = _defense(derived(gear({"name": "Albedo Screen", "issued": True})), "Albedo Screen")
    assert s["per_hit"] == 4 and s["hits_per_pack"] == 12  # (50 - 1 to switch on) // 4


def test_SF_DEF_05_inertia_screen_2_charges_a_hit():
    s = _defense(derived(gear({"name": "Inertia Screen", "issued": True})), "Inertia Screen")
    assert s["per_hit"] == 2 and s["hits_per_pack"] == 24 and s["absorbs"] == "half"


# ---- shop edits ----------------------------------------------------------------------------------------

def test_SF_EQ_12_buying_and_selling_are_one_undoable_edit_each():
    data = character(credits=1000)
    stack = [apply(data, sf.actions.buy_edit(data, "Laser Pistol"))]
    assert data["equipment"] == [{"name": "Laser Pistol", "count": 1}]
    stack.append(apply(data, sf.actions.buy_edit(data, "Laser Pistol")))
    assert data["equipment"][0]["count"] == 2
    assert derived(data)["credits_left"] == -200
    stack.append(apply(data, sf.actions.sell_edit(data, 0)))
    assert derived(data)["credits_left"] == 400
    stack.append(apply(data, sf.actions.sell_edit(data, 0)))
    assert data["equipment"] == []
    while stack:
        apply(data, stack.pop())
    assert data["equipment"] == []
    assert derived(data)["credits_left"] == 1000


def test_SF_PLAY_18_shots_are_counted_and_an_unloaded_weapon_is_flagged():
    d = derived(gear("Laser Pistol", {"name": "Powerpack", "count": 2}))
    pistol = _weapon(d, "Laser Pistol")
    assert (pistol["shots_per_load"], pistol["shots"]) == (10, 20)  # 20 SEU a pack at 2 a shot
    empty = issues(gear("Laser Pistol"), severity="warning")
    assert [(i.rule, i.pointer) for i in empty] == [("SF-WPN-03", "/equipment")]
    assert "has no powerpacks to fire" in empty[0].message
