"""STARWRIGHT_EXIT_AFTER_SHOW=1: print a marker when the first window is on screen, then quit.

Bundled into the frozen app by packaging/entry.py and into the bare PySide6 window of
tests/benchmarks/bench_frozen.py, so the start-up benchmark and the installer check measure the real,
unmodified app: the QApplication class is swapped for a subclass that watches for the first Expose.
"""

import os

MARKER = "starwright: window shown"
ENV = "STARWRIGHT_EXIT_AFTER_SHOW"


def install_if_asked() -> None:
    if not os.environ.get(ENV):
        return
    from PySide6 import QtCore, QtGui, QtWidgets

    class _FirstShow(QtCore.QObject):
        seen = False

        def eventFilter(self, obj, event):  # (Qt's name)
            if (not self.seen and event.type() == QtCore.QEvent.Type.Expose
                    and isinstance(obj, QtGui.QWindow) and obj.isExposed()):
                self.seen = True
                print(MARKER, flush=True)
                QtCore.QCoreApplication.exit(0)
            return False

    class _App(QtWidgets.QApplication):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._first_show = _FirstShow()
            self.installEventFilter(self._first_show)

    QtWidgets.QApplication = _App
