"""Star Frontiers abilities: SF-CHAR rules, racial modifiers and the rulebook's worked example."""

from __future__ import annotations

import copy
import math

import pytest

from model.systems import starfrontiers as sf
from tests.model.systems.starfrontiers.test_starfrontiers_support import character, derived, issues, load_example, pack, reference_rows, run


# ---- the worked example -----------------------------------------------------------------------------

def test_worked_example_norel_kho():
    data = load_example("norel-kho-dralasite.starwright")
    result = run(data)
    assert result.schema_valid and not result.has_errors, result.issues
    d = result.derived
    a = d["abilities"]
    assert (a["str"], a["sta"]) == (50, 50)
    assert (a["int"], a["log"]) == (55, 45)
    assert a["rs"] == 45
    assert d["initiative_modifier"] == 5
    assert d["pairs"]["str_sta"] == {**d["pairs"]["str_sta"], "roll": 53, "table_score": 45, "base": 45,
                                     "modifier": 5, "origin": "rolled"}
    # lie detection: half of INT 55 rounded up
    lie = next(x for x in d["race_abilities"] if x["name"] == "Lie detection")
    assert lie["value"] == 28
    assert d["psa"] == "Technological" and d["psa_level"] == 1 and d["psa_bonus"] == 5


def test_SF_CHAR_03_roll_53_gives_45():
    t = sf.tables(pack())
    assert t.table_score(53) == 45


# ---- SF-CHAR-03: the ability score table ------------------------------------------------------------

@pytest.mark.parametrize("row", reference_rows("starfrontiers-ability-table.csv"), ids=lambda r: f"{r['d100_low']}-{r['d100_high']}")
def test_SF_CHAR_03_table_matches_reference(row):
    t = sf.tables(pack())
    lo, hi, score = int(row["d100_low"]), int(row["d100_high"]), int(row["base_score"])
    assert t.table_score(lo) == score and t.table_score(hi) == score
    if lo > 1:
        assert t.table_score(lo - 1) != score


def test_SF_CHAR_03_base_47_is_not_a_table_value():
    found = issues(character(base={"str_sta": 45, "dex_rs": 50, "int_log": 47, "per_ldr": 40},
                             rolls={}), "SF-CHAR-03")
    assert [i.pointer for i in found] == ["/base/int_log"]
    assert "47 is not on the ability score table" in found[0].message
    assert "30, 35, 40, 45, 50, 55, 60, 65, 70" in found[0].message


def test_SF_CHAR_03_base_must_agree_with_recorded_roll():
    found = issues(character(rolls={"str_sta": 53, "dex_rs": 62, "int_log": 60, "per_ldr": 99}), "SF-CHAR-03")
    assert [i.pointer for i in found] == ["/base/per_ldr"]
    assert "roll 99 gives a base score of 70" in found[0].message


def test_SF_CHAR_03_entered_score_without_roll_is_legal_and_marked_entered():
    data = character(rolls={})
    assert issues(data, "SF-CHAR-03") == []
    assert derived(data)["pairs"]["dex_rs"]["origin"] == "entered"


@pytest.mark.parametrize("roll", [0, 101, -3])
def test_SF_CHAR_03_roll_outside_d100(roll):
    found = issues(character(rolls={"str_sta": roll}), "SF-CHAR-03")
    assert found and found[0].pointer == "/rolls/str_sta" and "1 to 100" in found[0].message


def test_SF_CHAR_03_missing_base_asks_for_a_roll():
    data = character(base={"str_sta": None, "dex_rs": 50, "int_log": 50, "per_ldr": 40}, rolls={})
    found = issues(data, "SF-CHAR-03")
    assert [(i.pointer, i.message) for i in found] == [("/base/str_sta", "Roll or enter the STR/STA base score.")]
    assert derived(data)["abilities"]["str"] is None


# ---- SF-CHAR-04 / SF-RACE-02: racial modifiers on both sides ------------------------------------------

