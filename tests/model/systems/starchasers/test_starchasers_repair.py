"""Starchasers ship repairs between sessions (RULES.md 2.6, SC-REP): damage carried over, each repair's cost and
time, the rules a repair must keep, and the named operations that record and remove one."""

import copy
import json

import pytest

from model import edits
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.storage import from_data
from model.systems.starchasers.ship import actions_repair as ar
from model.systems.starchasers.ship.actions import BadValue
from tests.conftest import EXAMPLES

KIND = KINDS["starchasers-ship"]
PACK = builtin_pack("starchasers")
WARDEN = json.loads((EXAMPLES / "warden-patrol-ship.starwright").read_text())

# The seed's tables ("Starship Combat", Repair Costs), as printed: points -> values
SEED_HULL = {1: ("30 minutes", 25), 2: ("1 hour", 50), 3: ("90 minutes", 75), 4: ("2 hours", 100),
             5: ("3 hours", 150), 6: ("4 hours", 200), 7: ("5 hours", 250), 8: ("6 hours", 300),
             9: ("7 hours", 350), 10: ("8 hours", 400), 11: ("9 hours", 500), 12: ("10 hours", 600),
             13: ("11 hours", 700), 14: ("12 hours", 800), 15: ("13 hours", 900), 16: ("14 hours", 1000),
             17: ("15 hours", 2000), 18: ("16 hours", 3000), 19: ("17 hours", 4000), 20: ("18 hours", 6000)}
SEED_SYSTEM = {1: (250, "1 hour", 100), 2: (500, "2 hours", 200), 3: (1000, "4 hours", 500),
               4: (2500, "8 hours", 1000), 5: (5000, "16 hours", 2000), 6: (10000, "32 hours", 5000)}
SEED_STRUCTURE = {1: (250, 350, 500, 1000, 100), 2: (500, 700, 1000, 2000, 250), 3: (1000, 1500, 2000, 5000, 500),
                  4: (1500, 2000, 5000, 10000, 750), 5: (2000, 3000, 7500, 20000, 1000),
                  6: (3000, 5000, 15000, 40000, 1500)}
REGIONS = ("mid_rim", "core_worlds", "outer_rim", "unknown_regions")
SEED_MODIFIERS = {"excellent": 0.25, "good": 1, "poor": 2, "terrible": 5, "crooked": 10}


def damaged(**counters) -> dict:
    d = copy.deepcopy(WARDEN)
    d["play"] = {"hull_damage": 0, "structure_damage": 0, "system_damage": 0, "shields_down": 0, "repairs": []}
    d["play"].update(counters)
    return d


def run(data):
    loaded = from_data(copy.deepcopy(data), "test")
    return evaluate(loaded.data, loaded.kind)


def with_repairs(*repairs, **counters) -> dict:
    d = damaged(**counters)
    d["play"]["repairs"] = list(repairs)
    return d


def repaired(data, repair) -> dict:
    """The document after the repair is recorded through the named operation."""
    d = copy.deepcopy(data)
    edits.apply(d, ar.record_repair(d, repair))
    return d


def last(data) -> dict:
    return run(data).derived["repairs"][-1]


def at(result, pointer, rule=None):
    return [i for i in result.issues if i.pointer == pointer and (rule is None or i.rule == rule)]


def shop(what, points, rep="good", place="spaceport", region=None):
    return ar.proposal(what, points, "shop", place, reputability=rep, region=region)


# --- the pack holds the seed's tables --------------------------------------------------------------------------
def test_SC_REP_04_SC_REP_07_the_packs_repair_tables_are_the_seeds():
    rep = PACK.data["repair"]
    from model.systems.starchasers.ship.repair import hours_text
    assert {r["points"]: (hours_text(r["hours"]), r["labour"]) for r in rep["hull"]} == SEED_HULL
    assert {r["points"]: (r["parts"], hours_text(r["hours"]), r["labour"]) for r in rep["system"]} == SEED_SYSTEM
    assert {r["points"]: tuple(r["prices"][k] for k in REGIONS) + (r["parts_only"],)
            for r in rep["structure"]["rows"]} == SEED_STRUCTURE
    assert {r["key"]: r["modifier"] for r in rep["reputability"]} == SEED_MODIFIERS
    assert [(r["reputability"], r["disposition"]) for r in rep["reputability"]] == [
        ("Excellent", "Loyal"), ("Good", "Friendly"), ("Poor", "Neutral"), ("Terrible", "Antagonistic"),
        ("Crooked", "Hostile")]


