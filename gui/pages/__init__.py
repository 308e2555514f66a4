"""Which pages edit which kind of document: one line per game system.

A pages package exposes `build(session, binder) -> list[Page]`, `describe(pointer, data) -> str` (a place
name for the issues list) and optionally `fill_the_rest(session) -> model.edits.Batch` (the quick start).
Adding a game system's editor adds one line here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

PAGES: dict[str, str] = {
    "stargrave-crew": "gui.pages.stargrave",
    "starchasers-ship": "gui.pages.starchasers.ship",
    "starchasers-character": "gui.pages.starchasers.character",
    "starfrontiers-character": "gui.pages.starfrontiers",
    "knighthawks-ship": "gui.pages.knighthawks",
}


def has_pages(kind: str) -> bool:
    return kind in PAGES


def pages_for(kind: str) -> ModuleType:
    return importlib.import_module(PAGES[kind])
