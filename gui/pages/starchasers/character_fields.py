"""Bound controls for the Starchasers character pages.

LevelBox: a number box (fields.NumberBox) that shows the rules' name of its level ("3 Talented", "2 Novice"); a value beyond
the rules' range is kept and shown as such ("6: outside 1 to 5"), never clamped (DECISIONS.md: a rule
violation never blocks typing). The names come from the rules pack, passed in by the page.
"""

from __future__ import annotations

from PySide6.QtGui import QValidator

from .fields import NOT_SET, NumberBox, bind_number


class LevelBox(NumberBox):
    """An integer level with its name; with `nullable` the lowest value stands for null ("not set")."""

    def __init__(self, names: dict[int, str], lo: int, hi: int, nullable: bool, parent=None):
        self.names, self.lo, self.hi = names, lo, hi   # (before the box shows its first value)
        # room beyond the rules' range so bad values in a file are shown as they are, and can be typed
        super().__init__(lo - 1, hi + 4, nullable, parent=parent)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("8 Exceptional (outside)") + 30)

    def stepBy(self, steps: int) -> None:  # from "not set", the first step up is the lowest level
        if self.nullable and self.value() == self.minimum() and steps > 0:
            self.setValue(self.lo + steps - 1)
            return
        super().stepBy(steps)

    def textFromValue(self, v: int) -> str:
        if v in self.names:
            return f"{v} {self.names[v]}"
        return f"{v}: outside {self.lo} to {self.hi}"

    def valueFromText(self, text: str) -> int:
        head = text.strip().split(" ")[0].rstrip(":")
        try:
            return int(head)
        except ValueError:
            for v, name in self.names.items():
                if name.casefold().startswith(text.strip().casefold()) and text.strip():
                    return v
            return self.minimum()

    def validate(self, text, pos):
        t = text.strip()
        if not t or t == "-" or NOT_SET.startswith(t):
            return QValidator.State.Intermediate, text, pos
        head = t.split(" ")[0].rstrip(":")
        try:
            int(head)
            return QValidator.State.Acceptable, text, pos
        except ValueError:
            if any(n.casefold().startswith(t.casefold()) for n in self.names.values()):
                return QValidator.State.Intermediate, text, pos
            return QValidator.State.Invalid, text, pos

    def display(self, value) -> None:
        """As NumberBox's, but a level not set at all shows 0 when the box cannot say "not set"."""
        super().display(0 if value is None and not self.nullable else value)


def bind_level(binder, pointer: str, box: LevelBox, page, badge=None, on_set=None):
    """Bind a LevelBox: each change is one edit (a run of clicks or typing merges into one undo step).
    `on_set(value) -> Edit` builds the edit when the pointer's parent may be missing."""
    if on_set is None:
        return bind_number(binder, pointer, box, page, badge)

    def changed(_v):
        edit = on_set(box.json_value())
        if edit is not None:
            binder.session.apply(edit, source=box, merge_key=(pointer, binder.session.typing_run))
    box.valueChanged.connect(changed)
    box.editingFinished.connect(binder.session.new_typing_run)
    return binder.custom(pointer, box, page, box.display, deep=False, badge=badge)
