"""What an export wrote and what it could not: in the player's words, grouped (in the spirit of the
import report, model/importers/report.py). Each line says which part of the document it is about
(`source`, e.g. "Equipment › Gyrojet Pistol") and, when it landed somewhere, where (`target`, a dotted
path in the written file, e.g. "system.derived.walking")."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..report_lines import GroupedLines

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
class ExportReport(GroupedLines):
    GROUPS = GROUPS
    LINE = Line
    target: str                        # e.g. "Foundry VTT, Star Frontiers system (data schema 0.2.8)"
    lines: list[Line] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"target": self.target, "lines": [asdict(line) for line in self.lines]}

    def text(self) -> str:
        """The report as plain text (the CLI prints it; the builder shows it)."""
        out = self.grouped_text(f"Written for {self.target}.", lambda line: f"{line.source}: {line.message}"
                                + (f" [{line.target}]" if line.target else ""), counted=False)
        if not self.lines:
            out.append("Everything came across.")
        return "\n".join(out) + "\n"
