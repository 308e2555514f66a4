"""SG-CAMP-01: the replay resumes after the games an edit left as they were, and says exactly what a replay of
every game says."""

import copy
import importlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from model.rules_pack import Pack, builtin_pack
from model.systems.stargrave import campaign
from tests.model.campaign_helpers import CAMPAIGN, crew
from tests.model.systems.stargrave.test_stargrave_campaign import games

PACK = builtin_pack("stargrave")
replay_module = importlib.import_module("model.systems.stargrave.campaign.replay")   # the package names the function so


def fresh(data):
    """Every game played and read anew (keep_states bypasses the replay's memo; what a game's loot and XP give,
    remembered by record, is forgotten first)."""
    from model.systems.stargrave.campaign.rules import campaign_rules
    from model.systems.stargrave.tables import tables
    rules = campaign_rules(tables(PACK))
    for memo in ("_loot_memo", "_xp_game_memo"):
        rules.__dict__.pop(memo, None)
    return campaign.replay(data, PACK, keep_states=True)


def same(a, b) -> None:
    assert a.founded == b.founded
    assert a.history == b.history
    assert a.issues == b.issues
    assert a.final == b.final


def plays(monkeypatch) -> list[int]:
    """The index of every game played from now on."""
    played = []
    real = replay_module._Game.play

    def counting(game):
        played.append(game.g)
        return real(game)
    monkeypatch.setattr(replay_module._Game, "play", counting)
    return played


def replayed_once(monkeypatch):
    """The campaign example, replayed once; then the games each replay plays."""
    data = copy.deepcopy(CAMPAIGN)
    campaign.replay(data, PACK)
    return data, plays(monkeypatch)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), games(), st.data())
def test_SG_CAMP_01_a_replay_after_any_edit_equals_a_replay_of_every_game(first, other, draw):
    data = crew(*first)
    same(campaign.replay(data, PACK), fresh(data))
    # a sequence of edits a player makes: change a record, add a game, take it away, change the founding
    for _ in range(6):
        games_now = data["campaign"]["games"]
        what = draw.draw(st.sampled_from(["change", "add", "remove", "founding", "none"]))
        if what == "change" and games_now:
            g = draw.draw(st.integers(0, len(games_now) - 1))
            games_now[g] = copy.deepcopy(other[min(g, len(other) - 1)]) | {"title": f"Changed {g}"}
        elif what == "add":
            games_now.append(copy.deepcopy(draw.draw(st.sampled_from(other))))
        elif what == "remove" and games_now:
            games_now.pop(draw.draw(st.integers(0, len(games_now) - 1)))
        elif what == "founding":
            change = draw.draw(st.sampled_from(["items", "armour", "reduced", "name", "robot"]))
            if change == "items":
                data["captain"]["items"] = data["captain"]["items"][:-1] or ["Pistol"]
            elif change == "armour":         # an item that owes upkeep
                data["first_mate"]["items"] = [i for i in data["first_mate"]["items"] if "Armour" not in i] + \
                    [draw.draw(st.sampled_from(["Assault Armour", "Light Armour"]))]
            elif change == "reduced" and data["captain"]["powers"]:
                p = data["captain"]["powers"][draw.draw(st.integers(0, len(data["captain"]["powers"]) - 1))]
                p["reduced"] = not p.get("reduced")
            elif change == "name":
                data["first_mate"]["name"] += "x"
            elif data["soldiers"]:
                data["soldiers"][0]["robot"] = not data["soldiers"][0].get("robot")
        got, want = campaign.replay(data, PACK), fresh(data)
        same(got, want)
        # what a replay hands out is its own: changing it changes no later replay
        got.final.credits += 1000
        got.final.officers["captain"]["items"].append("Grenades")
        same(campaign.replay(data, PACK), want)


def test_SG_CAMP_01_an_edit_to_the_last_game_plays_that_game_only(monkeypatch):
    data, played = replayed_once(monkeypatch)
    data["campaign"]["games"][-1]["xp"]["rivals"] += 1
    result = campaign.replay(data, PACK)
    assert played == [4]
    same(result, fresh(data))


def test_SG_CAMP_01_adding_a_game_plays_it_alone_and_taking_it_away_plays_none(monkeypatch):
    data, played = replayed_once(monkeypatch)
    data["campaign"]["games"].append({"title": "Sixth", "out_of_action": [], "xp": {"rivals": 2}})
    campaign.replay(data, PACK)
    assert played == [5]
    data["campaign"]["games"].pop()
    result = campaign.replay(data, PACK)
    assert played == [5]
    same(result, fresh(data))


