"""The Starchasers ship sheet prints the damage carried over, the repairs made with their cost, time and the
total, and the repair tables (SC-REP), read back from the PDF."""

import copy

from tests.model.sheet_text import sheet_text, squash
from tests.model.systems.starchasers.test_starchasers_repair import WARDEN, damaged, repaired, shop
from model.systems.starchasers.ship import actions_repair as ar

KIND = "starchasers-ship"


def text(data, tmp_path) -> str:
    return squash(sheet_text(KIND, copy.deepcopy(data), tmp_path, paper="a4"))


def test_SC_REP_04_SC_REP_05_the_sheet_prints_the_damage_carried_over_each_repair_and_the_total(tmp_path):
    t = text(WARDEN, tmp_path)
    assert "DAMAGE AND REPAIRS" in t
    assert ("Damage carried over: Hull Points 6 of 10 (4 damage) · Structure Points 6 of 7 (1 damage) · "
            "System Damage 2") in t and "Shield" not in t.split("Damage carried over:")[1][:120]
    assert "3 Hull Points" in t and "75 Cr" in t and "90 minutes" in t
    assert "1 System Damage" in t and "62.50 Cr" in t and "Mechanics roll, difficulty 3 (SC-REP-02)" in t
    assert "Comms patched on the way home" in t
    assert "Spent on repairs: 137.50 Cr over 2 repairs; 2.5 hours of work" in t


def test_SC_REP_03_SC_REP_06_a_structure_repair_prints_its_days_and_the_labour_note(tmp_path):
    d = repaired(damaged(structure_damage=2), shop("structure", 2, "poor", region="outer_rim"))
    t = text(d, tmp_path)
    assert "2 Structure" in t and "2,000 Cr" in t and "2 days" in t
    assert "labour 50 Cr/hour × 2 = 100 Cr/hour, included in the table price" in t
    assert "Outer Rim price, 2 points: 1,000 Cr × 2 (Poor) = 2,000 Cr (SC-REP-04)" in t


def test_SC_REP_07_the_sheet_prints_the_repair_tables_from_the_pack(tmp_path):
    t = text(WARDEN, tmp_path)
    assert "REPAIR COSTS" in t
    rows = [squash(line) for line in sheet_text(KIND, copy.deepcopy(WARDEN), tmp_path, layout=True,
                                                 paper="a4").splitlines()]
    assert any(r.startswith("1 30 minutes 25 11 9 hours 500 1 250 1 hour 100") for r in rows), rows   # hull | system
    assert any(r.startswith("10 8 hours 400 20 18 hours 6,000") for r in rows), rows
    assert any(r.endswith("6 3,000 5,000 15,000 40,000 1,500") for r in rows), rows  # structure by region, parts only
    assert "Crooked / Hostile ×10" in t and "Excellent / Loyal ¼" in t


def test_SC_REP_04_a_ship_without_damage_or_repairs_prints_no_repair_log(tmp_path):
    d = copy.deepcopy(WARDEN)
    d.pop("play")
    t = text(d, tmp_path)
    assert "DAMAGE AND REPAIRS" not in t and "REPAIR COSTS" in t
    d = repaired(damaged(hull_damage=3), ar.proposal("hull", None, "crew", "space", roll_hits=2))
    t = text(d, tmp_path)
    assert "Hull Points 9 of 10 (1 damage)" in t and "0 Cr" in t and "6 Hits" not in t


def test_SC_SCMB_13_the_sheet_of_a_ship_whose_structure_damage_reached_its_points_says_it_is_destroyed(tmp_path):
    t = text(damaged(structure_damage=7), tmp_path)
    assert "Structure Points 0 of 7 (7 damage)" in t
    assert "Destroyed: the Structure damage has reached the Structure Points; the ship cannot be repaired " \
           "(SC-SCMB-13)." in t
    assert "Destroyed:" not in text(damaged(structure_damage=6), tmp_path)
