"""Look-ups every game system's tables share: name folding, alias indexes, one Tables per pack."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeVar
from collections.abc import Callable

T = TypeVar("T")


def fold(name: Any) -> str:
    """A name as players may type it: case, hyphens, underscores and spacing do not matter."""
    if not isinstance(name, str):
        return ""
    return _fold(name)


@lru_cache(maxsize=8192)
def _fold(name: str) -> str:
    # remembered: a campaign replay looks the same few names up on every game
    return " ".join(name.casefold().replace("-", " ").replace("_", " ").split())


def alias_index(entries: list[dict]) -> dict[str, str]:
    """Folded name, English-edition name (`rulebook_name`) and `aliases` -> the pack's own name."""
    out: dict[str, str] = {}
    for e in entries:
        for alias in [e.get("rulebook_name", "")] + list(e.get("aliases", [])):
            if alias:
                out.setdefault(fold(alias), e["name"])
    for e in entries:
        out[fold(e["name"])] = e["name"]
    return out


def pack_tables(cls: type[T]) -> Callable[[Any], T]:
    """`tables(pack)`: the indexed tables of a rules_pack.Pack, built once per pack object (or of raw
    pack data, built each time)."""
    build: Callable[[dict], T] = cls   # the class, made from a pack's data
    cached = lru_cache(maxsize=16)(lambda pack_obj: build(pack_obj.data))

    def tables(pack) -> T:
        if isinstance(pack, cls):
            return pack
        return build(pack) if isinstance(pack, dict) else cached(pack)

    tables.__doc__ = f"The {cls.__name__} of a rules pack (cached per pack object), or of raw pack data."
    return tables


def repeats(names: list) -> list[int]:
    """The indexes of names that appeared earlier in the list, in one pass (a pack may list thousands)."""
    seen: set = set()
    out = []
    for i, n in enumerate(names):
        if n in seen:
            out.append(i)
        seen.add(n)
    return out
