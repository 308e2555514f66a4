"""Answers a replay asks again and again, remembered on the rules they were read with."""

from __future__ import annotations

_SIZE = 4096    # answers kept per kind: a long campaign's every game many times over; emptied when full


def remembered(owner, name: str, key, make):
    """`make()`, remembered on `owner` (the Tables or CampaignRules of one rules pack) under `name` and `key`: for
    answers that depend on nothing but the rules and `key`. The answer is shared: readers never change it."""
    memo = owner.__dict__.setdefault(name, {})
    found = memo.get(key)
    if found is None:
        if len(memo) > _SIZE:
            memo.clear()
        found = memo[key] = make()
    return found
