"""One contract per game system, one registry: every kind in model/kinds.py has every part the program uses,
the GUI's pages and the sheet renderers are read from that registry, and derive is a pure function."""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import shutil
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox

from gui.dialogs.export_options import ExportDialog
from gui.pages import has_pages, pages_for
from gui.pages.spec import PageSpec
from gui.session import Session
from model import pointer as jp
from model.cards import CardError, blank_deck, deck, has_cards
from model.evaluate import evaluate
from model.kinds import KINDS, Kind
from model.listing import listing
from model.labels import describe_pointer, labels_for
from model.paths import resources_dir, schemas_dir
from model.rules_pack import builtin_pack
from model.sheets import RENDERERS, SheetOptions, export_pdf
from model.storage import load
from model.system_contract import GameSystem
from model.validation import schema as schema_contents, schema_id, schema_issues
from tests.conftest import EXAMPLES, ROOT
from tests.gui import sixth_system as sixth
from tests.model.sheet_text import pdf_text


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
    assert has_pages(name) and callable(pages_for(name).specs)
    assert inspect.signature(pages_for(name).specs).parameters.keys() == {"session"}
    specs = pages_for(name).specs(Session(doc, kind))
    assert specs and all(isinstance(s, PageSpec) and s.title and s.icon_name and s.prefixes for s in specs)
    module = importlib.import_module(kind.sheet_module)
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
    members = set(schema_contents(schema_id(kind.schema))["properties"]) - {"format", "version"}
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


# -- a sixth game system: its own files and one registry line, nothing else ------------------------------------

def _tree_files() -> dict[str, str]:
    """Every file of this checkout that git tracks or would track, by a digest of its bytes."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, check=True).stdout
    files = {}
    for rel in filter(None, out.decode().split("\0")):
        path = ROOT / rel
        files[rel] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "gone"
    return files


def _clear_data_caches() -> None:
    """Forget what was read from schemas/ and resources/ (the program reads them once per process)."""
    from model import cards, labels, paths, rules_pack, validation
    from model.sheets import layout
    for cached in (paths._root, validation.registry, validation._resource, validation.validator, validation._parts,
                   validation._record_validator, labels.labels_for, layout.load_layout, cards.load_card_layout,
                   rules_pack._schemas_digest):
        cached.cache_clear()
    rules_pack._cache.clear()


@pytest.fixture
def sixth_system(tmp_path):
    """The tiny system of tests/gui/sixth_system.py written under tmp_path/system, the program pointed at a
    mirror of its data with the system's files added, and ONE line added to the registry; all undone after."""
    root = tmp_path / "system"
    sixth.write(root, schemas_dir(), resources_dir())
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("STARWRIGHT_DATA", str(root / "data"))
        mp.syspath_prepend(str(root / "python"))
        _clear_data_caches()
        # the one registry line:
        mp.setitem(KINDS, "test-sys", Kind("test-sys", "Test gadget", 1, "test-sys.v1.json", "test-sys",
                                           sixth.SYSTEM_PACKAGE, sixth.PAGES_PACKAGE, sixth.SHEET_MODULE))
        try:
            yield root
        finally:
            for name in [m for m in sys.modules if m.split(".")[0] in sixth.MODULES]:
                del sys.modules[name]
    _clear_data_caches()


def test_TS_01_a_sixth_system_is_checked_and_derived_through_the_registry(sixth_system):
    kind = KINDS["test-sys"]
    pack = builtin_pack("test-sys")
    doc = kind.system.new(pack)
    result = evaluate(doc, kind)
    assert result.schema_valid and result.issues == [] and result.derived["rating"] == 3
    broken = {**doc, "power": 7}
    result = evaluate(broken, kind)
    assert [(i.rule, i.pointer, i.severity) for i in result.issues] == [("TS-01", "/power", "error")]
    assert "1 to 5" in result.issues[0].message and result.derived["rating"] == 21
    # no labels file: the place is named by the schema's title for it
    assert describe_pointer(broken, "/power") == "Power level"
    assert labels_for("test-sys")["document"] == "Test gadget"
    assert schema_issues("labels.v1.json", labels_for("test-sys")) == []
    assert "test-sys" in RENDERERS and has_pages("test-sys") and not has_cards("test-sys")


