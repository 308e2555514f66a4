"""One track of the Play view: its name, a large value with its limit, and large − / + buttons.

The row takes the keyboard focus: + / − (also the arrow keys) step the track, Page Up / Page Down by five.
The row holds no rules: the value, the limits and the tooltip are the model's (model.play.Track); a step
asks the model for the edit (model.play.step), which is None past a limit.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy

from .. import theme

UP = {Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Up, Qt.Key.Key_Right}
DOWN = {Qt.Key.Key_Minus, Qt.Key.Key_Underscore, Qt.Key.Key_Down, Qt.Key.Key_Left}


def big_value(name: str, scale: float) -> QLabel:
    """A value read from across the table: bold, `scale` times the usual size."""
    label = QLabel()
    label.setObjectName(name)
    f = label.font()
    f.setPointSizeF(f.pointSizeF() * scale)
    f.setWeight(QFont.Weight.Bold)
    label.setFont(f)
    return label


def big_button(text: str, name: str, spoken: str) -> QPushButton:
    b = QPushButton(text)
    b.setObjectName(name)
    b.setAccessibleName(spoken)
    f = b.font()
    f.setPointSizeF(f.pointSizeF() * 1.6)
    f.setWeight(QFont.Weight.Bold)
    b.setFont(f)
    b.setFixedSize(52, 44)
    b.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # the row has the focus: Tab goes from track to track
    b.setAutoRepeat(True)
    b.setAutoRepeatDelay(450)
    return b


class TrackRow(QFrame):
    stepped = Signal(object, int)        # (the row, delta)

    def __init__(self, track, name: str, parent=None):
        super().__init__(parent)
        self.track = track
        self.setObjectName(name)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setProperty("playRow", True)
        # the track the keys step is the one with the highlight round it
        edge = "#4a505c" if theme.scheme() == "dark" else "#c3c8d0"
        self.setStyleSheet(f'QFrame[playRow="true"] {{ border: 1px solid {edge}; border-radius: 4px; }}'
                           'QFrame[playRow="true"]:focus { border: 2px solid palette(highlight); }')
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        lay.setSpacing(10)
        self.name = QLabel(track.label)
        f = self.name.font()
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.name.setFont(f)
        self.name.setWordWrap(True)   # a long name takes two lines rather than widen every card beside it
        self.name.setMinimumWidth(min(self.name.fontMetrics().horizontalAdvance(track.label) + 12, 150))
        self.minus = big_button("−", f"{name}_minus", f"{track.label} down one")
        self.plus = big_button("+", f"{name}_plus", f"{track.label} up one")
        self.value = big_value(f"{name}_value", 2.0)
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.value.setMinimumWidth(self.value.fontMetrics().horizontalAdvance("88 / 88") + 12)
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setFixedHeight(10)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setRetainSizeWhenHidden(True)   # a count with no limit keeps its buttons where the others are
        self.bar.setSizePolicy(policy)
        self.bar.setMinimumWidth(24)
        lay.addWidget(self.name)
        lay.addWidget(self.minus)
        lay.addWidget(self.value)
        lay.addWidget(self.plus)
        lay.addWidget(self.bar, 1)
        self.minus.clicked.connect(lambda: self.stepped.emit(self, -1))
        self.plus.clicked.connect(lambda: self.stepped.emit(self, +1))
        self.shown: tuple | None = None   # what the row shows: (shown, maximum, stored, tip)
        self.show_track(track)

    def show_track(self, track) -> None:
        self.track = track
        state = (track.shown, track.maximum, track.stored, track.tip)
        if state == self.shown:
            return
        self.shown = state
        self.value.setText(f"{track.shown} / {track.maximum}" if track.maximum is not None else str(track.shown))
        self.minus.setEnabled(track.can_step(-1))
        self.plus.setEnabled(track.can_step(+1))
        self.bar.setVisible(track.maximum is not None and track.lost)   # what is left of it, at a glance
        if track.maximum is not None:
            self.bar.setMaximum(max(track.maximum, 1))
            self.bar.setValue(max(0, min(track.shown, track.maximum)))
        low = track.maximum is not None and track.kind == "track" and track.at_zero
        self.value.setStyleSheet(f"color: {theme.colour('error')};" if low else "")
        left = " left" if track.lost else ""
        limit = f" of {track.maximum}" if track.maximum is not None else ""
        self.setAccessibleName(f"{track.label}: {track.shown}{limit}{left}")
        self.setToolTip(f"{track.tip}\n+ / − or the arrow keys step it; Page Up / Page Down by 5.")

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in UP or key in DOWN:
            self.stepped.emit(self, 1 if key in UP else -1)
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self.stepped.emit(self, 5 if key == Qt.Key.Key_PageUp else -5)
        else:
            super().keyPressEvent(event)
