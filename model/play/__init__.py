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

Below 0: where the rule reads "0 or less" (Stargrave Health, Star Frontiers Stamina, Knight Hawks and Starchasers
hull: DECISIONS.md), a `lost` track is `below`: more may be lost than its maximum, the value shown goes under 0 and
the state it means (out of action, unconscious, destroyed) is information, never a rule error. How far under 0 is
kept (a Star Frontiers hospital heals every point lost, SF-PLAY-19).

The named operations (`step`, `new_game`) build edits (model/edits.py), one undo step each; they refuse to go
past a limit (None). `refusal` says why an edit cannot be made although the rules allow it: the saved file's
own format (schemas/play.<kind>.v1.json) would not hold it (a count at the schema's maximum, a 501st named
count). `issues` reports a file that holds a count past its limit, with the track's rule.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, INFO, WARNING, Issue

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
    below: bool = False       # the rule reads "0 or less": a lost track may go under 0 (information, not an error)
    gain: str = ""            # where the points won back are counted (Stargrave Health regained, SG-PLAY-13)
    drops: str = ""           # a count set to 0 when the shown value reaches 0 (loot dropped out of action)
    over: str = ""            # the sentence when the file holds more than the maximum (else a general one)

    @property
    def top(self) -> int:
        """What a lost track counts down from: every lost track is made with a maximum."""
        if self.maximum is None:
            raise ValueError(f"{self.label}: a track of what was lost needs a maximum")
        return self.maximum

    @property
    def shown(self) -> int:
        """What the player reads: what is left of a lost track, the count of a held one."""
        return self.top - self.stored if self.lost else self.stored

    @property
    def at_zero(self) -> bool:
        return self.shown <= 0

    def stored_for(self, shown: int) -> int:
        return self.top - shown if self.lost else shown

    def can_step(self, delta: int) -> bool:
        target = self.stored_for(self.shown + delta)
        if target < 0:
            return False
        if self.below and self.lost:      # under 0 is allowed; the file's own bound is `refusal`'s
            return True
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


def sets(data: dict, values: list[tuple[str, int]]) -> tuple[edits.Edit, ...]:
    """Edits setting each (pointer, count) in turn, each built on the document as the ones before left it (the
    first may create the objects the next one is written into)."""
    out: list[edits.Edit] = []
    probe = data
    for pointer, value in values:
        out.append(set_count(probe, pointer, value))
        probe = _with(probe, out[-1])
    return tuple(out)


def _with(data: dict, edit: edits.Edit) -> dict:
    """What the play part looks like after `edit`, for building the next edit of the same step."""
    import copy
    probe = {"play": copy.deepcopy(data.get("play"))} if "play" in data else {}
    edits.apply(probe, edit)
    return probe


def step(data: dict, track: Track, delta: int, clamp: bool = False, who: str = "") -> edits.Edit | None:
    """The shown value moved by `delta` (+1: a Health point back, -1: a torpedo fired), as one edit; None past
    a limit. With `clamp`, a step past a limit goes as far as the limit (None when already there). Its name says
    whose track (`who`: the group's title) and the value before and after ("Jax: Health 14 → 13").
    A track that counts what is won back (`gain`) counts it in the same step; one that `drops` a count at 0
    clears it in the same step (a figure out of action drops its loot marker, SG-LOOT-09)."""
    if not track.can_step(delta):
        if not clamp:
            return None
        while delta and not track.can_step(delta):
            delta += -1 if delta > 0 else 1
        if not delta:
            return None
    after = track.stored_for(track.shown + delta)
    values = [(track.pointer, after)]
    if track.gain and track.lost and after < track.stored:
        values.append((track.gain, stored(data, track.gain) + track.stored - after))
    if track.drops and track.shown + delta <= 0 and stored(data, track.drops):
        values.append((track.drops, 0))
    words = f"{track.label} {track.shown} → {track.shown + delta}"
    return edits.Batch(sets(data, values), f"{who}: {words}" if who else words)


def owner(groups_: list[Group], track: Track) -> str:
    """The title of the group (figure, character or ship) a track belongs to ("" when none has it)."""
    return next((g.title for g in groups_ for t in g.tracks if t.pointer == track.pointer), "")


def refusal(kind: str, data: dict, edit: edits.Edit | None, what: str = "The game") -> str:
    """Why `edit` cannot be made although the rules allow it (empty: it can): the play part it leaves would not
    fit the file's own format (schemas/play.<kind>.v1.json), so the document could no longer be checked or opened
    as it is. `what` names the track or power in the sentence."""
    from ..kinds import KINDS
    from ..validation import validator
    k = KINDS.get(kind)
    if edit is None or k is None or not k.play:
        return ""
    probe = _with(data, edit)
    errors = sorted(validator(f"play.{kind}.v1.json").iter_errors(probe.get("play", {})),
                    key=lambda e: len(e.absolute_path))
    if not errors:
        return ""
    e = errors[0]
    if e.validator == "maxProperties":
        return (f"{what}: not changed. This part of the game already keeps {e.validator_value} counts, the most a "
                "saved file holds; New game clears them.")
    if e.validator == "maximum":
        return f"{what}: not changed. It is at {e.validator_value}, the most a saved file holds."
    return f"{what}: not changed. The saved file could not hold it."


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
    """A count in the file past its track's limit (a hand-edited file, or a ship rebuilt smaller): an error, with
    the track's rule; a track that may go under 0 ("0 or less") is under 0: information, with the state it means."""
    out = []
    for g in (groups_ if groups_ is not None else groups(kind, data, derived, pack)):
        for t in g.tracks:
            if t.maximum is None or t.stored <= t.maximum:
                continue
            if t.below and t.lost:
                state = g.status or "at 0 or less"
                out.append(Issue(t.pointer, t.rule, INFO,
                                 f"{g.title}: {t.label} is {t.shown} of {t.maximum}, under 0: "
                                 f"{state[:1].lower() + state[1:]}."))
                continue
            have = f"{t.stored} lost" if t.lost else f"{t.stored}"
            out.append(Issue(t.pointer, t.rule, ERROR,
                             t.over or f"{g.title}: {t.label} is {have}, more than its {t.maximum}."))
    out += _stale(data, groups_ if groups_ is not None else groups(kind, data, derived, pack))
    mod = module(kind)
    if mod is not None and hasattr(mod, "issues"):
        out += mod.issues(data, derived, pack, groups_)
    return out


def _stale(data: dict, groups_: list[Group]) -> list[Issue]:
    """Named counts (/play/spent/<code>, /play/shots/<weapon>) that no track reads: a supply the ship no longer
    carries, a weapon renamed. Kept, not shown; one warning per place, naming a few (a file may hold hundreds)."""
    places: dict[str, tuple[str, set]] = {}
    for g in groups_:
        for t in g.tracks:
            if t.pointer.count("/") == 3:      # /play/<place>/<name> (a name's own "/" is escaped as ~1)
                place, _name = jp.parent(t.pointer)
                places.setdefault(place, (t.rule, set()))[1].add(_name)
    out = []
    for place, (rule, known) in places.items():
        found = jp.get(data, place, None)
        extra = [k for k in found if k not in known] if isinstance(found, dict) else []
        if not extra:
            continue
        named = ", ".join(f'"{k[:40]}"' for k in extra[:3]) + (f" and {len(extra) - 3} more" if len(extra) > 3 else "")
        out.append(Issue(place, rule, WARNING,
                         f"{len(extra)} count{'s' if len(extra) != 1 else ''} kept here that nothing on the sheet "
                         f"uses ({named}): they are left out of the Play view; New game clears them."))
    return out
