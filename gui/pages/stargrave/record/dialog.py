"""The "Record a game" walk-through: one page per step in the rulebook's order (SG-CAMP-01).

The dialog keeps a draft game record; nothing touches the document until Finish, which adds the record at
/campaign/games/- as one edit (one undo step), or, for a game reopened from the Campaign page, replaces it as
one edit. The dialog is not modal: the crew stays in view (and a roll can be checked against the sheet).
"""

from __future__ import annotations

import datetime

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractSpinBox, QDialog, QFrame, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QPushButton, QScrollArea, QStackedWidget, QVBoxLayout,
                               QWidget)

from model import edits, play
from model.systems.stargrave.campaign import games_of
from model.systems.stargrave.tables import tables

from ....binding import _undo_filter
from ....dialogs import prompts
from ....icons import icon, severity_icon
from ....widgets.common import WrapLabel, heading, hint
from .draft import Draft


def _step_page(step) -> QScrollArea:
    """A step under its title and explanation, scrolling on its own when taller than the dialog."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    holder = QWidget()
    lay = QVBoxLayout(holder)
    lay.setContentsMargins(18, 12, 18, 12)
    lay.setSpacing(8)
    lay.addWidget(heading(step.title))
    words = hint(step.explanation())
    words.setObjectName(f"{step.object_name}_explain")
    lay.addWidget(words)
    lay.addWidget(step, 1)
    scroll.setWidget(holder)
    return scroll


class RecordGameDialog(QDialog):
    recorded = Signal(int)   # the game's index, after Finish

    def __init__(self, session, index: int | None = None, parent: QWidget | None = None, dice=None,
                 prefill: dict | None = None):
        super().__init__(parent)
        from . import steps
        self.session = session
        self.setObjectName("recordGame")
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.t = tables(session.pack)
        self.dice = dice if dice is not None else steps.default_dice()
        record = games_of(session.data)[index] if index is not None else prefill
        self.from_tracker = index is None and prefill is not None
        today = datetime.date.today().isoformat()
        self.draft = Draft(session.data, session.kind, index, record, today, session.origin)
        number = self.draft.index + 1
        self.setWindowTitle(f"Change game {number}" if self.draft.reopened else f"Record game {number}")

        self.nav = QListWidget()
        self.nav.setObjectName("recordSteps")
        self.nav.setAccessibleName("Steps")
        self.nav.setIconSize(QSize(20, 20))
        self.nav.setSpacing(2)
        self.nav.setFixedWidth(self.fontMetrics().horizontalAdvance("Out of action") + 90)
        self.pages = QStackedWidget()
        self.steps = [cls(self) for cls in steps.STEPS]
        for i, step in enumerate(self.steps):
            item = QListWidgetItem(f"{i + 1}. {step.title}")
            item.setSizeHint(QSize(0, int(self.fontMetrics().height() * 2.2)))
            self.nav.addItem(item)
            self.pages.addWidget(_step_page(step))
        self.nav.currentRowChanged.connect(self._show)

        self.summary = WrapLabel()
        self.summary.setObjectName("recordSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.cancel = QPushButton("Cancel")
        self.cancel.setObjectName("recordCancel")
        self.back = QPushButton(icon(""), "&Back")
        self.back.setObjectName("recordBack")
        self.next = QPushButton("&Next")
        self.next.setObjectName("recordNext")
        self.finish = QPushButton(icon("ok"), "&Save changes" if self.draft.reopened else "&Record game")
        self.finish.setObjectName("recordFinish")
        self.finish.setToolTip("Add this game to the crew's campaign (Ctrl+Enter). Undo takes the whole game back."
                               if not self.draft.reopened else
                               "Replace the game with what is shown here (Ctrl+Enter). Undo gives back the game as it was.")
        self.finish.setDefault(False)
        self.next.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        for b in (self.cancel, self.back, self.next, self.finish):
            b.setAutoDefault(False)
            b.setMinimumHeight(b.sizeHint().height() + 6)
            buttons.addWidget(b)

        right = QVBoxLayout()
        right.addWidget(self.pages, 1)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        right.addWidget(line)
        right.addLayout(buttons)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 8, 12, 10)
        lay.addWidget(self.nav)
        lay.addLayout(right, 1)

        self._connect()
        session.changed.connect(self._document_changed)
        self._following = True
        self.resize(1180, 780)
        self.nav.setCurrentRow(0)
        self.refresh()

    def _connect(self) -> None:
        self.cancel.clicked.connect(self.reject)
        self.back.clicked.connect(lambda: self.go(self.nav.currentRow() - 1))
        self.next.clicked.connect(lambda: self.go(self.nav.currentRow() + 1))
        self.finish.clicked.connect(self.accept)
        for text in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(text), self, self.accept)
        # Undo and redo inside the walk-through step back through what was entered here (the document's own
        # undo takes the whole game back once it is recorded).
        for keys in QKeySequence.keyBindings(QKeySequence.StandardKey.Undo):
            QShortcut(keys, self, lambda: self._history(self.draft.undo))
        redo = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):  # both, each once (a duplicate shortcut is ambiguous)
            if QKeySequence(extra) not in redo:
                redo.append(QKeySequence(extra))
        for keys in redo:
            QShortcut(keys, self, lambda: self._history(self.draft.redo))

    def roll(self, faces: int) -> int:
        """One die from the model's seeded roller; the walk-through records it like a typed roll."""
        from model.systems.stargrave.campaign import dice
        return dice.roll(self.dice, faces)

    # -- navigation -------------------------------------------------------------------------------------
    def go(self, row: int) -> None:
        if 0 <= row < len(self.steps):
            self.nav.setCurrentRow(row)

    def _show(self, row: int) -> None:
        self.pages.setCurrentIndex(row)
        step = self.steps[row]
        step.refresh()
        step.show_issues()
        self._update_buttons()
        first = step.focus_first() if hasattr(step, "focus_first") else None
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def current(self):
        return self.steps[self.nav.currentRow()]

    def _update_buttons(self) -> None:
        row = self.nav.currentRow()
        last = row == len(self.steps) - 1
        self.back.setEnabled(row > 0)
        self.next.setVisible(not last)
        step = self.steps[row]
        self.next.setText("&Skip" if step.skippable and step.empty() else "&Next")
        self.next.setToolTip(f"Go to step {row + 2}" + (" (nothing to record here)" if step.empty() else ""))
        self.finish.setDefault(last)
        self.next.setDefault(not last)

    # -- following the draft ----------------------------------------------------------------------------
    def changed(self) -> None:
        """A step changed the draft: every step shows what the model says now."""
        self.refresh()

    def refresh(self) -> None:
        """The current step shows the draft again (the others when they are shown); the step list and the
        summary follow every change."""
        step = self.current() if self.nav.currentRow() >= 0 else self.steps[0]
        step.refresh()
        step.show_issues()
        for i, step in enumerate(self.steps):
            item = self.nav.item(i)
            issues = step.issues()
            if issues:
                worst = "error" if any(x.is_error for x in issues) else issues[0].severity
                item.setIcon(severity_icon(worst))
                item.setToolTip(f"{step.title}: {len(issues)} issue{'s' if len(issues) != 1 else ''}")
            else:
                item.setIcon(icon("ok") if not step.empty() else icon(""))
                item.setToolTip(step.title)
        self.summary.setText(self.summary_text())
        self._update_buttons()
        for w in self.findChildren(QLineEdit) + self.findChildren(QPlainTextEdit) + self.findChildren(QAbstractSpinBox):
            w.installEventFilter(_undo_filter)   # Ctrl+Z is the walk-through's, not one field's

    def _history(self, step) -> None:
        if step():
            for s in self.steps:      # every step shows the record as it was
                s.refresh()
            self.refresh()

    def summary_text(self) -> str:
        from . import steps
        return steps.summary(self)

    def _document_changed(self, change) -> None:
        if self.isVisible():
            self.draft.rebase(self.session.data)
            self.refresh()

    # -- finishing ----------------------------------------------------------------------------------------
    def edit(self):
        """The one edit that records the game (or replaces the reopened one)."""
        from model.systems.stargrave import actions
        d = self.draft
        edit = actions.record_game(self.session.data, d.index, d.clean_record(), d.reopened)
        clear = play.new_game(self.session.kind.kind, self.session.data) if self.from_tracker else None
        return edit if clear is None else edits.Batch((edit, clear), edits.describe(edit))

    def accept(self) -> None:
        if self.draft.reopened and not self.draft.changed:
            self._close(QDialog.DialogCode.Accepted)
            return
        self._unfollow()
        self.session.apply(self.edit())
        self.recorded.emit(self.draft.index)
        self._close(QDialog.DialogCode.Accepted)

    def reject(self) -> None:
        if self.may_discard():
            self.discard()

    def discard(self) -> None:
        """Close without recording (the player has agreed, or nothing was entered)."""
        self._close(QDialog.DialogCode.Rejected)

    def may_discard(self) -> bool:
        """True when closing loses nothing entered, or the player agreed to lose it (asked like unsaved changes:
        also when the document's tab or the app closes with the walk-through open)."""
        if self.draft.changed and self._entered_anything():
            self.raise_()
            self.activateWindow()
            return prompts.confirm(self, "discardGame", self.windowTitle(),
                                   "Close without recording this game?" if not self.draft.reopened
                                   else "Close without saving the changes to this game?",
                                   "What you entered in the walk-through is not kept.", "discard",
                                   default_accept=False)
        return True

    def _entered_anything(self) -> bool:
        return any(not s.empty() for s in self.steps)

    def _unfollow(self) -> None:
        if self._following:
            self._following = False
            self.session.changed.disconnect(self._document_changed)

    def _close(self, code) -> None:
        self._unfollow()
        self.done(code)
        self.deleteLater()

    def closeEvent(self, event) -> None:  # the window's close button asks like Cancel
        event.ignore()
        self.reject()
