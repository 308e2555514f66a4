"""One key for the exact content of a JSON value, for the memos keyed by what a document holds (the schema
checks, the campaign replay, the walk-through's trials)."""

from __future__ import annotations

import marshal
from typing import Any


def content_key(value: Any) -> bytes | str:
    """The value written by marshal in its format 2, which has no back-references: the same content gives the
    same bytes whatever else refers to it. Three times quicker than repr on a game record, and exact for JSON
    values (dicts, lists, str, int, float, bool, None), all a document holds: True and 1, 1 and 1.0, "1" and 1
    differ; the same values in another key order only miss. (marshal also writes tuples, sets and bytes-like
    objects, the last as their raw bytes.) A value marshal cannot write is keyed by its repr, a str, never
    equal to a bytes key."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return repr(value)
