"""Schemas: one referencing.Registry built from schemas/ at start, one validator per schema, built once."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

if TYPE_CHECKING:  # imported for real on first use (start-up cost)
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator
    from referencing import Registry, Resource
    from referencing._core import Resolver

from . import pointer as jp
from .content_key import content_key
from .issues import ERROR, Issue
from .paths import schemas_dir

SCHEMA_BASE = "https://starwright.app/schemas/"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


@cache
def registry() -> Registry:
    """Every schema of schemas/, each read when a check first refers to it: the checks of the documents open use
    a few of them, not the rules packs', the sheet layouts' or the earlier versions' (memory with five documents
    open: tests/benchmarks/bench_gui.py)."""
    # jsonschema/referencing are imported on first use, not at start-up (~60 ms of the window's start).
    from referencing import Registry
    # referencing builds its classes with attrs through a wrapper of its own, which mypy's attrs support does not
    # see: it knows neither `retrieve` here nor `ref` below (both the documented keywords)
    return Registry(retrieve=_retrieve)  # type: ignore[call-arg]


def _retrieve(uri: str) -> Resource[Any]:
    from referencing.exceptions import NoSuchResource
    name = uri[len(SCHEMA_BASE):] if uri.startswith(SCHEMA_BASE) else ""
    if not name or "/" in name or not (schemas_dir() / name).is_file():
        raise NoSuchResource(ref=uri)  # type: ignore[call-arg]
    return _resource(name)


@cache
def _resource(name: str) -> Resource[Any]:
    """schemas/<name> as a resource of the registry (read once)."""
    from referencing import Resource
    from referencing.jsonschema import DRAFT202012
    schema = json.loads((schemas_dir() / name).read_text(encoding="utf-8"))
    if schema.get("$id") != schema_id(name):
        raise ValueError(f"schemas/{name} has the $id {schema.get('$id')!r}, not {schema_id(name)!r}")
    return Resource.from_contents(schema, default_specification=DRAFT202012)


def schema(name: str) -> dict:
    """The contents of schemas/<name> (a file name or its $id)."""
    return _resource(name[len(SCHEMA_BASE):] if name.startswith(SCHEMA_BASE) else name).contents


def schema_id(name: str) -> str:
    return SCHEMA_BASE + name


@cache
def validator(name: str) -> Validator:
    """The validator of schemas/<name> (e.g. "stargrave-crew.v1.json"), built once."""
    return _validator_for({"$ref": schema_id(name)}, schema_id(name))


def _validator_for(schema: dict, base: str) -> Validator:
    """A validator of `schema` with every $ref put in place (a schema that refers to itself keeps its refs).

    Following a $ref through the registry on every check made validation three times slower than the check
    itself (a crew was checked in ~7 ms, ~2.4 ms with the refs in place): every edit validates the document."""
    try:
        flat = _inline(schema, registry().resolver(base_uri=base), ())
    except RecursionError:
        return _strict_class()(schema, registry=registry())
    flat["$schema"] = DRAFT_2020_12
    return _strict_class()(flat, registry=registry())


_SCHEMA_MAPS = ("properties", "patternProperties", "dependentSchemas")   # name -> schema
_NOT_SCHEMAS = ("enum", "const", "default", "examples", "required", "description", "title", "$comment")


def _inline(node: Any, resolver: Resolver[Any], seen: tuple[int, ...]) -> Any:
    """`node` with each {"$ref": ...} replaced by what it refers to (with that schema's own base for its refs)."""
    if isinstance(node, list):
        return [_inline(x, resolver, seen) for x in node]
    if not isinstance(node, dict):
        return node
    out: dict = {}
    for k, x in node.items():
        if k in ("$ref", "$defs", "$id", "$schema"):
            continue
        if k in _SCHEMA_MAPS and isinstance(x, dict):
            out[k] = {name: _inline(sub, resolver, seen) for name, sub in x.items()}
        else:
            out[k] = x if k in _NOT_SCHEMAS else _inline(x, resolver, seen)
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return out
    resolved = resolver.lookup(ref)
    if id(resolved.contents) in seen:   # a schema that refers back to itself: keep its refs
        raise RecursionError(ref)
    inner = _inline(resolved.contents, resolved.resolver, seen + (id(resolved.contents),))
    if set(out) <= {"description", "title", "$comment"}:
        return inner
    return {**out, "allOf": [inner, *out.get("allOf", [])]}


@cache
def _strict_class() -> type[Validator]:
    """Draft 2020-12 where an integer is an integer: jsonschema counts 3.0 (and 1e308) as one, which then
    reaches rule code that formats or counts with it."""
    from jsonschema import Draft202012Validator, validators

    def is_integer(_checker: object, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    return validators.extend(Draft202012Validator, type_checker=checker)


def _pointer(error: ValidationError) -> str:
    ptr = jp.join(*error.absolute_path)
    if error.validator == "required":
        # jsonschema reports a missing property at the parent object: point at the property itself.
        required: Any = error.validator_value   # (`Unset` only on an error made by hand, never on a check's)
        instance: Any = error.instance
        missing = [p for p in required if p not in (instance or {})]
        if missing:
            ptr = jp.child(ptr, missing[0])
    return ptr


# The schemas' patterns in words: a value that does not match is told what the place takes, never the pattern.
PATTERN_WORDS = {
    "^[A-Za-z0-9+/]*={0,2}$": "base64 text (letters, digits, + and / only, ending in at most two =)",
    "^[a-z0-9][a-z0-9-]{0,63}$": "an id of small letters, digits and hyphens (at most 64, the first not a hyphen)",
}


def _friendly(error: ValidationError) -> str:
    v = error.validator
    # what was checked and the schema's value for the keyword: typed "or Unset" (a sentinel of an error made by
    # hand); every error a check gives has both
    inst: Any = error.instance
    value: Any = error.validator_value
    named = "propertyNames" in error.schema_path     # the check is of a key's name, not of its value
    if v == "required":
        missing = [p for p in value if p not in (inst or {})]
        return f"the field \"{missing[0]}\" is missing" if missing else error.message
    if v == "type":
        want = value
        want = " or ".join(want) if isinstance(want, list) else want
        word = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
                "array": "a list", "object": "an object", "null": "empty (null)"}
        want = word.get(want, want)
        return f"expected {want}, found {json.dumps(inst, ensure_ascii=False)[:60]}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than"}[v]
        return f"{json.dumps(inst)} is out of range: must be {bound} {value}"
    if v == "enum":
        opts = ", ".join(json.dumps(o) for o in value)
        return f"{json.dumps(inst, ensure_ascii=False)[:60]} is not one of {opts}"
    if v == "const":
        return f"expected {json.dumps(value)}, found {json.dumps(inst, ensure_ascii=False)[:60]}"
    if v == "additionalProperties" and isinstance(inst, dict) and isinstance(error.schema, dict):
        known = error.schema.get("properties", {})
        extra = [json.dumps(k, ensure_ascii=False)[:60] for k in inst if k not in known]
        if extra:
            more = f" (and {len(extra) - 3} more)" if len(extra) > 3 else ""
            return f"unknown field{'s' if len(extra) > 1 else ''} {', '.join(extra[:3])}{more}"
        return "unknown field"
    if v == "maxItems" and isinstance(error.schema, dict) and isinstance(error.schema.get("x-too-many"), str):
        # the schema's own sentence for a list longer than it allows ({count}: the list's, {most}: the bound)
        return error.schema["x-too-many"].format(count=len(inst), most=value)
    if v in ("minItems", "maxItems"):
        return f"a list of {len(inst)} items: must have {'at least' if v == 'minItems' else 'at most'} {value}"
    if v in ("minLength", "maxLength"):
        what = "a name" if named else "text"
        return f"{what} of {len(inst)} characters: must have {'at least' if v == 'minLength' else 'at most'} {value}"
    # the keywords below: jsonschema's own message shows the whole value (a Python repr of it, however long)
    if v in ("minProperties", "maxProperties") and isinstance(inst, dict):
        bound = "at least" if v == "minProperties" else "at most"
        return f"{len(inst)} entr{'y' if len(inst) == 1 else 'ies'}: must have {bound} {value}"
    if v == "uniqueItems":
        return "the list holds the same entry more than once: each must be different"
    if v == "pattern":
        want = PATTERN_WORDS.get(value, "written the way this place takes")
        return f"{'the name ' if named else ''}{json.dumps(inst, ensure_ascii=False)[:60]} is not {want}"
    if v == "format":
        return f"{json.dumps(inst, ensure_ascii=False)[:60]} is not a valid {value}"
    if v in ("anyOf", "oneOf", "allOf", "not", "contains") and isinstance(inst, (dict, list)):
        return f"does not fit the file format here (its {v} rule)"
    return error.message


