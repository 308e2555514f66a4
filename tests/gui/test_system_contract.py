"""One contract per game system, one registry: every kind in model/kinds.py has every part the program uses,
the GUI's pages and the sheet renderers are read from that registry, and derive is a pure function."""

from __future__ import annotations

import importlib
import inspect
import json
import shutil

import pytest

from gui.pages import has_pages, pages_for
from model import pointer as jp
from model.evaluate import evaluate
from model.kinds import KINDS
from model.labels import describe_pointer, labels_for
from model.paths import resources_dir, schemas_dir
from model.rules_pack import builtin_pack
from model.sheets import RENDERERS
from model.storage import load
from model.system_contract import GameSystem
from model.validation import registry, schema_id, schema_issues
from tests.conftest import EXAMPLES


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_has_every_part_of_the_contract(name):
    kind = KINDS[name]
    system = kind.system
    assert isinstance(system, GameSystem) and system.package == kind.module
    for part in ("tables", "new", "derive", "check", "pack_problems", "offers"):
        assert callable(getattr(system, part)), part
    assert (schemas_dir() / kind.schema).is_file()
    pack = builtin_pack(kind.pack)
    assert pack.system == kind.pack and system.pack_problems(pack.data) == []
    doc = system.new(pack)
    assert doc["format"] == kind.format and doc["version"] == kind.version
    result = evaluate(doc, kind)
    assert result.schema_valid and isinstance(result.offers, dict)
    labels = labels_for(name)
    assert labels["kind"] == name and schema_issues("labels.v1.json", labels) == []
    assert has_pages(name) and callable(pages_for(name).build)
    assert inspect.signature(pages_for(name).build).parameters.keys() == {"session", "binder"}
    module = importlib.import_module(f"model.sheets.{kind.sheet}")
    assert name in RENDERERS and callable(module.render)


def test_the_pages_and_sheet_registries_are_the_kinds_registry():
    assert set(RENDERERS) == set(KINDS)
    assert {k for k in KINDS if has_pages(k)} == set(KINDS)
    assert {p.stem for p in (resources_dir() / "labels").glob("*.json")} == set(KINDS)


def test_only_kinds_that_link_files_read_them_and_relocate_them():
    linking = {k for k, kind in KINDS.items() if kind.system.read_links is not None}
    assert linking == {k for k, kind in KINDS.items() if kind.system.relocate is not None} == {"starchasers-ship"}


def test_SC_SHIP_26_the_ship_derive_is_pure_the_linked_files_are_read_by_evaluate(tmp_path):
    for name in ("kestrel-crewed.starwright", "dash-korrin-ace.starwright"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    ship = tmp_path / "kestrel-crewed.starwright"
    loaded = load(ship)
    system, pack = loaded.kind.system, builtin_pack(loaded.kind.pack)
    linked = system.read_links(loaded.data, str(ship))
    assert {c["status"] for c in linked.values()} == {"ok"}
    read = evaluate(loaded.data, loaded.kind, origin=str(ship)).derived
    read.pop("optional_rules")        # evaluate's own listing of the pack's optional rules (model/optional_rules.py)
    (tmp_path / "dash-korrin-ace.starwright").unlink()     # derive reads no file: the same input, the same output
    assert system.derive(loaded.data, pack, linked) == read
    assert {c["status"] for c in evaluate(loaded.data, loaded.kind, origin=str(ship)).derived["crew"]} == {"missing"}


def test_a_house_pack_names_a_keyed_place_with_its_own_words():
    data = json.loads((EXAMPLES / "z-gata-frigate.starwright").read_text())
    pack = json.loads(json.dumps(builtin_pack("knighthawks").data))
    next(w for w in pack["weapons"] if w["code"] == "T")["name"] = "Heavy Torpedo"
    assert describe_pointer(data, "/weapons/T", pack) == "Weapons › Heavy Torpedo (T)"
    assert describe_pointer(data, "/weapons/T", builtin_pack("knighthawks")) == "Weapons › Torpedo (T)"
    assert describe_pointer(data, "/weapons/ZZ", pack) == 'Weapons › "ZZ"'


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_labels_name_every_top_level_member_of_the_schema(name):
    kind = KINDS[name]
    labels, pack = labels_for(name), builtin_pack(kind.pack)
    members = set(registry().contents(schema_id(kind.schema))["properties"]) - {"format", "version"}
    named = set(labels["parts"]) | {e[s["key"]] for s in labels.get("pack_parts", []) for e in jp.get(pack.data, s["list"])}
    assert members <= named, sorted(members - named)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("broken-*.starwright")), ids=lambda p: p.stem)
def test_every_issue_of_a_broken_example_is_placed_in_words(path):
    loaded = load(path)
    result = evaluate(loaded.data, loaded.kind, origin=str(path))
    assert result.issues
    for issue in result.issues:
        where = describe_pointer(loaded.data, issue.pointer, result.pack)
        assert where and not where.startswith("/") and "#" not in where, (issue.pointer, where)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_offers_what_its_pages_pick_from(name):
    """Each system's offers reach Result.offers through its GameSystem (a page reads them, never re-derives)."""
    from model.system_contract import no_offers
    kind = KINDS[name]
    assert kind.system.offers is not no_offers, f"{name}: SYSTEM has no offers"
    data = kind.system.new(builtin_pack(kind.pack))
    result = evaluate(data, kind)
    assert result.offers and isinstance(result.offers, dict)
