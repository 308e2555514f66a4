"""Crew links: a Starchasers ship names character files at its stations; Dodge, Initiative and the weapon
attack pools then use the linked characters' dice. Broken links are issues, never exceptions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.storage import dumps, load
from model.systems.starchasers.ship import crew
from tests.conftest import EXAMPLES

SHIP = KINDS["starchasers-ship"]
CHAR = KINDS["starchasers-character"]


def ship_with_crew(tmp_path: Path, links: dict, name: str = "ship.starwright") -> Path:
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["pilot"] = {"deftness": 1, "piloting": 0, "perception": 1}
    data["gunner"] = {"deftness": 1, "proficient": ["Beam Weapons"]}
    data["crew"] = {k: {"file": v} for k, v in links.items()}
    path = tmp_path / name
    path.write_text(dumps(data))
    return path


def character(tmp_path: Path, name: str = "dash.starwright", **changes) -> Path:
    data = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())
    data.update(changes)
    path = tmp_path / name
    path.write_text(dumps(data))
    return path


def run(path: Path):
    loaded = load(path)
    return loaded.data, evaluate(loaded.data, loaded.kind, origin=str(path))


def crew_issues(result):
    return [i for i in result.issues if i.pointer.startswith("/crew")]


def test_SC_SHIP_15_dodge_uses_the_linked_pilots_deftness_and_piloting(tmp_path):
    character(tmp_path, attributes={**json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())["attributes"],
                                    "deftness": 4})
    _, r = run(ship_with_crew(tmp_path, {"pilot": "dash.starwright"}))
    d = r.derived
    # Kestrel: Armor 2 + Maneuverability -2 = Passive Defense 0; Dash: Deftness 4, Piloting 2
    assert d["passive_defense"] == 0
    assert d["dodge"] == 4 + 2 + 0
    assert d["dodge_derivation"] == [["Dash Korrin's Deftness", 4], ["Dash Korrin's Piloting", 2], ["Passive Defense", 0]]
    assert d["pilot_linked"] and d["pilot_name"] == "Dash Korrin"
    # the same dice the character's own ship pools show (SC-CHAR-27)
    pools = d["crew"][0]["pools"]
    assert pools["dodge"]["dice"] + d["passive_defense"] == d["dodge"]


def test_SC_SHIP_27_initiative_is_the_linked_pilots_perception_plus_piloting(tmp_path):
    character(tmp_path)
    _, r = run(ship_with_crew(tmp_path, {"pilot": "dash.starwright"}))
    assert r.derived["initiative"] == 3 + 2
    assert r.derived["crew"][0]["pools"]["initiative"]["dice"] == 5


def test_SC_SWPN_08_weapon_pool_uses_the_linked_gunners_deftness(tmp_path):
    character(tmp_path)
    _, r = run(ship_with_crew(tmp_path, {"gunner": "dash.starwright"}))
    w = r.derived["weapons"][0]
    assert w["pool"] == 3 + 3  # Twin Laser damage 3 + Dash's Deftness 3 (proficient in Beam Weapons on the ship)
    assert r.derived["gunner_linked"] and r.derived["gunner_name"] == "Dash Korrin"
    # without the link the entered gunner (Deftness 1) is used
    data, _ = run(ship_with_crew(tmp_path, {}, "plain.starwright"))
    assert evaluate(data, SHIP).derived["weapons"][0]["pool"] == 3 + 1


def test_SC_SWPN_08_linked_gunner_not_proficient_adds_no_deftness(tmp_path):
    character(tmp_path)
    path = ship_with_crew(tmp_path, {"gunner": "dash.starwright"})
    data = json.loads(path.read_text())
    data["gunner"]["proficient"] = []
    path.write_text(dumps(data))
    _, r = run(path)
    assert r.derived["weapons"][0]["pool"] == 3


def test_SC_SHIP_26_station_pools_of_the_linked_engineer(tmp_path):
    character(tmp_path)
    _, r = run(ship_with_crew(tmp_path, {"engineer": "dash.starwright"}))
    eng = r.derived["crew"][0]
    assert eng["label"] == "Engineer" and eng["status"] == "ok"
    assert eng["pools"] == {"hull_repair": {"label": "Hull repair", "dice": 3 + 1,
                                            "parts": [["Deftness", 3], ["Mechanics", 1]],
                                            "adds_passive_defense": False, "total": 3 + 1, "passive_defense": None}}
    assert r.derived["dodge"] == 1 + 0 + 0  # no linked pilot: the dice entered on the ship


@pytest.mark.parametrize("content, status, words", [
    (None, "missing", "cannot be found"),
    ("{ not json", "broken", "not valid JSON"),
    ('{"format": "starwright/starchasers-character", "version": 1, "name": 5}', "broken", "cannot be used"),
    ('{"format": "starwright/starchasers-character", "version": 9, "name": "x"}', "broken", "newer Starwright"),
    ("KESTREL", "not_a_character", "not a character"),
])
def test_SC_SHIP_26_broken_links_are_errors_and_the_entered_dice_are_used(tmp_path, content, status, words):
    if content == "KESTREL":
        shutil.copy(EXAMPLES / "kestrel-light-freighter.starwright", tmp_path / "pilot.starwright")
    elif content is not None:
        (tmp_path / "pilot.starwright").write_text(content)
    path = ship_with_crew(tmp_path, {"pilot": "pilot.starwright"})
    before = path.read_bytes()
    data, r = run(path)
    c = r.derived["crew"][0]
    assert c["status"] == status
    issues = crew_issues(r)
    assert len(issues) == 1 and issues[0].pointer == "/crew/pilot/file" and issues[0].severity == "error"
    assert words in issues[0].message and "pilot.starwright" in issues[0].message
    assert r.derived["dodge"] == 1  # falls back to the entered dice, never a crash
    assert not r.derived["pilot_linked"]
    assert data["crew"] == {"pilot": {"file": "pilot.starwright"}}  # nothing lost
    assert path.read_bytes() == before


def test_SC_SHIP_26_relative_link_without_a_ship_file(tmp_path):
    data = json.loads(ship_with_crew(tmp_path, {"pilot": "dash.starwright"}).read_text())
    r = evaluate(data, SHIP)  # no origin: an unsaved ship
    (issue,) = crew_issues(r)
    assert issue.severity == "warning" and "not been saved" in issue.message


def test_SC_SHIP_26_absolute_link_works_and_is_noted(tmp_path):
    ch = character(tmp_path)
    data = json.loads(ship_with_crew(tmp_path, {"pilot": str(ch)}).read_text())
    r = evaluate(data, SHIP)
    assert r.derived["dodge"] == 3 + 2 + 0
    assert [i.severity for i in crew_issues(r)] == ["info"]


def test_SC_SHIP_26_unknown_station(tmp_path):
    character(tmp_path)
    _, r = run(ship_with_crew(tmp_path, {"cook": "dash.starwright"}))
    (issue,) = crew_issues(r)
    assert issue.pointer == "/crew/cook" and "not a ship station" in issue.message


def test_SC_SHIP_26_relative_paths_follow_the_ship_folder(tmp_path):
    (tmp_path / "ships").mkdir()
    (tmp_path / "people").mkdir()
    ch = character(tmp_path / "people")
    ship = tmp_path / "ships" / "k.starwright"
    assert crew.relative_link(ch, ship) == "../people/dash.starwright"
    assert crew.relative_link(ch, None) == ch.resolve().as_posix()
    assert crew.link_path("../people/dash.starwright", ship) .resolve() == ch.resolve()


def test_SC_SHIP_26_changed_character_file_is_read_again(tmp_path):
    ch = character(tmp_path)
    path = ship_with_crew(tmp_path, {"pilot": "dash.starwright"})
    assert run(path)[1].derived["dodge"] == 5
    data = json.loads(ch.read_text())
    data["skills"]["Piloting"] = 4
    ch.write_text(dumps(data) + " ")  # a different size, so the cache sees the change even within one tick
    assert run(path)[1].derived["dodge"] == 7


def test_crew_schema_is_optional_and_strict():
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    assert evaluate(data, SHIP).schema_valid
    data["crew"] = {"pilot": {"file": ""}}
    r = evaluate(data, SHIP)
    assert not r.schema_valid and r.issues[0].pointer.startswith("/crew/pilot/file")


def test_crewed_example_and_cli_check(tmp_path):
    ex = EXAMPLES / "kestrel-crewed.starwright"
    out = subprocess.run([str(Path(sys.executable).parent / "starwright"), "check", str(ex), "--json"],
                         capture_output=True, text=True, cwd=tmp_path)  # another folder: links follow the ship file
    assert out.returncode == 0, out.stderr
    rep = json.loads(out.stdout)
    assert rep["derived"]["dodge"] == 3 + 2 + 0
    assert [c["status"] for c in rep["derived"]["crew"]] == ["ok", "ok"]


def _sheet_text(path: Path, tmp_path: Path) -> str:
    from model.sheets import SheetOptions, export_pdf
    data, r = run(path)
    pdf = tmp_path / "ship.pdf"
    pdf.write_bytes(export_pdf(data, r, SheetOptions()))
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def test_SC_SHIP_15_ship_sheet_prints_the_crew_and_their_dodge(tmp_path):
    character(tmp_path)
    text = _sheet_text(ship_with_crew(tmp_path, {"pilot": "dash.starwright", "gunner": "dash.starwright"}), tmp_path)
    # how the dodge is made wraps over lines in its box (read in between the neighbouring boxes' lines)
    assert "Dash Korrin's Deftness 3 + Dash" in text and "Korrin's Piloting 2 + Passive Defense 0" in text
    assert "Pilot (Helm) Dash Korrin Initiative 5 · Dodge 5 (with Passive Defense 0) · Ram 5 dash.starwright" in text
    assert "Gunner (Weapons) Dash Korrin Tractor beam 4 · Clamp 3" in text
    assert "gunner: Dash Korrin" in text and "6 dice (Damage 3 +" in text


def test_SC_SHIP_26_ship_sheet_says_when_a_link_is_broken(tmp_path):
    text = _sheet_text(ship_with_crew(tmp_path, {"pilot": "gone.starwright"}), tmp_path)
    assert "Pilot (Helm) not linked" in text and "The linked character file \"gone.starwright\" cannot" in text
    assert "Not legal as printed: 1 rule error" in text
