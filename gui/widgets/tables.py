"""A read-only table of rows to pick from: whole rows selected one at a time, Tab leaving the table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget

from .content_columns import ContentColumns


def as_pick_list(view, name: str, accessible: str = ""):
    """`view` made a read-only list of rows to pick from: named, whole rows selected one at a time, Tab leaving
    it (arrows move inside), alternating rows, no row numbers, columns as wide as their contents."""
    view.setObjectName(name)
    if accessible:
        view.setAccessibleName(accessible)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setTabKeyNavigation(False)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.content_columns = ContentColumns(view)   # as wide as their contents, measured as rows change
    return view


def content_columns(view: QAbstractItemView) -> ContentColumns:
    """What sizes the columns of a view made a pick list (`as_pick_list` makes it the view's child)."""
    columns = view.findChild(ContentColumns, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if columns is None:
        raise LookupError(f"the view {view.objectName()!r} was not made a pick list")
    return columns


def pick_table(columns: list[str], name: str, accessible: str = "") -> QTableWidget:
    t = as_pick_list(QTableWidget(0, len(columns)), name, accessible)
    t.setHorizontalHeaderLabels(columns)
    return t


def pick_view(model, name: str, accessible: str, row_height: int) -> QTableView:
    """The same for a view of a Qt model (gui/widgets/rows_model.py): rows `row_height` tall, the last column
    stretched, long text elided (a row's tooltips give it whole)."""
    view = QTableView()
    view.setModel(model)
    as_pick_list(view, name, accessible)
    view.setWordWrap(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(row_height)
    header = view.horizontalHeader()
    header.setSectionResizeMode(model.columnCount() - 1, QHeaderView.ResizeMode.Stretch)  # it gives way, elided
    return view
