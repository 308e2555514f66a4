"""Icons from resources/icons: PNGs rendered from the SVGs (packaging/render_ui_icons.py). Loaded once, by name.

The PNGs come in 16 ... 128 px, enough for every size the window uses at 100% and 200% scaling. Loading
them needs no QtSvg library and no SVG image plugin before the window shows (tests/benchmarks/bench_gui.py);
an icon without PNGs falls back to its SVG.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPalette, QPixmap

from model.paths import resources_dir

SIZES = (16, 24, 32, 40, 48, 64, 80, 96, 128)  # packaging/render_ui_icons.py writes these


@cache
def icon(name: str) -> QIcon:
    folder = resources_dir() / "icons"
    pngs = [(s, folder / "png" / f"{name}-{s}.png") for s in SIZES]
    if all(p.exists() for _, p in pngs):
        result = QIcon()
        for s, p in pngs:
            result.addFile(str(p), QSize(s, s))
        return result
    svg = folder / f"{name}.svg"
    return QIcon(str(svg)) if svg.exists() else QIcon()


def severity_icon(severity: str) -> QIcon:
    return icon({"error": "error", "warning": "warning"}.get(severity, "info"))


def kind_icon(kind: str) -> QIcon:
    """The picture for a document kind on the start page and its tabs."""
    if kind.startswith("stargrave"):
        return icon("crew")
    return icon("ship" if kind.endswith("-ship") else "character")


LIST_SIZES = (16, 24, 32, 40, 48)   # a list's icons (22 px) at 100% and 200% scaling


@cache
def on_selection(name: str) -> QIcon:
    """icon(name) for a list row: on the selected row (its Selected mode) it sits, in its own colours, on a plate
    of the selection's text colour, instead of being blended with the selection colour, which made a blue icon
    vanish on the blue selection (issue 39.10); an error's red disc keeps its "!". Made once per name: both
    themes select with white text."""
    base = icon(name)
    plate = QGuiApplication.palette().color(QPalette.ColorRole.HighlightedText)
    result = QIcon()
    for s in LIST_SIZES:
        normal = base.pixmap(QSize(s, s))
        if normal.isNull():
            continue
        result.addPixmap(normal, QIcon.Mode.Normal)
        selected = QPixmap(normal.size())
        selected.setDevicePixelRatio(normal.devicePixelRatio())
        selected.fill(Qt.GlobalColor.transparent)
        p = QPainter(selected)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(plate)
        side = round(normal.deviceIndependentSize().width())   # (logical pixels, at any scaling)
        p.drawRoundedRect(0, 0, side, side, side / 5, side / 5)
        inset = max(1, round(side / 10))
        p.drawPixmap(inset, inset, base.pixmap(QSize(side - 2 * inset, side - 2 * inset)))
        p.end()
        result.addPixmap(selected, QIcon.Mode.Selected)
    return result
