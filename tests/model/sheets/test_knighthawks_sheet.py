"""The Knight Hawks ship record sheet, read back out of the PDF with pdftotext."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from model.evaluate import evaluate
from model.kinds import KINDS
from model.sheets import SheetOptions, export_pdf
from tests.conftest import EXAMPLES

KIND = KINDS["knighthawks-ship"]
STARWRIGHT = Path(sys.executable).with_name("starwright")


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def pdf_text(pdf: bytes, tmp_path: Path, layout: bool = True) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    args = ["pdftotext"] + (["-layout"] if layout else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def sheet(doc: dict, tmp_path: Path, **options) -> str:
    return pdf_text(export_pdf(doc, evaluate(doc, KIND), SheetOptions(paper="a4", invariant=True, **options)), tmp_path)


def line_with(text: str, start: str) -> str:
    [line] = [l for l in text.splitlines() if l.strip().startswith(start)]
    return " ".join(line.split())


def test_KH_SHIP_01_record_sheet_header(tmp_path):
    text = sheet(example("z-gata-frigate.starwright"), tmp_path)
    for words in ("KNIGHT HAWKS · SHIP RECORD SHEET", "Z'Gata", "Frigate", "UPF", "HULL POINTS (MAX)", "ADF", "MR",
                  "DCR", "CURRENT SPEED", "Cannot land on a planet"):
        assert words in text, words
    assert re.search(r"^\s*40\s+3\s+3\s+Cannot land on a planet\s*$", text, re.M), "HP, ADF and MR under their labels"


def test_KH_SHIP_01_hull_points_tick_track(tmp_path):
    text = sheet(example("z-gata-frigate.starwright"), tmp_path)
    assert "40 · tick one box per point of damage; at 0 the ship is destroyed" in text
    track = text.split("at 0 the ship is destroyed", 1)[1].split("WEAPONS", 1)[0]
    assert [int(n) for n in re.findall(r"\b\d+\b", track)] == list(range(1, 41))


def test_KH_SHIP_02_station_track_has_its_chosen_hull_points(tmp_path):
    text = sheet(example("doliin-bay-knighthawks-station.starwright"), tmp_path)
    track = text.split("at 0 the ship is destroyed", 1)[1].split("WEAPONS", 1)[0]
    assert [int(n) for n in re.findall(r"\b\d+\b", track)] == list(range(1, 121))
    assert "Hull points and armament chosen per station" in text


def test_KH_WPN_01_each_weapon_with_codes_range_damage(tmp_path):
    text = sheet(example("z-gata-frigate.starwright"), tmp_path)
    assert line_with(text, "Laser Cannon (LC)").startswith("Laser Cannon (LC) 1 FF RD 10 2d10 Forward (FF) own + defensive")
    assert line_with(text, "Laser Battery (LB)").startswith("Laser Battery (LB) 1 RD 9 1d10 Any direction own + defensive")
    assert line_with(text, "Torpedo (T)").startswith("Torpedo (T) 2 MPO LTD 4 4d10 Any direction own only; one per turn")
    assert line_with(text, "Rocket Battery (RB)").startswith("Rocket Battery (RB) 4 LTD 3 2d10 Any direction")
    fighter = sheet(example("knighthawks-fighter.starwright"), tmp_path)
    assert line_with(fighter, "Assault Rockets (AR)").startswith("Assault Rockets (AR) 3 FF MPO LTD 4 2d10+4 Forward (FF)")
    assert "Fighter, configuration 1" in fighter and "Evasive action: torpedoes −25% to hit" in fighter


def test_KH_WPN_08_phases_line(tmp_path):
    text = " ".join(sheet(example("z-gata-frigate.starwright"), tmp_path).split())
    assert "Own combat phase: LC, LB, T, RB · Opponent's combat phase (defensive fire): LC, LB, RB" in text


def test_KH_WPN_09_KH_DEF_02_KH_DEF_05_supply_check_boxes(tmp_path):
    text = sheet(example("z-gata-frigate.starwright"), tmp_path)
    assert line_with(text, "Torpedo (T)").endswith("one per turn 1 2")
    rb = line_with(text, "Rocket Battery (RB)")
    assert rb.endswith("1 2 3 4"), rb
    masking = " ".join(text.split("Masking Screen (MS)", 1)[1].split("Interceptor Missiles", 1)[0].split())
    assert masking.startswith("1 1 "), masking  # count 1, then one box numbered 1
    assert not re.search(r"\b2\b", masking)
    icm = " ".join(text.split("Interceptor Missiles", 1)[1].split("TURN SEQUENCE", 1)[0].split())
    assert re.search(r"\b1 2 3 4\b", icm) and not re.search(r"\b5\b", icm), icm
    rh = " ".join([l for l in text.splitlines() if "Reflective Hull (RH)" in l][0].split())
    assert "always on, not used up" in rh


def test_excess_weapons_print_only_what_counts(tmp_path):
    doc = example("z-gata-frigate.starwright")
    doc["weapons"]["T"] = 3
    text = sheet(doc, tmp_path, list_issues=True)
    assert line_with(text, "Torpedo (T)").startswith("Torpedo (T) 2 ")
    assert line_with(text, "Torpedo (T)").endswith("one per turn 1 2")
    flat = " ".join(text.split())
    assert "Not legal as printed: 1 rule error remain" in flat
    assert "KH-SHIP-03 Weapons › Torpedo (T) A frigate may carry at most 2 torpedoes; this ship has 3." in flat


def test_KH_MOV_01_turn_sequence_and_codes_reference(tmp_path):
    doc = example("z-gata-frigate.starwright")
    pdf = export_pdf(doc, evaluate(doc, KIND), SheetOptions(paper="a4"))
    flat = " ".join(pdf_text(pdf, tmp_path, layout=False).split())  # reading order: one column, then the other
    assert "TURN SEQUENCE AND CODES" in flat
    for words in ("Side A moves", "Combat", "Side B's half", "1. Side A says which of its ships raise a masking screen",
                  "FF Forward-firing.", "RD Range Diffusion. Loses 5% from the chance to hit for every hex",
                  "MPO Moving Player Only.", "LTD Limited Supply.",
                  "A d100 roll of 5 or less always hits", "96 or more always misses",
                  "Combat Table, which is not printed here"):
        assert words in flat, words


def test_user_text_is_printed_literally(tmp_path):
    doc = example("z-gata-frigate.starwright")
    doc["name"] = "<b>Bob</b> & Łódź"
    doc["notes"] = "Crew: <scout> & co"
    flat = " ".join(sheet(doc, tmp_path).split())
    assert "<b>Bob</b> & Łódź" in flat and "Crew: <scout> & co" in flat


def test_unknown_type_still_prints(tmp_path):
    doc = example("z-gata-frigate.starwright")
    doc["type"] = "Dreadnought"
    flat = " ".join(sheet(doc, tmp_path).split())
    assert "Dreadnought" in flat and "No track printed: the ship type is not known." in flat


def test_cli_export_writes_the_sheet(tmp_path):
    out = tmp_path / "zgata.pdf"
    r = subprocess.run([str(STARWRIGHT), "export", str(EXAMPLES / "z-gata-frigate.starwright"), "-o", str(out),
                        "--paper", "letter"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+1\n", info) and "612 x 792" in info
    assert "Z'Gata" in pdf_text(out.read_bytes(), tmp_path)
