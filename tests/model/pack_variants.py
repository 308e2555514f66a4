"""Variants of the built-in rules packs, and every way a document goes through the code with one.

- key_paths / without: each key of a pack as a path with "*" for "every entry of a list", and the pack
  with that key taken out of every entry that has it (so a key read from any entry is found).
- perturbed: the pack with every number moved by +1, except the numbers whose move the schema or the
  system's own consistency checks refuse (held back one region at a time, as the refusal names it).
- through_code: derive, check, the sheet, the cards (drawn and listed) and the blank cards of every
  example of the pack's kinds, as `export` and the window take them.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

from model import pointer as jp
from model.cards import CardError, blank_deck
from model.evaluate import Result, evaluate
from model.kinds import KINDS, Kind
from model.listing import listing
from model.paths import rules_dir
from model.rules_pack import Pack, PackError, validate_pack_data
from model.sheets import SheetError, SheetOptions, export_pdf
from model.sheets.cards import cards_pdf
from tests.conftest import EXAMPLES

SYSTEMS = ("stargrave", "starfrontiers", "starchasers", "knighthawks")
ENVELOPE = ("system", "id", "name", "version", "description")


def builtin_data(system: str) -> dict:
    return json.loads((rules_dir() / f"{system}.json").read_text(encoding="utf-8"))


@cache
def examples(system: str) -> tuple[tuple[Path, dict, Kind], ...]:
    """Every shipped example of the kinds this pack serves (the broken ones too: their checks read the pack)."""
    out = []
    for path in sorted(EXAMPLES.glob("*.starwright")):
        data = json.loads(path.read_text(encoding="utf-8"))
        kind = KINDS[data["format"].split("/", 1)[1]]
        if kind.pack == system:
            out.append((path, data, kind))
    return tuple(out)


def as_pack(data: dict, name: str = "house.json") -> Pack:
    """A house pack from data that passed validate_pack_data."""
    return Pack(data, name, False)


# ---- taking keys out ----

def key_paths(node, prefix: tuple = ()):
    """Each key path once, in pack order: ("items", "*", "grenade") for the key in any item."""
    seen: set[tuple] = set()

    def walk(n, pre):
        if isinstance(n, dict):
            for k, v in n.items():
                if pre + (k,) not in seen:
                    seen.add(pre + (k,))
                    yield pre + (k,)
                yield from walk(v, pre + (k,))
        elif isinstance(n, list):
            for v in n:
                yield from walk(v, pre + ("*",))
    yield from walk(node, prefix)


def without(data: dict, path: tuple) -> dict:
    out = copy.deepcopy(data)

    def drop(n, p):
        head, rest = p[0], p[1:]
        if head == "*":
            for v in n if isinstance(n, list) else []:
                drop(v, rest)
        elif isinstance(n, dict) and head in n:
            if rest:
                drop(n[head], rest)
            else:
                del n[head]
    drop(out, path)
    return out


# ---- moving numbers ----

def numbers(node, ptr: str = ""):
    """The pointer of every number in a pack (true/false are not numbers), the envelope's version left out."""
    if isinstance(node, bool):
        return
    if isinstance(node, (int, float)):
        if ptr != "/version":
            yield ptr
        return
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for k, v in items:
        yield from numbers(v, jp.child(ptr, k))


def _put(data, ptr: str, value) -> None:
    container, key = jp.container_and_key(data, ptr)
    container[key] = value


def _refused_at(e: PackError) -> str:
    """The pointer a refusal names: 'power "Healing" (/powers/26/activation)' or '/powers/26/activation'."""
    where = e.where or ""
    return where[where.rindex("(") + 1:-1] if where.endswith(")") and "(" in where else where


@cache
def _perturbed(system: str) -> tuple[str, frozenset]:
    base = builtin_data(system)
    data = copy.deepcopy(base)
    data["id"] = f"{system}-every-number-moved"
    moved = set(numbers(base))
    for ptr in moved:
        _put(data, ptr, jp.get(base, ptr) + 1)
    for _ in range(len(moved) + 1):
        try:
            validate_pack_data(data, "perturbed.json")
            break
        except PackError as e:
            region = _refused_at(e)
            while True:   # hold back the moved numbers under what was refused (or under its parent)
                held = {p for p in moved if p == region or p.startswith(region + "/")}
                if held or not region:
                    break
                region = jp.parent(region)[0]
            assert held, f"{system}: a pack with every number moved is refused and no moved number explains it: {e}"
            for ptr in held:
                _put(data, ptr, jp.get(base, ptr))
            moved -= held
    return json.dumps(data), frozenset(moved)


def perturbed(system: str) -> tuple[dict, frozenset]:
    """(pack data with the numbers moved by +1, the pointers of the numbers moved)."""
    text, moved = _perturbed(system)
    return json.loads(text), moved


# ---- every code path ----

def run_example(path: Path, data: dict, kind: Kind, pack: Pack | None) -> Result:
    return evaluate(copy.deepcopy(data), kind, [pack] if pack else None, origin=path)


def through_code(pack: Pack, sheets: str = "all") -> list[tuple[str, Result]]:
    """Every example of the pack's kinds through derive, check, the listing and the cards; the PDF sheet and
    card pages of every example (sheets="all") or of each kind's largest example ("largest", which prints
    the most). Returns (example name, result); any exception here is the failure."""
    out = []
    largest = {}
    for _path, data, kind in examples(pack.system):
        if len(json.dumps(data)) > len(json.dumps(largest.get(kind.kind, {}))):
            largest[kind.kind] = data
    for name in sorted(largest):
        assert blank_deck(name, pack).cards
    for path, data, kind in examples(pack.system):
        result = run_example(path, data, kind, pack)
        out.append((path.name, result))
        if not result.schema_valid:
            continue
        for issue in result.issues:
            assert issue.message and issue.severity in ("error", "warning", "info"), issue
        json.dumps(result.derived, allow_nan=False)
        try:
            assert listing(data, result)
        except CardError as e:
            assert str(e)
        if sheets == "all" or (sheets == "largest" and data is largest[kind.kind]):
            try:
                assert export_pdf(data, result, SheetOptions(paper="a4")).startswith(b"%PDF-")
                if sheets == "all":
                    assert cards_pdf(data, result, SheetOptions(paper="a4")).startswith(b"%PDF-")
            except (SheetError, CardError) as e:
                assert str(e)
    return out
