"""An edit repaints what it changed, not the whole window (tests/benchmarks/bench_gui.py measures the time).

- A document's new title (a letter typed in its name, the "*" of unsaved changes) moves only the tab bar:
  QTabWidget's own answer was to lay out and repaint every widget of the open page.
- The issues panel opening or closing under a page leaves the form's size alone: the form keeps room for the
  scroll bar whether it shows or not and is as tall as its widgets need, so neither the page getting shorter
  nor its scroll bar coming lays out every widget of the form again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from gui.widgets.issues_panel import FOLD_MS
from model import edits

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


class Seen(QObject):
    """Counts paint and resize events per widget while installed on the application."""

    def __init__(self):
        super().__init__()
        self.painted: list[QWidget] = []
        self.resized: list[QWidget] = []

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            self.painted.append(obj)
        elif event.type() == QEvent.Type.Resize:
            self.resized.append(obj)
        return False

    def __enter__(self):
        QApplication.instance().processEvents()
        QApplication.instance().installEventFilter(self)
        return self

    def __exit__(self, *exc):
        QApplication.instance().processEvents()
        QApplication.instance().removeEventFilter(self)


def _open(win, qtbot, name: str):
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    win.resize(1366, 768)
    qtbot.waitUntil(lambda: editor.isVisible())
    QApplication.instance().processEvents()
    return editor


def test_typing_a_name_repaints_the_tab_and_the_field_not_the_page(win, qtbot):
    editor = _open(win, qtbot, "z-gata-frigate")
    page = editor.pages[0]
    far = page.findChild(QWidget, "count_LC")  # a weapon count, nowhere near the name or the tab
    assert far is not None and far.isVisible()
    for letter in "xyz":
        with Seen() as seen:
            editor.session.apply(edits.Set("/name", "Z'Gata " + letter))
        tab = win.tabs.tabText(win.tabs.indexOf(editor))
        assert tab.startswith("Z'Gata " + letter), tab
        assert far not in seen.painted and page not in seen.painted
        assert win.tabs.tabBar() in seen.painted, "the tab shows the new name"


def test_the_issues_panel_opening_and_closing_leaves_the_form_alone(win, qtbot):
    # A station chooses its hull points, so their row is there; a value out of range marks it and opens the panel.
    editor = _open(win, qtbot, "doliin-bay-knighthawks-station")
    page = editor.pages[0]
    body = page.body
    far = page.findChild(QWidget, "shipType")   # a field above the hull row, in sight all along
    size = body.size()
    assert far is not None and far.isVisible()
    assert not editor.issues.tree.isVisible(), "a legal station: the panel is its one summary line"
    with Seen() as seen:
        editor.session.apply(edits.Set("/hull_points", 1))      # an error: the panel opens
    assert editor.issues.tree.isVisible()
    assert body.size() == size and body not in seen.resized and far not in seen.painted
    with Seen() as seen:
        editor.session.apply(edits.Set("/hull_points", 120))    # legal again: the panel folds a moment later
        assert "Legal" in editor.issues.title.text()
        qtbot.waitUntil(lambda: not editor.issues.tree.isVisible(), timeout=3 * FOLD_MS)
    assert body.size() == size and body not in seen.resized and far not in seen.painted


def test_legal_and_back_within_a_moment_does_not_fold_and_open_the_panel(win, qtbot):
    """Clicking a choice back and forth says legal / not legal in the summary line at once; the panel stays
    open (the page is not laid out again at every click) and folds once things stay legal."""
    editor = _open(win, qtbot, "z-gata-frigate")
    editor.session.apply(edits.Set("/hull_points", 41))
    QApplication.instance().processEvents()
    sizes = editor.center.sizes()
    page = editor.pages[0]
    for _ in range(3):
        with Seen() as seen:
            editor.session.apply(edits.Set("/hull_points", None))
            assert editor.issues.title.text().startswith("Legal")
            editor.session.apply(edits.Set("/hull_points", 41))
            assert editor.issues.title.text() == "1 error"
        assert editor.issues.tree.isVisible() and editor.center.sizes() == sizes
        assert page not in seen.resized
    editor.session.apply(edits.Set("/hull_points", None))
    qtbot.waitUntil(lambda: not editor.issues.tree.isVisible(), timeout=3 * FOLD_MS)
    assert editor.issues.height() <= editor.issues.title.sizeHint().height() + 2


def test_the_form_is_as_wide_as_the_page_less_a_scroll_bar_and_as_tall_as_it_needs(win, qtbot):
    editor = _open(win, qtbot, "ashen-comet-veteran")
    for page in editor.pages:
        editor.show_page(page)
        QApplication.instance().processEvents()
        room = page.width() - 2 * page.frameWidth() - page.verticalScrollBar().sizeHint().width()
        assert page.body.width() == max(room, page.body.minimumSizeHint().width()), page.title
        column = page.body.layout()
        need = column.heightForWidth(page.body.width()) if column.hasHeightForWidth() else page.body.sizeHint().height()
        assert page.body.height() == max(need, page.body.minimumSizeHint().height()), page.title
        # the scroll bar shows exactly when the form is taller than the page
        assert page.verticalScrollBar().isVisible() == (page.body.height() > page.viewport().height()), page.title


def test_a_meter_keeps_its_height_when_it_goes_over_its_limit(qtbot):
    from gui.widgets.common import Meter
    meter = Meter("slots")
    qtbot.addWidget(meter)
    meter.show()
    meter.set(5, 6, "5 of 6 slots", "1 slot free.")
    QApplication.instance().processEvents()
    height = meter.bar.height()
    meter.set(7, 6, "7 of 6 slots", "1 slot too many.", "error")
    QApplication.instance().processEvents()
    assert meter.bar.height() == height and meter.bar.value() == 6 and meter.bar.format() == "7 of 6 slots"


def test_a_hidden_page_is_marked_with_its_issues_when_shown(win, qtbot):
    """An issue mark re-styles its widget (a border on a table re-styles every widget in it): the widgets of a
    hidden page are marked when the page is shown, and then exactly as a page in sight would be."""
    editor = _open(win, qtbot, "ashen-comet-veteran")
    captain, first_mate = editor.pages[1], editor.pages[2]
    for page in (first_mate, captain):
        editor.show_page(page)
        QApplication.instance().processEvents()
    table = first_mate.findChild(QWidget, "first_mate_chosen_powers")
    before = table.styleSheet()
    editor.session.apply(edits.Set("/first_mate/background", "Rogue"))   # the Cyborg's powers are not basic now
    assert any(i.pointer.startswith("/first_mate/powers") for i in editor.session.issues)
    assert table.styleSheet() == before, "marked while hidden"
    editor.show_page(first_mate)
    QApplication.instance().processEvents()
    assert table.styleSheet() != before and "border" in table.styleSheet()
    messages = [i.message for i in editor.session.issues if i.pointer == "/first_mate/powers"]
    assert all(m in table.toolTip() for m in messages) and messages
