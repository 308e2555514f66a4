"""PySide6 6.12 over-releases None on void calls; gui.refguard keeps CPython 3.11 from aborting."""

import subprocess
import sys

import pytest

from gui import refguard

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


@pytest.mark.skipif(not refguard.needed(), reason="None is immortal on this Python: nothing to guard")
def test_void_calls_would_exhaust_none_and_the_guard_prevents_it():
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    bare = subprocess.run([sys.executable, "-c", PROBE.format(guard="")], capture_output=True, text=True,
                          env=env, timeout=120)
    leaked = int(bare.stdout.split()[0]) if bare.stdout.split() else 0
    guarded = subprocess.run([sys.executable, "-c", PROBE.format(guard="import gui")], capture_output=True,
                             text=True, env=env, timeout=120, cwd=str(__import__("pathlib").Path(__file__).parents[2]))
    assert "survived" in guarded.stdout, guarded.stderr[-2000:]
    if leaked:  # this PySide6 has the leak: without the guard the interpreter aborts
        assert "survived" not in bare.stdout and bare.returncode != 0
