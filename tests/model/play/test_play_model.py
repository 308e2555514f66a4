"""The Play view's rules (model/play): tracks and their limits from the derived values, each step one edit
that undoes, new game, the checks of a file holding a count past its limit, and old files with no play."""

from __future__ import annotations

import copy
import json

import pytest

from model import edits, play, storage
from model.evaluate import evaluate
from model.kinds import KINDS
from model.play import stargrave as sg_play
from tests.conftest import EXAMPLES

CREW = EXAMPLES / "ashen-comet-campaign.starwright"
SF = EXAMPLES / "kara-venn-human.starwright"
KH = EXAMPLES / "z-gata-frigate.starwright"
SC_SHIP = EXAMPLES / "kestrel-light-freighter.starwright"
SC_CHAR = EXAMPLES / "dash-korrin-ace.starwright"


def opened(path):
    loaded = storage.load(path)
    return loaded.data, loaded.kind, evaluate(loaded.data, loaded.kind)


def apply(data, kind, edit):
    undo = edits.apply(data, edit)
    return undo, evaluate(data, kind)


def track(result, label, group=0):
    return next(t for t in result.play[group].tracks if t.label == label)


def group(result, key):
    return next(g for g in result.play if g.key == key)


# -- Stargrave ---------------------------------------------------------------------------------------------
def test_SG_CAMP_03_SG_CAMP_06_health_starts_at_the_figures_maximum_and_an_injured_soldiers_share():
    data, kind, r = opened(CREW)
    d = r.derived
    assert group(r, "captain").tracks[0].shown == d["captain"]["profile"]["health"]
    assert group(r, "first_mate").tracks[0].shown == d["first_mate"]["profile"]["health"]
    for s in d["soldiers"]:
        assert group(r, s["id"]).tracks[0].maximum == s["health_now"]
    pip = next(s for s in d["soldiers"] if s["injured"])
    assert pip["health_now"] < pip["profile"]["health"] and "injured" in group(r, pip["id"]).title


def test_SG_CAMP_02_a_health_step_is_one_edit_and_goes_under_0_out_of_action_as_information():
    data, kind, r = opened(CREW)
    jax = group(r, "s1").tracks[0]
    assert play.step(data, jax, +1) is None                 # already at its maximum
    first = copy.deepcopy(data)
    undo, r = apply(data, kind, play.step(data, jax, -1))
    assert group(r, "s1").tracks[0].shown == jax.maximum - 1
    edits.apply(data, undo)
    assert data == first                                    # the play section it created goes with the undo
    r = evaluate(data, kind)
    for _ in range(jax.maximum):
        t = group(r, "s1").tracks[0]
        _, r = apply(data, kind, play.step(data, t, -1))
    t = group(r, "s1").tracks[0]
    assert t.shown == 0 and group(r, "s1").status.startswith("Out of action")
    assert sg_play.out_of_action(r.play) == ["s1"]
    assert not [i for i in r.issues if i.pointer.startswith("/play")]
    # "0 or less": Health goes on under 0, shown as it is, out of action, never an error
    _, r = apply(data, kind, play.step(data, t, -2))
    t = group(r, "s1").tracks[0]
    assert t.shown == -2 and t.stored == jax.maximum + 2 and sg_play.out_of_action(r.play) == ["s1"]
    mine = [i for i in r.issues if i.pointer.startswith("/play")]
    assert [(i.pointer, i.rule, i.severity) for i in mine] == [(t.pointer, "SG-CAMP-02", "info")]
    assert f"is -2 of {jax.maximum}" in mine[0].message and "out of action" in mine[0].message
    _, r = apply(data, kind, play.step(data, t, +1))         # a point back, still out of action
    assert group(r, "s1").tracks[0].shown == -1 and "healed" not in data["play"]["figures"]["s1"]