def errors_to_issues(errors: Iterable[ValidationError], rule: str = "SCHEMA") -> list[Issue]:
    return [issue for _path, issue in _placed_issues(errors, rule)]


def _placed_issues(errors: Iterable[ValidationError], rule: str = "SCHEMA") -> list[tuple[tuple, Issue]]:
    """The issues of `errors` in the order of the place each error was found at, with that place."""
    out: list[tuple[tuple, Issue]] = []
    for error in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(map(str, error.absolute_path))
        # A oneOf/anyOf failure is clearer told by its best inner error.
        if error.context:
            from jsonschema.exceptions import best_match
            error = best_match(error.context) or error
        out.append((path, Issue(_pointer(error), rule, ERROR, _friendly(error))))
    return out


def schema_issues(name: str, data: Any) -> list[Issue]:
    return errors_to_issues(validator(name).iter_errors(data))


def is_valid(name: str, data: Any) -> bool:
    return validator(name).is_valid(data)


_RECORDS: dict[tuple[str, bytes | str], list[tuple[tuple, Issue]]] = {}
_RECORDS_MAX = 4000   # a few MB at most: documents and game records are a few KB


def document_issues(name: str, data: Any, records: str = "") -> list[Issue]:
    """`schema_issues` of a document, remembered by content, with each item of the list at `records`
    (e.g. "/campaign/games") checked on its own against the schema's item definition and remembered by
    its own content: checking a long campaign again after an edit re-validates only what changed."""
    tokens = jp.split(records) if records else []
    node, path = data, []
    for tok in tokens:
        if not isinstance(node, dict) or tok not in node:
            return _by_parts(name, data)
        path.append(node)
        node = node[tok]
    if not tokens or not isinstance(node, list) or not node:
        return _by_parts(name, data)
    # the document without the records (the list emptied), then each record
    stripped = {**path[-1], tokens[-1]: []}
    for parent, tok in zip(reversed(path[:-1]), reversed(tokens[:-1])):
        stripped = {**parent, tok: stripped}
    out = _by_parts(name, stripped)
    check = _record_validator(name, records)
    for i, record in enumerate(node):
        prefix = f"{records}/{i}"
        out += [Issue(prefix + x.pointer, x.rule, x.severity, x.message)
                for x in _remembered(name + records, record, check)]
    return out


