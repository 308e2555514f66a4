"""mypy on model/ (pyproject.toml [tool.mypy]): no errors, with strict optional everywhere and untyped
definitions refused in the core modules. Run through mypy's API, with the cache in .mypy_cache (ignored by git):
a run after the first reads what did not change from it."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def _mypy(folder: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[str, int]:
    monkeypatch.chdir(folder)   # the config's `files` and its cache are found from the working folder
    out, err, status = api.run(["--config-file", str(folder / "pyproject.toml"), "--no-color-output", *args])
    return (out + err).replace("\\", "/"), status   # the paths as mypy writes them on Windows too


def test_mypy_finds_no_error_in_the_model_and_the_gui(monkeypatch):
    out, status = _mypy(ROOT, monkeypatch)
    assert status == 0, out
    assert "Success: no issues found" in out, out


def test_mypy_is_configured_to_catch_none_and_untyped_core_code(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    for package in ("model", "gui"):    # the folders the configuration names
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    # strict optional: a value that may be None used as a number; a definition without annotations is allowed
    # outside the core modules, and its body is checked all the same
    (tmp_path / "model" / "other.py").write_text(
        "def f(d: dict[str, int]) -> int:\n    return d.get('x') + 1\n\n\ndef untyped(x):\n    return x\n\n\n"
        "def loose(x):\n    y: int = None\n    return y\n")
    # a core module: a definition without annotations is refused there (and only there)
    (tmp_path / "model" / "edits.py").write_text("def g(x):\n    return x\n")
    out, status = _mypy(tmp_path, monkeypatch, "--cache-dir", str(tmp_path / ".mypy_cache"))
    assert status == 1, out
    assert 'model/other.py:2: error: Unsupported operand types for + ("None" and "int")' in out, out
    assert "model/edits.py:1: error: Function is missing a type annotation  [no-untyped-def]" in out, out
    assert "other.py:5" not in out, out
    assert 'model/other.py:10: error: Incompatible types in assignment (expression has type "None"' in out, out
