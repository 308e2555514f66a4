"""File › Import…: the report shows before anything is saved; the crew then opens as a new, unsaved
document with its issues; a refused file is a message and nothing opens."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.model.import_fixtures import (billion_laughs, labernator_old, roster_tree, to_rosz, to_xml,
                                         unrepresentable_extras)


def _groups(dialog):
    tree = dialog.tree
    out = {}
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        out[top.data(0, Qt.ItemDataRole.UserRole)] = (top, [top.child(j).text(1) for j in range(top.childCount())])
    return out


def test_import_shows_the_report_then_opens_an_unsaved_crew(win, qtbot, tmp_path):
    src = tmp_path / "lantern.sg"
    src.write_text(json.dumps(labernator_old()), "utf-8")
    before = len(win.editors())
    assert win.findChild(type(win.a_import), "import") is win.a_import and win.a_import.isEnabled()
    dialog = win.import_path(str(src))
    qtbot.waitUntil(lambda: dialog.isVisible())
    assert len(win.editors()) == before           # nothing opened (or saved) while the report shows
    assert "lantern.sg" in dialog.windowTitle()
    groups = _groups(dialog)
    assert set(groups) >= {"as_is", "alias", "inferred"}
    inferred_top, inferred = groups["inferred"]
    assert inferred_top.isExpanded() and any("Data Hack and Teleport" in line for line in inferred)
    assert not groups["as_is"][0].isExpanded()     # the long, reassuring list is folded
    assert "Everything came across" in dialog.verdict.text()
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(win.editors()) == before + 1)
    editor = win.current_editor()
    assert editor.session.path is None and editor.session.dirty
    assert editor.session.data["name"] == "Brass Lantern"
    assert not any(i.is_error for i in editor.session.issues)
    assert win.tabs.tabText(win.tabs.currentIndex()).endswith("*")
    win.close_editor(editor, ask=False)


def test_import_report_flags_what_needs_reading_and_cancel_keeps_nothing(win, qtbot, tmp_path):
    tree = roster_tree(extra_selections=unrepresentable_extras())
    src = tmp_path / "heron.rosz"
    src.write_bytes(to_rosz(to_xml(tree)))
    before = len(win.editors())
    dialog = win.import_path(str(src))
    qtbot.waitUntil(lambda: dialog.isVisible())
    groups = _groups(dialog)
    assert any('"Mule" comes from Quarantine 37' in line for line in groups["no_place"][1])
    assert any("Hacker +1" in line for line in groups["differs"][1])
    assert "points to read" in dialog.verdict.text()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert "No place in Starwright" in QApplication.clipboard().text()
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert len(win.editors()) == before


def test_import_refused_file_says_why_and_opens_nothing(win, answer, tmp_path):
    src = tmp_path / "bomb.ros"
    src.write_bytes(billion_laughs())
    seen = []
    answer(QMessageBox.StandardButton.Ok, seen)
    assert win.import_path(str(src)) is None
    title, text, info = seen[1]
    assert "import" in title and "bomb.ros" in text and "document type" in info
    assert win.editors() == []


def test_dropping_another_builders_file_imports_it_with_the_report_first(win, qtbot, tmp_path):
    from gui.dialogs.import_report import ImportReportDialog
    from tests.gui.conftest import drop_files
    src = tmp_path / "lantern.sg"
    src.write_text(json.dumps(labernator_old()), "utf-8")
    drop_files(win, [src])
    qtbot.waitUntil(lambda: win.findChild(ImportReportDialog) is not None)
    dialog = win.findChild(ImportReportDialog)
    qtbot.waitUntil(dialog.isVisible)
    assert win.editors() == []
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(win.editors()) == 1)
    assert win.current_editor().session.data["name"] == "Brass Lantern"
