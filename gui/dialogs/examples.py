"""The examples to open: a window listing each bundled example's name, kind and a line about it.

A dialog rather than a drop-down menu: a menu of 28 examples is taller than the room below its button on a laptop
screen, covers the button, and a click on an entry lying over the button closed the menu instead of opening it.
Each example opens as an untitled copy (gui/session.py), so the shipped file is never changed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from ..icons import kind_icon

PATH_ROLE = Qt.ItemDataRole.UserRole  # the example's file


class ExamplesDialog(QDialog):
    """Lists the examples; double-click, Enter or Open opens the one chosen (`chosen` says which file)."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from model.examples import examples
        self.setObjectName("examplesDialog")
        self.setWindowTitle("Open an example")
        lay = QVBoxLayout(self)
        intro = QLabel("A finished crew, ship or character of each kind to look at and change, and some built with "
                       "problems to see how they are explained. Each opens as an untitled copy: saving asks for a "
                       "name, and the example itself stays as it is.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.list = QTreeWidget()
        self.list.setObjectName("exampleList")
        self.list.setAccessibleName("Examples")
        self.list.setHeaderLabels(["Name", "Kind", "About"])
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)   # a line too long for the screen's width is whole in its tooltip
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for e in examples():
            item = QTreeWidgetItem([e["name"], e["title"], e["about"]])
            item.setIcon(0, kind_icon(e["kind"]))
            item.setData(0, PATH_ROLE, e["path"])
            for column in range(3):
                item.setToolTip(column, f"{e['name']} ({e['title']}): {e['about']}")
            self.list.addTopLevelItem(item)
        header = self.list.header()
        header.setStretchLastSection(True)
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        self.list.itemActivated.connect(lambda _item, _column: self.accept())
        lay.addWidget(self.list, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        self.open_button = buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setObjectName("openExampleButton")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.list.currentItemChanged.connect(lambda item, _old: self.open_button.setEnabled(item is not None))
        self.list.setFocus()
        self._fit()

    def _fit(self) -> None:
        """Wide enough for every line where the screen's available area allows, and tall enough for about twenty
        rows."""
        fm = self.list.fontMetrics()
        items = [self.list.topLevelItem(i) for i in range(self.list.topLevelItemCount())]
        widths = [max((fm.horizontalAdvance(item.text(c)) for item in items if item is not None), default=100)
                  for c in range(3)]
        width = widths[0] + widths[1] + widths[2] + self.list.iconSize().width() + 110
        height = (fm.height() + 6) * min(len(items), 20) + 170
        area = self.screen().availableGeometry()
        self.resize(min(width, int(area.width() * 0.9)), min(height, int(area.height() * 0.85)))

    def current_path(self) -> str:
        item = self.list.currentItem()
        return str(item.data(0, PATH_ROLE)) if item is not None else ""

    def accept(self) -> None:
        path = self.current_path()
        super().accept()
        if path:
            self.chosen.emit(path)
