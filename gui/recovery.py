"""Autosave and recovery in the window: each document with unsaved changes is written to the recovery
folder (model/recovery.py) once the player pauses, and at the latest a few seconds after its first unsaved
change however long the typing goes on; saving or closing it removes the file; the next start offers to
restore what a crash or a kill left there.

Settings (starwright.ini, [recovery]): `folder` (default: <user data>/Starwright/recovery), `seconds` (the
quiet wait: a write once no change came for this long, default 2; 0 turns autosave off) and `max_seconds`
(the maximum wait: a write at the latest this long after the first change not yet written, default 5; never
less than `seconds`).

Why these: a pause of two seconds means the player has stopped typing or clicking, so the write falls in the
pause; five seconds bounds what a kill or a crash can take during typing that never pauses (the timer used to
start again at every change, so nothing was written while someone kept typing). A write costs the editor only
the snapshot (a copy of the document's lists and objects, about a millisecond for a crew with a hundred
games): checking, serialising, writing and syncing (10 to 30 ms, mostly the fsync) run on one worker thread,
in order, so a later snapshot of a document never lands before an earlier one, and removing a document's file
first waits for its write in flight (tests/benchmarks/bench_autosave.py).
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from . import settings as st

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

DEFAULT_SECONDS = 2      # the quiet wait
DEFAULT_MAX_SECONDS = 5  # the maximum wait after the first change not yet written


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


# (the settings file's path, time and size), the quiet wait and the maximum wait read then
_WAITS: list = [None, float(DEFAULT_SECONDS), float(DEFAULT_MAX_SECONDS)]


def _number(s, key: str, default: float) -> float:
    try:
        return max(0.0, float(s.value(key, default)))
    except (TypeError, ValueError):
        return float(default)


def waits() -> tuple[float, float]:
    """The quiet wait and the maximum wait (at least the quiet wait), in seconds. Asked at every edit: read
    again only when the settings file changed (opening the settings for each edit was a tenth of a millisecond,
    tests/benchmarks/bench_gui.py)."""
    path = st.settings_path()
    key: tuple[str, int | None, int | None]
    try:
        stat = os.stat(path)
        key = (str(path), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = (str(path), None, None)
    if key != _WAITS[0]:
        s = st.settings()
        quiet = _number(s, "recovery/seconds", DEFAULT_SECONDS)
        _WAITS[:] = [key, quiet, max(quiet, _number(s, "recovery/max_seconds", DEFAULT_MAX_SECONDS))]
    return _WAITS[1], _WAITS[2]


def seconds() -> float:
    """The quiet wait (0: autosave is off)."""
    return waits()[0]


def _write(where: str, key: str, data: dict, kind: str, path: str | None, title: str) -> str:
    """On the worker thread: write one snapshot; '' when written, else what went wrong in words."""
    from model import recovery, storage
    try:
        recovery.write(where, key, data, kind, path, title)
    except (storage.DocumentError, OSError) as e:
        return f"Autosave failed: {e}"
    except Exception as e:  # a value a file cannot hold: said, never a traceback from a thread
        return f"Autosave failed: the document holds a value a file cannot ({e})"
    return ""


class Autosaver(QObject):
    """Writes the recovery file of each tracked session after a pause, or at the latest the maximum wait after
    its first change not yet written; the writing is done by a worker thread."""

    failed = Signal(str)  # a recovery file could not be written: the window says so in its status bar
    _finished = Signal(str)  # from the worker: '' or the failure (delivered on the GUI thread: a queued signal)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._timers: dict[object, QTimer] = {}
        self._keys: dict[object, str] = {}           # session -> the name of its recovery file (model/recovery.py)
        self._first: dict[object, float] = {}        # session -> when its first change not yet written came
        self._writes: dict[object, list[Future]] = {}  # session -> its writes queued or in flight, in order
        self._worker: ThreadPoolExecutor | None = None   # one thread: writes and waits keep their order
        self._finished.connect(self._report)

    def track(self, session, key: str | None = None) -> None:
        self._keys[session] = key or os.urandom(16).hex()  # not uuid: it loads libuuid and platform for nothing more
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
            self._first.pop(session, None)
            self.discard(session)
            return
        quiet, most = waits()
        if quiet <= 0:
            return
        now = time.monotonic()
        first = self._first.setdefault(session, now)
        # the quiet wait starts again at every change, but never past the maximum wait after the first change
        wait = max(0.0, min(quiet, first + most - now))
        timer.start(int(wait * 1000))

    def write_now(self, session) -> bool:
        """Hand a snapshot of the document to the worker; True when a write was queued. A write queued for the
        same document that has not started yet is dropped: this one holds everything it did, and more."""
        from model import recovery
        if session not in self._timers or not session.dirty:
            return False
        self._first.pop(session, None)
        data = recovery.snapshot(session.data)   # on the GUI thread: the editor may change the document next
        title = str(data.get("name") or "").strip() or session.display_name
        pending = [f for f in self._writes.get(session, []) if not f.done() and not f.cancel()]
        if self._worker is None:   # at the first write: start-up loads no thread pool
            from concurrent.futures import ThreadPoolExecutor
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        # a copy of an example records the example: restored, it is its untitled copy again (gui/session.py)
        future = self._worker.submit(_write, folder(), self._keys[session], data, session.kind.kind, session.origin,
                                     title)
        future.add_done_callback(self._done)
        self._writes[session] = pending + [future]
        return True

    def _done(self, future: Future) -> None:
        """On the worker thread (or here, for a write cancelled before it started): hand the outcome on."""
        if not future.cancelled() and future.exception() is None and future.result():
            try:
                self._finished.emit(future.result())
            except RuntimeError:   # the window is gone (the program is closing): nobody to tell
                pass

    @Slot(str)
    def _report(self, text: str) -> None:
        self.failed.emit(text)

    def _settle(self, session) -> None:
        """Drop the session's writes that have not started and wait for the one in flight, if any."""
        for future in self._writes.pop(session, []):
            if not future.cancel():
                future.exception()  # blocks until it is done; its outcome was handed on by _done

    def discard(self, session) -> None:
        """Remove the session's recovery file, after any write of it queued or in flight (which would otherwise
        bring the file back)."""
        from model import recovery
        self._settle(session)
        key = self._keys.get(session)
        if key:
            recovery.remove(folder(), key)

    def forget(self, session) -> None:
        """The document was closed (saved or its changes discarded): its recovery file goes."""
        timer = self._timers.pop(session, None)
        if timer is not None:
            timer.stop()
        self._first.pop(session, None)
        self.discard(session)
        self._keys.pop(session, None)
