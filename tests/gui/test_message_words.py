"""Every message box the program shows is written in sentences (39.7): each text given to prompts.show_message,
warn and confirm in gui/ starts with a capital letter and ends with a full stop (or, for a question, a question
mark), and none passes an exception's own text (str(e)) through; a file's refusal goes through
show_document_error, whose sentences tests/model/test_error_words.py checks."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "gui"
TEXTS = {"show_message": (2,), "warn": (2,), "confirm": (3, 4)}   # which arguments are shown as text


def _calls():
    for path in sorted(GUI.rglob("*.py")):
        if path.name == "prompts.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in TEXTS:
                    yield path.relative_to(GUI.parent), node, [node.args[i] for i in TEXTS[name]
                                                                if i < len(node.args)]


def _ends(node) -> list[str]:
    """The literal ends a text argument can have ("" when it is built in a way not read here)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        last = node.values[-1]
        return [last.value] if isinstance(last, ast.Constant) else [""]
    if isinstance(node, ast.IfExp):
        return _ends(node.body) + _ends(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _ends(node.right)
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "sentence":
        return ["."]    # model/error_words.sentence: a capital and a full stop
    if isinstance(node, ast.Name) and node.id.isupper():
        return ["."]    # a module constant: checked where it is written (below)
    return [""]


def test_every_message_box_text_is_a_sentence():
    found, bad = 0, []
    for where, call, texts in _calls():
        found += 1
        for text in texts:
            if "str(" in ast.unparse(text) and "sentence(" not in ast.unparse(text):
                bad.append(f"{where}:{call.lineno}: an exception's own text is shown")
            for end in _ends(text):
                if not end.rstrip().endswith((".", "?")):
                    bad.append(f"{where}:{call.lineno}: {ast.unparse(text)[:80]}")
    assert found >= 8 and not bad, bad


def test_the_no_sheets_message_says_what_to_do():
    from gui.main_window import NO_SHEETS
    assert NO_SHEETS.endswith(".") and "Install" in NO_SHEETS
