"""The one undo command: it wraps an edit record from model.edits and asks the session to apply it.

Undo applies the inverse that `edits.apply` returned. Typing in one field is one undo step: consecutive
`Set` edits that carry the same merge key (the field's pointer plus its typing run) merge into one command.
The command's text (the Edit menu's "Undo …" and "Redo …") is the edit's name in the player's words, made on
the model side from the document before the edit (model.edit_names).
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from model import edit_names, edits

MERGE_ID = 0x5357  # any id other than -1 lets QUndoStack try mergeWith


class EditCommand(QUndoCommand):
    def __init__(self, session, edit: edits.Edit, source=None, merge_key=None):
        super().__init__(edit_names.name(session.data, edit, session.pack))
        self.session = session
        self.edit = edit
        self.inverse: edits.Edit | None = None
        self.source = source          # the widget that made the edit: it already shows the new value
        self.merge_key = merge_key

    def redo(self) -> None:
        source, self.source = self.source, None  # only the first time; redo after undo refreshes everything
        self.inverse = self.session.apply_now(self.edit, source)

    def undo(self) -> None:
        self.session.apply_now(self.inverse)

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        if not (isinstance(self.edit, edits.Set) and isinstance(other.edit, edits.Set)):
            return False
        if other.edit.pointer != self.edit.pointer:
            return False
        self.edit = other.edit  # keep our inverse: it restores the value from before the typing began
        before = self.inverse.value if isinstance(self.inverse, edits.Set) else None
        self.setText(edit_names.typed(self.session.data, self.edit.pointer, before, self.edit.value, self.session.pack))
        if isinstance(self.inverse, edits.Set) and self.inverse.value == other.edit.value:
            self.setObsolete(True)  # typed back to where it started: nothing to undo
        return True
