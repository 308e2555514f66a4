"""Loading and saving documents: clear errors on the way in, atomic writes on the way out."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bounded import (FIX_JSON, MAX_BYTES, NOT_STARWRIGHT, DocumentError, check_value, decode_text,
                      describe_not_regular, parse_json, read_bounded)
from .kinds import KINDS, PLANNED, FORMAT_PREFIX, Kind, by_format
from .migrations import MigrationError, migrate
from .paths import is_program_file
from .validation import document_issues



class SaveError(DocumentError):
    pass


SAVE_ELSEWHERE = "Use File › Save As to save it somewhere else; your work is still open and nothing of it is lost."


@dataclass
class Loaded:
    data: dict
    kind: Kind
    migrated_from: int | None = None


def parse(text: str | bytes, path: str | os.PathLike | None = None) -> Any:
    return parse_json(text, path)


def read_text(path: str | os.PathLike) -> str:
    return decode_text(read_bounded(path, MAX_BYTES), path)


def identify(data: Any, path: str | os.PathLike | None = None) -> tuple[Kind, int]:
    if not isinstance(data, dict):
        found = {list: "a list", str: "text", int: "a number", float: "a number", bool: "true/false",
                 type(None): "null"}.get(type(data), type(data).__name__)
        raise DocumentError(path, f"expected a JSON object at the top of the file, found {found}", "/",
                            advice=NOT_STARWRIGHT)
    fmt = data.get("format")
    if fmt is None:
        raise DocumentError(path, "the document has no \"format\", so it is not a Starwright file", "/format",
                            advice=NOT_STARWRIGHT)
    kind = by_format(fmt)
    if kind is None:
        name = fmt[len(FORMAT_PREFIX):] if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX) else None
        if name in PLANNED:
            raise DocumentError(path, f"{PLANNED[name]} files are not supported by this version of Starwright yet",
                                "/format", advice="Update Starwright to a version that reads them, then open the "
                                                  "file again.")
        known = ", ".join(k.format for k in KINDS.values())
        raise DocumentError(path, f"unknown format {json.dumps(fmt, ensure_ascii=False)[:80]}; expected one of: {known}",
                            "/format", advice=NOT_STARWRIGHT)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DocumentError(path, f"the \"version\" must be a whole number from 1, found {json.dumps(version)[:40]}",
                            "/version", advice=FIX_JSON)
    if version > kind.version:
        raise DocumentError(path, f"this {kind.title} file is version {version}, made by a newer Starwright; "
                                  f"this program reads up to version {kind.version}",
                            "/version", advice="Update Starwright to the newest version, then open the file again.")
    return kind, version


def from_data(data: Any, path: str | os.PathLike | None = None) -> Loaded:
    check_value(data, path)  # values built in memory get the checks a file gets on reading
    kind, version = identify(data, path)
    migrated_from = None
    if version < kind.version:
        try:
            data = migrate(kind.kind, data, version, kind.version)
        except MigrationError as e:
            raise DocumentError(path, str(e), "/version", advice=FIX_JSON) from None
        migrated_from = version
    issues = [i for i in document_issues(kind.schema, data, kind.records) if not kind.is_kept(i.pointer)]
    if issues:
        first = issues[0]
        more = f" (and {len(issues) - 1} more problem{'s' if len(issues) > 2 else ''})" if len(issues) > 1 else ""
        error = DocumentError(path, f"{first.message}{more}", first.pointer or "/", advice=FIX_JSON)
        error.place_words = _place_words(data, first.pointer)
        raise error
    return Loaded(data, kind, migrated_from)


def _place_words(data: Any, pointer: str) -> str:
    """The place a refusal points at, in the document's own words ("Soldier 2 (Kess) › Type"); "" when none."""
    from .labels import describe_pointer
    try:
        return describe_pointer(data, pointer) if pointer and pointer != "/" else ""
    except Exception:   # words are a courtesy: the pointer is still said
        return ""


