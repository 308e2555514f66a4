"""The import report: what came across and how, in the player's words, grouped as the player asks.

Every line says where in the source it came from (`source`, e.g. "Captain › powers › Heal") and, when it
lands in the crew, where it went (`pointer`, a JSON Pointer into the imported crew).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

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
class Report:
    source_format: str                       # e.g. "Labernator (current, 10 keys)"
    file_name: str = ""
    lines: list[Line] = field(default_factory=list)

    def add(self, group: str, source: str, message: str, pointer: str = "") -> None:
        if group not in GROUPS:
            raise ValueError(f"unknown report group {group!r}")
        self.lines.append(Line(group, source, message, pointer))

    def group(self, name: str) -> list[Line]:
        return [line for line in self.lines if line.group == name]

    def counts(self) -> dict[str, int]:
        return {g: len(self.group(g)) for g in GROUPS if self.group(g)}

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
        out = [f"Imported {self.file_name or 'the file'} ({self.source_format})."]
        for g, title in GROUPS.items():
            lines = self.group(g)
            if not lines:
                continue
            out.append("")
            out.append(f"{title} ({len(lines)}):")
            for line in lines:
                where = f"{line.source}: " if line.source else ""
                out.append(f"  - {where}{line.message}")
        return "\n".join(out)
