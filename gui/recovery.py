"""Autosave and recovery in the window: each document with unsaved changes is written to the recovery
folder (model/recovery.py) a few seconds after its last change; saving or closing it removes the file;
the next start offers to restore what a crash or a kill left there.

Settings (starwright.ini, [recovery]): `folder` (default: <user data>/Starwright/recovery) and
`seconds` (the wait after a change before writing, default 5; 0 turns autosave off).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, QTimer, Signal

from . import settings as st

DEFAULT_SECONDS = 5


def folder() -> str:
    from model.paths import recovery_dir
    return str(st.settings().value("recovery/folder", "") or recovery_dir())


def anything_left(where: str) -> bool:
    """A quick look before reading anything: is there a recovery file at all? (Start-up pays for no more.)"""
    from model.paths import RECOVERY_SUFFIX
    try:
        return any(e.name.endswith(RECOVERY_SUFFIX) for e in os.scandir(where))
    except OSError:
        return False


_SECONDS: list = [None, float(DEFAULT_SECONDS)]   # (the settings file's path, time and size), the value read then


def seconds() -> float:
    """The autosave delay. Asked at every edit: read again only when the settings file changed (opening the
    settings for each edit was a tenth of a millisecond, tests/benchmarks/bench_gui.py)."""
    path = st.settings_path()
    try:
        stat = os.stat(path)
        key = (str(path), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = (str(path), None, None)
    if key != _SECONDS[0]:
        try:
            value = max(0.0, float(st.settings().value("recovery/seconds", DEFAULT_SECONDS)))
        except (TypeError, ValueError):
            value = float(DEFAULT_SECONDS)
        _SECONDS[:] = [key, value]
    return _SECONDS[1]


class Autosaver(QObject):
    """Writes the recovery file of each tracked session shortly after each change."""

    failed = Signal(str)  # a recovery file could not be written: the window says so in its status bar

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._timers: dict[object, QTimer] = {}

    def track(self, session, key: str | None = None) -> None:
        session.recovery_key = key or os.urandom(16).hex()  # not uuid: it loads libuuid and platform for nothing more
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda s=session: self.write_now(s))
        self._timers[session] = timer
        session.stack.indexChanged.connect(lambda _i, s=session: self._changed(s))
        session.stateChanged.connect(lambda s=session: self._changed(s))

    def _changed(self, session) -> None:
        timer = self._timers.get(session)
        if timer is None:
            return
        try:
            dirty = session.dirty
        except RuntimeError:   # the session's undo stack is gone (the program is closing): nothing to keep
            return
        if not dirty:
            timer.stop()
            self.discard(session)
            return
        wait = seconds()
        if wait > 0:
            timer.start(int(wait * 1000))

    def write_now(self, session) -> bool:
        from model import recovery, storage
        if session not in self._timers or not session.dirty:
            return False
        try:
            recovery.write(folder(), session.recovery_key, session.data, session.kind.kind, session.path,
                           str(session.data.get("name") or "").strip() or session.display_name)
        except (storage.DocumentError, OSError) as e:
            self.failed.emit(f"Autosave failed: {e}")
            return False
        return True

    def discard(self, session) -> None:
        from model import recovery
        key = getattr(session, "recovery_key", None)
        if key:
            recovery.remove(folder(), key)

    def forget(self, session) -> None:
        """The document was closed (saved or its changes discarded): its recovery file goes."""
        timer = self._timers.pop(session, None)
        if timer is not None:
            timer.stop()
        self.discard(session)
