"""Reading a file to import, with limits: the one place that touches the disk.

A crew from another builder is a few KB; a zipped roster a few KB more. Anything far larger is refused
before it is read, so a wrong or hostile file cannot exhaust memory. (When the model grows a shared
bounded loader, this is the function to point at it.)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 2 * 1024 * 1024      # the largest source file read at all
MAX_MEMBER_BYTES = 4 * 1024 * 1024    # the largest roster inside a .rosz, once unpacked
MAX_ZIP_MEMBERS = 16                  # a .rosz holds one roster; a few extra entries are tolerated


class ImportRefused(Exception):
    """A file that cannot be imported. `where` says where in it (a line, a zip entry, a JSON Pointer)."""

    def __init__(self, message: str, where: str = "", path: str | os.PathLike | None = None):
        self.message = message
        self.where = where
        self.path = str(path) if path is not None else ""
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" at {self.where}" if self.where else ""
        return f"{self.path or 'the file'}{place}: {self.message}"


def _mb(n: int) -> str:
    return f"{n / 1048576:.1f} MB"


def read_bounded(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, or ImportRefused saying why not (too large, missing, a folder, unreadable)."""
    p = Path(path)
    try:
        st = p.stat()
        size = st.st_size
        if stat.S_ISDIR(st.st_mode):
            raise ImportRefused("this is a folder, not a file", path=path)
        if not stat.S_ISREG(st.st_mode):   # a device, a pipe or a socket: reading could block or never end
            raise ImportRefused("this is not a regular file (a device, pipe or socket), so it is not a crew or "
                                "roster", path=path)
        if size > limit:
            raise ImportRefused(f"the file is {_mb(size)}; crews and rosters to import are at most {_mb(limit)}, "
                                f"so this is not one", path=path)
        with open(p, "rb") as fh:
            raw = fh.read(limit + 1)  # the file may have grown since stat: never read past the limit
    except ImportRefused:
        raise
    except FileNotFoundError:
        raise ImportRefused("there is no such file", path=path) from None
    except RuntimeError:   # a symlink loop, on some Python versions
        raise ImportRefused("the path is a loop of symbolic links", path=path) from None
    except PermissionError:
        raise ImportRefused("you do not have permission to read this file", path=path) from None
    except OSError as e:
        raise ImportRefused(f"the file could not be read ({e.strerror or e})", path=path) from None
    if len(raw) > limit:
        raise ImportRefused(f"the file is larger than {_mb(limit)}, so it is not a crew or roster", path=path)
    return raw
