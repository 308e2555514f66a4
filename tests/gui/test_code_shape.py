"""The shape issue 13 asks of the GUI code: no function longer than 80 lines (a page is built by parts)."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "gui"
LIMIT = 80


def long_functions(root: Path, limit: int) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > limit:
                    out.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_no_gui_function_is_longer_than_80_lines():
    assert long_functions(GUI, LIMIT) == []


def test_the_length_check_finds_a_long_function(tmp_path):
    (tmp_path / "pkg").mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    (tmp_path / "pkg" / "long.py").write_text(f"def too_long():\n{body}\n")
    (tmp_path / "pkg" / "short.py").write_text("def fine():\n    return 1\n")
    assert long_functions(tmp_path / "pkg", LIMIT) == ["pkg/long.py:1 too_long (81 lines)"]
