"""One open document: its data, kind, file path, undo stack, and the latest evaluation.

Every change goes through `apply(edit)`: it becomes one command on the QUndoStack; the command applies the
edit (model.edits), the session evaluates the document once (model.evaluate) and emits `changed` with what
changed: the pointers written, whether the issues changed, and which derived values changed. Views refresh
only what that touches.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from model import edits, storage
from model.evaluate import Result, evaluate
from model.issues import Issue
from model.kinds import Kind
from model.paths import examples_dir, is_program_file
from model.rules_pack import builtin_pack

from .undo import EditCommand


@dataclass
class Change:
    touched: list[str]                 # pointers the edit wrote ("" = everything, e.g. after load)
    source: object | None              # the widget that made the edit (it needs no refresh)
    issues_changed: bool
    derived_changed: set[str] = field(default_factory=set)  # top-level keys of Result.derived that changed
    result: Result | None = None


class Session(QObject):
    changed = Signal(object)           # Change
    stateChanged = Signal()            # path or unsaved-changes flag changed

    def __init__(self, data: dict, kind: Kind, path: str | None = None, parent: QObject | None = None,
                 copy_of: str | None = None):
        super().__init__(parent)
        self.data = data
        self.kind = kind
        # One of the program's own files (an example, by any way in: the examples list, File > Open, a recent file,
        # a drop, the command line, a recovered document) is an untitled copy: `copy_of` is the file it was copied
        # from, where its links are found from, and saving asks for a name (the program's folders are never written).
        if path and is_program_file(path):
            path, copy_of = None, str(path)
        self.path = str(path) if path else None
        self.copy_of = str(copy_of) if copy_of and not path else None
        self.stack = QUndoStack(self)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.result: Result = evaluate(self.data, self.kind, origin=self.origin)
        self._typing_run = 0

    def _clean_changed(self, _clean: bool) -> None:
        self.stateChanged.emit()

    # -- creating ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, kind: Kind, parent: QObject | None = None) -> Session:
        return cls(kind.system.new(builtin_pack(kind.pack)), kind, None, parent)

    @classmethod
    def open(cls, path: str, parent: QObject | None = None) -> Session:
        """The document at `path` (one of the program's own files opens as an untitled copy: __init__)."""
        loaded = storage.load(path)  # raises storage.DocumentError with path, where, message
        session = cls(loaded.data, loaded.kind, path, parent)
        if loaded.migrated_from is not None:
            session.stack.resetClean()  # migrated in memory: saving writes the new version
        return session

    # -- editing ----------------------------------------------------------------------------------
    @property
    def pack(self):
        return self.result.pack or builtin_pack(self.kind.pack)

    def apply(self, edit: edits.Edit, source=None, merge_key=None) -> None:
        """Push one edit as one undo step. `merge_key` merges consecutive Set edits (typing)."""
        if isinstance(edit, edits.Batch) and not edit.edits:
            return
        self.stack.push(EditCommand(self, edit, source, merge_key))

    def new_typing_run(self) -> int:
        """A fresh merge key part: called when a field loses focus, so the next typing is a new undo step."""
        self._typing_run += 1
        return self._typing_run

    @property
    def typing_run(self) -> int:
        return self._typing_run

    def apply_now(self, edit: edits.Edit, source=None) -> edits.Edit:
        """Apply `edit` to the document at once and re-evaluate; return its inverse. Only the undo command calls
        this (its redo and undo): everything else goes through `apply`, which pushes a command."""
        inverse = edits.apply(self.data, edit)
        self._reevaluate(edits.touched(edit), source)
        return inverse

    def _reevaluate(self, touched: list[str], source=None) -> None:
        old = self.result
        new = evaluate(self.data, self.kind, origin=self.origin)
        self.result = new
        derived_changed = {k for k in set(old.derived) | set(new.derived) if old.derived.get(k) != new.derived.get(k)}
        self.changed.emit(Change(touched, source, old.issues != new.issues, derived_changed, new))

    # -- reading ----------------------------------------------------------------------------------
    @property
    def issues(self) -> list[Issue]:
        return self.result.issues

    @property
    def dirty(self) -> bool:
        return not self.stack.isClean()

    @property
    def origin(self) -> str | None:
        """Where the document's links to other files are found from: its file, or the file it is a copy of."""
        return self.path or self.copy_of

    @property
    def copy_label(self) -> str:
        """"a copy of the example x.starwright" for a copy of one of the program's files, else ""."""
        if not self.copy_of:
            return ""
        example = os.path.realpath(Path(self.copy_of).parent) == os.path.realpath(examples_dir())
        return f"a copy of the {'example' if example else 'program file'} {Path(self.copy_of).name}"

    @property
    def display_name(self) -> str:
        if self.path:
            return Path(self.path).name
        name = str(self.data.get("name") or "").strip()
        return name or f"Untitled {self.kind.title}"

    # -- saving -----------------------------------------------------------------------------------
    def save(self, path: str | None = None) -> list[str]:
        """Atomic save (model.storage); raises storage.SaveError. Marks the document saved. Returns notes
        for the user (a hard link that now shows the previous version)."""
        target = str(path or self.path or "")
        if not target:
            raise ValueError("no file name to save to")
        changed_path = target != self.path
        # Links to other files are stored relative to this one: saving elsewhere rewrites them (one undo step).
        relocate = self.kind.system.relocate if changed_path else None
        moved = relocate(self.data, self.origin, target) if relocate else []
        if moved:
            self.apply(edits.Batch(tuple(moved), "update links for the new location"))
        # The document's own file may be a symbolic link it was opened through: that link is followed (the file it
        # points to is saved, the link stays a link). A link at any other name (Save As) is refused, never written
        # through (model/storage.py: write_target).
        link = storage.FOLLOW if not changed_path else storage.REFUSE
        try:
            notes = storage.save(target, self.data, link)
        except storage.SaveError:
            if moved:
                self.stack.undo()  # nothing was saved: the links go back to what fits the old location
            raise
        self.path = target
        self.copy_of = None
        self.stack.setClean()
        if changed_path:
            self._reevaluate([""])  # linked files are found from the new location
            self.stateChanged.emit()
        return notes
