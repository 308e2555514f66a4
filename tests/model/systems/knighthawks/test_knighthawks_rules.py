"""Knight Hawks ship rules, one test (or table) per RULES.md id, through model.evaluate with the built-in pack."""

from __future__ import annotations

import copy
import json

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.systems import knighthawks as kh
from tests.conftest import EXAMPLES

KIND = KINDS["knighthawks-ship"]
# reference/knighthawks-basic-ships.csv (shared design folder, not shipped), copied here verbatim so the
# test runs anywhere: the pack must say exactly this.
REFERENCE_CSV = """\
ship,hull_points,adf,mr,weapons_max,defenses_max,note
Fighter,8,5,5,AR x3,RH,seed mentions a second fighter weapon configuration (pod laser) but its text is cut
Assault Scout,15,5,4,AR x4;LB x1,RH,
Frigate,40,3,3,LC x1;LB x1;T x2;RB x4,RH;MS x1;ICM x4,
Destroyer,50,3,2,LC x1;LB x1;T x2;RB x6,RH;MS x2;ICM x4,
Heavy Cruiser,80,1,1,LC x1;LB x3;T x4;RB x8,RH;MS x1;ICM x8,
Battleship,120,2,2,LC x2;LB x4;T x8;RB x10,RH;MS x4;ICM x20,
Assault Carrier,75,2,1,LB x2;RB x6,RH;MS x1;ICM x8,carries fighters
Space Station,20-200,0,0,LB 1-3;RB 2-12,RH;MS 1-4;ICM 2-8,hull points chosen per station
"""


def ship(type_="Frigate", weapons=None, defenses=None, **extra) -> dict:
    doc = {"format": "starwright/knighthawks-ship", "version": 2, "name": "Test", "type": type_,
           "weapons": weapons or {}, "defenses": defenses or {}, "hull_points": None}
    doc.update(extra)
    return doc


def run(doc):
    before = copy.deepcopy(doc)
    result = evaluate(doc, KIND)
    assert doc == before, "evaluating a ship must not change it"
    assert result.schema_valid, result.issues
    return result


def at(result, pointer, rule=None, severity="error"):
    return [i for i in result.issues if i.pointer == pointer and (rule is None or i.rule == rule)
            and i.severity == severity]


def pack_types():
    return {t["name"]: t for t in builtin_pack("knighthawks").data["ship_types"]}


# ---- KH-SHIP-02: hull points, ADF and MR come from the type; a station chooses hull points -------------

@pytest.mark.parametrize("type_,hull,adf,mr", [
    ("Fighter", 8, 5, 5), ("Assault Scout", 15, 5, 4), ("Frigate", 40, 3, 3), ("Destroyer", 50, 3, 2),
    ("Heavy Cruiser", 80, 1, 1), ("Battleship", 120, 2, 2), ("Assault Carrier", 75, 2, 1),
])
def test_KH_SHIP_02_every_ship_of_a_type_shares_hull_adf_mr(type_, hull, adf, mr):
    r = run(ship(type_, configuration=1 if type_ == "Fighter" else None))
    d = r.derived
    assert (d["hull_points"], d["adf"], d["mr"]) == (hull, adf, mr)
    assert d["derivation"]["hull_points"] == [[f"every {type_}", hull]]
    assert d["derivation"]["adf"] == [[f"every {type_}", adf]]
    assert d["derivation"]["mr"] == [[f"every {type_}", mr]]


def test_KH_SHIP_02_pack_matches_reference_csv():
    """Every number in the pack's ship types is the reference table's (GAP-KH-01)."""
    import csv
    import io
    types = pack_types()
    rows = list(csv.DictReader(io.StringIO(REFERENCE_CSV)))
    assert [r["ship"] for r in rows] == list(types)

    def parse(cell):
        out = {}
        for part in filter(None, cell.split(";")):
            bits = part.replace(" x", " ").split()
            code = bits[0]
            if len(bits) == 1:
                out[code] = 1
            elif "-" in bits[1]:
                lo, hi = bits[1].split("-")
                out[code] = {"min": int(lo), "max": int(hi)}
            else:
                out[code] = int(bits[1])
        return out

    for r in rows:
        t = types[r["ship"]]
        hp = r["hull_points"]
        assert t["hull_points"] == ({"min": int(hp.split("-")[0]), "max": int(hp.split("-")[1])} if "-" in hp else int(hp))
        assert (t["adf"], t["mr"]) == (int(r["adf"]), int(r["mr"]))
        assert t["weapons"] == parse(r["weapons_max"])
        assert t["defenses"] == parse(r["defenses_max"])


