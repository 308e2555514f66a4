"""Keep None, True and False alive under PySide6 6.12 on CPython 3.11.

PySide6/shiboken6 6.12 releases one reference to None too many on every call of a Qt method that
returns nothing (setText, setEnabled, QUndoStack.undo, ...), and sometimes to True/False. On CPython 3.12+
these objects are immortal, so nothing happens; on 3.11 None starts with only a few thousand references,
and after that many calls the interpreter aborts ("none_dealloc: deallocating None"). A builder session
makes thousands of such calls in minutes.

The guard gives the three singletons a very large reference count once, before Qt is used. Extra
references to these never-freed objects cost nothing. tests/gui/test_workarounds.py shows the leak and the
guard.
"""

from __future__ import annotations

import sys

SHIELD = 1 << 40  # a trillion void calls


def needed() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def install() -> bool:
    """Raise the reference counts of None, True and False (idempotent enough: only while low)."""
    if not needed():
        return False
    import ctypes
    for obj in (None, True, False):
        if sys.getrefcount(obj) < SHIELD // 2:
            ctypes.c_ssize_t.from_address(id(obj)).value += SHIELD  # ob_refcnt is PyObject's first field
    return True
