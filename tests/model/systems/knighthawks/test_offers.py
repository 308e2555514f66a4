"""Knight Hawks offers and actions (model/systems/knighthawks/offers.py, actions.py): every weapon and
defense with the limit of this hull and why the excess does not count; the edits of the ship editor."""

from __future__ import annotations

import copy

from model.edits import apply
from model.systems.knighthawks import actions, tables
from model.rules_pack import builtin_pack
from tests.model.systems.knighthawks.test_knighthawks_rules import run, ship


def entry(result, group: str, code: str) -> dict:
    return next(e for e in result.offers[group] if e["code"] == code)


def test_KH_SHIP_03_each_weapon_offers_this_types_limit_and_what_counts():
    r = run(ship("Frigate", weapons={"T": 3, "LB": 1}))
    torpedo = entry(r, "weapons", "T")
    assert (torpedo["pointer"], torpedo["count"], torpedo["usable"]) == ("/weapons/T", 3, 2)
    assert torpedo["limit_text"] == "at most 2" and torpedo["reason"] == "only 2 of 3 count"
    assert entry(r, "weapons", "LB")["reason"] == ""
    pod = entry(r, "weapons", "PL")
    assert (pod["fits"], pod["limit_text"]) == (False, "not carried by this type")
    assert [e["code"] for e in r.offers["weapons"]] == list(tables(builtin_pack("knighthawks")).weapons)


def test_KH_SHIP_02_a_station_offers_ranges_and_chooses_its_hull_points():
    r = run(ship("Space Station", hull_points=100))
    assert r.offers["hull_points_chosen"] and not r.offers["has_configurations"]
    assert entry(r, "defenses", "ICM")["limit_text"] == "at most 8 (type range 2-8)"
    assert "20–200 hull points (chosen per ship)" in r.offers["type_summary"]
    frigate = run(ship("Frigate"))
    assert not frigate.offers["hull_points_chosen"]
    types = {t["name"]: t for t in frigate.offers["types"]}
    assert types["Frigate"]["summary"].startswith("40 hull points · ADF 3 · MR 3")


def test_KH_SHIP_06_a_fighter_offers_its_configurations():
    r = run(ship("Fighter"))
    assert r.offers["has_configurations"]
    labels = [(c["label"], c["number"]) for c in r.offers["configurations"]]
    assert labels[0] == ("Not declared", None) and [n for _, n in labels[1:]] == [1, 2]
    assert run(ship("Frigate")).offers["configurations"] == [{"label": "Not declared", "number": None}]


def test_KH_SHIP_05_a_fighters_weapons_are_its_configurations():
    r = run(ship("Fighter", weapons={"AR": 4}, configuration=1))
    ar = entry(r, "weapons", "AR")
    assert (ar["limit_text"], ar["reason"]) == ("at most 3", "only 3 of 4 count")
    free = run(ship("Fighter", weapons={"AR": 4}, configuration=2))
    assert entry(free, "weapons", "AR")["limit_text"] == "no limit known"


def test_KH_SHIP_03_unknown_codes_are_offered_for_removal_in_one_step():
    doc = ship("Frigate", weapons={"LB": 1, "ZZ": 2, "Q": 1})
    r = run(doc)
    assert [u["code"] for u in r.offers["unknown"]["weapons"]] == ["ZZ", "Q"]
    edit = actions.remove_unknown_edit(doc, "weapons", tables(builtin_pack("knighthawks")))
    before = copy.deepcopy(doc)
    inverse = apply(doc, edit)
    assert doc["weapons"] == {"LB": 1}
    apply(doc, inverse)
    assert doc == before


def test_KH_SHIP_03_a_count_of_zero_removes_the_entry():
    doc = ship("Frigate", weapons={"T": 2})
    assert actions.count_edit(doc, "weapons", "T", 2) is None          # nothing changes
    apply(doc, actions.count_edit(doc, "weapons", "T", 1))
    assert doc["weapons"] == {"T": 1}
    apply(doc, actions.count_edit(doc, "weapons", "T", 0))
    assert doc["weapons"] == {}
    assert actions.count_edit(doc, "weapons", "T", 0) is None
    apply(doc, actions.count_edit(doc, "defenses", "ICM", 3))
    assert doc["defenses"] == {"ICM": 3}
