"""Small pieces the steps share: who is who at this game, d20 fields with a Roll button, the game's summary."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSpinBox, QWidget

ROLES = ("captain", "first_mate")


def campaign_before(draft) -> dict:
    return draft.before.derived.get("campaign", {}) if draft.before.derived else {}


def game_facts(draft) -> dict:
    """What the model derived for this game (its entry in the campaign history), {} while it cannot."""
    d = draft.after.derived
    history = (d.get("campaign") or {}).get("history") or [] if d else []
    return history[draft.index] if draft.index < len(history) else {}


def figures_before(draft) -> list[tuple[str, str, dict]]:
    """(id, label, derived soldier or officer) for everyone in the crew when this game starts."""
    d = draft.before.derived or {}
    data = draft.data
    out = []
    for role in ROLES:
        od = d.get(role, {})
        name = str((data.get(role) or {}).get("name") or "")
        out.append((role, f"{name or od.get('label', role)} ({od.get('label', role.replace('_', ' ').title())})", od))
    for s in d.get("soldiers", []):
        name = s.get("name") or ""
        label = f"{name} ({s.get('type', '')})" if name else f"{s.get('type', '')} {s.get('id', '')}"
        out.append((s.get("id", ""), label, s))
    return out


def who_label(draft, who: str) -> str:
    for fid, label, _ in figures_before(draft):
        if fid == who:
            return label
    return who


def game_summary(draft) -> str:
    facts = game_facts(draft)
    camp = (draft.after.derived or {}).get("campaign") or {}
    if not facts:
        return "Fill in the steps; the totals follow every change."
    parts = [f"This game: {facts.get('xp', {}).get('total', 0)} XP"]
    if camp:
        parts.append(f"unspent after it: {camp.get('xp_unspent', 0)} XP")
        parts.append(f"credits after it: {camp.get('credits', 0)} Cr")
    return " · ".join(parts)


class CountBox(QSpinBox):
    """A number field that selects its text when it gets focus, so typing replaces it (click, type: done)."""

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.selectAll()
        QTimer.singleShot(0, self.selectAll)   # again after the click that gave the focus placed the cursor


class DieField(QWidget):
    """A die roll: type the number rolled with real dice, or press Roll (the model's roller); either is kept."""
    changed = Signal(object)   # the roll (int) or None when cleared

    def __init__(self, name: str, faces: int, roll, label: str = "Roll"):
        super().__init__()
        self.roll_fn = roll
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.spin = CountBox()
        self.spin.setObjectName(f"{name}_value")
        self.spin.setRange(0, faces)
        self.spin.setSpecialValueText("–")
        self.spin.setAccessibleName(f"{label}: the d{faces} rolled")
        self.spin.setToolTip(f"Type the d{faces} you rolled, or press {label}")
        self.spin.setMinimumWidth(self.fontMetrics().horizontalAdvance("20") + 44)
        self.button = QPushButton(label)
        self.button.setObjectName(f"{name}_roll")
        self.button.setAccessibleName(f"{label} a d{faces}")
        self.button.setToolTip(f"Roll a d{faces} here; the roll is recorded like one typed in")
        lay.addWidget(self.spin)
        lay.addWidget(self.button)
        self.spin.valueChanged.connect(self._changed)
        self.button.clicked.connect(self._roll)
        self.faces = faces
        self.rolled = False      # True when the value shown was rolled here (not typed)
        self._rolling = False

    def _changed(self, v: int) -> None:
        self.rolled = self._rolling
        self.changed.emit(v or None)

    def _roll(self) -> None:
        self._rolling = True
        try:
            value = self.roll_fn(self.faces)
            if value == self.spin.value():
                self._changed(value)   # the same number again is still a roll made here
            else:
                self.spin.setValue(value)
        finally:
            self._rolling = False

    def set(self, value) -> None:
        v = value if isinstance(value, int) and 0 < value <= self.faces else 0
        if self.spin.value() != v:
            self.spin.blockSignals(True)
            self.spin.setValue(v)
            self.spin.blockSignals(False)


def show_now(lay) -> None:
    """Show a layout's new widgets at once (Qt shows widgets added to a visible form only later, and a click or
    a test may come first); refresh() then hides what should not show."""
    for i in range(lay.count()):
        item = lay.itemAt(i)
        if item.widget() is not None:
            item.widget().show()
        elif item.layout() is not None:
            show_now(item.layout())


def clear_layout(lay) -> None:
    while lay.count():
        item = lay.takeAt(0)
        w = item.widget()
        if w is not None:
            w.hide()
            w.deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


ALIGN_TOP = Qt.AlignmentFlag.AlignTop
