"""Helpers for the Stargrave rule tests: a legal crew to mutate, and evaluation shortcuts."""

import copy
import json

from model.evaluate import evaluate
from model.kinds import KINDS
from tests.conftest import EXAMPLES

KIND = KINDS["stargrave-crew"]
LEGAL = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text())


def crew(**changes):
    """A copy of the legal Ashen Comet crew with top-level or "role.field" changes applied."""
    data = copy.deepcopy(LEGAL)
    for key, value in changes.items():
        if "__" in key:
            role, field = key.split("__", 1)
            data[role][field] = value
        else:
            data[key] = value
    return data


def run(data, packs=None):
    return evaluate(data, KIND, packs)


def rules_of(data, packs=None, severity="error"):
    return {(i.rule, i.pointer) for i in run(data, packs).issues if i.severity == severity}


def messages(data, rule):
    return [i.message for i in run(data).issues if i.rule == rule]
