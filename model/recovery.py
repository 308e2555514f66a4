"""Recovery files: what autosave writes for a document with unsaved changes, and what the next start
offers to restore after a crash or a kill.

One file per open document, `<key>.recovery` in the recovery folder, written atomically
(storage.atomic_write, never through a symbolic link) and read back through the bounded loader. The window
takes a `snapshot` of the document (a copy of its lists and objects, a millisecond for a crew with a hundred
games) and hands it to a worker thread that checks, serialises and writes it (ten to thirty milliseconds with
the fsync: tests/benchmarks/bench_autosave.py), so the editor never waits for the disk. It holds the document and what the
offer shows: the kind, the title, the file the document belongs to (or none) and when it was written,
and the process that wrote it, so a second Starwright running at the same time is not offered the first
one's documents. Pure model code: no Qt (gui/recovery.py times the writes and asks the user).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bounded import MAX_BYTES, DocumentError, load_json
from .kinds import KINDS
from .paths import RECOVERY_SUFFIX, recovery_dir
from .storage import atomic_write, check_value, process_alive

FORMAT = "starwright/recovery"
SUFFIX = RECOVERY_SUFFIX


def default_folder() -> Path:
    return recovery_dir()


@dataclass
class Entry:
    file: Path           # the recovery file
    key: str
    saved_at: float      # seconds since the epoch
    path: str | None     # the document's own file, None when it was never saved
    kind: str
    title: str
    data: dict
    pid: int

    def describe(self) -> str:
        title = KINDS[self.kind].title if self.kind in KINDS else self.kind
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.saved_at))
        where = self.path or "never saved to a file"
        return f"{self.title} · {title}\n{where} · autosaved {when}"


def snapshot(value: Any) -> Any:
    """A copy of a document's lists and objects (strings and numbers are shared: they cannot change), for a
    write on another thread while the editor goes on changing the document."""
    if type(value) is dict:
        return {k: snapshot(v) for k, v in value.items()}
    if type(value) is list:
        return [snapshot(v) for v in value]
    return value


def write(folder: str | os.PathLike, key: str, data: dict, kind: str, path: str | None, title: str) -> Path:
    """Write (atomically) the recovery file of one document; raises storage.SaveError. Safe on a worker thread
    when `data` is a snapshot nothing else changes. Compact JSON: no one reads it but the next start."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    check_value(data)
    record = {"format": FORMAT, "version": 1, "saved_at": round(time.time(), 3), "pid": os.getpid(),
              "kind": kind, "path": path, "title": title, "document": data}
    target = folder / f"{key}{SUFFIX}"
    atomic_write(target, json.dumps(record, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8"))
    return target


def remove(folder: str | os.PathLike, key: str) -> None:
    try:
        os.unlink(Path(folder) / f"{key}{SUFFIX}")
    except OSError:
        pass


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # this process's own documents are open here, not left behind
    if os.name == "nt":
        return False  # no cheap check: offer them (a second window open at the same time is rare)
    return process_alive(pid)


def _entry(file: Path, record: Any) -> Entry | None:
    if not isinstance(record, dict) or record.get("format") != FORMAT or not isinstance(record.get("document"), dict):
        return None
    kind = record.get("kind")
    if kind not in KINDS:
        return None
    path = path if isinstance(path := record.get("path"), str) else None
    saved = saved if isinstance(saved := record.get("saved_at"), (int, float)) else file.stat().st_mtime
    pid = pid if isinstance(pid := record.get("pid"), int) else 0
    return Entry(file, file.name[: -len(SUFFIX)], float(saved), path, kind, str(record.get("title") or ""),
                 record["document"], pid)


def pending(folder: str | os.PathLike) -> tuple[list[Entry], list[DocumentError]]:
    """Recovery files left by Starwrights that are no longer running (oldest first), and the files that
    could not be read (reported, left in place)."""
    folder = Path(folder)
    entries: list[Entry] = []
    broken: list[DocumentError] = []
    if not folder.is_dir():
        return entries, broken
    for file in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            entry = _entry(file, load_json(file, MAX_BYTES + 65536))
        except (DocumentError, OSError) as e:
            broken.append(e if isinstance(e, DocumentError) else DocumentError(file, str(e)))
            continue
        if entry is None:
            broken.append(DocumentError(file, "this is not a Starwright recovery file"))
        elif not _alive(entry.pid):
            entries.append(entry)
    entries.sort(key=lambda e: e.saved_at)
    return entries, broken
