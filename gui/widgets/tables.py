"""A read-only table of rows to pick from: whole rows selected one at a time, Tab leaving the table."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget


def pick_table(columns: list[str], name: str, accessible: str = "") -> QTableWidget:
    t = QTableWidget(0, len(columns))
    t.setObjectName(name)
    if accessible:
        t.setAccessibleName(accessible)
    t.setHorizontalHeaderLabels(columns)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
    t.setAlternatingRowColors(True)
    t.verticalHeader().hide()
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return t


def pick_view(model, name: str, accessible: str, row_height: int) -> QTableView:
    """The same for a view of a Qt model (gui/widgets/rows_model.py): rows `row_height` tall, the last column
    stretched, long text elided (a row's tooltips give it whole)."""
    view = QTableView()
    view.setModel(model)
    view.setObjectName(name)
    if accessible:
        view.setAccessibleName(accessible)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setTabKeyNavigation(False)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(row_height)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(model.columnCount() - 1, QHeaderView.ResizeMode.Stretch)  # it gives way, elided
    return view
