"""Which pages edit which kind of document: read from the kinds registry (model/kinds.py, `Kind.pages`).

A pages package exposes `specs(session) -> list[PageSpec]` (gui/pages/spec.py): the editor makes each page from
its spec when first needed. Where an issue is, in words, comes from
model.labels.describe_pointer (the kind's labels are data); the quick start is the system's
`GameSystem.quick_start`. Adding a game system's editor = its pages package, named on its kind's line.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from model.kinds import KINDS


def has_pages(kind: str) -> bool:
    return kind in KINDS and bool(KINDS[kind].pages)


def pages_for(kind: str) -> ModuleType:
    return importlib.import_module(KINDS[kind].pages)
