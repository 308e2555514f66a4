"""What the walk-through offers for one game record, asked of the model: no Qt here."""

from __future__ import annotations

import copy

from model import storage
from model.rules_pack import builtin_pack
from model.systems.stargrave import campaign_choices, record_choices
from tests.conftest import EXAMPLES

PACK = builtin_pack("stargrave")


def crew() -> dict:
    return storage.load(EXAMPLES / "ashen-comet-veteran.starwright").data


def record(**parts) -> dict:
    base = {"title": "Test", "date": "2026-12-05", "out_of_action": [], "survival": [],
            "xp": {"loot": 2, "powers": 14, "rivals": 5, "creatures": 0, "bonus": 0}, "loot": [], "levels": [],
            "after": []}
    base.update(copy.deepcopy(parts))
    return base


def options(facts, row):
    return {o["value"]: o for o in facts["rows"][row]["options"]}


def test_SG_CAMP_17_a_power_reduced_in_this_game_is_offered_but_not_legal_with_the_checks_reason():
    levels = [{"officer": "captain", "upgrade": "reduce", "power": "Healing"},
              {"officer": "captain", "upgrade": "improve", "characteristic": "will"},
              {"officer": "captain", "upgrade": "reduce"}]
    data = crew()
    facts = record_choices.level_facts(data, 0, record(xp=dict(record()["xp"], bonus=60), levels=levels), PACK)
    assert [r["level"] for r in facts["rows"]] == [16, 17, 18]
    assert facts["rows"][0]["upgrades"] == ["reduce"] and facts["rows"][1]["upgrades"] == ["improve"]
    opts = options(facts, 2)
    assert not opts["Healing"]["legal"] and "already reduced" in opts["Healing"]["reason"]
    assert opts["Fortune"]["legal"] and opts["Fortune"]["label"] == "Fortune (12 → 11)"


def test_SG_CAMP_14_learn_offers_unknown_powers_at_listed_or_plus_2_and_refuses_known_ones():
    data = crew()
    data["campaign"] = {"games": [record(xp={"bonus": 300}, levels=[
        {"officer": "captain", "upgrade": "reduce", "power": "Healing"},
        {"officer": "captain", "upgrade": "improve", "characteristic": "will"},
        {"officer": "captain", "upgrade": "reduce", "power": "Fortune"}])]}
    facts = record_choices.level_facts(data, 1, record(xp={"bonus": 300}, levels=[
        {"officer": "captain", "upgrade": "reduce", "power": "Energy Shield"},
        {"officer": "captain", "upgrade": "learn"}]), PACK)
    assert facts["rows"][1]["level"] == 20 and facts["rows"][1]["upgrades"] == ["learn", "improve"]
    opts = options(facts, 1)
    assert opts["Remote Shot"]["label"] == "Remote Shot (activation 10, basic)"     # basic for a Veteran
    assert opts["Teleport"]["label"] == "Teleport (activation 12)"                  # listed 10, +2
    assert not opts["Command"]["legal"] and "already knows Command" in opts["Command"]["reason"]


def test_SG_CAMP_11_buying_a_level_without_100_unspent_xp_is_refused_with_the_reason():
    facts = record_choices.level_facts(crew(), 0, record(xp={"loot": 1}), PACK)   # 30 + 20 = 50 XP
    assert facts["unspent"] == 50
    nxt = facts["next"]["captain"]
    assert nxt["level"] == 16 and nxt["upgrades"] == ["reduce"]
    assert not nxt["affordable"] and "Not enough XP" in nxt["why_not"]


def test_SG_CAMP_12_the_band_refuses_a_first_mate_level_that_comes_too_close():
    data = crew()
    facts = record_choices.level_facts(data, 0, record(xp={"bonus": 300}), PACK)
    assert facts["next"]["first_mate"]["affordable"]                                # 15 - 1 = 14: inside 5..20
    digits = {1: "reduce", 2: "improve", 3: "reduce", 4: "reduce", 5: "learn", 6: "reduce", 7: "improve",
              8: "reduce", 9: "reduce", 10: "learn"}
    fm_levels = [{"officer": "first_mate", "upgrade": digits[n]} for n in range(1, 11)]
    facts = record_choices.level_facts(data, 0, record(xp={"bonus": 300}, levels=fm_levels), PACK)
    assert facts["next"]["first_mate"]["level"] == 11
    assert "levels below the Captain" in facts["next"]["first_mate"]["why_not"]       # 15 - 11 = 4 < 5


