"""Import from other programs: Stargrave crews from Labernator (.sg/.json, three shapes) and BattleScribe /
New Recruit rosters (.ros, .rosz, JSON); Star Frontiers characters from a Foundry VTT actor of the Star
Frontiers system (finderski/star-frontiers, .json). No Qt here.

    result = import_file(path)          # or import_bytes(raw, name)
    result.data                         # a Starwright document (the newest file version this program writes)
    result.kind                         # its kind: "stargrave-crew" or "starfrontiers-character"
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
from . import battlescribe, foundry, foundry_actor, labernator
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
    kind: str = "stargrave-crew"


def import_bytes(raw: bytes, name: str = "", pack=None) -> Imported:
    wrapping, data = unwrap(raw)
    if battlescribe.looks_like(data):
        src = battlescribe.read(data, wrapping)
    elif wrapping == "json" and labernator.looks_like(data):
        src = labernator.read(data)
    elif wrapping == "json" and isinstance(data, dict) and str(data.get("format", "")).startswith("starwright/"):
        raise ImportRefused("this is already a Starwright document: open it instead of importing it",
                            advice="Open it with File › Open.")
    elif wrapping == "json" and foundry_actor.looks_like(data):
        return _import_foundry(data, name, pack)
    else:
        raise ImportRefused("this is neither a Labernator crew (.sg), a BattleScribe / New Recruit roster nor a "
                            "Foundry VTT Star Frontiers actor; those are the formats Starwright imports")
    kind = KINDS["stargrave-crew"]
    doc, report = build(src, pack or builtin_pack(kind.pack), name)
    if kind.version > doc["version"]:
        doc = migrate(kind.kind, doc, doc["version"], kind.version)
    try:  # what the crew file cannot hold (a NUL in an XML name, a number far beyond range, more items than a
        # crew file allows) is said, not saved: the crew made is loaded as a file would be
        from_data(doc)
    except DocumentError as e:
        raise ImportRefused(f"the crew made from it could not be saved: {e.message}", e.where,
                            advice=MADE_UNSAVABLE) from None
    return Imported(doc, report, src.shape)


MADE_UNSAVABLE = ("Correct the source in the program that made it (the place named shows what), export it again and "
                  "import the new file.")


def _import_foundry(data: dict, name: str, pack) -> Imported:
    kind = KINDS["starfrontiers-character"]
    use = pack if pack is not None and getattr(pack, "system", None) == kind.pack else builtin_pack(kind.pack)
    doc, report = foundry.import_actor(data, use, name)
    try:  # what a character file cannot hold is said, not saved
        from_data(doc)
    except DocumentError as e:
        raise ImportRefused(f"the character made from it could not be saved: {e.message}", e.where,
                            advice=MADE_UNSAVABLE) from None
    return Imported(doc, report, report.source_format, kind.kind)


def import_file(path: str | os.PathLike, pack=None) -> Imported:
    raw = read_bounded(path)
    try:
        return import_bytes(raw, Path(path).name, pack)
    except ImportRefused as e:
        e.path = str(path)
        raise
