"""Icons from resources/icons: PNGs rendered from the SVGs (packaging/render_ui_icons.py). Loaded once, by name.

The PNGs come in 16 ... 128 px, enough for every size the window uses at 100% and 200% scaling. Loading
them needs no QtSvg library and no SVG image plugin before the window shows (tests/benchmarks/bench_gui.py);
an icon without PNGs falls back to its SVG.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

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
