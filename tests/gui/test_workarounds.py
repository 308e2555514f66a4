"""The workarounds of gui/workarounds/ (its README.md has the table): each one's defect or gain, shown."""

import os
import subprocess
import sys
from pathlib import Path


from gui.workarounds import refguard

PROBE = """
import sys
{guard}
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for _ in range(200):
    label.setText("x")
print(before - sys.getrefcount(None))
for _ in range(20000):   # more void calls than None has references without the guard (~5000)
    label.setText("x")
print("survived")
"""


def test_void_calls_would_exhaust_none_and_the_guard_prevents_it():
    """On CPython 3.11 the bare probe leaks None and aborts, the guarded one survives; on 3.12+ None is immortal:
    the guard does nothing (install() says so) and both survive."""
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    bare = subprocess.run([sys.executable, "-c", PROBE.format(guard="")], capture_output=True, text=True,
                          env=env, timeout=120)
    leaked = int(bare.stdout.split()[0]) if bare.stdout.split() else 0
    guarded = subprocess.run([sys.executable, "-c", PROBE.format(guard="import gui")], capture_output=True,
                             text=True, env=env, timeout=120, cwd=str(Path(__file__).parents[2]))
    assert "survived" in guarded.stdout, guarded.stderr[-2000:]
    if leaked:  # this PySide6 has the leak: without the guard the interpreter aborts
        assert "survived" not in bare.stdout and bare.returncode != 0
    if not refguard.needed():   # immortal None: nothing leaks, nothing to guard
        assert "survived" in bare.stdout and refguard.install() is False


# ---- import_hook: PySide6's import hook answered without filling linecache ----

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
        and f not in (os.path.join(root, "gui", "__init__.py"),   # (imported before the answer is installed)
                      os.path.join(root, "gui", "workarounds", "__init__.py"))]
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
    from gui.workarounds import import_hook as sources
    ours = feature._mod_uses_pyside
    assert ours.__module__ == "gui.workarounds.import_hook"
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

    for module in (gui.binding, sources, model.storage, json, QtCore, sys, inspect):
        assert ours(module) == theirs(module), module.__name__
    assert ours(gui.binding) and not ours(model.storage) and not ours(QtCore)
