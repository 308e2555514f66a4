"""A ring round the widget that has the keyboard focus, in light and dark alike (issue 39.10).

Fusion shows focus its own way per widget: a faint tint on a table or list, an outline in the selection colour
darkened (all but black on a dark panel), and nothing at all on a widget that paints itself (a profile value that
Tab reaches to show how it is made up). One ring for every widget: two pixels just inside its edge, in a colour
that stands out from both palettes' panels. It is a child of the focused widget, drawn over it, so no parent
clips it and nothing is laid out again; it lets the mouse through, and moves to the next widget focused.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QWidget
from shiboken6 import isValid

from .. import theme

WIDTH = 2


class FocusRing(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target: QWidget | None = None

    def follow(self, widget: QWidget | None) -> None:
        """Ring `widget` (None, a window or a menu: no ring; the ring stays hidden where it was)."""
        if self.target is not None and isValid(self.target):
            self.target.removeEventFilter(self)
        if widget is None or widget.isWindow() or isinstance(widget, (QMenu, QMenuBar)) or widget is self:
            self.target = None
            self.hide()
            return
        self.target = widget
        self.setParent(widget)
        self._place()
        widget.installEventFilter(self)   # the focused widget's resizes (one widget at a time)
        self.raise_()
        self.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.target and event.type() == QEvent.Type.Resize:
            self._place()
        return False

    def _place(self) -> None:
        """Over the focused widget's edge; inside an issue's border (gui/binding.py: 2 px), which stays seen."""
        if self.target is not None:
            inset = WIDTH if "border:" in self.target.styleSheet() else 0
            self.setGeometry(self.target.rect().adjusted(inset, inset, -inset, -inset))

    def paintEvent(self, _event) -> None:
        colour = QColor(theme.colour("focus"))
        p = QPainter(self)
        w, h = self.width(), self.height()
        for x, y, rw, rh in ((0, 0, w, WIDTH), (0, h - WIDTH, w, WIDTH), (0, 0, WIDTH, h), (w - WIDTH, 0, WIDTH, h)):
            p.fillRect(x, y, rw, rh, colour)
        p.end()


_ring: FocusRing | None = None
_installed = False


def _follow(widget: QWidget | None) -> None:
    """The ring to `widget`; a new ring when the last one went with the widget it was on (a page given back)."""
    global _ring
    if _ring is None or not isValid(_ring):
        _ring = FocusRing()
    _ring.follow(widget)


def install(app: QApplication) -> None:
    """The ring follows the application's focus from now on (once, however often called)."""
    global _installed
    if not _installed:
        _installed = True
        app.focusChanged.connect(lambda _old, new: _follow(new))
        _follow(app.focusWidget())
