"""The bundled example documents, and a cheap look at which kind a file is (for lists and icons)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .kinds import FORMAT_PREFIX, KINDS
from .paths import examples_dir

_FORMAT = re.compile(r'"format"\s*:\s*"' + re.escape(FORMAT_PREFIX) + r'([a-z0-9-]+)"')


def peek_kind(path: str | os.PathLike) -> str | None:
    """The kind a .starwright file says it is, read from its first few KB (None if it cannot be told).

    Only a regular file is read: opening a named pipe would wait for a writer forever, a device never ends."""
    try:
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8", errors="replace") as f:
            m = _FORMAT.search(f.read(4096))
    except OSError:
        return None
    return m.group(1) if m else None


def examples() -> list[dict]:
    """Each bundled example: path, kind, kind title, name, and whether it is one made with problems to show.

    Ordered by kind (as KINDS lists them), the legal ones first, then by name."""
    out = []
    for path in sorted(examples_dir().glob("*.starwright")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        kind = str(data.get("format", "")).removeprefix(FORMAT_PREFIX)
        if kind not in KINDS:
            continue
        out.append({"path": str(path), "kind": kind, "title": KINDS[kind].title,
                    "name": str(data.get("name") or path.stem), "broken": path.stem.startswith("broken-")})
    order = list(KINDS)
    return sorted(out, key=lambda e: (order.index(e["kind"]), e["broken"], e["name"].casefold()))
