"""Forget the module sources that PySide6 reads while modules are imported.

PySide6's import hook (shibokensupport.feature) reads the source of every Python module imported after
PySide6, to see whether it says "PySide6" (and may use `from __feature__ import ...`). It reads them with
inspect.getsource, which keeps every line in `linecache`: about 2 MB once the window shows and 5 MB once a
document is open (the rules engine and jsonschema come in then), kept for nothing. A traceback reads its
file again when it needs it. Dropped after the imports that come with showing the window and opening a
document, that memory is used again by what comes next (tests/benchmarks/bench_gui.py).
"""

from __future__ import annotations

import linecache


def forget() -> None:
    linecache.clearcache()