def test_KH_SHIP_02_station_chooses_hull_points_in_range():
    r = run(ship("Space Station", {"LB": 1, "RB": 2}, {"MS": 1, "ICM": 2}, hull_points=120))
    assert not r.has_errors, r.issues
    assert r.derived["hull_points"] == 120 and r.derived["station"] is True
    assert r.derived["limits"]["hull_points"] == {"min": 20, "max": 200}


@pytest.mark.parametrize("hp,words,derived", [
    (300, "300 is more than 200", 200),
    (10, "10 is fewer than 20", 20),
    (None, "from 20 to 200", None),
])
def test_KH_SHIP_02_station_hull_points_out_of_range(hp, words, derived):
    doc = ship("Space Station", {"LB": 1, "RB": 2}, {"MS": 1, "ICM": 2}, hull_points=hp)
    r = run(doc)
    [issue] = at(r, "/hull_points", "KH-SHIP-02")
    assert words in issue.message and "space station" in issue.message
    assert r.derived["hull_points"] == derived
    assert doc["hull_points"] == hp  # kept as typed


def test_KH_SHIP_02_hull_points_only_for_stations():
    r = run(ship("Frigate", hull_points=55))
    [issue] = at(r, "/hull_points", "KH-SHIP-02")
    assert "40 hull points" in issue.message and "55" in issue.message
    assert r.derived["hull_points"] == 40
    same = run(ship("Frigate", hull_points=40))
    assert not same.has_errors and at(same, "/hull_points", "KH-SHIP-02", "info")


@pytest.mark.parametrize("raw", ["Cruiser", "", "Star Destroyer"])
def test_KH_SHIP_02_unknown_type(raw):
    r = run(ship(raw, {"T": 9}))
    [issue] = at(r, "/type", "KH-SHIP-02")
    assert "Frigate" in issue.message and "Space Station" in issue.message
    if raw:
        assert f'"{raw}"' in issue.message
    assert r.derived["hull_points"] is None and r.derived["adf"] is None
    assert r.derived["weapons"][0]["count"] == 9  # nothing lost, nothing limited that cannot be known


def test_KH_SHIP_02_type_written_in_other_case():
    r = run(ship("heavy cruiser"))
    assert not r.has_errors
    assert r.derived["type"] == "Heavy Cruiser"
    assert at(r, "/type", "KH-SHIP-02", "info")


# ---- KH-SHIP-03: a type's list is a maximum; counts from 0; known codes ----------------------------------

def test_KH_SHIP_03_full_and_partial_loads_are_legal():
    for name, t in pack_types().items():
        if isinstance(t["hull_points"], dict):
            continue
        full = dict(t["weapons"].items())
        r = run(ship(name, full, dict(t["defenses"]), configuration=1 if name == "Fighter" else None))
        assert not r.has_errors, (name, r.issues)
        fewer = {k: v - 1 for k, v in full.items()}
        r = run(ship(name, fewer, {}, configuration=1 if name == "Fighter" else None))
        assert not r.has_errors, (name, r.issues)


@pytest.mark.parametrize("group,code,count,words,usable", [
    ("weapons", "T", 3, "at most 2 torpedoes; this ship has 3", 2),
    ("weapons", "LC", 2, "at most 1 laser cannon; this ship has 2", 1),
    ("weapons", "AR", 1, "cannot carry assault rockets", 0),
    ("defenses", "ICM", 5, "at most 4 interceptor missiles (ICMs); this ship has 5", 4),
    ("defenses", "MS", 2, "at most 1 masking screen; this ship has 2", 1),
    ("defenses", "RH", 2, "at most 1 reflective hull", 1),
])
def test_KH_SHIP_03_no_more_than_the_type_allows(group, code, count, words, usable):
    doc = ship("Frigate", **{group: {code: count}})
    r = run(doc)
    [issue] = at(r, f"/{group}/{code}", "KH-SHIP-03")
    assert words in issue.message and issue.message.startswith("A frigate")
    row = next(x for x in r.derived[group] if x["code"] == code)
    assert (row["count"], row["usable"]) == (count, usable)  # the excess is kept but does not count


def test_KH_SHIP_03_third_torpedo_on_a_frigate_adds_no_box():
    r = run(ship("Frigate", {"T": 3}))
    assert r.has_errors
    [torp] = [s for s in r.derived["supplies"] if s["code"] == "T"]
    assert torp["count"] == 2


def test_KH_SHIP_03_negative_count():
    doc = ship("Frigate", {"RB": -1}, {"ICM": -3})
    r = run(doc)
    [w] = at(r, "/weapons/RB", "KH-SHIP-03")
    [d] = at(r, "/defenses/ICM", "KH-SHIP-03")
    assert "negative number of rocket batteries (-1)" in w.message
    assert "negative number of interceptor missiles (ICMs) (-3)" in d.message
    assert r.derived["supplies"] == []


