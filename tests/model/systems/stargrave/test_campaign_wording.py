"""Campaign messages read as a player's words: no Python reprs ('None', quotes), no file field names."""

from tests.model.campaign_helpers import crew, game, issues

FULL = {"loot": 14}   # a game at the 300 XP cap: levels 16, 17 and 18 for the Captain


def _messages(data, rule):
    return [i.message for i in issues(data, rule)]


def test_SG_CAMP_16_a_level_with_no_power_picked_yet_says_so_in_words():
    data = crew(game(xp=FULL, levels=[{"officer": "captain", "upgrade": "reduce", "power": None}]))
    [msg] = _messages(data, "SG-CAMP-16")
    assert "None" not in msg and "no power is picked yet" in msg and "Pick one of the Captain's powers" in msg


def test_SG_CAMP_16_an_unknown_power_is_named_without_quotes():
    data = crew(game(xp=FULL, levels=[{"officer": "captain", "upgrade": "reduce", "power": "Flight"}]))
    [msg] = _messages(data, "SG-CAMP-16")
    assert "Flight is not one of them" in msg and "'Flight'" not in msg


def test_SG_CAMP_15_a_characteristic_is_named_as_the_player_sees_it():
    data = crew(game(xp=FULL, levels=[{"officer": "captain", "upgrade": "reduce", "power": "Healing"},
                                      {"officer": "captain", "upgrade": "improve"}]))
    [msg] = _messages(data, "SG-CAMP-15")
    assert "None" not in msg and "none is picked yet" in msg and "Fight" in msg and "fight," not in msg


def test_SG_LOOT_03_information_asks_xp_or_sell_in_words():
    data = crew(game(loot=[{"table": "digital", "roll": 9}]))
    [msg] = _messages(data, "SG-LOOT-03")
    assert msg == "Information (125 Cr): choose whether to take it as 20 XP or sell it for 125 Cr."


def test_SG_LOOT_03_a_choice_not_offered_is_said_in_words():
    data = crew(game(loot=[{"table": "digital", "roll": 9, "take": "keep"}]))
    [msg] = _messages(data, "SG-LOOT-03")
    assert msg == ("Information (125 Cr) offers taking it as XP or selling it for credits; keeping it is not "
                   "offered.")


def test_SG_LOOT_02_a_missing_credits_roll_is_asked_for_without_the_field_name():
    data = crew(game(loot=[{"table": "digital", "roll": 2}]))
    [msg] = _messages(data, "SG-LOOT-02")
    assert "credits_roll" not in msg and "roll the d20 for the credits" in msg
