"""The bundled example documents, and a cheap look at which kind a file is (for lists and icons)."""

from __future__ import annotations

import json
import os
import re

from .bounded import DocumentError, read_head
from .kinds import FORMAT_PREFIX, KINDS
from .paths import examples_dir

_FORMAT = re.compile(r'"format"\s*:\s*"' + re.escape(FORMAT_PREFIX) + r'([a-z0-9-]+)"')


def peek_kind(path: str | os.PathLike) -> str | None:
    """The kind a .starwright file says it is, read from its first few KB (None if it cannot be told)."""
    try:  # only a regular file is opened: a FIFO or a device in the recent list must not block the window
        m = _FORMAT.search(read_head(path, 4096).decode("utf-8", errors="replace"))
    except DocumentError:
        return None
    return m.group(1) if m else None


BROKEN_LINE = "Built with problems on purpose, to see how the checks explain them."


def _text(value: object) -> str:
    return str(value).strip() if isinstance(value, (str, int)) else ""


def about(data: dict, kind: str) -> str:
    """One line on a document for a list of examples: the first sentence of its notes, else what it is made of."""
    notes = _text(data.get("notes"))
    if notes:
        first = re.split(r"(?<=[.!?])\s", notes, maxsplit=1)[0]
        return first if first[-1:] in ".!?" else first + "."
    parts: list[str]
    if kind == "stargrave-crew":
        captain = data.get("captain")
        captain = captain if isinstance(captain, dict) else {}
        soldiers = data.get("soldiers")
        soldiers = soldiers if isinstance(soldiers, list) else []
        name, background = _text(captain.get("name")), _text(captain.get("background"))
        who = f"Captain {name}" if name else "A crew"
        who += f" ({background})" if background else ""
        return f"{who}, with {len(soldiers)} soldier{'s' if len(soldiers) != 1 else ''}."
    if kind == "starfrontiers-character":
        parts = [_text(data.get("race")), f"{_text(data.get('psa'))} PSA" if _text(data.get("psa")) else ""]
    elif kind == "starchasers-character":
        classes = data.get("classes")
        classes = classes if isinstance(classes, list) else []
        names = [_text(c.get("name")) for c in classes if isinstance(c, dict)]
        parts = [_text(data.get("species")), " and ".join(n for n in names if n)]
    elif kind == "starchasers-ship":
        parts = [_text(data.get("class")), f"{_text(data.get('role'))} ship" if _text(data.get("role")) else ""]
    elif kind == "knighthawks-ship":
        side = _text(data.get("side"))
        parts = [f"{_text(data.get('type'))} of the {side}" if side else _text(data.get("type"))]
    else:
        parts = []
    line = ", ".join(p for p in parts if p)
    return line[:1].upper() + line[1:] + "." if line else ""


def examples() -> list[dict]:
    """Each bundled example: path, kind, kind title, name, whether it is one made with problems to show, and a
    line about it (`about`).

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
        broken = path.stem.startswith("broken-")
        out.append({"path": str(path), "kind": kind, "title": KINDS[kind].title,
                    "name": str(data.get("name") or path.stem), "broken": broken,
                    "about": BROKEN_LINE if broken else about(data, kind)})
    order = list(KINDS)
    return sorted(out, key=lambda e: (order.index(e["kind"]), e["broken"], e["name"].casefold()))
