"""The document a sharing session serves, held with no window (`starwright share`).

The desktop's dialog has its own (gui/share/) that applies operations through the editor's undo stack; both
give the server the same two things: `perform(op, player, controls)` and `state()`.
"""

from __future__ import annotations

from .. import edits
from .. import pointer as jp
from ..evaluate import evaluate
from . import operations
from .protocol import Refused
from .state import state_json


def play_problems(result) -> list[str]:
    """The issues about the game's counts (a count past its limit in a hand-edited file), as the Play view
    shows them: only those under a track or power of the page."""
    places = [t.pointer for g in result.play for t in g.tracks] + [p.pointer for g in result.play for p in g.powers]
    return [f"{i.message} [{i.rule}]" for i in result.issues
            if any(jp.is_within(i.pointer, p) for p in places)]


def perform_on(kind: str, data: dict, result, op: dict, player: str, controls: set[str]) -> edits.Edit:
    """The checked, labelled edit of a phone's operation (Refused: the reason, and nothing changes)."""
    groups = result.play
    operations.check_control(groups, op, controls)
    return operations.labelled(operations.build(kind, data, groups, op), player, data)


class LocalDocument:
    """A loaded document, changed only by the phones' operations; `changed` says whether to save it."""

    def __init__(self, data: dict, kind, packs=None, origin=None):
        self.data, self.kind, self.packs, self.origin = data, kind, packs or [], origin
        self.revision = 0
        self.changed = False
        self.game_over = False
        self.history: list[str] = []     # the undo steps' names, in order (what a save would carry)
        self._evaluate()

    def _evaluate(self) -> None:
        self.result = evaluate(self.data, self.kind, self.packs, origin=self.origin)
        self._state = state_json(self.kind.kind, self.title(), self.result.play, self.revision, self.game_over,
                                 play_problems(self.result))

    def title(self) -> str:
        return str(self.data.get("name") or "").strip() or self.kind.title

    def state(self) -> dict:
        return self._state

    def perform(self, op: dict, player: str, controls: set[str]) -> dict:
        if self.game_over:
            raise Refused("The game is over; the host starts the next one.")
        self.apply(perform_on(self.kind.kind, self.data, self.result, op, player, controls))
        return {"ok": True}

    def apply(self, edit: edits.Edit) -> edits.Edit:
        """Apply one edit (a phone's, or the host's own) and return the edit that undoes it."""
        inverse = edits.apply(self.data, edit)
        self.history.append(edits.describe(edit))
        self.revision += 1
        self.changed = True
        self._evaluate()
        return inverse
