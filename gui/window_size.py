"""Where the main window opens: inside the screen's available area, whatever size it was made or remembered at.

A pure function of rectangles (tests/gui/test_window_size.py tries screens no test machine has): the first
window takes the size it prefers, but at most FIRST_SHARE of the available area (a 1366x768 laptop less its
panels), centred; a remembered window keeps its size and place while they fit, is shrunk the same way when the
screen is now smaller than it (another monitor, a lower resolution), and is centred again when it lies off it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

PREFERRED = QSize(1320, 900)   # the first window on a large screen
FIRST_SHARE = 0.9              # of the available width and height, at most


def placement(available: QRect, remembered: QRect | None = None, preferred: QSize = PREFERRED) -> QRect:
    """The window's rectangle (without its frame) on a screen whose available area is `available`."""
    most_w, most_h = int(available.width() * FIRST_SHARE), int(available.height() * FIRST_SHARE)
    if remembered is None or remembered.isEmpty():
        size = QSize(min(preferred.width(), most_w), min(preferred.height(), most_h))
    else:   # a side larger than the screen is shrunk; one that fits is kept
        size = QSize(remembered.width() if remembered.width() <= available.width() else most_w,
                     remembered.height() if remembered.height() <= available.height() else most_h)
    if remembered is not None and not remembered.isEmpty() and available.contains(QRect(remembered.topLeft(), size)):
        return QRect(remembered.topLeft(), size)
    rect = QRect(0, 0, size.width(), size.height())
    rect.moveCenter(available.center())
    return rect
