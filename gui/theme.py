"""Look and feel: the Fusion style with a palette that follows the system's light or dark setting.

Fusion draws the same on every desktop and honours the palette fully, so issue colours and meters look
as designed. The colour scheme comes from Qt's style hints (the desktop's setting); STARWRIGHT_THEME=dark
or =light overrides it (for screenshots and for users whose desktop does not say).
"""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

ERROR = {"light": "#c62828", "dark": "#ff6b6b"}
WARNING = {"light": "#b26a00", "dark": "#ffc04d"}
OK = {"light": "#2e7d32", "dark": "#6fd17a"}


def scheme() -> str:
    forced = os.environ.get("STARWRIGHT_THEME", "").lower()
    if forced in ("dark", "light"):
        return forced
    app = QApplication.instance()
    if app is not None and app.styleHints().colorScheme() == Qt.ColorScheme.Dark:
        return "dark"
    return "light"


def colour(kind: str) -> str:
    table = {"error": ERROR, "warning": WARNING, "ok": OK}.get(kind, WARNING)
    return table[scheme()]


def _dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor("#1e2128"), QColor("#272b33"), QColor("#e6e8ec")
    p.setColor(QPalette.ColorRole.Window, window)
    p.setColor(QPalette.ColorRole.WindowText, text)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#242830"))
    p.setColor(QPalette.ColorRole.ToolTipBase, QColor("#32363f"))
    p.setColor(QPalette.ColorRole.ToolTipText, text)
    p.setColor(QPalette.ColorRole.PlaceholderText, QColor("#8d93a0"))
    p.setColor(QPalette.ColorRole.Text, text)
    p.setColor(QPalette.ColorRole.Button, QColor("#30353e"))
    p.setColor(QPalette.ColorRole.ButtonText, text)
    p.setColor(QPalette.ColorRole.BrightText, QColor("#ff6b6b"))
    p.setColor(QPalette.ColorRole.Highlight, QColor("#4f7bd9"))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    p.setColor(QPalette.ColorRole.Link, QColor("#8fb0ff"))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a808c"))
    return p


def _light_palette() -> QPalette:
    p = QApplication.style().standardPalette()
    p.setColor(QPalette.ColorRole.Highlight, QColor("#3d6bd1"))
    p.setColor(QPalette.ColorRole.Window, QColor("#f3f4f7"))
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#f5f7fb"))
    return p


def apply(app: QApplication) -> None:
    app.setStyle("Fusion")
    app.setPalette(_dark_palette() if scheme() == "dark" else _light_palette())


def follow_system(app: QApplication) -> None:
    apply(app)
    app.styleHints().colorSchemeChanged.connect(lambda *_: apply(app))
