"""RowsModel tells views only what changed; the binder paints issues on rows and catches hidden pages up."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QTableView

from gui.binding import Binder
from gui.editor import DocumentEditor
from gui.session import Session
from gui.widgets.rows_model import SEVERITY_ROLE, Row, RowsModel
from model import edits
from model.issues import ERROR

EXAMPLES = Path(__file__).resolve().parents[3] / "resources" / "examples"


def _spy(model: RowsModel) -> list:
    seen = []
    model.dataChanged.connect(lambda a, b: seen.append(("changed", a.row(), b.row())))
    model.rowsInserted.connect(lambda _p, a, b: seen.append(("inserted", a, b)))
    model.rowsRemoved.connect(lambda _p, a, b: seen.append(("removed", a, b)))
    model.modelReset.connect(lambda: seen.append(("reset",)))
    return seen


def rows(*names, marked=()):
    return [Row(n, (n, "x" if n in marked else "")) for n in names]


def test_same_rows_tell_nothing_and_a_changed_row_tells_only_itself(qtbot):
    m = RowsModel(["Name", "Mark"])
    m.set_rows(rows("a", "b", "c", "d"))
    seen = _spy(m)
    m.set_rows(rows("a", "b", "c", "d"))
    assert seen == []
    m.set_rows(rows("a", "b", "c", "d", marked=("c",)))
    assert seen == [("changed", 2, 2)]
    assert m.data(m.index(2, 1)) == "x"


def test_rows_added_and_removed_in_the_middle_keep_the_others(qtbot):
    m = RowsModel(["Name", "Mark"])
    m.set_rows(rows("a", "b", "c", "d"))
    seen = _spy(m)
    m.set_rows(rows("a", "x", "y", "d"))
    assert seen == [("removed", 1, 2), ("inserted", 1, 2)]
    assert [m.key_at(i) for i in range(m.rowCount())] == ["a", "x", "y", "d"]
    seen.clear()
    m.set_rows(rows("a", "d", marked=("d",)))
    assert seen == [("removed", 1, 2), ("changed", 1, 1)]
    assert m.rowCount() == 2 and m.data(m.index(1, 1)) == "x"


def test_a_tick_asks_the_page_and_changes_nothing_by_itself(qtbot):
    m = RowsModel(["Power"])
    m.set_rows([Row("Heal", ("Heal",), check=False)])
    asked = []
    m.toggled.connect(lambda key, on: asked.append((key, on)))
    assert m.flags(m.index(0, 0)) & Qt.ItemFlag.ItemIsUserCheckable
    m.setData(m.index(0, 0), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert asked == [("Heal", True)]
    assert m.data(m.index(0, 0), Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked


def test_issues_are_painted_on_the_row_of_their_entry(qtbot):
    session = Session.open(str(EXAMPLES / "ashen-comet-veteran.starwright"))
    binder = Binder(session)   # no pages: nothing waits for a form to be built
    view = QTableView()
    qtbot.addWidget(view)
    model = RowsModel(["Item"])
    view.setModel(model)
    binder.rows("/captain/items", view, None, model,
                  lambda items: [Row(f"/captain/items/{i}", (x,), pointer=f"/captain/items/{i}")
                                 for i, x in enumerate(items or [])])
    assert model.rowCount() == len(session.data["captain"]["items"])
    n = model.rowCount()
    session.apply(edits.Insert("/captain/items/-", "No Such Gadget"))
    assert model.rowCount() == n + 1
    issue = next(i for i in session.issues if i.pointer == f"/captain/items/{n}" and i.severity == ERROR)
    assert model.data(model.index(n, 0), SEVERITY_ROLE) == ERROR
    assert issue.message in model.data(model.index(n, 0), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(0, 0), SEVERITY_ROLE) == ""
    session.stack.undo()
    assert model.rowCount() == n
    assert all(model.data(model.index(r, 0), SEVERITY_ROLE) != ERROR or
               any(i.pointer == f"/captain/items/{r}" for i in session.issues) for r in range(n))


def test_a_hidden_page_follows_the_edits_it_missed_when_shown(qtbot):
    e = DocumentEditor(Session.open(str(EXAMPLES / "ashen-comet-veteran.starwright")))
    qtbot.addWidget(e)
    e.show()
    captain, first_mate = e.pages[1], e.pages[2]
    e.show_page(captain)
    e.show_page(first_mate)  # both built; the Captain page is hidden now
    e.session.apply(edits.Set("/captain/name", "Renamed Captain"))
    assert e.binder._stale.get(id(captain))  # waiting for the page to be seen
    e.show_page(captain)
    assert not e.binder._stale.get(id(captain))
    assert "Renamed Captain" in [w.text() for w in captain.findChildren(QLineEdit)]


def test_rows_made_from_the_same_offers_are_not_made_again():
    model = RowsModel(["Name", "Mark"])
    made = []

    def make(names):
        made.append(names)
        return rows(*names)
    offers = ["a", "b"]
    model.set_rows_from(offers, lambda: make(offers))
    seen = _spy(model)
    model.set_rows_from(list(offers), lambda: make(["never"]))   # equal offers, another list: nothing to do
    assert made == [["a", "b"]] and seen == [] and [r.key for r in model.rows] == ["a", "b"]
    model.set_rows_from(["a", "c"], lambda: make(["a", "c"]))
    assert [r.key for r in model.rows] == ["a", "c"] and len(made) == 2
    model.set_rows(rows("x"))                                     # rows set directly: the offers are forgotten
    model.set_rows_from(["a", "c"], lambda: make(["a", "c"]))
    assert [r.key for r in model.rows] == ["a", "c"] and made[-1] == ["a", "c"] and len(made) == 3


def test_a_cell_gives_every_role_at_once_as_it_gives_each_alone(qtbot):
    """Views ask a cell for all its roles in one multiData call: the answers are those of data()."""
    from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan

    from gui.pages.stargrave.officer.rows import PowerModel
    for model in (RowsModel(["Name", "Mark"]), PowerModel(["Power", "Basic"])):
        model.set_rows([Row("a", ("Knife", "x"), tips=("a tip",), icons=("", "ok"), check=True, pointer="/a",
                            center=(1,), data={"basic": True}),
                        Row("b", ("Pistol", ""), check=False, enabled=False)])
        model.set_issues({"/a": (ERROR, "too many")})
        roles = [int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole,
                                  Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
                                  Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.CheckStateRole,
                                  Qt.ItemDataRole.AccessibleDescriptionRole, Qt.ItemDataRole.UserRole,
                                  SEVERITY_ROLE, Qt.ItemDataRole.BackgroundRole)]
        asked_of = {role: QModelRoleData(role) for role in roles}   # one span per role, handed from cell to
        for r in range(2):                                           # cell as a view may: nothing is left over
            for c in range(2):
                index = model.index(r, c)
                for role in roles:
                    asked = asked_of[role]
                    model.multiData(index, QModelRoleDataSpan(asked))
                    alone = model.data(index, role)
                    if alone is None:
                        assert asked.data() is None, (r, c, role)
                    elif role == Qt.ItemDataRole.CheckStateRole:
                        assert Qt.CheckState(asked.data()) == alone
                    elif role in (Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.FontRole):
                        assert asked.data() is not None and type(asked.data()) is type(alone)
                    else:
                        assert asked.data() == alone, (r, c, role)
        assert model.data(model.index(0, 0), Qt.ItemDataRole.FontRole) is not None or not isinstance(model, PowerModel)


def _shown(m: RowsModel) -> None:
    """Every cell asked for its roles, as a view painting them does."""
    for r in range(m.rowCount()):
        for c in range(m.columnCount()):
            m.data(m.index(r, c))


def _cells_told(m: RowsModel) -> list:
    seen = []
    m.dataChanged.connect(lambda a, b: seen.append(((a.row(), a.column()), (b.row(), b.column()))))
    return seen


def test_a_shown_row_tells_only_the_cells_that_show_something_new(qtbot):
    """A row whose status words changed repaints that cell, not its name and tick; a row that greys out (or
    comes back) repaints whole; a row whose data changed but shows the same tells nothing."""
    def row(name, status, enabled=True, extra=None):
        return Row(name, (name, 1, status), check=False, enabled=enabled, data={"extra": extra})
    m = RowsModel(["Item", "Slots", "Status"])
    m.set_rows([row("Knife", "needs 1 slot, 1 free"), row("Pistol", "Fits"), row("Rifle", "Fits")])
    _shown(m)
    seen = _cells_told(m)
    m.set_rows([row("Knife", "needs 1 slot, 0 free"), row("Pistol", "Fits", extra=1),
                row("Rifle", "needs 2 slots, 0 free", enabled=False)])
    assert seen == [((0, 2), (0, 2)), ((2, 0), (2, 2))]
    assert m.data(m.index(0, 2)) == "needs 1 slot, 0 free" and not m.flags(m.index(2, 1)) & Qt.ItemFlag.ItemIsEnabled
    seen.clear()
    m.set_rows([row("Knife", "Fits"), row("Pistol", "Fits", extra=1), row("Rifle", "needs 2 slots, 0 free", enabled=False)])
    assert seen == [((0, 2), (0, 2))]   # one run per block of rows changed in the same cells
    seen.clear()
    m.set_rows([row("Knife", "Full"), row("Pistol", "Full", extra=1), row("Rifle", "needs 2 slots, 0 free", enabled=False)])
    assert seen == [((0, 2), (1, 2))]


def test_a_row_never_shown_is_told_whole(qtbot):
    m = RowsModel(["Item", "Status"])
    m.set_rows([Row("a", ("Knife", "Fits"))])
    seen = _cells_told(m)
    m.set_rows([Row("a", ("Knife", "Full"))])
    assert seen == [((0, 0), (0, 1))]


def test_a_table_repaints_only_the_changed_cells(qtbot):
    """FittedTable turns a change of some cells of some rows into a repaint of just those cells (Qt's own view
    repaints every row touched, across the table)."""
    from PySide6.QtCore import QEvent, QObject

    from gui.widgets.fitted_views import FittedTable
    m = RowsModel(["Item", "Slots", "Status"])
    m.set_rows([Row(str(i), (f"Item {i}", 1, "Fits")) for i in range(6)])
    view = FittedTable()
    view.setModel(m)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(50)   # the first paint asks every shown cell for its roles
    painted = []

    class Spy(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                painted.append(event.region().boundingRect())
            return False
    spy = Spy()
    view.viewport().installEventFilter(spy)
    m.set_rows([Row(str(i), (f"Item {i}", 1, "Full" if i in (2, 3) else "Fits")) for i in range(6)])
    qtbot.waitUntil(lambda: bool(painted))
    cell_2, cell_3 = view.visualRect(m.index(2, 2)), view.visualRect(m.index(3, 2))
    area = painted[-1]
    assert area.contains(cell_2) and area.contains(cell_3)
    assert area.left() >= view.columnViewportPosition(2) and area.top() == view.rowViewportPosition(2)
    assert area.bottom() < view.rowViewportPosition(4)


def test_a_model_with_marks_of_its_own_repaints_its_changed_rows_whole(qtbot):
    """A model whose data() answers from more than its rows (the Starchasers tables' kept cells and field
    marks) is not compared role by role: the rows it says changed are told whole."""
    class Marked(RowsModel):
        marks: dict = {}

        def data(self, index, role=Qt.ItemDataRole.DisplayRole):
            if role == Qt.ItemDataRole.ToolTipRole and (index.row(), index.column()) in self.marks:
                return self.marks[(index.row(), index.column())]
            return super().data(index, role)
    m = Marked(["Name", "Cost"])
    m.set_rows([Row("a", ("Knife", "5"))])
    _shown(m)
    seen = _cells_told(m)
    m.marks = {(0, 1): "typed text kept"}
    m._changed([0])
    assert seen == [((0, 0), (0, 1))]
