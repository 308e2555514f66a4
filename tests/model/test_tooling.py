"""The linters run as tests: ruff (pyproject [tool.ruff]) and the import contracts of [tool.importlinter]
(model/ never imports Qt or the GUI; a game system never imports another). Both come with the test extras
(packaging/bootstrap installs them) and are found beside the running interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _run(tool: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    exe = BIN / tool
    assert exe.exists(), f"{tool} is not installed beside {sys.executable}: install the test extras (.[test])"
    return subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing_in_the_code():
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_is_configured_to_catch_an_unused_import(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text("import os\n")
    done = _run("ruff", "check", "--no-cache", ".", cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout


def test_the_import_contracts_hold():
    done = _run("lint-imports", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "2 kept" in done.stdout
