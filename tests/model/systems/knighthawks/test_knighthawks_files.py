"""Knight Hawks ships end to end: the rules pack, the example files and the command line
(the installed `starwright` script in a subprocess)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import PackError, builtin_pack, load_pack_file, validate_pack_data
from model.storage import load
from model.systems import knighthawks as kh
from tests.conftest import EXAMPLES

KIND = KINDS["knighthawks-ship"]
STARWRIGHT = Path(sys.executable).with_name("starwright")
LEGAL = ["z-gata-frigate.starwright", "stiletto-knighthawks-scout.starwright",
         "doliin-bay-knighthawks-station.starwright", "knighthawks-fighter.starwright"]
BROKEN = "broken-knighthawks-frigate.starwright"


def cli(*args, cwd=None):
    return subprocess.run([str(STARWRIGHT), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=60)


# ---- the rules pack -------------------------------------------------------------------------------------

def test_builtin_pack_loads_and_has_no_problems():
    pack = builtin_pack("knighthawks")
    assert pack.id == "knighthawks-basic"
    assert kh.pack_problems(pack.data) == []
    assert [w["code"] for w in pack.data["weapons"]] == ["LC", "PL", "LB", "T", "AR", "RB"]
    assert [d["code"] for d in pack.data["defenses"]] == ["RH", "MS", "ICM"]
    assert [c["code"] for c in pack.data["restriction_codes"]] == ["FF", "RD", "MPO", "LTD"]


@pytest.mark.parametrize("path,value,words", [
    ("/ship_types/2/weapons/ZZ", 1, '"ZZ" is not a weapon code'),
    ("/weapons/3/fires_in/0", "never", '"never" is not a phase'),
    ("/weapons/0/restrictions/0", "XX", '"XX" is not a restriction code'),
    ("/ship_types/7/hull_points", {"min": 300, "max": 20}, "runs backwards"),
    ("/starter/type", "Dreadnought", '"Dreadnought" is not a ship type'),
    ("/defenses/0/code", "T", "both a weapon and a defense code"),
])
def test_broken_pack_is_refused_with_its_place(path, value, words):
    from model import pointer as jp
    data = copy.deepcopy(builtin_pack("knighthawks").data)
    container, key = jp.container_and_key(data, path)
    container[key] = value
    with pytest.raises(PackError) as err:
        validate_pack_data(data, "house.json")
    assert words in err.value.message


def test_house_rule_pack_changes_the_limits(tmp_path):
    """The numbers live in the pack: a group that allows 3 torpedoes on a frigate gets no error."""
    data = copy.deepcopy(builtin_pack("knighthawks").data)
    data["id"] = "kh-house"
    data["ship_types"][2]["weapons"]["T"] = 3
    data["ship_types"][2]["hull_points"] = 45
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    pack = load_pack_file(path)
    doc = {"format": "starwright/knighthawks-ship", "version": 2, "name": "H", "type": "Frigate",
           "weapons": {"T": 3}, "defenses": {}, "rules": {"pack": "kh-house"}}
    result = evaluate(doc, KIND, [pack])
    assert not result.has_errors and result.house_rules
    assert result.derived["hull_points"] == 45
    assert evaluate(dict(doc, rules={}), KIND).has_errors  # the built-in pack still says 2


# ---- the example files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", LEGAL)
def test_examples_are_legal(name):
    loaded = load(EXAMPLES / name)
    assert loaded.kind is KIND
    result = evaluate(loaded.data, loaded.kind)
    assert result.schema_valid and not result.has_errors, result.issues
    assert [i for i in result.issues if i.severity == "warning"] == []


def test_z_gata_is_the_design_example():
    data = load(EXAMPLES / "z-gata-frigate.starwright").data
    assert (data["name"], data["type"]) == ("Z'Gata", "Frigate")
    assert data["weapons"] == {"LC": 1, "LB": 1, "T": 2, "RB": 4}
    assert data["defenses"] == {"RH": 1, "MS": 1, "ICM": 4}
    assert data["hull_points"] is None


def test_broken_example_reports_each_fault():
    result = evaluate(load(EXAMPLES / BROKEN).data, KIND)
    got = {(i.pointer, i.rule) for i in result.issues if i.is_error}
    assert got == {("/hull_points", "KH-SHIP-02"), ("/weapons/AR", "KH-SHIP-03"), ("/weapons/ICM", "KH-SHIP-03"),
                   ("/weapons/RB", "KH-SHIP-03"), ("/weapons/T", "KH-SHIP-03"), ("/weapons/XYZ", "KH-SHIP-03")}


def test_new_ship_is_valid_and_round_trips():
    from model.storage import dumps, from_data
    data = kh.new(builtin_pack("knighthawks"))
    result = evaluate(data, KIND)
    assert result.schema_valid and not result.has_errors and result.issues == []
    assert from_data(json.loads(dumps(data))).data == data


# ---- the command line -----------------------------------------------------------------------------------

def test_cli_new_then_check(tmp_path):
    out = tmp_path / "ship.starwright"
    r = cli("new", "knighthawks-ship", "-o", out)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "starwright/knighthawks-ship"
    r = cli("check", out)
    assert r.returncode == 0 and "Knight Hawks starship OK" in r.stdout


def test_cli_check_json_derived_keys():
    r = cli("check", "--json", EXAMPLES / "z-gata-frigate.starwright")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["format"] == "starwright/knighthawks-ship" and report["valid"] is True
    d = report["derived"]
    assert (d["hull_points"], d["adf"], d["mr"]) == (40, 3, 3)
    assert [s["code"] for s in d["supplies"]] == ["T", "RB", "MS", "ICM"]
    # every derived key the schema's description names is there
    from model.validation import schema as schema_contents, schema_id
    described = schema_contents(schema_id(KINDS["knighthawks-ship"].schema))["description"]
    for key in d:
        assert f"`{key}`" in described, key


def test_cli_check_broken_ship_keeps_file(tmp_path):
    src = EXAMPLES / BROKEN
    copy_ = tmp_path / BROKEN
    copy_.write_bytes(src.read_bytes())
    before = copy_.read_bytes()
    r = cli("check", copy_)
    assert r.returncode == 1
    assert "error KH-SHIP-03 at /weapons/T: A frigate may carry at most 2 torpedoes; this ship has 3." in r.stdout
    assert "error KH-SHIP-03 at /weapons/RB: A ship cannot carry a negative number of rocket batteries (-1)" in r.stdout
    assert copy_.read_bytes() == before


@pytest.mark.parametrize("change,pointer,rule,words", [
    ({"type": "Star Destroyer"}, "/type", "KH-SHIP-02", '"Star Destroyer" is not a ship type'),
    ({"weapons": {"T": -2}}, "/weapons/T", "KH-SHIP-03", "negative number of torpedoes (-2)"),
    ({"type": "Space Station", "hull_points": 300, "weapons": {"LB": 1, "RB": 2}, "defenses": {"MS": 1, "ICM": 2}},
     "/hull_points", "KH-SHIP-02", "A space station has 20 to 200 hull points; 300 is more than 200."),
    ({"weapons": {"LC": 1, "LB": 1, "T": 3, "RB": 4}}, "/weapons/T", "KH-SHIP-03", "at most 2 torpedoes; this ship has 3"),
])
def test_cli_bad_input_clear_message_nothing_lost(tmp_path, change, pointer, rule, words):
    doc = json.loads((EXAMPLES / "z-gata-frigate.starwright").read_text(encoding="utf-8"))
    doc.update(change)
    path = tmp_path / "bad.starwright"
    text = json.dumps(doc, indent=2)
    path.write_text(text, encoding="utf-8")
    r = cli("check", "--json", path)
    assert r.returncode == 1, r.stdout + r.stderr
    report = json.loads(r.stdout)
    hits = [i for i in report["issues"] if i["pointer"] == pointer and i["rule"] == rule]
    assert hits and words in hits[0]["message"], report["issues"]
    assert path.read_text(encoding="utf-8") == text


def test_cli_not_json_is_exit_2(tmp_path):
    path = tmp_path / "cut.starwright"
    path.write_text('{"format": "starwright/knighthawks-ship", "version": 1, "weapons": {', encoding="utf-8")
    r = cli("check", path)
    assert r.returncode == 2 and "not valid JSON" in r.stderr and "line 1" in r.stderr


def test_cli_wrong_count_type_points_at_field(tmp_path):
    doc = json.loads((EXAMPLES / "z-gata-frigate.starwright").read_text(encoding="utf-8"))
    doc["weapons"]["T"] = "two"
    path = tmp_path / "t.starwright"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = cli("check", path)
    assert r.returncode == 2 and "/weapons/T" in r.stderr and "whole number" in r.stderr


# ---- any ship the schema accepts is checked without raising ---------------------------------------------

from hypothesis import given, settings, strategies as st

_codes = st.sampled_from(["LC", "PL", "LB", "T", "AR", "RB", "RH", "MS", "ICM", "lc", "Torpedo", "", "~/x"])
_counts = st.dictionaries(_codes, st.integers(-5, 40), max_size=6)


@settings(max_examples=150, deadline=None)
@given(type_=st.sampled_from(["Fighter", "Assault Scout", "Frigate", "Destroyer", "Heavy Cruiser", "Battleship",
                              "Assault Carrier", "Space Station", "space station", "", "Sathar Cruiser"]),
       weapons=_counts, defenses=_counts,
       hull=st.one_of(st.none(), st.integers(-50, 400)), config=st.one_of(st.none(), st.integers(-1, 4)))
def test_any_schema_valid_ship_is_checked_without_raising(type_, weapons, defenses, hull, config):
    from model import pointer as jp
    doc = {"format": "starwright/knighthawks-ship", "version": 2, "name": "F", "type": type_,
           "weapons": weapons, "defenses": defenses, "hull_points": hull, "configuration": config}
    result = evaluate(doc, KIND)
    assert result.schema_valid
    json.dumps(result.derived)
    for issue in result.issues:
        assert issue.rule.startswith("KH-") and issue.message.endswith(".")
        assert jp.exists(doc, issue.pointer) or issue.pointer.count("/") == 2  # a missing count at /weapons/LB
    for s in result.derived["supplies"]:
        assert s["count"] > 0
