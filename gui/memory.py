"""Give the room of freed widgets back to the system.

The forms of documents out of sight are deleted (gui/main_window.py, KEPT_FORMS), but glibc's malloc keeps what
they took, free, inside its heap: 1 to 2 MB of a process with five documents open (tests/benchmarks/bench_gui.py,
memory). malloc_trim hands the free pages of the heap back to the system. Other C libraries (Windows, macOS,
musl) are left to manage their heaps themselves.
"""

from __future__ import annotations

import sys
from functools import cache


@cache
def _malloc_trim():
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL(None).malloc_trim   # glibc's; a libc without it has no such symbol
    except (OSError, AttributeError):
        return None


def give_back() -> bool:
    """Return the heap's free pages to the system; False where this C library has no way to."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
