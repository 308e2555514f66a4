"""The Play view's rules: what a figure or ship keeps track of during a game, and the edits that change it.

A document's top-level `play` object (schemas/play.<kind>.v1.json) holds the state of a game in progress as
plain counts; every count is absent until first changed (absent = 0). Each kind's module here turns the
document and its derived values into `Group`s (one per figure or ship) of `Track`s: where the count is kept,
its limits (minimum 0, maximum read from Result.derived, so from the rules pack) and the rule it follows.

Two ways a count is read:
- `lost` tracks keep what was lost or used (Health lost, hull damage, torpedoes fired); what the player sees
  is what is left, `maximum - stored`. A fresh game (no play state) is a figure at full Health with every
  supply on board.
- held tracks keep what is held (Motivation, speed, loot markers freed); what the player sees is the count.

The named operations (`step`, `new_game`) build edits (model/edits.py), one undo step each; they refuse to go
past a limit. `issues` reports a file that holds a count past its limit, with the track's rule.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, Issue

PLAY = "/play"



class Track(NamedTuple):
    pointer: str              # where the count is kept (under /play)
    label: str                # what the Play view and the card call it
    rule: str                 # the RULES.md id it follows
    maximum: int | None       # None: no upper limit
    lost: bool                # True: the count is what was lost/used, the player sees maximum - count
    stored: int = 0           # the count in the document now
    kind: str = "track"       # "track" (Health, hull...), "supply" (counted down) or "counter"
    tip: str = ""             # the rule in words, for the tooltip

    @property
    def shown(self) -> int:
        """What the player reads: what is left of a lost track, the count of a held one."""
        return self.maximum - self.stored if self.lost else self.stored

    @property
    def at_zero(self) -> bool:
        return self.shown <= 0

    def stored_for(self, shown: int) -> int:
        return self.maximum - shown if self.lost else shown

    def can_step(self, delta: int) -> bool:
        target = self.stored_for(self.shown + delta)
        if target < 0:
            return False
        # past the maximum (a file that says so) a step back toward it is allowed, never one further out
        return self.maximum is None or target <= self.maximum or target < self.stored


class Power(NamedTuple):
    """A Stargrave power the figure may use this game (SG-PLAY-13)."""
    name: str
    fatigue: int
    uses: int
    pointer: str              # the count of uses
    usable: bool
    why: str                  # why it cannot be used now (empty when it can)


class Group(NamedTuple):
    key: str                  # unique in the document ("captain", "s3", "ship")
    title: str                # "Captain Mara Quell"
    tracks: tuple[Track, ...]
    status: str = ""          # "Out of action (SG-CAMP-02)", "Destroyed (KH-WPN-11)"...
    powers: tuple[Power, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()   # read-only values the table needs beside the tracks (ADF, MR)


def module(kind: str):
    """The play rules of a kind, named on its line in model/kinds.py (`Kind.play`); None: it has no Play view."""
    from ..kinds import KINDS
    k = KINDS.get(kind)
    return importlib.import_module(k.play_module) if k is not None and k.play else None


def has_play(kind: str) -> bool:
    from ..kinds import KINDS
    return kind in KINDS and bool(KINDS[kind].play)


def stored(data: dict, pointer: str) -> int:
    if not data.get("play"):         # no game in progress (every document between games): every count is 0
        return 0
    value = jp.get(data, pointer, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def groups(kind: str, data: dict, derived: dict, pack) -> list[Group]:
    """The tracks of every figure or ship of the document, read from its derived values (empty: no Play view,
    or the document is not far enough built to play)."""
    mod = module(kind)
    if mod is None or not derived:
        return []
    return mod.groups(data, derived, pack)


def track_at(groups_: list[Group], pointer: str) -> Track | None:
    return next((t for g in groups_ for t in g.tracks if t.pointer == pointer), None)


# -- edits -------------------------------------------------------------------------------------------------
def set_count(data: dict, pointer: str, value) -> edits.Edit:
    """Set the count at `pointer`, creating the objects above it that are not there yet (one edit)."""
    tokens = jp.split(pointer)
    for i in range(1, len(tokens)):
        head = jp.join(*tokens[:i])
        if not jp.exists(data, head):
            nested = value
            for tok in reversed(tokens[i:]):
                nested = {tok: nested}
            return edits.Set(head, nested)
    return edits.Set(pointer, value)


def step(data: dict, track: Track, delta: int, clamp: bool = False) -> edits.Edit | None:
    """The shown value moved by `delta` (+1: a Health point back, -1: a torpedo fired), as one edit; None past
    a limit. With `clamp`, a step past a limit goes as far as the limit (None when already there)."""
    if not track.can_step(delta):
        if not clamp:
            return None
        while delta and not track.can_step(delta):
            delta += -1 if delta > 0 else 1
        if not delta:
            return None
    verb = "lose" if (delta < 0) else "gain"
    return edits.Batch((set_count(data, track.pointer, track.stored_for(track.shown + delta)),),
                       f"{track.label}: {verb} {abs(delta)}")


def new_game(kind: str, data: dict) -> edits.Edit | None:
    """Clear the game in progress (None: nothing to clear). What a kind carries over from game to game (a
    Starchasers ship's damage) stays: the kind's module names it in KEEP."""
    play = data.get("play")
    if not isinstance(play, dict) or not play:
        return None
    mod = module(kind)
    keep = getattr(mod, "KEEP", ()) if mod else ()
    gone = [k for k in play if k not in keep]
    if not gone:
        return None
    if not keep:
        return edits.Batch((edits.Remove(PLAY),), "new game")
    return edits.Batch(tuple(edits.Remove(jp.child(PLAY, k)) for k in gone), "new game")


# -- checks ------------------------------------------------------------------------------------------------
def issues(kind: str, data: dict, derived: dict, pack, groups_: list[Group] | None = None) -> list[Issue]:
    """A count in the file past its track's limit (a hand-edited file, or a ship rebuilt smaller)."""
    out = []
    for g in (groups_ if groups_ is not None else groups(kind, data, derived, pack)):
        for t in g.tracks:
            if t.maximum is not None and t.stored > t.maximum:
                have = f"{t.stored} lost" if t.lost else f"{t.stored}"
                out.append(Issue(t.pointer, t.rule, ERROR,
                                 f"{g.title}: {t.label} is {have}, more than its {t.maximum}."))
    mod = module(kind)
    if mod is not None and hasattr(mod, "issues"):
        out += mod.issues(data, derived, pack, groups_)
    return out
