"""The "Record a game" walk-through (dialog.RecordGameDialog) and how the rest of the editor opens it."""

from __future__ import annotations


def editor_of(widget):
    """The document editor a widget is in: the walk-through is its child window and closes with it."""
    while widget is not None and not getattr(widget, "is_document_editor", False):
        widget = widget.parentWidget()
    return widget


def open_walkthrough(session, parent=None, index: int | None = None, dice=None, prefill: dict | None = None):
    """Show the walk-through for a new game (index None) or for recorded game `index`; one per document.

    A walk-through already open for this document is brought to the front (a second one would record from
    a stale crew). `prefill`: a new game's record as the Play view's tracker counted it (model.play.stargrave);
    recording it also clears the game in progress."""
    from .dialog import RecordGameDialog
    editor = editor_of(parent)
    state = editor.state if editor is not None else None
    current = state.record_dialog if state is not None else None
    try:
        if current is not None and current.isVisible():
            if current.draft.index == (index if index is not None else current.draft.index) and (
                    (index is None) != current.draft.reopened):
                current.raise_()
                current.activateWindow()
                return current
            current.reject()
            if current.isVisible():     # the player kept it open
                return current
    except RuntimeError:  # deleted already
        pass
    dlg = RecordGameDialog(session, index, editor or parent, dice, prefill)
    if state is not None:
        state.record_dialog = dlg
    dlg.show()
    dlg.raise_()
    dlg.activateWindow()
    return dlg
