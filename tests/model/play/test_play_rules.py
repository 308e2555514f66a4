"""The rules of a saved game in progress (the `play` part), checked by the same rules the Play view follows:
SG-PLAY-13 over the recorded power uses, the loot a figure drops when taken out of action, tracks under 0 as
information (never errors) on every kind, the Star Frontiers hospital price of what was lost, and the saved
file's own bounds (no step writes a document past its schema)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from model import edits, play, storage
from model.evaluate import evaluate
from model.play import stargrave as sg_play
from model.play import starfrontiers as sf_play
from tests.conftest import EXAMPLES

STARWRIGHT = Path(sys.executable).with_name("starwright")
CREW = EXAMPLES / "ashen-comet-campaign.starwright"
SF = EXAMPLES / "kara-venn-human.starwright"
KH = EXAMPLES / "z-gata-frigate.starwright"
SC_SHIP = EXAMPLES / "kestrel-light-freighter.starwright"
CAP = "/play/figures/captain"


def opened(path, play_part=None):
    loaded = storage.load(path)
    if play_part is not None:
        loaded.data["play"] = play_part
    return loaded.data, loaded.kind, evaluate(loaded.data, loaded.kind)


def group(result, key):
    return next(g for g in result.play if g.key == key)


def power_issues(result):
    return [i for i in result.issues if i.rule == "SG-PLAY-13"]


# -- SG-PLAY-13 over a saved game ------------------------------------------------------------------------
def test_SG_PLAY_13_seventeen_fatigue_1_uses_at_health_17_are_an_error():
    """The 17th use would be made at Health 1 with Fatigue 1: Fatigue may never take Health to 0."""
    _, _, r = opened(CREW)
    cap = group(r, "captain")
    assert cap.tracks[0].maximum == 17 and next(p for p in cap.powers if p.name == "Teleport").fatigue == 1
    _, _, r = opened(CREW, {"figures": {"captain": {"health_lost": 17, "powers": {"Teleport": 17}}}})
    bad = power_issues(r)
    assert [(i.pointer, i.severity) for i in bad] == [(f"{CAP}/health_lost", "error")]
    assert "17 Fatigue" in bad[0].message and "at most 16" in bad[0].message
    # 16 uses leave Health 1: possible, and not an error
    _, _, r = opened(CREW, {"figures": {"captain": {"health_lost": 16, "powers": {"Teleport": 16}}}})
    assert not power_issues(r) and not r.has_errors


def test_SG_PLAY_13_thirty_uses_with_ten_health_lost_are_an_error():
    _, _, r = opened(CREW, {"figures": {"captain": {"health_lost": 10, "powers": {"Teleport": 30}}}})
    bad = power_issues(r)
    assert bad and all(i.is_error for i in bad) and "30 Fatigue" in bad[0].message
    # fewer uses than that but more Fatigue than the Health lost: Fatigue comes off Health
    _, _, r = opened(CREW, {"figures": {"captain": {"health_lost": 3, "powers": {"Teleport": 5}}}})
    bad = power_issues(r)
    assert [i.pointer for i in bad] == [f"{CAP}/health_lost"] and "only 3 Health is recorded lost" in bad[0].message


def test_SG_PLAY_13_health_won_back_lets_more_fatigue_be_spent():
    """Won back 5: 20 uses from Health 17 are possible (16 + 5 = 21 at most), 22 are not."""
    data, kind, r = opened(CREW, {"figures": {"captain": {"health_lost": 4}}})
    edits.apply(data, play.step(data, group(r, "captain").tracks[0], +3))     # an officer counts what it wins back
    assert data["play"]["figures"]["captain"] == {"health_lost": 1, "healed": 3}
    part = {"figures": {"captain": {"health_lost": 15, "healed": 5, "powers": {"Teleport": 20}}}}
    _, _, r = opened(CREW, part)
    assert not power_issues(r)
    part["figures"]["captain"]["powers"]["Teleport"] = 22
    part["figures"]["captain"]["health_lost"] = 17
    _, _, r = opened(CREW, part)
    assert power_issues(r) and "5 won back" in power_issues(r)[0].message


def test_SG_PLAY_13_only_known_powers_and_only_figures_that_have_powers():
    part = {"figures": {"first_mate": {"health_lost": 1, "powers": {"Teleport": 1}},
                        "s1": {"health_lost": 1, "powers": {"Reflex Move": 1}},
                        "s3": {"powers": {"Reflex Move": 0}}}}            # a count of 0 is no use
    _, _, r = opened(CREW, part)
    bad = {i.pointer: i for i in power_issues(r)}
    assert set(bad) == {"/play/figures/first_mate/powers/Teleport", "/play/figures/s1/powers/Reflex Move"}
    assert all(i.is_error for i in bad.values())
    assert 'does not know the power "Teleport"' in bad["/play/figures/first_mate/powers/Teleport"].message
    assert "soldier" in bad["/play/figures/s1/powers/Reflex Move"].message


def test_SG_PLAY_13_a_power_whose_fatigue_is_not_below_full_health_can_never_have_been_used():
    """A house pack where Teleport costs Fatigue 17: the captain (Health 17) could never use it."""
    from tests.model.pack_variants import as_pack, builtin_data
    pack_data = builtin_data("stargrave")
    pack_data["id"] = "heavy-teleport"
    for p in pack_data["powers"]:
        if p["name"] == "Teleport":
            p["fatigue"] = 17
    data, kind, _ = opened(CREW, {"figures": {"captain": {"health_lost": 17, "healed": 17,
                                                          "powers": {"Teleport": 1}}}})
    data["rules"] = {**(data.get("rules") or {}), "pack": "heavy-teleport"}
    r = evaluate(data, kind, [as_pack(pack_data, "heavy-teleport.json")])
    assert r.pack.id == "heavy-teleport"
    bad = power_issues(r)
    assert [i.pointer for i in bad] == [f"{CAP}/powers/Teleport"] and "can never be used" in bad[0].message
    assert not next(p for p in group(r, "captain").powers if p.name == "Teleport").usable


def test_SG_PLAY_13_every_game_the_play_view_can_play_passes_the_check():
    """Random games through the Play view's own operations (damage, Health back, using any usable power, loot):
    whatever it lets through, the check of the saved counts accepts (at every step)."""
    rng = random.Random(1307)
    for _game in range(12):
        data, kind, r = opened(CREW)
        for _ in range(rng.randint(10, 60)):
            g = group(r, rng.choice(["captain", "first_mate"]))
            health = g.tracks[0]
            usable = [p for p in g.powers if p.usable]
            roll = rng.random()
            if roll < 0.5 and usable:
                edit = sg_play.use_power(data, g, rng.choice(usable))
            elif roll < 0.75:
                edit = play.step(data, health, -rng.randint(1, 3), clamp=True)
            elif roll < 0.9:
                edit = play.step(data, health, +rng.randint(1, 2), clamp=True)
            else:
                edit = play.step(data, g.tracks[1], rng.choice((1, -1)))
            if edit is None:
                continue
            edits.apply(data, edit)
            r = evaluate(data, kind)
            assert not [i for i in r.issues if i.pointer.startswith("/play") and i.is_error], data["play"]
        assert sum(p.uses for g in r.play for p in g.powers)     # each game used powers


def test_SG_PLAY_13_the_play_view_refuses_a_use_at_fatigue_not_below_health():
    data, kind, r = opened(CREW, {"figures": {"captain": {"health_lost": 16, "powers": {"Teleport": 16}}}})
    cap = group(r, "captain")
    teleport = next(p for p in cap.powers if p.name == "Teleport")
    assert not teleport.usable and sg_play.use_power(data, cap, teleport) is None
    free = next(p for p in cap.powers if p.fatigue == 0)
    assert free.usable                                     # Fatigue 0 is below Health 1


# -- loot dropped out of action ----------------------------------------------------------------------------
def test_SG_LOOT_09_a_figure_taken_out_of_action_drops_its_loot_in_the_same_step():
    data, kind, r = opened(CREW, {"figures": {"s1": {"health_lost": 13, "loot": 1}}})
    jax = group(r, "s1")
    assert jax.tracks[0].shown == 1 and jax.tracks[1].shown == 1
    edit = play.step(data, jax.tracks[0], -1)
    undo = edits.apply(data, edit)
    assert data["play"]["figures"]["s1"] == {"health_lost": 14, "loot": 0}
    r = evaluate(data, kind)
    loot = group(r, "s1").tracks[1]
    assert loot.maximum == 0 and play.step(data, loot, +1) is None      # nothing picked up out of action
    assert not [i for i in r.issues if i.pointer.startswith("/play") and i.is_error]
    edits.apply(data, undo)                                # one undo: Health and the marker back together
    assert data["play"]["figures"]["s1"] == {"health_lost": 13, "loot": 1}


def test_SG_LOOT_09_SG_CAMP_02_a_saved_file_with_loot_on_a_figure_out_of_action_is_an_error():
    _, _, r = opened(CREW, {"figures": {"s1": {"health_lost": 14, "loot": 1},
                                        "s3": {"health_lost": 16, "loot": 1}}})
    for key in ("s1", "s3"):
        bad = [i for i in r.issues if i.pointer == f"/play/figures/{key}/loot"]
        assert bad and bad[0].is_error and bad[0].rule == "SG-LOOT-09"
        assert "out of action" in bad[0].message and "drops its loot" in bad[0].message
    _, _, r = opened(CREW, {"figures": {"s1": {"health_lost": 13, "loot": 1}}})
    assert not r.has_errors


# -- under 0: information with its state, never an error ------------------------------------------------------
UNDER = [(CREW, "/play/figures/s1/health_lost", "SG-CAMP-02", "out of action"),
         (SF, "/play/stamina_lost", "SF-PLAY-16", "unconscious"),
         (KH, "/play/hull_damage", "KH-WPN-11", "destroyed and removed"),
         (SC_SHIP, "/play/hull_damage", "SC-SHIP-03", "hull breach")]


@pytest.mark.parametrize("path,pointer,rule,state", UNDER, ids=lambda x: getattr(x, "stem", None))
def test_SG_CAMP_02_SF_PLAY_16_KH_SHIP_13_SC_SHIP_03_a_track_under_0_is_information_never_an_error(
        path, pointer, rule, state):
    data, kind, r = opened(path)
    t = play.track_at(r.play, pointer)
    assert t.below and t.rule == rule
    edits.apply(data, play.set_count(data, pointer, t.maximum + 55))
    r = evaluate(data, kind)
    t = play.track_at(r.play, pointer)
    assert t.shown == -55 and t.can_step(-1) and t.can_step(+1)
    mine = [i for i in r.issues if i.pointer == pointer]
    assert mine and all(i.severity == "info" for i in mine) and not r.has_errors
    told = next(i for i in mine if i.rule == rule)
    assert f"is -55 of {t.maximum}" in told.message and state in told.message.lower()
    # the Play view steps on under 0, one edit each
    edits.apply(data, play.step(data, t, -1))
    assert play.track_at(evaluate(data, kind).play, pointer).shown == -56


def test_SC_SCMB_13_structure_stops_at_the_structure_points_and_past_them_is_an_error():
    data, kind, r = opened(SC_SHIP)
    st = play.track_at(r.play, "/play/structure_damage")
    assert not st.below
    edits.apply(data, play.set_count(data, st.pointer, st.maximum))
    r = evaluate(data, kind)
    st = play.track_at(r.play, "/play/structure_damage")
    assert play.step(data, st, -1) is None and r.play[0].status.startswith("Destroyed")
    data["play"]["structure_damage"] = st.maximum + 1
    assert any(i.rule == "SC-SCMB-13" and i.is_error for i in evaluate(data, kind).issues)


def test_SF_PLAY_19_the_hospital_price_counts_every_stamina_point_lost_under_0_too():
    data, kind, r = opened(SF)
    sta = r.play[0].tracks[0]
    assert not r.play[0].facts                             # nothing lost, nothing to heal
    price = r.pack.data["hospital"]["credits_per_stamina"]
    edits.apply(data, play.set_count(data, sta.pointer, 5))
    r = evaluate(data, kind)
    assert r.play[0].facts == (("Hospital", f"healing 5 STA costs {5 * price} Cr (SF-PLAY-19)"),)
    assert not [i for i in r.issues if i.rule == "SF-PLAY-19"]
    edits.apply(data, play.set_count(data, sta.pointer, sta.maximum + 7))
    r = evaluate(data, kind)
    lost = sta.maximum + 7
    assert r.play[0].facts[0][1].startswith(f"healing {lost} STA costs {lost * price:,} Cr")
    bill = [i for i in r.issues if i.rule == "SF-PLAY-19"]
    assert bill and bill[0].severity == "info" and "7 of them under 0" in bill[0].message
    assert sf_play.hospital_cost(lost, r.pack) == lost * price


def test_SF_PLAY_19_the_hospital_price_follows_a_house_pack():
    from tests.model.pack_variants import as_pack, builtin_data
    pack_data = builtin_data("starfrontiers")
    pack_data["id"] = "dear-hospital"
    pack_data["hospital"]["credits_per_stamina"] = 3
    data, kind, _ = opened(SF, {"stamina_lost": 4})
    data["rules"] = {**(data.get("rules") or {}), "pack": "dear-hospital"}
    r = evaluate(data, kind, [as_pack(pack_data, "dear-hospital.json")])
    assert r.pack.id == "dear-hospital" and r.play[0].facts[0][1] == "healing 4 STA costs 12 Cr (SF-PLAY-19)"


# -- the file's own bounds ---------------------------------------------------------------------------------------
def test_a_501st_supply_count_is_refused_with_a_message_and_a_count_at_the_schema_maximum_too():
    """Issue 37: a Knight Hawks ship already holding 500 supply counts; one more would leave the file unreadable."""
    spent = {f"X{n}": 1 for n in range(500)}
    data, kind, r = opened(KH, {"spent": spent})
    assert r.schema_valid
    torp = play.track_at(r.play, "/play/spent/T")
    edit = play.step(data, torp, -1)
    assert edit is not None                                # the rules allow it...
    why = play.refusal(kind.kind, data, edit, torp.label)
    assert why.startswith(f"{torp.label}: not changed.") and "500 counts" in why   # ...the file cannot hold it
    assert "{" not in why and "'" not in why
    stale = [i for i in r.issues if i.pointer == "/play/spent"]     # what the 500 are: said once, bounded
    assert [i.severity for i in stale] == ["warning"] and '"X0", "X1", "X2" and 497 more' in stale[0].message
    ok = play.step(data, play.track_at(r.play, "/play/hull_damage"), -1)
    assert play.refusal(kind.kind, data, ok) == ""         # an existing count still steps
    data, kind, r = opened(KH, {"speed": 100000})
    speed = play.track_at(r.play, "/play/speed")
    why = play.refusal(kind.kind, data, play.step(data, speed, +1), "Speed")
    assert why == "Speed: not changed. It is at 100000, the most a saved file holds."
    assert play.refusal(kind.kind, data, play.step(data, speed, -1), "Speed") == ""


def test_a_file_past_its_schema_is_told_in_plain_words_without_the_object(tmp_path):
    spent = {f"X{n}": 1 for n in range(501)}
    _, _, r = opened(KH, {"spent": spent})
    assert not r.schema_valid
    told = [i for i in r.issues if i.pointer == "/play/spent"]
    assert told and told[0].message == "501 entries: must have at most 500"
    data = json.loads(KH.read_text(encoding="utf-8"))
    data["play"] = {"spent": spent}
    path = tmp_path / "ship.starwright"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(storage.DocumentError) as e:        # opening it says where, and not the object
        storage.load(path)
    assert str(e.value).endswith("at /play/spent: 501 entries: must have at most 500")


def test_SG_PLAY_13_check_json_reports_the_power_uses_of_a_saved_game(tmp_path):
    data = json.loads(CREW.read_text(encoding="utf-8"))
    data["play"] = {"figures": {"captain": {"health_lost": 17, "powers": {"Teleport": 17}},
                                "s1": {"health_lost": 20}}}
    path = tmp_path / "game.starwright"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([str(STARWRIGHT), "check", "--json", str(path)], capture_output=True, text=True,
                         timeout=60)
    out = json.loads(run.stdout)
    assert run.returncode != 0 and not out["valid"]
    found = {(i["pointer"], i["rule"], i["severity"]) for i in out["issues"] if i["pointer"].startswith("/play")}
    assert found == {(f"{CAP}/health_lost", "SG-PLAY-13", "error"),
                     ("/play/figures/s1/health_lost", "SG-CAMP-02", "info")}
