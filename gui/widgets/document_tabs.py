"""The main window's document tabs, laid out without repainting every document on a tab's new title.

QTabWidget answers any change of its tab bar (a title that grows by a letter while the user types a crew's
name, the "*" of unsaved changes) by laying itself out again and repainting itself and so every page of the
current document. In document mode the bar spans the whole width, so a new title that leaves the bar's height
as it was changes no geometry at all: the bar repaints its tabs and nothing else is laid out or painted. Any
other change goes the usual way.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

# QEvent.Type.LayoutRequest (an IntEnum): the window is made before its first show without loading QEvent's
# or QStyle's enums (several ms each, tests/benchmarks/bench_gui.py start-up).
LAYOUT_REQUEST = 76


class DocumentTabs(QTabWidget):
    def setTabText(self, index: int, text: str) -> None:  # noqa: N802 (Qt's name)
        # QTabWidget.setTabText lays the whole widget out and repaints it; the bar's own setter asks for a layout
        # (event() below), which is nothing to do when only a title changed.
        if self.tabText(index) != text:
            self.tabBar().setTabText(index, text)

    def setTabToolTip(self, index: int, tip: str) -> None:  # noqa: N802
        if self.tabToolTip(index) != tip:
            self.tabBar().setTabToolTip(index, tip)

    def event(self, ev) -> bool:
        if ev.type() == LAYOUT_REQUEST and self.isVisible() and self._nothing_moved():
            self.updateGeometry()
            return True
        return super().event(ev)

    def _nothing_moved(self) -> bool:
        """True when the new layout is the one there is: in document mode a North tab bar spans the whole width
        (Qt's QTabWidget.initStyleOption), so a title changes nothing while the bar's height stays."""
        if not self.documentMode() or self.tabPosition() != QTabWidget.TabPosition.North:
            return False
        bar = self.tabBar()
        if any(isinstance(w, QWidget) and w is not bar and w.objectName() != "qt_tabwidget_stackedwidget"
               for w in self.children()):
            return False  # corner widgets: Qt places them (none today)
        return bar.x() == 0 and bar.y() == 0 and bar.width() == self.width() and \
            bar.height() == bar.sizeHint().height()
