"""File > Export PDF asks what to print: the full sheet, cards to cut out, or blank cards, and on
which paper. The PDF itself comes from model.sheets (the sheet) and model.sheets.cards (the cards)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGroupBox, QLabel, QRadioButton, QVBoxLayout, QWidget)

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
    omit: frozenset = field(default_factory=frozenset)   # the full sheet's sections left out


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
            if key == TRACKER:   # tracker cards print the Play view's tracks: the kind's line names its play rules
                no_cards = kind is not None and not kind.play
                if no_cards:
                    hint = f"A {kind.title} has no Play view, so no tracker cards"
            else:                # the kind's line in model/kinds.py names no cards module
                no_cards = kind is not None and key != SHEET and not kind.cards
                if no_cards:
                    hint = f"There are no cards for a {kind.title} yet"
            b = QRadioButton(title)
            b.setEnabled(not no_cards)
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
        self.sections = self._sections_box(kind)
        if self.sections is not None:
            lay.addWidget(self.sections)
            self.group.buttonToggled.connect(lambda *_: self.sections.setEnabled(self.buttons[SHEET].isChecked()))
            self.sections.setEnabled(self.buttons[SHEET].isChecked())
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

    def _sections_box(self, kind) -> QGroupBox | None:
        """A check box per optional section of the kind's sheet (its layout's `sections`), ticked unless the
        player left it out last time (remembered per kind)."""
        from model.sheets.sections import sections_of
        from .. import settings
        self.section_boxes: dict[str, QCheckBox] = {}
        secs = sections_of(kind.kind) if kind is not None else []
        if not secs:
            return None
        left_out = set(settings.omitted_sections(kind.kind))
        box = QGroupBox("Sections of the full sheet")
        box.setObjectName("export_sections")
        col = QVBoxLayout(box)
        for sec in secs:
            b = QCheckBox(sec["label"])
            b.setObjectName(f"section_{sec['name']}")
            b.setToolTip(sec["hint"] + (" (one of the reference pages)" if sec.get("reference") else ""))
            b.setChecked(sec["name"] not in left_out)
            col.addWidget(b)
            self.section_boxes[sec["name"]] = b
        self.kind = kind
        return box

    def choice(self) -> ExportChoice:
        what = next(k for k, b in self.buttons.items() if b.isChecked())
        omit = frozenset(n for n, b in self.section_boxes.items() if not b.isChecked())
        return ExportChoice(what, self.paper.currentData(), omit)

    def accept(self) -> None:
        if self.section_boxes:
            from .. import settings
            settings.set_omitted_sections(self.kind.kind, sorted(n for n, b in self.section_boxes.items()
                                                                 if not b.isChecked()))
        super().accept()


def choose_export(parent: QWidget | None, paper: str, kind=None) -> ExportChoice | None:
    """What to print and on which paper; None when cancelled. `kind` (model.kinds.Kind) words the choices."""
    dlg = ExportDialog(parent, paper, kind=kind)
    return dlg.choice() if dlg.exec() == QDialog.DialogCode.Accepted else None


def render(session, choice: ExportChoice) -> bytes:
    """The PDF bytes for a choice; a renderer failure becomes a DocumentError naming the document."""
    from model import storage
    from ..widgets import preview as pv
    if choice.what == SHEET:
        return pv.render(session, choice.paper, omit=choice.omit)
    from model.sheets import SheetOptions
    from model.sheets.cards import cards_pdf, tracker_pdf
    try:
        if choice.what == TRACKER:
            return tracker_pdf(session.data, session.result, SheetOptions(paper=choice.paper))
        return cards_pdf(session.data, session.result, SheetOptions(paper=choice.paper), blank=choice.what == BLANK)
    except Exception as e:  # SheetError, or a renderer bug: never a crash
        raise storage.DocumentError(session.path, str(e) or type(e).__name__) from None
