"""The dialog that offers what the last run left unsaved (gui/recovery.py finds it; the window asks).

Kept apart from the autosaver, which every window makes before its first show: the dialog's widgets are
loaded only when there is something to recover.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout,
                               QWidget)


class RecoveryDialog(QDialog):
    """Lists what the last run left unsaved; the ticked ones are restored, or all are discarded."""

    def __init__(self, entries, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recoveryDialog")
        self.setWindowTitle("Recover unsaved documents")
        self.entries = entries
        self.choice = "later"
        lay = QVBoxLayout(self)
        n = len(entries)
        intro = QLabel(f"Starwright did not close normally. {'This document has' if n == 1 else f'These {n} documents have'} "
                       f"changes that were not saved; they were autosaved. Tick what to restore.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("recoveryList")
        from PySide6.QtCore import Qt
        for e in entries:
            item = QListWidgetItem(e.describe())
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setToolTip(str(e.file))
            self.list.addItem(item)
        lay.addWidget(self.list)
        buttons = QDialogButtonBox()
        self.restore_button = buttons.addButton("&Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        self.restore_button.setObjectName("restore")
        self.discard_button = buttons.addButton("&Discard All", QDialogButtonBox.ButtonRole.DestructiveRole)
        self.discard_button.setObjectName("discard")
        self.later_button = buttons.addButton("Decide &Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.later_button.setObjectName("later")
        self.restore_button.clicked.connect(lambda: self._done("restore"))
        self.discard_button.clicked.connect(lambda: self._done("discard"))
        self.later_button.clicked.connect(lambda: self._done("later"))
        lay.addWidget(buttons)
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.resize(720, 320)

    def _done(self, choice: str) -> None:
        self.choice = choice
        self.accept() if choice != "later" else self.reject()

    def ticked(self) -> list:
        from PySide6.QtCore import Qt
        return [e for i, e in enumerate(self.entries) if self.list.item(i).checkState() == Qt.CheckState.Checked]
