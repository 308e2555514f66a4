"""Migrations of older document versions. Older files are migrated on load, never rejected.

Register a function that turns version N of a kind into version N+1:

    @migration("stargrave-crew", 1)
    def _crew_1_to_2(data): ...

Version 1 is the only version of every kind so far, so the registry is empty; the loader already
walks it, so the first version bump only adds a function here.
"""

from __future__ import annotations

from typing import Callable

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
