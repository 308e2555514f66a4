"""Dark mode holds: text in every cell marked with an issue and every tick box stand out from what is
under them by at least 4.5:1, measured on the pixels Qt draws."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QCheckBox, QStyle, QStyleOptionButton, QStyleOptionViewItem,
                               QTableView)

from tests.conftest import EXAMPLES

from tests.gui.pages.stargrave.test_build_crew import W, goto


def _linear(v: int) -> float:
    s = v / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(c: QColor) -> float:
    return 0.2126 * _linear(c.red()) + 0.7152 * _linear(c.green()) + 0.0722 * _linear(c.blue())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def best_contrast(widget, rect: QRect) -> tuple[float, QColor]:
    """The most common colour in `rect` (what is under the text or box) and the strongest contrast to it."""
    img = widget.grab(rect).toImage()
    colours = Counter(img.pixel(x, y) for y in range(img.height()) for x in range(img.width()))
    background = QColor.fromRgb(colours.most_common(1)[0][0])
    return max(contrast(QColor.fromRgb(p), background) for p in colours), background


@pytest.fixture(params=["dark", "light"])
def scheme(request, monkeypatch, qapp):
    """The app in dark (then light) mode; requested before `win` so the window is made in it."""
    from gui import theme
    monkeypatch.setenv("STARWRIGHT_THEME", request.param)
    theme.apply(qapp)
    yield request.param
    monkeypatch.delenv("STARWRIGHT_THEME")
    theme.apply(qapp)


def test_marked_cells_in_the_starchasers_weapons_table_are_readable(scheme, win, user):
    from PySide6.QtCore import Qt
    editor = win.open_path(str(EXAMPLES / "broken-starchasers-ship.starwright"))
    goto(user, editor, "Weapons")
    table = W(editor, QTableView, "weaponsTable")
    table.setCurrentIndex(table.model().index(-1, -1))
    table.clearSelection()
    model = table.model()
    marked = [model.index(r, c) for r in range(model.rowCount()) for c in range(model.columnCount())
              if model.index(r, c).data(Qt.ItemDataRole.ToolTipRole)]
    assert len(marked) >= 3
    for index in marked:
        option = QStyleOptionViewItem()
        table.initViewItemOption(option)
        table.itemDelegate().initStyleOption(option, index)
        option.rect = table.visualRect(index)
        rect = table.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)  # not the icon
        ratio, bg = best_contrast(table.viewport(), rect)
        assert ratio >= 4.5, f"{index.data()!r} on {bg.name()}: {ratio:.2f}:1"


def _indicator(box: QCheckBox) -> QRect:
    option = QStyleOptionButton()
    box.initStyleOption(option)
    return box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)


def test_unticked_boxes_on_plain_rows_stand_out(scheme, win, user):
    editor = win.open_path(str(EXAMPLES / "ashen-comet-veteran.starwright"))
    for title, name in (("Captain", "captain_chosen_powers"), ("Soldiers", "soldierRoster")):
        goto(user, editor, title)
        table = W(editor, QAbstractItemView, name)
        table.clearSelection()
        QApplication.processEvents()
        boxes = [b for b in table.viewport().findChildren(QCheckBox)
                 if b.isEnabled() and not b.isChecked() and b.isVisible()]
        assert boxes, name
        for box in boxes:
            rect = _indicator(box).adjusted(-3, -3, 3, 3)  # the box and a rim of the row around it
            rect.translate(box.mapTo(table.viewport(), rect.topLeft()) - rect.topLeft())
            ratio, bg = best_contrast(table.viewport(), rect)  # as drawn on the row
            assert ratio >= 4.5, f"{box.objectName()} on {bg.name()}: {ratio:.2f}:1"


def test_unticked_boxes_in_the_power_catalogue_stand_out(scheme, win, user):
    from tests.gui.test_new_player import new_crew
    editor = new_crew(win, user)
    goto(user, editor, "Captain")
    table = W(editor, QAbstractItemView, "captain_power_list")
    table.setCurrentIndex(table.model().index(-1, -1))
    table.clearSelection()
    QApplication.processEvents()
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    for r in range(4):  # plain and alternate rows, none ticked in a new crew
        index = table.model().index(r, 0)
        table.itemDelegate().initStyleOption(option, index)
        option.rect = table.visualRect(index)
        box = table.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, table)
        ratio, bg = best_contrast(table.viewport(), box.adjusted(-2, -2, 2, 2))
        assert ratio >= 4.5, f"row {r} on {bg.name()}: {ratio:.2f}:1"
