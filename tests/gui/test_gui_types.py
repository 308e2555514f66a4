"""mypy finds no error in gui/ at its default level (issue 38): Qt's types as PySide6's stubs give them, a value
Qt may return as None narrowed before use, attributes declared in __init__ with their types.

The options are given here in full, not read from pyproject.toml: its [tool.mypy] is the model's (stricter
settings for some of its modules), and this is the GUI's check at mypy's default level. The model's modules
are read for their types but their own errors are the model's check (--follow-imports=silent). No cache is
written (a run takes about 15 seconds). mypy comes with the test extras.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# mypy's default level, said out loud: no config file, no strictness flag, the Python the project targets
DEFAULT_LEVEL = ["--config-file=", "--python-version", "3.11", "--follow-imports=silent",
                 "--cache-dir", os.devnull, "--no-color-output"]


def _mypy(*targets: str, cwd: Path) -> tuple[str, int]:
    """mypy's report and exit status. Run as a program of its own, not by mypy.api.run in this process: mypy
    makes and drops millions of references to None, and in a pytest process where PySide6 had run but `gui` (its
    refguard, gui/workarounds/) had not been imported, two runs ended the interpreter ("none_dealloc")."""
    done = subprocess.run([sys.executable, "-m", "mypy", *DEFAULT_LEVEL, *targets], cwd=cwd,
                          capture_output=True, text=True, timeout=600)
    assert "No module named mypy" not in done.stderr, "mypy is not installed: install the test extras (.[test])"
    return done.stdout + done.stderr, done.returncode


def test_mypy_finds_no_error_in_gui():
    report, status = _mypy("gui", cwd=ROOT)   # (messages name the files from the checkout's root)
    assert status == 0 and "Success: no issues found" in report, report


def test_mypy_at_this_level_knows_qt_types_and_catches_an_unchecked_none(tmp_path):
    """The check can fail: with PySide6's stubs, QApplication.instance() is a QCoreApplication or None, so using
    it as a QApplication unchecked is an error (were the stubs not found, Qt's names would be Any and pass)."""
    package = tmp_path / "gui_fixture"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "start.py").write_text(
        "from PySide6.QtWidgets import QApplication\n\n\n"
        "def application() -> QApplication:\n"
        "    return QApplication.instance()\n")
    report, status = _mypy("gui_fixture", cwd=tmp_path)
    assert status == 1, report
    assert 'gui_fixture/start.py:5: error: Incompatible return value type (got "QCoreApplication | None", ' \
           'expected "QApplication")' in report.replace("\\", "/"), report
