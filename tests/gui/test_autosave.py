"""Autosave while someone keeps typing: the builder, in a process of its own, gets a key every 0.15 s in a crew's
notes and is killed with SIGKILL in the middle of it; the recovery file it left must hold all but the last
few keys (no more than the maximum wait's worth), however long the typing went on without a pause. And the
write never holds up the editor: a worker thread writes a snapshot taken when the write was asked for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from gui import settings as st
from model import edits, recovery
from tests.conftest import EXAMPLES, ROOT

ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"
KEY_EVERY = 0.15   # seconds between keys: no pause ever reaches the quiet wait
QUIET = 1.0        # the quiet wait: longer than the gap between two keys, so it never comes round while typing
MOST = 1.5         # the maximum wait after the first unsaved change
TYPING = 6.0       # seconds of typing before the kill: four times the maximum wait

# The real builder (gui.app.create, what `starwright FILE` runs) with the crew open; its notes field gets a key
# every KEY_EVERY seconds through Qt's own key events, the way a person types, and says when each key went in.
CHILD = """
import sys, time
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPlainTextEdit
from gui.app import create
app, win = create([sys.argv[1]])
notes = win.current_editor().findChild(QPlainTextEdit, "crewNotes")
notes.setFocus()
QTest.keyClick(notes, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
typed = [0]
def key():
    QTest.keyClicks(notes, "abcdefghij"[typed[0] % 10])
    typed[0] += 1
    print(f"typed {typed[0]} {time.monotonic():.4f}", flush=True)
timer = QTimer()
timer.timeout.connect(key)
timer.start(int(float(sys.argv[2]) * 1000))
print("ready", flush=True)
app.exec()
"""


def _settings(**values) -> None:
    s = st.settings()
    for key, value in values.items():
        s.setValue(f"recovery/{key}", value)
    s.sync()


def type_and_kill(doc: Path, typing: float, key_every: float = KEY_EVERY) -> tuple[float, int, int, dict | None]:
    """Start the builder on doc, let it type for `typing` seconds, kill -9 it. Returns the seconds of typing the
    recovery file lacks (kill time less the time of the last key it holds; all of it when there is no file), the
    keys typed, the keys the file holds and the recovery record (None when there is none)."""
    from gui.recovery import folder
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(doc), str(key_every)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, text=True)
    times: list[float] = []
    try:
        assert child.stdout.readline().strip() == "ready"
        while True:
            line = child.stdout.readline().split()
            assert line and line[0] == "typed", line
            times.append(float(line[2]))
            if times[-1] - times[0] >= typing:
                break
    finally:
        killed_at = time.monotonic()
        child.send_signal(signal.SIGKILL)  # kill -9 in the middle of the typing: no chance to save or clean up
        child.wait()
        child.stdout.close()
    files = sorted(Path(folder()).glob("*.recovery"))
    assert len(files) <= 1
    record = json.loads(files[0].read_text()) if files else None
    initial = json.loads(doc.read_text())["notes"]
    if record is None:
        return killed_at - times[0] + key_every, len(times), 0, None
    notes = record["document"]["notes"]
    assert notes.startswith(initial)
    held = len(notes) - len(initial)
    assert notes[len(initial):] == "".join("abcdefghij"[i % 10] for i in range(held))  # the keys, in order
    last = times[held - 1] if held else times[0] - key_every
    return killed_at - last, len(times), held, record


def test_a_kill_during_continuous_typing_loses_no_more_than_the_maximum_wait(tmp_path):
    _settings(seconds=QUIET, max_seconds=MOST)
    doc = tmp_path / "ashen.starwright"
    doc.write_bytes(ASHEN.read_bytes())
    lost, typed, held, record = type_and_kill(doc, TYPING)
    assert record is not None, f"{typed} keys over {TYPING} s without a pause, and no recovery file"
    assert record["path"] == str(doc) and held > 0
    # the file lags the typing by at most the maximum wait, plus the time a key and a write take
    assert lost <= MOST + 2 * KEY_EVERY + 0.5, f"{lost:.2f} s of typing lost ({typed - held} of {typed} keys)"
    assert json.loads(doc.read_text()) == json.loads(ASHEN.read_text())  # the document's own file is not touched


def _slow_disk(monkeypatch):
    """The worker's write held at its start (a slow disk) until `release` is set; each call's thread and the
    document each write put on disk (once it is there) are recorded."""
    started, release, threads, payloads = threading.Event(), threading.Event(), [], []
    check, write = recovery.check_value, recovery.atomic_write

    def held_check(value, *args):
        threads.append(threading.current_thread())
        started.set()
        release.wait(2)
        return check(value, *args)

    def recorded_write(path, payload, *args):
        notes = write(path, payload, *args)
        payloads.append(json.loads(payload)["document"])   # once it is on disk
        return notes
    monkeypatch.setattr(recovery, "check_value", held_check)
    monkeypatch.setattr(recovery, "atomic_write", recorded_write)
    return started, release, threads, payloads


def test_the_recovery_file_is_written_by_a_worker_from_a_snapshot(win, qtbot, monkeypatch):
    """While the write waits for the disk the editor goes on (the next edit is applied and re-checked at once),
    and the file holds the document as it was when the write was asked for, not a mix with later edits."""
    from gui.recovery import folder
    _settings(seconds=0.05, max_seconds=0.05)
    started, release, threads, payloads = _slow_disk(monkeypatch)
    editor = win.open_path(str(ASHEN))
    editor.session.apply(edits.Set("/notes", "first"))
    qtbot.waitUntil(started.is_set, timeout=5000)
    assert threads[0] is not threading.main_thread()
    editor.session.apply(edits.Set("/notes", "second"))   # while the worker is held
    editor.session.apply(edits.Set("/name", "Renamed Meanwhile"))
    assert not release.is_set() and editor.session.data["notes"] == "second"
    release.set()
    qtbot.waitUntil(lambda: len(payloads) == 2, timeout=5000)
    assert payloads[0]["notes"] == "first" and payloads[0]["name"] == "Ashen Comet"   # the snapshot
    assert payloads[1]["notes"] == "second" and payloads[1]["name"] == "Renamed Meanwhile"
    assert all(t is not threading.main_thread() for t in threads)
    files = list(Path(folder()).glob("*.recovery"))
    assert len(files) == 1 and json.loads(files[0].read_text())["document"]["name"] == "Renamed Meanwhile"


def test_a_file_removed_while_its_write_is_in_flight_does_not_come_back(win, qtbot, monkeypatch):
    from gui.recovery import folder
    _settings(seconds=0.05, max_seconds=0.05)
    started, release, _threads, payloads = _slow_disk(monkeypatch)
    editor = win.open_path(str(ASHEN))
    editor.session.apply(edits.Set("/notes", "soon undone"))
    qtbot.waitUntil(started.is_set, timeout=5000)
    threading.Timer(0.3, release.set).start()   # the disk answers while the undo below waits for it
    editor.session.stack.undo()                 # back to the saved state: the recovery file goes
    assert not editor.session.dirty and len(payloads) == 1
    qtbot.wait(300)
    assert list(Path(folder()).glob("*.recovery")) == []


def test_the_waits_are_settings_with_their_defaults():
    from gui import recovery as gr
    s = st.settings()
    s.remove("recovery")
    s.sync()
    assert gr.waits() == (2.0, 5.0)
    _settings(seconds=3, max_seconds=8)
    assert gr.waits() == (3.0, 8.0)
    _settings(seconds=4, max_seconds=1.5)   # the maximum wait is never shorter than the quiet wait
    assert gr.waits() == (4.0, 4.0)
    _settings(seconds="soon", max_seconds="later")
    assert gr.waits() == (2.0, 5.0)
