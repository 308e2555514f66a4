"""Look and feel: the Fusion style with a palette that follows the system's light or dark setting.

Fusion draws the same on every desktop and honours the palette fully, so issue colours and meters look
as designed. The colour scheme comes from Qt's style hints (the desktop's setting); STARWRIGHT_THEME=dark
or =light overrides it (for screenshots and for users whose desktop does not say).

The setting is read as Qt documents it, `QGuiApplication.styleHints().colorScheme()`, and followed when the
desktop changes it (`colorSchemeChanged`). View > Theme chooses System (the desktop's), Light or Dark (`choose`): the
choice applies at once and is kept in the settings for the next start (`follow_system` reads it).
"""

from __future__ import annotations

import os
from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

ERROR = {"light": "#c62828", "dark": "#ff6b6b"}
WARNING = {"light": "#b26a00", "dark": "#ffc04d"}
OK = {"light": "#2e7d32", "dark": "#6fd17a"}
INFO = {"light": "#1e88e5", "dark": "#7fb6ff"}  # a note, not a fault: the blue of the info icon, never warning orange
FOCUS = {"light": "#2456c5", "dark": "#8fb0ff"}  # the focus ring (gui/widgets/focus_ring.py): 3:1 and more on panels


def system_scheme(app: QGuiApplication) -> Qt.ColorScheme:
    """The desktop's colour scheme, as Qt's style hints report it."""
    return app.styleHints().colorScheme()


CHOICES = ("system", "light", "dark")   # View > Theme
_chosen = "system"   # the player's choice, read from the settings at start (follow_system), set by choose()


def chosen() -> str:
    """The theme chosen in View > Theme: "system", "light" or "dark"."""
    return _chosen


def scheme() -> str:
    forced = os.environ.get("STARWRIGHT_THEME", "").lower()
    if forced in ("dark", "light"):
        return forced
    if _chosen != "system":
        return _chosen
    app = QApplication.instance()
    if isinstance(app, QGuiApplication) and system_scheme(app) == Qt.ColorScheme.Dark:
        return "dark"
    return "light"


def colour(kind: str) -> str:
    table = {"error": ERROR, "warning": WARNING, "ok": OK, "info": INFO, "focus": FOCUS}.get(kind, WARNING)
    return table[scheme()]


def tint(kind: str) -> QColor:
    """A cell background marked with an issue: the field colour with a little of the severity colour in it,
    so the palette's text stays readable on it (at least 4.5:1) in light and dark mode alike."""
    base = QApplication.palette().color(QPalette.ColorRole.Base)
    c = QColor(colour(kind))
    share = 0.30 if scheme() == "dark" else 0.16
    return QColor(*(round(b * (1 - share) + k * share) for b, k in zip(rgb(base), rgb(c))))


def rgb(c: QColor) -> tuple[int, int, int]:
    """Red, green and blue, 0-255 (QColor.getRgb's first three, typed)."""
    return c.red(), c.green(), c.blue()


def _tick_box_palette(p: QPalette) -> QPalette:
    """Fusion outlines a tick box in the Window colour darkened by 140%: on a dark field (or a white one) that
    outline all but vanishes. Tick boxes get a Window colour whose darkened outline stands out from the field;
    a tick box paints no background of its own, so nothing else changes."""
    p = p.__copy__()  # not QPalette(p): choosing among its constructors builds the Qt namespace's enums
    p.setColor(QPalette.ColorRole.Window, tick_outline_window())
    return p


def tick_outline_window() -> QColor:
    """The Window colour a tick box is drawn with, so that Fusion's outline (it darkened 140%) stands out."""
    return QColor("#d4d8e0") if scheme() == "dark" else QColor("#7d838f")


@cache
def tick_outline() -> QColor:
    """tick_outline_window(), remembered until `apply` sets another palette (asked for every tick a list paints)."""
    return tick_outline_window()


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


