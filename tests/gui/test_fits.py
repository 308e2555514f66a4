"""Every page of every kind fits the window's width at the default size and at 1366x768: no horizontal
scroll bar, nothing cut off at the right, also when the page is tall enough to show its vertical scroll bar (a
sideways scroll of a few pixels made every edit repaint the whole window: tests/benchmarks/bench_gui.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractItemView, QApplication

from tests.conftest import EXAMPLES

KINDS = ["ashen-comet-veteran", "ashen-comet-campaign", "broken-crew", "norel-kho-dralasite", "broken-starfrontiers", "z-gata-frigate",
         "broken-knighthawks-frigate", "kestrel-crewed", "broken-starchasers-ship", "dash-korrin-ace",
         "broken-starchasers-character"]


@pytest.mark.parametrize("size", ["default", "1366x768"])
@pytest.mark.parametrize("name", KINDS)
def test_no_page_scrolls_sideways(win, qtbot, name, size):
    if size != "default":
        win.resize(*(int(n) for n in size.split("x")))
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    for page in editor.pages:
        editor.show_page(page)
        QApplication.processEvents()
        bar = page.horizontalScrollBar()
        assert bar.maximum() == 0, (f"{page.title} at {win.width()}x{win.height()} scrolls sideways by "
                                    f"{bar.maximum()} px")
        room = page.width() - 2 * page.frameWidth() - page.verticalScrollBar().sizeHint().width()
        least = page.body.minimumSizeHint().width()
        assert least <= room, (f"{page.title} at {win.width()}x{win.height()} needs {least} px, {least - room} more "
                               f"than it has beside its vertical scroll bar")
        for view in page.findChildren(QAbstractItemView):
            if view.isVisible():
                assert view.horizontalScrollBar().maximum() == 0, \
                    f"{page.title}: {view.objectName()} scrolls sideways at {win.width()}x{win.height()}"


@pytest.mark.parametrize("name", KINDS)
def test_no_list_scrolls_inside_a_page(win, qtbot, name):
    """Lists grow with their page (the page scrolls, or is laid out to fit): a list never has a scroll bar of its
    own inside a page that scrolls (issue 16)."""
    win.resize(1366, 768)
    editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    for page in editor.pages:
        editor.show_page(page)
        QApplication.processEvents()
        for view in page.findChildren(QAbstractItemView):
            if view.isVisible():
                bar = view.verticalScrollBar()
                assert bar.maximum() == 0, \
                    f"{page.title}: {view.objectName()} scrolls inside the page by {bar.maximum()} px"


def test_a_list_filled_while_its_page_was_hidden_shows_every_row_when_shown_again(win, qtbot):
    """The crew's roster grows while another page is shown (Fill the Rest); in a narrow window it has a scroll bar
    across it, which a list fitted while hidden cannot measure: it is measured again once its page shows."""
    win.resize(700, 800)
    editor = win.new_document("stargrave-crew")
    crew, other = editor.pages[0], editor.pages[1]
    for page in (crew, other):
        editor.show_page(page)
        qtbot.wait(20)
    editor.fill_the_rest()
    editor.show_page(crew)
    qtbot.wait(20)
    roster = crew.findChild(QAbstractItemView, "crewRoster")
    rows = sum(roster.rowHeight(r) for r in range(roster.model().rowCount()) if not roster.isRowHidden(r))
    assert roster.model().rowCount() == 10 and roster.horizontalScrollBar().isVisible()
    assert roster.viewport().height() >= rows, "the last rows are cut off"
