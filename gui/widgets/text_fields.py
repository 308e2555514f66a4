"""Text fields bound to a document: Ctrl+Z in them undoes the document's last edit, Ctrl+Shift+Z and Ctrl+Y redo.

A text field keeps its own undo history and takes the undo keys for it, before the window's Undo sees them (its
undo would be a new edit of the document, not the document's undo). A bound field of these classes hands the keys
to the document's undo stack (Binder.line_edit / plain_text give it the stack) from its own key handler. A filter
on the field did the same but was handed every event of the field, and the first plain one (a queued call) made
PySide6 set up a Python class for every kind of event (gui/widgets/geometry_watch.py): 0.7 MB once a field had
been typed into (tests/benchmarks/bench_gui.py, memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QWidget


def undo_key(event) -> str:
    """"undo", "redo" or "" for a key press (Ctrl+Y redoes too, as in the Edit menu)."""
    if event.matches(QKeySequence.StandardKey.Undo):
        return "undo"
    if event.matches(QKeySequence.StandardKey.Redo) or (
            event.key() == Qt.Key.Key_Y and event.modifiers() == Qt.KeyboardModifier.ControlModifier):
        return "redo"
    return ""


# the mixin's base as mypy sees it: a widget, whose keyPressEvent it extends (at run time object, so that the
# fields' classes are their Qt class's alone)
if TYPE_CHECKING:
    _Field = QWidget
else:
    _Field = object


class DocumentUndoKeys(_Field):
    """A text field's undo keys go to `undo_stack`, the document's (while it has none, the field's own)."""

    undo_stack: QUndoStack | None = None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        which = undo_key(event) if self.undo_stack is not None else ""
        if which:
            getattr(self.undo_stack, which)()
            event.accept()
            return
        super().keyPressEvent(event)


class LineField(DocumentUndoKeys, QLineEdit):
    pass


class NotesField(DocumentUndoKeys, QPlainTextEdit):
    pass
