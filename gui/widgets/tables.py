"""A read-only table of rows to pick from: whole rows selected one at a time, Tab leaving the table."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


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