def load(path: str | os.PathLike) -> Loaded:
    return from_data(parse_json(read_bounded(path, MAX_BYTES), path), path)


def dumps(data: dict) -> str:
    """Pretty-printed, keys in the document's own order (new documents start in a fixed order)."""
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EACCES: "you do not have permission to write there",
            errno.EPERM: "you do not have permission to write there",
            errno.EROFS: "the disk or folder is read-only",
            errno.ENOENT: "the folder does not exist",
            errno.ENOTDIR: "a part of the path is not a folder",
            errno.EISDIR: "this is a folder, not a file",
            errno.ELOOP: "the path is a symbolic link that leads round in a loop",
            errno.ENAMETOOLONG: "the file name is too long"}


def _refuse(path: str | os.PathLike, reason: str) -> SaveError:
    return SaveError(path, f"could not save: {reason}. The file on disk was not changed", advice=SAVE_ELSEWHERE)


def _reason(e: OSError) -> str:
    """Why an OSError stopped a save, in the program's words when its errno is one of _REASONS."""
    return _REASONS.get(e.errno, e.strerror or str(e)) if e.errno is not None else e.strerror or str(e)


# What a write does with a symbolic link at the path it was given (the path's last part: links among its folders
# are part of the path the user named). Nothing is written through a link unless the caller asks.
REFUSE = "refuse"    # refused, whether it leads to a file or nowhere (the default)
REPLACE = "replace"  # the link itself is replaced by the new file; the file it points to is not touched (--force)
FOLLOW = "follow"    # the file it points to is replaced, the link stays a link: saving a document opened through
                     # the link; that file must exist (a dangling link is refused, never made into a new file)


def link_destination(path: str | os.PathLike[str]) -> tuple[str, bool] | None:
    """(what the link says, whether that leads to something) when path is a symbolic link, else None."""
    try:
        if not os.path.islink(path):
            return None
        return os.fspath(os.readlink(path)), os.path.exists(path)
    except (OSError, ValueError):
        return None


def _link_refused(path: str | os.PathLike, dest: str, leads: bool, why: str) -> SaveError:
    where = f"{dest}" + ("" if leads else ", which does not exist")
    return SaveError(path, f"could not save: this is a symbolic link (to {where}) and {why}. Nothing was written",
                     advice=SAVE_ELSEWHERE)


def write_target(path: str | os.PathLike, link: str = REFUSE) -> Path:
    """The directory entry a write to `path` replaces: `path` itself, or with FOLLOW the file a symbolic link
    there points to (the end of a chain of links). A link is refused unless `link` says what to do with it (see
    REFUSE, REPLACE, FOLLOW); a folder, a device, a FIFO or anything else that is not a regular file is refused
    always."""
    target = Path(path)
    try:
        st = os.lstat(target)
        if stat.S_ISLNK(st.st_mode):
            if link == REPLACE:
                return target
            dest = os.readlink(target)
            if link != FOLLOW:
                raise _link_refused(path, dest, os.path.exists(target),
                                    "Starwright never writes through a link it was not asked to follow; "
                                    "choose another name")
            target = Path(os.path.realpath(target))
            if target.is_symlink():  # realpath gives up on a loop
                raise _refuse(path, _REASONS[errno.ELOOP])
            try:
                st = os.stat(target)
            except FileNotFoundError:
                raise _link_refused(path, dest, False, "a save never makes a new file through a link; choose "
                                                       "where to save it") from None
    except FileNotFoundError:
        return target
    except ValueError:
        raise _refuse(str(path).replace("\x00", "\\0"), "the file name contains a NUL character") from None
    except OSError as e:
        raise _refuse(path, _reason(e)) from None
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(path, describe_not_regular(st.st_mode, reading=False) + "; only a regular file is ever replaced")
    return target


def temp_prefix(target: Path) -> str:
    """Temporary files of a save to target are `.<name>.<pid>.<random>.tmp` beside it."""
    return f".{target.name}."


