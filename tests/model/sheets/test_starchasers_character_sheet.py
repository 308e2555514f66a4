"""The Starchasers character sheet, read back out of the PDF the real export writes (pdftotext)."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXAMPLES
from tests.model.sheet_text import sheet_text, squash

DASH = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())
BROKEN = json.loads((EXAMPLES / "broken-starchasers-character.starwright").read_text())
STARWRIGHT = str(Path(sys.executable).parent / "starwright")



def sheet(data, tmp_path, layout=False, **options):
    return sheet_text("starchasers-character", data, tmp_path, layout, **options)



def row(lines: list[str], first: str) -> list[str]:
    """The cells of the laid-out line that starts with `first` (cells are 2+ spaces apart)."""
    import re
    for line in lines:
        cells = [c for c in re.split(r"\s{2,}", line.strip()) if c]
        if cells and cells[0] == first:
            return cells
    raise AssertionError(f"no line starts with {first!r}")


def test_header_attributes_and_level_names_SC_CHAR_01_02(tmp_path):
    flat = squash(sheet(DASH, tmp_path))
    for words in ("Dash Korrin", "Human", "Ace 1", "FORCE RATING", "HIT POINTS"):
        assert words in flat, words
    lines = sheet(DASH, tmp_path, layout=True).splitlines()
    for label, dice, name in (("Strength", "2", "Normal"), ("Toughness", "2", "Normal"), ("Deftness", "3", "Talented"),
                              ("Agility", "3", "Talented"), ("Intelligence", "2", "Normal"),
                              ("Perception", "3", "Talented"), ("Charisma", "2", "Normal"),
                              ("Confidence", "2", "Normal")):
        assert row(lines, label)[:3] == [label, dice, name], label


def test_SC_CHAR_04_every_skill_prints_attribute_bonus_skill_pool(tmp_path):
    lines = sheet(DASH, tmp_path, layout=True).splitlines()
    # the skill table sits right of the attribute table: find each skill's cells anywhere on its line
    def cells(skill):
        import re
        for line in lines:
            parts = [c for c in re.split(r"\s{2,}", line.strip()) if c]
            if skill in parts:
                return parts[parts.index(skill):]
        raise AssertionError(skill)
    assert cells("Piloting") == ["Piloting", "Deftness 3", "+1", "2 Novice", "6"]
    assert cells("Mechanics") == ["Mechanics", "Deftness 3", "1 Beginner", "4"]
    assert cells("Mines") == ["Mines", "Intelligence 2", "0 Untrained", "2"]
    assert cells("Stealth") == ["Stealth", "choose one", "0 Untrained", "—"]
    for skill in ("Missile Weapons", "Acrobatics", "Resistance", "First Aid", "Medicine", "Scouting", "Navigation",
                  "Astrogation", "Sensors", "Emotional Control", "Beam Weapons"):
        assert cells(skill)[0] == skill


def test_SC_CHAR_05_equipment_dice_reach_the_pool_and_the_table(tmp_path):
    d = copy.deepcopy(DASH)
    d["equipment"] = [{"name": "Electrobinoculars", "bonus": 1, "skills": ["Scouting", "Navigation"],
                       "required_for": []},
                      {"name": "Medkit", "bonus": 0, "skills": [], "required_for": ["First Aid"]}]
    d["skill_attributes"] = {"Scouting": "perception"}
    lines = sheet(d, tmp_path, layout=True).splitlines()
    assert row(lines, "Electrobinoculars") == ["Electrobinoculars", "+1 die to Scouting, Navigation"]
    assert row(lines, "Medkit") == ["Medkit", "First Aid"]
    assert "Scouting Perception 3 +1 0 Untrained 4" in squash(sheet(d, tmp_path))


def test_SC_CHAR_07_pool_over_16_is_marked(tmp_path):
    d = copy.deepcopy(DASH)
    d["attributes"]["deftness"] = 5
    d["skills"]["Piloting"] = 5
    d["bonuses"]["Piloting"] = 3
    d["equipment"] = [{"name": "Flight computer", "bonus": 3, "skills": ["Piloting"], "required_for": []},
                      {"name": "Lucky charm", "bonus": 1, "skills": ["Piloting"], "required_for": []}]
    assert "Piloting Deftness 5 +7 5 Master 17 (over 16)" in squash(sheet(d, tmp_path, layout=True))


def test_tracks_motivators_and_tokens_SC_CHAR_14_16_19_20(tmp_path):
    text = sheet(DASH, tmp_path, layout=True)
    flat = squash(sheet(DASH, tmp_path))
    assert "Hit Points · tick one per" in flat
    assert any("1 2 3 4 5 6 7 8 9 10" in squash(line) for line in text.splitlines())  # 10 HP boxes
    for words in ("Crits taken ·", "Motivation ·", "Focus ·", "2 of at most 3; at most 1 from the flaw",
                  "Flaw Shows off in front of a crowd", "Class Outflies a rival"):
        assert words in flat, words
    d = copy.deepcopy(DASH)
    d["hit_points"] = 14
    assert any("11 12 13 14" in squash(line) for line in sheet(d, tmp_path, layout=True).splitlines())
    d["hit_points"] = None
    assert "no boxes: Hit Points are not entered yet" in squash(sheet(d, tmp_path))


def test_SC_CHAR_27_station_pools_and_SC_DICE_01_02_faces(tmp_path):
    flat = squash(sheet(DASH, tmp_path, layout=True))
    assert "Initiative Perception 3 + Piloting 2 5" in flat
    assert "Dodge Deftness 3 + Piloting 2 + Passive Defense 5 + PD" in flat
    assert "Hull repair Deftness 3 + Mechanics 1 4" in flat
    assert "Attack die (d8) · Nothing: 1-2 · Focus: 3-4 · Hit: 5-7 · Critical Hit: 8" in flat
    assert "Defense die (d6) · Nothing: 1-2 · Focus: 3-4 · Evade: 5-6" in flat


def test_SC_CHAR_09_droid_prints_no_force_and_broken_values_are_kept(tmp_path):
    flat = squash(sheet(BROKEN, tmp_path, list_issues=True))
    assert "Astromech (Droid)" in flat and "none (Droid)" in flat
    assert "6 is outside 1-5" in flat
    assert "4 of at most 3" in flat and "Lies to the captain" in flat and "Flies under the bridge" in flat
    assert "Not legal as printed: 5 rule errors remain" in flat
    assert "A droid cannot have a Force Rating" in flat


def test_user_text_is_printed_literally(tmp_path):
    d = copy.deepcopy(DASH)
    d["name"] = "Bob <b>& Co"
    d["motivators"] = [{"text": "Quotes <scout> & AT&T", "source": "class"}]
    flat = squash(sheet(d, tmp_path))
    assert "Bob <b>& Co" in flat and "Quotes <scout> & AT&T" in flat


def test_cli_export_character(tmp_path):
    out = tmp_path / "dash.pdf"
    r = subprocess.run([STARWRIGHT, "export", str(EXAMPLES / "dash-korrin-ace.starwright"), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = squash(subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout)
    assert "Dash Korrin" in text and "Piloting Deftness 3 +1 2 Novice 6" in text
    pages = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+1$", pages, re.M)


def test_SC_CHAR_28_and_SC_CHAR_23_sheet_prints_the_class_moves_and_the_dark_side_track(tmp_path):
    data = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())
    data["dark_side"] = 3
    text = squash(sheet_text("starchasers-character", data, tmp_path, False))
    assert "Special moves (Ace) · Clip (1 Motivation) · Evasive Shot (1 Motivation)" in text
    assert "Advanced maneuvers, always Hard, on any ship · Straight Loop (Koiogran Turn)" in text
    assert "Lucky Hit" not in text
    assert "Dark Side · now 3 of 10" in text
