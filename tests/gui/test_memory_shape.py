"""What keeps the memory of open documents small (tests/benchmarks/bench_gui.py, memory, measures it): PySide6's
import hook keeps no module's source, documents out of sight give their memory back to the system, and opening
documents makes PySide6 build no Python class it never uses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
FIVE = [str(EXAMPLES / f"{name}.starwright") for name in
        ("ashen-comet-veteran", "kestrel-crewed", "unit-k7-droid-medic", "norel-kho-dralasite", "z-gata-frigate")]


def _probe(code: str, *args: str) -> list[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()


SOURCES_PROBE = """
import linecache, os, sys, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
read = []
update = linecache.updatecache
def spy(filename, module_globals=None):
    read.append(filename)
    return update(filename, module_globals)
linecache.updatecache = spy
import PySide6.QtWidgets
from gui.app import create
app, w = create([])
for f in sys.argv[1:]:
    w.open_path(f)
    app.processEvents()
root = os.getcwd()
ours = [f for f in read if f.startswith((os.path.join(root, "gui"), os.path.join(root, "model")))
        and f != os.path.join(root, "gui", "__init__.py")]   # (imported before PySide6)
print(len(read), len(ours), sorted(set(ours)), sorted(set(f for f in read if "jsonschema" in f)))
"""


def test_opening_documents_reads_no_module_source_into_memory():
    """PySide6's hook read every module imported after it with inspect.getsource, which keeps the lines in
    linecache (5 MB with a document open; cleared, the room stayed scattered in Python's pools). Only the
    modules imported between PySide6 and the answer's installing (gui.app's first lines) may be read."""
    read, ours, names = _probe(SOURCES_PROBE, *FIVE)[-1].split(" ", 2)
    assert int(read) > 0, "the probe sees linecache being read (it would pass for nothing)"
    assert ours == "0" and names == "[] []", names


def test_the_hook_gets_the_answer_it_would_have_found():
    from shibokensupport import feature

    import gui.app  # (installs the answer)
    from gui import sources
    ours = feature._mod_uses_pyside
    assert ours.__module__ == "gui.sources"
    assert sources.quiet() and feature._mod_uses_pyside is ours, "installed once"

    import inspect
    import json

    import gui.binding
    import model.storage
    from PySide6 import QtCore

    def theirs(module):   # the hook's own question, as PySide6 asks it
        try:
            return "PySide6" in inspect.getsource(module)
        except (TypeError, OSError, SyntaxError):
            return False

    for module in (gui.binding, gui.sources, model.storage, json, QtCore, sys, inspect):
        assert ours(module) == theirs(module), module.__name__
    assert ours(gui.binding) and not ours(model.storage) and not ours(QtCore)


def _anon_kb() -> int:
    for line in open("/proc/self/status"):
        if line.startswith("RssAnon:"):
            return int(line.split()[1])
    raise AssertionError("no RssAnon in /proc/self/status")


def test_giving_back_returns_the_heaps_free_pages_to_the_system():
    """glibc keeps freed blocks inside its heap (a freed form's widgets); give_back hands their pages back."""
    import ctypes

    from gui import memory
    libc = ctypes.CDLL(None)
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(64 * 1024) for _ in range(400)]   # 25 MB in blocks below the mmap threshold
    for b in blocks:
        ctypes.memset(b, 1, 64 * 1024)                      # touched: resident
    for b in blocks[:-1]:
        libc.free(b)                                         # free, but below the last block: kept in the heap
    kept = _anon_kb()
    assert memory.give_back()
    given = kept - _anon_kb()
    libc.free(blocks[-1])
    assert given > 15 * 1024, f"only {given} KB given back"


