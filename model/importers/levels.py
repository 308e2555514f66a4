"""The upgrade each level gives (SG-CAMP-13), from the rules pack's campaign table, summed up for the
levels an officer gained: how many reductions, improvements and new powers they can explain."""

from __future__ import annotations

from ..systems.stargrave.campaign import rules_for


def upgrades_between(pack, start: int, end: int) -> list[list[str]]:
    """For each level from start+1 to end, the upgrades it may give ("reduce", "improve", "learn")."""
    rules = rules_for(pack)
    return [rules.upgrade_for_level(level) for level in range(start + 1, end + 1)]


def plan(pack, start: int, end: int) -> dict:
    ups = upgrades_between(pack, start, end)
    return {
        "levels": ups,
        "reduce": sum(1 for u in ups if u == ["reduce"]),
        "improve_min": sum(1 for u in ups if u == ["improve"]),
        "improve_max": sum(1 for u in ups if "improve" in u),
        "learn_max": sum(1 for u in ups if "learn" in u),
    }
