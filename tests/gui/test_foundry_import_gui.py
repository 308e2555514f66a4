"""File › Import… with a Foundry VTT Star Frontiers actor: the report shows first (what came across, what was
worked out, what has no place), then the character opens as a new, unsaved Star Frontiers character; an actor
of another system is refused with a message and nothing opens."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gui.dialogs import import_report
from model.evaluate import evaluate
from model.exporters.foundry_starfrontiers import foundry_actor
from model.kinds import KINDS
from model.storage import load
from tests.model.importers.foundry_fixtures import native_actor, other_system_actor

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _groups(dialog):
    tree = dialog.tree
    out = {}
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        out[top.data(0, Qt.ItemDataRole.UserRole)] = (top, [top.child(j).text(1) for j in range(top.childCount())])
    return out


def test_file_import_reads_an_exported_actor_back_into_the_same_character(win, qtbot, tmp_path, monkeypatch):
    original = load(EXAMPLES / "norel-kho-dralasite.starwright").data
    actor, _ = foundry_actor(original, evaluate(original, KINDS["starfrontiers-character"]))
    src = tmp_path / "norel-foundry.json"
    src.write_text(json.dumps(actor), "utf-8")
    monkeypatch.setattr(import_report, "choose_import_path", lambda parent, folder: str(src))
    before = len(win.editors())
    win.a_import.trigger()                                    # File › Import…
    dialog = win.findChild(import_report.ImportReportDialog)
    qtbot.waitUntil(lambda: dialog is not None and dialog.isVisible())
    assert len(win.editors()) == before
    assert "Star Frontiers character <b>Norel-Kho Speetrazer</b>" in dialog.findChild(type(dialog.verdict),
                                                                                     "importCrew").text()
    assert dialog.open_button.text() == "Open as New Character"
    groups = _groups(dialog)
    assert any("kept in the actor's Starwright flags" in line for line in groups["as_is"][1])
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(win.editors()) == before + 1)
    editor = win.current_editor()
    assert editor.session.kind.kind == "starfrontiers-character"
    assert editor.session.path is None and editor.session.dirty
    assert editor.session.data == original
    assert win.a_foundry.isEnabled()                          # a Star Frontiers character: it can go back out
    win.close_editor(editor, ask=False)


def test_a_character_made_in_foundry_shows_what_was_worked_out_and_what_has_no_place(win, qtbot, tmp_path):
    src = tmp_path / "riss.json"
    src.write_text(json.dumps(native_actor()), "utf-8")
    dialog = win.import_path(str(src))
    qtbot.waitUntil(lambda: dialog.isVisible())
    groups = _groups(dialog)
    assert groups["inferred"][0].isExpanded()
    assert any("the fewest for that level" in line for line in groups["inferred"][1])
    assert any("Starwright's Basic Game character has no place" in line for line in groups["no_place"][1])
    assert "points to read" in dialog.verdict.text()
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert win.editors() == []


def test_an_actor_of_another_system_is_refused_and_nothing_opens(win, answer, tmp_path):
    src = tmp_path / "dnd.json"
    src.write_text(json.dumps(other_system_actor()), "utf-8")
    seen = []
    answer(QMessageBox.StandardButton.Ok, seen)
    assert win.import_path(str(src)) is None
    title, text, info = seen[1]
    assert "import" in title and "dnd.json" in text and "not Star Frontiers" in info
    assert win.editors() == []
