"""Optional rules: which of a rules pack's optional rules a document plays with.

A rules pack lists its optional rules (`optional_rules`: id, name, description, the RULES.md rule, and the
`default` a document follows until it says otherwise; schemas/rules-pack.json). A document records its own
choices in its `optional_rules` part, a map of rule id to true/false (schemas/document-parts.v1.json); a rule
it does not name follows the pack's default, so a house pack may change the default of every document that
never chose. The systems ask `in_play`; evaluate() puts `listing` on `derived["optional_rules"]` for the
editor's checkable list and the sheets, and `issues` reports a choice the pack does not know.

Rules packs written before optional rules were listed are upgraded on load (`upgrade_pack`): they get the
built-in pack's list, and an old switch an entry `replaces` (Star Frontiers' `/encumbrance/enabled`) becomes
that entry's default, so a house pack that had switched encumbrance on still plays with it.
"""

from __future__ import annotations

import copy
from typing import Any

from . import edits
from . import pointer as jp
from .issues import WARNING, Issue

PART = "/optional_rules"


def _pack_data(pack: Any) -> dict:
    return pack.data if hasattr(pack, "data") else pack


def pack_rules(pack: Any) -> list[dict]:
    """The pack's optional rules, in its order."""
    return _pack_data(pack)["optional_rules"]


def chosen(data: dict) -> dict:
    """The document's own choices (rule id -> bool); {} when it made none or the part is not a map."""
    part = data.get("optional_rules") if isinstance(data, dict) else None
    return part if isinstance(part, dict) else {}


def in_play(data: dict, pack: Any) -> dict[str, bool]:
    """Every optional rule of the pack: whether this document plays with it."""
    own = chosen(data)
    return {r["id"]: own[r["id"]] if isinstance(own.get(r["id"]), bool) else r["default"] for r in pack_rules(pack)}


def is_on(data: dict, pack: Any, rule_id: str) -> bool:
    """Whether the document plays with the optional rule `rule_id` (a rule the pack does not list is off)."""
    return in_play(data, pack).get(rule_id, False)


def listing(data: dict, pack: Any) -> list[dict]:
    """One entry per optional rule of the pack: what the editor's list and the sheet show."""
    own = chosen(data)
    on = in_play(data, pack)
    return [{"id": r["id"], "name": r["name"], "description": r["description"], "rule": r["rule"],
             "default": r["default"], "on": on[r["id"]], "chosen": r["id"] in own,
             "pointer": jp.join("optional_rules", r["id"])} for r in pack_rules(pack)]


def issues(data: dict, pack: Any) -> list[Issue]:
    """A choice of an optional rule the pack does not list: kept, and said (it plays no part)."""
    known = {r["id"] for r in pack_rules(pack)}
    name = _pack_data(pack).get("name", "these rules")
    return [Issue(jp.join("optional_rules", k), "OPTIONAL", WARNING,
                  f'"{k}" is not an optional rule of {name}; it is ignored'
                  + (f" (the optional rules are: {', '.join(sorted(known))})" if known else
                     " (these rules have no optional rules)"))
            for k in chosen(data) if k not in known]


def set_rule(data: dict, rule_id: str, on: bool) -> edits.Edit:
    """The edit that records the document's choice of one optional rule (one undo step)."""
    if not isinstance(data.get("optional_rules"), dict):
        return edits.Set(PART, {rule_id: on})
    return edits.Set(jp.join("optional_rules", rule_id), on)


def upgrade_pack(data: Any, builtin: dict | None) -> Any:
    """A rules pack from before optional rules were listed, given the built-in pack's list (see the module
    docstring). A pack that lists them, or is no object, is returned as it is."""
    if not isinstance(data, dict) or "optional_rules" in data or builtin is None:
        return data
    out = copy.deepcopy(data)
    rules = copy.deepcopy(builtin.get("optional_rules", []))
    for r in rules:
        old = r.get("replaces")
        if old and jp.exists(out, old):
            value = jp.get(out, old)
            if isinstance(value, bool):
                r["default"] = value
            parent, key = jp.parent(old)
            holder = jp.get(out, parent)
            if isinstance(holder, dict):
                holder.pop(key, None)
    out["optional_rules"] = rules
    return out
