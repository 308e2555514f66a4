"""Where something is in a document, in words: one `describe_pointer` for every kind, from its labels as data.

    describe_pointer(data, "/captain/powers/2/reduced", pack)  ->  "Captain › Power 3 (Command) › Lowered by 1"

The words come from resources/labels/<kind>.json (schemas/labels.v1.json): the issues list, the pages,
the sheets' list of rule errors and the text export all say a place the same way.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import pointer as jp
from .kinds import by_format
from .paths import resources_dir
from .shipped_data import load_checked_json, schema_problems

SEPARATOR = " › "
_GENERIC = {"document": "Document", "parts": {}, "entries": {}, "entry_names": ["name", "type", "title", "text"]}


class LabelsError(ValueError):
    """A labels file the program ships that cannot be read or breaks its schema."""


@cache
def labels_for(kind: str) -> dict:
    """The labels of a document kind (resources/labels/<kind>.json), read and checked once. A kind without a
    labels file is named in plain words from its schema (`schema_labels`): the file is optional."""
    path = resources_dir() / "labels" / f"{kind}.json"
    if not path.exists():
        from .kinds import KINDS
        if kind in KINDS:
            return schema_labels(KINDS[kind])
    return load_checked_json(path, lambda d: schema_problems("labels.v1.json", d), LabelsError, "labels file")


def schema_labels(kind) -> dict:
    """Labels in plain words for a kind with no labels file: the document is called by the kind's title and
    each top-level member by its schema `title` (else its key in words, as for any unnamed place)."""
    import json
    from .paths import schemas_dir
    try:
        schema = json.loads((schemas_dir() / kind.schema).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        schema = {}
    props = schema.get("properties") if isinstance(schema, dict) else None
    parts = {k: " ".join(v["title"].split())[:100] for k, v in (props or {}).items()
             if isinstance(v, dict) and isinstance(v.get("title"), str) and v["title"].strip()}
    return {**_GENERIC, "kind": kind.kind, "document": kind.title[:100] or _GENERIC["document"], "parts": parts}


def _words(token: str) -> str:
    text = token.replace("_", " ")
    return text[:1].upper() + text[1:]


def _entry_name(entry: Any, fields: list[str]) -> str:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for f in fields:
            value = entry.get(f)
            if isinstance(value, str) and value.strip():
                return " ".join(value.split())
    return ""


def _pack_name(spec: dict, key: str, pack: Any, data: Any = None) -> str | None:
    """The name a list (labels' `keyed` / `pack_parts`: of the rules pack, or of the document when the spec
    says `"in": "document"`) gives the entry whose key is `key`."""
    source = data if spec.get("in") == "document" else (getattr(pack, "data", pack) if pack is not None else None)
    entries = jp.get(source, spec["list"]) if source is not None and jp.exists(source, spec["list"]) else None
    for e in entries if isinstance(entries, list) else ():
        if isinstance(e, dict) and e.get(spec["key"]) == key:
            name = e.get(spec["name"])
            if not (isinstance(name, str) and name.strip()) and spec.get("name_else"):
                name = e.get(spec["name_else"])      # an unnamed soldier: its type
            return str(name)
    return None


def _member(labels: dict, parent: str, tok: str, depth: int, pack: Any, data: Any = None) -> str:
    if parent in labels.get("keyed", {}):      # 'Torpedo (T)'; '"X"' when the pack has no such entry
        spec = labels["keyed"][parent]
        name = _pack_name(spec, tok, pack, data)
        if name:
            return f"{name} ({tok})" if spec.get("show_key", True) else name
        # a key of a document list that is not in it (the captain in the figures of play): its own words
        if spec.get("in") == "document":
            return labels["parts"].get(tok) or _words(tok)
        return f'"{tok}"'
    for spec in labels.get("pack_parts", []) if depth == 0 else ():
        name = _pack_name(spec, tok, pack)
        if name:
            return name
    if depth == 0 and f"/{tok}" in labels["parts"]:      # the document's own member ("/name": "Ship name")
        return labels["parts"][f"/{tok}"]
    return labels["parts"].get(tok) or _words(tok)


def describe_with(labels: dict, data: Any, pointer: str, pack: Any = None) -> str:
    """`pointer` in words with these labels (a list entry replaces its list's name: "Soldier 2 (Kess)")."""
    tokens = jp.split(pointer) if pointer else []
    if not tokens:
        return labels["document"]
    out: list[str] = []
    node, member = data, ""
    for depth, tok in enumerate(tokens):
        if tok.isdigit() and (isinstance(node, list) or member in labels["entries"]):
            idx = int(tok)
            entry = node[idx] if isinstance(node, list) and idx < len(node) else None
            listed = labels["parts"].get(member) or _words(member)
            if out and out[-1] == listed:
                out.pop()
            word = labels["entries"].get(member) or (listed[:-1] if listed.endswith("s") else listed) or "Entry"
            name = _entry_name(entry, labels["entry_names"])
            out.append(f"{word} {idx + 1}" + (f" ({name})" if name else ""))
            node = entry
        else:
            out.append(_member(labels, member, tok, depth, pack, data))
            node = node.get(tok) if isinstance(node, dict) else None
        member = tok
    return SEPARATOR.join(out)


def describe_pointer(data: Any, pointer: str, pack: Any = None) -> str:
    """Where `pointer` is in `data`, in words, with the labels of the document's kind (found from its
    "format"; a document of no known kind gets plain words). `pack`: the rules pack the document is checked
    with (a Pack or its data; None: the kind's built-in pack), for places a pack entry names (a Knight Hawks
    weapon code, a Starchasers ship attribute)."""
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    if kind is None:
        return describe_with(_GENERIC, data, pointer, pack)
    if pack is None:
        from .rules_pack import builtin_pack
        pack = builtin_pack(kind.pack)
    return describe_with(labels_for(kind.kind), data, pointer, pack)
