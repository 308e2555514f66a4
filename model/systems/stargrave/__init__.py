"""Stargrave crews: the rules of RULES.md sections 1.1 to 1.7, with DECISIONS.md applied."""

from __future__ import annotations

from ...issues import Issue
from ..lookup import repeats
from . import check as _check
from . import derive as _derive
from .tables import KEYS, ROLES, Tables, tables

__all__ = ["new", "derive", "check", "pack_problems", "tables", "Tables", "KEYS", "ROLES"]


def new(pack) -> dict:
    """A new, valid starter crew: named officers, no choices made yet (the issues list says what to pick)."""
    return {
        "format": "starwright/stargrave-crew",
        "version": 1,
        "name": "New Crew",
        "captain": {"name": "Captain", "species": "Human", "background": "", "choices": [], "powers": [], "items": []},
        "first_mate": {"name": "First Mate", "species": "Human", "background": "", "choices": [], "powers": [], "items": []},
        "soldiers": [],
        "notes": "",
    }


def derive(data: dict, pack) -> dict:
    return _derive.derive(data, tables(pack))


def check(data: dict, derived: dict, pack) -> list[Issue]:
    return _check.check(data, derived, tables(pack))


def pack_problems(pack: dict) -> list[tuple[str, str]]:
    """Cross-references the schema cannot see: names that must exist elsewhere in the pack."""
    out = []
    bgs = {b["name"] for b in pack["backgrounds"]}
    items = {i["name"] for i in pack["items"]}
    keys = {c["key"] for c in pack["characteristics"]}
    for i, p in enumerate(pack["powers"]):
        for j, b in enumerate(p["basic_for"]):
            if b not in bgs:
                out.append((f"/powers/{i}/basic_for/{j}", f'"{b}" is not a background in this pack'))
    for i, s in enumerate(pack["soldiers"]):
        for j, g in enumerate(s["gear"]):
            if g not in items:
                out.append((f"/soldiers/{i}/gear/{j}", f'"{g}" is not an item in this pack'))
    for i, it in enumerate(pack["items"]):
        for j, g in enumerate(it.get("includes", [])):
            if g not in items:
                out.append((f"/items/{i}/includes/{j}", f'"{g}" is not an item in this pack'))
        if it.get("swap_for") and it["swap_for"] not in items:
            out.append((f"/items/{i}/swap_for", f'"{it["swap_for"]}" is not an item in this pack'))
    for i, b in enumerate(pack["backgrounds"]):
        for j, k in enumerate(b["choose_from"]):
            if k not in keys:
                out.append((f"/backgrounds/{i}/choose_from/{j}", f'"{k}" is not a characteristic in this pack'))
        if b["choose"] > len(b["choose_from"]):
            out.append((f"/backgrounds/{i}/choose", f"asks for {b['choose']} choices from only {len(b['choose_from'])} options"))
    for name in ("captain", "first_mate"):
        f = pack["figures"][name]
        if f["basic_powers_min"] > f["basic_powers_max"] or f["basic_powers_max"] > f["powers"]:
            out.append((f"/figures/{name}/basic_powers_max", "basic power counts do not fit the number of powers"))
    names = [p["name"] for p in pack["powers"]]
    for i in repeats(names):
        out.append((f"/powers/{i}/name", f'"{names[i]}" is listed twice'))
    return out
