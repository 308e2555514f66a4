"""A phone's operation turned into the edit the Play view makes, with the same rule checks.

`build` reads the Play groups of the document as it is now (model/play) and makes the same edit the
Play view's buttons make (play.step, stargrave.use_power, play.new_game); a step past a track's limit or a
power the rules forbid is refused with the reason and the rule ID. `check_control` refuses what the phone may
not touch. Nothing is applied here: the caller applies the edit as one undo step.
"""

from __future__ import annotations

from .. import edit_names, edits, play
from ..play import Group, Track
from .protocol import Refused


def _track(groups: list[Group], pointer: str) -> tuple[Group, Track]:
    for g in groups:
        for t in g.tracks:
            if t.pointer == pointer:
                return g, t
    raise Refused("That track is not in the game any more (the document changed); the page shows it as it is now.")


def _group(groups: list[Group], key: str) -> Group:
    g = next((g for g in groups if g.key == key), None)
    if g is None:
        raise Refused("That figure or ship is not in the game any more; the page shows the game as it is now.")
    return g


def targets(groups: list[Group], op: dict) -> set[str]:
    """The keys of the groups (figures, ships, "game") an operation changes."""
    if op["op"] == "step":
        return {_track(groups, op["pointer"])[0].key}
    if op["op"] == "use_power":
        return {_group(groups, op["group"]).key}
    return {g.key for g in groups}


def check_control(groups: list[Group], op: dict, controls: set[str]) -> None:
    """Refused unless the phone controls every group the operation changes."""
    if "*" in controls:          # table.EVERY
        return
    missing = targets(groups, op) - controls
    if missing:
        if op["op"] == "new_game":
            raise Refused("Only the host, or a phone given every figure, can start a new game.")
        title = next(g.title for g in groups if g.key in missing)
        raise Refused(f"This phone may view {title} but not change it; the host can give it control.")


def _past_limit(g: Group, t: Track, delta: int) -> Refused:
    target = t.shown + delta
    if target < 0:
        return Refused(f"{g.title}: {t.label} is at {t.shown} and cannot go below 0.", t.rule)
    return Refused(f"{g.title}: {t.label} is at {t.shown}, its most is {t.maximum}.", t.rule)


def build(kind: str, data: dict, groups: list[Group], op: dict) -> edits.Edit:
    """The edit for an operation on the document as it is now; Refused with the reason and rule ID, also when the
    saved file could not hold it (play.refusal, as the Play view asks)."""
    edit = _build(kind, data, groups, op)
    why = play.refusal(kind, data, edit, "This change")
    if why:
        raise Refused(why)
    return edit


def _build(kind: str, data: dict, groups: list[Group], op: dict) -> edits.Edit:
    if op["op"] == "step":
        g, t = _track(groups, op["pointer"])
        edit = play.step(data, t, op["delta"], who=g.title)
        if edit is None:
            raise _past_limit(g, t, op["delta"])
        return edit
    if op["op"] == "use_power":
        from ..play import stargrave
        g = _group(groups, op["group"])
        p = next((p for p in g.powers if p.name == op["power"]), None)
        if p is None:
            raise Refused(f"{g.title} has no power called {op['power']}.")
        edit = stargrave.use_power(data, g, p)
        if edit is None:
            raise Refused(f"{g.title}: {p.why}", "SG-PLAY-13")
        return edit
    edit = play.new_game(kind, data)
    if edit is None:
        raise Refused("Nothing to clear: no game in progress.")
    return edit


def labelled(edit: edits.Edit, player: str, data: dict | None = None) -> edits.Edit:
    """The edit as one undo step named for the phone's player ("Ann (phone): Jax: Health 14 → 13"); with the
    document (as it is before the edit), in the words of the Edit menu (model/edit_names.py)."""
    words = f"{player} (phone): {edit_names.name(data, edit) if data is not None else edits.describe(edit)}"
    inner = edit.edits if isinstance(edit, edits.Batch) else (edit,)
    return edits.Batch(tuple(inner), words)