def test_SG_CAMP_01_an_edit_to_an_early_game_plays_from_the_founding_to_that_game_only(monkeypatch):
    """A new title changes nothing the games read: the state after the renamed game is the one remembered, and
    the games after it are not played again."""
    data, played = replayed_once(monkeypatch)
    data["campaign"]["games"][1]["title"] = "Renamed"
    result = campaign.replay(data, PACK)
    assert played == [0, 1]      # the memo keeps the state as founded and before and after the last game
    same(result, fresh(data))
    played.clear()
    xp = result.final.xp_earned
    data["campaign"]["games"][1]["survival"] = []           # the injured of game 2 are fit: every game after it differs
    result = campaign.replay(data, PACK)
    assert played == [0, 1, 2, 3, 4]
    same(result, fresh(data))
    assert result.final.xp_earned == xp


def test_SG_CAMP_01_a_change_to_the_crew_as_founded_plays_only_the_games_that_read_it(monkeypatch):
    data, played = replayed_once(monkeypatch)
    data["first_mate"]["name"] = "Someone Else"            # no game reads an officer's name
    result = campaign.replay(data, PACK)
    assert played == [0]
    same(result, fresh(data))
    played.clear()
    data["captain"]["items"] = data["captain"]["items"][:-1]   # a kit no game re-equips or charges upkeep for
    result = campaign.replay(data, PACK)
    assert played == [0]
    same(result, fresh(data))
    assert result.final.officers["captain"]["items"] == data["captain"]["items"]
    played.clear()
    data["first_mate"]["items"] = ["Pistol"]                # re-equipped in game 3: the same from there on
    result = campaign.replay(data, PACK)
    assert played == [0]
    same(result, fresh(data))
    played.clear()
    data["captain"]["items"] = data["captain"]["items"] + ["Assault Armour"]   # owes upkeep before every game
    result = campaign.replay(data, PACK)
    assert played == [0, 1, 2, 3, 4]
    same(result, fresh(data))


def test_SG_CAMP_01_powers_changed_at_founding_are_read_only_by_the_officers_levels(monkeypatch):
    data, played = replayed_once(monkeypatch)
    levels = {g for g, game in enumerate(data["campaign"]["games"]) for rec in game.get("levels", [])
              if rec.get("officer") == "captain"}
    power = next(p for p in data["captain"]["powers"] if p.get("reduced"))
    power["reduced"] = False                                # its activation is one higher from the founding on
    result = campaign.replay(data, PACK)
    # played up to the Captain's last level (it reads the powers), then the rest is the remembered replay's
    assert played == list(range(max(levels, default=0) + 1))
    assert result.final.officers["captain"]["powers"] != fresh(copy.deepcopy(CAMPAIGN)).final.officers["captain"]["powers"]
    same(result, fresh(data))
    played.clear()
    for game in data["campaign"]["games"]:
        game["levels"] = [rec for rec in game.get("levels", []) if rec.get("officer") != "captain"]
    campaign.replay(data, PACK)
    played.clear()
    power["reduced"] = True                                 # no level of the Captain's reads them now
    result = campaign.replay(data, PACK)
    assert played == [0]
    same(result, fresh(data))


def test_SG_CAMP_01_a_house_pack_replays_with_its_own_numbers_not_the_memo_of_the_built_in_one():
    data = copy.deepcopy(CAMPAIGN)
    before = campaign.replay(data, PACK)
    house = copy.deepcopy(PACK.data)
    house["campaign"]["xp"]["level_cost"] = 50
    after = campaign.replay(data, Pack(house, "house.json", False))
    assert after.final.xp_unspent != before.final.xp_unspent


def test_SG_CAMP_01_records_that_are_not_plain_data_are_remembered_by_their_repr(monkeypatch):
    from decimal import Decimal
    data = copy.deepcopy(CAMPAIGN)
    data["campaign"]["games"][-1]["note"] = Decimal("1.5")      # (no file holds this; a caller might)
    campaign.replay(data, PACK)
    played = plays(monkeypatch)
    data["campaign"]["games"][-1]["note"] = Decimal("2.5")
    result = campaign.replay(data, PACK)
    assert played == [4]
    same(result, fresh(data))


