"""Tab order that follows reading order: the order of the layouts, not the order the widgets were made in.

Rows added later (a new motivator, a hired soldier's name field) would otherwise go to the end of the chain,
after the buttons below them. A box lays out left to right or top to bottom, a grid row by row, a form
label then field; a table comes before the fields in its cells, row by row. Columns side by side are read
one after the other, as a person reads a page of two columns.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QFormLayout, QGridLayout, QLayout, QListView, QWidget



def reading_order(root: QWidget) -> list[QWidget]:
    out: list[QWidget] = []

    def widget(w: QWidget) -> None:
        if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None:
            out.append(w)
        if isinstance(w, QAbstractItemView):
            if not w.viewport().findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
                return   # no field in any cell: nothing to look up cell by cell (a long catalogue, after each edit)
            model, top = w.model(), QModelIndex()
            for r in range(model.rowCount(top)):
                for c in range(1 if isinstance(w, QListView) else model.columnCount(top)):
                    cell = w.indexWidget(model.index(r, c))
                    if cell is not None:
                        widget(cell)
            return
        if (inner := w.layout()) is not None:
            layout(inner)

    def layout(lay: QLayout) -> None:
        if isinstance(lay, QGridLayout):
            # (row, column, row span, column span): PySide6's stub types it as object
            order = sorted(range(lay.count()), key=lambda i: cast(tuple[int, int, int, int], lay.getItemPosition(i))[:2])
            items = [lay.itemAt(i) for i in order]
        elif isinstance(lay, QFormLayout):
            items = [lay.itemAt(r, role) for r in range(lay.rowCount())
                     for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole,
                                  QFormLayout.ItemRole.SpanningRole)]
        else:
            items = [lay.itemAt(i) for i in range(lay.count())]
        for item in items:
            if item is None:
                continue
            if (w := item.widget()) is not None:
                widget(w)
            elif (inner := item.layout()) is not None:
                layout(inner)

    if (top := root.layout()) is not None:
        layout(top)
    return out


def apply(root: QWidget, previous: list | None = None) -> list[int]:
    """Chain the tab order of `root`'s widgets in reading order (skipped when it is what it was).

    Every pair is chained (Qt moves a compound widget, a spin box and its line, as a block) without first walking
    the focus chain to find the pairs out of order: PySide makes a widget that a call returns a child of the
    widget it was asked of (its return-value heuristic), so `nextInFocusChain` made the editor a "child" of the
    last field of a page, and deleting that field (a row removed, a form given back) left the Python side of the
    editor and all it holds dead while its widgets lived (tests/gui/test_kept_forms.py)."""
    order = reading_order(root)
    ids = [id(w) for w in order]
    if previous is None or ids != previous:
        for a, b in zip(order, order[1:]):
            QWidget.setTabOrder(a, b)
    return ids
