"""File > Export PDF, File > Print and the live sheet preview, all drawn by model.sheets.export_pdf."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PySide6.QtWidgets import QLineEdit

from gui.dialogs import prompts
from gui.widgets import preview as pv
from model import edits

ASHEN = Path(__file__).resolve().parents[2] / "resources" / "examples" / "ashen-comet-veteran.starwright"



def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def test_export_pdf_from_the_menu_writes_the_filled_sheet(win, tmp_path, monkeypatch):
    e = win.open_path(str(ASHEN))
    e.session.apply(edits.Set("/name", "Comet Tail"))
    out = tmp_path / "sheet.pdf"
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, suggestion: str(out))
    from gui.dialogs import export_options
    monkeypatch.setattr(export_options, "choose_export", lambda parent, paper, kind=None: export_options.ExportChoice("sheet", paper))
    assert win.a_export.isEnabled()
    win.a_export.trigger()
    text = pdf_text(out)
    assert "Comet Tail" in text and "Mara Vex" in text and "Orrin Tal" in text
    assert e.session.dirty  # exporting is not saving


def test_print_renders_every_sheet_page_onto_the_printer(win, tmp_path):
    from PySide6.QtPrintSupport import QPrinter
    e = win.open_path(str(ASHEN))
    pdf = pv.render(e.session, "a4")
    exported = tmp_path / "exported.pdf"
    exported.write_bytes(pdf)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printed = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(printed))
    assert pv.print_pdf(printer, pdf) == pdf_pages(exported)
    assert pdf_pages(printed) == pdf_pages(exported)


def test_preview_follows_the_document_debounced(win, qtbot, user):
    e = win.open_path(str(ASHEN))
    win.a_preview.trigger()
    assert win.a_preview.isChecked()
    pane = e.preview
    assert pane is not None and pane.isVisible()
    qtbot.waitUntil(lambda: pane.renders >= 1, timeout=5000)
    assert pane.document.pageCount() >= 1
    assert "Ashen Comet" in pane.document.getAllText(0).text()
    first = pane.renders
    name = e.findChild(QLineEdit, "crewName")
    user.replace_text(name, "Nova Drift")  # ten quick edits...
    qtbot.waitUntil(lambda: pane.renders > first, timeout=5000)
    qtbot.wait(pv.DEBOUNCE_MS + 200)
    assert pane.renders == first + 1  # ...one new render after the typing stops
    assert "Nova Drift" in pane.document.getAllText(0).text()
    win.a_preview.trigger()
    assert not pane.isVisible()
