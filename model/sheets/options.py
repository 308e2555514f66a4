"""What the user chooses about a printed sheet: paper, reference cards, listing the rule errors."""

from __future__ import annotations

import locale
import os
from dataclasses import dataclass, field

PAPERS = ("a4", "letter")

# Countries that use US Letter (the rest of the world uses A4). Locale territory codes and the
# English country names Windows puts in its locale names ("English_United States.1252").
LETTER_TERRITORIES = {"US", "CA", "MX", "PH"}
LETTER_NAMES = ("united states", "canada", "mexico", "philippines")


def _territory(name: str | None) -> str | None:
    """'en_US.UTF-8' -> 'US'; 'English_United States.1252' -> 'united states'; 'C' -> None."""
    if not name or name in ("C", "POSIX") or name.startswith("C."):
        return None
    name = name.split(".")[0].split("@")[0]
    if "_" not in name:
        return None
    return name.split("_", 1)[1]


def paper_for_locale(name: str | None) -> str | None:
    terr = _territory(name)
    if terr is None:
        return None
    if terr.upper() in LETTER_TERRITORIES or terr.lower() in LETTER_NAMES:
        return "letter"
    return "a4"


def default_paper(environ: dict | None = None) -> str:
    """Letter where the user's locale is in the US, Canada, Mexico or the Philippines, else A4.

    POSIX order: LC_ALL, then LC_PAPER (the paper-size setting itself), then LANG; then what Python's
    locale module reports (Windows, macOS)."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        paper = paper_for_locale(env.get(var))
        if paper:
            return paper
    if any(env.get(var) for var in ("LC_ALL", "LC_PAPER", "LANG")):
        return "a4"  # a POSIX locale with no territory (C, C.UTF-8): Python would report en_US for it
    if environ is None:
        try:
            paper = paper_for_locale(locale.getlocale()[0])
        except (ValueError, TypeError):
            paper = None
        if paper:
            return paper
    return "a4"


@dataclass
class SheetOptions:
    paper: str = field(default_factory=default_paper)  # "a4" | "letter"
    cards: bool = True          # add the reference pages (Stargrave: power cards, equipment table)
    list_issues: bool = False   # list the rule errors at the end of the sheet (the footer says they exist)
    invariant: bool = False     # reportlab invariant mode: byte-identical output for the same input
    omit: frozenset = frozenset()  # names of the layout's sections left out (model/sheets/sections.py)

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {self.paper!r}")

    @classmethod
    def from_cli(cls, args) -> SheetOptions:
        paper = getattr(args, "paper", None) or default_paper()
        return cls(paper=paper, cards=not getattr(args, "no_cards", False),
                   list_issues=bool(getattr(args, "list_issues", False)),
                   invariant=bool(getattr(args, "invariant", False)))
