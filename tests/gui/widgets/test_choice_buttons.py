"""The officer's background is picked with one click on its button; a value the rules do not know stays shown."""

from __future__ import annotations

from model import edits
from gui.widgets.choice_buttons import ChoiceButtons

from tests.gui.pages.stargrave.test_build_crew import W, goto


def test_a_background_button_picks_in_one_click_and_an_unknown_one_is_kept_and_shown(win, user):
    user.click(win.start.new_buttons["stargrave-crew"])
    editor = win.current_editor()
    goto(user, editor, "First Mate")
    picker = W(editor, ChoiceButtons, "first_mate_background")
    before = user.count
    user.choose(picker, "Techno")
    assert user.count == before + 1 and editor.session.data["first_mate"]["background"] == "Techno"
    techno = [b for b in picker.buttons if b.property("value") == "Techno"][0]
    assert techno.isChecked() and techno.font().bold() and techno.accessibleName() == "First Mate background: Techno"
    user.choose(picker, "Techno")  # a second click keeps it chosen
    assert editor.session.data["first_mate"]["background"] == "Techno" and techno.isChecked()
    editor.session.apply(edits.Set("/first_mate/background", "Pilot"))  # e.g. from an older file
    shown = [b for b in picker.buttons if b.isVisible() and b.isChecked()]
    assert [b.text() for b in shown] == ["Pilot (not in the rules)"] and not techno.isChecked()
    editor.session.stack.undo()
    assert techno.isChecked() and not picker.unknown.isVisible()


def test_the_arrows_move_among_the_buttons_and_tab_leaves_the_grid(win, user, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication
    user.click(win.start.new_buttons["stargrave-crew"])
    editor = win.current_editor()
    goto(user, editor, "First Mate")
    picker = W(editor, ChoiceButtons, "first_mate_background")
    first, second = picker.buttons[0], picker.buttons[1]
    first.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(first.hasFocus)
    user.key(first, Qt.Key.Key_Right)
    assert second.hasFocus()
    user.key(second, Qt.Key.Key_Left)
    user.key(first, Qt.Key.Key_Left)              # round the grid: the last button shown
    shown = [b for b in picker.buttons if b.isVisible()]
    assert shown[-1].hasFocus()
    user.key(shown[-1], Qt.Key.Key_Tab)           # from a button that is not the grid's Tab stop: out of the grid
    after = QApplication.focusWidget()
    assert after is not None and after not in picker.buttons
    first.setFocus(Qt.FocusReason.TabFocusReason)  # the stop (the first, none chosen): Tab leaves the grid too
    qtbot.waitUntil(first.hasFocus)
    user.key(first, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is after
