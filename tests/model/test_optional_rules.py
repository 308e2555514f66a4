"""Optional rules per document (model/optional_rules.py): the pack lists them with a default, a document records
its own choice, the check and the sheet follow the document. Star Frontiers' encumbrance (SF-CHAR-18) is the
first; any rule a pack lists in `optional_rules` works the same way."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from model import edits, optional_rules, storage
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import Pack, PackError, builtin_pack, load_pack_file
from tests.conftest import EXAMPLES
from tests.model.sheet_text import squash

SF = KINDS["starfrontiers-character"]
HEAVY = [{"name": "Heavy Laser"}, {"name": "Heavy Laser"}, {"name": "Heavy Laser"}]   # 3 x 20 kg: over STR 50


def norel(**changes) -> dict:
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    doc["equipment"] = copy.deepcopy(HEAVY)
    doc.update(changes)
    return doc


def house(default: bool) -> Pack:
    data = copy.deepcopy(builtin_pack("starfrontiers").data)
    data["id"] = "house"
    data["optional_rules"][0]["default"] = default
    return Pack(data, "house.json", False)


def sf_char_18(result) -> list:
    return [i for i in result.issues if i.rule == "SF-CHAR-18"]


def test_SF_CHAR_18_a_document_switches_the_optional_rule_on_under_the_built_in_pack():
    off = evaluate(norel(), SF)
    assert off.derived["carrying_capacity"]["enabled"] is False and not sf_char_18(off)
    on = evaluate(norel(optional_rules={"encumbrance": True}), SF)
    assert on.derived["carrying_capacity"]["enabled"] is True
    assert on.derived["over_capacity"] and any(i.is_error for i in sf_char_18(on))
    assert [(e["id"], e["on"], e["chosen"], e["default"]) for e in on.derived["optional_rules"]] == \
        [("encumbrance", True, True, False)]


def test_SF_CHAR_18_a_house_pack_changes_the_default_and_a_document_may_still_say_no():
    assert evaluate(norel(), SF, [house(True)]).derived["carrying_capacity"]["enabled"] is True
    said_no = evaluate(norel(optional_rules={"encumbrance": False}), SF, [house(True)])
    assert said_no.derived["carrying_capacity"]["enabled"] is False and not sf_char_18(said_no)


def test_a_choice_the_pack_does_not_know_is_kept_and_warned_about():
    result = evaluate(norel(optional_rules={"gravity-boots": True}), SF)
    assert result.schema_valid
    [w] = [i for i in result.issues if i.rule == "OPTIONAL"]
    assert w.pointer == "/optional_rules/gravity-boots" and w.severity == "warning"
    assert "encumbrance" in w.message


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_lists_its_packs_optional_rules(kind):
    k = KINDS[kind]
    doc = k.system.new(builtin_pack(k.pack))
    result = evaluate(doc, k)
    assert result.derived["optional_rules"] == optional_rules.listing(doc, builtin_pack(k.pack))
    assert [e["id"] for e in result.derived["optional_rules"]] == \
        [r["id"] for r in builtin_pack(k.pack).data["optional_rules"]]


def test_any_pack_rule_marked_optional_is_listed_and_switched_per_document():
    data = copy.deepcopy(builtin_pack("knighthawks").data)
    data["id"] = "house-kh"
    data["optional_rules"] = [{"id": "advanced-damage", "name": "Advanced damage", "description": "x",
                               "rule": "KH-DMG-01", "default": True}]
    pack = Pack(data, "h.json", False)
    doc = KINDS["knighthawks-ship"].system.new(pack)
    assert optional_rules.is_on(doc, pack, "advanced-damage") is True
    edits.apply(doc, optional_rules.set_rule(doc, "advanced-damage", False))
    assert doc["optional_rules"] == {"advanced-damage": False}
    assert evaluate(doc, KINDS["knighthawks-ship"], [pack]).derived["optional_rules"][0]["on"] is False


def test_set_rule_is_one_undoable_edit_that_creates_the_part_then_changes_it():
    doc = norel()
    undo_first = edits.apply(doc, optional_rules.set_rule(doc, "encumbrance", True))
    assert doc["optional_rules"] == {"encumbrance": True}
    undo_second = edits.apply(doc, optional_rules.set_rule(doc, "encumbrance", False))
    assert doc["optional_rules"] == {"encumbrance": False}
    edits.apply(doc, undo_second)
    edits.apply(doc, undo_first)
    assert "optional_rules" not in doc


def test_an_old_file_migrates_with_no_choices_and_plays_the_packs_default(tmp_path):
    old = norel(version=1)
    old.pop("optional_rules", None)
    path = tmp_path / "old.starwright"
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = storage.load(path)
    assert loaded.migrated_from == 1 and loaded.data["version"] == SF.version
    assert "optional_rules" not in loaded.data
    assert evaluate(loaded.data, SF, [house(True)]).derived["carrying_capacity"]["enabled"] is True
    assert evaluate(loaded.data, SF).derived["carrying_capacity"]["enabled"] is False


def test_SF_CHAR_18_an_old_house_pack_with_the_encumbrance_switch_is_upgraded_on_load(tmp_path):
    data = json.loads(Path(builtin_pack("starfrontiers").path).read_text(encoding="utf-8"))
    data["id"] = "old-house"
    del data["optional_rules"]
    data["encumbrance"]["enabled"] = True            # how packs switched the rule on before
    path = tmp_path / "old-house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    pack = load_pack_file(path)
    assert "enabled" not in pack.data["encumbrance"]
    assert [(r["id"], r["default"]) for r in pack.data["optional_rules"]] == [("encumbrance", True)]
    assert evaluate(norel(), SF, [pack]).derived["carrying_capacity"]["enabled"] is True


def test_a_pack_whose_optional_rule_lacks_its_default_is_refused_with_the_place(tmp_path):
    data = json.loads(Path(builtin_pack("starfrontiers").path).read_text(encoding="utf-8"))
    data["id"] = "broken"
    del data["optional_rules"][0]["default"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PackError) as e:
        load_pack_file(path)
    assert "default" in e.value.message and "/optional_rules/0" in str(e.value.where)


def _export_text(doc: dict, tmp_path: Path) -> str:
    src = tmp_path / "c.starwright"
    src.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "c.pdf"
    exe = Path(sys.executable).parent / "starwright"
    subprocess.run([str(exe), "export", str(src), "-o", str(out), "--force"], check=True, capture_output=True)
    return squash(subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout)


def test_SF_CHAR_18_the_sheet_follows_the_documents_choice(tmp_path):
    doc = norel(equipment=[{"name": "Heavy Laser"}])
    assert "optional encumbrance rule in use" not in _export_text(doc, tmp_path)
    doc["optional_rules"] = {"encumbrance": True}
    assert "optional encumbrance rule in use: free up to 25 kg" in _export_text(doc, tmp_path)
