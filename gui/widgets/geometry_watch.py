"""Be told when a widget is laid out (first shown, resized, or asked for another size by a child).

A layout that holds nothing, set on the widget (a scroll area's viewport, which has no layout of its own), is told
the widget's rectangle through `QLayout.setGeometry` each time Qt lays the widget out: once per layout pass, after
Qt has merged the size requests of the widget's children, which is when a page fits its form or a table its rows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QLayout, QWidget


class _Watch(QLayout):
    """A layout of no items: Qt calls setGeometry with the widget's rectangle when it lays the widget out."""

    def __init__(self, widget: QWidget, laid_out: Callable[[QRect], None]):
        super().__init__(widget)
        self.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)   # the widget's own sizes stay its own
        self.setContentsMargins(0, 0, 0, 0)
        self.laid_out = laid_out

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self.laid_out(rect)

    def sizeHint(self) -> QSize:
        return QSize(0, 0)

    def addItem(self, _item) -> None:  # it holds nothing
        pass

    def count(self) -> int:
        return 0

    def itemAt(self, _index: int):
        return None

    def takeAt(self, _index: int):
        return None


def watch_geometry(widget: QWidget, laid_out: Callable[[QRect], None]) -> QLayout:
    """Call `laid_out(rect)` each time Qt lays `widget` out: when it is first shown, resized, or one of its
    children asks for another size (the widget must have no layout of its own: a viewport). The watch returned,
    invalidated, calls `laid_out` again the next time the widget is laid out (for a hidden widget: once shown)."""
    if widget.layout() is not None:
        raise ValueError(f"{widget.objectName() or widget} has a layout of its own")
    return _Watch(widget, laid_out)