# --- damage carried over ---------------------------------------------------------------------------------------
def test_damage_carried_over_is_rating_less_damage_never_below_zero():
    d = run(damaged(hull_damage=12, structure_damage=2, system_damage=1, shields_down=1)).derived["damage"]
    assert (d["hull"]["rating"], d["hull"]["damage"], d["hull"]["left"]) == (10, 12, 0)
    assert d["structure"]["left"] == 5
    assert (d["system"]["damage"], d["system"]["rating"], d["system"]["left"]) == (1, None, None)   # a plain count
    assert "shields" not in d          # SC-SHIP-19: shields come back each combat, no repair restores them
    no_play = copy.deepcopy(WARDEN)
    no_play.pop("play")
    d = run(no_play).derived["damage"]
    assert all(p["damage"] == 0 and p["left"] == p["rating"] for p in d.values())
    assert d["hull"]["rating"] == 10 and d["system"]["rating"] is None
    unset = damaged(hull_damage=2)
    unset["hull_points"] = None
    assert run(unset).derived["damage"]["hull"]["left"] is None


# --- COMPUTE -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rep", list(SEED_MODIFIERS))
@pytest.mark.parametrize("points", [1, 5, 17, 20])
def test_SC_REP_04_a_shops_hull_price_is_the_tables_labour_times_its_reputability(rep, points):
    r = last(repaired(damaged(hull_damage=20), shop("hull", points, rep)))
    assert r["cost"] == SEED_HULL[points][1] * SEED_MODIFIERS[rep]
    assert r["labour"] == r["cost"] and r["parts"] == 0


@pytest.mark.parametrize("rep", list(SEED_MODIFIERS))
@pytest.mark.parametrize("points", [1, 3, 6])
def test_SC_REP_04_a_shops_system_price_is_parts_and_labour_times_its_reputability(rep, points):
    r = last(repaired(damaged(system_damage=6), shop("system", points, rep)))
    parts, _time, labour = SEED_SYSTEM[points]
    assert (r["parts"], r["labour"]) == (parts * SEED_MODIFIERS[rep], labour * SEED_MODIFIERS[rep])
    assert r["cost"] == (parts + labour) * SEED_MODIFIERS[rep]
    assert r["time_text"] == SEED_SYSTEM[points][1]


@pytest.mark.parametrize("region", REGIONS)
def test_SC_REP_04_a_structure_bays_price_is_its_regions_column_times_its_reputability(region):
    r = last(repaired(damaged(structure_damage=4), shop("structure", 4, "poor", region=region)))
    assert r["cost"] == SEED_STRUCTURE[4][REGIONS.index(region)] * 2
    assert r["region"] == region and "Poor" in r["reputability_label"]


def test_SC_REP_05_the_crews_engineer_pays_system_parts_at_the_excellent_modifier_and_no_labour():
    r = last(repaired(damaged(system_damage=5), ar.proposal("system", 4, "crew", "space")))
    assert (r["parts"], r["labour"], r["cost"]) == (2500 / 4, 0, 625)
    assert r["time_text"] == "8 hours"
    assert "× ¼ (Excellent)" in " ".join(r["how"]) and "SC-REP-05" in " ".join(r["how"])


def test_SC_REP_05_the_crews_parts_modifier_is_the_packs():
    data = copy.deepcopy(PACK.data)
    data["id"] = "crew-pays-good"
    data["repair"]["crew_parts_reputability"] = "good"
    from tests.model.pack_variants import as_pack
    from model.systems.starchasers.ship import repair
    from model.systems.starchasers.tables import tables
    c = repair.cost({"what": "system", "points": 2, "by": "crew"}, tables(as_pack(data)), 0)
    assert c["cost"] == 500


def test_SC_REP_06_structure_labour_is_50_cr_an_hour_times_the_modifier_shown_as_a_note_not_added():
    r = last(repaired(damaged(structure_damage=2), shop("structure", 2, "terrible", region="mid_rim")))
    assert r["labour_per_hour"] == 50 * 5
    assert r["cost"] == 500 * 5   # AMB-SC-09 (a): the table price is the whole cost
    assert any("250 Cr/hour" in n and "included in the table price" in n for n in r["notes"])


@pytest.mark.parametrize("points, words", [(4, "2 hours"), (5, "3 hours"), (20, "18 hours"), (1, "30 minutes")])
def test_SC_REP_07_hull_time_is_the_tables_not_half_an_hour_per_point(points, words):
    r = last(repaired(damaged(hull_damage=20), shop("hull", points)))
    assert r["time_text"] == words
    if points > 4:
        assert r["hours"] != points / 2   # AMB-SC-10: the table and the 1/2 hour rule diverge above 4