@pytest.mark.parametrize("row", reference_rows("starfrontiers-races.csv"), ids=lambda r: r["race"])
def test_SF_CHAR_04_racial_modifiers_both_sides(row):
    data = character(race=row["race"], human_bonus=None, rolls={},
                     base={"str_sta": 50, "dex_rs": 50, "int_log": 50, "per_ldr": 50})
    a = derived(data)["abilities"]
    for pair, (first, second) in {"str_sta": ("str", "sta"), "dex_rs": ("dex", "rs"),
                                  "int_log": ("int", "log"), "per_ldr": ("per", "ldr")}.items():
        assert a[first] == a[second] == 50 + int(row[pair]), pair


def test_SF_RACE_02_dralasite_str_sta_plus_5_in_derivation():
    d = derived(character(race="Dralasite", human_bonus=None))
    assert ["Dralasite modifier", 5] in d["derivation"]["sta"]


# ---- SF-CHAR-05: the exchange inside a pair ------------------------------------------------------------

@pytest.mark.parametrize("shift, ok", [(0, True), (10, True), (-10, True), (11, False), (-11, False)])
def test_SF_CHAR_05_exchange_up_to_ten(shift, ok):
    data = character(shifts={"str_sta": 0, "dex_rs": shift, "int_log": 0, "per_ldr": 0})
    found = issues(data, "SF-CHAR-05")
    a = derived(data)["abilities"]
    assert (a["dex"], a["rs"]) == (50 + shift, 50 - shift)
    if ok:
        assert found == []
    else:
        assert [i.pointer for i in found] == ["/shifts/dex_rs"]
        assert f"{abs(shift)} points moved" in found[0].message and "at most 10" in found[0].message


def test_SF_CHAR_05_each_pair_has_its_own_ten():
    data = character(shifts={"str_sta": 10, "dex_rs": -10, "int_log": 10, "per_ldr": 10})
    assert issues(data, "SF-CHAR-05") == []


# ---- SF-RACE-01: the Human +5 ---------------------------------------------------------------------------

def test_SF_RACE_01_human_bonus_on_one_side_only_after_the_exchange():
    d = derived(character(human_bonus="int", shifts={"str_sta": 0, "dex_rs": 0, "int_log": 5, "per_ldr": 0}))
    assert (d["abilities"]["int"], d["abilities"]["log"]) == (60, 45)
    assert [p[0] for p in d["derivation"]["int"]][-1] == "Human bonus to one ability"


def test_SF_RACE_01_human_bonus_on_a_vrusk_is_an_error():
    data = character(race="Vrusk", human_bonus="int")
    found = issues(data, "SF-RACE-01")
    assert [i.pointer for i in found] == ["/human_bonus"]
    assert "Only Humans" in found[0].message and "Vrusk" in found[0].message
    assert derived(data)["abilities"]["int"] == 50  # not applied


def test_SF_RACE_01_human_bonus_not_chosen_yet_is_a_warning():
    """The seed: a Human *may* add 5 to one ability; leaving it unchosen is not illegal."""
    found = issues(character(human_bonus=None), "SF-RACE-01")
    assert [(i.pointer, i.severity) for i in found] == [("/human_bonus", "warning")]
    assert "may add 5" in found[0].message and "not chosen yet" in found[0].message


# ---- SF-CHAR-02: 1-100 ------------------------------------------------------------------------------------

def _house(modify) -> dict:
    data = copy.deepcopy(pack().data)
    data["id"] = "house-test"
    modify(data)
    return data


def test_SF_CHAR_02_score_over_100_is_an_error():
    house = _house(lambda p: p["races"][0]["modifiers"].update(str_sta=30))
    data = character(base={"str_sta": 70, "dex_rs": 50, "int_log": 50, "per_ldr": 40}, rolls={},
                     shifts={"str_sta": 5, "dex_rs": 0, "int_log": 0, "per_ldr": 0}, human_bonus="str")
    d = sf.derive(data, house)
    assert d["abilities"]["str"] == 110
    found = [i for i in sf.check(data, d, house) if i.rule == "SF-CHAR-02"]
    assert [i.pointer for i in found] == ["/human_bonus"]
    assert "Strength would be 110" in found[0].message and "between 1 and 100" in found[0].message


