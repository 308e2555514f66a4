"""Table columns as wide as their widest cell, measuring only the rows that changed.

Qt's ResizeToContents does the same sum from scratch: after every change of any cell it asks the delegate for
the size of every cell of every such column (each a dozen questions to the Python model) and repaints the
header, so ticking one power measured the whole table again (tests/benchmarks/bench_gui.py). Here each
cell's width is kept; a changed, inserted or removed row is measured alone (a changed row of a RowsModel only
when what its fitted cells show changed: RowsModel.measure_key), and a column is resized only when its widest
cell changed. The widths are the ones Qt would give: the delegate's size hint of each cell
(the same style option the view uses), one more pixel for the grid, never less than the header's own hint.

A column the page stretches (QHeaderView Stretch) is left to the header. A field set into a cell
(setIndexWidget) counts with its size hint, as Qt counts it; the page calls `measure_rows` once it has set them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QHeaderView, QTableView, QTreeView
from shiboken6 import isValid



class ContentColumns(QObject):
    def __init__(self, view: QTableView | QTreeView):
        """`view`: a table, or a flat tree (a list with columns, e.g. the issues list)."""
        super().__init__(view)
        self.view = view
        self.header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
        self.table = view if isinstance(view, QTableView) else None   # a table's cells are a pixel wider for its grid
        self.header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)   # sized here (a page may stretch one)
        self.cells: list[list[int]] = []   # [row][column] width of each cell's contents
        self.keys: list = []               # [row] the model's measure_key when the row was measured (if it has one)
        self.heads: list[int] = []         # the header's own hint of each column
        model = view.model()
        model.dataChanged.connect(self._data_changed)
        model.rowsInserted.connect(self._rows_inserted)
        model.rowsRemoved.connect(self._rows_removed)
        for signal in (model.modelReset, model.layoutChanged, model.columnsInserted, model.columnsRemoved,
                       model.headerDataChanged, model.rowsMoved):
            signal.connect(self.measure_all)
        self.measure_all()

    # -- measuring ---------------------------------------------------------------------------------------
    def _key(self, r: int):
        key = getattr(self.view.model(), "measure_key", None)
        return key(r) if key is not None else None

    @staticmethod
    def _same(new, old, fitted: tuple[int, ...]) -> bool:
        """Whether a row's fitted cells show what they showed when measured (the model's measure_key)."""
        if new is None or old is None or new[1] != old[1]:
            return False
        return all(c < len(new[0]) and c < len(old[0]) and new[0][c] == old[0][c] for c in fitted)

    def _fitted(self) -> tuple[int, ...]:
        header = self.header
        return tuple(c for c in range(header.count())
                     if header.sectionResizeMode(c) != QHeaderView.ResizeMode.Stretch)

    def _row(self, r: int) -> list[int]:
        model, view = self.view.model(), self.view
        out = []
        for c in range(model.columnCount()):
            index = model.index(r, c)
            width = view.sizeHintForIndex(index).width()
            widget = view.indexWidget(index)
            if widget is not None:  # a field set in the cell counts as Qt counts it: its hint, within its bounds
                least, most = widget.minimumSize().width(), widget.maximumSize().width()
                width = max(width, max(least, min(widget.sizeHint().width(), most)))
            out.append(width)
        return out

    def measure_rows(self, first: int, last: int, changed_only: bool = False, fitted: tuple | None = None) -> None:
        """Measure these rows again (a page that has just set fields into their cells says so). `changed_only`:
        skip a row whose model says nothing its size depends on changed (RowsModel.measure_key). `fitted`: the
        fitted columns, when the caller has just asked."""
        if len(self.cells) != self.view.model().rowCount():
            return self.measure_all()
        fitted = self._fitted() if fitted is None else fitted
        measured = False
        for r in range(first, last + 1):
            key = self._key(r)
            if changed_only and self._same(key, self.keys[r], fitted):
                continue
            self.cells[r], self.keys[r] = self._row(r), key
            measured = True
        if measured:
            self._apply(fitted)

    def measure_all(self, *_) -> None:
        if not isValid(self.view):
            return
        model = self.view.model()
        self.heads = [self.header.sectionSizeHint(c) for c in range(model.columnCount())]
        self.cells = [self._row(r) for r in range(model.rowCount())]
        self.keys = [self._key(r) for r in range(model.rowCount())]
        self._apply()

    def _data_changed(self, top_left, bottom_right, _roles=()) -> None:
        if not top_left.isValid():
            return self.measure_all()
        first, last = top_left.column(), bottom_right.column()
        fitted = self._fitted()   # (asked once for the whole change: each question goes to the header)
        if len(self.cells) == self.view.model().rowCount() and not any(first <= c <= last for c in fitted):
            return   # only stretched columns changed: no width to work out (their rows keep their old keys,
            #          which differ from the new ones only in those columns)
        self.measure_rows(top_left.row(), bottom_right.row(), changed_only=True, fitted=fitted)

    def _rows_inserted(self, parent, first: int, last: int) -> None:
        if parent.isValid():
            return
        self.cells[first:first] = [self._row(r) for r in range(first, last + 1)]
        self.keys[first:first] = [self._key(r) for r in range(first, last + 1)]
        self._apply()

    def _rows_removed(self, parent, first: int, last: int) -> None:
        if parent.isValid():
            return
        del self.cells[first:last + 1]
        del self.keys[first:last + 1]
        self._apply()

    # -- sizing --------------------------------------------------------------------------------------------
    def width(self, column: int) -> int:
        """What ResizeToContents would make `column`: its widest cell (+1 for the grid) or its header's hint."""
        widest = max((row[column] for row in self.cells if column < len(row)), default=0)
        if widest and self.table is not None and self.table.showGrid():
            widest += 1
        head = self.heads[column] if column < len(self.heads) else 0
        return max(self.header.minimumSectionSize(), min(max(widest, head), self.header.maximumSectionSize()))

    def _apply(self, fitted: tuple | None = None) -> None:
        header = self.header
        for c in self._fitted() if fitted is None else fitted:
            w = self.width(c)
            if header.sectionSize(c) != w:
                header.resizeSection(c, w)
