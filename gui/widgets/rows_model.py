"""Lists and tables as Qt models that change only the rows whose data changed.

A page describes what a list shows as plain `Row`s, built from the evaluation result (never from rules of
its own), and hands them to `RowsModel.set_rows`. The model compares them with what it shows: rows that
kept their key and data are left alone, changed rows emit `dataChanged`, new and gone rows are inserted
and removed. Nothing is refilled wholesale, so an edit repaints only what it changed.

Issues are painted on rows by the binder (gui/binding.py `Binder.rows`): each row may name the document
entry it shows (`pointer`); the binder gives the model, by row pointer, the worst severity and the messages
of the issues at or below it. The row then shows the severity icon in its first column, the messages in its
tooltip and its accessible description.

A tick in a row (`check` not None) does not change the model: the model emits `toggled(key, checked)` and
the page turns it into an edit; the row follows when the document has changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()   # the invalid index: the top of a table (Qt's default argument, made once)
ACCESSIBLE_DESCRIPTION = Qt.ItemDataRole.AccessibleDescriptionRole
KEY_ROLE = Qt.ItemDataRole.UserRole
POINTER_ROLE = Qt.ItemDataRole.UserRole + 1
SEVERITY_ROLE = Qt.ItemDataRole.UserRole + 2
CHECKED, UNCHECKED = Qt.CheckState.Checked.value, Qt.CheckState.Unchecked.value


@dataclass(frozen=True)
class Row:
    key: str                              # who the row is (a power's name, an entry's pointer): kept across edits
    cells: tuple                          # what each column shows
    tips: tuple = ()                      # tooltip of each column ("" or missing: none)
    icons: tuple = ()                     # icon name of each column ("" or missing: none)
    check: bool | None = None             # a tick in the first column (None: no tick box)
    pointer: str = ""                     # the document entry shown (its issues are painted on the row)
    enabled: bool = True                  # False: shown greyed (e.g. a power that cannot be taken)
    center: tuple = ()                    # columns whose text is centred
    data: Any = field(default=None, compare=True)  # anything the page wants back (KEY_ROLE gives the key)


def common_ends(old: list, new: list) -> tuple[int, int]:
    """(head, tail): how many items at the start and, after those, at the end the two lists share. What lies
    between is what changed: the rest can stay as it is shown."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


