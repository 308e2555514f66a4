"""Copy as Text: a compact listing of an evaluated document, plain or Markdown, for a forum or a chat.

    listing(data, result, markdown=False) -> str

It walks the same card layouts (resources/cards/<kind>.json) and prepared values (model/cards) the
printed cards use, so the text and the cards show the same numbers; the document-wide lines (credits,
a campaign's levels, XP and stash...) come first and the rule issues last. No reportlab, no Qt.
"""

from __future__ import annotations

from .cards import Card, Deck, deck, has_cards
from .kinds import by_format
from .issues import Issue
from .labels import describe_pointer


def _md_escape(text: object) -> str:
    """Markdown that a chat would read as formatting, shown literally."""
    out = []
    for ch in str(text):
        out.append("\\" + ch if ch in "\\`*_[]<>#|~" else ch)
    return "".join(out)


class _Writer:
    def __init__(self, markdown: bool):
        self.md = markdown
        self.lines: list[str] = []

    def text(self, s: object) -> str:
        return _md_escape(s) if self.md else str(s)

    def heading(self, title: str, level: int) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        if self.md:
            self.lines.append(f"{'#' * (level + 1)} {self.text(title)}")
        else:
            self.lines.append(title.upper() if level == 1 else title)

    def line(self, label: str, value: str, raw: bool = False) -> None:
        v = value if raw else self.text(value)
        if self.md:
            self.lines.append(f"- **{self.text(label)}:** {v}" if label else f"- {v}")
        else:
            self.lines.append(f"  {label}: {v}" if label else f"  {v}")


def _profile_text(p: dict) -> str:
    return " ".join(f"{h[0]} {v}" for h, v in zip(p.get("heads", []), p.get("values", [])))


def _row_text(columns: list[dict], row: list) -> str:
    first, rest = row[0], row[1:]
    bits = [f"{c['label']} {v}" for c, v in zip(columns[1:], rest) if str(v).strip()]
    return f"{first} ({', '.join(bits)})" if bits else str(first)


def _card(w: _Writer, card: Card, layout: dict) -> None:
    ctype = layout["cards"][card.type]
    for block in ctype["blocks"]:
        if block.get("text") is False:
            continue
        v = card.values.get(block["bind"])
        kind = block["type"]
        label = block.get("label", "")
        if kind == "title":
            sub = card.values.get(block.get("sub", ""), "")
            w.heading(f"{v}" + (f" — {sub}" if sub else ""), 2)
        elif kind == "profile" and v:
            w.line("Profile", _profile_text(v) + (" (a/b: own/with equipment)" if "own/with" in v.get("legend", "") and
                                                  any("/" in x for x in v["values"]) else ""))
        elif kind == "fields" and v:
            w.line(label, " · ".join(f"{a} {b}" for a, b in v))
        elif kind == "list" and v:
            w.line(label, ", ".join(v))
        elif kind == "table" and v:
            w.line(label, "; ".join(_row_text(block["columns"], r) for r in v))
        elif kind == "text" and v:
            w.line(label, str(v))
        elif kind == "track" and v is not None:
            w.line(label, str(v))
        elif kind == "tracks" and v:
            w.line(label or "Tracks", " · ".join(f"{a} {'—' if b is None else b}" for a, b in v))


def _issues(w: _Writer, data, issues: list[Issue], pack) -> None:
    errors = [i for i in issues if i.is_error]
    warnings = [i for i in issues if not i.is_error and i.severity == "warning"]
    if not errors and not warnings:
        return
    n = len(errors)
    w.heading(f"Not legal: {n} rule error{'s' if n != 1 else ''}" if n else "Legal, with warnings", 1)
    for i in errors + warnings:
        tag = "" if i.is_error else "warning "
        w.line("", f"{tag}{i.rule} · {describe_pointer(data, i.pointer, pack)}: {i.message}")


def render(dk: Deck, data, result, markdown: bool = False) -> str:
    w = _Writer(markdown)
    w.heading(f"{dk.name or 'Unnamed'} — {dk.kind_title}", 1)
    rules = result.pack.describe() if result.pack is not None else "none"
    w.line("Rules", rules + (" (house rules)" if result.house_rules else ""))
    for label, value in dk.facts:
        w.line(label, value)
    for card in dk.cards:
        if dk.layout["cards"][card.type].get("text", True):
            _card(w, card, dk.layout)
    _issues(w, data, result.issues, result.pack)
    if not any(i.is_error for i in result.issues):
        w.lines += ["", "Legal: no rule errors." if not markdown else "*Legal: no rule errors.*"]
    return "\n".join(w.lines).strip("\n") + "\n"


def listing(data: dict, result, markdown: bool = False) -> str:
    """The document as text (Markdown when asked). Raises model.cards.CardError when it cannot be read.
    A kind without cards (no `cards` on its line in model/kinds.py) is listed by its name, rules and issues."""
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    if kind is not None and not has_cards(kind.kind):
        plain = Deck(kind.kind, kind.title, str(data.get("name") or ""), {"cards": {}}, [])
        return render(plain, data, result, markdown)
    return render(deck(data, result), data, result, markdown)
