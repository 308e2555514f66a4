"""`starwright new/check` for Starchasers ships, run as the installed command in a subprocess."""

import json

from tests.conftest import EXAMPLES
from tests.model.cli.test_cli import sw


def test_new_starchasers_ship_then_check(tmp_path):
    out = tmp_path / "ship.starwright"
    r = sw("new", "starchasers-ship", "-o", out)
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["format"] == "starwright/starchasers-ship" and data["structure_points"] == 7
    r = sw("check", "--json", out)
    assert r.returncode == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    assert report["valid"] is True
    for key in ("hard_points_total", "hard_points_used", "passive_defense"):
        assert key in report["derived"]


def test_check_kestrel_json_derived_values():
    r = sw("check", "--json", EXAMPLES / "kestrel-light-freighter.starwright")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)["derived"]
    assert (d["hard_points_total"], d["hard_points_used"], d["hard_points_free"], d["passive_defense"]) == (8, 3, 5, 0)


def test_check_broken_ship_exits_1_and_names_each_problem():
    r = sw("check", EXAMPLES / "broken-starchasers-ship.starwright")
    assert r.returncode == 1
    assert "error SC-SHIP-04 at /maneuverability: Maneuverability is +9; it must be from -3 to +3." in r.stdout
    assert "at /weapons/0/hard_points" in r.stdout and "-1 hard points" in r.stdout


def test_weapons_not_a_list_exits_2_and_loses_nothing(tmp_path):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["weapons"] = "Twin Laser"
    path = tmp_path / "bad.starwright"
    text = json.dumps(data, indent=2)
    path.write_text(text)
    r = sw("check", path)
    assert r.returncode == 2
    assert f"{path} at /weapons: expected a list" in r.stderr
    assert path.read_text() == text


def test_maneuverability_9_and_minus_one_hard_points_are_kept(tmp_path):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["maneuverability"] = 9
    data["weapons"][0]["hard_points"] = -1
    path = tmp_path / "odd.starwright"
    text = json.dumps(data, indent=2)
    path.write_text(text)
    r = sw("check", "--json", path)
    assert r.returncode == 1
    report = json.loads(r.stdout)
    got = {(i["pointer"], i["rule"]) for i in report["issues"] if i["severity"] == "error"}
    assert got == {("/maneuverability", "SC-SHIP-04"), ("/weapons/0/hard_points", "SC-SHIP-09")}
    assert path.read_text() == text
