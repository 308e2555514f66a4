"""Star Frontiers shop and Owned list as Qt model/views: rows read the model's offers (whether a buy fits
now and why not), a double-click buys, an edit repaints only the rows it changed, and each entry's issues
are painted on its row."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QTableView

from gui.widgets.rows_model import KEY_ROLE, SEVERITY_ROLE
from tests.conftest import EXAMPLES

from tests.gui.pages.stargrave.test_build_crew import W, goto


def row_of(view: QTableView, name: str) -> int:
    m = view.model()
    return next(r for r in range(m.rowCount()) if m.index(r, 0).data(KEY_ROLE) == name)


def note(view: QTableView, name: str) -> str:
    return view.model().index(row_of(view, name), 3).data()


def test_SF_EQ_12_the_shop_says_what_fits_the_credits_left_and_a_double_click_buys(win, user):
    editor = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))   # 150 Cr left
    goto(user, editor, "Equipment")
    shop = W(editor, QTableView, "sf_shop")
    assert note(shop, "Laser Pistol") == "over budget" and note(shop, "Tangler Grenade") == ""
    assert "more than the credits left" in shop.model().index(row_of(shop, "Laser Pistol"), 3).data(
        Qt.ItemDataRole.ToolTipRole)
    credits = W(editor, QSpinBox, "sf_credits")
    user.replace_text(credits, "1500")
    user.key(credits, Qt.Key.Key_Return)
    assert note(shop, "Laser Pistol") == ""           # 650 Cr left now: it fits
    assert note(shop, "Heavy Laser") == "over budget"
    changed: list[tuple[int, int]] = []
    shop.model().sourceModel().dataChanged.connect(lambda a, b: changed.append((a.row(), b.row())))
    user.key(credits, Qt.Key.Key_Up)                  # +50 Cr: only the Grenade Rifle (700 Cr) crosses
    assert note(shop, "Grenade Rifle") == ""
    grenade_rifle = shop.model().mapToSource(shop.model().index(row_of(shop, "Grenade Rifle"), 0)).row()
    assert changed == [(grenade_rifle, grenade_rifle)]
    user.click_row(shop, row_of(shop, "Laser Pistol"), double=True)
    assert editor.session.data["equipment"][-1] == {"name": "Laser Pistol", "count": 1}
    assert note(shop, "Laser Pistol") == "over budget"   # 100 Cr left: a second one does not fit
    user.click_row(shop, row_of(shop, "Tangler Grenade"), double=True)
    assert note(shop, "Tangler Grenade") == "1 owned"
    owned = W(editor, QTableView, "sf_owned")
    assert [owned.model().index(r, 0).data() for r in range(owned.model().rowCount())][-2:] == [
        "Laser Pistol", "Tangler Grenade"]


def test_SF_EQ_12_a_heading_is_not_bought_and_the_kind_filter_shows_one_list(win, user):
    editor = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    goto(user, editor, "Equipment")
    shop = W(editor, QTableView, "sf_shop")
    before = json.dumps(editor.session.data)
    user.click_row(shop, row_of(shop, "#weapon"), double=True)
    assert json.dumps(editor.session.data) == before
    kind = W(editor, QComboBox, "sf_shop_kind")
    kind.setCurrentIndex(kind.findData("grenade"))
    names = [shop.model().index(r, 0).data(KEY_ROLE) for r in range(shop.model().rowCount())]
    assert names == ["Doze Grenade", "Fragmentation Grenade", "Tangler Grenade"]   # one list: no heading


def test_SF_EQ_12_an_entrys_issue_is_painted_on_its_owned_row(win, user):
    editor = win.open_path(str(EXAMPLES / "broken-starfrontiers.starwright"))
    goto(user, editor, "Equipment")
    owned = W(editor, QTableView, "sf_owned")
    rows = {owned.model().index(r, 0).data(): owned.model().index(r, 0).data(SEVERITY_ROLE)
            for r in range(owned.model().rowCount())}
    assert rows["Heavy Laser"] == "error" and rows["Laser Rifle"] == ""
    assert rows["Phaser"] == "error"


def test_SF_EQ_12_a_bought_item_without_a_stated_price_gets_its_price_field_and_undo_takes_it_away(win, user):
    editor = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    goto(user, editor, "Equipment")
    shop, n = W(editor, QTableView, "sf_shop"), len(editor.session.data["equipment"])
    user.click_row(shop, row_of(shop, "Pocket Tool"), double=True)
    price = W(editor, QSpinBox, f"sf_price_{n}")
    assert price.property("issue") == "warning"      # "enter what was paid" sits on the field that takes it
    user.replace_text(price, "30")
    user.key(price, Qt.Key.Key_Return)
    assert editor.session.data["equipment"][n] == {"name": "Pocket Tool", "count": 1, "price": 30}
    assert W(editor, QSpinBox, "sf_credits").value() == 1000 and editor.session.result.derived["credits_left"] == 120
    editor.session.stack.undo()
    editor.session.stack.undo()
    assert len(editor.session.data["equipment"]) == n
    assert editor.findChild(QSpinBox, f"sf_price_{n}") is None
    user.click(W(editor, QCheckBox, "sf_carried_1"))       # the rows before still have their own controls
    assert editor.session.data["equipment"][1]["carried"] is False


def in_sight(view: QTableView, row: int) -> bool:
    """Whether the row lies inside the page's viewport (the shop has no scroll bar of its own)."""
    from gui.widgets.row_in_view import page_of
    page = page_of(view)
    rect = view.visualRect(view.model().index(row, 0))
    top = view.viewport().mapTo(page.viewport(), rect.topLeft())
    return top.y() >= 0 and top.y() + rect.height() <= page.viewport().height()


