"""Small building blocks shared by the pages: badges, meters, headings, profile cells.

The start page uses some of them before the window first shows, so the module imports nothing from the `Qt`
namespace at the top (its first use builds all of its enums, ~15 ms; gui/theme.py).
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QVBoxLayout, QWidget)

from .. import theme
from ..icons import severity_icon


def badge() -> QLabel:
    """An issue icon shown beside a field (hidden until the binder puts an issue on it)."""
    b = QLabel()
    b.setFixedWidth(b.fontMetrics().height() + 4)
    b.hide()
    return b


def with_badge(widget: QWidget, b: QLabel) -> QWidget:
    box = QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(4)
    lay.addWidget(widget, 1)
    lay.addWidget(b)
    return box


def named(widget, name: str, spoken: str, placeholder: str = ""):
    """`widget` with its object name, the name a screen reader says, and the grey text it shows while empty."""
    widget.setObjectName(name)
    widget.setAccessibleName(spoken)
    if placeholder:
        widget.setPlaceholderText(placeholder)
    return widget


def form_card(title: str):
    """A titled card holding a form whose fields take the width they are given: (card, form)."""
    from PySide6.QtWidgets import QFormLayout
    card = Card(title)
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return card, form


def heading(text: str, level: int = 1) -> QLabel:
    label = QLabel(text)
    f = label.font()
    f.setPointSizeF(f.pointSizeF() * (1.45 if level == 1 else 1.15))
    f.setWeight(QFont.Weight.DemiBold)
    label.setFont(f)
    label.setAccessibleName(text)
    return label


class WrapLabel(QLabel):
    """A word-wrapped label that keeps its height for a width until its text changes.

    QLabel lays its whole text out again each time a layout asks its height for a width, and a page's layout
    asks every wrapped label of the page whenever any widget in it changes size: adding a weapon row spent
    a sixth of the edit there (tests/benchmarks/bench_instructions.py). The heights are forgotten when the
    text, the font, the margins or the style sheet (an issue's border) are set."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self.setWordWrap(True)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def setText(self, text: str) -> None:
        if text != self.text():
            self._heights.clear()
            super().setText(text)

    def clear(self) -> None:
        self._heights.clear()
        super().clear()

    # what else changes the room its text has (a mark's border, a font, margins): asked again after any of them
    def setStyleSheet(self, sheet: str) -> None:
        self._heights.clear()
        super().setStyleSheet(sheet)

    def setFont(self, font) -> None:
        self._heights.clear()
        super().setFont(font)

    def setContentsMargins(self, *margins) -> None:
        self._heights.clear()
        super().setContentsMargins(*margins)

    def setIndent(self, indent: int) -> None:
        self._heights.clear()
        super().setIndent(indent)

    def setMargin(self, margin: int) -> None:
        self._heights.clear()
        super().setMargin(margin)


def next_step_line() -> QLabel:
    """A page's one line saying what to do next: plain text in the page's own colour, weighted to be seen."""
    label = WrapLabel()
    label.setObjectName("nextStep")
    label.setProperty("textFormat", 0)  # plain text: messages may hold any character
    f = label.font()
    f.setWeight(QFont.Weight.DemiBold)
    label.setFont(f)
    label.setAccessibleName("What to do next")
    return label


def hint(text: str = "") -> QLabel:
    label = WrapLabel(text)
    label.setProperty("textFormat", 0)  # Qt.TextFormat.PlainText; the start page needs no Qt enums
    pal = label.palette()
    pal.setColor(label.foregroundRole(), pal.color(pal.ColorGroup.Disabled, pal.ColorRole.WindowText)
                 if theme.scheme() == "dark" else pal.color(pal.ColorRole.WindowText).lighter(170))
    label.setPalette(pal)
    return label


class Card(QFrame):
    """A titled panel."""

    def __init__(self, title: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(12, 10, 12, 12)
        self.layout_.setSpacing(8)
        if title:
            self.title = heading(title, 2)
            self.layout_.addWidget(self.title)

    def add(self, w: QWidget, stretch: int = 0) -> QWidget:
        self.layout_.addWidget(w, stretch)
        return w


class Meter(QWidget):
    """A bar with its limit said in words beside it, and an icon when over the limit."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.icon = QLabel()
        self.icon.setFixedWidth(self.fontMetrics().height() + 2)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.bar.setMinimumWidth(140)
        self.bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # as tall as with the 1 px border it gets over its limit: going over or back does not move the page
        self.bar.setFixedHeight(self.bar.sizeHint().height() + 2)
        self.bar.setAccessibleName(name)
        self.words = WrapLabel()
        # two lines kept for the words: "1 slot free." and "All slots used." (one line or two beside a narrow
        # bar) then take the same room, and a tick does not lay the page out again (bench_gui.py: 1.2 ms)
        self.words.setMinimumHeight(2 * self.words.fontMetrics().lineSpacing())
        lay.addWidget(self.icon)
        lay.addWidget(self.bar, 2)
        lay.addWidget(self.words, 3)
        self.state: tuple[int, int, str, str, str | None] | None = None

    def set(self, value: int, maximum: int, text: str, words: str = "", severity: str | None = None) -> None:
        state = (value, maximum, text, words, severity)
        if state == self.state:
            return
        self.state = state
        # QProgressBar repaints at once on a new value (and with it whatever else waits to be painted in the
        # window); with updates held the bar is painted with the rest of the edit, once.
        self.bar.setUpdatesEnabled(False)
        self.bar.setMaximum(max(maximum, 1))
        self.bar.setValue(max(0, min(value, maximum)))
        self.bar.setFormat(text)
        # the words on the bar whole ("325 of 400 Cr spent" was cut at the bar's edge): the bar widens to them,
        # never narrows again (a count going up and down does not lay the page out at every edit)
        wide = self.bar.fontMetrics().horizontalAdvance(text) + 2 * self.bar.fontMetrics().averageCharWidth() + 8
        if wide > self.bar.minimumWidth():
            self.bar.setMinimumWidth(wide)
        self.bar.setUpdatesEnabled(True)
        self.bar.update()
        self.bar.setAccessibleDescription(f"{text}. {words}".strip(". "))
        self.words.setText(words)
        size = self.fontMetrics().height()
        if severity:
            self.icon.setPixmap(severity_icon(severity).pixmap(size, size))
            c = theme.colour(severity)
            self.bar.setStyleSheet(f"QProgressBar {{ text-align: center; border: 1px solid {c}; border-radius: 3px; }}"
                                   f"QProgressBar::chunk {{ background: {c}; }}")
            self.words.setStyleSheet(f"color: {c};")
        else:
            self.icon.clear()
            self.bar.setStyleSheet("")
            self.words.setStyleSheet("")
        self.setToolTip(f"{text}. {words}".strip(". "))


class StatCell(QFrame):
    """One characteristic of a profile: its name above a large value; the derivation in the tooltip."""

    def __init__(self, label: str, abbr: str, parent: QWidget | None = None):
        from PySide6.QtCore import Qt
        super().__init__(parent)
        self.setObjectName("statcell")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # keyboard users reach the derivation too
        lay = self.layout_ = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(0)
        self.name = QLabel(label)
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.value = QLabel("–")
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        f = self.value.font()
        f.setPointSizeF(f.pointSizeF() * 1.6)
        f.setWeight(QFont.Weight.Bold)
        self.value.setFont(f)
        lay.addWidget(self.name)
        lay.addWidget(self.value)
        self.label = label

    def set(self, text: str, derivation: str) -> None:
        self.value.setText(text)
        self.setToolTip(derivation)
        self.setAccessibleName(f"{self.label} {text}")
        self.setAccessibleDescription(derivation)


_ICON_KEY = 256 + 7  # Qt.ItemDataRole.UserRole + 7


def fill_cell(table, row: int, col: int, text, tip: str | None = None, icon_name: str | None = None,
              center: bool = False, data=None):
    """Set one table cell, touching only what differs (rebuilding items makes big tables slow)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableWidgetItem

    from ..icons import icon as _icon
    item = table.item(row, col)
    if item is None:
        item = QTableWidgetItem()
        if center:
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        table.setItem(row, col, item)
    text = str(text)
    if item.text() != text:
        item.setText(text)
    if tip is not None and item.toolTip() != tip:
        item.setToolTip(tip)
    if icon_name is not None and item.data(_ICON_KEY) != icon_name:
        item.setData(_ICON_KEY, icon_name)
        item.setIcon(_icon(icon_name) if icon_name else _icon(""))
    if data is not None and item.data(Qt.ItemDataRole.UserRole) != data:
        item.setData(Qt.ItemDataRole.UserRole, data)
    return item


def centered(w: QWidget) -> QWidget:
    """`w` in the middle of a holder: a tick box in a table cell."""
    from PySide6.QtCore import Qt
    holder = QWidget()
    lay = QHBoxLayout(holder)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setAlignment(Qt.AlignmentFlag.AlignCenter)
    lay.addWidget(w)
    return holder


def visible_ticks(view) -> None:
    """Tick boxes in a list's rows drawn with the same clear outline as every tick box (gui/theme.py): a view
    draws its rows' boxes with its own palette, where the outline all but vanishes on a dark row."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyledItemDelegate

    window = QPalette.ColorRole.Window

    class Ticks(QStyledItemDelegate):
        def initStyleOption(self, option, index):
            super().initStyleOption(option, index)
            # the theme's colour, made again only when the palette changes: asking the theme per cell cost a third
            # of a big list's repaint, and the application's palette per cell (to notice a change) a tenth
            option.palette.setColor(window, theme.tick_outline())
    if hasattr(view, "horizontalHeader"):   # a table: its tick boxes are in the first column; the other cells
        view.setItemDelegateForColumn(0, Ticks(view))   # are painted by Qt's own delegate, with no Python call
    else:
        view.setItemDelegate(Ticks(view))


def live_with_selection(button: QWidget, view) -> None:
    """`button` acts on the selected row of `view`: it is enabled only while a row is selected."""
    from shiboken6 import isValid

    def update(*_):
        if isValid(view) and isValid(button):  # the model may still say something while the view goes
            button.setEnabled(view.selectionModel().hasSelection())
    view.selectionModel().selectionChanged.connect(update)
    view.model().rowsRemoved.connect(update)
    view.model().modelReset.connect(update)
    update()


def show_all_rows(table) -> None:
    """A table as tall as its rows: no scroll bar of its own inside a scrolling page (it grows with the page)."""
    from PySide6.QtCore import Qt, QTimer
    from shiboken6 import isValid

    from .geometry_watch import watch_geometry

    def fit(*_):
        if not isValid(table):  # its model can still speak while the table goes
            return
        n = table.model().rowCount()
        if hasattr(table, "rowHeight"):   # a table: its rows as laid out, and its header
            rows = sum(table.rowHeight(r) for r in range(n) if not table.isRowHidden(r))
            rows += table.horizontalHeader().height()
        else:                             # a list: each row as tall as its text wraps at the list's width
            table.doItemsLayout()
            model = table.model()
            rows = sum(table.visualRect(model.index(r, 0)).height() + 2 * table.spacing()
                       for r in range(n) if not table.isRowHidden(r))
        chrome = 2 * table.frameWidth()   # its frame (and a scroll bar across it) around the rows
        if table.horizontalScrollBar().isVisible():
            chrome += table.horizontalScrollBar().height()
        if table.isVisible() and table.viewport().height() > 0:   # laid out: what a style adds too, measured
            header = table.horizontalHeader().height() if hasattr(table, "rowHeight") else 0
            chrome = max(chrome, table.height() - table.viewport().height() - header)
        height = rows + chrome
        table.setMinimumHeight(height)
        table.setMaximumHeight(height)
        if not table.isVisible():   # fitted hidden (a page catching up before it shows): measured again when shown
            seen["width"] = None
            watch.invalidate()
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.model().rowsInserted.connect(fit)
    table.model().rowsRemoved.connect(fit)
    table.model().modelReset.connect(fit)
    table.model().layoutChanged.connect(fit)   # a filter that shows other rows
    if not hasattr(table, "rowHeight"):
        table.model().dataChanged.connect(fit)   # a list's row wraps to another height when its text changes
    # and when it is first laid out (shown), made wider or narrower, or shown after it was fitted hidden: rows wrap
    # again, its frame and a scroll bar across it are measured
    seen = {"width": None}   # the width it was fitted at, laid out (None: not since it was fitted hidden)

    def laid_out(rect) -> None:
        if seen["width"] != rect.width():
            seen["width"] = rect.width()
            QTimer.singleShot(0, table, fit)
    watch = watch_geometry(table.viewport(), laid_out)
    fit()
