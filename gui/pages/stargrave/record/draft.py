"""The game being recorded: a plain game record (DESIGN.md, crew file version 2) and what the model says of it.

No rules here. The draft builds two documents from the session's: the crew *before* this game (the games
before it) and the crew *after* it (those games plus this record), and asks the model to evaluate both. Every
outcome the walk-through shows (survival results, the XP with its caps, what a level buys, the loot named,
credits and stash) is read from those two evaluations; every issue of the record comes from the model's check,
pointed into the record.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager

from model import pointer as jp
from model.evaluate import Result, evaluate
from model.systems.stargrave.campaign import games_of

GAMES = "/campaign/games"


def new_record(number: int, today: str) -> dict:
    """An empty game record: only what the first step shows filled in (a title and today's date)."""
    return {"title": f"Game {number}", "date": today, "out_of_action": [], "survival": [],
            "xp": {"loot": 0, "powers": 0, "rivals": 0, "creatures": 0, "bonus": 0},
            "loot": [], "levels": [], "after": []}   # DESIGN.md's key order


class Draft:
    def __init__(self, data: dict, kind, index: int | None, record: dict | None, today: str, origin=None):
        self.kind = kind
        self.origin = origin
        games = games_of(data)
        self.index = len(games) if index is None else index     # where the record goes
        self.reopened = index is not None
        # A reopened game whose record is not a game record (the file says so): an empty one replaces it if the
        # player enters anything; closing without entering anything leaves the file's record as it is.
        self.broken = self.reopened and not isinstance(record, dict)
        self.record: dict = copy.deepcopy(record) if isinstance(record, dict) else new_record(self.index + 1, today)
        self.original = copy.deepcopy(self.record) if self.reopened else None
        self.undone: list[dict] = []      # records undone inside the walk-through (redo takes them back)
        self.done: list[dict] = []        # records before each change inside the walk-through
        self._last_path: str | None = None
        self._grouped = False             # inside one_step: the changes made are one step of the undo
        self.rebase(data)

    # -- the two documents ------------------------------------------------------------------------------
    def rebase(self, data: dict) -> None:
        """The session's document changed (or the draft opened): re-read the crew before this game."""
        self.data = data
        self.before = evaluate(self._with_games([]), self.kind, origin=self.origin)
        self.reevaluate()

    def _with_games(self, extra: list) -> dict:
        """The session's document with the games before this one and `extra`. It shares the session's values:
        evaluate() only reads, and the draft is evaluated again whenever the session's document or the record
        changes (copying a long campaign's records was two thirds of a click in the walk-through)."""
        camp = self.data.get("campaign")
        doc = {k: v for k, v in self.data.items() if k != "campaign"}
        doc["campaign"] = {**(camp if isinstance(camp, dict) else {}),
                           "games": games_of(self.data)[: self.index] + list(extra)}
        return doc

    def reevaluate(self) -> None:
        self.after: Result = evaluate(self._with_games([self.record]), self.kind, origin=self.origin)

    @property
    def pointer(self) -> str:
        return jp.child(GAMES, self.index)

    # -- editing the record ---------------------------------------------------------------------------
    def get(self, path: str, default=None):
        return jp.get(self.record, path, default) if path else self.record

    @contextmanager
    def one_step(self, path: str | None = None):
        """Changes made inside are one step of the walk-through's undo (a roll and what follows from it);
        with `path`, the next change to the same path joins it (typing a two-digit roll)."""
        self._remember(path)
        self._grouped = True
        try:
            yield
        finally:
            self._grouped = False
            self._last_path = path

    def _remember(self, path: str | None) -> None:
        """Keep the record as it was before a change; typing on in one field is one step."""
        if self._grouped:
            return
        if path is None or path != self._last_path:
            self.done.append(copy.deepcopy(self.record))
        self._last_path = path
        self.undone.clear()

    def undo(self) -> bool:
        if not self.done:
            return False
        self.undone.append(self.record)
        self.record = self.done.pop()
        self._last_path = None
        self.reevaluate()
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        self.done.append(self.record)
        self.record = self.undone.pop()
        self._last_path = None
        self.reevaluate()
        return True

    def set(self, path: str, value) -> None:
        """Set a value inside the record (creating the member), then evaluate again."""
        self._remember(path if not path.endswith("/-") else None)
        tokens = jp.split(path)
        node = self.record
        for tok in tokens[:-1]:
            node = node[int(tok)] if isinstance(node, list) else node.setdefault(tok, {})
        last = tokens[-1]
        if isinstance(node, list):
            if last == "-":
                node.append(copy.deepcopy(value))
            else:
                node[int(last)] = copy.deepcopy(value)
        else:
            node[last] = copy.deepcopy(value)
        self.reevaluate()

    def set_many(self, values: dict[str, object]) -> None:
        """Set several top-level members of the record as one change (one step of the walk-through's undo)."""
        self._remember(None)
        for path, value in values.items():
            self.record[jp.split(path)[0]] = copy.deepcopy(value)
        self.reevaluate()

    def remove(self, path: str) -> None:
        self._remember(None)
        tokens = jp.split(path)
        node = self.record
        for tok in tokens[:-1]:
            node = node[int(tok)] if isinstance(node, list) else node[tok]
        last = tokens[-1]
        if isinstance(node, list):
            del node[int(last)]
        else:
            node.pop(last, None)
        self.reevaluate()

    # -- what the model says ----------------------------------------------------------------------------
    def issues(self, *parts: str) -> list:
        """The issues of this record (pointer under the record, optionally under one of `parts`)."""
        base = self.pointer
        out = []
        for i in self.after.issues:
            if not jp.is_within(i.pointer, base):
                continue
            if not parts or any(jp.is_within(i.pointer, jp.child(base, *p.split("/"))) for p in parts):
                out.append(i)
        return out

    @property
    def changed(self) -> bool:
        return self.original is None or self.original != self.record

    def clean_record(self) -> dict:
        """The record as it is saved: empty lists and zero counters are kept (they say 'nothing happened')."""
        return copy.deepcopy(self.record)