def test_SG_PLAY_13_a_power_costs_its_fatigue_and_cannot_be_used_at_fatigue_not_below_health():
    data, kind, r = opened(CREW)
    cap = group(r, "captain")
    power = next(p for p in cap.powers if p.fatigue > 0)
    health = cap.tracks[0].shown
    _, r = apply(data, kind, sg_play.use_power(data, cap, power))
    cap = group(r, "captain")
    assert cap.tracks[0].shown == health - power.fatigue
    assert next(p for p in cap.powers if p.name == power.name).uses == 1
    # lower Health to the power's Fatigue: now it cannot be used, and says why
    _, r = apply(data, kind, play.set_count(data, cap.tracks[0].pointer, cap.tracks[0].maximum - power.fatigue))
    cap = group(r, "captain")
    p = next(p for p in cap.powers if p.name == power.name)
    assert not p.usable and "SG-PLAY-13" in p.why and sg_play.use_power(data, cap, p) is None


def test_SG_LOOT_01_SG_CAMP_09_the_tracker_fills_the_post_game_record():
    data, kind, r = opened(CREW)
    game = group(r, "game")
    labels = [t.label for t in game.tracks]
    assert any(lab.startswith("Digital") for lab in labels) and any(lab.startswith("Rival") for lab in labels)
    for t in game.tracks:
        _, r = apply(data, kind, play.step(data, group(r, "game").tracks[game.tracks.index(t)], +1))
    cap = group(r, "captain")
    free = next(p for p in cap.powers if p.usable)
    _, r = apply(data, kind, sg_play.use_power(data, cap, free))
    rook = group(r, "s4").tracks[0]
    _, r = apply(data, kind, play.set_count(data, rook.pointer, rook.maximum))
    record = sg_play.game_record(data, r.play, "Game 6", "2026-12-03")
    assert record["out_of_action"] == ["s4"] and record["survival"] == [{"who": "s4"}]
    assert record["xp"] == {"loot": 2, "powers": 1, "rivals": 1, "creatures": 1, "bonus": 0}
    assert sorted(m["table"] for m in record["loot"]) == ["digital", "physical"]
    assert list(record) == ["title", "date", "out_of_action", "survival", "xp", "loot", "levels", "after"]


def test_SG_LOOT_01_a_hand_edited_loot_count_builds_a_bounded_record_of_the_packs_tables_only():
    loaded = storage.load(CREW)
    data, kind = loaded.data, loaded.kind
    data["play"] = {"game": {"loot": {"digital": 100000, "physical": 2, "stolen_plans": 500}}}
    r = evaluate(data, kind)
    record = sg_play.game_record(data, r.play, "Game 6", "2026-12-03")
    tables = [m["table"] for m in record["loot"]]
    assert tables.count("digital") == sg_play.MOST_MARKERS and tables.count("physical") == 2
    assert "stolen_plans" not in tables and record["xp"]["loot"] == len(tables)
    too_many = [i for i in r.issues if i.pointer == "/play/game/loot/digital"]
    assert too_many and too_many[0].severity == "error" and too_many[0].rule == "SG-LOOT-01"
    assert f"at most {sg_play.MOST_MARKERS}" in too_many[0].message
    unknown = [i for i in r.issues if i.pointer == "/play/game/loot/stolen_plans"]
    assert unknown and "not a loot table of the rules pack" in unknown[0].message


def test_new_game_clears_the_play_section_of_a_crew():
    data, kind, r = opened(CREW)
    before = copy.deepcopy(data)
    assert play.new_game(kind.kind, data) is None          # nothing to clear
    _, r = apply(data, kind, play.step(data, group(r, "s1").tracks[0], -1))
    undo, r = apply(data, kind, play.new_game(kind.kind, data))
    assert data == before and group(r, "s1").tracks[0].stored == 0
    edits.apply(data, undo)
    assert data["play"]


def test_SG_LOOT_09_a_loot_count_past_the_maximum_is_an_error_and_steps_only_back_toward_it():
    data, kind, r = opened(CREW)
    data["play"] = {"figures": {"s1": {"loot": 4}}}
    r = evaluate(data, kind)
    bad = [i for i in r.issues if i.pointer == "/play/figures/s1/loot"]
    assert bad and bad[0].rule == "SG-LOOT-09" and bad[0].is_error and "at most 1" in bad[0].message
    t = group(r, "s1").tracks[1]
    assert play.step(data, t, +1) is None                  # no further out...
    _, r = apply(data, kind, play.step(data, t, -1))       # ...but back toward the limit
    assert group(r, "s1").tracks[1].stored == 3


