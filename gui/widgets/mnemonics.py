"""Underlined letters (mnemonics) move the focus; they never press a button (issue 39.10).

Qt's own mnemonics click: Alt+letter on a button's "&Roll" presses it, and a label's "&Background" whose buddy is
a button (the first of a choice grid) presses that button, which made a document edit (Alt+B picked a
background). Here a button keeps its underlined letter, but Alt+letter only focuses it (Space or Enter then
presses it); a label whose buddy is a button buddies a stand-in that hands the focus to the button, so Qt's
label focuses instead of clicking.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

HANDLE = "mnemonicFocusHandle"
LETTER = "mnemonicFocusLetter"


def focus_handle(label: QLabel, button: QAbstractButton) -> QWidget:
    """A hidden stand-in for `button` as the label's buddy: focusing it focuses the button (its focus proxy), and,
    being no button, Qt's label does not click it. One per label, a child of it, handing the focus to the button
    named last; never shown, so no Tab stop of its own."""
    handle = label.findChild(QWidget, HANDLE, Qt.FindChildOption.FindDirectChildrenOnly)
    if handle is None:
        handle = QWidget(label)
        handle.setObjectName(HANDLE)
        handle.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a label focuses a buddy that takes the focus
        handle.hide()
    if handle.focusProxy() is not button:
        handle.setFocusProxy(button)
    return handle


def set_buddy(label: QLabel, field: QWidget) -> None:
    """label.setBuddy(field), but a button is focused by the label's letter, not pressed."""
    buddy = focus_handle(label, field) if isinstance(field, QAbstractButton) else field
    if label.buddy() is not buddy:   # setting it again lays the form out again
        label.setBuddy(buddy)


def _focus(button: QAbstractButton) -> None:
    if button.isEnabled():
        button.setFocus(Qt.FocusReason.ShortcutFocusReason)
        window = button.window()
        window.setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange)  # the style shows the focus, as for Tab


def focus_only(root: QWidget) -> None:
    """Every button under `root` whose text has an underlined letter: Alt+letter focuses it and does not press it;
    every label there whose buddy is a button: the letter focuses the button. (Called again after rows are
    added: a button already done has no shortcut of its own left.)"""
    for button in root.findChildren(QAbstractButton):
        keys = button.shortcut()
        if keys.isEmpty() or keys != QKeySequence.mnemonic(button.text()):
            continue   # no letter, or a shortcut of its own chosen on purpose
        button.setShortcut(QKeySequence())   # the text keeps its "&": the letter is still underlined
        for old in button.findChildren(QShortcut, LETTER, Qt.FindChildOption.FindDirectChildrenOnly):
            old.setParent(None)   # its text set again since: the new letter only
            old.deleteLater()
        letter = QShortcut(keys, button)      # fires while the button is shown and enabled, as the mnemonic did
        letter.setObjectName(LETTER)
        letter.activated.connect(lambda b=button: _focus(b))
        letter.activatedAmbiguously.connect(lambda b=button: _focus(b))
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if isinstance(buddy, QAbstractButton):
            set_buddy(label, buddy)
