"""Start the builder: `starwright` and `starwright FILE...` (called by gui.launcher)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from .workarounds import import_hook, serial_fills

import_hook.quiet()   # before the modules that come with the window and the first document (gui/workarounds/)

from . import theme
from .dialogs import prompts
from .icons import icon

APP = "Starwright"


# Fusion keeps what it draws of a field or button (per size and state) in Qt's pixmap cache, 10 MB by default. Counted
# by callgrind (tests/benchmarks/bench_pixmap_cache.py): a repaint of the window with a scroll of a page of 23 spin
# boxes costs the same with a cache of 0, 256 KB or 1 MB (the page's fields need about 2 MB, so a smaller cache
# never holds them when they are asked for again), a third less from 2 MB up, for 1.5 MB more with five documents
# open; every edit of tests/benchmarks/bench_instructions.py costs the same at 256 KB and 1 MB (within 0.5%). A
# small cache keeps the memory: repaints of a whole window are rare next to edits, and take 4.7 ms, not 2.9 ms.
PIXMAP_CACHE_KB = 256


def application() -> QApplication:
    existing = QApplication.instance()
    styled = existing is None
    if isinstance(existing, QApplication):
        app = existing
    elif existing is not None:  # a console QCoreApplication cannot show a window, nor be replaced by one
        raise RuntimeError("Starwright needs a QApplication, and this process has a QCoreApplication already.")
    else:  # made with Fusion (theme.apply)
        serial_fills.install()
        app = QApplication([sys.argv[0] if sys.argv else "starwright", "-style", "Fusion"])
        from PySide6.QtGui import QFont, QPixmapCache
        QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        # Latin text is drawn without shaping (kerning pairs, ligatures), which a window's words do not need and
        # which was a sixth of an edit's repaint; scripts that need shaping to be read are still shaped
        font = app.font()
        font.setStyleStrategy(QFont.StyleStrategy.PreferNoShaping)
        app.setFont(font)
    app.setApplicationName(APP)
    app.setApplicationDisplayName(APP)
    app.setOrganizationName(APP)
    app.setDesktopFileName("starwright")
    app.setWindowIcon(icon("starwright"))
    theme.follow_system(app, styled)
    return app


def create(files: list[str]):
    """The application and its shown main window, with `files` opened in tabs."""
    from .main_window import MainWindow
    app = application()
    window = MainWindow()
    window.restore_geometry()
    window.show()
    for f in files:
        window.open_path(f)
    # after the window is up and the named files are open: what a crash or a kill left unsaved
    QTimer.singleShot(0, window.offer_recovery)
    return app, window


def _report_unexpected(window):
    """The last guard: an exception nothing else caught becomes a dialog, not a traceback; the documents
    stay open (and autosaved), so nothing is lost."""
    def hook(kind, value, _tb):
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        print(f"starwright: unexpected {kind.__name__}: {value}", file=sys.stderr)
        try:
            prompts.show_message(window, "Something went wrong",
                                 "Starwright met a problem it did not expect (the details are written to its error "
                                 "output).\n\nYour documents are still open and autosaved: save each under a new "
                                 "name to be safe, then restart Starwright.")
        except Exception:
            pass
    return hook


def run(args: list[str]) -> int:
    files = [a for a in args if not a.startswith("-")]
    app, window = create(files)
    sys.excepthook = _report_unexpected(window)
    return app.exec()