def clean_stale_temps(target: Path, max_age: float = 600.0) -> list[Path]:
    """Remove the temporary files earlier saves of target left behind when they were killed: those of a
    process that is gone (or of this one: no save of ours is in flight), and any older than max_age."""
    import time
    folder = target.parent if str(target.parent) else Path(".")
    prefix = temp_prefix(target)
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return removed
    now = time.time()
    for name in names:
        p = folder / name
        middle = name[len(prefix):-len(".tmp")]
        pid_text = middle.split(".", 1)[0]
        stale = False
        if pid_text.isdigit() and "." in middle:
            pid = int(pid_text)
            stale = pid == os.getpid() or not process_alive(pid)
        try:
            st = os.lstat(p)
            if not stat.S_ISREG(st.st_mode):
                continue
            if stale or now - st.st_mtime > max_age:
                os.unlink(p)
                removed.append(p)
        except OSError:
            pass
    return removed


def process_alive(pid: int) -> bool:
    """Whether a process of this id runs (True where that cannot be told cheaply, on Windows)."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def atomic_write(path: str | os.PathLike, payload: bytes, link: str = REFUSE) -> list[str]:
    """Write to a temporary file in the target's folder, fsync, then rename over the target.

    A failure at any step leaves the previous file exactly as it was and no temporary file behind; a
    crash's leftovers are removed by the next save. A symbolic link at `path` is refused unless `link` says
    otherwise (write_target): the rename itself never writes through a link (it replaces the name it is
    given), and the temporary file is made with O_EXCL, which a link planted in its place makes fail. Returns
    notes for the user: a file with other names (hard links) is replaced, so those names keep the old
    contents, and the note says so.
    """
    target = write_target(path, link)
    if is_program_file(target):  # the shipped examples, rules and schemas are never written (a copy is saved elsewhere)
        raise _refuse(path, "this is one of Starwright's own folders, which hold its examples and rules; "
                            "save under another folder")
    folder = target.parent if str(target.parent) else Path(".")
    notes = []
    tmp_name = None
    try:
        old: os.stat_result | None
        try:
            old = os.lstat(target)   # a link replaced itself (REPLACE) has no mode or other names to keep
            old = old if stat.S_ISREG(old.st_mode) else None
        except FileNotFoundError:
            old = None
        if old is not None and old.st_nlink > 1:
            others = old.st_nlink - 1
            notes.append(f"{target} had {others} other name{'s' if others > 1 else ''} (a hard link); "
                         f"saving made a new file, so the other name{'s' if others > 1 else ''} still "
                         f"show{'' if others > 1 else 's'} the previous version.")
        clean_stale_temps(target)
        fd, tmp_name = tempfile.mkstemp(prefix=f"{temp_prefix(target)}{os.getpid()}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            # mkstemp makes the file private (0600): keep the old file's mode, or give a new file the
            # mode any other program would (0666 less the umask).
            os.chmod(tmp_name, old.st_mode & 0o7777 if old is not None else 0o666 & ~_umask())
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
        raise _refuse(path, _reason(e)) from None
    finally:
        if tmp_name:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
    return notes


def encode(data: dict, path: str | os.PathLike | None = None) -> bytes:
    """The bytes a document is saved as; a SaveError (not a crash) for a value JSON or UTF-8 cannot hold."""
    try:
        check_value(data, path)
        return dumps(data).encode("utf-8")
    except DocumentError as e:
        raise SaveError(path, f"could not save: {e.message}. The file on disk was not changed.", e.where) from None
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError) as e:
        raise SaveError(path, f"could not save: the document holds a value a file cannot ({e}). "
                              f"The file on disk was not changed.") from None


def save(path: str | os.PathLike, data: dict, link: str = REFUSE) -> list[str]:
    """Save a document atomically; `link`: what to do with a symbolic link at path (write_target)."""
    return atomic_write(path, encode(data, path), link)
