"""The issues panel: every issue of the document with severity, message, rule ID and place.

Activating a row (double-click or Enter) emits `activated(pointer)`; the editor focuses the bound widget.

With nothing to say the panel folds to its one summary line ("Legal: no rule errors"), giving the page the
room. It opens at once when an issue comes, and folds FOLD_MS after the last one went, if none came back:
clicking a choice back and forth (legal, not legal, legal...) says so in the summary line at once without
opening and folding the panel under the page at every click (each time laying the page out again).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from model.issues import Issue

from ..icons import icon, severity_icon
from .content_columns import ContentColumns
from .rows_model import common_ends


FOLD_MS = 1200


def summary(issues: list[Issue]) -> tuple[str, str]:
    """('3 errors, 1 warning', worst severity) or a sentence saying the document is legal."""
    errors = sum(1 for i in issues if i.severity == "error")
    warnings = sum(1 for i in issues if i.severity == "warning")
    infos = len(issues) - errors - warnings
    parts = []
    for n, word in ((errors, "error"), (warnings, "warning"), (infos, "note")):
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    if not errors:
        head = "Legal: no rule errors" + (f" ({', '.join(parts)})" if parts else "")
        return head, ("warning" if warnings else "ok")
    return ", ".join(parts), "error"


class IssuesPanel(QWidget):
    activated = Signal(str)
    opened = Signal()   # the folded panel opened again (the editor gives it its usual share)

    def __init__(self, parent: QWidget | None = None, describe=None):
        super().__init__(parent)
        self.describe = describe or (lambda ptr: ptr or "document")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        top = QHBoxLayout()
        self.icon = QLabel()
        self.title = QLabel()
        self.title.setObjectName("issuesTitle")
        top.addWidget(self.icon)
        top.addWidget(self.title, 1)
        lay.addLayout(top)
        self.tree = QTreeWidget()
        self.tree.setObjectName("issuesList")
        self.tree.setAccessibleName("Issues")
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setHeaderLabels(["Severity", "Problem", "Rule", "Where"])
        h = self.tree.header()
        h.setStretchLastSection(False)
        self.columns = ContentColumns(self.tree)   # the others as wide as their contents, measured as rows come
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.tree.itemActivated.connect(lambda item, _c: self.activated.emit(item.data(0, Qt.ItemDataRole.UserRole)))
        lay.addWidget(self.tree, 1)
        self.issues: list[Issue] = []
        self._rows: list[tuple] = []      # what the list shows, a tuple per issue (see _row)
        self._summary: tuple = ()         # the title's text and picture
        self.fold_timer = QTimer(self)
        self.fold_timer.setSingleShot(True)
        self.fold_timer.setInterval(FOLD_MS)
        self.fold_timer.timeout.connect(self._fold)
        self.folded = False

    def set_issues(self, issues: list[Issue]) -> None:
        self.issues = list(issues)
        self._show_rows([self._row(i) for i in issues])
        if issues:
            self.fold_timer.stop()
            self._unfold()
        elif not self.folded:
            if self.isVisible():
                if not self.fold_timer.isActive():
                    self.fold_timer.start()
            else:
                self._fold()   # a legal document opens folded
        text, worst = summary(issues)
        if (text, worst) != self._summary:   # a new text lays the window out again, a new picture repaints
            self._summary = (text, worst)
            self.title.setText(text)
            size = self.title.fontMetrics().height()
            self.icon.setPixmap((icon("ok") if worst == "ok" else severity_icon(worst)).pixmap(size, size))
            self.tree.setAccessibleDescription(text)

    def _row(self, issue: Issue) -> tuple:
        return (issue.severity, issue.message, issue.rule, self.describe(issue.pointer), issue.pointer)

    def _show_rows(self, rows: list[tuple]) -> None:
        """Show `rows` (see _row), changing only the rows that differ from those shown: an edit usually brings
        or fixes one issue, and the list around it stays as it was (no repaint, no columns measured again)."""
        old = self._rows
        head, tail = common_ends(old, rows)
        for _ in range(len(old) - head - tail):
            self.tree.takeTopLevelItem(head)
        self.tree.insertTopLevelItems(head, [self._item(r) for r in rows[head:len(rows) - tail]])
        self._rows = rows

    @staticmethod
    def _item(row: tuple) -> QTreeWidgetItem:
        severity, message, rule, where, pointer = row
        item = QTreeWidgetItem([severity.capitalize(), message, rule, where])
        item.setIcon(0, severity_icon(severity))
        item.setData(0, Qt.ItemDataRole.UserRole, pointer)
        item.setToolTip(1, message)
        item.setToolTip(3, pointer or "/")
        return item

    def _fold(self) -> None:
        """Nothing to say: the panel is its one summary line."""
        if not self.issues and not self.folded:
            self.folded = True
            self.tree.setVisible(False)
            self.setMaximumHeight(self.title.sizeHint().height() + 2)

    def _unfold(self) -> None:
        if self.folded:
            self.folded = False
            self.tree.setVisible(True)
            self.setMaximumHeight(16777215)
            self.opened.emit()