def test_a_document_giving_its_forms_back_gives_the_room_back(win, qtbot, monkeypatch):
    from gui import memory
    calls = []
    monkeypatch.setattr(memory, "give_back", lambda: calls.append(1) or True)
    names = ["ashen-comet-veteran", "kestrel-crewed"]
    opened = [win.open_path(str(EXAMPLES / f"{n}.starwright")) for n in names]
    qtbot.wait(10)
    assert calls == [], "two documents keep their forms: nothing given back"
    opened.append(win.open_path(str(EXAMPLES / "kara-venn-human.starwright")))
    assert calls == [], "given back once the new form is built, not before"
    qtbot.waitUntil(lambda: calls == [1], timeout=2000)
    win.tabs.setCurrentWidget(opened[2])          # the two shown last: no form given back, nothing to trim
    win.tabs.setCurrentWidget(opened[1])
    qtbot.wait(10)
    assert calls == [1]


CLASSES_PROBE = """
import gc, os, sys, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
from gui.app import create
app, w = create([])
for f in sys.argv[1:]:
    w.open_path(f)
    app.processEvents()
made = {t.__name__ for t in gc.get_objects() if isinstance(t, type) and t.__module__.startswith("PySide6.")}
print(" ".join(sorted(made)))
"""

# Classes no page of a document uses: made only by PySide6 looking for a plain widget's class among every widget
# class (QCalendarWidget, QWizard), a QTreeWidget's model's among every model class (QFileSystemModel), a plain event's among every event class (an event handler or filter handed
# a layout request: QGraphicsSceneMouseEvent, QNativeGestureEvent), or with a module that uses them for one thing
# (QStyle: 570 enum values, 0.6 MB; the dialogs: their enums), each of which comes when it is first wanted.
UNUSED = ("QCalendarWidget", "QWizard", "QLCDNumber", "QGraphicsSceneMouseEvent", "QNativeGestureEvent",
          "QConcatenateTablesProxyModel", "QFileSystemModel", "QStyle", "QMessageBox", "QFileDialog")


def test_opening_documents_sets_up_no_python_class_it_does_not_use():
    made = set(_probe(CLASSES_PROBE, *FIVE)[-1].split())
    assert {"QTabBar", "QComboBox", "QTableView"} <= made, "the probe sees the classes made"
    assert not made & set(UNUSED), sorted(made & set(UNUSED))


TYPING_PROBE = CLASSES_PROBE.replace('made = {', """from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit
w.activateWindow()
e = w.current_editor()
for field in [f for f in e.findChildren(QLineEdit) + e.findChildren(QPlainTextEdit) if f.isVisible()][:3]:
    field.setFocus()
    app.processEvents()
    QTest.keyClick(field, Qt.Key.Key_A)
    QTest.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    app.processEvents()
made = {""")


def test_typing_into_fields_sets_up_no_event_class_either():
    """A bound text field hands its undo keys to the document from its own key handler: no filter of its events
    (handed a queued call once focused, it made PySide6 set up every event class: 0.7 MB)."""
    made = set(_probe(TYPING_PROBE, FIVE[1])[-1].split())
    assert "QKeyEvent" in made, "the probe typed"
    assert not made & set(UNUSED), sorted(made & set(UNUSED))


def test_a_tick_box_is_as_wide_as_the_style_says(qtbot):
    """The tick grid measures a tick box by an empty check box, not by asking the style (QStyle's enums)."""
    from PySide6.QtWidgets import QApplication, QStyle

    from gui.widgets.fitted_views import indicator_width
    assert indicator_width() == QApplication.instance().style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)


def test_what_qt_made_found_among_children_is_what_qt_gives(qtbot):
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QListView, QScrollArea, QTableView, QTreeWidget, QWidget

    from PySide6.QtCore import QAbstractItemModel, Qt

    from gui.widgets.qt_made import NAME, model, viewport
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    for area in (QScrollArea(), QTableView(), QListView(), QTreeWidget()):
        found = area.findChild(QWidget, NAME, direct)
        assert found is not None and viewport(area) is found is area.viewport(), "found by its name"
    tree, table = QTreeWidget(), QTableView()
    table.setModel(QStandardItemModel(table))
    assert tree.findChildren(QAbstractItemModel, options=direct) == [tree.model()], "the tree's own model, a child"
    assert model(tree) is tree.model() and model(table) is table.model()
