"""Views as tall as what they show, so no list scrolls inside a scrolling page.

`TickGrid` lays a one-column model out as columns of tick boxes (down the first column, then the next), as
many columns as its width holds, every name whole; `fit_table` makes a table exactly as tall as its rows.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication, QHeaderView, QListView, QStyle, QTableView
from shiboken6 import isValid



@cache
def indicator_width() -> int:
    """The width of a tick box as the style draws it."""
    return QApplication.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)


# the mixin's base as mypy sees it: a view, whose dataChanged it replaces (at run time object, so that the views'
# classes are their Qt class's alone)
if TYPE_CHECKING:
    _View = QAbstractItemView
else:
    _View = object


class RowRepaint(_View):
    """A view that repaints only the cells whose data changed: Qt repaints the whole view for a change of more
    than one cell, and a whole row for one cell (RowsModel tells the changed cells of a row as one range)."""

    def dataChanged(self, top_left, bottom_right, roles=()):
        if not top_left.isValid() or top_left.parent() != bottom_right.parent():
            return super().dataChanged(top_left, bottom_right, roles)
        if isinstance(self, QTableView):
            # The rows' band across the viewport: a cell's visualRect would first fit the columns to their
            # contents (every cell's size hint) when the header is set to do so.
            first, last = top_left.row(), bottom_right.row()
            top, bottom = self.rowViewportPosition(first), self.rowViewportPosition(last)
            if top < 0 or bottom < 0:  # a hidden row: let Qt work it out
                return super().dataChanged(top_left, bottom_right, roles)
            shown = self.viewport()
            left, right = 0, shown.width()
            if top_left.column() > 0 or bottom_right.column() < self.model().columnCount() - 1:
                if not _columns_measured(self):   # (asking where a column is would measure them all)
                    a, b = top_left.column(), bottom_right.column()
                    x, end = self.columnViewportPosition(a), self.columnViewportPosition(b)
                    if x >= 0 and end >= 0:
                        left, right = x, end + self.columnWidth(b)
            shown.update(left, top, right - left, bottom + self.rowHeight(last) - top)
            return None
        model, area = self.model(), None
        for r in range(top_left.row(), bottom_right.row() + 1):
            for c in range(top_left.column(), bottom_right.column() + 1):
                rect = self.visualRect(model.index(r, c, top_left.parent()))
                area = rect if area is None else area.united(rect)
        if area is not None and not area.isEmpty():
            self.viewport().update(area)


def _columns_measured(table: QTableView) -> bool:
    """Whether a column of `table` is fitted by Qt to its cells' contents."""
    header = table.horizontalHeader()
    return any(header.sectionResizeMode(c) == QHeaderView.ResizeMode.ResizeToContents for c in range(header.count()))


class FittedTable(RowRepaint, QTableView):
    """A table that repaints only its changed rows (see `fit_table` to make it as tall as its rows)."""


class TickGrid(RowRepaint, QListView):
    """A list of tick boxes in `columns` columns (down the first, then the next): no scroll bar, every name
    whole, exactly as wide and as tall as its names need (so a page lays it out once, whatever its width)."""

    def __init__(self, name: str, spoken: str, columns: int = 3, parent=None):
        super().__init__(parent)
        self.setObjectName(name)
        self.setAccessibleName(spoken)
        self.columns = columns
        self.setFlow(QListView.Flow.TopToBottom)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._cell = QSize(0, 0)

    def setModel(self, model) -> None:
        super().setModel(model)
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset, model.layoutChanged,
                       model.dataChanged):
            signal.connect(self.refit)
        self.refit()

    def cell(self) -> QSize:
        """The size of one tick box and its name: the longest name whole (every cell is as wide)."""
        model, fm = self.model(), self.fontMetrics()
        tick = indicator_width() + 10  # the box and its margins

        def width(r: int) -> int:
            index = model.index(r, 0)
            font = index.data(Qt.ItemDataRole.FontRole)
            return (QFontMetrics(font) if font else fm).horizontalAdvance(str(index.data() or ""))
        widest = max((width(r) for r in range(model.rowCount())), default=60)
        return QSize(widest + tick + 4, fm.height() + 6)

    def refit(self, *_) -> None:
        if not isValid(self) or self.model() is None:
            return
        cell = self.cell()
        if cell != self._cell:
            self._cell = cell
            self.setGridSize(cell)
        rows = max(1, math.ceil(self.model().rowCount() / self.columns))
        size = QSize(self.columns * cell.width() + 2 * self.frameWidth() + 2,
                     rows * cell.height() + 2 * self.frameWidth() + 2)
        if self.minimumSize() != size or self.maximumSize() != size:
            self.setFixedSize(size)


def fit_table(table: QTableView, least_rows: int = 0) -> None:
    """`table` as tall as its rows (at least `least_rows`), with no vertical scroll bar of its own."""
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit(*_):
        # its model can still speak while the table goes (deleted, or its model already taken from it)
        if not isValid(table) or table.model() is None:
            return
        rows = max(table.model().rowCount(), least_rows)
        header = table.horizontalHeader()
        height = rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth() + 2 \
            + (max(header.height(), header.sizeHint().height()) if header.isVisibleTo(table) else 0)
        table.setFixedHeight(height)
    model = table.model()
    model.rowsInserted.connect(fit)
    model.rowsRemoved.connect(fit)
    model.modelReset.connect(fit)
    table.horizontalHeader().geometriesChanged.connect(fit)
    fit()
