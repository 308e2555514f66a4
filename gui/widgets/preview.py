"""PDF sheets in the builder: export, print and a live preview, all through model.sheets.export_pdf.

The sheet renderer is model code (issue 4): `export_pdf(data, result, SheetOptions) -> bytes`. The GUI only
hands it the document and the latest evaluation, then shows, saves or prints the bytes it returns.
Printing renders each PDF page with QtPdf onto the printer, so what prints is exactly the exported sheet.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:   # (imported where it is used: QtPdf loads with the first preview)
    from PySide6.QtPdf import QPdfDocument

# model.storage is imported where it is used: the window imports this module at start-up, before any document.
DEBOUNCE_MS = 300


def _sheets():
    try:
        mod = importlib.import_module("model.sheets")
    except Exception:
        return None
    return mod if hasattr(mod, "export_pdf") and hasattr(mod, "SheetOptions") else None


def available() -> bool:
    # Find the package without importing it: reportlab would add ~100 ms to start-up (bench_frozen.py).
    # render() still reports a sheets package that cannot be imported.
    import importlib.util
    return importlib.util.find_spec("model.sheets") is not None


def default_paper() -> str:
    """The sheets' own choice (from the locale), so the CLI and the window agree."""
    mod = _sheets()
    if mod is not None and hasattr(mod, "default_paper"):
        return mod.default_paper()
    return "letter" if QLocale.system().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem else "a4"


def render(session, paper: str | None = None, list_issues: bool = False, omit: frozenset = frozenset()) -> bytes:
    """The sheet's PDF bytes; any renderer failure becomes a DocumentError naming the document."""
    from model import storage
    mod = _sheets()
    if mod is None:
        raise storage.DocumentError(session.path, "PDF sheets are not available in this build of Starwright")
    options = mod.SheetOptions(paper=paper or default_paper(), cards=True, list_issues=list_issues, omit=omit)
    try:
        return mod.export_pdf(session.data, session.result, options)
    except Exception as e:  # SheetError (e.g. no sheet for this kind yet) or a renderer bug: never a crash
        raise storage.DocumentError(session.path, str(e) or type(e).__name__) from None


def write_pdf(session, path: str, paper: str | None = None) -> list[str]:
    from model import storage
    return storage.atomic_write(path, render(session, paper))


def load_document(pdf: bytes, parent: QObject | None = None) -> QPdfDocument:
    """A QPdfDocument holding `pdf` (the buffer is parented to the document, so it lives as long)."""
    from PySide6.QtPdf import QPdfDocument
    # no parent: a document the caller owns (Qt takes a null parent; the stub's one constructor asks for a QObject)
    doc = QPdfDocument(parent)  # type: ignore[arg-type]
    buf = QBuffer(doc)
    buf.setData(QByteArray(pdf))
    buf.open(QIODevice.OpenModeFlag.ReadOnly)
    doc.load(buf)
    return doc


def print_pdf(printer, pdf: bytes) -> int:
    """Draw every page of `pdf` onto `printer`, scaled to fit the printable area. Returns the page count."""
    doc = load_document(pdf)
    painter = QPainter()
    if not painter.begin(printer):
        return 0
    try:
        area = printer.pageLayout().paintRectPixels(printer.resolution())
        for i in range(doc.pageCount()):
            if i:
                printer.newPage()
            size = doc.pagePointSize(i)
            scale = min(area.width() / size.width(), area.height() / size.height())
            w, h = int(size.width() * scale), int(size.height() * scale)
            image = doc.render(i, QSize(w, h))
            painter.drawImage(QRect(0, 0, w, h), image)
        return doc.pageCount()
    finally:
        painter.end()


def print_with_dialog(parent, session) -> bool:
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    from model import storage
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print the sheet")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    try:
        print_pdf(printer, render(session))
    except storage.DocumentError as e:
        from ..dialogs.prompts import show_document_error
        show_document_error(parent, e, "print")
        return False
    return True


class PreviewPane(QWidget):
    """The sheet as it will print, re-rendered ~300 ms after the last edit."""

    def __init__(self, session, parent: QWidget | None = None):
        super().__init__(parent)
        from PySide6.QtPdfWidgets import QPdfView
        self.setObjectName("sheetPreview")
        self.session = session
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(QLabel("Sheet preview"))
        top.addStretch(1)
        self.paper = QComboBox()
        self.paper.setAccessibleName("Paper size")
        self.paper.addItem("A4", "a4")
        self.paper.addItem("US Letter", "letter")
        self.paper.setCurrentIndex(0 if default_paper() == "a4" else 1)
        self.paper.currentIndexChanged.connect(lambda _i: self.schedule(0))
        top.addWidget(self.paper)
        lay.addLayout(top)
        self.view = QPdfView()
        self.view.setObjectName("sheetPreviewView")
        self.view.setAccessibleName("Sheet preview")
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        lay.addWidget(self.view, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        lay.addWidget(self.message)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.refresh)
        self.document: QPdfDocument | None = None
        self.renders = 0
        self.setMinimumWidth(320)

    def schedule(self, delay: int = DEBOUNCE_MS) -> None:
        if self.isVisible() or delay == 0:
            self.timer.start(delay)

    def refresh(self) -> None:
        try:
            pdf = render(self.session, self.paper.currentData())
        except Exception as e:  # a renderer bug must never take the editor down with it
            self.message.setText(f"The preview could not be drawn: {e}")
            self.message.show()
            return
        self.message.hide()
        old = self.document
        self.document = load_document(pdf, self)
        self.view.setDocument(self.document)
        if old is not None:
            old.deleteLater()
        self.renders += 1
