"""Pages build their forms when first needed: what they show then is what an early-built page shows.

Every editor (each game system's) is opened twice from the same file: once with every page built at once
and following the edits, once with only its first page built. After the same edits the late-built pages
must look exactly like the early-built ones: texts, ticks, choices, table cells, issue marks and tooltips.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QScrollBar, QComboBox, QLabel, QLineEdit, QListWidget, QPlainTextEdit,
                               QProgressBar, QSpinBox, QTableWidget, QTreeWidget, QWidget)

from gui.editor import DocumentEditor
from gui.session import Session
from model import edits

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _state(w: QWidget) -> tuple:
    if isinstance(w, QTableWidget):
        cells = tuple(tuple((w.item(r, c).text(), w.item(r, c).toolTip()) if w.item(r, c) else None
                            for c in range(w.columnCount())) for r in range(w.rowCount()))
        return ("table", cells)
    if isinstance(w, QAbstractItemView) and not isinstance(w, (QListWidget, QTreeWidget)) and w.model() is not None:
        m = w.model()
        roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.CheckStateRole,
                 Qt.ItemDataRole.UserRole + 2)
        return ("view", tuple(tuple(tuple(m.data(m.index(r, c), role) for role in roles)
                                    for c in range(m.columnCount())) for r in range(m.rowCount())))
    if isinstance(w, QListWidget):
        return ("list", tuple(w.item(i).text() for i in range(w.count())))
    if isinstance(w, QTreeWidget):
        return ("tree", tuple(tuple(w.topLevelItem(i).text(c) for c in range(w.columnCount()))
                              for i in range(w.topLevelItemCount())))
    if isinstance(w, QComboBox):
        return ("combo", w.currentText(), w.count())
    if isinstance(w, QSpinBox):
        return ("spin", w.value(), w.text())
    if isinstance(w, QAbstractButton):
        return ("button", w.text(), w.isChecked(), w.isEnabled())
    if isinstance(w, (QLineEdit, QLabel)):
        return (type(w).__name__, w.text())
    if isinstance(w, QPlainTextEdit):
        return ("text", w.toPlainText())
    if isinstance(w, QProgressBar):
        return ("bar", w.value(), w.maximum(), w.format())
    return (type(w).__name__,)


def snapshot(page) -> list[tuple]:
    # Qt's own scroll bar holders are left out: they come and go with the height the page has at that
    # moment (the issues panel opens when the first issue comes), not with what the page shows.
    return [(w.objectName(), w.isVisibleTo(page), w.toolTip(), w.property("issue"), *_state(w))
            for w in page.findChildren(QWidget)
            if not (isinstance(w, QScrollBar) or w.objectName().startswith("qt_scrollarea_"))]


def open_editor(qtbot, path: Path) -> DocumentEditor:
    e = DocumentEditor(Session.open(str(path)))
    qtbot.addWidget(e)
    e.resize(1400, 900)
    e.show()
    return e


# (file, edits made before the late pages are built): each touches a later page, its derived values and issues
CASES = {
    "stargrave-crew": ("ashen-comet-veteran.starwright", [
        edits.Set("/first_mate/background", "Rogue"), edits.Insert("/captain/items/-", "Grenades"),
        edits.Set("/soldiers/0/robot", True), edits.Set("/captain/powers/2/reduced", True)]),
    "starchasers-ship": ("kestrel-light-freighter.starwright", [edits.Remove("/weapons/0")]),
    "starchasers-character": ("dash-korrin-ace.starwright", [edits.Set("/bonuses/Gambling", 1)]),
    "starfrontiers-character": ("kara-venn-human.starwright", [
        edits.Set("/shifts/str_sta", 50), edits.Set("/equipment/1/count", 99), edits.Remove("/equipment/0")]),
    "knighthawks-ship": ("knighthawks-fighter.starwright", [edits.Set("/hull_points", 1)]),
}



def built(e) -> list[bool]:
    """Which of the editor's pages are made (asking e.pages[i] would make it)."""
    return [e.is_built(i) for i in range(len(e.specs))]


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_page_built_late_shows_what_an_early_built_page_shows(qtbot, kind):
    name, changes = CASES[kind]
    early = open_editor(qtbot, EXAMPLES / name)
    assert early.session.kind.kind == kind
    for page in early.pages:
        early.show_page(page)
    early.show_page(early.pages[0])
    late = open_editor(qtbot, EXAMPLES / name)
    assert built(late) == [True] + [False] * (len(late.specs) - 1)
    for edit in changes:
        early.session.apply(edit)
        late.session.apply(edit)
    assert late.session.data == early.session.data
    assert late.session.issues == early.session.issues
    # Each page's tab already counts its issues before the page is built.
    assert [late.nav.item(i).text() for i in range(late.nav.count())] == \
           [early.nav.item(i).text() for i in range(early.nav.count())]
    for i in range(len(early.specs)):
        a, b = early.pages[i], late.pages[i]
        late.show_page(b)
        early.show_page(a)
        assert snapshot(b) == snapshot(a), b.title


