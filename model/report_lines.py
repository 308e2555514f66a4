"""The lines of a report of what a conversion did (model/importers/report.py for imports,
model/exporters/report.py for exports), grouped as the player reads them.

A report class names its groups (GROUPS, in the order they are shown) and its line type (LINE: group, source,
message and where the line landed); this mixin keeps the lines and reads them back by group.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


class GroupedLines:
    GROUPS: ClassVar[dict[str, str]]
    LINE: ClassVar[Callable[..., Any]]
    lines: list[Any]

    def add(self, group: str, source: str, message: str, where: str = "") -> None:
        if group not in self.GROUPS:
            raise ValueError(f"unknown report group {group!r}")
        self.lines.append(self.LINE(group, source, message, where))

    def group(self, name: str) -> list[Any]:
        return [line for line in self.lines if line.group == name]

    def counts(self) -> dict[str, int]:
        return {g: len(self.group(g)) for g in self.GROUPS if self.group(g)}

    def grouped_text(self, head: str, line_text: Callable[[Any], str], counted: bool) -> list[str]:
        """`head`, then each group that has lines under its title (with its count when `counted`)."""
        out = [head]
        for key, title in self.GROUPS.items():
            lines = self.group(key)
            if lines:
                out += ["", f"{title} ({len(lines)}):" if counted else f"{title}:"]
                out += [f"  - {line_text(line)}" for line in lines]
        return out
