"""Small bound controls for Starchasers pages: a number box that can also say "not set" (null).

The box accepts values beyond the rules' range on purpose: a rule violation never blocks typing
(DECISIONS.md); the binder paints the issue on the box and the label says the legal range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QSpinBox

NOT_SET = "not set"


class NumberBox(QSpinBox):
    """An integer or null. The lowest value of the box stands for null and shows "not set"."""

    def __init__(self, lo: int = -9, hi: int = 999, nullable: bool = True, signed: bool = False, parent=None):
        super().__init__(parent)
        self.nullable = nullable
        self.signed = signed
        self.setRange(lo - 1 if nullable else lo, hi)
        if nullable:
            self.setSpecialValueText(NOT_SET)
        self.setAccelerated(True)

    def textFromValue(self, v: int) -> str:
        return f"+{v}" if self.signed and v > 0 else str(v)

    def valueFromText(self, text: str) -> int:
        try:
            return int(text.replace("+", "").strip())
        except ValueError:
            return self.minimum()

    def validate(self, text, pos):
        from PySide6.QtGui import QValidator
        t = text.replace("+", "").strip()
        if t in ("", "-") or t == NOT_SET[: len(t)]:
            return QValidator.State.Intermediate, text, pos
        try:
            int(t)
        except ValueError:
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, text, pos

    def focusInEvent(self, event):  # typing into "not set" replaces it
        super().focusInEvent(event)
        if self.nullable and self.value() == self.minimum():
            self.selectAll()

    def json_value(self):
        v = self.value()
        return None if self.nullable and v == self.minimum() else v

    def display(self, value) -> None:
        """Show a document value without emitting a change (null shows "not set")."""
        self.blockSignals(True)
        try:
            self.setValue(self.minimum() if value is None or isinstance(value, bool) or not isinstance(value, int)
                          else max(self.minimum() + (1 if self.nullable else 0), min(value, self.maximum())))
        finally:
            self.blockSignals(False)


def bind_number(binder, pointer: str, box: NumberBox, page, badge=None):
    """Bind a NumberBox to a pointer: each change is one edit; a run of clicks or typing is one undo step."""
    def changed(_v):
        binder.set_value(pointer, box.json_value(), box, typing=True)
    box.valueChanged.connect(changed)
    box.editingFinished.connect(binder.session.new_typing_run)
    return binder.custom(pointer, box, page, box.display, deep=False, badge=badge)


def show_words(label, text: str, style: str = "") -> None:
    """Set a label's words and style sheet, each only when it differs (a style sheet set again re-polishes the
    label and lays the page out again, on every edit)."""
    if label.text() != text:
        label.setText(text)
    if label.property("wordsStyle") != style:
        label.setProperty("wordsStyle", style)
        label.setStyleSheet(style)


# the mixin's base as mypy sees it: a page, whose order_tabs it extends (at run time object, so that a page's
# classes are its own)
if TYPE_CHECKING:
    from ..base import Page as _Page
else:
    _Page = object


class TabsWhenAdded(_Page):
    """For a page: the editor asks for the Tab order after every edit; walk the page only when rows of
    controls came since the last time (`tabs_changed()`), not on every keystroke."""

    _tabs_dirty = True

    def tabs_changed(self) -> None:
        self._tabs_dirty = True

    def order_tabs(self) -> None:
        if self._tabs_dirty:
            self._tabs_dirty = False
            super().order_tabs()
