"""House packs written for an earlier Starwright (model/pack_upgrades.py): what they lack is taken from the
built-in pack and said, never a silent fall back to the built-in rules; a broken house pack says why."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from model import pointer as jp
from model.evaluate import evaluate
from model.kinds import KINDS
from model.pack_upgrades import ADDED
from model.rules_pack import builtin_pack, load_pack_file
from tests.conftest import EXAMPLES

SHIP = KINDS["starchasers-ship"]
CREW = KINDS["stargrave-crew"]


def old_pack(system: str, tmp_path: Path, pack_id: str = "our-house", **changes) -> Path:
    """The built-in pack as a release before this one wrote it: without what this release added."""
    data = copy.deepcopy(builtin_pack(system).data)
    data["id"] = pack_id
    for pointer in ADDED[system]:
        parent, key = jp.parent(pointer)
        del jp.get(data, parent)[key]
    del data["optional_rules"]
    for pointer, value in changes.items():
        parent, key = jp.parent(pointer)
        jp.get(data, parent)[key] = value
    path = tmp_path / f"{pack_id}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def doc(name: str, pack_id: str) -> dict:
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    data["rules"] = {"pack": pack_id}
    return data


def pack_warnings(result) -> list[str]:
    return [i.message for i in result.issues if i.pointer == "/rules/pack" and i.rule == "PACK"]


def test_SC_REP_04_an_old_starchasers_house_pack_gets_the_repair_tables_and_says_so(tmp_path):
    pack = load_pack_file(old_pack("starchasers", tmp_path))
    assert pack.filled == ("/optional_rules", "/repair")
    assert pack.data["repair"] == builtin_pack("starchasers").data["repair"]
    result = evaluate(doc("warden-patrol-ship.starwright", "our-house"), SHIP, [pack])
    assert result.pack is pack and result.schema_valid
    [words] = pack_warnings(result)
    assert "earlier Starwright" in words and "repair" in words and "Copy them" in words


def test_SG_LOOT_09_an_old_stargrave_house_pack_keeps_its_own_numbers_and_gets_the_new_one(tmp_path):
    path = old_pack("stargrave", tmp_path, **{"/crew/starting_credits": 500})
    pack = load_pack_file(path)
    assert pack.data["crew"]["starting_credits"] == 500                    # the house's own rule stays
    assert pack.data["campaign"]["loot"]["carried_per_figure"] == 1         # the new value, from the built-in
    assert "/campaign/loot/carried_per_figure" in pack.filled


def test_a_current_house_pack_needs_no_upgrade_and_gets_no_warning(tmp_path):
    data = copy.deepcopy(builtin_pack("starchasers").data)
    data["id"] = "current-house"
    path = tmp_path / "current.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    pack = load_pack_file(path)
    assert pack.filled == ()
    assert pack_warnings(evaluate(doc("warden-patrol-ship.starwright", "current-house"), SHIP, [pack])) == []


def test_an_old_house_pack_in_the_rules_folder_is_used_not_dropped(tmp_path, monkeypatch):
    folder = tmp_path / "rules"
    folder.mkdir()
    old_pack("starchasers", folder)
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))
    result = evaluate(doc("warden-patrol-ship.starwright", "our-house"), SHIP)
    assert result.pack.id == "our-house"
    assert "not installed" not in " ".join(pack_warnings(result))


def test_a_broken_house_pack_in_the_rules_folder_says_why_it_cannot_be_used(tmp_path, monkeypatch):
    folder = tmp_path / "rules"
    folder.mkdir()
    data = copy.deepcopy(builtin_pack("stargrave").data)
    data["id"] = "broken-house"
    data["crew"]["starting_credits"] = "four hundred"
    (folder / "broken-house.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))
    result = evaluate(doc("ashen-comet-veteran.starwright", "broken-house"), CREW)
    assert result.pack.builtin
    [words] = pack_warnings(result)
    assert "broken-house" in words and "cannot be used" in words and "/crew/starting_credits" in words
    assert "not installed" not in words


@pytest.mark.parametrize("system, example", [("starchasers", "warden-patrol-ship.starwright"),
                                              ("stargrave", "ashen-comet-veteran.starwright")])
def test_check_with_an_old_pack_given_on_the_command_line(tmp_path, system, example):
    rules = old_pack(system, tmp_path)
    src = tmp_path / example
    src.write_text(json.dumps(doc(example, "our-house")), encoding="utf-8")
    exe = Path(sys.executable).parent / "starwright"
    done = subprocess.run([str(exe), "check", str(src), "--rules", str(rules), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    [out] = json.loads(done.stdout) if done.stdout.lstrip().startswith("[") else [json.loads(done.stdout)]
    assert any(i["pointer"] == "/rules/pack" and "earlier Starwright" in i["message"] for i in out["issues"])
