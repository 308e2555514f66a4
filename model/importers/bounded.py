"""Reading a file to import, with limits: the one place that touches the disk.

A crew from another builder is a few KB; a zipped roster a few KB more. Anything far larger is refused
before it is read, so a wrong or hostile file cannot exhaust memory (through the model's shared
bounded loader, model/bounded.py, which refuses what is not a regular file before opening it.)
"""

from __future__ import annotations

import os

from ..bounded import DocumentError, read_bounded as _read

MAX_FILE_BYTES = 2 * 1024 * 1024      # the largest source file read at all
MAX_MEMBER_BYTES = 4 * 1024 * 1024    # the largest roster inside a .rosz, once unpacked
MAX_ZIP_MEMBERS = 16                  # a .rosz holds one roster; a few extra entries are tolerated


IMPORTABLE = ("Choose a Labernator crew (.sg), a BattleScribe or New Recruit roster (.ros or .rosz) or a Foundry VTT "
              "actor (.json); if this file is one of those but damaged, export it again from the program that "
              "made it.")


class ImportRefused(Exception):
    """A file that cannot be imported. `where` says where in it (a line, a zip entry, a JSON Pointer); `advice`
    what to do, in a sentence (by default: which files can be imported)."""

    def __init__(self, message: str, where: str = "", path: str | os.PathLike | None = None, advice: str = ""):
        self.message = message
        self.where = where
        self.path = str(path) if path is not None else ""
        self.advice = advice or IMPORTABLE
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" at {self.where}" if self.where else ""
        return f"{self.path or 'the file'}{place}: {self.message}"


def _mb(n: int) -> str:
    return f"{n / 1048576:.1f} MB"


def read_bounded(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, or ImportRefused saying why not (too large, missing, a folder, a device or pipe,
    unreadable): the model's one bounded reader, with the importer's own size limit."""
    try:
        return _read(path, limit, what="a crew or roster to import")
    except DocumentError as e:
        raise ImportRefused(e.message, e.where, path=path, advice=e.advice) from None


def most_soldiers() -> int:
    """How many soldiers a crew file holds at most (its schema's bound): a source listing more is refused as it is
    read, before each is mapped and checked (a 2 MB file can list 10,000 soldiers, each "amount": 20)."""
    from ..kinds import KINDS
    from ..validation import schema
    return schema(KINDS["stargrave-crew"].schema)["properties"]["soldiers"]["maxItems"]


def too_many_soldiers(limit: int) -> ImportRefused:
    return ImportRefused(f"the source lists more than {limit} soldiers; a crew file holds at most {limit}, so the "
                         "file was refused", "Soldiers")
