"""Table Link on the desktop: "Share with phones…" of the Play view (issue 40).

This package's modules are imported only when sharing starts (aiohttp, segno): this file holds only the
sharing sessions now running, one per document, so that End game and closing the document reach them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .dialog import ShareDialog

_running: dict[int, ShareDialog] = {}     # id(session) -> its ShareDialog


def open_for(session, parent=None):
    """Show the sharing window of this document, starting to share if it is not yet."""
    key = id(session)      # the dialog holds the session, so the id is not reused while it is here
    dialog = _running.get(key)
    if dialog is None:
        from .dialog import ShareDialog
        dialog = ShareDialog(session, parent)
        _running[key] = dialog
        dialog.finished.connect(lambda _r: _running.pop(key, None))
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def running(session):
    return _running.get(id(session))


def ended_game(session) -> None:
    """End game on the desktop: the phones show "game over" (nothing when not sharing)."""
    dialog = _running.get(id(session))
    if dialog is not None:
        dialog.host.end_game()


def stop_for(session) -> None:
    """The document closes: sharing stops and every phone is told."""
    dialog = _running.pop(id(session), None)
    if dialog is not None:
        dialog.stop()


def stop_all() -> None:
    for key in list(_running):
        dialog = _running.pop(key, None)
        if dialog is not None:
            dialog.stop()
