"""Mnemonics move the focus and never edit (issue 39.10): every underlined letter on every page of every kind,
new and filled in, leaves the document as it was (the undo stack and the data), and lands the focus on a field."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QWidget

from shiboken6 import delete

from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.gui.test_keyboard import KINDS as EXAMPLE_NAMES
from tests.gui.test_keyboard import mnemonic

from gui.pages import has_pages

NEW_KINDS = [k for k in KINDS if has_pages(k)]


def _text(w: QWidget) -> str:
    if isinstance(w, (QLabel, QAbstractButton)):
        return w.text()
    if isinstance(w, QGroupBox):
        return w.title()
    return ""


def _press_every_mnemonic(win, qtbot, editor) -> list[str]:
    """Alt+letter for every widget with an underlined letter, page by page; the failures, in words."""
    session = editor.session
    failures = []
    for i in range(len(editor.specs)):
        page = editor.pages[i]
        editor.show_page(page)
        QApplication.processEvents()
        for w in page.findChildren(QWidget):
            key = mnemonic(_text(w))
            if not key or not w.isVisibleTo(page) or not w.isEnabled():
                continue
            if isinstance(w, QLabel) and (w.buddy() is None or not w.buddy().isEnabled()):
                continue   # nothing to focus (the Human +5 of a Dralasite): tests/gui/test_keyboard.py
            where = f"{session.kind.kind}, {page.title}: {_text(w)!r}"
            count, data = session.stack.count(), copy.deepcopy(session.data)
            before = QApplication.focusWidget()
            if before is not None:
                before.clearFocus()
            qtbot.keyClick(page, getattr(Qt.Key, f"Key_{key.upper()}"), Qt.KeyboardModifier.AltModifier)
            QApplication.processEvents()
            # Qt's mnemonic presses a button (its own, or a label's buddy) with animateClick: the button is down at
            # once and clicked 100 ms later. A button down is a click on its way: taken away before it lands
            # (it could open a dialog), and counted.
            pressed = [b for b in page.findChildren(QAbstractButton) if b.isDown()]
            for b in pressed:
                failures.append(f"{where}: Alt+{key.upper()} pressed {b.text()!r}")
                delete(b)
            if session.stack.count() != count or session.data != data:
                failures.append(f"{where}: Alt+{key.upper()} changed the document")
            elif not pressed and not page.isAncestorOf(QApplication.focusWidget()):
                failures.append(f"{where}: Alt+{key.upper()} focused {QApplication.focusWidget()}, not a field "
                                f"of the page")
            if pressed:
                return failures   # the page is not whole any more
    return failures


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_every_mnemonic_of_a_new_document_moves_focus_and_edits_nothing(win, qtbot, kind):
    editor = win.new_document(kind)
    win.resize(1366, 768)
    assert not _press_every_mnemonic(win, qtbot, editor)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_mnemonic_of_an_example_moves_focus_and_edits_nothing(win, qtbot, name):
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    win.resize(1366, 768)
    assert not _press_every_mnemonic(win, qtbot, editor)


def test_alt_b_on_a_new_captain_focuses_the_backgrounds_and_picks_none(win, qtbot):
    """The case seen: Alt+B ("&Background") on a new crew's Captain picked Biomorph, the first button."""
    from gui.widgets.choice_buttons import ChoiceButtons
    editor = win.new_document("stargrave-crew")
    captain = editor.pages[[p.title for p in editor.pages].index("Captain")]
    editor.show_page(captain)
    QApplication.processEvents()
    grid = captain.findChild(ChoiceButtons, "captain_background")
    count = editor.session.stack.count()
    qtbot.keyClick(captain, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.wait(250)   # past Qt's animated click (100 ms)
    assert editor.session.stack.count() == count and not editor.session.data["captain"].get("background")
    assert grid.value() == "" and QApplication.focusWidget() is grid.first()


def test_a_buttons_letter_focuses_it_also_after_its_text_is_set_again(win, qtbot):
    """Alt+I on "F&ill the Rest" focuses the button (Space presses it), with one letter after its text is set
    again and the page walked again (Qt grabs the letter anew with each text)."""
    from PySide6.QtGui import QShortcut
    from PySide6.QtWidgets import QPushButton

    from gui.widgets import mnemonics
    editor = win.new_document("stargrave-crew")
    button = editor.findChild(QPushButton, "fillTheRest")
    button.setText(button.text())
    mnemonics.focus_only(editor.pages[0].body)
    assert button.shortcut().isEmpty() and len(button.findChildren(QShortcut)) == 1
    count = editor.session.stack.count()
    qtbot.keyClick(editor.pages[0], Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    qtbot.wait(250)   # past Qt's animated click (100 ms)
    assert QApplication.focusWidget() is button and editor.session.stack.count() == count
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert editor.session.stack.count() > count   # the button still works, from the keyboard
