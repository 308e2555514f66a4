"""A one-click choice among a few values: a grid of toggle buttons instead of a combo box (two clicks).

The grid is one Tab stop, as a group of radio buttons is: Tab lands on the chosen button (the first while
none is), the arrow keys move between the buttons and Space picks."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QPushButton


class _Choice(QPushButton):
    """A button of a ChoiceButtons grid: the arrows move to the grid's next button; Tab leaves the grid.

    (Its own key and focus handlers, not a filter of the grid's: a filter is handed every event of the button,
    and a plain one makes PySide6 set up a class for every kind of event: gui/widgets/geometry_watch.py.)"""

    def __init__(self, label: str, group: ChoiceButtons):
        super().__init__(label)
        self.choices = group   # (not `group`: QAbstractButton.group() is a button's QButtonGroup)

    def keyPressEvent(self, event) -> None:
        step = {Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1}.get(event.key())
        if step is None:
            super().keyPressEvent(event)
        else:
            self.choices.step_from(self, step)

    def focusNextPrevChild(self, forward: bool) -> bool:  # Tab and Shift+Tab
        stop = self.choices.first()
        if self is stop:
            return super().focusNextPrevChild(forward)
        # Tab leaves the group from where it is entered: the widgets before and after it, not a button
        stop.setFocus(Qt.FocusReason.TabFocusReason)
        return stop.focusNextPrevChild(forward)


class ChoiceButtons(QFrame):
    """Buttons that each carry a value (property "value"); one click picks one. `picked` says which.

    A value that is none of the buttons (e.g. a name from an old file) is shown on an extra button, checked."""

    picked = Signal(str)

    def __init__(self, name: str, spoken: str, options: list[tuple[str, str, str]], columns: int = 4, parent=None):
        """`options`: (value, label, tooltip) per button; buttons are named `<name>_<value>`; `spoken` is read out."""
        super().__init__(parent)
        self.setObjectName(name)
        self.setAccessibleName(spoken)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(2, 2, 2, 2)
        self.grid.setSpacing(4)
        self.columns = columns
        self.buttons: list[QPushButton] = []
        for value, label, tip in options:
            self._button(value, label, tip)
        self.unknown: QPushButton | None = None

    def _button(self, value: str, label: str, tip: str, own_row: bool = False) -> QPushButton:
        b = _Choice(label.replace("&", "&&"), self)  # a name's "&" is shown, never made a letter that presses
        b.setCheckable(True)
        b.setProperty("value", value)
        b.setObjectName(f"{self.objectName()}_{value.replace(' ', '_')}")
        b.setToolTip(tip)
        b.setAccessibleName(f"{self.accessibleName()}: {label}")
        b.toggled.connect(lambda on, b=b: self._bold(b, on))  # the chosen one stands out, also in dark mode
        i = len(self.buttons)
        if own_row:  # a row of its own, left: its long name must not widen a column of the grid
            self.grid.addWidget(b, i // self.columns + 1, 0, 1, self.columns, Qt.AlignmentFlag.AlignLeft)
        else:
            self.grid.addWidget(b, i // self.columns, i % self.columns)
        b.clicked.connect(lambda _checked, b=b: self._clicked(b))
        self.buttons.append(b)
        self._tab_stop()
        return b

    def _tab_stop(self) -> None:
        """Only the chosen button (else the first shown) takes Tab; the others are reached with the arrows."""
        stop = self.first()
        for b in self.buttons:
            b.setFocusPolicy(Qt.FocusPolicy.StrongFocus if b is stop else Qt.FocusPolicy.ClickFocus)

    def step_from(self, button: QPushButton, step: int) -> None:
        """The arrows: focus the button `step` places on from `button` among those shown (round the grid)."""
        shown = [b for b in self.buttons if b.isVisible()] or self.buttons
        i = shown.index(button) if button in shown else 0
        shown[(i + step) % len(shown)].setFocus(Qt.FocusReason.TabFocusReason)

    @staticmethod
    def _bold(b: QPushButton, on: bool) -> None:
        f = b.font()
        f.setBold(on)
        b.setFont(f)

    def _clicked(self, b: QPushButton) -> None:
        b.setChecked(True)  # a second click on the chosen value keeps it (there is no "none" to go back to)
        self.picked.emit(b.property("value"))

    def value(self) -> str:
        b = next((b for b in self.buttons if b.isChecked()), None)
        return b.property("value") if b else ""

    def set_value(self, value: str) -> None:
        value = value or ""
        if value and not any(b.property("value") == value for b in self.buttons):
            if self.unknown is None:
                self.unknown = self._button(value, "", "Not in the rules pack", own_row=True)
            self.unknown.setProperty("value", value)
            self.unknown.setText(f"{value} (not in the rules)".replace("&", "&&"))
        if self.unknown is not None:
            self.unknown.setVisible(self.unknown.property("value") == value)
        for b in self.buttons:
            b.setChecked(bool(value) and b.property("value") == value)
        self._tab_stop()

    def first(self) -> QPushButton:
        """The button the keyboard lands on: the chosen one, else the first."""
        shown = [b for b in self.buttons if not b.isHidden()] or self.buttons
        return next((b for b in shown if b.isChecked()), shown[0])