def _remembered(key: str, data: Any, check: Validator) -> list[Issue]:
    return [issue for _path, issue in _remembered_placed(key, data, check)]


def _remembered_placed(key: str, data: Any, check: Validator) -> list[tuple[tuple, Issue]]:
    k = (key, content_key(data))
    found = _RECORDS.get(k)
    if found is None:
        found = _placed_issues(check.iter_errors(data))
        if len(_RECORDS) >= _RECORDS_MAX:
            _RECORDS.clear()
        _RECORDS[k] = found
    return list(found)


def _by_parts(name: str, data: Any) -> list[Issue]:
    """`schema_issues` of a document, remembered part by part: the top level with each property that holds an
    object or a list taken as it is, then each of those the same way against its own schema (an officer's
    powers, its items; each entry of a list), each part remembered by its own content. Adding an officer's
    item checks that list again, not the officer, the crew or the other lists (a crew's check was most of a
    keystroke: tests/benchmarks/bench_gui.py). The issues come in the order checking the whole document gives."""
    return [issue for _path, issue in _node_issues(_parts(name), name, data)]


def _node_issues(node: _Part, key: str, value: Any) -> list[tuple[tuple, Issue]]:
    """The placed issues of `value` checked against `node` (a `_Part`), each part remembered under `key`, and what
    a part holds remembered whole: an unchanged officer is one look-up, not one per list it holds."""
    if node.props is None and node.items is None:
        return _remembered_placed(key, value, node.whole)
    whole = (key + "!", content_key(value))   # ("!": what the part holds, checked part by part)
    found = _RECORDS.get(whole)
    if found is None:
        found = _cut_issues(node, key, value)
        if len(_RECORDS) >= _RECORDS_MAX:
            _RECORDS.clear()
        _RECORDS[whole] = found
    return list(found)


