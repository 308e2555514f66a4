"""Keyboard: every underlined letter on every page focuses its field, and Tab walks each page in reading order."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMenuBar, QWidget

from tests.conftest import EXAMPLES

KINDS = ["ashen-comet-veteran", "norel-kho-dralasite", "z-gata-frigate", "kestrel-crewed", "dash-korrin-ace"]


def mnemonic(text: str) -> str | None:
    m = re.search(r"&([^&\s])", text.replace("&&", ""))
    return m.group(1).lower() if m else None


def pages(win, name):
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    win.resize(1366, 768)
    for page in editor.pages:
        editor.show_page(page)
        QApplication.processEvents()
        yield editor, page


def menu_letters(win) -> set[str]:
    bar = win.findChild(QMenuBar)
    return {mnemonic(a.text()) for a in bar.actions() if mnemonic(a.text())}


def is_inside(w: QWidget | None, buddy: QWidget) -> bool:
    target = buddy
    while target.focusProxy() is not None:
        target = target.focusProxy()
    while w is not None:
        if w is target or w is buddy:
            return True
        w = w.parentWidget()
    return False


def test_no_two_entries_of_a_menu_share_a_mnemonic(win):
    bar = win.findChild(QMenuBar)
    for top in bar.actions():
        menu = top.menu()
        letters: dict[str, str] = {}
        for a in menu.actions() if menu is not None else []:
            key = mnemonic(a.text())
            if key:
                assert key not in letters, f"{top.text()}: {a.text()!r} and {letters[key]!r} both use Alt+{key.upper()}"
                letters[key] = a.text()
    view = next(a.menu() for a in bar.actions() if a.text() == "&View")
    assert mnemonic(win.a_play.text()) in {mnemonic(a.text()) for a in view.actions()}


@pytest.mark.parametrize("name", KINDS)
def test_every_mnemonic_focuses_its_field_and_none_clashes(win, qtbot, name):
    taken_by_menus = menu_letters(win)
    assert taken_by_menus >= {"f", "e", "h"}
    for _editor, page in pages(win, name):
        letters: dict[str, str] = {}
        for w in page.findChildren(QWidget):
            if not isinstance(w, (QLabel, QAbstractButton)) or not w.isVisibleTo(page):
                continue
            key = mnemonic(w.text())
            if not key:
                continue
            where = f"{page.title}: {w.text()!r}"
            assert key not in taken_by_menus, f"{where} clashes with a menu (Alt+{key.upper()})"
            assert key not in letters, f"{where} clashes with {letters[key]!r} on the same page"
            letters[key] = w.text()
            if isinstance(w, QLabel):
                buddy = w.buddy()
                assert buddy is not None, f"{where} has no field"
                if not buddy.isEnabled():
                    continue  # e.g. the Human +5 for a Dralasite: nothing to choose, nothing to focus
                before = QApplication.focusWidget()
                if before is not None:
                    before.clearFocus()
                qtbot.keyClick(page, getattr(Qt.Key, f"Key_{key.upper()}"), Qt.KeyboardModifier.AltModifier)
                assert is_inside(QApplication.focusWidget(), buddy), \
                    f"Alt+{key.upper()} ({where}) focused {QApplication.focusWidget()}"


def _rect(w: QWidget, page) -> QRect:
    return QRect(w.mapTo(page.widget(), QPoint(0, 0)), w.size())


def _backwards(a: QRect, b: QRect) -> bool:
    """b comes before a in reading order: above it and not in a column to its right, or left of it on its row."""
    same_row = b.top() < a.bottom() - 4 and a.top() < b.bottom() - 4
    if same_row:
        return b.right() <= a.left()
    return b.bottom() <= a.top() + 4 and b.left() < a.right() - 4


@pytest.mark.parametrize("name", KINDS)
def test_tab_walks_every_page_in_reading_order_and_leaves_every_table(win, qtbot, name):
    for _editor, page in pages(win, name):
        body = page.widget()
        first = None
        for w in body.findChildren(QWidget):
            if w.isVisibleTo(page) and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus \
                    and w.focusProxy() is None:
                first = w
                break
        if first is None:
            continue
        # Start at the top of the page: the first focusable widget in reading order.
        candidates = [w for w in body.findChildren(QWidget) if w.isVisibleTo(page) and w.isEnabled()
                      and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None]
        first = min(candidates, key=lambda w: (_rect(w, page).top(), _rect(w, page).left()))
        first.setFocus(Qt.FocusReason.TabFocusReason)
        seen = [first]
        for _ in range(400):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            w = QApplication.focusWidget()
            if w is None or not body.isAncestorOf(w):
                break
            assert w not in seen, (f"{page.title}: Tab came back to {w.objectName() or w} (a trap) after "
                                   f"{[x.objectName() or type(x).__name__ for x in seen]}")
            a, b = _rect(seen[-1], page), _rect(w, page)
            assert not _backwards(a, b), (f"{page.title}: Tab went back from {seen[-1].objectName() or seen[-1]} "
                                          f"{a.getRect()} to {w.objectName() or w} {b.getRect()}")
            seen.append(w)
        else:
            raise AssertionError(f"{page.title}: Tab never left the page")


def test_undo_keys_in_a_text_field_undo_the_document(win, user):
    """Ctrl+Z typed in a field undoes the document's last edit (the field's own undo would be a new edit), and
    Ctrl+Shift+Z / Ctrl+Y redo it; the field hands the keys on while it has the focus, and after it lost it
    and got it back."""
    from PySide6.QtWidgets import QLineEdit
    editor = win.open_path(str(EXAMPLES / "kestrel-crewed.starwright"))
    s = editor.session
    name = next(w for w in editor.findChildren(QLineEdit) if w.objectName() == "shipName")
    before = s.data["name"]
    user.replace_text(name, "Kestrel II")
    assert s.data["name"] == "Kestrel II"
    typed = s.stack.index()
    for key, mod in [(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
                     (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
                     (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
                     (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)]:
        user.key(name, key, mod)
        assert s.data["name"] == (before if key == Qt.Key.Key_Z and mod == Qt.KeyboardModifier.ControlModifier
                                  else "Kestrel II")
        assert name.text() == s.data["name"]
        assert s.stack.index() == typed - (s.data["name"] == before), "the document's undo, not a new edit"
    editor.nav.setFocus()
    QApplication.processEvents()
    user.click(name)
    user.key(name, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert s.data["name"] == before and name.text() == before and s.stack.index() == typed - 1


@pytest.mark.parametrize("name", KINDS)
def test_every_bound_text_field_hands_its_undo_keys_to_the_document_itself(win, name):
    """Every text field a page binds is one of gui/widgets/text_fields.py's, which hand their undo keys to the
    document themselves (gui/binding.py's event filter is for fields made elsewhere)."""
    from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

    from gui.widgets.text_fields import DocumentUndoKeys
    fields = []
    for editor, _page in pages(win, name):
        fields = [b.widget for b in editor.binder.bindings if isinstance(b.widget, (QLineEdit, QPlainTextEdit))]
    assert fields, "every kind has a bound name"
    for w in fields:
        assert isinstance(w, DocumentUndoKeys) and w.undo_stack is editor.session.stack, w.objectName()
