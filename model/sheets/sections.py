"""The parts of a sheet a player may leave out, per kind, as data (resources/sheets/<kind>.json
`sections`, checked by schemas/sheet-layout.json): `starwright export --sections a,b` / `--omit a,b`, the
export dialog's check boxes. The page-one story of the document is always printed.

`--no-cards` stays what it was: it leaves out the sections marked `reference` (the reference pages)."""

from __future__ import annotations

from .layout import SheetError, load_layout


def sections_of(kind: str) -> list[dict]:
    """The kind's optional sections, in the order they are offered ([] for a kind without a layout)."""
    try:
        return list(load_layout(kind).get("sections", []))
    except SheetError:
        return []


def names(kind: str) -> list[str]:
    return [s["name"] for s in sections_of(kind)]


def _split(text: str | None) -> list[str]:
    return [part.strip().lower() for part in (text or "").split(",") if part.strip()]


def omitted(kind: str, title: str, only: str | None = None, omit: str | None = None,
            cards: bool = True) -> frozenset[str]:
    """The sections left out for `--sections ONLY` and `--omit OMIT` (comma-separated names); a SheetError
    naming the valid ones for a name the kind does not have."""
    valid = names(kind)
    chosen, left = _split(only), _split(omit)
    unknown = [n for n in chosen + left if n not in valid]
    if unknown:
        listed = ", ".join(valid) if valid else "none"
        raise SheetError(f"a {title} sheet has no section {', '.join(repr(n) for n in unknown)}; "
                         f"its sections are: {listed}")
    out = set(left)
    if only is not None:
        out |= {n for n in valid if n not in chosen}
    if not cards:
        out |= {s["name"] for s in sections_of(kind) if s.get("reference")}
    return frozenset(out)