def test_SC_REP_01_a_field_hull_repair_restores_the_rolls_hits_at_most_the_damage_and_costs_nothing():
    before = damaged(hull_damage=4)
    d = repaired(before, ar.proposal("hull", None, "crew", "space", roll_hits=3))
    r = last(d)
    assert (r["points"], r["cost"], r["time_text"]) == (3, 0, "90 minutes")
    assert d["play"]["hull_damage"] == 1 and d["play"]["repairs"][-1]["roll_hits"] == 3
    d = repaired(before, ar.proposal("hull", None, "crew", "space", roll_hits=9))
    assert d["play"]["hull_damage"] == 0 and d["play"]["repairs"][-1]["points"] == 4   # extra Hits restore nothing
    assert not [i for i in run(d).issues if i.rule.startswith("SC-REP")]
    with pytest.raises(BadValue, match="at least 1 Hit"):
        ar.record_repair(before, ar.proposal("hull", None, "crew", "space", roll_hits=0))


def test_SC_REP_01_a_field_hull_repair_needs_its_hits_and_restores_no_more():
    res = run(with_repairs({"what": "hull", "points": 3, "by": "crew", "place": "space"}, hull_damage=1))
    assert at(res, "/play/repairs/0/roll_hits", "SC-REP-01")[0].severity == "error"
    res = run(with_repairs({"what": "hull", "points": 3, "by": "crew", "place": "space", "roll_hits": 2}))
    assert "at most 2 Hull Points" in at(res, "/play/repairs/0/points", "SC-REP-01")[0].message


def test_SC_REP_02_a_system_repair_is_a_mechanics_roll_against_the_system_damage_sustained():
    r = last(repaired(damaged(system_damage=3), ar.proposal("system", 1, "crew", "space")))
    assert r["difficulty"] == 3 and "Mechanics roll, difficulty 3 (SC-REP-02)" in r["notes"]


def test_SC_SHIP_13_SC_SCMB_06_AMB_SC_05_system_damage_has_no_maximum_so_a_full_repair_of_7_is_no_error():
    # System Durability (5 on the Warden) is the Stress that causes System Damage, not a pool it comes off
    d = repaired(damaged(system_damage=7), shop("system", 7))
    assert d["play"]["system_damage"] == 0 and WARDEN["system_durability"] < 7
    res = run(d)
    assert not [i for i in res.issues if i.rule.startswith("SC-REP")], [i.message for i in res.issues]
    assert res.derived["repairs"][0]["jobs"] == [6, 1]
    # only the damage there was bounds it
    found = at(run(with_repairs({**shop("system", 8), "damage_before": 7})), "/play/repairs/0/points", "SC-REP-02")
    assert len(found) == 1 and "only 7 points of damage" in found[0].message


# --- ENFORCE -------------------------------------------------------------------------------------------------------
def test_SC_REP_03_structure_is_repaired_only_at_a_spaceport_or_a_drydock():
    d = repaired(damaged(structure_damage=2), shop("structure", 1, place="space", region="mid_rim"))
    found = at(run(d), "/play/repairs/0/place", "SC-REP-03")
    assert found and found[0].severity == "error" and "spaceport or a drydock" in found[0].message
    for place in ("spaceport", "drydock"):
        d = repaired(damaged(structure_damage=2), shop("structure", 1, place=place, region="mid_rim"))
        assert not [i for i in run(d).issues if i.rule.startswith("SC-REP")]


def test_SC_REP_03_the_crew_repairs_structure_only_at_a_drydock_with_hull_repair_tools():
    base = damaged(structure_damage=3)
    d = repaired(base, ar.proposal("structure", 2, "crew", "spaceport", hull_repair_tools=False))
    res = run(d)
    assert at(res, "/play/repairs/0/place", "SC-REP-03") and at(res, "/play/repairs/0/hull_repair_tools", "SC-REP-03")
    d = repaired(base, ar.proposal("structure", 2, "crew", "drydock", hull_repair_tools=True))
    res = run(d)
    assert not [i for i in res.issues if i.rule.startswith("SC-REP")]
    r = res.derived["repairs"][0]
    assert (r["cost"], r["days"], r["time_text"]) == (250, 2, "2 days")   # Parts Only; 1 day per point


