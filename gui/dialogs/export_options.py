"""File > Export PDF asks what to print: the full sheet, cards to cut out, or blank cards, and on
which paper. The PDF itself comes from model.sheets (the sheet) and model.sheets.cards (the cards)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QRadioButton, QVBoxLayout, QWidget)

SHEET, CARDS, BLANK, TRACKER = "sheet", "cards", "blank", "tracker"
CHOICES = (
    (SHEET, "Full sheet", "Every number, table and reference page, as the preview shows it"),
    (CARDS, "Cards to cut out", "One 63 × 88 mm card per figure and per power, nine to a page with crop marks"),
    (BLANK, "Blank cards", "Six figure and three power cards left empty, to fill in by hand when someone "
                           "joins mid-campaign"),
    (TRACKER, "Play tracker cards", "One 63 × 88 mm card per figure or ship with tick boxes for each track and "
                                    "supply the Play view keeps, for playing on paper"),
)
# the card choices said for the kinds that print one card for the whole document
ONE_CARD = {CARDS: "One 63 × 88 mm card for this {title}: its stats, weapons and tick rows, with crop marks",
            BLANK: "A page of nine empty {title} cards, to fill in by hand"}
PAPERS = (("a4", "A4"), ("letter", "US Letter"))


@dataclass(frozen=True)
class ExportChoice:
    what: str    # SHEET, CARDS, BLANK or TRACKER
    paper: str   # "a4" or "letter"


class ExportDialog(QDialog):
    def __init__(self, parent: QWidget | None, paper: str, what: str = SHEET, kind=None):
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle("Export PDF")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("What to print:"))
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for key, title, hint in CHOICES:
            if kind is not None and kind.kind != "stargrave-crew" and key in ONE_CARD:
                hint = ONE_CARD[key].format(title=kind.title)
            b = QRadioButton(title)
            b.setObjectName(f"export_{key}")
            b.setToolTip(hint)
            b.setChecked(key == what)
            self.group.addButton(b)
            self.buttons[key] = b
            lay.addWidget(b)
            note = QLabel(hint)
            note.setWordWrap(True)
            note.setIndent(24)
            pal = note.palette()  # the palette's muted text colour (as placeholders are drawn), light or dark
            pal.setColor(QPalette.ColorRole.WindowText, pal.color(QPalette.ColorRole.PlaceholderText))
            note.setPalette(pal)
            lay.addWidget(note)
        form = QFormLayout()
        self.paper = QComboBox()
        self.paper.setObjectName("export_paper")
        for key, label in PAPERS:
            self.paper.addItem(label, key)
        self.paper.setCurrentIndex(max(0, self.paper.findData(paper)))
        form.addRow("Paper:", self.paper)
        lay.addLayout(form)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.button(QDialogButtonBox.StandardButton.Ok).setText("Export…")
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.setMinimumWidth(470)

    def choice(self) -> ExportChoice:
        what = next(k for k, b in self.buttons.items() if b.isChecked())
        return ExportChoice(what, self.paper.currentData())


def choose_export(parent: QWidget | None, paper: str, kind=None) -> ExportChoice | None:
    """What to print and on which paper; None when cancelled. `kind` (model.kinds.Kind) words the choices."""
    dlg = ExportDialog(parent, paper, kind=kind)
    return dlg.choice() if dlg.exec() == QDialog.DialogCode.Accepted else None


def render(session, choice: ExportChoice) -> bytes:
    """The PDF bytes for a choice; a renderer failure becomes a DocumentError naming the document."""
    from model import storage
    from ..widgets import preview as pv
    if choice.what == SHEET:
        return pv.render(session, choice.paper)
    from model.sheets import SheetOptions
    from model.sheets.cards import cards_pdf, tracker_pdf
    try:
        if choice.what == TRACKER:
            return tracker_pdf(session.data, session.result, SheetOptions(paper=choice.paper))
        return cards_pdf(session.data, session.result, SheetOptions(paper=choice.paper), blank=choice.what == BLANK)
    except Exception as e:  # SheetError, or a renderer bug: never a crash
        raise storage.DocumentError(session.path, str(e) or type(e).__name__) from None
