"""Loading and saving documents: clear errors on the way in, atomic writes on the way out."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .kinds import KINDS, PLANNED, FORMAT_PREFIX, Kind, by_format
from .migrations import MigrationError, migrate
from .validation import document_issues

MAX_BYTES = 5 * 1024 * 1024  # a crew file is a few KB; anything this large is not a Starwright document


class DocumentError(Exception):
    """A file that cannot be used as a document. `where` is 'line L, column C' or a JSON Pointer."""

    def __init__(self, path: str | os.PathLike | None, message: str, where: str = ""):
        self.path = str(path) if path is not None else ""
        self.where = where
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" at {self.where}" if self.where else ""
        name = self.path or "the document"
        return f"{name}{place}: {self.message}"


class SaveError(DocumentError):
    pass


@dataclass
class Loaded:
    data: dict
    kind: Kind
    migrated_from: int | None = None


class _NotANumber(ValueError):
    def __init__(self, token: str):
        super().__init__(token)
        self.token = token


def _no_constant(token: str):
    """Python's json reads NaN and Infinity, which JSON does not have: refuse them."""
    raise _NotANumber(token)


def parse(text: str, path: str | os.PathLike | None = None) -> Any:
    if text.startswith("\ufeff"):
        text = text[1:]  # a UTF-8 byte-order mark, as some Windows editors write it
    if not text.strip():
        raise DocumentError(path, "the file is empty; a Starwright document is a JSON object")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except _NotANumber as e:
        at = text.find(e.token)
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise DocumentError(path, f"{e.token} is not a number JSON allows; write a number instead",
                            f"line {line}, column {col}") from None
    except json.JSONDecodeError as e:
        what = e.msg[0].lower() + e.msg[1:]
        if e.pos >= len(text.rstrip()):
            what += " (the file ends too early: is it cut short?)"
        raise DocumentError(path, f"this is not valid JSON: {what}", f"line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise DocumentError(path, "the JSON is nested too deeply to be a Starwright document") from None


def read_text(path: str | os.PathLike) -> str:
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise DocumentError(path, f"the file is {size / 1048576:.1f} MB; a Starwright document is at most "
                                      f"{MAX_BYTES // 1048576} MB, so this is not one")
        raw = p.read_bytes()
    except DocumentError:
        raise
    except IsADirectoryError:
        raise DocumentError(path, "this is a folder, not a file") from None
    except FileNotFoundError:
        raise DocumentError(path, "there is no such file") from None
    except PermissionError:
        raise DocumentError(path, "you do not have permission to read this file") from None
    except OSError as e:
        raise DocumentError(path, f"the file could not be read ({e.strerror or e})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise DocumentError(path, "the file is not UTF-8 text (is it a Starwright document?)",
                            f"line {line}, column {col}") from None


def identify(data: Any, path: str | os.PathLike | None = None) -> tuple[Kind, int]:
    if not isinstance(data, dict):
        found = {list: "a list", str: "text", int: "a number", float: "a number", bool: "true/false",
                 type(None): "null"}.get(type(data), type(data).__name__)
        raise DocumentError(path, f"expected a JSON object at the top of the file, found {found}", "/")
    fmt = data.get("format")
    if fmt is None:
        raise DocumentError(path, "the document has no \"format\", so it is not a Starwright file", "/format")
    kind = by_format(fmt)
    if kind is None:
        name = fmt[len(FORMAT_PREFIX):] if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX) else None
        if name in PLANNED:
            raise DocumentError(path, f"{PLANNED[name]} files are not supported by this version of Starwright yet",
                                "/format")
        known = ", ".join(k.format for k in KINDS.values())
        raise DocumentError(path, f"unknown format {json.dumps(fmt, ensure_ascii=False)[:80]}; expected one of: {known}",
                            "/format")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DocumentError(path, f"\"version\" must be a whole number from 1, found {json.dumps(version)[:40]}",
                            "/version")
    if version > kind.version:
        raise DocumentError(path, f"this {kind.title} file is version {version}, made by a newer Starwright; "
                                  f"this program reads up to version {kind.version}. Update Starwright to open it.",
                            "/version")
    return kind, version


def from_data(data: Any, path: str | os.PathLike | None = None) -> Loaded:
    kind, version = identify(data, path)
    migrated_from = None
    if version < kind.version:
        try:
            data = migrate(kind.kind, data, version, kind.version)
        except MigrationError as e:
            raise DocumentError(path, str(e), "/version") from None
        migrated_from = version
    issues = [i for i in document_issues(kind.schema, data, kind.records) if not kind.is_kept(i.pointer)]
    if issues:
        first = issues[0]
        more = f" (and {len(issues) - 1} more problem{'s' if len(issues) > 2 else ''})" if len(issues) > 1 else ""
        raise DocumentError(path, f"{first.message}{more}", first.pointer or "/")
    return Loaded(data, kind, migrated_from)


def load(path: str | os.PathLike) -> Loaded:
    return from_data(parse(read_text(path), path), path)


def dumps(data: dict) -> str:
    """Pretty-printed, keys in the document's own order (new documents start in a fixed order)."""
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: str | os.PathLike, payload: bytes) -> None:
    """Write to a temporary file in the same folder, fsync, then rename over the target.

    A failure at any step leaves the previous file exactly as it was.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            # mkstemp makes the file private (0600): keep the old file's mode, or give a new file the
            # mode any other program would (0666 less the umask).
            os.chmod(tmp_name, target.stat().st_mode & 0o7777 if target.exists() else 0o666 & ~_umask())
        except OSError:
            pass
        os.replace(tmp_name, target)
        tmp_name = None
        try:
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass
    except OSError as e:
        reason = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
                  errno.EACCES: "you do not have permission to write there",
                  errno.EPERM: "you do not have permission to write there",
                  errno.EROFS: "the disk or folder is read-only",
                  errno.ENOENT: "the folder does not exist"}.get(e.errno, e.strerror or str(e))
        raise SaveError(path, f"could not save: {reason}. The file on disk was not changed.") from None
    finally:
        if tmp_name:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass


def save(path: str | os.PathLike, data: dict) -> None:
    atomic_write(path, dumps(data).encode("utf-8"))