def test_a_sixth_system_touches_its_own_files_and_one_registry_line_nothing_else(sixth_system, win, qtbot, user,
                                                                                 tmp_path):
    before = _tree_files()
    kind = KINDS["test-sys"]
    # File > New Other lists it, the start page has its button: a click opens a new gadget on its page
    assert next(a for a in win.new_menu.actions() if a.text() == "Test gadget").isEnabled()
    user.click(win.start.new_buttons["test-sys"])
    editor = win.current_editor()
    assert editor.session.kind is kind
    page = editor.pages[0]
    name, power = page.findChild(QLineEdit, "gadgetName"), page.findChild(QSpinBox, "gadgetPower")
    rating = page.findChild(QLabel, "gadgetRating")
    assert name.text() == "New Gadget" and power.value() == 1 and rating.text() == "3"
    user.replace_text(name, "Widget Mk II")
    name.clearFocus()
    user.replace_text(power, "7")
    user.key(power, Qt.Key.Key_Return)
    # the rule fires: the issues panel says it, with where in the schema's words
    qtbot.waitUntil(lambda: editor.issues.tree.topLevelItemCount() == 1)
    row = editor.issues.tree.topLevelItem(0)
    assert (row.text(0), row.text(2), row.text(3)) == ("Error", "TS-01", "Power level") and "1 to 5" in row.text(1)
    assert editor.session.data["power"] == 7 and rating.text() == "21"
    # Edit > Undo: the power back, the issue gone
    win.a_undo.trigger()
    qtbot.waitUntil(lambda: editor.issues.tree.topLevelItemCount() == 0)
    assert editor.session.data["power"] == 1 and power.value() == 1 and rating.text() == "3"
    user.replace_text(power, "4")
    user.key(power, Qt.Key.Key_Return)
    assert editor.session.data == {"format": "starwright/test-sys", "version": 1, "name": "Widget Mk II", "power": 4}
    assert editor.session.issues == [] and rating.text() == "12"
    # saved, read back, reopened in the window
    path = tmp_path / "docs" / "widget.starwright"
    path.parent.mkdir()
    editor.session.save(str(path))
    loaded = load(path)
    assert loaded.kind is kind and loaded.data == editor.session.data
    win.close_editor(editor, ask=False)
    reopened = win.open_path(str(path))
    assert reopened is not None and reopened.pages[0].findChild(QLineEdit, "gadgetName").text() == "Widget Mk II"
    # its sheet, read back from the PDF; with the rule broken the sheet lists the error in the same words
    text = pdf_text(export_pdf(loaded.data, evaluate(loaded.data, kind), SheetOptions(paper="a4")), tmp_path, False)
    assert {"TEST GADGET SHEET", "GADGET NAME", "Widget Mk II", "POWER", "4", "RATING", "12",
            "Rules: Test gadget rules (test-sys-basic v1)"} <= set(text.splitlines())
    broken = {**loaded.data, "power": 9}
    text = pdf_text(export_pdf(broken, evaluate(broken, kind), SheetOptions(paper="a4", list_issues=True)),
                    tmp_path, False)
    assert "TS-01" in text and "Power level" in text and "this one has 9" in text
    # the text listing: its name, rules and issues; cards: a clear message, and the export offers none
    listed = listing(broken, evaluate(broken, kind))
    assert listed.startswith("WIDGET MK II — TEST GADGET") and "TS-01 · Power level: A gadget's power is 1 to 5" in listed
    with pytest.raises(CardError, match="no cards for a Test gadget"):
        deck(loaded.data, evaluate(loaded.data, kind))
    with pytest.raises(CardError, match="no cards for a Test gadget"):
        blank_deck("test-sys", builtin_pack("test-sys"))
    dialog = ExportDialog(win, "a4", kind=kind)
    assert dialog.buttons["sheet"].isEnabled() and not dialog.buttons["cards"].isEnabled()
    dialog.deleteLater()
    # nothing else: the files the system brought are exactly its places, and not one file of the program changed
    brought = sixth.written(sixth_system)
    assert brought == {f for files in sixth.PLACES.values() for f in files} == set(sixth.FILES)
    assert _tree_files() == before
    places = len(sixth.PLACES) + 1          # + its line in model/kinds.py
    print(f"places touched to add a game system: {places} ({', '.join(sixth.PLACES)}, one registry line); "
          f"files: {len(brought)} + 1 line")
    assert places == 6


def test_a_kind_names_its_modules_in_the_tree_or_by_a_full_path():
    kind = KINDS["knighthawks-ship"]
    assert (kind.sheet_module, kind.cards_module) == ("model.sheets.knighthawks", "model.cards.knighthawks")
    elsewhere = kind._replace(sheet="their_system.sheet", cards="their_system.cards")
    assert (elsewhere.sheet_module, elsewhere.cards_module) == ("their_system.sheet", "their_system.cards")
    assert kind._replace(cards="").cards_module == "" and {k for k in KINDS if has_cards(k)} == set(KINDS)