@pytest.mark.parametrize("group,key,words", [
    ("weapons", "XYZ", '"XYZ" is not a weapon code; the codes are LC (Laser Cannon)'),
    ("weapons", "torpedo", 'write it as T (Torpedo)'),
    ("weapons", "ICM", '"ICM" is a defense, not a weapon; move it to the defenses'),
    ("defenses", "LB", '"LB" is a weapon, not a defense'),
    ("defenses", "Masking Screen", 'is not a defense code; write it as MS'),
])
def test_KH_SHIP_03_unknown_codes(group, key, words):
    r = run(ship("Frigate", **{group: {key: 1}}))
    [issue] = at(r, f"/{group}/{key.replace('~', '~0').replace('/', '~1')}", "KH-SHIP-03")
    assert words in issue.message


def test_KH_SHIP_03_station_armament_up_to_the_top_of_its_range():
    """A station's "RB 2-12" is the range its maximum falls in, not a floor: a lightly armed station is
    legal ("Many ships do not carry their maximum armament"); only more than the top is an error."""
    base = {"hull_points": 100}
    ok = run(ship("Space Station", {"LB": 3, "RB": 12}, {"RH": 1, "MS": 4, "ICM": 8}, **base))
    assert not ok.has_errors, ok.issues
    few = run(ship("Space Station", {"RB": 1}, {"MS": 1}, **base))
    assert not [i for i in few.issues if i.rule == "KH-SHIP-03"], few.issues
    bare = run(ship("Space Station", {}, {}, **base))
    assert not [i for i in bare.issues if i.rule == "KH-SHIP-03"], bare.issues
    many = run(ship("Space Station", {"LB": 4, "RB": 13}, {"MS": 1, "ICM": 2}, **base))
    [rb] = at(many, "/weapons/RB", "KH-SHIP-03")
    assert "at most 12 rocket batteries (its type lists 2-12" in rb.message and "this station has 13" in rb.message
    [lb] = at(many, "/weapons/LB", "KH-SHIP-03")
    assert "at most 3 laser batteries" in lb.message
    assert many.derived["limits"]["weapons"]["RB"] == {"min": 2, "max": 12}


# ---- KH-SHIP-05 / KH-SHIP-06: the fighter and its configurations (AMB-KH-01) -----------------------------

def test_KH_SHIP_05_fighter_carries_only_three_assault_rockets():
    assert not run(ship("Fighter", {"AR": 3}, {"RH": 1}, configuration=1)).has_errors
    r = run(ship("Fighter", {"AR": 4, "LB": 1}, configuration=1))
    [ar] = at(r, "/weapons/AR", "KH-SHIP-05")
    assert "configuration 1 may carry at most 3 assault rockets; this ship has 4" in ar.message
    [lb] = at(r, "/weapons/LB", "KH-SHIP-05")
    assert "cannot carry laser batteries; its weapons are assault rockets" in lb.message


def test_KH_SHIP_06_fighter_declares_a_configuration():
    r = run(ship("Fighter", {"AR": 3}))
    [w] = at(r, "/configuration", "KH-SHIP-06", "warning")
    assert "Declare" in w.message and "1 or 2" in w.message
    assert not r.has_errors
    assert r.derived["configuration"]["number"] == 1  # checked as configuration 1 until declared
    r = run(ship("Fighter", {"AR": 3}, configuration=7))
    [e] = at(r, "/configuration", "KH-SHIP-06")
    assert "no configuration 7" in e.message


def test_KH_SHIP_06_second_configuration_is_the_groups_own():
    r = run(ship("Fighter", {"PL": 2, "AR": 1}, configuration=2))
    assert not r.has_errors, r.issues
    [w] = at(r, "/configuration", "KH-SHIP-06", "warning")
    assert "GAP-KH-04" in w.message
    assert r.derived["configuration"]["user_defined"] is True
    assert r.derived["limits"]["weapons"]["PL"]["max"] is None
    assert r.derived["limits"]["defenses"]["RH"]["max"] == 1  # defenses still the type's


def test_KH_SHIP_06_configuration_on_another_type_is_ignored():
    r = run(ship("Frigate", configuration=1))
    assert not r.has_errors
    assert at(r, "/configuration", "KH-SHIP-06", "warning")
    assert r.derived["configuration"] is None


# ---- KH-SHIP-12: evasive action (COMPUTE) ---------------------------------------------------------------

@pytest.mark.parametrize("type_,modifier", [("Fighter", -25), ("Assault Scout", -20), ("Frigate", None)])
def test_KH_SHIP_12_evasive_action_against_torpedoes(type_, modifier):
    r = run(ship(type_, configuration=1 if type_ == "Fighter" else None))
    ev = r.derived["evasive_action"]
    assert (ev["torpedo_modifier"] if ev else None) == modifier


