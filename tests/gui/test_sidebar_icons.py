"""The selected page's icon in the page list stays visible on the selection (issue 39.10): the icon's pixels stand
out from the selection colour under them by at least 3:1 (WCAG's contrast for graphics), in light and dark."""

from __future__ import annotations

from collections import Counter

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from tests.conftest import EXAMPLES
from tests.gui.test_dark_mode import contrast, scheme  # noqa: F401  (the fixture: dark, then light)

EXAMPLE_FILES = ["ashen-comet-veteran", "broken-crew", "kestrel-crewed", "norel-kho-dralasite", "dash-korrin-ace"]


def _icon_rect(nav, row: int):
    index = nav.model().index(row, 0)
    option = QStyleOptionViewItem()
    nav.initViewItemOption(option)
    nav.itemDelegate().initStyleOption(option, index)
    option.rect = nav.visualRect(index)
    return nav.style().subElementRect(QStyle.SubElement.SE_ItemViewItemDecoration, option, nav)


def test_the_selected_pages_icon_stands_out_from_the_selection(scheme, win):  # noqa: F811
    for name in EXAMPLE_FILES:   # page icons, and the error and warning icons of pages with issues
        editor = win.open_path(str(EXAMPLES / f"{name}.starwright"))
        nav = editor.nav
        nav.setFocus()
        selection = QApplication.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
        for row in range(nav.count()):
            nav.setCurrentRow(row)
            QApplication.processEvents()
            shown = nav.viewport().grab().toImage()
            edge = nav.visualRect(nav.model().index(row, 0))
            row_colours = Counter(shown.pixel(x, y) for x in range(edge.left(), edge.right() + 1)
                                  for y in range(edge.top(), edge.bottom() + 1))
            under = QColor.fromRgb(row_colours.most_common(1)[0][0])   # the row's colour
            where = f"{name}, {nav.item(row).text()!r} ({scheme})"
            assert under.name() == selection.name(), f"{where}: the row is not drawn selected ({under.name()})"
            box = _icon_rect(nav, row)
            ratios = sorted((contrast(QColor.fromRgb(shown.pixel(x, y)), under)
                             for x in range(box.left(), box.right() + 1) for y in range(box.top(), box.bottom() + 1)),
                            reverse=True)
            # its shape, not a stray pixel: a 22 px icon's outline is well over 20 pixels
            assert ratios[20] >= 3, f"{where}: its icon on {under.name()}: {ratios[20]:.2f}:1 at best"