def test_SF_CHAR_02_score_below_1_is_an_error():
    house = _house(lambda p: p["races"][0]["modifiers"].update(per_ldr=-35))
    data = character(rolls={}, shifts={"str_sta": 0, "dex_rs": 0, "int_log": 0, "per_ldr": 10})
    d = sf.derive(data, house)
    assert d["abilities"]["ldr"] == -5
    found = [i for i in sf.check(data, d, house) if i.rule == "SF-CHAR-02"]
    assert [i.pointer for i in found] == ["/shifts/per_ldr"]


def test_SF_CHAR_02_legal_extremes_are_fine():
    data = character(base={"str_sta": 70, "dex_rs": 30, "int_log": 50, "per_ldr": 40}, rolls={},
                     shifts={"str_sta": 10, "dex_rs": -10, "int_log": 0, "per_ldr": 0}, human_bonus="str")
    assert issues(data, "SF-CHAR-02") == []
    assert derived(data)["abilities"]["str"] == 85


# ---- SF-CHAR-06: Initiative Modifier ------------------------------------------------------------------------

@pytest.mark.parametrize("rs, im", [(45, 5), (40, 4), (41, 5), (30, 3), (35, 4)])
def test_SF_CHAR_06_im_is_rs_over_10_rounded_up(rs, im):
    # RS = base - shift on dex_rs; base 45 + shift
    base = 45
    data = character(base={"str_sta": 45, "dex_rs": base, "int_log": 50, "per_ldr": 40}, rolls={},
                     shifts={"str_sta": 0, "dex_rs": base - rs, "int_log": 0, "per_ldr": 0}, human_bonus="str")
    d = derived(data)
    assert d["abilities"]["rs"] == rs
    assert d["initiative_modifier"] == im == math.ceil(rs / 10)
    assert "rounded up" in d["initiative_derivation"]


# ---- SF-CHAR-07/08/09 ------------------------------------------------------------------------------------

def test_SF_CHAR_07_name_missing_is_a_warning():
    found = issues(character(name="  "), "SF-CHAR-07")
    assert found and found[0].severity == "warning"


@pytest.mark.parametrize("race", ["Wookiee", "Klingon", "Sathar"])
def test_SF_CHAR_08_unknown_race(race):
    found = issues(character(race=race), "SF-CHAR-08")
    assert [i.pointer for i in found] == ["/race"]
    assert f'"{race}" is not a race' in found[0].message and "Human, Dralasite, Vrusk, Yazirian" in found[0].message


def test_SF_CHAR_08_race_names_fold_case():
    assert issues(character(race="dralasite", human_bonus=None), "SF-CHAR-08") == []


def test_SF_CHAR_09_unknown_psa_and_aliases():
    found = issues(character(psa="Pilot"), "SF-CHAR-09")
    assert found[0].severity == "error" and '"Pilot" is not a Primary Skill Area' in found[0].message
    for alias in ("Technical", "Tech"):
        found = issues(character(psa=alias), "SF-CHAR-09")
        assert [i.severity for i in found] == ["info"]
        assert derived(character(psa=alias))["psa"] == "Technological"


# ---- SF-CHAR-10/11/12/13: PSA level and bonus -----------------------------------------------------------

def test_SF_CHAR_10_new_character_is_level_1():
    d = sf.derive(sf.new(pack()), pack())
    assert d["psa_level"] == 1 and d["psa_bonus"] == 5


@pytest.mark.parametrize("adventures, level", [(0, 1), (1, 1), (2, 2), (4, 2), (5, 3), (9, 4), (13, 4), (14, 5), (19, 5), (20, 6)])
def test_SF_CHAR_12_level_from_adventures(adventures, level):
    d = derived(character(adventures=adventures))
    assert d["psa_level"] == level


