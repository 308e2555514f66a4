"""File > Export PDF's choice of sheet, cards or blank cards, and Edit > Copy as Text / Markdown."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from gui.dialogs import prompts
from model import edits

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout


def page_size(path: Path) -> str:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size:"))


def _answer_dialog(what: str, paper_label: str, seen: list):
    """Once the modal export dialog shows: click the choice, pick the paper, press Export."""
    def act():
        dlg = QApplication.activeModalWidget()
        if dlg is None or dlg.objectName() != "exportDialog":
            QTimer.singleShot(20, act)
            return
        seen.append(dlg)
        dlg.buttons[what].click()
        dlg.paper.setCurrentIndex(dlg.paper.findText(paper_label))
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    QTimer.singleShot(0, act)


def test_export_dialog_writes_cards_on_letter(win, tmp_path, monkeypatch):
    e = win.open_path(str(ASHEN))
    e.session.apply(edits.Set("/captain/name", "Mara Quill"))
    out = tmp_path / "cards.pdf"
    suggested = []
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: suggested.append(s) or str(out))
    seen: list = []
    _answer_dialog("cards", "US Letter", seen)
    win.a_export.trigger()
    assert seen, "the export dialog was not shown"
    # an example opens as an untitled copy: the name comes from the crew's, the folder is never the examples'
    assert suggested[0].endswith("ashen-comet-cards.pdf") and "examples" not in suggested[0]
    text = pdf_text(out)
    assert "Mara Quill" in text and "Orrin Tal" in text and "Jax" in text
    assert "Coordinated Fire" in text and "HEALTH 17" in text  # a power card; the Captain's Health row
    assert "(letter)" in page_size(out)


def test_export_dialog_writes_blank_cards_on_a4(win, tmp_path, monkeypatch):
    win.open_path(str(EXAMPLES / "z-gata-frigate.starwright"))
    out = tmp_path / "blank.pdf"
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: str(out))
    seen: list = []
    _answer_dialog("blank", "A4", seen)
    win.a_export.trigger()
    hints = [w.text() for w in seen[0].findChildren(QLabel)]
    assert "A page of nine empty Knight Hawks starship cards, to fill in by hand" in hints  # worded for the kind
    text = pdf_text(out)
    assert "Z'Gata" not in text and text.count("NAME") == 9 and "WEAPON" in text
    assert "(A4)" in page_size(out)


def test_export_dialog_cancel_writes_nothing(win, tmp_path, monkeypatch):
    win.open_path(str(ASHEN))
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: (_ for _ in ()).throw(AssertionError("asked")))

    def cancel():
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            QTimer.singleShot(20, cancel)
            return
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel).click()
    QTimer.singleShot(0, cancel)
    win.a_export.trigger()
    assert not list(tmp_path.iterdir())


def test_copy_as_text_puts_the_listing_now_on_the_clipboard(win):
    e = win.open_path(str(ASHEN))
    e.session.apply(edits.Set("/name", "Comet Tail"))
    assert win.a_copy_text.isEnabled()
    win.a_copy_text.trigger()
    text = QGuiApplication.clipboard().text()
    assert text.startswith("COMET TAIL — STARGRAVE CREW")
    assert "Mara Vex — Captain, Veteran, Human, level 15" in text
    assert "M 6/5 F +4 S +3 A 9/11 W +3 H 17" in text
    assert "Legal: no rule errors." in text
    e.session.apply(edits.Set("/soldiers/0/type", "Space Marine"))  # now illegal: the issue is listed
    win.a_copy_md.trigger()
    md = QGuiApplication.clipboard().text()
    assert md.startswith("## Comet Tail — Stargrave crew")
    assert "SG-SOLD-01" in md and "Space Marine" in md and "Legal: no rule errors" not in md
