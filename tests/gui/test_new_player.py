"""The editor as a new player finds it: words that follow each tick, one-click picks, keyboard and dark mode."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton)

from model import edits

from tests.conftest import EXAMPLES

from gui.widgets.choice_buttons import ChoiceButtons
from tests.gui.pages.stargrave.test_build_crew import W, goto, tick  # (tick: used here and by other tests)



def new_crew(win, user):
    user.click(win.start.new_buttons["stargrave-crew"])
    return win.current_editor()


def test_plus_one_line_follows_the_tick_on_both_officer_pages(win, user):
    editor = new_crew(win, user)
    for role, title, bg, key in (("captain", "Captain", "V", "shoot"), ("first_mate", "First Mate", "V", "shoot")):
        goto(user, editor, title)
        user.choose(W(editor, ChoiceButtons, f"{role}_background"), bg)
        words = editor.findChild(QLabel, f"{role}_choices_words")
        assert "0 of 1 chosen. Tick 1 more." in words.text()
        user.click(W(editor, QCheckBox, f"{role}_choice_{key}"))
        assert editor.session.data[role]["choices"] == [key]
        assert "1 of 1 chosen." in words.text() and "Tick" not in words.text()
        user.click(W(editor, QCheckBox, f"{role}_choice_{key}"))
        assert "0 of 1 chosen. Tick 1 more." in words.text()


def test_a_tick_in_the_power_catalogue_chooses_and_the_same_tick_drops(win, user):
    editor = new_crew(win, user)
    goto(user, editor, "Captain")
    user.choose(W(editor, ChoiceButtons, "captain_background"), "V")
    grid = W(editor, QAbstractItemView, "captain_power_list")
    chosen = W(editor, QAbstractItemView, "captain_chosen_powers")
    assert chosen.model().rowCount() == 0  # nothing chosen, nothing to drop
    key = lambda r: grid.model().index(r, 0).data(Qt.ItemDataRole.UserRole)
    ticked = lambda r: grid.model().index(r, 0).data(Qt.ItemDataRole.CheckStateRole)
    before = user.count
    tick(user, grid, 0)
    first = key(0)
    assert [p["name"] for p in editor.session.data["captain"]["powers"]] == [first]
    assert ticked(0) == Qt.CheckState.Checked
    user.click_row(grid, 1, double=True)  # a double-click chooses too
    second = key(1)
    assert [p["name"] for p in editor.session.data["captain"]["powers"]] == [first, second]
    tick(user, grid, 0)  # the same tick drops it
    assert [p["name"] for p in editor.session.data["captain"]["powers"]] == [second]
    assert ticked(0) == Qt.CheckState.Unchecked
    assert user.count - before == 3
    assert chosen.model().index(0, 0).data() == second
    tick(user, chosen, 0)  # unticking a chosen power drops it too: one click
    assert editor.session.data["captain"]["powers"] == [] and chosen.model().rowCount() == 0


def test_power_catalogue_shows_whole_names_and_plain_headers(win, user):
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem
    editor = new_crew(win, user)
    goto(user, editor, "Captain")
    user.choose(W(editor, ChoiceButtons, "captain_background"), "V")  # basic powers in bold: wider
    for name in ("captain_chosen_powers", "captain_item_list"):
        view = W(editor, QAbstractItemView, name)
        headers = [view.model().headerData(c, Qt.Orientation.Horizontal) for c in range(view.model().columnCount())]
        assert "" not in headers and "Listed" not in headers, headers
    grid = W(editor, QAbstractItemView, "captain_power_list")
    QApplication.processEvents()
    page = editor.stack.currentWidget()
    assert grid.horizontalScrollBar().maximum() == 0 and page.horizontalScrollBar().maximum() == 0
    option = QStyleOptionViewItem()
    grid.initViewItemOption(option)
    for r in range(grid.model().rowCount()):
        index = grid.model().index(r, 0)
        grid.itemDelegate().initStyleOption(option, index)
        option.rect = grid.visualRect(index)
        assert grid.viewport().rect().contains(option.rect), f"{index.data()} is out of sight"
        text = grid.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, grid)
        assert option.fontMetrics.horizontalAdvance(index.data()) <= text.width(), f"{index.data()} is cut"


def test_issues_panel_collapses_to_one_line_when_there_is_nothing_to_say(win, user):
    editor = win.open_path(str(EXAMPLES / "z-gata-frigate.starwright"))
    qtbot = user.qtbot
    assert editor.session.issues == []
    qtbot.waitUntil(lambda: editor.issues.height() <= editor.issues.title.sizeHint().height() + 2)
    assert not editor.issues.tree.isVisible() and "Legal" in editor.issues.title.text()
    editor.session.apply(edits.Set("/hull_points", 999))
    assert editor.session.issues
    qtbot.waitUntil(lambda: editor.issues.tree.isVisible() and editor.issues.height() > 80)
    user.key(editor.nav, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.session.issues == []
    qtbot.waitUntil(lambda: editor.issues.height() <= editor.issues.title.sizeHint().height() + 2)
    assert not editor.issues.tree.isVisible()


@pytest.mark.parametrize("name, fills", [("z-gata-frigate", False), ("kestrel-crewed", False),
                                         ("dash-korrin-ace", False), ("norel-kho-dralasite", True),
                                         ("ashen-comet-veteran", True)])
def test_fill_the_rest_is_there_only_where_it_does_something(win, name, fills):
    win.open_path(str(EXAMPLES / f"{name}.starwright"))
    assert win.a_fill.isVisible() == fills and win.a_fill.isEnabled() == fills


@pytest.mark.parametrize("button, field, pointer", [("addMotivator", "motivatorText_{n}", "/motivators/{n}/text"),
                                                     ("addClass", "className_{n}", "/classes/{n}/name")])
def test_adding_a_row_puts_the_cursor_in_it_so_typing_and_spaces_go_there(win, user, button, field, pointer):
    editor = win.open_path(str(EXAMPLES / "dash-korrin-ace.starwright"))
    goto(user, editor, "Character")
    key = pointer.split("/")[1]
    n = len(editor.session.data.get(key, []))
    add = editor.findChild(QPushButton, button)
    user.click(add)
    box = W(editor, QLineEdit, field.format(n=n))
    assert QApplication.focusWidget() is box
    user.qtbot.keyClicks(QApplication.focusWidget(), "Outflies a rival")
    assert len(editor.session.data[key]) == n + 1  # the spaces did not press the button again
    assert editor.session.data[key][n]["text" if key == "motivators" else "name"].endswith("Outflies a rival")


def test_open_an_example_from_the_start_page_lists_every_kind(win, user):
    from PySide6.QtWidgets import QPushButton

    from gui.dialogs.examples import ExamplesDialog
    from model.kinds import KINDS
    user.click(win.start.findChild(QPushButton, "openExample"))
    user.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), ExamplesDialog))
    dialog = QApplication.activeModalWidget()
    items = [dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount())]
    assert {item.text(1) for item in items} == {k.title for k in KINDS.values()}
    user.click_row(dialog.list, next(i for i, item in enumerate(items) if item.text(0) == "Z'Gata"), double=True)
    user.qtbot.waitUntil(lambda: win.current_editor() is not None)
    editor = win.current_editor()
    assert editor.session.kind.kind == "knighthawks-ship" and editor.session.data["name"] == "Z'Gata"


def test_recent_files_show_their_kind_and_open_on_one_click(win, user):
    from gui import settings as st
    for name in ("z-gata-frigate", "ashen-comet-veteran"):
        st.add_recent(str(EXAMPLES / f"{name}.starwright"))
    win._refresh_recent()
    recent = win.start.recent
    assert recent.count() >= 2
    assert recent.item(0).icon().cacheKey() != recent.item(1).icon().cacheKey()  # a crew, then a ship
    user.click_row(recent, 1)
    assert win.current_editor() is not None and win.current_editor().session.kind.kind == "knighthawks-ship"


def test_choosing_a_starchasers_ship_type_applies_it_at_once(win, user):
    editor = win.new_document("starchasers-ship")
    combo = W(editor, QComboBox, "presetPicker")
    user.pick(combo, "L")
    assert combo.currentText().startswith("L")
    data = editor.session.data
    assert data.get("preset") == combo.currentData() and data.get("hull_points") is not None


def test_the_user_guide_covers_every_kind_and_the_examples(win):
    from gui.dialogs.help import GuideDialog

    from model.kinds import KINDS
    win.user_guide()
    guide = win.findChild(GuideDialog)
    text = guide.browser.toPlainText()
    for kind in KINDS.values():
        assert f"A {kind.title}" in text, kind.title
    assert "Open an example" in text and "when this version offers them" not in text
    guide.close()


def test_starchasers_weapon_fields_with_a_list_in_the_rules_offer_it(win, user):
    editor = win.open_path(str(EXAMPLES / "kestrel-crewed.starwright"))
    goto(user, editor, "Weapons")
    table = W(editor, QAbstractItemView, "weaponsTable")
    assert table.model().rowCount() >= 1
    t = editor.pages[1].t
    for col, field in ((1, "skill"), (2, "arc"), (3, "damage_type"), (7, "rarity")):
        user.click_row(table, 0, col, double=True)  # a double-click opens the cell's editor
        box = QApplication.focusWidget()
        box = box if isinstance(box, QComboBox) else box.parentWidget()
        assert isinstance(box, QComboBox), field
        values = [box.itemText(i) for i in range(box.count())]
        assert values == t.weapon_field_choices[field]
        last = values[-1]
        for _ in values:  # down the list with the arrow key, as far as it goes
            if box.currentIndex() == len(values) - 1:
                break
            user.key(box, Qt.Key.Key_Down)
        user.key(box, Qt.Key.Key_Return)
        assert editor.session.data["weapons"][0][field] == last, field


@pytest.mark.parametrize("name, page, button, view", [
    ("kestrel-crewed", "Weapons", "removeWeapon", "weaponsTable"),
    ("norel-kho-dralasite", "Equipment", "sf_sell", "sf_owned")])
def test_remove_buttons_are_live_only_with_a_selected_row(win, user, name, page, button, view):
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    goto(user, editor, page)
    b, table = W(editor, QPushButton, button), W(editor, QAbstractItemView, view)
    table.clearSelection()
    assert not b.isEnabled()
    user.click_row(table, 0)
    assert b.isEnabled()


def test_a_document_opened_with_issues_gives_the_panel_its_usual_share(win, qtbot):
    editor = win.open_path(str(EXAMPLES / "broken-starchasers-ship.starwright"))
    qtbot.waitUntil(lambda: editor.issues.tree.isVisible())
    pages, panel = editor.center.sizes()
    assert 100 <= panel <= 160 and pages > 3 * panel


def test_each_stargrave_page_says_what_to_do_next_and_follows_each_pick(win, user):
    editor = new_crew(win, user)
    line = lambda: editor.stack.currentWidget().findChild(QLabel, "nextStep")
    assert line().isVisible() and line().text() == "Next, on the Captain page: choose the Captain's background."
    goto(user, editor, "Captain")
    assert line().text() == "Next: choose the Captain's background."
    user.choose(W(editor, ChoiceButtons, "captain_background"), "V")
    assert line().text() == "Next: tick 1 more +1 for the Captain."
    user.click(W(editor, QCheckBox, "captain_choice_shoot"))
    assert line().text() == "Next: choose 5 more powers for the Captain."
    tick(user, W(editor, QAbstractItemView, "captain_power_list"), 0)
    assert line().text() == "Next: choose 4 more powers for the Captain."
    goto(user, editor, "Soldiers")
    assert line().text().startswith("Next: hire soldiers (0 of 8)")