class RowsModel(QAbstractTableModel):
    toggled = Signal(str, bool)          # a row's tick was clicked: (key, checked)

    def __init__(self, headers: list[str], header_tips: list[str] | None = None, parent=None):
        super().__init__(parent)
        self.headers = list(headers)
        self.header_tips = list(header_tips or [])
        self.rows: list[Row] = []
        self.issues: dict[str, tuple[str, str]] = {}   # row pointer -> (severity, messages)
        self._roles: dict[int, list[dict]] = {}          # row -> its cells' roles, made when first asked
        self._source: Any = None                          # what the rows were last made from (set_rows_from)

    # -- what the page says ---------------------------------------------------------------------------
    def set_rows_from(self, source: Any, make) -> None:
        """`set_rows(make())` unless `source`, what the rows are made from (offers of the Result), equals
        what they were last made from: most edits leave most lists' offers as they were, and comparing them
        costs a fraction of making every row again to find that none changed."""
        if self._source is not None and source == self._source:
            return
        self.set_rows(make())
        self._source = source

    def set_rows(self, rows: list[Row]) -> None:
        """Show `rows`: only what differs from what is shown is told to the views."""
        self._source = None
        old, new = self.rows, list(rows)
        if [r.key for r in old] == [r.key for r in new]:
            self.rows = new
            self._changed([i for i, (a, b) in enumerate(zip(old, new)) if a != b], old)
            return
        # keep the common head and tail; insert or remove in the middle; then tell the changed rows
        head, tail = common_ends([r.key for r in old], [r.key for r in new])
        gone = len(old) - head - tail
        come = len(new) - head - tail
        self._roles.clear()   # rows moved: their cached answers would sit at the wrong index
        if gone:
            self.beginRemoveRows(QModelIndex(), head, head + gone - 1)
            self.rows = old[:head] + old[head + gone:]
            self.endRemoveRows()
            self._roles.clear()
        if come:
            self.beginInsertRows(QModelIndex(), head, head + come - 1)
            self.rows = self.rows[:head] + new[head:head + come] + self.rows[head:]
            self.endInsertRows()
            self._roles.clear()
        before = old[:head] + [None] * come + old[len(old) - tail:]
        self.rows = new
        self._roles.clear()
        self._changed([i for i, (a, b) in enumerate(zip(before, new)) if a is not None and a != b])

    def set_issues(self, issues: dict[str, tuple[str, str]], cells: dict[str, tuple[str, str]] | None = None) -> None:
        """Issues by row pointer (the binder's paint): repaint the rows whose marks changed. `cells` has the
        same issues by their own pointers, for a model that marks the cell of a field (unused here)."""
        if issues == self.issues:
            return
        changed = {p for p in set(issues) | set(self.issues) if issues.get(p) != self.issues.get(p)}
        self.issues = dict(issues)
        self._changed([i for i, r in enumerate(self.rows) if r.pointer and r.pointer in changed])

    def _changed(self, rows: list[int], before: list[Row] | None = None) -> None:
        """Tell the views which cells of `rows` show something new: a cell is repainted only when one of its
        roles changed (a row whose status words changed repaints that cell, not its name and tick), a whole row
        when it was never shown or its enabled state changed. Runs of rows changed in the same columns go as
        one range. `before`: the rows shown until now, at the same indexes. A model whose `data` says more than
        its rows' roles (marks of its own) has its changed rows repainted whole."""
        spans = []   # (row, first column, last column)
        own_roles = type(self).data is RowsModel.data
        for r in rows:
            old = self._roles.pop(r, None)
            if old is None or not own_roles:
                spans.append((r, 0, len(self.headers) - 1))
                continue
            new = self._roles[r] = self._row_roles(self.rows[r])
            cols: Sequence[int]
            if before is not None and before[r].enabled != self.rows[r].enabled:
                cols = range(len(new))
            else:
                cols = [c for c in range(len(new)) if c >= len(old) or old[c] != new[c]]
            if cols:
                spans.append((r, cols[0], cols[-1]))
        start = None
        for i, span in enumerate(spans + [None]):
            if start is not None and (span is None or span[0] != spans[i - 1][0] + 1 or span[1:] != start[1:]):
                self.dataChanged.emit(self.index(start[0], start[1]), self.index(spans[i - 1][0], start[2]))
                start = None
            if span is not None and start is None:
                start = span

    # -- finding rows -----------------------------------------------------------------------------------
    def row_of(self, key: str) -> int:
        return next((i for i, r in enumerate(self.rows) if r.key == key), -1)

    def row_at_pointer(self, pointer: str) -> int:
        """The row showing `pointer` or an entry containing it (-1: none)."""
        best, depth = -1, -1
        for i, r in enumerate(self.rows):
            if r.pointer and (pointer == r.pointer or pointer.startswith(r.pointer + "/")) and len(r.pointer) > depth:
                best, depth = i, len(r.pointer)
        return best

    def measure_key(self, row: int) -> tuple[tuple, tuple]:
        """What the size of a row's cells depends on (gui/widgets/content_columns.py measures a changed row
        again only when this changed for a column it fits): each column's text and icon; for all, whether it has a
        tick box, whether an issue puts its icon in the first column, and the font. Whether the box is ticked is
        not: a ticked and an unticked box are as wide (ticking an item measured its row again at every tick)."""
        r = self.rows[row]
        columns = tuple((r.cells[c] if c < len(r.cells) else "", r.icons[c] if c < len(r.icons) else "")
                        for c in range(len(self.headers)))
        return columns, (r.check is not None, bool(r.pointer and r.pointer in self.issues), self.font_key(r))

    def font_key(self, row: Row):
        """Anything that changes a row's font (a model that sets FontRole says what)."""
        return None

    def key_at(self, row: int) -> str | None:
        return self.rows[row].key if 0 <= row < len(self.rows) else None

    # -- Qt's questions -----------------------------------------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        if role == Qt.ItemDataRole.ToolTipRole and section < len(self.header_tips):
            return self.header_tips[section] or None
        return None

    def flags(self, index: _Index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        row = self.rows[index.row()]
        f = Qt.ItemFlag.ItemIsSelectable
        if row.enabled:
            f |= Qt.ItemFlag.ItemIsEnabled
        if row.check is not None and index.column() == 0:
            f |= Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        return f

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        # A view asks each cell for a dozen roles at every repaint: the answers are worked out once per row
        # (again only when the row or its issues change) and then looked up (tests/benchmarks/bench_gui.py).
        r = index.row()
        roles = self._roles.get(r)
        if roles is None:
            if not index.isValid() or r >= len(self.rows):
                return None
            roles = self._roles[r] = self._row_roles(self.rows[r])
        c = index.column()
        value = roles[c].get(role) if c < len(roles) else None
        return Qt.CheckState(value) if role == Qt.ItemDataRole.CheckStateRole and value is not None else value

    def multiData(self, index: _Index, span) -> None:
        """A view asks for all the roles of a cell at once: one call from Qt instead of one per role (about ten
        per cell, each through a new Python wrapper of the index). A model whose `data` says more than its
        rows' roles is asked role by role, as Qt would, while it does (`plain`)."""
        if not self.plain():
            return super().multiData(index, span)
        r = index.row()
        roles = self._roles.get(r)
        if roles is None:
            if not index.isValid() or r >= len(self.rows):
                return super().multiData(index, span)   # (every role cleared, as data() answers None)
            roles = self._roles[r] = self._row_roles(self.rows[r])
        c = index.column()
        cell = roles[c] if c < len(roles) else {}
        for item in span:   # every role answered: Qt may hand the same span from cell to cell
            value = cell.get(item.role())
            if value is None:
                item.clearData()
            else:
                item.setData(value)
        return None

    def plain(self) -> bool:
        """Whether what the rows' roles say is all this model says now (a model whose `data` adds marks of its own
        says when it has none, and is then asked the quick way)."""
        return type(self).data is RowsModel.data

    def _row_roles(self, row: Row) -> list[dict]:
        """Every role of every cell of `row`: {role: value} by column."""
        from ..icons import icon, severity_icon
        mark = self.issues.get(row.pointer) if row.pointer else None
        out = []
        for col in range(len(self.headers)):
            value = row.cells[col] if col < len(row.cells) else ""
            tip = row.tips[col] if col < len(row.tips) else ""
            name = row.icons[col] if col < len(row.icons) else ""
            cell: dict[int, object] = {Qt.ItemDataRole.DisplayRole: "" if value is None else str(value),
                    Qt.ItemDataRole.ToolTipRole: "\n".join(x for x in (tip, mark[1] if mark else "") if x) or None,
                    ACCESSIBLE_DESCRIPTION: mark[1] if mark else None,
                    Qt.ItemDataRole.DecorationRole: severity_icon(mark[0]) if col == 0 and mark else
                    (icon(name) if name else None),
                    KEY_ROLE: row.key, POINTER_ROLE: row.pointer, SEVERITY_ROLE: mark[0] if mark else ""}
            if col == 0 and row.check is not None:   # a number: handing Qt an enum member cost a tenth of a repaint
                cell[Qt.ItemDataRole.CheckStateRole] = CHECKED if row.check else UNCHECKED
            if col in row.center:
                cell[Qt.ItemDataRole.TextAlignmentRole] = int(Qt.AlignmentFlag.AlignCenter)
            out.append(cell)
        return out

    def setData(self, index: _Index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid() or index.column() != 0:
            return False
        row = self.rows[index.row()]
        if row.check is None:
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        self.toggled.emit(row.key, checked)
        return False   # the document decides: the row follows it on the next set_rows


def rows_of(model: QAbstractItemModel | None) -> RowsModel:
    """`model` (a view's, or a proxy's source, which Qt types as any model) as the RowsModel it is."""
    if not isinstance(model, RowsModel):
        raise TypeError(f"a view was given a {type(model).__name__}, not the RowsModel its page shows")
    return model
