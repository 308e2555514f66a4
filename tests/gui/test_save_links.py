"""The builder's Save, Save As and exports never write through a symbolic link they were not asked to follow:
Save of a document opened through a link saves the file it points to (while that file exists); a link chosen in
Save As or an export dialog is refused with a dialog naming it, dangling or not, and nothing is written."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from gui.dialogs import export_options, foundry_export, prompts
from model import edits
from tests.conftest import EXAMPLES

ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"
NOREL = EXAMPLES / "norel-kho-dralasite.starwright"


def _link(tmp_path, name: str, leads: bool):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    target = elsewhere / f"victim-{name}"
    if leads:
        target.write_text("someone else's file")
    link = tmp_path / name
    link.symlink_to(target)
    return link, target


def _untouched(link, target, leads: bool) -> None:
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target.read_text() == "someone else's file") if leads else not target.exists()
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_save_of_a_document_opened_through_a_link_saves_the_file_it_points_to(win, tmp_path):
    real = tmp_path / "real.starwright"
    real.write_bytes(ASHEN.read_bytes())
    link = tmp_path / "link.starwright"
    link.symlink_to(real)
    editor = win.open_path(str(link))
    editor.session.apply(edits.Set("/name", "Through the Link"))
    assert win.save(editor)
    assert link.is_symlink() and json.loads(real.read_text())["name"] == "Through the Link"


def test_save_through_a_link_that_now_leads_nowhere_makes_no_file_there(win, qtbot, answer, tmp_path):
    real = tmp_path / "real.starwright"
    real.write_bytes(ASHEN.read_bytes())
    link = tmp_path / "link.starwright"
    link.symlink_to(real)
    editor = win.open_path(str(link))
    editor.session.apply(edits.Set("/name", "Gone Meanwhile"))
    real.unlink()
    seen: list = []
    answer(QMessageBox.StandardButton.Ok, seen)
    assert win.save(editor) is False
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "Could not save" in seen[1][0] and "symbolic link" in seen[1][2] and "does not exist" in seen[1][2]
    assert not real.exists() and link.is_symlink() and editor.session.dirty


@pytest.mark.parametrize("leads", [False, True], ids=["dangling link", "link to a file"])
def test_save_as_onto_a_link_is_refused(win, qtbot, answer, tmp_path, monkeypatch, leads):
    link, target = _link(tmp_path, "copy.starwright", leads)
    editor = win.open_path(str(ASHEN))
    monkeypatch.setattr(prompts, "choose_save_path", lambda parent, suggestion: str(link))
    seen: list = []
    answer(QMessageBox.StandardButton.Ok, seen)
    assert win.save_as(editor) is False
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "Could not save" in seen[1][0] and "symbolic link" in seen[1][2] and str(link) in seen[1][2]
    _untouched(link, target, leads)
    assert editor.session.path is None and editor.session.copy_of == str(ASHEN)  # still the example's untitled copy


@pytest.mark.parametrize("leads", [False, True], ids=["dangling link", "link to a file"])
def test_export_pdf_onto_a_link_is_refused(win, qtbot, answer, tmp_path, monkeypatch, leads):
    link, target = _link(tmp_path, "sheet.pdf", leads)
    win.open_path(str(ASHEN))
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, suggestion: str(link))
    monkeypatch.setattr(export_options, "choose_export",
                        lambda parent, paper, kind=None: export_options.ExportChoice("sheet", paper))
    seen: list = []
    answer(QMessageBox.StandardButton.Ok, seen)
    win.export_pdf()
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "Could not export" in seen[1][0] and "symbolic link" in seen[1][2] and str(link) in seen[1][2]
    _untouched(link, target, leads)


def test_foundry_export_onto_a_dangling_link_is_refused(win, qtbot, tmp_path, monkeypatch):
    link, target = _link(tmp_path, "actor.json", False)
    win.open_path(str(NOREL))
    monkeypatch.setattr(foundry_export, "choose_json_path", lambda parent, s: str(link))
    seen: list = []

    def act():
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            QTimer.singleShot(20, act)
        elif dlg.objectName() == "foundryReport":
            dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()
            QTimer.singleShot(20, act)
        else:
            seen.append(f"{dlg.text()}\n{dlg.informativeText()}" if isinstance(dlg, QMessageBox) else dlg.objectName())
            dlg.accept()
    QTimer.singleShot(0, act)
    win.a_foundry.trigger()
    qtbot.waitUntil(lambda: len(seen) == 1)
    assert "symbolic link" in seen[0] and str(link) in seen[0]
    _untouched(link, target, False)
