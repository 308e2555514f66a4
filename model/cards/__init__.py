"""What goes on the cards to carry to the table and in the text listing: pure Python, no reportlab, no Qt.

    deck(data, result)        -> Deck: the cards of an evaluated document, values prepared by name
    blank_deck(kind, pack)    -> Deck: the blank page of that kind (labels and heads only, for pencil)

The module that prepares a kind's cards is named on its line in model/kinds.py (`Kind.cards`; none: the
kind has no cards, and asking for them raises CardError saying so).
A card is a type (a key of the kind's card layout, resources/cards/<kind>.json, checked against
schemas/card-layout.json) and the values its blocks are bound to. Every number comes from the
document and `result.derived`: nothing here re-applies a rule. model/sheets/cards.py draws a deck,
model/listing.py writes it as text; both walk the same layout blocks, so they show the same numbers.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache

from ..kinds import KINDS, by_format
from ..paths import resources_dir
from ..shipped_data import load_checked_json, schema_problems

SCHEMA = "card-layout.json"


class CardError(ValueError):
    """No cards can be made: the message says why, in words a player understands."""


@dataclass
class Card:
    type: str                 # a key of the layout's "cards"
    values: dict              # bind name -> prepared value (see schemas/card-layout.json for the shapes)


@dataclass
class Deck:
    kind: str
    kind_title: str
    name: str                 # the document's name ("" on a blank page)
    layout: dict
    cards: list[Card]
    facts: list[tuple[str, str]] = field(default_factory=list)  # document-wide lines for the text listing
    blank: bool = False
    source: str = ""          # the small line under every card: whose it is and whether it is legal


def check_card_layout(data: object) -> list[str]:
    """Problems with a card layout as sentences; [] when it is fine."""
    out = schema_problems(SCHEMA, data)
    if not out and isinstance(data, dict):
        per_page = data["card"]["columns"] * data["card"]["rows"]
        for k, b in enumerate(data["blank"]):
            if b["card"] not in data["cards"]:
                out.append(f"/blank/{k}/card: there is no card type \"{b['card']}\" in /cards")
        if sum(b["count"] for b in data["blank"]) > per_page:
            out.append(f"/blank: more blank cards than the {per_page} that fit a page")
    return out


@cache
def load_card_layout(kind: str) -> dict:
    """resources/cards/<kind>.json, checked (loaded once per process)."""
    return load_checked_json(resources_dir() / "cards" / f"{kind}.json", check_card_layout, CardError, "card layout")


def has_cards(kind: str) -> bool:
    """Whether documents of `kind` have cards: its line in model/kinds.py names the module preparing them."""
    return kind in KINDS and bool(KINDS[kind].cards)


def _preparer(kind: str):
    # the kind's line names the module that prepares its cards (cards, facts, blank): model/kinds.py `cards`
    return importlib.import_module(KINDS[kind].cards_module)


def source_line(name: str, kind_title: str, result) -> str:
    """Whose card this is, and (when it applies) that it was built under house rules or is not legal."""
    parts = [" ".join(str(name or "").split()) or f"Unnamed {kind_title}", kind_title]
    if result.house_rules:
        parts.append(f"house rules: {result.pack.describe()}")
    errors = sum(1 for i in result.issues if i.is_error)
    if errors:
        parts.append(f"NOT LEGAL: {errors} rule error{'s' if errors != 1 else ''}")
    return " · ".join(parts)


def _kind_of(data) -> str:
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    if kind is None:
        raise CardError("there are no cards for documents of this format")
    if not kind.cards:
        raise CardError(f"there are no cards for a {kind.title} yet: export its sheet instead")
    return kind.kind


def deck(data: dict, result) -> Deck:
    """The cards of an evaluated document. Raises CardError when its structure is too broken."""
    kind = _kind_of(data)
    title = KINDS[kind].title
    if not getattr(result, "schema_valid", True) or result.pack is None:
        first = result.issues[0].message if result.issues else "its structure is not valid"
        raise CardError(f"this {title} cannot be printed until its file is repaired: {first}")
    mod = _preparer(kind)
    layout = load_card_layout(kind)
    name = str(data.get("name") or "")
    cards = mod.cards(data, result)
    if cards and data.get("portrait") is not None:
        # the document's picture, on its first card (the ship's or character's one card, a crew's Captain)
        cards[0].values["portrait"] = data["portrait"]
    return Deck(kind, title, name, layout, cards, mod.facts(data, result), source=source_line(name, title, result))


def blank_deck(kind: str, pack) -> Deck:
    """The page of blank cards of a kind: the layout's `blank` list, with the pack's labels."""
    if kind not in KINDS:
        raise CardError(f"there are no cards for “{kind}” documents")
    if not has_cards(kind):
        raise CardError(f"there are no cards for a {KINDS[kind].title} yet: export its sheet instead")
    mod = _preparer(kind)
    layout = load_card_layout(kind)
    cards = [Card(b["card"], mod.blank(b["card"], pack)) for b in layout["blank"] for _ in range(b["count"])]
    return Deck(kind, KINDS[kind].title, "", layout, cards, blank=True, source=f"Starwright · {KINDS[kind].title}")


def blank_deck_for(data: dict, result) -> Deck:
    """The blank page for the kind of `data`, labelled from the rules pack it was checked against
    (the built-in pack when it could not be read)."""
    kind = _kind_of(data)
    pack = result.pack
    if pack is None:
        from ..rules_pack import builtin_pack
        pack = builtin_pack(KINDS[kind].pack)
    return blank_deck(kind, pack)


def one(text: object) -> str:
    """User text on one line (cards and listings are short)."""
    return " ".join(str(text if text is not None else "").split())


def num(v, signed: bool = False) -> str:
    """A number as printed: "—" when not set, "+2" when `signed` and positive."""
    if v is None or isinstance(v, bool):
        return "—"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if signed and isinstance(v, (int, float)) and v > 0:
        return f"+{v}"
    return str(v)
