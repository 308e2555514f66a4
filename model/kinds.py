"""The explicit registry of document kinds: one line per game system.

Each kind names its file format version, its schema, its rules pack and the package under
model/systems/ that derives and checks it. Adding a game system adds one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

FORMAT_PREFIX = "starwright/"


@dataclass(frozen=True)
class Kind:
    kind: str        # "stargrave-crew": the part after "starwright/" in the file's "format"
    title: str       # what the start page and messages call it
    version: int     # the newest file version this program writes
    schema: str      # schemas/<schema>
    pack: str        # resources/rules/<pack>.json
    module: str      # the system package: new(), derive(), check()
    # Schema errors at or below these pointers are kept and reported, never refused on load: a wrong record
    # of a game played is still the player's record (DESIGN.md, crew file version 2).
    kept: tuple[str, ...] = ()
    # A list of records checked one by one and remembered by content (validation.document_issues).
    records: str = ""

    def is_kept(self, pointer: str) -> bool:
        return any(pointer == p or pointer.startswith(p + "/") for p in self.kept)

    @property
    def format(self) -> str:
        return FORMAT_PREFIX + self.kind

    @property
    def system(self) -> ModuleType:
        return importlib.import_module(self.module)


KINDS: dict[str, Kind] = {k.kind: k for k in [
    Kind("stargrave-crew", "Stargrave crew", 2, "stargrave-crew.v2.json", "stargrave", "model.systems.stargrave",
         kept=("/campaign",), records="/campaign/games"),
    Kind("starfrontiers-character", "Star Frontiers character", 1, "starfrontiers-character.v1.json", "starfrontiers", "model.systems.starfrontiers"),
    Kind("starchasers-ship", "Starchasers starship", 1, "starchasers-ship.v1.json", "starchasers", "model.systems.starchasers.ship"),
    Kind("starchasers-character", "Starchasers character", 1, "starchasers-character.v1.json", "starchasers", "model.systems.starchasers.character"),
    Kind("knighthawks-ship", "Knight Hawks starship", 1, "knighthawks-ship.v1.json", "knighthawks", "model.systems.knighthawks"),
]}

# Kinds the file format already names (DESIGN.md) but this program cannot build yet.
PLANNED: dict[str, str] = {
}


def by_format(fmt: str) -> Kind | None:
    if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
        return KINDS.get(fmt[len(FORMAT_PREFIX):])
    return None
