"""The play tracker cards: one 63 x 88 mm card per figure or ship, a row of tick boxes for each track and
supply the Play view keeps (model/play), for groups that play on paper. The boxes are the track's maximum
(what a fresh game starts with); a count with no limit (Motivation, speed, a power's uses) gets a row of
boxes to tally on. What a kind carries over from game to game (a Starchasers ship's damage: the play state its
module KEEPs) is printed as a "Carried over" line, from the document's play state, so a damaged ship is not
printed as new. The line at the card's foot says the rules the boxes follow, by ID."""

from __future__ import annotations

from .. import play
from .. import pointer as jp
from ..kinds import KINDS, by_format
from . import Card, CardError, Deck, load_card_layout, one, source_line

LAYOUT = "tracker"


def _tally_boxes(layout: dict, bind: str) -> int:
    block = next(b for b in layout["cards"]["tracker"]["blocks"] if b.get("bind") == bind)
    return block["blank_boxes"]


def carried_over(group, keep: tuple) -> str:
    """The counts a new game keeps, as the document holds them: "4 Hull Points lost, 2 System Damage" ("" for none)."""
    kept = [t for t in group.tracks if t.stored > 0 and (jp.split(t.pointer)[1:2] or [""])[0] in keep]
    return ", ".join(f"{t.stored} {t.label}" + (" lost" if t.lost else "") for t in kept)


def _card(group, doc_name: str, kind_title: str, tally: int, keep: tuple = ()) -> Card:
    tracks = [[t.label, t.maximum] for t in group.tracks if t.maximum is not None]
    tallies = [[t.label, tally, "tally"] for t in group.tracks if t.maximum is None]
    tallies += [[f"{p.name} (F{p.fatigue})", tally, "tally"] for p in group.powers]
    rules = sorted({t.rule for t in group.tracks} | ({"SG-PLAY-13"} if group.powers else set()))
    words = "Tick a box for each point lost or item used; every box ticked: none left."
    sub = f"Play tracker · {one(doc_name)}" if one(doc_name) and one(doc_name) != one(group.title) else "Play tracker"
    facts = [list(f) for f in group.facts]
    carried = carried_over(group, keep)
    if carried:
        facts.append(["Carried over (tick these first)", carried])
        words = "Tick the boxes carried over first, then one for each point lost or item used."
    return Card("tracker", {"name": one(group.title), "sub": sub, "facts": facts,
                            "tracks": tracks, "tallies": tallies, "rules": f"{words} Rules: {', '.join(rules)}."})


def tracker_deck(data: dict, result) -> Deck:
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    if kind is None or not play.has_play(kind.kind):
        raise CardError("there are no tracker cards for this kind of document")
    title = KINDS[kind.kind].title
    if not getattr(result, "schema_valid", True) or result.pack is None:
        first = result.issues[0].message if result.issues else "its structure is not valid"
        raise CardError(f"this {title} cannot be printed until its file is repaired: {first}")
    if not result.play:
        raise CardError(f"this {title} has nothing to track yet: give it what the rules count first "
                        "(figures for a crew, abilities for a character, ratings for a ship)")
    layout = load_card_layout(LAYOUT)
    tally = _tally_boxes(layout, "tallies")
    name = str(data.get("name") or "")
    mod = play.module(kind.kind)
    keep = tuple(getattr(mod, "KEEP", ()) if mod else ())
    cards = [_card(g, name, title, tally, keep) for g in result.play]
    return Deck(kind.kind, title, name, layout, cards, source=source_line(name, title, result))
