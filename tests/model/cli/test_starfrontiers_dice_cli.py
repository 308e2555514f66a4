"""Star Frontiers dice (seeded, repeatable, recorded with their table result), the rules pack, and the CLI."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from model.edits import apply
from model.rules_pack import PackError, validate_pack_data
from model.systems import starfrontiers as sf
from tests.model.systems.starfrontiers.test_starfrontiers_support import EXAMPLES, character, derived, issues, pack

STARWRIGHT = str(Path(sys.executable).parent / "starwright")


# ---- dice ------------------------------------------------------------------------------------------------

def test_SF_CHAR_03_seeded_roll_is_repeatable_and_agrees_with_the_table():
    t = sf.tables(pack())
    a = [sf.dice.roll_pair(pack(), "str_sta", sf.dice.generator(1234)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    assert 1 <= a[0].d100 <= 100 and a[0].score == t.table_score(a[0].d100)
    rng = sf.dice.generator(99)
    seq1 = [sf.dice.roll_pair(pack(), "dex_rs", rng).d100 for _ in range(20)]
    rng = sf.dice.generator(99)
    seq2 = [sf.dice.roll_pair(pack(), "dex_rs", rng).d100 for _ in range(20)]
    assert seq1 == seq2 and len(set(seq1)) > 5


def test_SF_CHAR_03_dice_cover_the_whole_table():
    rng = sf.dice.generator(7)
    rolls = [sf.dice.d100(rng) for _ in range(5000)]
    assert min(rolls) == 1 and max(rolls) == 100
    scores = Counter(sf.tables(pack()).table_score(r) for r in rolls)
    assert set(scores) == {30, 35, 40, 45, 50, 55, 60, 65, 70}


def test_SF_CHAR_03_roll_is_recorded_with_its_result_and_undone_in_one_step():
    data = sf.new(pack())
    before = copy.deepcopy(data)
    roll = sf.dice.roll_pair(pack(), "int_log", sf.dice.generator(5))
    edit = sf.actions.roll_edit(data, roll, pack())
    inverse = apply(data, edit)
    assert data["rolls"]["int_log"] == roll.d100 and data["base"]["int_log"] == roll.score
    assert f"{roll.d100} gives {roll.score}" in edit.label
    assert issues(data, "SF-CHAR-03") and not [i for i in issues(data, "SF-CHAR-03") if i.pointer == "/base/int_log"]
    apply(data, inverse)
    assert data == before


def test_SF_CHAR_03_roll_all_fills_four_pairs_legally():
    data = sf.new(pack())
    rolls = sf.dice.roll_all(pack(), sf.dice.generator(2024))
    assert list(rolls) == ["str_sta", "dex_rs", "int_log", "per_ldr"]
    apply(data, sf.actions.roll_all_edit(data, rolls, pack()))
    assert issues(data, "SF-CHAR-03") == []
    assert all(derived(data)["pairs"][p]["origin"] == "rolled" for p in rolls)
    again = sf.dice.roll_all(pack(), sf.dice.generator(2024))
    assert again == rolls


def test_SF_CHAR_03_typed_real_dice_roll_and_entered_score():
    data = sf.new(pack())
    apply(data, sf.actions.enter_roll_edit(data, "str_sta", 53, pack()))
    assert (data["rolls"]["str_sta"], data["base"]["str_sta"]) == (53, 45)
    apply(data, sf.actions.enter_base_edit(data, "str_sta", 50))
    assert "str_sta" not in data["rolls"] and data["base"]["str_sta"] == 50
    assert derived(data)["pairs"]["str_sta"]["origin"] == "entered"


def test_SF_CHAR_05_shift_edit_creates_missing_shifts():
    data = character()
    del data["shifts"]
    apply(data, sf.actions.shift_edit(data, "int_log", 5))
    assert data["shifts"] == {"int_log": 5}


# ---- the rules pack ------------------------------------------------------------------------------------------

def test_builtin_pack_loads_and_has_what_the_seed_lists():
    p = pack().data
    names = {i["name"] for i in p["items"]}
    for n in ("Standard Equipment Pack", "Laser Pistol", "Laser Rifle", "Stun Gun", "Heavy Laser", "Gyrojet Pistol",
              "Gyrojet Rifle", "Grenade Rifle", "Rocket Launcher", "Automatic Pistol", "Automatic Rifle",
              "Lt. Machine Gun", "Recoilless Rifle", "Doze Grenade", "Fragmentation Grenade", "Tangler Grenade",
              "Skeinsuit", "Albedo Suit", "Albedo Screen", "Inertia Screen", "Powerpack", "Gyrojet Clip", "Bullet Clip"):
        assert n in names, n
    assert [r["name"] for r in p["races"]] == ["Human", "Dralasite", "Vrusk", "Yazirian"]


def test_pack_with_a_gap_in_the_table_is_refused():
    data = copy.deepcopy(pack().data)
    data["ability_table"][3]["low"] = 40
    with pytest.raises(PackError) as e:
        validate_pack_data(data, "house.json")
    assert "gap" in str(e.value) and "/ability_table/3/low" in str(e.value)


def test_pack_weapon_naming_a_missing_ammunition_is_refused():
    data = copy.deepcopy(pack().data)
    laser = next(i for i in data["items"] if i["name"] == "Laser Pistol")
    laser["weapon"]["ammo"] = "Battery"
    with pytest.raises(PackError) as e:
        validate_pack_data(data, "house.json")
    assert '"Battery" is not an ammunition item' in str(e.value)


def test_house_pack_number_is_followed():
    data = copy.deepcopy(pack().data)
    data["exchange_limit"] = 15
    d = sf.derive(character(shifts={"str_sta": 12}), data)
    assert not [i for i in sf.check(character(shifts={"str_sta": 12}), d, data) if i.rule == "SF-CHAR-05"]


# ---- the command line ---------------------------------------------------------------------------------------

def _run(*args, cwd=None):
    return subprocess.run([STARWRIGHT, *args], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_cli_new_then_check(tmp_path):
    out = tmp_path / "new.starwright"
    r = _run("new", "starfrontiers-character", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["format"] == "starwright/starfrontiers-character"
    r = _run("check", str(out))
    assert r.returncode == 1  # nothing rolled or chosen yet
    assert "Roll or enter the STR/STA base score." in r.stdout and "Choose a race" in r.stdout


def test_cli_check_json_derived_keys_for_the_worked_example():
    r = _run("check", "--json", str(EXAMPLES / "norel-kho-dralasite.starwright"))
    assert r.returncode == 0, r.stdout + r.stderr
    doc = json.loads(r.stdout)
    d = doc["derived"]
    assert doc["valid"] and doc["format"] == "starwright/starfrontiers-character"
    assert d["abilities"] == {"str": 50, "sta": 50, "dex": 45, "rs": 45, "int": 55, "log": 45, "per": 40, "ldr": 40}
    assert (d["initiative_modifier"], d["walk"], d["run"], d["psa_level"], d["psa_bonus"]) == (5, 5, 20, 1, 5)


@pytest.mark.parametrize("name", ["norel-kho-dralasite.starwright", "kara-venn-human.starwright", "vish-takaar-yazirian.starwright"])
def test_cli_legal_examples_pass(name):
    r = _run("check", str(EXAMPLES / name))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Star Frontiers character OK" in r.stdout


def test_cli_broken_example_names_every_mistake():
    r = _run("check", str(EXAMPLES / "broken-starfrontiers.starwright"))
    assert r.returncode == 1
    for expected in ("error SF-CHAR-05 at /shifts/str_sta: STR/STA: 11 points moved from STA to STR; at most 10",
                     "error SF-CHAR-03 at /base/int_log: INT/LOG: a base score of 47 is not on the ability score table",
                     "error SF-RACE-01 at /human_bonus: Only Humans add 5 to one ability; a Vrusk",
                     "error SF-CHAR-03 at /base/dex_rs: DEX/RS: the recorded roll 53 gives a base score of 45",
                     "error SF-EQ-12 at /equipment/0",  # SF-CHAR-18 is optional, off built in
                     'error SF-EQ-02 at /equipment/4/name: "Phaser"'):
        assert expected in r.stdout, expected


def test_cli_unknown_race_message(tmp_path):
    f = tmp_path / "wookiee.starwright"
    f.write_text(json.dumps(character(race="Wookiee", human_bonus=None)))
    r = _run("check", str(f))
    assert r.returncode == 1
    assert 'error SF-CHAR-08 at /race: "Wookiee" is not a race of the Basic Game; choose one of Human, Dralasite, Vrusk, Yazirian.' in r.stdout


def test_cli_structurally_broken_file_exits_2(tmp_path):
    f = tmp_path / "bad.starwright"
    data = character()
    data["base"]["str_sta"] = "lots"
    f.write_text(json.dumps(data))
    r = _run("check", str(f))
    assert r.returncode == 2 and "/base/str_sta" in r.stderr
