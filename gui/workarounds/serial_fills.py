"""Qt's raster engine fills in the GUI thread (see README.md of this folder)."""

from __future__ import annotations

import os


def install() -> None:
    """Qt's raster engine hands every fill of more than a few spans (a scroll bar, a card's background) to a
    thread pool and waits for it: on two cores the hand-off costs more than the fill (a Fusion scroll bar took
    3.5 ms to paint, 0.2 ms filled here; tests/benchmarks/bench_gui.py). Qt reads the switch once, when its
    pool is first wanted, so it is set before the application is made. A value set by the user is kept."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
