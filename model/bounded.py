"""The one way any file comes in: documents, rules packs, linked crew files, imported files.

`read_bounded(path, limit)` refuses what is not a regular file (a folder, a device such as /dev/zero, a
FIFO, a socket, a symlink loop) before opening it, and reads at most `limit` bytes. `parse_json(raw)`
turns the bytes into JSON values and refuses, with a message and a place, everything that later code
could trip over: text that is not UTF-8, NaN/Infinity, numbers beyond a sane range (and integers too
long for Python to read), duplicate keys, nesting deeper than any Starwright file, a NUL character or a
lone surrogate in a string. `load_json(path, limit)` is the two together.

Every refusal is a DocumentError: `path`, `where` ('line L, column C' or a JSON Pointer) and `message`.
Pure model code: no Qt.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Iterable
from typing import Any, TypeAlias

from . import pointer as jp

MAX_BYTES = 5 * 1024 * 1024  # a crew file is a few KB, the largest rules pack a few hundred
MAX_DEPTH = 64               # the deepest Starwright file nests about 8 levels
MAX_NUMBER = 10 ** 15        # no count, cost or level of any game comes near; floats lose whole numbers above
_MAX_DIGITS = len(str(MAX_NUMBER))
_BAD_CHAR = re.compile("[\x00\ud800-\udfff]")


# what to do next, said in every message box about a file (model/error_words.py), by what went wrong
FIX_JSON = "Open the file in a text editor and correct it at the place named, or open a backup copy of it."
NOT_A_FILE = "Choose a Starwright file (.starwright) instead, with File › Open."
NOT_STARWRIGHT = ("Choose a Starwright document (.starwright) instead; to bring in a crew made with another "
                  "builder, use File › Import.")


class DocumentError(Exception):
    """A file that cannot be used as a document. `where` is 'line L, column C' or a JSON Pointer; `advice` what
    the player can do about it, in a sentence (empty: the message box says what fits its action)."""

    def __init__(self, path: str | os.PathLike | None, message: str, where: str = "", advice: str = ""):
        self.path = str(path) if path is not None else ""
        self.where = where
        self.message = message
        self.advice = advice
        self.place_words = ""   # where, in the document's own words, when the refusal knows them
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" at {self.where}" if self.where else ""
        name = self.path or "the document"
        return f"{name}{place}: {self.message}"


# ---------------------------------------------------------------------------------------------------
# Reading


def describe_not_regular(mode: int, reading: bool = True) -> str:
    if stat.S_ISDIR(mode):
        return "this is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "this is a pipe (FIFO), not a file" + ("; reading it could wait for ever" if reading else "")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "this is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "this is a socket, not a file"
    return "this is not a regular file"


_OS_ADVICE = {errno.ENOENT: "Check the file's name and folder: it may have been moved, renamed or deleted. Then "
                            "choose it again with File › Open.",
              errno.ENOTDIR: "Check the file's name and folder, then choose it again with File › Open.",
              errno.EACCES: "Ask for permission to read it, or copy it to a folder of your own and open the copy.",
              errno.EPERM: "Ask for permission to read it, or copy it to a folder of your own and open the copy.",
              errno.ENAMETOOLONG: "Move the file to a folder with a shorter path, or give it a shorter name."}


def _os_error(path: str | os.PathLike, e: OSError) -> DocumentError:
    return DocumentError(path, _os_reason(e), advice=_OS_ADVICE.get(e.errno or 0, NOT_A_FILE))


def _os_reason(e: OSError) -> str:
    return {errno.ENOENT: "there is no such file",
            errno.ENOTDIR: "there is no such file (a part of the path is not a folder)",
            errno.EACCES: "you do not have permission to read this file",
            errno.EPERM: "you do not have permission to read this file",
            errno.ELOOP: "this is a symbolic link that leads round in a loop, not a file",
            errno.ENAMETOOLONG: "the file name is too long",
            errno.EISDIR: "this is a folder, not a file"}.get(e.errno or 0, f"the file could not be read ({e.strerror or e})")


def check_regular(path: str | os.PathLike) -> os.stat_result:
    """The stat of path (following links) when it is a regular file; else a DocumentError saying what it is."""
    try:
        st = os.stat(path)
    except ValueError:  # "embedded null byte"
        raise DocumentError(_printable(path), "the file name contains a NUL character, so no file has it",
                            advice=NOT_A_FILE) from None
    except OSError as e:
        raise _os_error(path, e) from None
    if not stat.S_ISREG(st.st_mode):
        raise DocumentError(path, describe_not_regular(st.st_mode), advice=NOT_A_FILE)
    return st


def _printable(path) -> str:
    return str(path).replace("\x00", "\\0")


def _size_message(size: int, limit: int, what: str = "") -> str:
    def mb(n: int) -> str:
        return f"{n / 1048576:.1f} MB" if n >= 1048576 else f"{n:,} bytes"
    if what:
        return f"the file is {mb(size)}; {what} may be at most {mb(limit)}"
    return f"the file is {mb(size)}; a Starwright file is at most {mb(limit)}, so this is not one"


def _size_advice(what: str) -> str:
    return (f"Choose a smaller file: {what} this large is refused." if what else
            "Choose the Starwright file itself (a crew, ship or character file is a few kilobytes).")


def read_bounded(path: str | os.PathLike, limit: int = MAX_BYTES, what: str = "") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; a DocumentError for anything else. `what` names
    the file's kind in the size refusal ("a picture"); without it the file is said to be no Starwright file.

    Never blocks and never reads without end: a FIFO or device is refused before it is opened (and the
    open itself does not wait, in case the file was swapped since), and at most limit + 1 bytes are read.
    """
    st = check_regular(path)
    if st.st_size > limit:
        raise DocumentError(path, _size_message(st.st_size, limit, what), advice=_size_advice(what))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise _os_error(path, e) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced between the check and the open
            raise DocumentError(path, describe_not_regular(st.st_mode), advice=NOT_A_FILE)
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise _os_error(path, e) from None
    finally:
        os.close(fd)
    if got > limit:  # grew while being read
        raise DocumentError(path, _size_message(got, limit, what), advice=_size_advice(what))
    return b"".join(chunks)


