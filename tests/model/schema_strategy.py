"""Hypothesis strategies that build documents from a JSON schema (the subset Starwright's schemas use:
$ref, const, enum, type, properties/required/additionalProperties, propertyNames, items, min/maxItems,
minimum/maximum, min/maxLength, pattern, maxProperties). Strings are drawn mostly from the words the
rules packs and examples use, so generated documents reach deep into rule code."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import strategies as st

from model.paths import examples_dir, rules_dir
from model.validation import schema as schema_contents, schema_id


@cache
def vocabulary() -> list[str]:
    words: set[str] = set()

    def walk(v):
        if isinstance(v, str) and len(v) <= 60:
            words.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                if len(k) <= 40:
                    words.add(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    for p in sorted(rules_dir().glob("*.json")) + sorted(examples_dir().glob("*.starwright")):
        walk(json.loads(p.read_text(encoding="utf-8")))
    return sorted(words)


TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=20)


def _resolve(schema: dict, base: str) -> tuple[dict, str]:
    while "$ref" in schema:
        ref = schema["$ref"]
        where, _, fragment = ref.partition("#")
        if where:  # another schema file, e.g. "stargrave-crew.v1.json#/$defs/officer"
            base = schema_id(where.rsplit("/", 1)[-1])
        target = schema_contents(base)
        for part in fragment[1:].split("/") if fragment.strip("/") else []:
            target = target[part.replace("~1", "/").replace("~0", "~")]
        schema = {**{k: v for k, v in schema.items() if k != "$ref"}, **target}
    return schema, base


def _string(s: dict):
    lo = s.get("minLength", 0)
    if "pattern" in s:
        return st.from_regex(s["pattern"], fullmatch=True).filter(lambda x: lo <= len(x) <= s.get("maxLength", 10**9))
    return st.one_of(st.sampled_from(vocabulary()), TEXT).filter(lambda x: lo <= len(x) <= s.get("maxLength", 10**9))


def _number(s: dict, integer: bool):
    lo = s.get("minimum", -10**6)
    hi = s.get("maximum", 10**6)
    if "exclusiveMinimum" in s:
        lo = s["exclusiveMinimum"] + (1 if integer else 1e-6)
    if "exclusiveMaximum" in s:
        hi = s["exclusiveMaximum"] - (1 if integer else 1e-6)
    ints = st.one_of(st.integers(max(lo, -3), min(hi, 12)) if max(lo, -3) <= min(hi, 12) else st.nothing(),
                     st.sampled_from([v for v in (lo, hi) if isinstance(v, int)] or [int(lo)]),
                     st.integers(int(lo), int(hi)))
    if integer:
        return ints
    return st.one_of(ints, st.floats(lo, hi, allow_nan=False, allow_infinity=False))


def from_schema(schema: dict, base: str, depth: int = 0):
    schema, base = _resolve(schema, base)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return st.one_of([from_schema({**{k: v for k, v in schema.items() if k != key}, **alt}, base, depth)
                              for alt in schema[key]])
    types = schema.get("type", ["object"] if "properties" in schema else ["string"])
    types = types if isinstance(types, list) else [types]
    options = []
    for t in types:
        if t == "null":
            options.append(st.none())
        elif t == "boolean":
            options.append(st.booleans())
        elif t == "integer":
            options.append(_number(schema, True))
        elif t == "number":
            options.append(_number(schema, False))
        elif t == "string":
            options.append(_string(schema))
        elif t == "array":
            item = from_schema(schema.get("items", {}), base, depth + 1)
            options.append(st.lists(item, min_size=schema.get("minItems", 0),
                                    max_size=min(schema.get("maxItems", 6), 6 if depth else 10)))
        elif t == "object":
            options.append(_object(schema, base, depth))
    return st.one_of(options)


def _object(s: dict, base: str, depth: int):
    props = s.get("properties", {})
    required = s.get("required", [])
    fixed = {k: from_schema(v, base, depth + 1) for k, v in props.items() if k in required}
    optional = {k: from_schema(v, base, depth + 1) for k, v in props.items() if k not in required}
    extra = s.get("additionalProperties", True)
    names = s.get("propertyNames", {})
    extra_st = st.just({})
    if isinstance(extra, dict):
        key = _string({**names, "type": "string"}) if names else st.sampled_from(vocabulary())
        extra_st = st.dictionaries(key, from_schema(extra, base, depth + 1),
                                   max_size=min(s.get("maxProperties", 5), 5))
    return st.builds(lambda a, b, c: {**c, **a, **b}, st.fixed_dictionaries(fixed, optional=optional),
                     st.just({}), extra_st)


def documents(schema_name: str):
    """Documents the schema `schema_name` (in schemas/) accepts, or nearly: callers filter with is_valid."""
    base = schema_id(schema_name)
    return from_schema(schema_contents(base), base)
