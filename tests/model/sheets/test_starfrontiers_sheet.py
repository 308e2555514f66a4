"""The Star Frontiers character sheet: export through the CLI and read the text back with pdftotext."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.model.systems.starfrontiers.test_starfrontiers_support import EXAMPLES, character, pack

STARWRIGHT = str(Path(sys.executable).parent / "starwright")


def export(src: Path, tmp_path: Path, *extra, layout: bool = True) -> tuple[str, subprocess.CompletedProcess]:
    """The sheet's text with whitespace collapsed: in page layout (rows side by side), or cell by
    cell (layout=False), which keeps a wrapped table cell's words together."""
    out = tmp_path / (src.stem + ".pdf")
    r = subprocess.run([STARWRIGHT, "export", str(src), "-o", str(out), "--paper", "a4", *extra],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    text = subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(out), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(text.split()), r


def test_SF_CHAR_20_sheet_of_the_worked_example(tmp_path):
    text, _ = export(EXAMPLES / "norel-kho-dralasite.starwright", tmp_path)
    for expected in ("Norel-Kho Speetrazer", "Dralasite", "Technological",
                     "STR/STA", "DEX/RS", "INT/LOG", "PER/LDR",
                     "base 45 · rolled 53", "exchange +5/−5",
                     "IM: RS 45 / 10 = 4.5, rounded up: 5",
                     "1,000 Cr", "850 Cr", "150 Cr"):
        assert expected in text, expected
    # the four pairs side by side: 50 50 45 45 55 45 40 40 on one line
    assert "50 50 45 45 55 45 40 40" in text


def test_SF_CHAR_17_stamina_track_has_a_box_per_point(tmp_path):
    text, _ = export(EXAMPLES / "norel-kho-dralasite.starwright", tmp_path)
    assert "STAMINA" in text
    numbers = text.split("Tick a box", 1)[0].rsplit("STAMINA", 1)[1].split()
    assert numbers[:3] == ["1", "2", "3"] and numbers[-1] == "50" and len(numbers) == 50


def test_SF_RACE_04_sheet_prints_racial_chances(tmp_path):
    text, _ = export(EXAMPLES / "norel-kho-dralasite.starwright", tmp_path)
    assert "Lie detection 28%" in text and "Limbs 5" in text


def test_SF_CHAR_13_sheet_prints_psa_level_bonus_and_chances(tmp_path):
    text, _ = export(EXAMPLES / "kara-venn-human.starwright", tmp_path)
    assert "PSA: MILITARY" in text and "level 2 · bonus +10" in text
    assert "Melee to hit STR 60 + 10 70%" in text and "Ranged to hit DEX 60 + 10 70%" in text


def test_SF_WPN_01_sheet_prints_weapons_with_damage_ammo_and_range(tmp_path):
    text, _ = export(EXAMPLES / "kara-venn-human.starwright", tmp_path)
    assert "Laser Pistol 4d10 2 charges pistol" in text
    text, _ = export(EXAMPLES / "kara-venn-human.starwright", tmp_path, layout=False)
    assert "2 × Powerpack (20 charges) = 20 shots" in text
    assert "3 × Bullet Clip (20 rounds) = 60 shots" in text
    assert "Fragmentation Grenade 8d10 RS for half damage" in text


def test_SF_DEF_03_sheet_prints_defenses_with_uses_and_charges(tmp_path):
    f = tmp_path / "armored.starwright"
    f.write_text(json.dumps(character(credits=100, equipment=[
        {"name": "Skeinsuit", "issued": True}, {"name": "Albedo Screen", "issued": True},
        {"name": "Screen Powerpack", "issued": True}])))
    text, _ = export(f, tmp_path, layout=False)
    assert "Skeinsuit half projectile and gyrojet damage 10 hits, then replace" in text
    assert "50-charge screen powerpack ×1: 1 to switch on, 1 a minute, 4 a hit (about 12 hits a pack)" in text


def test_SF_EQ_02_sheet_prints_equipment_mass_and_capacity(tmp_path):
    text, _ = export(EXAMPLES / "norel-kho-dralasite.starwright", tmp_path)
    assert "Standard Equipment Pack 1 1 kg 150 Cr" in text
    assert "Mechanics Toolkit 1 12 kg 500 Cr" in text
    assert "Gyrojet Clip 2 – issued" in text  # mass not stated: printed as a dash, not 0 kg
    assert "Carried 14 kg" in text and "encumbrance" not in text  # the optional rule is off built in


def test_SF_CHAR_18_sheet_says_when_the_optional_encumbrance_rule_is_in_use(tmp_path):
    house = json.loads((Path(pack().path)).read_text(encoding="utf-8"))
    house["id"] = "house-encumbrance"
    # a house pack written before packs listed their optional rules: its old switch is upgraded on load
    del house["optional_rules"]
    house["encumbrance"]["enabled"] = True
    rules = tmp_path / "house.json"
    rules.write_text(json.dumps(house), encoding="utf-8")
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    doc["rules"] = {"pack": "house-encumbrance"}
    src = tmp_path / "norel.starwright"
    src.write_text(json.dumps(doc), encoding="utf-8")
    text, _ = export(src, tmp_path, "--rules", str(rules))
    assert "Carried 14 kg · optional encumbrance rule in use: free up to 25 kg · at most 50 kg" in text


def test_SF_CHAR_19_sheet_always_lists_an_id_card(tmp_path):
    f = tmp_path / "bare.starwright"
    f.write_text(json.dumps(character()))
    text, _ = export(f, tmp_path)
    assert "ID Card" in text and "every character carries one" in text


def test_sheet_of_a_broken_character_says_it_is_not_legal(tmp_path):
    text, r = export(EXAMPLES / "broken-starfrontiers.starwright", tmp_path, "--list-issues")
    assert "rule errors" in r.stdout
    assert "Not legal as printed" in text
    assert "SF-CHAR-05" in text and "at most 10 points may be exchanged" in text


def test_sheet_escapes_user_text(tmp_path):
    f = tmp_path / "odd.starwright"
    f.write_text(json.dumps(character(name="Bob <b>& Co", notes="AT&T <scout>")))
    text, _ = export(f, tmp_path)
    assert "Bob <b>& Co" in text and "AT&T <scout>" in text