@pytest.mark.parametrize("bad", [{"figures": {"s1": {"health_lost": -1}}}, {"speed": 3},
                                 {"figures": {"s1": {"health": 3}}}, {"game": {"rivals": "two"}}])
def test_the_play_section_is_schema_checked(bad):
    data, kind, _ = opened(CREW)
    data["play"] = bad
    r = evaluate(data, kind)
    assert not r.schema_valid and any(i.rule == "SCHEMA" and i.pointer.startswith("/play") for i in r.issues)


# -- Star Frontiers -----------------------------------------------------------------------------------------
def test_SF_PLAY_18_shots_count_down_from_the_carried_ammunition_and_stamina_from_sta():
    data, kind, r = opened(SF)
    assert track(r, "Stamina").maximum == r.derived["stamina"]
    for w in r.derived["weapons"]:
        t = track(r, f"{w['name']} shots")
        assert t.maximum == w["shots"] and t.kind == "supply" and t.rule == "SF-PLAY-18"
    pistol = track(r, "Laser Pistol shots")
    for _ in range(pistol.maximum):
        _, r = apply(data, kind, play.step(data, track(r, "Laser Pistol shots"), -1))
    assert track(r, "Laser Pistol shots").shown == 0
    assert play.step(data, track(r, "Laser Pistol shots"), -1) is None     # an empty weapon cannot fire
    sta = track(r, "Stamina")
    _, r = apply(data, kind, play.set_count(data, sta.pointer, sta.maximum))
    assert r.play[0].status.startswith("Unconscious")


# -- Knight Hawks -------------------------------------------------------------------------------------------
def test_KH_WPN_11_hull_points_from_the_type_and_destroyed_at_0():
    data, kind, r = opened(KH)
    hull = track(r, "Hull Points")
    assert hull.maximum == r.derived["hull_points"] and hull.rule == "KH-WPN-11"
    _, r = apply(data, kind, play.set_count(data, hull.pointer, hull.maximum))
    assert r.play[0].status.startswith("Destroyed")
    assert not [i for i in r.issues if i.pointer.startswith("/play")]


def test_KH_WPN_09_KH_DEF_02_KH_DEF_05_limited_supplies_are_counted_down_from_what_the_ship_carries():
    data, kind, r = opened(KH)
    by_code = {s["code"]: s for s in r.derived["supplies"]}
    rules = {t.pointer.rsplit("/", 1)[1]: t for t in r.play[0].tracks if t.kind == "supply"}
    assert set(rules) == set(by_code)
    for code, t in rules.items():
        assert t.maximum == by_code[code]["count"]
        assert t.rule == ("KH-WPN-09" if by_code[code]["kind"] == "weapon"
                          else "KH-DEF-02" if code == "MS" else "KH-DEF-05")
    torp = rules["T"]
    _, r = apply(data, kind, play.step(data, torp, -1))
    assert next(t for t in r.play[0].tracks if t.pointer == torp.pointer).shown == torp.maximum - 1
    assert data["play"] == {"spent": {"T": 1}}


def test_KH_MOV_02_speed_is_recorded_and_never_below_0():
    data, kind, r = opened(KH)
    speed = track(r, "Speed")
    assert speed.maximum is None and play.step(data, speed, -1) is None
    _, r = apply(data, kind, play.step(data, speed, +1))
    assert track(r, "Speed").shown == 1 and ("ADF", str(r.derived["adf"])) in r.play[0].facts


# -- Starchasers --------------------------------------------------------------------------------------------
def test_SC_SHIP_19_shields_hull_and_structure_come_from_the_ships_ratings():
    data, kind, r = opened(SC_SHIP)
    assert track(r, "Shields").maximum == data["shield_rating"]
    assert track(r, "Hull Points").maximum == data["hull_points"]
    assert track(r, "Structure Points").maximum == data["structure_points"]
    shields = track(r, "Shields")
    _, r = apply(data, kind, play.step(data, shields, -1))
    assert data["play"] == {"shields_down": 1}
    assert play.step(data, track(r, "Shields"), +2) is None    # never more shields than the rating


