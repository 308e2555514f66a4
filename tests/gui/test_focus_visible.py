"""Focus is visible on every Tab stop of every page, in dark and light (issue 39.10).

Measured on the pixels Qt draws: each widget reached with Tab is grabbed while it has the focus and again after
Tab has left it. The focus shows when the pixels that changed (a) cover at least a one-pixel line round the widget
(its perimeter: a ring, not a caret or a tint of one cell) and (b) each stand out from both panel colours of the
palette (Window and Base) by 3:1 or more (WCAG's contrast for a graphic): a faint tint, or an outline darkened
into a dark panel, is not counted.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from tests.conftest import EXAMPLES
from tests.gui.test_dark_mode import contrast, scheme  # noqa: F401  (the fixture: dark, then light)
from tests.gui.test_keyboard import KINDS as EXAMPLE_NAMES
from tests.gui.test_keyboard import _rect
from tests.gui.test_mnemonics_never_edit import NEW_KINDS


def _pixels(img: QImage) -> memoryview:
    img = img.convertToFormat(QImage.Format.Format_RGB32)
    return memoryview(bytes(img.constBits())).cast("I")


def shown_pixels(focused: QImage, unfocused: QImage) -> int:
    """How many pixels changed with the focus to a colour standing out 3:1 from both panels."""
    palette = QApplication.palette()
    panels = (palette.color(QPalette.ColorRole.Window), palette.color(QPalette.ColorRole.Base))
    stands_out: dict[int, bool] = {}
    count = 0
    for a, b in zip(_pixels(focused), _pixels(unfocused)):
        if a == b:
            continue
        if a not in stands_out:
            c = QColor.fromRgb(a)
            stands_out[a] = all(contrast(c, panel) >= 3 for panel in panels)
        count += stands_out[a]
    return count


def _first_stop(page) -> QWidget | None:
    body = page.widget()
    stops = [w for w in body.findChildren(QWidget) if w.isVisibleTo(page) and w.isEnabled()
             and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None]
    return min(stops, key=lambda w: (_rect(w, page).top(), _rect(w, page).left())) if stops else None


def unseen_focus(editor, qtbot, where: str) -> list[str]:
    """Every Tab stop of every page whose focus does not show, in words."""
    failures = []
    for i in range(len(editor.specs)):
        page = editor.pages[i]
        editor.show_page(page)
        QApplication.processEvents()
        body, first = page.widget(), _first_stop(page)
        if first is None:
            continue
        first.setFocus(Qt.FocusReason.TabFocusReason)
        # entered with the keyboard, as a person does (Qt shows a keyboard focus, not a click's)
        qtbot.keyClick(first, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen: set[int] = set()
        for _ in range(200):
            w = QApplication.focusWidget()
            if w is None or not body.isAncestorOf(w) or id(w) in seen:
                break
            seen.add(id(w))
            QApplication.processEvents()
            focused = w.grab().toImage()
            qtbot.keyClick(w, Qt.Key.Key_Tab)
            QApplication.processEvents()
            unfocused = w.grab().toImage()
            if focused.size() != unfocused.size():
                continue   # it changed size as the focus left (not a focus mark)
            need = 2 * (w.width() + w.height()) - 4
            got = shown_pixels(focused, unfocused)
            if got < need:
                failures.append(f"{where}, {page.title}: {type(w).__name__} {w.objectName()!r} "
                                f"({w.width()}x{w.height()}): {got} pixels show its focus, {need} needed")
    return failures


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_focus_shows_on_every_tab_stop_of_a_new_document(scheme, win, qtbot, kind):  # noqa: F811
    editor = win.new_document(kind)
    win.resize(1366, 768)
    assert not unseen_focus(editor, qtbot, f"new {kind} ({scheme})")


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_focus_shows_on_every_tab_stop_of_the_examples(scheme, win, qtbot, name):  # noqa: F811
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    win.resize(1366, 768)
    assert not unseen_focus(editor, qtbot, f"{name} ({scheme})")
