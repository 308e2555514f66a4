"""Shared helpers for the Star Frontiers model tests (no Qt; this module holds no tests itself)."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path

from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.evaluate import evaluate

ROOT = Path(__file__).resolve().parents[4]
REFERENCE = Path(__file__).resolve().parents[3] / "reference"  # facts copied into tests/, see its README
KIND = KINDS["starfrontiers-character"]
EXAMPLES = ROOT / "resources" / "examples"


def pack():
    return builtin_pack("starfrontiers")


def character(**changes) -> dict:
    """A legal Human Technological character; keyword arguments replace top-level fields."""
    data = {
        "format": "starwright/starfrontiers-character", "version": 3,
        "name": "Test Subject", "race": "Human",
        "base": {"str_sta": 45, "dex_rs": 50, "int_log": 50, "per_ldr": 40},
        "rolls": {"str_sta": 53, "dex_rs": 62, "int_log": 60, "per_ldr": 25},
        "shifts": {"str_sta": 0, "dex_rs": 0, "int_log": 0, "per_ldr": 0},
        "human_bonus": "log", "psa": "Technological", "adventures": 0,
        "equipment": [], "credits": 0,
    }
    data.update(copy.deepcopy(changes))
    return data


def run(data: dict, extra_packs=None):
    return evaluate(data, KIND, extra_packs)


def issues(data: dict, rule: str | None = None, severity: str | None = None):
    result = run(data)
    assert result.schema_valid, result.issues
    return [i for i in result.issues if (rule is None or i.rule == rule) and (severity is None or i.severity == severity)]


def derived(data: dict) -> dict:
    result = run(data)
    assert result.schema_valid, result.issues
    return result.derived


def load_example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def reference_rows(name: str) -> list[dict]:
    with open(REFERENCE / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))
