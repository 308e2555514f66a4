"""Start the builder: `starwright` and `starwright FILE...` (called by gui.launcher)."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from . import sources, theme
from .icons import icon

APP = "Starwright"


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "starwright"])
    app.setApplicationName(APP)
    app.setApplicationDisplayName(APP)
    app.setOrganizationName(APP)
    app.setDesktopFileName("starwright")
    app.setWindowIcon(icon("starwright"))
    theme.follow_system(app)
    return app


def create(files: list[str]):
    """The application and its shown main window, with `files` opened in tabs."""
    from .main_window import MainWindow
    app = application()
    window = MainWindow()
    window.restore_geometry()
    window.show()
    sources.forget()
    for f in files:
        window.open_path(f)
    return app, window


def run(args: list[str]) -> int:
    files = [a for a in args if not a.startswith("-")]
    app, window = create(files)
    return app.exec()
