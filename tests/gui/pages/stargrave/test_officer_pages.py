"""The Captain and First Mate pages fit one screen: no scrolling at 1366x768 or at the default size, no list
scrolling inside the page, every power and item row in sight."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractItemView, QApplication

from tests.conftest import EXAMPLES

from .test_build_crew import W


@pytest.mark.parametrize("size", [(1366, 768), (1320, 900)])
def test_each_officer_page_fits_one_screen_with_every_row_in_sight(win, size):
    editor = win.open_path(str(EXAMPLES / "broken-crew.starwright"))  # issues: the issues panel is open
    win.resize(*size)
    for role in ("captain", "first_mate"):
        page = next(p for p in editor.pages if p.object_name == f"page_{role}")
        editor.show_page(page)
        for _ in range(3):
            QApplication.processEvents()
        assert page.verticalScrollBar().maximum() == 0 and page.horizontalScrollBar().maximum() == 0, \
            (role, size, page.widget().sizeHint(), page.viewport().size())
        for name in (f"{role}_power_list", f"{role}_item_list", f"{role}_chosen_powers"):
            view = W(editor, QAbstractItemView, name)
            model = view.model()
            for r in range(model.rowCount()):
                rect = view.visualRect(model.index(r, 0))
                assert view.viewport().rect().contains(rect), (name, r, rect, view.viewport().rect())