def _cut_issues(node: _Part, key: str, value: Any) -> list[tuple[tuple, Issue]]:
    if node.props is not None and isinstance(value, dict):
        placed = _remembered_placed(key, {k: (0 if k in node.props else v) for k, v in value.items()}, node.shell)
        for k, part in node.props.items():
            if k in value:
                at = "/" + jp.escape(k)
                placed += [((k, *path), Issue(at + i.pointer, i.rule, i.severity, i.message))
                           for path, i in _node_issues(part, key + ("" if "#" in key else "#") + at, value[k])]
    elif node.items is not None and isinstance(value, list):
        placed = _remembered_placed(key, value, node.shell)
        for n, entry in enumerate(value):
            at = f"/{n}"
            placed += [((str(n), *path), Issue(at + i.pointer, i.rule, i.severity, i.message))
                       for path, i in _node_issues(node.items, key + "/*", entry)]
    else:
        return _remembered_placed(key, value, node.whole)
    placed.sort(key=lambda x: list(x[0]))   # stable: one place's issues keep their order
    return placed


_WHOLE_ONLY = {"type", "required", "additionalProperties", "properties", "title", "description", "$comment",
               "$schema"}
_LIST_ONLY = {"type", "items", "minItems", "maxItems", "title", "description", "$comment", "$schema"}


_NESTED = ("properties", "items", "prefixItems", "allOf", "anyOf", "oneOf", "additionalProperties")


@dataclass(frozen=True)
class _Part:
    """A schema and, when it can be cut, its cut: an object's own shape (`shell`, with each property that holds an
    object or a list taking anything there) and those properties' parts (`props`); or a list's own shape (`shell`,
    its entries taking anything) and its entries' part (`items`). `whole` checks a value that does not have the
    shape the cut expects."""
    whole: Any
    shell: Any = None
    props: dict | None = None
    items: Any = None


def _cut(schema: Any, cls: type[Validator]) -> _Part:
    whole = cls({**schema, "$schema": DRAFT_2020_12} if isinstance(schema, dict) else schema, registry=registry())
    if not isinstance(schema, dict):
        return _Part(whole)
    keys = set(schema) - {"$schema"}
    if keys <= _WHOLE_ONLY and isinstance(schema.get("properties"), dict) and schema.get("type") in (None, "object"):
        props = schema["properties"]
        cut = {k: sub for k, sub in props.items()
               if isinstance(sub, dict) and (sub.get("type") in ("object", "array") or any(n in sub for n in _NESTED))}
        if cut:
            shell = cls({**schema, "$schema": DRAFT_2020_12,
                         "properties": {k: True if k in cut else sub for k, sub in props.items()}}, registry=registry())
            return _Part(whole, shell, {k: _cut(sub, cls) for k, sub in cut.items()})
    if keys <= _LIST_ONLY and schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        shell = cls({**schema, "$schema": DRAFT_2020_12, "items": True}, registry=registry())
        return _Part(whole, shell, items=_cut(schema["items"], cls))
    return _Part(whole)


@cache
def _parts(name: str) -> _Part:
    """The document schema cut part by part (`_Part`); its top level says only which properties there are and what
    each holds, or the document is checked whole."""
    return _cut(validator(name).schema, _strict_class())


@cache
def _record_validator(name: str, records: str) -> Validator:
    fragment = "".join(f"/properties/{jp.escape(t)}" for t in jp.split(records)) + "/items"
    return _validator_for({"$ref": schema_id(name) + "#" + fragment}, schema_id(name))
