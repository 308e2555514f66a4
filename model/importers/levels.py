"""The upgrade each level gives (SG-CAMP-13), read from the rules pack's campaign table.

Returns None when the pack has no such table (a pack made before campaigns), so the importer says it
cannot replay levels instead of guessing.
"""

from __future__ import annotations


def _table(pack: dict) -> dict[str, list[str]] | None:
    camp = pack.get("campaign")
    if not isinstance(camp, dict):
        return None
    table = camp.get("upgrades") or camp.get("upgrade_by_level") or camp.get("level_upgrades")
    if isinstance(table, dict):
        return {str(k): (v if isinstance(v, list) else [v]) for k, v in table.items()}
    if isinstance(table, list):   # [{"digit": 1, "upgrades": ["reduce"]}, ...]
        out = {}
        for row in table:
            if isinstance(row, dict) and "digit" in row:
                ups = row.get("upgrades") or row.get("upgrade") or row.get("choices")
                out[str(row["digit"])] = ups if isinstance(ups, list) else [ups]
        return out or None
    return None


def upgrades_between(pack: dict, start: int, end: int) -> list[list[str]] | None:
    """For each level from start+1 to end, the upgrades it may give ("reduce", "improve", "learn")."""
    table = _table(pack)
    if table is None:
        return None
    out = []
    for level in range(start + 1, end + 1):
        ups = table.get(str(level % 10))
        if not ups:
            return None
        out.append(list(ups))
    return out


def plan(pack: dict, start: int, end: int) -> dict | None:
    """How many improvements, reductions and new powers the levels start+1..end give."""
    ups = upgrades_between(pack, start, end)
    if ups is None:
        return None
    return {
        "levels": ups,
        "reduce": sum(1 for u in ups if u == ["reduce"]),
        "improve_min": sum(1 for u in ups if u == ["improve"]),
        "improve_max": sum(1 for u in ups if "improve" in u),
        "learn_max": sum(1 for u in ups if "learn" in u),
    }
