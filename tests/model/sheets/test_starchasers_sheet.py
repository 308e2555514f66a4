"""The Starchasers ship sheet, read back out of the PDF the real export writes (pdftotext)."""

import copy
import json

from tests.conftest import EXAMPLES
from tests.model.sheet_text import sheet_text, squash
from tests.model.cli.test_cli import sw

KESTREL = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())



def sheet(data, tmp_path, layout=False, **options):
    return sheet_text("starchasers-ship", data, tmp_path, layout, **options)



def test_kestrel_sheet_prints_every_attribute_and_the_derived_values(tmp_path):
    text = sheet(KESTREL, tmp_path, layout=True)
    flat = squash(sheet(KESTREL, tmp_path))
    for words in ("Kestrel", "Light Freighter", "Player character ship", "4 (Light Freighter)",
                  "Armor Rating 2 + Maneuverability (-2)", "3 of 8 used (6 base + 2 added) · 5 free",
                  "Twin Laser 2 · Extra Shield Emitter 1", "Straight up to 4 · Bank up to 3 · Hard Turn up to 2"):
        assert words in flat, words
    for label, value in (("Size", "4"), ("Speed", "4"), ("Armor Rating", "2"), ("Maneuverability", "-2"),
                         ("Hull Points", "13"), ("Structure Points", "7"), ("System Durability", "5"),
                         ("Power Generation", "2"), ("Shield Rating", "1"), ("Hard Points", "6"),
                         ("Added Hard Points", "2")):
        assert any(line.split()[:len(label.split()) + 1] == label.split() + [value] for line in text.splitlines()), label
    assert "Twin Laser" in flat and "2 (Short)" in flat and "4000" in flat
    assert "Extra Shield Emitter" in flat and "2500" in flat


def test_tracks_have_one_box_per_point(tmp_path):
    # each tick box carries its number: Hull 13 boxes means "13" is printed after "12" on the track
    text = squash(sheet(KESTREL, tmp_path))
    lines = sheet(KESTREL, tmp_path, layout=True).splitlines()
    assert "Hull Points · tick one per point" in text
    assert any(squash(line).endswith("1 2 3 4 5 6 7 8 9 10 11 12 13") for line in lines)  # hull points
    assert any(squash(line).startswith("Structure Points 7 7 for this role 1 2 3 4 5 6 7") for line in lines)
    assert "System Durability 5: Stress reaching it causes 1 System Damage" in text
    d = copy.deepcopy(KESTREL)
    d["shield_rating"] = 3
    lines = sheet(d, tmp_path, layout=True).splitlines()
    at = next(i for i, line in enumerate(lines) if "Shields ·" in line)
    assert squash(lines[at + 1]).endswith("1 2 3") and not squash(lines[at + 1]).endswith("1 2 3 4")


def test_dodge_with_a_pilot_and_attack_pool_with_a_gunner(tmp_path):
    d = copy.deepcopy(KESTREL)
    d["armor"], d["maneuverability"] = 3, 1
    d["pilot"] = {"name": "Dash Korrin", "deftness": 3, "piloting": 2, "perception": 3}
    d["gunner"] = {"name": "Mira", "deftness": 4, "proficient": ["Beam Weapons"]}
    flat = squash(sheet(d, tmp_path))
    assert "pilot's Deftness 3 + pilot's Piloting 2 + Passive Defense 4 (Dash Korrin)" in flat
    assert "7 dice (Damage 3 + Deftness 4); + range bonus + bonus power" in flat
    assert "gunner: Mira" in flat


def test_reference_block_system_damage_and_range_bands(tmp_path):
    flat = squash(sheet(KESTREL, tmp_path)) + " " + squash(sheet(KESTREL, tmp_path, layout=True))
    for words in ("roll d20 for each uncancelled Crit", "Artificial Gravity Surge", "Comms Down", "Hyperdrive Offline",
                  "Inertial Dampener", "Life Support on", "6-7 Power Fluctuations", "Sensor Blind",
                  "Weapons Malfunction", "11-20 Structural Damage",
                  "Close 2-4 +1 die 0 1", "Medium 8-15 0 +1 dice 3", "Long 16-20 0 +3 dice 4"):
        assert words in flat, words


def test_unset_values_are_left_to_write_in(tmp_path):
    from model.rules_pack import builtin_pack
    from model.systems.starchasers import ship
    d = ship.new_from_preset(builtin_pack("starchasers"), "Bulk freighter", name="Hauler")
    flat = squash(sheet(d, tmp_path))
    assert "Speed not set: write it in (1 to 5)" in flat
    assert "no boxes: the value is not set" in flat          # shields: rating not set
    lines = sheet(d, tmp_path, layout=True).splitlines()
    assert any(squash(line).endswith("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15") for line in lines)  # preset hull points


def test_user_text_is_printed_literally(tmp_path):
    d = copy.deepcopy(KESTREL)
    d["name"] = "Bob <b>& Co"
    d["weapons"][0]["name"] = "<scout> laser"
    flat = squash(sheet(d, tmp_path))
    assert "Bob <b>& Co" in flat and "<scout> laser" in flat


def test_cli_export_writes_the_sheet_and_never_the_ship(tmp_path):
    src = tmp_path / "k.starwright"
    src.write_text((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    out = tmp_path / "k.pdf"
    r = sw("export", src, "-o", out)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")
    r = sw("export", src, "-o", src)
    assert r.returncode == 2 and json.loads(src.read_text())["name"] == "Kestrel"


def test_SC_SCMB_06_stress_track_runs_to_system_durability_and_says_what_beyond_it_does(tmp_path):
    d = copy.deepcopy(KESTREL)
    d["system_durability"] = 6
    text = squash(sheet(d, tmp_path))
    assert ("System Durability 6: Stress reaching it causes 1 System Damage, and each further Stress another"
            in text)


def test_SC_SWPN_07_sheet_states_the_overreach_from_the_pack(tmp_path):
    text = squash(sheet(KESTREL, tmp_path))
    assert ("A target one band beyond a weapon's range may be attacked with +1 defense die; "
            "further beyond cannot be attacked.") in text


def test_SC_SHIP_21_sheet_says_how_the_crew_talks_inside_the_ship(tmp_path):
    assert "Talking inside the ship: Free Action" in squash(sheet(KESTREL, tmp_path))
    d = copy.deepcopy(KESTREL)
    d["size"] = 5
    assert "Talking inside the ship: Comms Standard Action" in squash(sheet(d, tmp_path))
def test_a_long_firing_arc_stays_one_word_on_the_sheet(tmp_path):
    data = json.loads((EXAMPLES / "broken-starchasers-ship.starwright").read_text())
    assert data["weapons"][0]["arc"] == "Sideways"
    text = sheet_text("starchasers-ship", data, tmp_path, layout=True)
    assert "Sideways" in text  # not "Sideway" over "s"


def test_how_passive_defense_is_made_is_printed_at_a_readable_size(tmp_path):
    import re
    import subprocess

    from model.evaluate import evaluate
    from model.kinds import KINDS
    from model.sheets import SheetOptions, export_pdf
    data = json.loads((EXAMPLES / "broken-starchasers-ship.starwright").read_text())
    pdf = tmp_path / "ship.pdf"
    pdf.write_bytes(export_pdf(data, evaluate(data, KINDS["starchasers-ship"]), SheetOptions(paper="letter")))
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    words = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Maneuverability<', boxes)
    heights = [float(b) - float(a) for a, b in words]
    assert heights and min(heights) >= 6.5, heights  # was 5.5 pt, squeezed onto one line
