"""The window as a desktop app: start page, files, dialogs, drag and drop, settings, keyboard, issues."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QCheckBox, QComboBox, QFrame, QLineEdit,
                               QMessageBox, QPlainTextEdit)

from gui import settings as st
from gui.dialogs import prompts
from gui.pages import has_pages
from model import edits
from model.kinds import KINDS, PLANNED

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"
MB = QMessageBox.StandardButton


def test_start_page_offers_each_kind_and_says_which_are_coming(win):
    buttons = win.start.new_buttons
    for kind in KINDS:
        assert buttons[kind].isEnabled() == has_pages(kind)
        if not has_pages(kind):
            assert "coming soon" in buttons[kind].text()
    for kind in PLANNED:
        assert not buttons[kind].isEnabled() and "coming soon" in buttons[kind].text()
    assert buttons["stargrave-crew"].isEnabled()


def test_starwright_FILE_opens_it(qtbot, tmp_path):
    from gui.app import create
    app, w = create([str(ASHEN)])
    try:
        assert w.current_editor().session.data["name"] == "Ashen Comet"
        assert w.windowTitle().startswith("Ashen Comet")
        assert w.current_editor().session.copy_of == str(ASHEN)   # an example: its untitled copy (issue 39)
        assert "copy of the example" in w.windowTitle()
    finally:
        for e in w.editors():
            w.close_editor(e, ask=False)
        w.close()


@pytest.mark.parametrize("content,problem,where", [
    ("{\n  \"format\": \"starwright/stargrave-crew\",\n  \"version\": 1,\n  \"name\": \"Cut", "not valid JSON",
     "line 4"),
    (json.dumps({"format": "someone-else/thing", "version": 1}), "unknown format", "/format"),
    (json.dumps({"format": "starwright/stargrave-crew", "version": 9, "name": "x"}), "version 9", "/version"),
    (json.dumps({"format": "starwright/stargrave-crew", "version": 1, "name": "x", "captain": {},
                 "first_mate": {}, "soldiers": []}), "", "/captain"),
])
def test_opening_a_bad_file_names_the_problem_and_place_and_the_app_stays_usable(win, answer, tmp_path,
                                                                                content, problem, where):
    bad = tmp_path / "bad.starwright"
    bad.write_text(content, encoding="utf-8")
    before = bad.read_bytes()
    seen = []
    answer(MB.Ok, seen)
    assert win.open_path(str(bad)) is None
    title, text, info = seen[1]
    assert "bad.starwright" in title and problem.lower() in info.lower() and where in info
    assert "The problem is at " in info
    assert text == "Starwright could not open “bad.starwright”." and f"The file is {bad}. Nothing was changed" in info
    # every line a sentence of the program's own words, the last one saying what to do (39.7)
    paragraphs = info.split("\n\n")
    assert len(paragraphs) == 3 and all(p[:1].isupper() and p.endswith(".") for p in paragraphs), info
    assert "Expecting" not in info and "expecting value" not in info and "'" not in info.replace("don't", "")
    assert paragraphs[-1].startswith(("Open the file in a text editor", "Choose a Starwright document",
                                             "Update Starwright")), info
    assert bad.read_bytes() == before
    assert win.editors() == []
    assert win.new_document("stargrave-crew") is not None  # still usable


def test_close_with_unsaved_changes_asks_first(win, answer, tmp_path, monkeypatch):
    e = win.new_document("stargrave-crew")
    e.session.apply(edits.Set("/name", "Keep Me"))
    assert "*" in win.tabs.tabText(win.tabs.indexOf(e)) and win.isWindowModified()
    seen = []
    answer(MB.Cancel, seen)
    assert not win.close_editor(e)
    assert "Keep Me" in seen[1][1] and e in win.editors()
    # Save from the question: a new document asks where.
    target = tmp_path / "keep-me.starwright"
    monkeypatch.setattr(prompts, "choose_save_path", lambda parent, suggestion: str(target))
    answer(MB.Save)
    assert win.close_editor(e)
    assert json.loads(target.read_text())["name"] == "Keep Me"
    e2 = win.new_document("stargrave-crew")
    e2.session.apply(edits.Set("/name", "Throw Away"))
    answer(MB.Discard)
    assert win.close_editor(e2) and win.editors() == []


def test_quit_with_unsaved_changes_asks_and_cancel_keeps_the_window(win, answer):
    e = win.new_document("stargrave-crew")
    e.session.apply(edits.Set("/notes", "unsaved"))
    seen = []
    answer(MB.Cancel, seen)
    win.close()
    assert seen and win.isVisible() and e in win.editors()


def test_open_asks_nothing_when_clean_and_save_as_suggests_a_name(win, tmp_path, monkeypatch):
    copy = tmp_path / "crew.starwright"
    shutil.copy(ASHEN, copy)
    e = win.open_path(str(copy))
    assert not e.session.dirty and not win.isWindowModified()
    assert win.close_editor(e)  # clean: no question (a question would block this test)
    assert prompts.suggested_name("Ashen Comet!") == "ashen-comet.starwright"


def test_open_the_same_file_twice_switches_to_its_tab(win):
    a = win.open_path(str(ASHEN))
    win.tabs.setCurrentIndex(0)
    assert win.open_path(str(ASHEN)) is a and win.current_editor() is a


def test_dropping_a_file_on_the_window_opens_it(win, qtbot):
    from tests.gui.conftest import drop_files
    drop_files(win, [ASHEN])
    qtbot.waitUntil(lambda: len(win.editors()) == 1)
    assert win.current_editor().session.copy_of == str(ASHEN)  # an example dropped: its untitled copy


def test_recent_files_and_geometry_are_remembered(qtbot, tmp_path, monkeypatch):
    from gui.main_window import MainWindow
    cfg = tmp_path / "cfg"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    mine = tmp_path / ASHEN.name   # the player's own file (an example is no recent file: it opens as a copy)
    shutil.copy(ASHEN, mine)
    w = MainWindow()
    w.show()
    w.open_path(str(mine))
    w.resize(701, 503)  # inside the offscreen screen (800x600): restoring clamps to it
    w.close_editor(w.current_editor())
    w.close()
    assert st.settings_path().is_relative_to(cfg) and st.settings_path().exists()
    w2 = MainWindow()
    w2.restore_geometry()
    try:
        assert (w2.size().width(), w2.size().height()) == (701, 503)
        recent = [w2.start.recent.item(i).data(Qt.ItemDataRole.UserRole) for i in range(w2.start.recent.count())]
        assert recent == [str(mine)]
        assert [a.text() for a in w2.recent_menu.actions()] == [ASHEN.name]
    finally:
        w2.close()


def test_activating_an_issue_focuses_its_field_on_its_page(win, qtbot):
    e = win.new_document("stargrave-crew")
    tree = e.issues.tree
    rows = {tree.topLevelItem(i).text(2) + tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): i
            for i in range(tree.topLevelItemCount())}
    item = tree.topLevelItem(rows["SG-BG-01/first_mate/background"])
    assert e.stack.currentIndex() == 0
    tree.setCurrentItem(item)
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    combo = e.findChild(QFrame, "first_mate_background")  # the background buttons
    assert e.stack.currentWidget() is combo.window().findChild(type(e.pages[2]), "page_first_mate")
    assert combo.isAncestorOf(QApplication.focusWidget())
    # A field at fault: colour + icon + the message as tooltip (and for screen readers).
    assert combo.property("issue") == "error"
    assert "border: 2px solid" in combo.styleSheet()
    badge = e.pages[2].identity.bg_badge
    assert badge.isVisibleTo(e) and not badge.pixmap().isNull()
    assert "Choose a background for the First Mate" in combo.toolTip()
    assert "Choose a background" in combo.accessibleDescription()
    # F8 walks through the issues, switching pages.
    win.next_issue()
    assert QApplication.focusWidget() is not None


def test_rules_never_block_input_and_everything_entered_is_kept(win, tmp_path, qtbot, user):
    e = win.new_document("stargrave-crew")
    s = e.session
    e.show_page(e.pages[3])
    hire = e.findChild(type(e.pages[3].hire), "hireSoldier")
    cat = e.pages[3].catalogue
    cat.setCurrentIndex(cat.model().index(16, 0))  # Armoured Trooper, 150 Cr
    for _ in range(10):
        user.click(hire)
    assert len(s.data["soldiers"]) == 10
    rules = {i.rule for i in s.issues}
    assert {"SG-CREW-05", "SG-CREW-06"} <= rules
    assert "too many" in e.pages[3].count.words.text() and "over" in e.pages[3].credits.words.text()
    assert e.pages[3].hire_note.text().startswith("The roster is full")
    e.show_page(e.pages[1])  # its form is built when the page is first shown
    name = e.findChild(QLineEdit, "captain_name")
    user.replace_text(name, "x" * 300)
    assert s.data["captain"]["name"] == "x" * 300
    path = tmp_path / "messy.starwright"
    s.save(str(path))
    assert len(json.loads(path.read_text())["soldiers"]) == 10


def test_every_control_has_an_accessible_name_or_text(win):
    e = win.open_path(str(ASHEN))
    missing = []
    for page in e.pages:
        e.show_page(page)  # a page's form is built when it is first shown
        for cls in (QLineEdit, QPlainTextEdit, QComboBox, QAbstractItemView, QCheckBox, QAbstractButton):
            for w in page.findChildren(cls):
                if not w.isVisibleTo(page) or w.focusPolicy() == Qt.FocusPolicy.NoFocus:
                    continue
                text = w.text() if isinstance(w, QAbstractButton) else ""
                if not (w.accessibleName() or text.replace("&", "").strip()):
                    missing.append(f"{page.title}: {type(w).__name__} {w.objectName()}")
    assert missing == []


def test_tab_order_follows_the_form(win, qtbot):
    e = win.open_path(str(ASHEN))
    e.show_page(e.pages[1])
    name = e.findChild(QLineEdit, "captain_name")
    name.setFocus()
    order = []
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget().objectName())
    # the background buttons are one Tab stop, on the chosen one; the arrows move between them
    assert order == ["captain_species", "captain_background_Veteran", "captain_choice_move"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    assert QApplication.focusWidget().objectName() == "captain_background_Techno"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget().objectName() == "captain_choice_move"


def test_derivation_on_hover_and_slot_meter_in_words(win):
    e = win.open_path(str(ASHEN))
    page = e.pages[1]
    armour = page.identity.cells["armour"]
    assert armour.value.text() == "9/11"
    tip = armour.toolTip()
    assert "Captain base: 9" in tip and "Heavy Armour: +2" in tip and tip.endswith("= Armour 11")
    slots = page.items.slots
    assert slots.bar.format() == "5 of 6 slots" and slots.words.text() == "1 slot free."
    chosen = page.powers.chosen
    assert "creation reduction: -1" in chosen.model().index(0, 1).data(Qt.ItemDataRole.ToolTipRole)


def test_power_chooser_lists_basic_powers_first_with_all_numbers(win, user):
    e = win.open_path(str(ASHEN))
    page = e.pages[2]  # First Mate, Cyborg
    grid = page.powers.grid
    cell = lambda r, c: grid.model().index(r, c).data()
    assert [cell(r, 1) for r in range(8)] == ["basic"] * 8 and cell(8, 1) == ""
    e.show_page(page)
    user.replace_text(page.powers.search, "control animal")  # the English-edition name finds it too
    r = grid.currentIndex().row()
    assert cell(r, 0) == "Animal Control" and cell(r, 6) == "Control Animal"
    assert (cell(r, 3), cell(r, 4), cell(r, 5)) == ("10", "14", "1")
    assert cell(r, 2) == "Line of Sight"
    detail = page.powers.detail.text()
    assert "activation 14 for this First Mate (10 in the book, +4 as not a basic power)" in detail
    assert "fatigue 1" in detail and "Cannot be taken now: the First Mate has 4 of 4 powers" in detail
    user.replace_text(page.powers.search, "command")
    r = grid.currentIndex().row()
    assert cell(r, 0) == "Command" and grid.model().index(r, 0).data(Qt.ItemDataRole.CheckStateRole) == \
        Qt.CheckState.Checked
    assert "Chosen: untick it to drop it." in page.powers.detail.text()


def test_shotgun_swap_only_where_allowed(win, user):
    from gui.pages.stargrave.soldier_lists import C_TYPE
    e = win.open_path(str(ASHEN))
    page = e.pages[3]
    e.show_page(page)
    pip = 4  # a Runner: no carbine
    shot = e.findChild(QCheckBox, f"soldier_shotgun_{pip}")
    assert not shot.isEnabled() and "no carbine" in shot.toolTip()
    jax = e.findChild(QCheckBox, "soldier_shotgun_0")
    user.click(jax)
    assert e.session.data["soldiers"][0]["shotgun"] is True
    assert "Shotgun" in page.roster.model().index(0, C_TYPE).data(Qt.ItemDataRole.ToolTipRole)   # the gear now
    assert "Shotgun" in page.roster_words.text()


def test_reorder_and_remove_soldiers(win, user):
    e = win.open_path(str(ASHEN))
    page = e.pages[3]
    e.show_page(page)
    user.click_row(page.roster, 2, 1)
    user.click(page.up)
    assert [s["name"] for s in e.session.data["soldiers"][:3]] == ["Jax", "Vell", ""]
    assert page.roster.currentIndex().row() == 1
    user.click(page.remove)
    assert [s["name"] for s in e.session.data["soldiers"][:2]] == ["Jax", ""]
    e.session.stack.undo()
    e.session.stack.undo()
    assert [s["name"] for s in e.session.data["soldiers"][:3]] == ["Jax", "", "Vell"]
    assert e.findChild(QLineEdit, "soldier_name_2").text() == "Vell"


def test_dark_palette_when_the_system_is_dark(monkeypatch):
    from gui import theme
    app = QApplication.instance()
    monkeypatch.setenv("STARWRIGHT_THEME", "dark")
    try:
        theme.apply(app)
        assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert theme.colour("error") == theme.ERROR["dark"]
    finally:
        monkeypatch.setenv("STARWRIGHT_THEME", "light")
        theme.apply(app)
    assert app.palette().color(QPalette.ColorRole.Window).lightness() > 200


def test_spin_and_combo_boxes_keep_their_arrows_when_marked(qtbot):
    """A style sheet border made Qt draw their arrows itself, as blank slivers: they are outlined through the
    palette instead, and clearing the mark gives back exactly the unmarked look."""
    from types import SimpleNamespace

    from PySide6.QtWidgets import QSpinBox

    from gui import theme
    from gui.binding import mark
    theme.apply(QApplication.instance())
    for make in (QSpinBox, QComboBox):
        plain, marked = make(), make()
        for w in (plain, marked):
            qtbot.addWidget(w)
            w.resize(160, 30)
        b = SimpleNamespace(widget=marked, base_tooltip="", badge=None)
        mark(b, ("error", ("Too many torpedoes.",)))
        assert marked.property("issue") == "error" and not marked.styleSheet()
        assert marked.toolTip() == "Too many torpedoes."
        outline = marked.palette().color(QPalette.ColorRole.Window).darker(140)
        assert abs(outline.red() - QColor(theme.colour("error")).red()) < 40 and outline.green() < 90
        assert marked.grab().toImage() != plain.grab().toImage()
        mark(b, None)
        assert marked.property("issue") == "" and marked.grab().toImage() == plain.grab().toImage()


def test_a_note_is_marked_in_the_info_blue_not_warning_orange():
    from gui import theme
    for scheme in ("light", "dark"):
        assert theme.INFO[scheme] != theme.WARNING[scheme]
    assert theme.colour("info") in theme.INFO.values()
    assert theme.colour("warning") in theme.WARNING.values()