@pytest.mark.parametrize("adventures, bonus", [(0, 5), (2, 10), (5, 15), (9, 20), (14, 25), (20, 30), (500, 30)])
def test_SF_CHAR_11_bonus_is_5_per_level_up_to_6(adventures, bonus):
    d = derived(character(adventures=adventures))
    assert d["psa_bonus"] == bonus and d["psa_level"] <= 6


def test_SF_CHAR_13_skill_chances_add_the_psa_bonus():
    d = derived(character(psa="Military", adventures=5, human_bonus="dex"))
    chances = {c["ability"]: c["chance"] for c in d["skill_chances"]}
    assert chances == {"str": 45 + 15, "dex": 55 + 15}


# ---- SF-RACE-03..08: special abilities and movement --------------------------------------------------------

def _special(d, name):
    return next(x for x in d["race_abilities"] if x["name"] == name)


def test_SF_RACE_03_dralasite_limbs_one_per_10_dex_rounded_up():
    d = derived(character(race="Dralasite", human_bonus=None))  # DEX 50 - 5 = 45
    assert _special(d, "Limbs")["value"] == 5


def test_SF_RACE_04_lie_detection_half_int_rounded_up():
    d = derived(character(race="Dralasite", human_bonus=None, shifts={"str_sta": 0, "dex_rs": 0, "int_log": 3, "per_ldr": 0}))
    assert _special(d, "Lie detection")["value"] == 27  # INT 53 / 2 = 26.5 -> 27
    assert "rounded up" in _special(d, "Lie detection")["how"]


def test_SF_RACE_05_vrusk_comprehension_half_log():
    d = derived(character(race="Vrusk", human_bonus=None, shifts={"str_sta": 0, "dex_rs": 0, "int_log": 1, "per_ldr": 0}))
    assert _special(d, "Comprehension")["value"] == 25  # LOG 49 -> 24.5 -> 25
    assert _special(d, "Ambidextrous")["kind"] == "trait"


def test_SF_RACE_06_battle_rage_uses_original_stamina():
    d = derived(character(race="Yazirian", human_bonus=None, shifts={"str_sta": -1, "dex_rs": 0, "int_log": 0, "per_ldr": 0}))
    assert d["abilities"]["sta"] == 36  # 45 - 10 + 1
    assert _special(d, "Battle rage")["value"] == 18


def test_SF_RACE_07_yazirian_without_sungoggles_is_warned():
    data = character(race="Yazirian", human_bonus=None)
    found = issues(data, "SF-RACE-07")
    assert found and found[0].severity == "warning" and "sungoggles" in found[0].message
    data["equipment"] = [{"name": "Sungoggles"}]
    assert issues(data, "SF-RACE-07") == []


@pytest.mark.parametrize("row", reference_rows("starfrontiers-races.csv"), ids=lambda r: r["race"])
def test_SF_RACE_08_movement_by_race(row):
    d = derived(character(race=row["race"], human_bonus="str" if row["race"] == "Human" else None))
    assert (d["walk"], d["run"]) == (int(row["walk_m"]), int(row["run_m"]))


def test_SF_CHAR_21_and_SF_PLAY_11_military_to_hit_is_str_in_melee_dex_at_range_plus_5_a_level():
    """The to-hit base: DEX at range, STR in melee, +5 per Military PSA level (5 adventures: level 3)."""
    d = derived(character(psa="Military", adventures=5, human_bonus="dex"))
    assert d["psa_level"] == 3 and d["psa_bonus"] == 15
    to_hit = {c["name"]: (c["ability"], c["chance"]) for c in d["skill_chances"]}
    assert to_hit == {"Melee to hit": ("str", 45 + 15), "Ranged to hit": ("dex", 55 + 15)}
    tech = derived(character(psa="Technological", adventures=5))
    assert not [c for c in tech["skill_chances"] if "to hit" in c["name"]]
