"""The two fields that hire a soldier after a game (walk-through) or between games (Soldiers page)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit


def hire_fields(pack, prefix: str, when: str = "") -> tuple[QComboBox, QLineEdit]:
    """A soldier type picker (name and cost, the type's name as data) and an optional name field."""
    kind = QComboBox()
    kind.setObjectName(f"{prefix}Type")
    kind.setAccessibleName("Soldier type to hire" + when)
    for s in pack["soldiers"]:
        kind.addItem(f"{s['name']} · {s['cost']} Cr" if s["cost"] else f"{s['name']} · free", s["name"])
    name = QLineEdit()
    name.setObjectName(f"{prefix}Name")
    name.setAccessibleName("Name of the new soldier")
    name.setPlaceholderText("name (optional)")
    return kind, name