def test_SF_EQ_12_typing_in_the_shops_search_filters_enter_buys_and_the_match_is_in_sight(win, user, qtbot):
    win.resize(1366, 768)
    editor = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))   # 150 Cr left
    goto(user, editor, "Equipment")
    shop = W(editor, QTableView, "sf_shop")
    search = W(editor, QLineEdit, "sf_shop_search")
    page = editor.page_named("page_sf_equipment")
    user.click(search)
    user.type(search, "tangler")
    names = [shop.model().index(r, 0).data(KEY_ROLE) for r in range(shop.model().rowCount())]
    assert names == ["#grenade", "Tangler Grenade"]         # its heading, then the one item found
    assert shop.currentIndex().data(KEY_ROLE) == "Tangler Grenade"
    qtbot.waitUntil(lambda: in_sight(shop, 1))
    n = len(editor.session.data["equipment"])
    user.key(search, Qt.Key.Key_Return)
    assert editor.session.data["equipment"][n] == {"name": "Tangler Grenade", "count": 1}
    assert note(shop, "Tangler Grenade") == "1 owned" and search.hasFocus()
    user.key(search, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    user.type(search, "gren")                               # several found: the arrows choose among them
    assert shop.currentIndex().data(KEY_ROLE) == "Grenade Rifle"
    user.key(search, Qt.Key.Key_Down)                       # past the grenades' heading
    assert shop.currentIndex().data(KEY_ROLE) == "Doze Grenade"
    user.key(search, Qt.Key.Key_Up)
    assert shop.currentIndex().data(KEY_ROLE) == "Grenade Rifle"
    user.key(search, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    user.type(search, "a")                                  # most of the shop: Down walks below the page's edge
    last = shop.model().rowCount() - 1
    assert last > 20
    while shop.currentIndex().row() < last:
        user.key(search, Qt.Key.Key_Down)
        assert in_sight(shop, shop.currentIndex().row()), shop.currentIndex().data(KEY_ROLE)
    assert page.verticalScrollBar().value() > 0
    user.key(search, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    user.type(search, "no such thing")
    assert shop.model().rowCount() == 0
    before = json.dumps(editor.session.data)
    user.key(search, Qt.Key.Key_Return)                     # nothing found: Enter buys nothing
    assert json.dumps(editor.session.data) == before
    search.clear()
    assert shop.model().rowCount() == shop.model().sourceModel().rowCount()   # everything back


def test_SF_EQ_12_type_ahead_in_the_shop_scrolls_the_item_into_sight_and_enter_buys_it(win, user, qtbot):
    win.resize(1366, 768)
    editor = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    goto(user, editor, "Equipment")
    shop = W(editor, QTableView, "sf_shop")
    last = shop.model().rowCount() - 1
    name = shop.model().index(last, 0).data(KEY_ROLE)
    assert not in_sight(shop, last)                          # far down the page at 1366x768
    user.click_row(shop, row_of(shop, "Tangler Grenade"))
    user.type(shop, name[:6])
    assert shop.currentIndex().data(KEY_ROLE) == name
    qtbot.waitUntil(lambda: in_sight(shop, last))
    n = len(editor.session.data["equipment"])
    user.key(shop, Qt.Key.Key_Return)
    assert editor.session.data["equipment"][n]["name"] == name