def test_KH_SHIP_09_frigates_and_larger_may_not_land():
    assert run(ship("Assault Scout")).derived["may_land"] is True
    for t in ("Frigate", "Destroyer", "Battleship", "Assault Carrier"):
        assert run(ship(t)).derived["may_land"] is False


# ---- KH-WPN: what each weapon is and when it fires ------------------------------------------------------

def zgata():
    return json.loads((EXAMPLES / "z-gata-frigate.starwright").read_text(encoding="utf-8"))


def test_KH_WPN_01_weapon_codes_range_damage():
    r = run(ship("Battleship", {"LC": 1, "LB": 1, "T": 1, "RB": 1}))
    rows = {w["code"]: w for w in r.derived["weapons"]}
    assert (rows["LC"]["restrictions"], rows["LC"]["range"], rows["LC"]["damage"]) == (["FF", "RD"], 10, "2d10")
    assert (rows["LB"]["restrictions"], rows["LB"]["range"], rows["LB"]["damage"]) == (["RD"], 9, "1d10")
    assert (rows["T"]["restrictions"], rows["T"]["range"], rows["T"]["damage"]) == (["MPO", "LTD"], 4, "4d10")
    assert (rows["RB"]["restrictions"], rows["RB"]["range"], rows["RB"]["damage"]) == (["LTD"], 3, "2d10")
    scout = run(ship("Assault Scout", {"AR": 1})).derived["weapons"][0]
    assert (scout["restrictions"], scout["range"], scout["damage"]) == (["FF", "MPO", "LTD"], 4, "2d10+4")
    pl = run(ship("Fighter", {"PL": 1}, configuration=2)).derived["weapons"][0]
    assert (pl["restrictions"], pl["range"], pl["damage"]) == (["FF", "RD"], 5, "1d10")


def test_KH_WPN_07_fields_of_fire():
    r = run(ship("Battleship", {"LC": 1, "LB": 1, "T": 1, "RB": 1}))
    assert {w["code"]: w["field"] for w in r.derived["weapons"]} == {"LC": "forward", "LB": "any", "T": "any", "RB": "any"}


def test_KH_WPN_08_rate_of_fire_phases():
    r = run(zgata())
    phases = {p["key"]: p["weapons"] for p in r.derived["phases"]}
    assert phases == {"own": ["LC", "LB", "T", "RB"], "opponent": ["LC", "LB", "RB"]}
    once = {w["code"]: w["once_per_turn"] for w in r.derived["weapons"]}
    assert once == {"LC": False, "LB": False, "T": True, "RB": True}
    torp = next(w for w in r.derived["weapons"] if w["code"] == "T")
    assert "one of this kind per turn" in torp["fires_in_text"] and "defensive" not in torp["fires_in_text"]


def test_KH_WPN_13_defensive_fire_uses_lasers_and_rocket_batteries_only():
    r = run(ship("Fighter", {"AR": 2, "PL": 1}, configuration=2))
    phases = {p["key"]: p["weapons"] for p in r.derived["phases"]}
    assert phases["opponent"] == ["PL"]  # AMB-KH-02 (a): pod laser like a laser cannon
    assert phases["own"] == ["PL", "AR"]


def test_KH_WPN_09_limited_weapons_are_counted():
    r = run(zgata())
    weapons = [(s["code"], s["count"]) for s in r.derived["supplies"] if s["kind"] == "weapon"]
    assert weapons == [("T", 2), ("RB", 4)]
    assert {w["code"]: w["limited"] for w in r.derived["weapons"]} == {"LC": False, "LB": False, "T": True, "RB": True}


def test_KH_DEF_02_masking_screens_are_counted():
    r = run(zgata())
    assert ("MS", 1) in [(s["code"], s["count"]) for s in r.derived["supplies"]]
    station = run(ship("Space Station", {"LB": 1, "RB": 2}, {"MS": 3, "ICM": 2}, hull_points=50))
    assert ("MS", 3) in [(s["code"], s["count"]) for s in station.derived["supplies"]]


def test_KH_DEF_05_interceptor_missiles_are_counted():
    r = run(zgata())
    supplies = [(s["code"], s["kind"], s["count"]) for s in r.derived["supplies"]]
    assert ("ICM", "defense", 4) in supplies
    assert "RH" not in [s["code"] for s in r.derived["supplies"]]  # a reflective hull is not used up


def test_KH_SHIP_01_unnamed_ship_is_a_warning():
    r = run(ship(name=""))
    assert at(r, "/name", "KH-SHIP-01", "warning") and not r.has_errors


def test_derivation_text():
    r = run(ship("Space Station", {"LB": 1, "RB": 2}, {"MS": 1, "ICM": 2}, hull_points=300))
    text = kh.describe(r.derived["derivation"]["hull_points"])
    assert "chosen for this Space Station (20 to 200): 300" in text and "-100" in text