# Fusion's standardPalette(), role by role (QPalette.ColorRole's value: Active, Disabled, Inactive as
# 0xAARRGGBB). Asking the style for it makes PySide6 set up QStyle's Python enums (~10 ms) before the window
# first shows; tests/gui/test_startup.py checks this table against Qt's own palette.
FUSION_LIGHT = {
    0: (0xff000000, 0xffbebebe, 0xff000000), 1: (0xffefefef, 0xffefefef, 0xffefefef),
    2: (0xffffffff, 0xffffffff, 0xffffffff), 3: (0xffcacaca, 0xffcacaca, 0xffcacaca),
    4: (0xff9f9f9f, 0xffbebebe, 0xff9f9f9f), 5: (0xffb8b8b8, 0xffb8b8b8, 0xffb8b8b8),
    6: (0xff000000, 0xffbebebe, 0xff000000), 7: (0xffffffff, 0xffffffff, 0xffffffff),
    8: (0xff000000, 0xffbebebe, 0xff000000), 9: (0xffffffff, 0xffefefef, 0xffffffff),
    10: (0xffefefef, 0xffefefef, 0xffefefef), 11: (0xff767676, 0xffb1b1b1, 0xff767676),
    12: (0xff308cc6, 0xff919191, 0xff308cc6), 13: (0xffffffff, 0xffffffff, 0xffffffff),
    14: (0xff0000ff, 0xff0000ff, 0xff0000ff), 15: (0xffff00ff, 0xffff00ff, 0xffff00ff),
    16: (0xfff7f7f7, 0xfff7f7f7, 0xfff7f7f7), 18: (0xffffffdc, 0xffffffdc, 0xffffffdc),
    19: (0xff000000, 0xff000000, 0xff000000), 20: (0x80000000, 0x80000000, 0x80000000),
    21: (0xff308cc6, 0xff919191, 0xff308cc6),
}


def fusion_light() -> QPalette:
    p = QPalette()
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled, QPalette.ColorGroup.Inactive)
    for role, colours in FUSION_LIGHT.items():
        for group, rgba in zip(groups, colours):
            p.setColor(group, QPalette.ColorRole(role), QColor.fromRgba(rgba))
    return p


def _light_palette() -> QPalette:
    p = fusion_light()
    p.setColor(QPalette.ColorRole.Highlight, QColor("#3d6bd1"))
    p.setColor(QPalette.ColorRole.Window, QColor("#f3f4f7"))
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#f5f7fb"))
    return p


def apply(app: QApplication, style: bool = True) -> None:
    """Fusion and the palette of the scheme in use; `style=False` when the application was made with Fusion
    already (gui.app gives it "-style Fusion": setting it from Python sets up QStyle's enums, ~10 ms)."""
    if style:
        app.setStyle("Fusion")
    palette = _dark_palette() if scheme() == "dark" else _light_palette()
    tick_outline.cache_clear()
    app.setPalette(palette)
    # PySide6 6.12's stub types the class name as bytes, but the call takes a str and refuses bytes (ValueError)
    app.setPalette(_tick_box_palette(palette), "QCheckBox")  # type: ignore[arg-type]


def choose(app: QApplication, choice: str) -> None:
    """View > Theme: `choice` ("system", "light" or "dark") applied now and remembered for the next start."""
    global _chosen
    if choice not in CHOICES:
        return
    _chosen = choice
    from . import settings
    settings.set_theme(choice)
    apply(app)


def follow_system(app: QApplication, styled: bool = False) -> None:
    """At start: the theme chosen last time (View > Theme), else the desktop's, followed when it changes."""
    global _chosen
    from . import settings
    saved = settings.theme()
    _chosen = saved if saved in CHOICES else "system"
    apply(app, style=not styled)
    # the desktop's change matters only while the theme follows it (apply reads the choice when it comes)
    app.styleHints().colorSchemeChanged.connect(lambda *_: apply(app) if _chosen == "system" else None)
