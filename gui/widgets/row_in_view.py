"""Bringing a row of a list into sight when the list has no scroll bar of its own.

A table made as tall as its rows (common.show_all_rows) sits in a scrolling page: its own `scrollTo` has nothing
to scroll, so a row chosen with the keyboard (type-ahead, the arrows, a search) can stay below the page's edge.
`follow_current` makes the page scroll to the current row whenever it changes.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QTimer
from PySide6.QtWidgets import QAbstractItemView, QScrollArea, QWidget
from shiboken6 import isValid


def page_of(view: QWidget) -> QScrollArea | None:
    """The nearest scrolling page around `view` (its own viewport does not count)."""
    w = view.parentWidget()
    while w is not None:
        if isinstance(w, QScrollArea):
            body = w.widget()
            if body is not None and body.isAncestorOf(view):
                return w
        w = w.parentWidget()
    return None


def show_row(view: QAbstractItemView, index: QModelIndex | QPersistentModelIndex) -> None:
    """Scroll the view, then the page around it, so that the row of `index` is in sight."""
    if not index.isValid() or not isValid(view):
        return
    view.scrollTo(index)
    page = page_of(view)
    if page is None:
        return
    body = page.widget()
    if body is None:
        return
    rect = view.visualRect(view.model().index(index.row(), 0, index.parent()))
    top = view.viewport().mapTo(body, rect.topLeft())
    # the row's middle, with half a row and a little more above and below it in sight
    page.ensureVisible(max(top.x(), 0), top.y() + rect.height() // 2, 0, rect.height())


def follow_current(view: QAbstractItemView) -> None:
    """Whenever the view's current row changes, bring it into sight in the page (also once the page is laid out
    again: a filter that shrinks the list resizes the page after the row was chosen)."""
    def follow(current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        show_row(view, current)
        kept = QPersistentModelIndex(current)
        QTimer.singleShot(0, view, lambda: show_row(view, kept) if isValid(view) and kept == view.currentIndex()
                          else None)
    view.selectionModel().currentChanged.connect(follow)
