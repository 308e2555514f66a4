"""Helpers for the Stargrave campaign tests: a founded crew with games, evaluated as a loaded file is."""

import copy
import json

from model.evaluate import evaluate
from model.storage import from_data
from tests.conftest import EXAMPLES

FOUNDED = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text())   # 75 Cr left, six soldiers
CAMPAIGN = json.loads((EXAMPLES / "ashen-comet-campaign.starwright").read_text())


def game(**fields):
    """A plain game: nobody out of action, no XP counts, nothing else."""
    return {"title": fields.pop("title", "A game"), "date": "2026-12-05", "out_of_action": [], **fields}


def crew(*games, **changes):
    data = copy.deepcopy(FOUNDED)
    for key, value in changes.items():
        role, _, field = key.partition("__")
        if field:
            data[role][field] = value
        else:
            data[key] = value
    data["campaign"] = {"games": list(games)}
    return data


def run(data):
    loaded = from_data(copy.deepcopy(data), "crew.starwright")
    return evaluate(loaded.data, loaded.kind)


def issues(data, rule=None, severity=None):
    return [i for i in run(data).issues if (rule is None or i.rule == rule) and (severity is None or i.severity == severity)]


def at(data, rule, severity="error"):
    return {i.pointer for i in issues(data, rule, severity)}


def xp(n):
    """A game whose counts earn n XP or more (30 for playing + 20 per loot marker freed, no cap on loot)."""
    return {"loot": max(0, -(-(n - 30) // 20))}
