"""What an export wrote and what it could not: in the player's words, grouped (in the spirit of the
import report, model/importers/report.py). Each line says which part of the document it is about
(`source`, e.g. "Equipment › Gyrojet Pistol") and, when it landed somewhere, where (`target`, a dotted
path in the written file, e.g. "system.derived.walking")."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

NO_PLACE = "no_place"
CONVERTED = "converted"
DEFAULTED = "defaulted"

GROUPS = {
    NO_PLACE: "No place in the target (left out)",
    DEFAULTED: "Not in Starwright: written as the target's default",
    CONVERTED: "Converted to the target's units or names",
}


@dataclass(frozen=True)
class Line:
    group: str
    source: str      # which part of the document, in words
    message: str
    target: str = ""  # where it went in the written file ("" = nowhere)


@dataclass
class ExportReport:
    target: str                        # e.g. "Foundry VTT, Star Frontiers system (data schema 0.2.8)"
    lines: list[Line] = field(default_factory=list)

    def add(self, group: str, source: str, message: str, target: str = "") -> None:
        if group not in GROUPS:
            raise ValueError(f"unknown report group {group!r}")
        self.lines.append(Line(group, source, message, target))

    def group(self, name: str) -> list[Line]:
        return [line for line in self.lines if line.group == name]

    def to_json(self) -> dict:
        return {"target": self.target, "lines": [asdict(line) for line in self.lines]}

    def text(self) -> str:
        """The report as plain text (the CLI prints it; the builder shows it)."""
        out = [f"Written for {self.target}."]
        for key, title in GROUPS.items():
            lines = self.group(key)
            if not lines:
                continue
            out += ["", f"{title}:"]
            for line in lines:
                where = f" [{line.target}]" if line.target else ""
                out.append(f"  - {line.source}: {line.message}{where}")
        if not self.lines:
            out.append("Everything came across.")
        return "\n".join(out) + "\n"
