"""Icons from resources/icons (SVG, crisp at any scale). Loaded once, by name."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from model.paths import resources_dir


@cache
def icon(name: str) -> QIcon:
    path = resources_dir() / "icons" / f"{name}.svg"
    return QIcon(str(path)) if path.exists() else QIcon()


def severity_icon(severity: str) -> QIcon:
    return icon({"error": "error", "warning": "warning"}.get(severity, "info"))


def kind_icon(kind: str) -> QIcon:
    """The picture for a document kind on the start page and its tabs."""
    if kind.startswith("stargrave"):
        return icon("crew")
    return icon("ship" if kind.endswith("-ship") else "character")