def read_head(path: str | os.PathLike, size: int) -> bytes:
    """At most the first `size` bytes of a regular file (the same refusals as read_bounded)."""
    check_regular(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise DocumentError(path, describe_not_regular(os.fstat(fd).st_mode))
            return os.read(fd, size)
        finally:
            os.close(fd)
    except OSError as e:
        raise DocumentError(path, _os_reason(e)) from None


_SPACE = re.compile(r"[ \t\r\n]*")


def _skip_space(text: str, at: int) -> int:
    """Where the JSON white space from `at` ends (the pattern matches nothing too: a match is always found)."""
    found = _SPACE.match(text, at)
    return found.end() if found else at


def peek_keys(path: str | os.PathLike, keys: set[str], size: int = 65536) -> dict:
    """The top-level `keys` whose string values come within the first `size` bytes of a JSON file, read
    without parsing the rest (how the rules folder finds a pack by id without loading twenty packs).
    A hint only: what is found must still be loaded with load_json before it is used."""
    text = read_head(path, size).decode("utf-8", errors="ignore").lstrip("\ufeff \t\r\n")
    found: dict = {}
    if not text.startswith("{"):
        return found
    decoder = json.JSONDecoder()
    at = _skip_space(text, 1)
    try:
        while at < len(text) and text[at] == '"' and len(found) < len(keys):
            key, at = decoder.raw_decode(text, at)
            at = _skip_space(text, at)
            if text[at:at + 1] != ":":
                break
            at = _skip_space(text, at + 1)
            if key in keys and text[at:at + 1] == '"':
                value, at = decoder.raw_decode(text, at)
                found[key] = value
            else:
                _value, at = decoder.raw_decode(text, at)
            at = _skip_space(text, at)
            if text[at:at + 1] != ",":
                break
            at = _skip_space(text, at + 1)
    except (ValueError, RecursionError):
        pass
    return found


def decode_text(raw: bytes, path: str | os.PathLike | None = None) -> str:
    """UTF-8 text (a byte-order mark, as some Windows editors write, is dropped)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise DocumentError(path, "the file is not UTF-8 text, so it is not a Starwright file",
                            f"line {line}, column {col}",
                            advice="Choose a Starwright file instead; if this is one, open it in a text editor and "
                                   "save it again as UTF-8 text.") from None
    return text[1:] if text.startswith("\ufeff") else text


# ---------------------------------------------------------------------------------------------------
# Parsing


class _BadToken(ValueError):
    def __init__(self, token: str, message: str):
        super().__init__(message)
        self.token = token
        self.message = message


class _Duplicates(dict):
    """An object in which a key appeared twice (found by the walk, which knows where it is)."""
    duplicate: str = ""


def _pairs(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        for k, _v in pairs:
            if k in seen:
                out = _Duplicates(pairs)
                out.duplicate = k
                break
            seen.add(k)
    return out


def _constant(token: str):
    raise _BadToken(token, f"{token} is not a number JSON allows; write a number instead")


def _integer(token: str) -> int:
    digits = token.lstrip("-")
    if len(digits) > _MAX_DIGITS or int(token) > MAX_NUMBER or int(token) < -MAX_NUMBER:
        shown = token if len(token) <= 24 else f"{token[:12]}…({len(digits)} digits)"
        raise _BadToken(token, f"the number {shown} is far beyond any value a Starwright file holds "
                               f"(at most {MAX_NUMBER:,})")
    return int(token)


def _float(token: str) -> float:
    value = float(token)
    if not (-MAX_NUMBER <= value <= MAX_NUMBER):  # also inf (1e400) and nan
        shown = token if len(token) <= 24 else token[:20] + "…"
        raise _BadToken(token, f"the number {shown} is far beyond any value a Starwright file holds "
                               f"(at most {MAX_NUMBER:,})")
    return value


def _line_col(text: str, at: int) -> str:
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return f"line {line}, column {col}"


def _token_place(text: str, token: str) -> str:
    m = re.search(r"(?<![\w.\"])" + re.escape(token) + r"(?![\w.])", text)
    at = m.start() if m else max(text.find(token), 0)
    return _line_col(text, at)


def _char_name(c: str) -> str:
    return "a NUL character (U+0000)" if c == "\x00" else f"a lone surrogate (U+{ord(c):04X}) that is not a character"


def _bad_scalar(v, path, entry, strings: bool, numbers: bool) -> None:
    if strings and isinstance(v, str):
        m = _BAD_CHAR.search(v)
        if m:
            raise DocumentError(path, f"this text contains {_char_name(m.group())}; remove it", _where(entry))
    elif numbers and isinstance(v, (int, float)) and not isinstance(v, bool):
        if v != v:
            raise DocumentError(path, "NaN is not a number JSON allows", _where(entry))
        if not (-MAX_NUMBER <= v <= MAX_NUMBER):
            raise DocumentError(path, f"this number is far beyond any value a Starwright file holds "
                                      f"(at most {MAX_NUMBER:,})", _where(entry))


# a container met in a walk: (value, parent entry, key in parent, depth)
_Entry: TypeAlias = "tuple[Any, _Entry | None, Any, int]"


def _walk(value: Any, path, strings: bool = True, numbers: bool = True) -> None:
    """Depth, duplicate keys, and (when asked) number range and the characters of every string and key,
    without recursion. Only containers go on the stack: a 5 MB pack is walked in a fraction of a second."""
    root: _Entry = (value, None, None, 1)  # (value, parent entry, key in parent, depth)
    if not isinstance(value, (dict, list)):
        _bad_scalar(value, path, root, strings, numbers)
        return
    stack = [root]
    while stack:
        entry = stack.pop()
        v, _parent, _key, depth = entry
        if isinstance(v, dict):
            if isinstance(v, _Duplicates):
                raise DocumentError(path, f'the key "{_clean(v.duplicate)}" appears twice in this object; '
                                          f"keep only one", _where(entry))
            items: Iterable[tuple[Any, Any]] = v.items()
        else:
            items = enumerate(v)
        if depth > MAX_DEPTH:
            raise DocumentError(path, f"the JSON is nested more than {MAX_DEPTH} levels deep; no Starwright "
                                      f"file is", _where(entry))
        for k, child in items:
            if isinstance(child, (dict, list)):
                stack.append((child, entry, k, depth + 1))
                continue
            if strings and isinstance(k, str) and (bad := _BAD_CHAR.search(k)):
                raise DocumentError(path, f"a key contains {_char_name(bad.group())}; remove it",
                                    _where(entry))
            if strings or numbers:
                if (strings and isinstance(child, str)) or (numbers and not isinstance(child, str)):
                    _bad_scalar(child, path, (child, entry, k, depth + 1), strings, numbers)
        if strings and isinstance(v, dict):
            for k in v:
                if isinstance(v[k], (dict, list)) and (bad := _BAD_CHAR.search(k)):
                    raise DocumentError(path, f"a key contains {_char_name(bad.group())}; "
                                              f"remove it", _where(entry))


# A NUL or a lone surrogate reaches a parsed string only through a \u escape (strict JSON refuses raw
# control characters, UTF-8 decoding refuses raw surrogates): without such an escape, strings need no look.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")


def _clean(s: str) -> str:
    return _BAD_CHAR.sub("\ufffd", s)[:80]


def _where(entry) -> str:
    keys = []
    while entry is not None and entry[1] is not None:
        keys.append(entry[2] if isinstance(entry[2], int) else _clean(entry[2]))
        entry = entry[1]
    keys.reverse()
    if len(keys) > 12:  # a place 900 levels down is told by its start and its depth
        return f"{jp.join(*keys[:8])}/… ({len(keys)} levels down)"
    return jp.join(*keys) or "/"


# json's own words for a syntax error, in the program's (the library's wording never reaches a player)
_JSON_WORDS = {
    "Expecting value": "a value is missing here (or there is a stray character)",
    "Expecting ',' delimiter": "a comma is missing between two values",
    "Expecting ':' delimiter": "a colon is missing after a key",
    "Expecting property name enclosed in double quotes": "a key is expected here, in double quotes (a comma "
                                                         "before a closing brace is not allowed)",
    "Unterminated string starting at": "a text value starts here and is never closed with a double quote",
    "Invalid control character at": "a text value holds a line break or another control character",
    "Invalid \\escape": "a backslash in a text value starts no valid escape",
    "Invalid \\uXXXX escape": "a backslash-u escape in a text value is not four hexadecimal digits",
    "Extra data": "something follows the end of the JSON value",
}


def _json_words(msg: str) -> str:
    return _JSON_WORDS.get(msg, "the JSON is broken here")


def parse_json(raw: bytes | str, path: str | os.PathLike | None = None) -> Any:
    """JSON values from bytes (UTF-8) or text, with every refusal the module docstring lists."""
    try:
        return _parse_json(raw, path)
    except DocumentError as e:
        e.advice = e.advice or FIX_JSON
        raise


def _parse_json(raw: bytes | str, path: str | os.PathLike | None = None) -> Any:
    text = decode_text(raw, path) if isinstance(raw, (bytes, bytearray)) else (raw[1:] if raw.startswith("\ufeff") else raw)
    if not text.strip():
        raise DocumentError(path, "the file is empty; a Starwright file is a JSON object",
                            advice="Choose another file, or open a backup copy of this one.")
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_float,
                           object_pairs_hook=_pairs)
    except _BadToken as e:
        raise DocumentError(path, e.message, _token_place(text, e.token)) from None
    except json.JSONDecodeError as e:
        what = _json_words(e.msg)
        if e.pos >= len(text.rstrip()):
            what += " (the file ends too early: is it cut short?)"
        raise DocumentError(path, f"this is not valid JSON: {what}", f"line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise DocumentError(path, f"the JSON is nested more than {MAX_DEPTH} levels deep; no Starwright file is") from None
    # numbers were checked as they were read (the hooks above)
    _walk(value, path, strings=bool(_SUSPECT_ESCAPE.search(text)), numbers=False)
    return value


def load_json(path: str | os.PathLike, limit: int = MAX_BYTES) -> Any:
    """read_bounded + parse_json: the JSON values of a file, or a DocumentError naming file, place and problem."""
    return parse_json(read_bounded(path, limit), path)


def check_value(value: Any, path: str | os.PathLike | None = None) -> None:
    """The checks parse_json makes, for values built in memory: depth, numbers, characters."""
    _walk(value, path)
