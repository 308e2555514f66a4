"""The main window's document tabs: a tab bar above a stack of documents, laid out by a layout.

QTabWidget answers any change of its tab bar (a title that grows by a letter while the user types a crew's
name, the "*" of unsaved changes) by laying itself out again and repainting itself and so every page of the
current document. Here the bar and the stack are in a plain column: a new title that leaves the bar's height as
it was gives the layout nothing to move, so the bar repaints its tabs and nothing else is laid out or painted
(tests/gui/test_repaint_scope.py). The part of QTabWidget's interface
the window uses is here, with the same names; the bar spans the whole width, as QTabWidget's does in document
mode.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QStackedWidget, QTabBar, QVBoxLayout, QWidget


class DocumentTabs(QWidget):
    currentChanged = Signal(int)  # (QTabWidget's names)
    tabCloseRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._bar = QTabBar()
        self._bar.setObjectName("documentTabBar")
        self._stack = QStackedWidget()
        self._stack.setObjectName("documentStack")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self._bar)
        column.addWidget(self._stack, 1)
        self.setFocusProxy(self._bar)
        self._bar.currentChanged.connect(self._show)
        self._bar.tabMoved.connect(self._moved)
        self._bar.tabCloseRequested.connect(self.tabCloseRequested)

    def _show(self, index: int) -> None:
        if index >= 0:
            self._stack.setCurrentIndex(index)
        self.currentChanged.emit(index)

    def _moved(self, old: int, new: int) -> None:
        """A tab dragged to another place: its document moves with it in the stack (as QTabWidget does)."""
        self._stack.blockSignals(True)
        try:
            w = self._stack.widget(old)
            if w is None:   # (no document at that place: nothing to move)
                return
            self._stack.removeWidget(w)
            self._stack.insertWidget(new, w)
            self._stack.setCurrentIndex(self._bar.currentIndex())
        finally:
            self._stack.blockSignals(False)

    # -- QTabWidget's names ----------------------------------------------------------------------------
    def tabBar(self) -> QTabBar:
        return self._bar

    def setDocumentMode(self, on: bool) -> None:
        self._bar.setDocumentMode(on)
        self._bar.setExpanding(not on)
        self._bar.setDrawBase(on)

    def setTabsClosable(self, on: bool) -> None:
        self._bar.setTabsClosable(on)

    def setMovable(self, on: bool) -> None:
        self._bar.setMovable(on)

    def addTab(self, widget: QWidget, icon: QIcon, text: str) -> int:
        index = self._stack.addWidget(widget)
        self._bar.insertTab(index, icon, text)   # the first tab becomes the current one (currentChanged)
        return index

    def removeTab(self, index: int) -> None:
        w = self._stack.widget(index)
        if w is None:
            return
        self._stack.removeWidget(w)   # (not deleted, as with QTabWidget: the window deletes it)
        self._bar.removeTab(index)    # another tab becomes the current one (currentChanged)

    def count(self) -> int:
        return self._stack.count()

    def widget(self, index: int) -> QWidget | None:
        return self._stack.widget(index)

    def indexOf(self, widget: QWidget) -> int:
        return self._stack.indexOf(widget)

    def currentIndex(self) -> int:
        return self._bar.currentIndex()

    def currentWidget(self) -> QWidget | None:
        return self._stack.currentWidget()

    def setCurrentIndex(self, index: int) -> None:
        self._bar.setCurrentIndex(index)

    def setCurrentWidget(self, widget: QWidget) -> None:
        self._bar.setCurrentIndex(self._stack.indexOf(widget))

    def tabText(self, index: int) -> str:
        return self._bar.tabText(index)

    def setTabText(self, index: int, text: str) -> None:
        if self._bar.tabText(index) != text:
            self._bar.setTabText(index, text)

    def tabToolTip(self, index: int) -> str:
        return self._bar.tabToolTip(index)

    def setTabToolTip(self, index: int, tip: str) -> None:
        if self._bar.tabToolTip(index) != tip:
            self._bar.setTabToolTip(index, tip)
