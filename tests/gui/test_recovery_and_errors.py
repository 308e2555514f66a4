"""Nothing lost, nothing crashes, in the window: recovery after kill -9, autosave files that come and go,
and every way of opening, saving and exporting a bad file ending in a dialog that names file and problem."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from gui import settings as st
from gui.dialogs import prompts
from model import edits, recovery
from tests.conftest import EXAMPLES, ROOT

ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"

CHILD = """
import sys
from PySide6.QtCore import QTimer
from gui.app import create
from model import edits
app, win = create([])
editor = win.new_document("stargrave-crew")
editor.session.apply(edits.Set("/name", "Kill Nine Crew"))
opened = win.open_path(sys.argv[1])
opened.session.apply(edits.Set("/notes", "written just before the crash"))
print("edited", flush=True)
app.exec()
"""


def _recovery_files() -> list[Path]:
    from gui.recovery import folder
    return sorted(Path(folder()).glob("*.recovery"))


def _set_autosave(seconds: float) -> None:
    s = st.settings()
    s.setValue("recovery/seconds", seconds)
    s.sync()


def test_recovery_after_kill_9(win, qtbot, answer, tmp_path):
    _set_autosave(0.2)
    doc = tmp_path / "ashen.starwright"
    doc.write_bytes(ASHEN.read_bytes())
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(doc)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout.readline().strip() == "edited"
        deadline = time.monotonic() + 30
        while len(_recovery_files()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)  # kill -9: no chance to save or to clean up
        child.wait()
        child.stdout.close()
    assert len(_recovery_files()) == 2
    assert json.loads(doc.read_text())["notes"] == json.loads(ASHEN.read_text())["notes"]  # not saved

    seen = []

    def restore(dialog):
        seen.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        dialog.restore_button.click()
    answer(restore)
    restored = win.offer_recovery()
    assert len(restored) == 2
    texts = seen[0]
    assert any(t.startswith("Kill Nine Crew · Stargrave crew\nnever saved to a file · autosaved") for t in texts)
    assert any(t.startswith(f"Ashen Comet · Stargrave crew\n{doc} · autosaved") for t in texts)
    names = {e.session.data["name"]: e for e in restored}
    assert set(names) == {"Kill Nine Crew", "Ashen Comet"}
    ashen = names["Ashen Comet"].session
    assert ashen.data["notes"] == "written just before the crash" and ashen.dirty and ashen.path == str(doc)
    assert win.tabs.tabText(win.tabs.indexOf(names["Ashen Comet"])).endswith("*")
    # saving the restored document writes it and removes its recovery file; closing the other discards it
    assert win.save(names["Ashen Comet"])
    assert json.loads(doc.read_text())["notes"] == "written just before the crash"
    assert len(_recovery_files()) == 1
    win.close_editor(names["Kill Nine Crew"], ask=False)
    assert _recovery_files() == []


def test_autosave_writes_after_a_change_and_removes_on_undo_to_saved(win, qtbot):
    _set_autosave(0.1)
    editor = win.open_path(str(ASHEN))
    assert _recovery_files() == []
    editor.session.apply(edits.Set("/name", "Changed"))
    qtbot.waitUntil(lambda: len(_recovery_files()) == 1, timeout=5000)
    entries, broken = recovery.pending(Path(_recovery_files()[0]).parent)
    assert broken == [] and entries == []  # this process is alive and its own: not offered to itself...
    record = json.loads(_recovery_files()[0].read_text())
    assert record["document"]["name"] == "Changed" and record["path"] == str(ASHEN)
    editor.session.stack.undo()
    qtbot.waitUntil(lambda: _recovery_files() == [], timeout=5000)


def test_discard_all_removes_the_recovery_files(win, answer, tmp_path):
    from gui.recovery import folder as recovery_folder
    folder = Path(recovery_folder())
    data = json.loads(ASHEN.read_text())
    recovery.write(folder, "abc", data, "stargrave-crew", None, "Ashen Comet")
    record = json.loads((folder / "abc.recovery").read_text())
    record["pid"] = 999999999  # a process that is gone
    (folder / "abc.recovery").write_text(json.dumps(record))
    answer(lambda d: d.discard_button.click())
    assert win.offer_recovery() == [] and _recovery_files() == []


def test_decide_later_keeps_them(win, answer):
    from gui.recovery import folder
    recovery.write(folder(), "later", json.loads(ASHEN.read_text()), "stargrave-crew", None, "Ashen Comet")
    path = Path(folder()) / "later.recovery"
    record = json.loads(path.read_text())
    record["pid"] = 999999999
    path.write_text(json.dumps(record))
    answer(lambda d: d.later_button.click())
    assert win.offer_recovery() == [] and _recovery_files() == [path]


# ---- every way in ends in a dialog ----------------------------------------------------------------------

def _bad_files(tmp_path) -> dict[str, Path]:
    fifo = tmp_path / "pipe.starwright"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.starwright"
    loop.symlink_to(loop)
    deep = tmp_path / "deep.starwright"
    deep.write_text('{"format": "starwright/stargrave-crew", "version": 1, "name": ' + "[" * 985 + "]" * 985 + "}")
    huge = tmp_path / "huge.starwright"
    huge.write_text('{"format": "starwright/stargrave-crew", "version": ' + "9" * 5000 + "}")
    sur = tmp_path / "surrogate.starwright"
    sur.write_text(ASHEN.read_text().replace('"name": "', '"name": "\\ud800', 1))
    return {"pipe": fifo, "loop": loop, "nested": deep, "far beyond": huge, "surrogate": sur,
            "device": Path("/dev/zero")}


def _expect_error(answer, seen: list):
    answer(QMessageBox.StandardButton.Ok, seen)


@pytest.mark.parametrize("how", ["argument", "dialog", "recent", "drop"])
def test_every_way_of_opening_a_bad_file_ends_in_a_dialog(win, qtbot, answer, tmp_path, monkeypatch, how):
    for problem, path in _bad_files(tmp_path).items():
        seen: list = []
        _expect_error(answer, seen)
        if how == "argument":
            from gui.app import create
            _app, w = create([str(path)])
            w.close()
        elif how == "dialog":
            monkeypatch.setattr(prompts, "choose_open_paths", lambda parent, folder="", p=path: [str(p)])
            win.a_open.trigger()
        elif how == "recent":
            s = st.settings()
            s.setValue("recent_files", [str(path)])
            s.sync()
            win._refresh_recent()
            win.recent_menu.actions()[0].trigger()
        else:
            mime = QMimeData()
            mime.setUrls([QUrl.fromLocalFile(str(path))])
            for event in (QDragEnterEvent, QDropEvent):
                QApplication.sendEvent(win, event(QPointF(50, 50), Qt.DropAction.CopyAction, mime,
                                                  Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        qtbot.waitUntil(lambda seen=seen: len(seen) == 2, timeout=10000)
        title, text, info = seen[1]
        assert path.name in title and path.name in text, (problem, title, text)
        assert problem in info and f"The file is {path}." in info, (problem, info)
        assert win.editors() == []


def test_a_failed_save_and_export_end_in_dialogs(win, qtbot, answer, tmp_path, monkeypatch):
    editor = win.open_path(str(ASHEN))
    folder = tmp_path / "a folder.starwright"
    folder.mkdir()
    monkeypatch.setattr(prompts, "choose_save_path", lambda parent, suggestion: str(folder))
    seen: list = []
    _expect_error(answer, seen)
    assert win.save_as(editor) is False
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "Could not save" in seen[1][0] and "folder" in seen[1][2] and str(folder) in seen[1][2]
    fifo = tmp_path / "sheet.pdf"
    os.mkfifo(fifo)
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, suggestion: str(fifo))
    from gui.dialogs import export_options  # the export dialog answers "the full sheet"
    monkeypatch.setattr(export_options, "choose_export",
                        lambda parent, paper, kind=None: export_options.ExportChoice("sheet", paper))
    seen = []
    _expect_error(answer, seen)
    win.export_pdf()
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "Could not export" in seen[1][0] and "pipe" in seen[1][2]
    assert Path(fifo).is_fifo()


def test_saving_onto_a_hard_link_tells_the_user(win, qtbot, answer, tmp_path):
    a = tmp_path / "a.starwright"
    a.write_bytes(ASHEN.read_bytes())
    os.link(a, tmp_path / "b.starwright")
    editor = win.open_path(str(a))
    editor.session.apply(edits.Set("/name", "Renamed"))
    seen: list = []
    _expect_error(answer, seen)
    assert win.save(editor)
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert "hard link" in seen[1][1]


def test_an_autosave_that_cannot_be_written_is_said_in_the_status_bar(win, qtbot, tmp_path):
    _set_autosave(0.1)
    blocked = tmp_path / "not a folder"
    blocked.write_text("a file where the recovery folder should be")
    s = st.settings()
    s.setValue("recovery/folder", str(blocked / "recovery"))
    s.sync()
    editor = win.open_path(str(ASHEN))
    editor.session.apply(edits.Set("/name", "Changed"))
    qtbot.waitUntil(lambda: "Autosave failed" in win.statusBar().currentMessage(), timeout=5000)
