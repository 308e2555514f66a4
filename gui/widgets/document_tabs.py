"""The main window's document tabs, laid out without repainting every document on a tab's new title.

QTabWidget answers any change of its tab bar (a title that grows by a letter while the user types a crew's
name, the "*" of unsaved changes) by laying itself out again and repainting itself and so every page of the
current document. When the new title leaves the bar's height, the pages' area and the corner widgets where
they were, only the tab bar needs to move; that is all this does, and anything else goes the usual way.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

# QEvent.Type.LayoutRequest (an IntEnum): the window is made before its first show without loading QEvent's
# or QStyle's enums (several ms each, tests/benchmarks/bench_gui.py start-up).
LAYOUT_REQUEST = 76


class DocumentTabs(QTabWidget):
    def setTabText(self, index: int, text: str) -> None:  # noqa: N802 (Qt's name)
        # QTabWidget.setTabText lays the whole widget out and repaints it; the bar's own setter asks for a layout
        # (event() below), which moves only the bar when nothing else changes.
        if self.tabText(index) != text:
            self.tabBar().setTabText(index, text)

    def setTabToolTip(self, index: int, tip: str) -> None:  # noqa: N802
        if self.tabToolTip(index) != tip:
            self.tabBar().setTabToolTip(index, tip)

    def event(self, ev) -> bool:
        if ev.type() == LAYOUT_REQUEST and self.isVisible() and self._only_the_bar_moved():
            self.updateGeometry()
            return True
        return super().event(ev)

    def _only_the_bar_moved(self) -> bool:
        """Place the tab bar where Qt would and say True when that is the whole of the new layout."""
        from PySide6.QtWidgets import QStyle, QStyleOptionTabWidgetFrame
        opt = QStyleOptionTabWidgetFrame()
        self.initStyleOption(opt)
        style = self.style()
        stack = self.findChild(QWidget, "qt_tabwidget_stackedwidget")
        if stack is None or style.subElementRect(QStyle.SubElement.SE_TabWidgetTabContents, opt, self) != stack.geometry():
            return False
        bar = self.tabBar()
        if any(isinstance(w, QWidget) and w is not bar and w is not stack for w in self.children()):
            return False  # corner widgets: Qt places them (none today; asking for them by corner would build
            # PySide6's Qt namespace enums before the first show, tests/gui/test_startup.py)
        rect = style.subElementRect(QStyle.SubElement.SE_TabWidgetTabBar, opt, self)
        if rect.height() != bar.height() or rect.top() != bar.y():
            return False
        bar.setGeometry(rect)
        return True

