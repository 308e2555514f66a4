"""The import report: what came across and how, in the player's words, grouped as the player asks.

Every line says where in the source it came from (`source`, e.g. "Captain › powers › Heal") and, when it
lands in the crew, where it went (`pointer`, a JSON Pointer into the imported crew).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..report_lines import GroupedLines

# The groups, in the order the report shows them.
AS_IS = "as_is"
ALIAS = "alias"
INFERRED = "inferred"
AMBIGUOUS = "ambiguous"
DEFAULTED = "defaulted"
DIFFERS = "differs"
NO_PLACE = "no_place"
CAMPAIGN = "campaign"

GROUPS = {
    NO_PLACE: "No place in Starwright (left out)",
    DIFFERS: "Numbers that differ from what the rules give",
    AMBIGUOUS: "Inferred, but more than one reading fits",
    DEFAULTED: "Not in the source: filled with a default",
    CAMPAIGN: "Campaign state",
    INFERRED: "Choices worked out from the source's numbers",
    ALIAS: "Mapped to Starwright's name",
    AS_IS: "Imported as is",
}
# The groups a player should read before saving.
ATTENTION = (NO_PLACE, DIFFERS, AMBIGUOUS)


@dataclass(frozen=True)
class Line:
    group: str
    source: str          # where in the source file, in words
    message: str
    pointer: str = ""    # where it landed in the imported crew ("" = nowhere)


@dataclass
class Report(GroupedLines):
    GROUPS = GROUPS
    LINE = Line
    source_format: str                       # e.g. "Labernator (current, 10 keys)"
    file_name: str = ""
    lines: list[Line] = field(default_factory=list)

    @property
    def needs_attention(self) -> int:
        return sum(len(self.group(g)) for g in ATTENTION)

    def summary(self) -> str:
        n = self.counts()
        parts = [f"{n[g]} {GROUPS[g].split(' (')[0].lower()}" for g in GROUPS if g in n]
        return "; ".join(parts) if parts else "nothing to report"

    def to_json(self) -> dict:
        return {"source_format": self.source_format, "file": self.file_name, "counts": self.counts(),
                "lines": [asdict(line) for line in self.lines]}

    def to_text(self) -> str:
        out = self.grouped_text(f"Imported {self.file_name or 'the file'} ({self.source_format}).",
                                lambda line: (f"{line.source}: " if line.source else "") + line.message, counted=True)
        return "\n".join(out)
