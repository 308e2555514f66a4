"""JSON Pointers (RFC 6901): parse, build, read and write plain JSON data."""

from __future__ import annotations

from typing import Any


class PointerError(LookupError):
    """A pointer that does not lead anywhere in the data."""


def escape(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def split(pointer: str) -> list[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PointerError(f"a JSON Pointer starts with '/': {pointer!r}")
    return [unescape(t) for t in pointer[1:].split("/")]


def join(*tokens: str | int) -> str:
    return "".join("/" + escape(t) for t in tokens)


def child(pointer: str, *tokens: str | int) -> str:
    return pointer + join(*tokens)


def parent(pointer: str) -> tuple[str, str]:
    """Split a pointer into (parent pointer, last token)."""
    tokens = split(pointer)
    if not tokens:
        raise PointerError("the document root has no parent")
    return join(*tokens[:-1]), tokens[-1]


def is_within(pointer: str, ancestor: str) -> bool:
    """True when `pointer` is `ancestor` or lies below it."""
    return pointer == ancestor or pointer.startswith(ancestor + "/") or ancestor == ""


def _index(container: list, token: str, *, allow_end: bool = False) -> int:
    if token == "-" and allow_end:
        return len(container)
    if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        raise PointerError(f"{token!r} is not a list index")
    i = int(token)
    limit = len(container) + (1 if allow_end else 0)
    if i >= limit:
        raise PointerError(f"index {i} is past the end of a list of {len(container)}")
    return i


def resolve(data: Any, pointer: str) -> Any:
    node = data
    for token in split(pointer):
        if isinstance(node, dict):
            if token not in node:
                raise PointerError(f"no {token!r} at {pointer}")
            node = node[token]
        elif isinstance(node, list):
            node = node[_index(node, token)]
        else:
            raise PointerError(f"{pointer}: cannot descend into a {type(node).__name__}")
    return node


def get(data: Any, pointer: str, default: Any = None) -> Any:
    try:
        return resolve(data, pointer)
    except PointerError:
        return default


def exists(data: Any, pointer: str) -> bool:
    try:
        resolve(data, pointer)
        return True
    except PointerError:
        return False


def container_and_key(data: Any, pointer: str, *, allow_end: bool = False) -> tuple[Any, str | int]:
    ptr, token = parent(pointer)
    node = resolve(data, ptr)
    if isinstance(node, dict):
        return node, token
    if isinstance(node, list):
        return node, _index(node, token, allow_end=allow_end)
    raise PointerError(f"{ptr} is a {type(node).__name__}, not an object or list")
