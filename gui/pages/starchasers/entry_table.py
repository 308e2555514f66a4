"""The weapons and equipment tables of a ship: a RowsModel whose cells are typed into in place.

Each document entry is one row (its pointer: /weapons/<i>); an edit repaints only the rows whose values
changed. A typed cell does not change the model: `edited(row, field, text)` goes to the page, which turns it
into an edit through the model's actions (model/systems/starchasers/ship_actions.py); the row follows the
document. Text that is no value is kept in its cell, marked, with the sentence saying why, until corrected.

Issues are painted by the binder: an issue about a field marks that cell (tint, icon, tooltip); one about the
entry as a whole marks the row's first cell.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QStyledItemDelegate, QTableView

from model.systems.starchasers.ship.actions import BadValue, cell_text

from model.issues import SEVERITY_ORDER

from ... import theme
from ...icons import severity_icon
from ...widgets.rows_model import Row, RowsModel


def worst_of(a: str, b: str) -> str:
    return min(a, b, key=lambda s: SEVERITY_ORDER.get(s, 9))


class EntryModel(RowsModel):
    edited = Signal(int, str, str)         # row, field, the text typed

    def __init__(self, listname: str, fields: list[tuple[str, str, str]], parent=None):
        super().__init__([h for _f, h, _k in fields], parent=parent)
        self.listname, self.fields = listname, fields
        self.kept: dict[tuple[int, int], tuple[str, str]] = {}   # (row, column): (text typed, what is wrong)
        self.cells: dict[str, tuple[str, str]] = {}               # field pointer: (severity, messages)

    def entry_rows(self, entries) -> list[Row]:
        entries = entries if isinstance(entries, list) else []
        if len(entries) != len(self.rows):
            self.kept.clear()  # rows came or went: a kept value no longer knows its row
        return [Row(key=str(i), pointer=f"/{self.listname}/{i}",
                    cells=tuple(cell_text(e.get(f) if isinstance(e, dict) else None, k) for f, _h, k in self.fields))
                for i, e in enumerate(entries)]

    def keep(self, row: int, column: int, text: str, why: str) -> None:
        self.kept[(row, column)] = (text, why)
        self._changed([row])

    def forget(self, row: int, column: int) -> None:
        if self.kept.pop((row, column), None) is not None:
            self._changed([row])

    def set_issues(self, issues: dict[str, tuple[str, str]], cells: dict[str, tuple[str, str]] | None = None) -> None:
        """The binder's marks: by row (`issues`) and by the exact pointer of each issue (`cells`). One about a
        field marks that cell; one about the entry as a whole marks the row."""
        if cells is None:
            super().set_issues(issues)
            return
        fields = {p: m for p, m in cells.items() if self._column_of(p) >= 0}
        whole: dict[str, tuple[str, str]] = {}
        for p, (severity, text) in cells.items():
            row = self.row_at_pointer(p) if p not in fields else -1
            if row >= 0:
                at = self.rows[row].pointer
                old = whole.get(at)
                worst = severity if old is None or worst_of(severity, old[0]) == severity else old[0]
                whole[at] = (worst, text if old is None else f"{old[1]}\n{text}")
        touched = {p.rsplit("/", 1)[0] for p in set(fields) | set(self.cells) if fields.get(p) != self.cells.get(p)}
        self.cells = fields
        super().set_issues(whole)
        self._changed([i for i, r in enumerate(self.rows) if r.pointer in touched])

    def _column_of(self, pointer: str) -> int:
        parts = pointer.split("/")
        if len(parts) != 4 or parts[1] != self.listname:
            return -1
        return next((i for i, (f, _h, _k) in enumerate(self.fields) if f == parts[3]), -1)

    # -- Qt's questions -----------------------------------------------------------------------------------
    def plain(self) -> bool:
        # no cell kept as typed nor marked: every cell says its row's roles (asked all at once by a repaint; role
        # by role, a repaint of the weapons made a hundred calls into Python)
        return not self.kept and not self.cells

    def _row_roles(self, row: Row) -> list[dict]:
        roles = super()._row_roles(row)
        for cell in roles:   # an editor starts from the text shown
            cell[Qt.ItemDataRole.EditRole] = cell[Qt.ItemDataRole.DisplayRole]
        return roles

    def flags(self, index):
        f = super().flags(index)
        return f | Qt.ItemFlag.ItemIsEditable if index.isValid() else f

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        if not self.kept and not self.cells:   # no cell kept as typed nor marked: the rows' own answers
            return super().data(index, Qt.ItemDataRole.DisplayRole if role == Qt.ItemDataRole.EditRole else role)
        kept = self.kept.get((index.row(), index.column()))
        mark = ("error", kept[1]) if kept else self.cells.get(f"{self.rows[index.row()].pointer}/"
                                                               f"{self.fields[index.column()][0]}")
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return kept[0] if kept else super().data(index, Qt.ItemDataRole.DisplayRole)
        if mark is not None:
            if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
                return mark[1]
            if role == Qt.ItemDataRole.BackgroundRole:
                return theme.tint(mark[0])
            if role == Qt.ItemDataRole.ForegroundRole:
                return QGuiApplication.palette().color(QPalette.ColorRole.Text)
            if role == Qt.ItemDataRole.DecorationRole:
                return severity_icon(mark[0])
        return super().data(index, role)

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return super().setData(index, value, role)
        self.edited.emit(index.row(), self.fields[index.column()][0], "" if value is None else str(value))
        return False   # the document decides: the row follows it


class ChoiceDelegate(QStyledItemDelegate):
    """A cell whose field has a list of values (the model's offers) is edited with that list, still open to
    typing (a named exotic skill is allowed, SC-SWPN-02)."""

    def __init__(self, view: EntryTable, choices: dict[str, list[str]]):
        super().__init__(view)
        self.view, self.choices = view, choices

    def _field(self, index) -> tuple[str, str, str]:
        return self.view.entries.fields[index.column()]

    def createEditor(self, parent, option, index):
        field, header, _kind = self._field(index)
        values = self.choices.get(field)
        if not values:
            return super().createEditor(parent, option, index)
        box = QComboBox(parent)
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.addItems(values)
        box.setObjectName(f"{self.view.entries.listname}_{field}_choice")
        box.setAccessibleName(f"{header}: choose or type")
        box.activated.connect(lambda _i, b=box: self.commitData.emit(b))
        return box

    def setEditorData(self, editor, index):
        if isinstance(editor, QComboBox):
            editor.setCurrentText(index.data(Qt.ItemDataRole.EditRole) or "")
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index):
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


class EntryTable(QTableView):
    """A list of the ship (weapons or equipment) shown by an EntryModel and edited in place."""

    def __init__(self, listname: str, fields: list[tuple[str, str, str]], choices: dict[str, list[str]]):
        super().__init__()
        self.entries = EntryModel(listname, fields, self)
        self.setModel(self.entries)
        self.setObjectName(f"{listname}Table")
        self.setAccessibleName(f"{listname.capitalize()} of the ship")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.setAlternatingRowColors(True)
        # columns fit their contents when rows come or go, and widen when a typed value needs it: an edit does
        # not make the header measure every row again (ResizeToContents does, on each change)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        # an empty table still shows columns a name or a choice fits in
        self.horizontalHeader().setMinimumSectionSize(self.fontMetrics().horizontalAdvance("Damage dice") + 16)
        self.verticalHeader().hide()
        self.setItemDelegate(ChoiceDelegate(self, choices))
        # as tall as its rows (and room for two more): no scroll bar of its own inside the scrolling page
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.entries.rowsInserted.connect(self._rows_added)
        self.entries.rowsRemoved.connect(self._fit)
        self.entries.dataChanged.connect(lambda top, bottom, _roles=(): self._widen(top.row(), bottom.row()))
        self._fit()

    def _rows_added(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._widen(first, last)
        self._fit()

    def _widen(self, first: int, last: int) -> None:
        """Widen a column whose new or changed cells no longer fit it: only those rows are measured (columns are
        not fitted to every row again on each edit)."""
        fm, stretched = self.fontMetrics(), self.entries.columnCount() - 1
        for col in range(stretched):
            need = max((fm.horizontalAdvance(self.entries.rows[r].cells[col] or "")
                        for r in range(first, last + 1) if r < len(self.entries.rows)), default=0)
            if need + 40 > self.columnWidth(col):   # room for the margins and an issue's icon
                self.resizeColumnToContents(col)

    def _fit(self, *_args) -> None:
        """The height shows every row and room for more. It changes only when the rows outgrow that room or
        leave much of it empty: a new height lays the whole page out again."""
        rows = self.entries.rowCount()
        slots = getattr(self, "_slots", 0)
        if rows + 1 > slots or rows + 4 < slots:
            self._slots = slots = max(rows + 2, 3)
            each = self.verticalHeader().defaultSectionSize()
            height = slots * each + self.horizontalHeader().sizeHint().height() + 2 * self.frameWidth()
            if self.horizontalScrollBar().isVisible():
                height += self.horizontalScrollBar().height()
            self.setFixedHeight(height)

    def take(self, row: int, field: str, text: str, make):
        """The edit `make(row, field, text)` builds for a typed cell, or None after keeping text that is no value
        in its cell, marked with the sentence saying why (the document keeps its last good value)."""
        column = next(i for i, (f, _h, _k) in enumerate(self.entries.fields) if f == field)
        try:
            edit = make(row, field, text)
        except BadValue as e:
            self.entries.keep(row, column, text, str(e))
            return None
        self.entries.forget(row, column)
        return edit

    def kept_words(self) -> list[str]:
        return [why for _text, why in self.entries.kept.values()]

    def current_row(self) -> int:
        return self.currentIndex().row() if self.currentIndex().isValid() else -1

    def select_pointer(self, pointer: str) -> None:
        """Select the row (and the field's cell) an issue is about."""
        row = self.entries.row_at_pointer(pointer)
        if row >= 0:
            col = max(self.entries._column_of(pointer), 0)
            self.setCurrentIndex(self.entries.index(row, col))

    def cell_text(self, row: int, column: int) -> str:
        return self.entries.data(self.entries.index(row, column)) or ""

    def cell_tip(self, row: int, column: int) -> str:
        return self.entries.data(self.entries.index(row, column), Qt.ItemDataRole.ToolTipRole) or ""
