"""Migrations of older document versions. Older files are migrated on load, never rejected.

Register a function that turns version N of a kind into version N+1:

    @migration("stargrave-crew", 1)
    def _crew_1_to_2(data): ...

A migration runs before the schema check, so it must accept any JSON shape and leave what it does not
understand for the schema check to report.
"""

from __future__ import annotations

from collections.abc import Callable

MIGRATIONS: dict[tuple[str, int], Callable[[dict], dict]] = {}


class MigrationError(Exception):
    pass


def migration(kind: str, from_version: int):
    def register(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        MIGRATIONS[(kind, from_version)] = fn
        return fn
    return register


def migrate(kind: str, data: dict, from_version: int, to_version: int) -> dict:
    version = from_version
    while version < to_version:
        step = MIGRATIONS.get((kind, version))
        if step is None:
            raise MigrationError(f"no way to upgrade a {kind} file from version {version} to {version + 1}")
        data = step(data)
        version += 1
        data["version"] = version
    return data


@migration("stargrave-crew", 1)
def _stargrave_crew_1_to_2(data: dict) -> dict:
    """Version 2 adds the campaign (DESIGN.md): soldiers get ids s1, s2, ... in order; no games yet."""
    soldiers = data.get("soldiers")
    if isinstance(soldiers, list):
        taken = {s.get("id") for s in soldiers if isinstance(s, dict)}
        n = 0
        for i, s in enumerate(soldiers):
            if isinstance(s, dict) and "id" not in s:
                n += 1
                while f"s{n}" in taken:
                    n += 1
                soldiers[i] = {"id": f"s{n}", **s}
    out = {}
    for key, value in data.items():
        out[key] = value
    if "campaign" not in out:
        # after "notes" when it is there (DESIGN.md key order), else at the end
        items = list(out.items())
        at = next((i + 1 for i, (k, _) in enumerate(items) if k == "notes"), len(items))
        items.insert(at, ("campaign", {"games": []}))
        out = dict(items)
    return out


def _adds_parts(kind: str, from_version: int) -> None:
    """The version that adds `optional_rules`, `portrait` and `play` (all optional, schemas/document-parts.v1.json):
    an older file has none of them, so it plays with its pack's default optional rules, has no picture and no
    game in progress. Nothing to change but the version."""
    migration(kind, from_version)(lambda data: data)


for _kind, _version in (("stargrave-crew", 2), ("starfrontiers-character", 1), ("starchasers-ship", 1),
                        ("starchasers-character", 1), ("knighthawks-ship", 1)):
    _adds_parts(_kind, _version)


@migration("starfrontiers-character", 2)
def _starfrontiers_character_2_to_3(data: dict) -> dict:
    """Version 3 adds the character's `vehicles` (SF-VEH), an optional list: an older file owns and rents none.
    Nothing to change but the version."""
    return data
