"""Pick-list columns are as wide as Qt's ResizeToContents would make them, measuring only the rows that change."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLineEdit

from gui.widgets.content_columns import ContentColumns
from gui.widgets.rows_model import Row, RowsModel
from gui.widgets.tables import pick_view

EXAMPLES = Path(__file__).resolve().parents[3] / "resources" / "examples"


def _qt_width(view, column: int) -> int:
    """What QHeaderView's ResizeToContents gives a column (every row is shown: no scrolling in these tests)."""
    h = view.horizontalHeader()
    return max(view.sizeHintForColumn(column), h.sectionSizeHint(column))


def _assert_like_qt(view) -> None:
    h = view.horizontalHeader()
    for c in range(h.count()):
        if h.sectionResizeMode(c) != QHeaderView.ResizeMode.Stretch:
            assert h.sectionSize(c) == _qt_width(view, c), f"column {c}"


class _Counting(RowsModel):
    """Counts the rows asked for their text (a measured cell asks for it)."""

    def __init__(self, *a):
        super().__init__(*a)
        self.asked: list[int] = []

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole:
            self.asked.append(index.row())
        return super().data(index, role)


def _view(qtbot, model):
    view = pick_view(model, "t", "a table", 22)
    view.resize(700, 400)
    qtbot.addWidget(view)
    view.show()
    return view


def test_widths_follow_changed_inserted_and_removed_rows_as_resize_to_contents_would(qtbot):
    m = RowsModel(["Name", "Cost", "Notes"])
    m.set_rows([Row("a", ("Knife", "5", "x")), Row("b", ("Pistol", "10", "y"))])
    view = _view(qtbot, m)
    _assert_like_qt(view)
    wide = view.horizontalHeader().sectionSize(0)
    m.set_rows([Row("a", ("A very much longer name of a knife", "5", "x")), Row("b", ("Pistol", "10", "y"))])
    assert view.horizontalHeader().sectionSize(0) > wide
    _assert_like_qt(view)
    m.set_rows([Row("b", ("Pistol", "10", "y"))])    # the long row goes: the column narrows again
    assert view.horizontalHeader().sectionSize(0) == wide or view.horizontalHeader().sectionSize(0) < wide + 1
    _assert_like_qt(view)
    m.set_rows([Row("b", ("Pistol", "10", "y")), Row("c", ("Grenades", "1000000", "z"))])
    _assert_like_qt(view)
    m.set_rows([])
    _assert_like_qt(view)


def test_a_changed_row_is_measured_alone(qtbot):
    m = _Counting(["Name", "Cost", "Notes"])
    m.set_rows([Row(str(i), (f"Item {i}", str(i), "")) for i in range(30)])
    view = _view(qtbot, m)
    qtbot.wait(10)
    m.asked.clear()
    m.set_rows([Row(str(i), (f"Item {i}" + ("!" if i == 7 else ""), str(i), "")) for i in range(30)])
    measured = set(m.asked)
    assert measured == {7}, f"rows asked for their text outside a repaint: {sorted(measured)}"
    _assert_like_qt(view)


def test_a_field_in_a_cell_counts_with_its_size_hint(qtbot):
    m = RowsModel(["#", "Name", "Notes"])
    m.set_rows([Row("a", ("1", "", "n"))])
    view = _view(qtbot, m)
    field = QLineEdit()
    field.setMinimumWidth(160)
    view.setIndexWidget(m.index(0, 1), field)
    view.content_columns.measure_rows(0, 0)
    assert view.horizontalHeader().sectionSize(1) >= 160
    _assert_like_qt(view)


def test_a_stretched_column_is_left_to_the_header(qtbot):
    m = RowsModel(["Name", "Notes"])
    m.set_rows([Row("a", ("Knife", "a note"))])
    view = _view(qtbot, m)   # pick_view stretches the last column
    assert view.horizontalHeader().sectionResizeMode(1) == QHeaderView.ResizeMode.Stretch
    before = view.horizontalHeader().sectionSize(1)
    m.set_rows([Row("a", ("Knife", "a much, much longer note than before"))])
    assert view.horizontalHeader().sectionSize(1) == before
    assert isinstance(view.content_columns, ContentColumns)


def test_every_pick_list_of_the_stargrave_pages_is_as_wide_as_qt_would_make_it(win, qtbot):
    from model import edits
    checked = 0
    for name in ("ashen-comet-veteran", "broken-crew"):   # a crew with problems: issue icons in the lists
        e = win.open_path(str(EXAMPLES / f"{name}.starwright"))
        s = e.session
        s.apply(edits.Insert("/captain/items/-", "Grenades"))
        s.apply(edits.Set("/first_mate/background", "Cyborg"))
        for page in e.pages:
            e.show_page(page)
            qtbot.wait(1)
            for cc in page.findChildren(ContentColumns):
                _assert_like_qt(cc.view)
                checked += 1
    assert checked >= 10


def test_a_row_changed_only_in_its_stretched_column_is_not_measured(qtbot):
    m = _Counting(["Item", "Slots", "Status"])
    m.set_rows([Row(str(i), (f"Item {i}", "1", "Fits")) for i in range(20)])
    view = _view(qtbot, m)   # the last column stretches
    qtbot.wait(10)
    m.asked.clear()
    m.set_rows([Row(str(i), (f"Item {i}", "1", "Fits" if i % 2 else "needs 1 slot, 0 free")) for i in range(20)])
    assert m.asked == []
    m.set_rows([Row(str(i), (f"Item {i}", "2" if i == 3 else "1", "Fits")) for i in range(20)])
    assert set(m.asked) == {3}
    _assert_like_qt(view)


def test_a_row_ticked_or_unticked_is_not_measured_again(qtbot):
    """A ticked and an unticked box are as wide: ticking an item (one edit) measured its row again every time."""
    m = _Counting(["Item", "Slots", "Status"])
    m.set_rows([Row(str(i), (f"Item {i}", "1", "Fits"), check=False) for i in range(20)])
    view = _view(qtbot, m)
    qtbot.wait(10)
    m.asked.clear()
    m.set_rows([Row(str(i), (f"Item {i}", "1", "Fits"), check=i == 3) for i in range(20)])
    assert m.asked == []
    m.set_rows([Row(str(i), (f"Item {i}", "1", "Fits"), check=None if i == 5 else i == 3) for i in range(20)])
    assert set(m.asked) == {5}   # a row that loses its tick box is narrower: measured
    _assert_like_qt(view)
