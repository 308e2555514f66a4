"""The window's document tabs behave as QTabWidget's did: a tab dragged elsewhere takes its document with it,
closing the current tab shows a neighbour, and the bar spans the window's width."""

from __future__ import annotations

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QLabel

from gui.widgets.document_tabs import DocumentTabs


def _tabs(qtbot, n: int = 3):
    tabs = DocumentTabs()
    tabs.setDocumentMode(True)
    tabs.setMovable(True)
    tabs.setTabsClosable(True)
    qtbot.addWidget(tabs)
    pages = [QLabel(f"page {i}") for i in range(n)]
    for i, p in enumerate(pages):
        tabs.addTab(p, QIcon(), f"tab {i}")
    tabs.resize(900, 400)
    tabs.show()
    qtbot.waitExposed(tabs)
    return tabs, pages


def test_a_moved_tab_takes_its_document_with_it(qtbot):
    tabs, pages = _tabs(qtbot)
    tabs.setCurrentWidget(pages[2])
    tabs.tabBar().moveTab(2, 0)
    assert [tabs.widget(i) for i in range(3)] == [pages[2], pages[0], pages[1]]
    assert [tabs.tabText(i) for i in range(3)] == ["tab 2", "tab 0", "tab 1"]
    assert tabs.currentIndex() == 0 and tabs.currentWidget() is pages[2] and pages[2].isVisible()
    tabs.setCurrentIndex(2)
    assert tabs.currentWidget() is pages[1] and pages[1].isVisible() and not pages[2].isVisible()


def test_closing_the_current_tab_shows_a_neighbour_and_says_so(qtbot):
    tabs, pages = _tabs(qtbot)
    seen = []
    tabs.currentChanged.connect(seen.append)
    tabs.setCurrentWidget(pages[1])
    tabs.removeTab(1)
    assert tabs.count() == 2 and tabs.indexOf(pages[1]) == -1
    assert tabs.currentWidget() is tabs.widget(tabs.currentIndex()) and tabs.currentWidget().isVisible()
    assert seen == [1, 1] and tabs.currentWidget() is pages[2], "the tab after it, said once"
    closing = []
    tabs.tabCloseRequested.connect(closing.append)
    tabs.tabBar().tabCloseRequested.emit(0)
    assert closing == [0]


def test_the_bar_spans_the_width_and_a_new_title_moves_nothing(qtbot):
    tabs, pages = _tabs(qtbot)
    bar = tabs.tabBar()
    assert bar.width() == tabs.width() and bar.x() == 0
    page_geometry = pages[0].geometry()
    tabs.setTabText(0, "a much longer title than before")
    qtbot.wait(10)
    assert tabs.tabText(0) == "a much longer title than before"
    assert pages[0].geometry() == page_geometry and bar.width() == tabs.width()
