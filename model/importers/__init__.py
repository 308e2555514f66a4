"""Import crews from other Stargrave builders: Labernator (.sg/.json, three shapes) and BattleScribe /
New Recruit rosters (.ros, .rosz, JSON). No Qt here.

    result = import_file(path)          # or import_bytes(raw, name)
    result.data                         # a Starwright crew (the newest file version this program writes)
    result.report.to_text() / to_json() # what came across and how

The format is found from the content. Nothing is written: saving is the caller's choice (the CLI refuses
to overwrite without --force; the builder opens the crew as a new unsaved document).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..bounded import DocumentError
from ..kinds import KINDS
from ..migrations import migrate
from ..rules_pack import builtin_pack
from ..storage import from_data
from . import battlescribe, labernator
from .bounded import ImportRefused, read_bounded
from .build import build
from .report import Report
from .unwrap import unwrap

__all__ = ["ImportRefused", "Imported", "import_file", "import_bytes", "Report"]


@dataclass
class Imported:
    data: dict
    report: Report
    source_format: str


def import_bytes(raw: bytes, name: str = "", pack=None) -> Imported:
    wrapping, data = unwrap(raw)
    if battlescribe.looks_like(data):
        src = battlescribe.read(data, wrapping)
    elif wrapping == "json" and labernator.looks_like(data):
        src = labernator.read(data)
    elif wrapping == "json" and isinstance(data, dict) and str(data.get("format", "")).startswith("starwright/"):
        raise ImportRefused("this is already a Starwright document: open it instead of importing it")
    else:
        raise ImportRefused("this is neither a Labernator crew (.sg) nor a BattleScribe / New Recruit roster; "
                            "those are the formats Starwright imports")
    kind = KINDS["stargrave-crew"]
    doc, report = build(src, pack or builtin_pack(kind.pack), name)
    if kind.version > doc["version"]:
        doc = migrate(kind.kind, doc, doc["version"], kind.version)
    try:  # what the crew file cannot hold (a NUL in an XML name, a number far beyond range, more items than a
        # crew file allows) is said, not saved: the crew made is loaded as a file would be
        from_data(doc)
    except DocumentError as e:
        raise ImportRefused(f"the crew made from it could not be saved: {e.message}", e.where) from None
    return Imported(doc, report, src.shape)


def import_file(path: str | os.PathLike, pack=None) -> Imported:
    raw = read_bounded(path)
    try:
        return import_bytes(raw, Path(path).name, pack)
    except ImportRefused as e:
        e.path = str(path)
        raise
