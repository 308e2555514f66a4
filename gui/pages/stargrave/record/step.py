"""One step of the "Record a game" walk-through: a titled, explained form over a part of the game record.

A step edits the draft record (draft.Draft) and shows what the model says about it. It never decides a rule:
outcomes, caps and the reasons a choice is not legal all come from the model's evaluation of the draft.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ....icons import severity_icon
from ....widgets.common import WrapLabel, hint


class Step(QWidget):
    title = ""
    object_name = ""
    explain = ""           # what this step is, in a player's words (paraphrasing the rules)
    parts: tuple[str, ...] = ()  # the record's members this step edits: its issues show here
    skippable = True

    def __init__(self, dialog):
        super().__init__()
        self.dialog = dialog
        self.setObjectName(self.object_name)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(10)
        self.build()
        self.issue_box = IssueList()
        self.issue_box.setObjectName(f"{self.object_name}_issues")
        self.column.addStretch(1)
        self.column.addWidget(self.issue_box)

    @property
    def draft(self):
        return self.dialog.draft

    @property
    def t(self):
        return self.dialog.t

    @property
    def rules(self):
        """The campaign rules of the crew's rules pack (model.systems.stargrave.campaign)."""
        from model.systems.stargrave.campaign import rules_for
        return rules_for(self.dialog.session.pack)

    def explanation(self) -> str:
        """The words under the step's title (numbers come from the rules pack)."""
        return self.explain

    def build(self) -> None:
        """Make the widgets."""

    def refresh(self) -> None:
        """Show the draft and what the model says of it (called after every change)."""

    def empty(self) -> bool:
        """True while nothing is entered on this step (its Next button then reads Skip)."""
        return True

    def issues(self) -> list:
        return self.draft.issues(*self.parts) if self.parts else []

    def row_issues(self, part: str, i: int) -> list:
        return self.draft.issues(f"{part}/{i}")

    def show_issues(self) -> None:
        self.issue_box.set_issues(self.issues())

    def note(self, text: str = "") -> QLabel:
        label = hint(text)
        self.column.addWidget(label)
        return label


class IssueList(QFrame):
    """The model's issues about a step's part of the record: an icon (never colour alone), the message, the rule."""

    def __init__(self):
        super().__init__()
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.lay.setSpacing(4)
        self.shown: list = []
        self.hide()

    def set_issues(self, issues: list) -> None:
        key = [(i.severity, i.message, i.rule) for i in issues]
        if key == self.shown:
            return
        self.shown = key
        while self.lay.count():
            item = self.lay.takeAt(0)
            if item is not None and (w := item.widget()) is not None:
                w.hide()
                w.deleteLater()
        size = self.fontMetrics().height()
        for sev, message, rule in key:
            row = QWidget()
            h = QHBoxLayout(row)
            h.setContentsMargins(0, 0, 0, 0)
            pic = QLabel()
            pic.setPixmap(severity_icon(sev).pixmap(size, size))
            pic.setAlignment(Qt.AlignmentFlag.AlignTop)
            text = WrapLabel(f"{message}  [{rule}]")
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            text.setAccessibleName(f"{sev}: {message}")
            h.addWidget(pic)
            h.addWidget(text, 1)
            self.lay.addWidget(row)
        self.setVisible(bool(key))


class RowBadge(QLabel):
    """The worst issue of one row of a step, at the row: its icon, and the messages as tooltip."""

    def __init__(self):
        super().__init__()
        self.setFixedWidth(self.fontMetrics().height() + 4)
        self.state = None

    def set_issues(self, issues: list) -> None:
        state = tuple((i.severity, i.message) for i in issues)
        if state == self.state:
            return
        self.state = state
        if not issues:
            self.clear()
            self.setToolTip("")
            self.setAccessibleName("")
            return
        worst = "error" if any(i.is_error for i in issues) else issues[0].severity
        size = self.fontMetrics().height()
        self.setPixmap(severity_icon(worst).pixmap(size, size))
        text = "\n".join(f"{i.message} [{i.rule}]" for i in issues)
        self.setToolTip(text)
        self.setAccessibleName(f"{worst}: {text}")