def test_SC_SCMB_06_SC_SCMB_14_SC_SHIP_19_new_game_clears_stress_crits_and_shields_and_keeps_the_ships_damage():
    data, kind, r = opened(SC_SHIP)
    for label, delta in (("Hull Points", -3), ("Stress Taken", 2), ("Crits Sustained", 1), ("System Damage", 1),
                         ("Shields", -1)):
        t = track(r, label)
        _, r = apply(data, kind, play.set_count(data, t.pointer, t.stored_for(t.shown + delta)))
    assert data["play"] == {"hull_damage": 3, "stress_taken": 2, "crits_sustained": 1, "system_damage": 1,
                            "shields_down": 1}
    _, r = apply(data, kind, play.new_game(kind.kind, data))
    assert data["play"] == {"hull_damage": 3, "system_damage": 1}          # damage is carried over
    assert play.new_game(kind.kind, data) is None


def test_SC_CHAR_16_motivation_starts_each_session_at_0():
    data, kind, r = opened(SC_CHAR)
    assert track(r, "Motivation").shown == 0 and track(r, "Hit Points").maximum == data["hit_points"]
    for _ in range(3):
        _, r = apply(data, kind, play.step(data, track(r, "Motivation"), +1))
    assert track(r, "Motivation").shown == 3
    _, r = apply(data, kind, play.new_game(kind.kind, data))
    assert "play" not in data and track(r, "Motivation").shown == 0


# -- versions ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [CREW, SF, KH, SC_SHIP, SC_CHAR], ids=lambda p: p.stem)
def test_an_old_version_file_opens_with_no_play_state(path, tmp_path):
    data = json.loads(path.read_text(encoding="utf-8"))
    kind = KINDS[data["format"].split("/")[1]]
    data["version"] = kind.version - 1
    for part in ("optional_rules", "portrait", "play"):
        data.pop(part, None)
    old = tmp_path / "old.starwright"
    old.write_text(json.dumps(data), encoding="utf-8")
    loaded = storage.load(old)
    assert loaded.migrated_from == kind.version - 1 and "play" not in loaded.data
    r = evaluate(loaded.data, loaded.kind)
    assert r.play and all(t.stored == 0 for g in r.play for t in g.tracks)
    assert not [i for i in r.issues if i.pointer.startswith("/play")]


def test_SG_LOOT_09_a_figure_carries_at_most_the_packs_number_of_loot_markers():
    data, kind, r = opened(CREW)
    most = r.pack.data["campaign"]["loot"]["carried_per_figure"]
    loot = track(r, "Loot carried", r.play.index(group(r, "s1")))
    assert loot.maximum == most and loot.rule == "SG-LOOT-09"
    for _ in range(most):
        _, r = apply(data, kind, play.step(data, track(r, "Loot carried", r.play.index(group(r, "s1"))), +1))
    assert play.step(data, track(r, "Loot carried", r.play.index(group(r, "s1"))), +1) is None
    data["play"]["figures"]["s1"]["loot"] = most + 1
    bad = [i for i in evaluate(data, kind).issues if i.pointer == "/play/figures/s1/loot"]
    assert bad and bad[0].rule == "SG-LOOT-09"


def test_SG_LOOT_09_the_loot_limit_follows_a_house_pack():
    from tests.model.pack_variants import as_pack, builtin_data
    pack_data = builtin_data("stargrave")
    pack_data["id"] = "two-loot"
    pack_data["campaign"]["loot"]["carried_per_figure"] = 2
    data, kind, _ = opened(CREW)
    data["rules"] = {**(data.get("rules") or {}), "pack": "two-loot"}
    r = evaluate(data, kind, [as_pack(pack_data, "two-loot.json")])
    assert r.pack.id == "two-loot"
    assert track(r, "Loot carried", r.play.index(group(r, "s1"))).maximum == 2