def test_SG_CAMP_01_whole_evaluations_after_edits_equal_ones_that_remember_nothing():
    """Through evaluate (the checks, the crew now and the offers read what the replay remembers): after each
    edit, the evaluation equals one made with the memo emptied, so nothing the memo keeps was changed."""
    import json

    from model.evaluate import evaluate
    from model.storage import from_data
    from model.systems.stargrave.tables import tables
    loaded = from_data(copy.deepcopy(CAMPAIGN), "campaign.starwright")
    data, kind = loaded.data, loaded.kind
    memo = tables(PACK).__dict__.setdefault("_replays", {})

    def both():
        got = evaluate(data, kind)
        memo.clear()
        want = evaluate(data, kind)
        assert json.dumps(got.derived, sort_keys=True) == json.dumps(want.derived, sort_keys=True)
        assert got.issues == want.issues

    both()
    games = data["campaign"]["games"]
    games[-1]["xp"]["rivals"] += 3
    both()
    games.append({"title": "Sixth", "out_of_action": ["s2"], "survival": [{"who": "s2", "roll": 2}],
                  "xp": {"rivals": 2}, "levels": [{"officer": "captain", "upgrade": "improve",
                                                   "characteristic": "fight"}]})
    both()
    games.pop()
    both()
    data["captain"]["items"].append("Knife")
    both()
    evaluate(data, kind)
    games[0]["title"] = "Renamed"
    both()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_SG_LOOT_01_loot_remembered_by_its_record_gives_what_reading_it_again_gives(first):
    """A game's loot rolls are remembered by the record's content, place and whether a Secret was activated
    (a change to the crew as founded replays every game without reading each roll again): the replay says
    and counts exactly what reading every roll again does, also with the crew as founded changed."""
    data = crew(*first)
    for founding in (None, ["Pistol"], ["Pistol", "Knife"]):
        if founding is not None:
            data["captain"]["items"] = founding
        campaign.replay(data, PACK)                       # (fills the memo)
        remembered = campaign.replay(data, PACK, keep_states=True)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(replay_module._Game, "_loot", replay_module._Game._read_loot)
            read_again = campaign.replay(data, PACK, keep_states=True)
        same(remembered, read_again)
        assert remembered.final.stash is not read_again.final.stash


def test_SG_LOOT_01_a_founding_edit_reads_no_loot_roll_again(monkeypatch):
    data = copy.deepcopy(CAMPAIGN)
    campaign.replay(data, PACK)
    read = []
    real = replay_module._Game._read_loot
    monkeypatch.setattr(replay_module._Game, "_read_loot", lambda game: (read.append(game.g), real(game))[1])
    data["captain"]["items"] = data["captain"]["items"][:-1]
    result = campaign.replay(data, PACK)
    assert read == []
    assert len(result.history) == len(data["campaign"]["games"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_SG_CAMP_01_catching_up_after_a_founding_edit_reads_any_wrong_record_without_raising(draw):
    """A replay catches up with the one remembered after reading the records to come (levels, re-equipping):
    records of any shape are read without raising, and the result is what every game read anew gives."""
    from tests.model.systems.stargrave.test_stargrave_campaign import mutated_campaigns
    data = draw.draw(mutated_campaigns())
    campaign.replay(data, PACK)
    if isinstance(data.get("captain"), dict) and isinstance(data["captain"].get("items"), list):
        data["captain"]["items"] = data["captain"]["items"][:-1] + ["Knife"]
    if isinstance(data.get("first_mate"), dict):
        data["first_mate"]["name"] = "Changed"
    same(campaign.replay(data, PACK), fresh(data))


def test_SG_CAMP_01_the_state_the_replay_compares_is_every_part_of_an_officer():
    """The replay compares states in parts (`_state_parts`): an officer's level, finds and improvements with the
    rest, its kit and its powers apart. A part added to an officer must be added there too, or two states that
    differ in it would be taken for the same."""
    state = campaign.replay(copy.deepcopy(CAMPAIGN), PACK).final
    for officer in state.officers.values():
        assert set(officer) == {"level", "finds", "improved", "items", "items_at", "powers"}
    assert set(vars(state)) == {"games", "xp_earned", "xp_spent", "credits", "stash", "officers", "soldiers",
                                "used_ids"}
