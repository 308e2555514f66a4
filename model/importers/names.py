"""Names from other builders mapped to the rules pack's names: as is, by alias, or not at all.

A name matches a pack entry's own name, its English-edition name (`rulebook_name`) or one of its
`aliases`, ignoring case, spaces, hyphens and punctuation ("RoboticsExpert", "Quick-Step" and
"Antigravity Projection" all match). A few spellings other builders use and the pack does not know are in
resources/importers/vocabulary.json, as are the supplements whose content has no place in Starwright.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache

from ..paths import resources_dir


def key(name) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold()) if isinstance(name, str) else ""


@cache
def vocabulary() -> dict:
    return json.loads((resources_dir() / "importers" / "vocabulary.json").read_text("utf-8"))


@cache
def bsdata() -> dict:
    return json.loads((resources_dir() / "importers" / "bsdata-stargrave.json").read_text("utf-8"))


@dataclass(frozen=True)
class Match:
    name: str | None      # the pack's name, or None when nothing matches
    how: str              # "as is" | "alias" | "spelling" | "placeholder" | "elsewhere" | "unknown"
    elsewhere: str = ""   # for "elsewhere": the supplement or source that has it (e.g. "Quarantine 37")


class Names:
    """Look-ups for one rules pack (its powers, items, backgrounds and soldier types)."""

    KINDS = ("powers", "items", "backgrounds", "soldiers")

    def __init__(self, pack: dict):
        self.index: dict[str, dict[str, str]] = {}
        self.own: dict[str, set[str]] = {}
        for kind in self.KINDS:
            idx: dict[str, str] = {}
            for e in pack[kind]:
                for alias in [e.get("rulebook_name", "")] + list(e.get("aliases", [])):
                    if alias:
                        idx.setdefault(key(alias), e["name"])
            for e in pack[kind]:
                idx[key(e["name"])] = e["name"]
            self.index[kind] = idx
            self.own[kind] = {e["name"] for e in pack[kind]}
        voc = vocabulary()
        self.spellings = {key(k): v for k, v in voc.get("items", {}).items()}
        self.placeholders = {key(p) for p in voc.get("placeholders", [])}
        self.elsewhere: dict[tuple[str, str], str] = {}
        for source, kinds in voc.get("elsewhere", {}).items():
            for kind, names in kinds.items():
                for n in names:
                    self.elsewhere[(kind, key(n))] = source

    def match(self, kind: str, name) -> Match:
        k = key(name)
        found = self.index[kind].get(k)
        if found:
            return Match(found, "as is" if found == name else "alias")
        if kind == "items":
            if k in self.spellings and self.spellings[k] in self.own["items"]:
                return Match(self.spellings[k], "spelling")
            if k in self.placeholders:
                return Match(None, "placeholder")
        source = self.elsewhere.get((kind, k)) or self.elsewhere.get(("officers", k))
        if source:
            return Match(None, "elsewhere", source)
        return Match(None, "unknown")
