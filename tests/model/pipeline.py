"""The whole way a file goes through Starwright, as the command line and the window take it: load,
check (and check --json), save, export. Anything but a DocumentError on load, or any exception after a
successful load, is a crash; a step that runs past the time limit is a hang (SIGALRM)."""

from __future__ import annotations

import json
import signal
from contextlib import contextmanager
from pathlib import Path

from model import pointer as jp
from model import storage
from model.evaluate import evaluate
from model.sheets import SheetError, SheetOptions, export_pdf

LIMIT_S = 30  # per document; a fitted sheet takes well under a second


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float):
    def _alarm(_signum, _frame):
        raise Hang(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def pointers(data, ptr=""):
    """Every JSON Pointer in data, the root first."""
    yield ptr
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        yield from pointers(v, jp.child(ptr, k))


def through_everything(raw: bytes, folder: Path, export: bool = True) -> str:
    """'refused' (a clear DocumentError on load) or 'ok'; raises on a crash or a hang."""
    src = folder / "doc.starwright"
    src.write_bytes(raw)
    with time_limit(LIMIT_S):
        try:
            loaded = storage.load(src)
        except storage.DocumentError as e:
            assert e.message and e.path == str(src), e
            return "refused"
        result = evaluate(loaded.data, loaded.kind, origin=src)
        for issue in result.issues:
            assert issue.severity in ("error", "warning", "info") and issue.message, issue
        # check --json prints this object
        json.dumps({"issues": [i.to_json() for i in result.issues], "derived": result.derived},
                   ensure_ascii=False, allow_nan=False).encode("utf-8")
        storage.save(folder / "saved.starwright", loaded.data)
        again = storage.load(folder / "saved.starwright")
        assert again.data == loaded.data
        if export:
            try:
                pdf = export_pdf(loaded.data, result, SheetOptions(paper="a4"))
            except SheetError as e:
                assert str(e)
            else:
                assert pdf.startswith(b"%PDF-")
    return "ok"
