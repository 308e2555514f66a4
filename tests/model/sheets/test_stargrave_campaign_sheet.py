"""The campaign on the Stargrave sheet (SG-CAMP-20, SG-CREW-07, SG-LOOT-05) and in `check --json`."""

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXAMPLES
from tests.model.campaign_helpers import CAMPAIGN, FOUNDED, crew, game
from tests.model.sheet_text import sheet_text, squash

BIN = Path(sys.executable).parent / "starwright"


def test_SG_CAMP_20_SG_CREW_12_the_sheet_prints_levels_unspent_xp_credits_stash_and_the_injured(tmp_path):
    data = crew(game(out_of_action=["s1"], survival=[{"who": "s1", "roll": 6}], xp={"loot": 4},
                     loot=[{"table": "physical", "roll": 19, "find": {"name": "Star Idol", "slots": 1, "value": 500}},
                           {"table": "digital", "roll": 19, "take": "keep"}],
                     levels=[{"officer": "captain", "upgrade": "reduce", "power": "Healing"}]))
    text = squash(sheet_text("stargrave-crew", data, tmp_path))
    assert "40 unspent · 140 earned" in text
    assert "Mara Vex NAME 16 LEVEL Orrin Tal 0" in text
    assert "injured: starts at 7 Health" in text
    assert "Star Idol 1 500 Cr find" in text and "Secret 0 200 Cr Secret" in text
    assert "CAMPAIGN" in text and "1 game · Captain level 16 · First Mate level 0" in text


def test_SG_CAMP_10_the_campaign_page_lists_every_game_with_running_totals(tmp_path):
    text = squash(sheet_text("stargrave-crew", CAMPAIGN, tmp_path))
    for g in CAMPAIGN["campaign"]["games"]:
        assert g["title"] in text and g["date"] in text
    assert "Captain 16: Healing to 11" in text and "Captain 20: Teleport at 12" in text
    assert "160 +20" in text                      # game XP and Information taken as XP
    assert "80 · 140 Cr" in text and "115 · 915 Cr" in text   # unspent XP and credits after games 1 and 5
    assert "XP earned 915, spent 800, unspent 115" in text and "160, 230, 220, 175, 110" in text


def test_a_crew_with_no_games_prints_as_before(tmp_path):
    text = squash(sheet_text("stargrave-crew", FOUNDED, tmp_path))
    assert "CAMPAIGN" not in text and "STASH" not in text and "unspent" not in text


def test_check_json_gives_the_campaign_derived_keys():
    r = subprocess.run([str(BIN), "check", "--json", str(EXAMPLES / "ashen-comet-campaign.starwright")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)["derived"]
    c = d["campaign"]
    assert {"games", "xp_earned", "xp_spent", "xp_unspent", "credits", "stash", "game_xp"} <= set(c)
    assert c["games"] == 5 and c["stash"] == [] and c["game_xp"] == [160, 230, 220, 175, 110]
    assert d["captain"]["level"] == 20 and d["first_mate"]["level"] == 3
    assert all({"id", "injured"} <= set(s) for s in d["soldiers"])
    assert [s["id"] for s in d["soldiers"] if s["injured"]] == ["s5"]
    assert d["credits_left"] == c["credits"] == 915


def test_check_reports_a_broken_campaign_at_its_pointers_and_exits_1():
    r = subprocess.run([str(BIN), "check", str(EXAMPLES / "broken-campaign.starwright")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    for ptr in ("/campaign/games/0/survival/0/roll", "/campaign/games/0/out_of_action/1",
                "/campaign/games/1/after/0/hire/id", "/campaign/games/1/levels/0/power",
                "/campaign/games/1/levels/1/characteristic", "/campaign/games/2/loot/0",
                "/campaign/games/2/loot/1/take", "/campaign/games/2/after/0/sell", "/campaign/games/3"):
        assert f"at {ptr}:" in r.stdout, ptr
