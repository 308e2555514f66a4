"""The Soldiers page: the whole catalogue and a full roster in one screen at 1366x768, one gesture to hire, the
model's reasons on the blocked types, and an edit that repaints only the rows it changed."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QTableView

from model.systems.stargrave.actions import fill_the_rest

from .test_build_crew import W, goto, row_of
from tests.gui.test_new_player import new_crew


def in_sight(page, view, row: int) -> bool:
    """The row is drawn inside its table and inside the page's visible part."""
    rect = view.visualRect(view.model().index(row, 0))
    on_page = QRect(view.viewport().mapTo(page.viewport(), rect.topLeft()), rect.size())
    return view.viewport().rect().contains(rect) and page.viewport().rect().contains(on_page)


def test_the_whole_catalogue_and_a_full_roster_fit_one_screen_at_1366x768(win, user):
    win.resize(1366, 768)
    editor = new_crew(win, user)
    editor.session.apply(fill_the_rest(editor.session.data, editor.session.pack))
    assert len(editor.session.data["soldiers"]) == 8 and not [i for i in editor.session.issues if i.is_error]
    goto(user, editor, "Soldiers")
    QApplication.processEvents()
    page = editor.stack.currentWidget()
    catalogue, roster = W(editor, QTableView, "soldierCatalogue"), W(editor, QTableView, "soldierRoster")
    assert catalogue.model().rowCount() == len(editor.session.pack.data["soldiers"])
    assert all(in_sight(page, catalogue, r) for r in range(catalogue.model().rowCount()))
    assert all(in_sight(page, roster, r) for r in range(8))
    for view in (catalogue, roster):   # no table scrolls inside the page
        assert view.verticalScrollBar().maximum() == 0 and view.horizontalScrollBar().maximum() == 0
    hire = W(editor, object, "hireSoldier")
    corner = hire.mapTo(page.viewport(), QPoint(hire.width(), hire.height()))
    assert page.viewport().rect().contains(corner)


def test_SG_CREW_06_a_double_click_hires_and_blocked_types_say_why(win, user):
    editor = new_crew(win, user)
    goto(user, editor, "Soldiers")
    page = editor.stack.currentWidget()
    catalogue = W(editor, QTableView, "soldierCatalogue")
    assert "catalogue on the left" in page.empty.text() and page.empty.isVisible()
    for _ in range(4):
        user.click_row(catalogue, row_of(catalogue, "Medic"), double=True)   # one gesture each
    assert [s["type"] for s in editor.session.data["soldiers"]] == ["Medic"] * 4 and not page.empty.isVisible()
    trooper = catalogue.model().index(row_of(catalogue, "Trooper"), 1)
    assert trooper.data(Qt.ItemDataRole.ToolTipRole) == "Costs 50 Cr; only 0 Cr left."
    assert trooper.data(Qt.ItemDataRole.DecorationRole) is not None
    user.click_row(catalogue, trooper.row())
    assert page.hire_note.text().startswith("Costs 50 Cr; only 0 Cr left.")
    recruit = catalogue.model().index(row_of(catalogue, "Recruit"), 1)
    assert recruit.data(Qt.ItemDataRole.ToolTipRole) == "Double-click to hire"


def test_naming_a_soldier_repaints_no_row_of_the_lists(win, user):
    """The name is typed into the row's own field: no cell of the roster shows anything new (RowsModel tells
    only cells whose roles changed), and the catalogue is left alone."""
    editor = new_crew(win, user)
    editor.session.apply(fill_the_rest(editor.session.data, editor.session.pack))
    goto(user, editor, "Soldiers")
    page = editor.stack.currentWidget()
    said = {"roster": [], "catalogue": [], "reset": 0}
    page.roster_model.dataChanged.connect(lambda a, b: said["roster"].append((a.row(), b.row())))
    page.cat_model.dataChanged.connect(lambda a, b: said["catalogue"].append((a.row(), b.row())))
    for m in (page.roster_model, page.cat_model):
        m.modelReset.connect(lambda: said.__setitem__("reset", said["reset"] + 1))
    user.replace_text(W(editor, QLineEdit, "soldier_name_2"), "Vell")
    assert editor.session.data["soldiers"][2]["name"] == "Vell"
    assert said["roster"] == [] and said["catalogue"] == [] and said["reset"] == 0
