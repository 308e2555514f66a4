"""Edits a Knight Hawks editor makes: each user action becomes one edit record (one undo step).

Pure model code: the GUI pushes these through its session; tests apply them with model.edits.apply.
"""

from __future__ import annotations

from ... import pointer as jp
from ...edits import Batch, Edit, Remove, Set
from .tables import Tables


def count_edit(data: dict, group: str, code: str, count: int) -> Edit | None:
    """The number of one weapon or defense aboard; 0 removes the entry (None: nothing to change)."""
    ptr = jp.join(group, code)
    if count == 0:
        return Remove(ptr) if jp.exists(data, ptr) else None
    return None if jp.get(data, ptr, None) == count else Set(ptr, count)


def remove_unknown_edit(data: dict, group: str, t: Tables) -> Batch:
    """Remove every entry of `group` whose code the rules pack does not know, as one undo step."""
    keys = [k for k in (data.get(group) or {}) if k not in t.entries[group]]
    return Batch(tuple(Remove(jp.join(group, k)) for k in keys), f"remove unknown {group}")