def test_SG_LOOT_03_information_offers_xp_or_credits_and_a_variable_result_asks_for_its_credits_roll():
    facts = record_choices.loot_facts(record(loot=[{"table": "digital", "roll": 9},
                                                   {"table": "digital", "roll": 2},
                                                   {"table": "digital", "roll": 2, "credits_roll": 14},
                                                   {"table": "physical", "roll": 8}]), PACK)
    assert facts[0]["words"] == "Information (125 Cr)"
    assert [t[0] for t in facts[0]["takes"]] == ["xp", "credits"] and "20 XP" in facts[0]["takes"][0][1]
    assert facts[1]["needs_credits_roll"] and "roll the credits d20" in facts[1]["words"]
    assert facts[2]["words"].endswith("14×10 = 140 Cr")
    assert facts[3]["find"] and facts[3]["takes"] == []


def test_SG_CAMP_06_survival_words_give_the_health_a_seriously_injured_soldier_starts_at():
    from model.evaluate import evaluate
    data = crew()
    rec = record(out_of_action=["s1", "s2"], survival=[{"who": "s1", "roll": 6}, {"who": "s2", "roll": 2}])
    data["campaign"] = {"games": [rec]}
    loaded = storage.load(EXAMPLES / "ashen-comet-veteran.starwright")
    after = evaluate(data, loaded.kind)
    words = record_choices.survival_words(data, 0, rec, PACK, after.derived)
    assert words[0] == "Serious Injury: starts the next game at Health 7 of 14."
    assert words[1].startswith("Dead: removed from the crew")
    rows = campaign_choices.game_rows(after.derived)
    assert rows[0]["title"] == "Test" and rows[0]["xp"] == "240"
    assert "Jax (Trooper): starts the next game at Health 7 of 14" in campaign_choices.injured_words(after.derived)


def test_a_hire_gets_an_id_no_one_in_the_crew_has_used():
    data = crew()
    hire = record_choices.new_hire(data, 0, record(), "Trooper", "Kell", PACK)
    assert hire == {"id": "s7", "name": "Kell", "type": "Trooper", "robot": False, "shotgun": False, "item": None}
    assert "costs 50 Cr" in record_choices.hire_note(data, 0, record(), "Trooper", PACK)


def test_the_crew_now_is_read_from_the_evaluations_replay_not_replayed_again(monkeypatch):
    """A page showing the crew now (stash, an officer's items) after every edit asks about the document's own
    last game record: given the evaluation's replay, no second replay is made; another record is replayed."""
    from model.evaluate import evaluate
    from model.systems.stargrave import between_games

    data = crew()
    data["campaign"] = {"games": [record(), record(title="Second")]}
    done = evaluate(data, storage.load(EXAMPLES / "ashen-comet-veteran.starwright").kind).derived.campaign
    calls = []
    real = record_choices.replay
    monkeypatch.setattr(record_choices, "replay", lambda *a, **k: calls.append(1) or real(*a, **k))
    last = data["campaign"]["games"][1]
    assert record_choices.stash_now(data, 1, last, PACK, done) == [dict(f) for f in done.final.stash]
    assert between_games.equipment(data, "captain", PACK, done) == done.final.officers["captain"]["items"]
    offers = record_choices.equip_offers(data, 1, last, "captain", PACK, done)
    assert offers and calls == []
    changed = record(title="Other")
    record_choices.stash_now(data, 1, changed, PACK, done)
    assert calls == [1] and record_choices.trial(data, 1, changed, PACK, done).history[1]["title"] == "Other"


def test_SG_CREW_05_a_full_crew_is_told_what_one_more_hire_would_do_not_that_it_has_too_many():
    """A crew of 8 after a game, asking about a hire: the note says what the hire would make (9 of at most 8),
    never "the crew has 9 soldiers" (it has 8); a specialist past the limit is said the same way."""
    from model.rules_pack import builtin_pack
    from model.systems.stargrave import quickstart
    pack = builtin_pack("stargrave")
    data = quickstart.quick_start(pack, "Nova")
    data["campaign"] = {"games": [record()]}
    assert len(data["soldiers"]) == 8
    note = record_choices.hire_note(data, 0, record(), "Recruit", pack)
    assert note.startswith("Hiring a Recruit would make 9 soldiers; a crew has at most 8.")
    assert "the crew has 9" not in note
    data["soldiers"] = [s for s in data["soldiers"] if s["type"] != "Recruit"] + [
        {"id": "s20", "name": "", "type": "Gunner", "robot": False, "shotgun": False, "item": None}]
    data["credits"] = 500
    note = record_choices.hire_note(data, 0, record(), "Sniper", pack)
    assert "Hiring a Sniper would make 5 specialists; at most 4 soldiers may be specialists." in note, note
