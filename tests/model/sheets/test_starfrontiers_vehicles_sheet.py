"""Star Frontiers vehicles on the printed sheet and in the text listing: the command-line export, read back with
pdftotext (SF-VEH-01, SF-VEH-04..14 are PRINT rules)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.model.sheets.test_starfrontiers_sheet import STARWRIGHT, export
from tests.model.systems.starfrontiers.test_starfrontiers_support import EXAMPLES

VEHICLES = [{"name": "ATV", "rent_days": 3, "passengers": 2, "cargo_kg": 250},
            {"name": "GliJet"},
            {"name": "Hover Car", "rent_days": 2, "street": True},
            {"name": "Ground Car"},
            {"name": "ElectroCopter", "rent_days": 1},
            {"name": "Air Car", "rent_days": 1}]


def write(tmp_path: Path, vehicles=VEHICLES) -> Path:
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    doc.update(credits=10000, vehicles=vehicles)
    path = tmp_path / "driver.starwright"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_SF_VEH_01_SF_VEH_13_the_sheet_prints_each_vehicles_speeds_price_rent_and_cost(tmp_path):
    text, _ = export(write(tmp_path), tmp_path, layout=False)
    assert "VEHICLES" in text
    # (a wrapped cell is read line by line: each fragment below fits on one line of its cell)
    for expected in ("start 10 m, +10 m a turn, top 40,", "corners at 40 (m/turn); price 10,000 Cr",  # the ATV
                     "rented: 25 Cr a day × 3", "days = 75 Cr", "or 25 Cr/day",
                     "start 15 m, top speed on its second turn,", "top 60, corners at 25 (m/turn); price",  # skimmer
                     "4,000 Cr or 10 Cr/day", "from the street",
                     "top 50, corners at 35 (m/turn); price", "2,500 Cr or 10 Cr/day",                 # ground car
                     "bought: 2,500 Cr", "bought: 1,500 Cr",
                     "take-off 10 m in 3 turns, accelerates 50", "m/turn, climbs 25 m/turn, top 300",   # air car
                     "25,000 Cr", "50 Cr/day", "rented: 50 Cr a day × 1",
                     "operator + 5; 2,000 kg", "2 passengers,", "250 kg", "operator only; no cargo"):
        assert expected in text, expected
    # the credits: 1,500 + 2,500 bought, 75 + 20 + 40 + 50 rented; with the equipment's 850 in the header
    assert "cost 4,185 Cr, counted in the credits spent" in text and "5,035 Cr" in text


def test_SF_VEH_04_to_SF_VEH_14_the_sheet_prints_each_vehicles_rules(tmp_path):
    text, _ = export(write(tmp_path), tmp_path, layout=False)
    for expected in ("Anyone may fly one",                                             # SF-VEH-04
                     "it cannot move that turn", "Roads only",                          # SF-VEH-05
                     "ground clearance",                                               # SF-VEH-06
                     "corners at any speed",                                           # SF-VEH-07
                     "Thrust: 20 turns; a burst: +50 m height or +50 m/turn",          # SF-VEH-08
                     "never below 10",
                     "Takes off in three turns: board, start the rotors, lift off",     # SF-VEH-09
                     "Canopy closed above 100 m/turn",                                 # SF-VEH-10
                     "Rentals (SF-VEH-11)", "ID card",                                 # SF-VEH-11
                     "Parking (SF-VEH-12)", "25 m a turn or less",                     # SF-VEH-12
                     "30 cm above the ground", "not parabatteries"):                   # SF-VEH-14
        assert expected in text, expected
    for rule in ("SF-VEH-03", "SF-VEH-04", "SF-VEH-05", "SF-VEH-06", "SF-VEH-07", "SF-VEH-08", "SF-VEH-09",
                 "SF-VEH-10", "SF-VEH-14"):
        assert rule in text, rule


def test_SF_VEH_01_a_sheet_without_vehicles_prints_no_vehicle_section(tmp_path):
    text, _ = export(write(tmp_path, []), tmp_path, layout=False)
    assert "VEHICLES" not in text and "SF-VEH-12" not in text


def test_SF_VEH_01_SF_VEH_03_the_text_listing_lists_each_vehicle(tmp_path):
    r = subprocess.run([STARWRIGHT, "export", str(write(tmp_path)), "--text"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    lines = [line.strip() for line in r.stdout.splitlines() if line.strip().startswith("Vehicle:")]
    assert len(lines) == len(VEHICLES)
    assert lines[0] == ("Vehicle: ATV: rented: 25 Cr a day × 3 days = 75 Cr; start 10 m, +10 m a turn, top 40, "
                        "corners at 40 (m/turn); carries operator + 5, 2,000 kg in 6 m³; aboard 2 passengers, "
                        "250 kg; operator: Technological PSA; rules SF-VEH-03, SF-VEH-07")
    assert "called from the street" in lines[2]
    assert "Credits: 10000 to start, 5035 spent, 4965 left" in r.stdout
