"""A page of an editor: a scrollable form whose widgets are bound to JSON Pointers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from model import pointer as jp


class Page(QScrollArea):
    title = ""
    icon_name = ""
    prefixes: tuple[str, ...] = ()   # the document parts this page edits (its issues count on its tab)

    def __init__(self, session, binder, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.binder = binder
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.body = QWidget()
        self.body.setObjectName("pageBody")
        self.column = QVBoxLayout(self.body)
        self.column.setContentsMargins(18, 14, 18, 18)
        self.column.setSpacing(12)
        self.setWidget(self.body)
        self.setAccessibleName(f"{self.title} page")

    def owns(self, pointer: str) -> bool:
        return any(jp.is_within(pointer, p) for p in self.prefixes if p)

    def on_changed(self, change) -> None:
        """Refresh what shows derived values; bound fields refresh through the binder."""
