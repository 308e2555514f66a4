"""Issue: the one language that schema errors and rule checks share."""

from __future__ import annotations

from dataclasses import asdict, dataclass

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITY_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


@dataclass(frozen=True, order=False)
class Issue:
    pointer: str          # JSON Pointer of the field at fault ("" = the whole document)
    rule: str             # RULES.md id (e.g. "SG-CAPT-02"), or "SCHEMA" / "FILE" / "PACK"
    severity: str         # "error" | "warning" | "info"
    message: str          # one sentence a player understands

    def to_json(self) -> dict:
        return asdict(self)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def sort_issues(issues: list[Issue]) -> list[Issue]:
    return sorted(issues, key=lambda i: (SEVERITY_ORDER.get(i.severity, 9), i.pointer, i.rule))


def has_errors(issues: list[Issue]) -> bool:
    return any(i.is_error for i in issues)
