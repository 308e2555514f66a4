"""The upgrade each level gives (SG-CAMP-13), from the rules pack's campaign table, summed up for the
levels an officer gained: how many reductions, improvements and new powers they can explain; and the highest
level an officer can reach in a campaign a crew file can record, checked before any level is looked at."""

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


def most_games() -> int:
    """How many games a crew file records at most (its schema's bound on campaign.games)."""
    from ..kinds import KINDS
    from ..validation import schema
    return schema(KINDS["stargrave-crew"].schema)["properties"]["campaign"]["properties"]["games"]["maxItems"]


def level_beyond(pack, label: str, start: int, level: int | None) -> str | None:
    """Why `level` cannot be an officer's (founded at `start`), or None when it can. Levels are bought with XP
    after games (SG-CAMP-11), at most the pack's XP per game (SG-CAMP-08), and a crew file records at most
    most_games() games: an officer beyond start + games x XP per game / XP per level cannot be imported, and a
    level like 10^9 is refused here, before any level is looked at (each would be laid out as a purchase)."""
    if level is None:
        return None
    rules = rules_for(pack)
    games, cap, cost = most_games(), rules.xp["game_cap"], rules.level_cost
    top = start + games * cap // max(cost, 1)
    if level <= top:
        return None
    return (f"level {level} in the source is beyond what a {label} can reach: levels are bought with {cost} XP each "
            f"after games of at most {cap} XP (SG-CAMP-08, SG-CAMP-11), and a crew file records at most {games:,} "
            f"games, so a {label} founded at level {start} reaches level {top:,} at most; the file was refused")
