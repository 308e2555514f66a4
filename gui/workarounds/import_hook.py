"""PySide6's import hook answers its question without keeping every module's source in memory.

After PySide6 is imported, its import hook (shibokensupport.feature) asks of every module imported whether the
module's source says "PySide6" (such a module may switch `__feature__`s). It asks through inspect.getsource,
which keeps each line of each module in `linecache`: about 5 MB once a document is open (the rules engine and
jsonschema come in then). Clearing that cache afterwards left the room it took scattered among Python's
memory pools, where it stayed (tests/benchmarks/bench_gui.py, memory: 1.4 MB with five documents open).
`quiet` gives the hook the same answer read from the file's bytes, nothing kept; a module without a
source file is asked the hook's own way.
"""

from __future__ import annotations

import linecache
import sys


def uses_pyside(module, asked_otherwise=None) -> bool:
    """Whether `module`'s source file says "PySide6" (the hook's question), `asked_otherwise(module)` for a
    module that has no source file of its own."""
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as f:
                return b"PySide6" in f.read()
        except OSError:
            pass
    return asked_otherwise(module) if asked_otherwise is not None else False


def quiet() -> bool:
    """Answer PySide6's import hook with `uses_pyside`; False where the hook is not there to answer."""
    feature = sys.modules.get("shibokensupport.feature")
    asked = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or asked is None:
        return False
    if getattr(asked, "__module__", None) != __name__:   # (not twice)
        # the hook's private function, replaced on purpose: no stub declares it
        feature._mod_uses_pyside = lambda module: uses_pyside(module, asked)  # type: ignore[attr-defined]
    linecache.clearcache()   # what was read before
    return True