def test_SC_REP_01_SC_REP_02_SC_REP_03_a_repair_never_restores_more_than_the_damage():
    for what, rule, counter in (("hull", "SC-REP-01", "hull_damage"), ("system", "SC-REP-02", "system_damage"),
                                ("structure", "SC-REP-03", "structure_damage")):
        with pytest.raises(BadValue, match="cannot restore 3"):
            ar.record_repair(damaged(**{counter: 2}), shop(what, 3, region="mid_rim"))
        with pytest.raises(BadValue, match="no .* damage to repair"):
            ar.record_repair(damaged(), shop(what, 1, region="mid_rim"))
        entry = {**shop(what, 3, region="mid_rim"), "damage_before": 2}
        found = at(run(with_repairs(entry)), "/play/repairs/0/points", rule)
        assert found and "never restores more than the damage" in found[0].message
    found = at(run(with_repairs(shop("hull", 11))), "/play/repairs/0/points", "SC-REP-01")
    assert found and "more than the ship's Hull Points (10)" in found[0].message


def test_SC_REP_04_a_shop_needs_its_reputability_and_a_structure_bay_its_region():
    res = run(with_repairs({"what": "structure", "points": 1, "by": "shop", "place": "spaceport"}))
    assert at(res, "/play/repairs/0/reputability", "SC-REP-04") and at(res, "/play/repairs/0/region", "SC-REP-04")
    assert res.derived["repairs"][0]["cost"] is None
    res = run(with_repairs({"what": "hull", "points": 1, "by": "shop", "reputability": "shady"}))
    assert '"shady" is not a Reputability' in at(res, "/play/repairs/0/reputability")[0].message


# --- beyond the tables (GAP-SC-20) --------------------------------------------------------------------------------
def test_SC_REP_04_beyond_a_tables_last_row_the_repair_is_priced_as_repeated_jobs():
    d = damaged(structure_damage=7) | {"structure_points": 10}      # 7 damage of 10: not destroyed
    r = last(repaired(d, shop("structure", 7, region="mid_rim")))
    assert r["jobs"] == [6, 1] and r["cost"] == 3000 + 250 and r["days"] == 7
    r = last(repaired(damaged(hull_damage=25) | {"hull_points": 30}, shop("hull", 25)))
    assert r["jobs"] == [20, 5] and r["cost"] == 6000 + 150 and r["hours"] == 18 + 3
    assert any("GAP-SC-20" in n for n in r["notes"])


# --- a destroyed ship (SC-SCMB-13) ---------------------------------------------------------------------------------
def test_SC_SCMB_13_a_ship_whose_structure_damage_reaches_its_points_is_destroyed_and_every_repair_is_refused():
    assert not run(damaged(structure_damage=6)).derived["destroyed"]
    for dmg in (7, 8):                                     # "reaches" (AMB-SC-06): at the Structure Points or past
        d = damaged(structure_damage=dmg, hull_damage=4, system_damage=1)
        assert run(d).derived["destroyed"]
        for what, points in (("structure", 1), ("hull", 1), ("system", 1)):
            with pytest.raises(BadValue, match="destroyed ship cannot be repaired") as e:
                ar.record_repair(d, shop(what, points, region="mid_rim"))
            assert "SC-SCMB-13" in str(e.value)
            q = ar.quote(d, PACK, shop(what, points, region="mid_rim"))
            assert "SC-SCMB-13" in q["refused"] and q["cost"] is None
    # one point less and the ship can still be repaired, up to the Structure Points less one
    r = last(repaired(damaged(structure_damage=6), shop("structure", 6, region="mid_rim")))
    assert r["cost"] == 3000 and r["jobs"] == [6]


def test_SC_SCMB_13_a_logged_structure_repair_of_the_structure_points_was_made_on_a_destroyed_ship():
    for entry in ({**shop("structure", 7, region="mid_rim"), "damage_before": 7},
                  {**shop("structure", 2, region="mid_rim"), "damage_before": 8},
                  shop("structure", 8, region="mid_rim")):
        found = at(run(with_repairs(entry)), "/play/repairs/0/points", "SC-SCMB-13")
        assert found and found[0].is_error and "destroyed ship" in found[0].message and "at most 6" in found[0].message
    ok = {**shop("structure", 6, region="mid_rim"), "damage_before": 6}
    assert not at(run(with_repairs(ok)), "/play/repairs/0/points", "SC-SCMB-13")


# --- the named operations ----------------------------------------------------------------------------------------
def test_SC_REP_04_record_repair_is_one_undo_step_and_remove_last_gives_the_damage_back():
    before = damaged(hull_damage=6)
    d = copy.deepcopy(before)
    edit = ar.record_repair(d, shop("hull", 5, "poor"))
    assert isinstance(edit, edits.Batch) and edit.label == "repair 5 Hull Points"
    undo = edits.apply(d, edit)
    assert d["play"]["hull_damage"] == 1 and d["play"]["repairs"] == [
        {"what": "hull", "points": 5, "by": "shop", "place": "spaceport", "reputability": "poor", "damage_before": 6}]
    assert run(d).derived["repairs_spent"] == 300
    edits.apply(d, undo)
    assert d == before
    edits.apply(d, edit)
    edits.apply(d, ar.remove_last_repair(d))
    assert d == before
    assert ar.remove_last_repair(before) is None


