"""What a new player should do next on the Knight Hawks ship page: one short line read from the document, the
rules pack's ship types and the issues already found (the checks decide; this only reads).

`next_step(data, issues, t)`.
"""

from __future__ import annotations

from model.issues import Issue
from model.next_step_text import finished, to_fix

from .tables import DEFENSES, WEAPONS, Tables, bounds

SHIP = ("/name", "/type", "/side", "/hull_points", "/configuration", "/weapons", "/defenses")


def _room(data: dict, stype: dict, group: str) -> int:
    """How many more weapons (or defenses) the type's limits leave room for, as the pack states them."""
    have = have if isinstance(have := data.get(group), dict) else {}
    limits = stype.get(group) or {}
    return sum(max(0, bounds(limit)[1] - (n if isinstance(n := have.get(code), int) else 0))
               for code, limit in limits.items())


def next_step(data: dict, issues: list[Issue], t: Tables) -> str:
    stype = t.types.get(t.canonical_type(data.get("type")) or "")
    if stype is None:
        return "Next: choose the ship's type."
    fix = to_fix(issues, SHIP)
    if fix:
        return fix
    if not str(data.get("name") or "").strip():
        return "Next: name the ship."
    for group, word in ((WEAPONS, "weapons"), (DEFENSES, "defenses")):
        if not data.get(group) and _room(data, stype, group):
            return f"Next: add {word} (the {stype['name']} has room for {_room(data, stype, group)})."
    return finished(issues, "ship")
