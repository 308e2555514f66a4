"""Data files the program ships (sheet and card layouts): read once, checked, refused with a sentence."""

from __future__ import annotations

import json
from typing import Any

from .validation import errors_to_issues, validator


def schema_problems(name: str, data: Any) -> list[str]:
    """Schema errors of `data` as "/pointer: message" sentences (program data such as layouts)."""
    return [f"{i.pointer or '/'}: {i.message}" for i in errors_to_issues(validator(name).iter_errors(data), rule="LAYOUT")]


def load_checked_json(path, check, error: type[Exception], what: str) -> Any:
    """JSON data the program ships (a layout), read and checked by `check(data) -> [problems]`;
    `error` raised with a sentence naming the file when it cannot be read or is broken."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise error(f"the {what} {path} cannot be read: {e}") from None
    problems = check(data)
    if problems:
        raise error(f"the {what} {path} is broken: {problems[0]}")
    return data