def test_SC_REP_04_the_first_repair_of_a_ship_without_a_log_makes_the_log():
    d = copy.deepcopy(WARDEN)
    d["play"] = {"system_damage": 2}
    edits.apply(d, ar.record_repair(d, shop("system", 2)))
    assert d["play"]["system_damage"] == 0 and len(d["play"]["repairs"]) == 1


def test_SC_REP_04_SC_REP_03_a_quote_is_the_recorded_repairs_cost_and_issues():
    data = damaged(structure_damage=2)
    q = ar.quote(data, PACK, shop("structure", 2, "crooked", place="space", region="outer_rim"))
    assert q["cost"] == 1000 * 10 and q["time_text"] == "2 days"
    assert [i["rule"] for i in q["issues"]] == ["SC-REP-03"]
    assert last(repaired(data, q["record"]))["cost"] == q["cost"]
    assert ar.quote(data, PACK, shop("hull", 1))["refused"] == "The ship has no Hull Points damage to repair."


def test_SC_REP_04_the_total_spent_and_time_add_up_every_repair():
    d = repaired(damaged(hull_damage=5, system_damage=1, structure_damage=1), shop("hull", 5))
    d = repaired(d, ar.proposal("system", 1, "crew", "space"))
    d = repaired(d, shop("structure", 1, region="core_worlds"))
    res = run(d)
    assert res.derived["repairs_spent"] == 150 + 250 / 4 + 350
    assert (res.derived["repairs_hours"], res.derived["repairs_days"]) == (3 + 1, 1)
    assert res.derived["repairs_total_text"] == "562.50 Cr over 3 repairs; 4 hours + 1 day of work"
    assert res.offers["repair"]["can_undo"] and res.offers["repair"]["what"][0]["max_points"] == 0


def test_SC_REP_04_the_schema_lists_every_derived_key_of_the_repair_rules():
    from model.paths import schemas_dir
    text = json.loads((schemas_dir() / "starchasers-ship.v2.json").read_text())["description"]
    res = run(WARDEN)
    keys = {"damage", "repairs", "repairs_spent", "repairs_hours", "repairs_days", "repairs_unpriced",
            "repairs_total_text"}
    assert keys <= set(res.derived)
    assert all(f"`{k}`" in text for k in keys | set(res.derived["repairs"][0]) | set(res.derived["damage"]["hull"]))


def test_SC_REP_01_removing_the_last_repair_never_pushes_damage_past_the_rating():
    d = repaired(damaged(hull_damage=6), shop("hull", 5))
    d["play"]["hull_damage"] = 8                    # hit again in a later game after the repair
    edit = ar.remove_last_repair(d)
    edits.apply(d, edit)
    assert d["play"]["hull_damage"] == WARDEN["hull_points"] == 10      # not 8 + 5 = 13
    assert "held at the Hull Points, 10" in edit.label
    assert not [i for i in run(d).issues if i.pointer == "/play/hull_damage"]
    # System Damage has no maximum: all its points come back
    d = repaired(damaged(system_damage=7), shop("system", 7))
    d["play"]["system_damage"] = 3
    edits.apply(d, ar.remove_last_repair(d))
    assert d["play"]["system_damage"] == 10


def test_SC_REP_the_repair_form_offers_the_damaged_part_and_after_a_repair_the_next_one():
    """The model says which part carries damage and how much (the form starts its Points there); a part
    repaired to nothing gives way to the next damaged one, round again; nothing damaged keeps the choice."""
    from model.systems.starchasers.ship.offers import repair_target
    d = damaged(hull_damage=6, structure_damage=2)
    choices = run(d).offers["repair"]
    first = repair_target(choices)
    assert (first["key"], first["damage"], first["max_points"]) == ("hull", 6, 6)
    assert repair_target(choices, "structure")["damage"] == 2          # chosen and damaged: kept
    assert repair_target(choices, "system")["key"] == "structure"      # chosen but undamaged: the next one
    d = repaired(d, shop("hull", 6))
    after = repair_target(run(d).offers["repair"], "hull")
    assert (after["key"], after["damage"]) == ("structure", 2)         # not "Hull Points (0 damage)"
    d = repaired(damaged(hull_damage=3), shop("hull", 3))
    assert repair_target(run(d).offers["repair"], "system")["key"] == "system"   # nothing damaged: kept