def test_an_issue_on_a_page_not_built_yet_is_marked_when_it_is_shown_and_focused_when_activated(qtbot):
    e = open_editor(qtbot, EXAMPLES / "ashen-comet-veteran.starwright")
    assert e.specs[3].object_name == "page_soldiers" and not e.is_built(3)
    e.session.apply(edits.Set("/soldiers/0/type", "No Such Soldier"))
    issue = next(i for i in e.session.issues if i.pointer.startswith("/soldiers/0"))
    assert not e.is_built(3)  # following the document does not build a page nobody looked at
    # The Crew page's own list of issues goes there through the binder: the page is built, shown and focused.
    e.binder.focus(issue.pointer)
    soldiers = e.built_page(3)
    assert soldiers is not None and e.stack.currentWidget() is soldiers
    owner = e.binder.owner(issue.pointer)
    # the roster is a list: the issue is marked on the soldier's row (or, for a plain widget, on the widget)
    marks = list(owner.state[1] if owner.state else ()) + [m for _s, m in (owner.rows.issues if owner.rows else {}).values()]
    assert owner.page is soldiers and any(issue.message in m for m in marks)



def test_a_document_not_shown_yet_builds_no_form_until_it_is_shown(qtbot):
    hidden = DocumentEditor(Session.open(str(EXAMPLES / "kara-venn-human.starwright")))
    qtbot.addWidget(hidden)   # as a tab behind others: created, not shown
    assert not any(built(hidden))
    hidden.session.apply(edits.Set("/name", "Kara"))
    assert not any(built(hidden))
    hidden.show()
    assert built(hidden) == [True] + [False] * (len(hidden.specs) - 1)


def test_a_founding_banner_on_a_hidden_page_catches_up_when_shown(qtbot):
    """The banner of a crew with games follows edits made while its page was hidden, once it is shown."""
    from PySide6.QtWidgets import QLabel
    e = open_editor(qtbot, EXAMPLES / "ashen-comet-campaign.starwright")
    captain = e.pages[1]
    e.show_page(captain)
    banner = next(w for w in captain.findChildren(QLabel) if "This crew has played" in w.text())
    games = len(e.session.data["campaign"]["games"])
    assert f"played {games} games" in banner.text()
    e.show_page(e.pages[0])
    e.session.apply(edits.Remove(f"/campaign/games/{games - 1}"))
    assert f"played {games} games" in banner.text()          # hidden: not followed yet
    e.show_page(captain)
    assert f"played {games - 1} games" in banner.text()      # shown: caught up


def test_a_misspelled_attribute_is_an_attribute_error_and_makes_no_page(qtbot):
    """A page is made by the editor from its spec, never by asking it for an attribute: a name it does not have
    is an AttributeError, and nothing is built by the asking."""
    e = open_editor(qtbot, EXAMPLES / "ashen-comet-veteran.starwright")
    assert built(e) == [True, False, False, False, False]
    with pytest.raises(AttributeError):
        _ = e.pages[0].no_such_field
    with pytest.raises(AttributeError):
        _ = e.specs[3].hire      # the Soldiers page's spec is data, not the page
    assert not hasattr(e.pages[0], "hire") and built(e) == [True, False, False, False, False]
    assert e.pages[3].hire is not None and built(e) == [True, False, False, True, False]
