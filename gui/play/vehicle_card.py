"""A Star Frontiers vehicle in the Play view: its speed this turn against the most the acceleration rules allow,
its height and turns of thrust where it flies, and the buttons of the model's operations (model/play/sf_vehicles.py:
slower / faster, accelerate, brake, climb / descend, bursts of thrust, next turn).

The card holds no rules: each button asks the model for its edit; a button whose operation the model refuses is
greyed with the refusal (and its rule) as its tooltip. Every click is one edit on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QPushButton, QWidget

from model import edits
from model import pointer as jp
from model.play import sf_vehicles as sv

from .. import theme
from ..widgets.common import Card, WrapLabel
from .track_row import big_value

KIND = "starfrontiers-character"


def motions(session) -> list:
    """The vehicles of the document in play (only a Star Frontiers character has them)."""
    if session.kind.kind != KIND:
        return []
    return sv.motions(session.data, session.result.derived)


# an operation of a vehicle card's button: the edit it makes of the document, or why it is refused
Operation = Callable[[dict, sv.Motion], edits.Edit | sv.Refused]


def _operations(m: sv.Motion) -> list[tuple[str, str, Operation]]:
    """(object name, button text, operation(data, motion)) for the vehicle's kind of movement."""
    step = m.step
    if m.mode == "glider":
        climb, accel = m.vehicle.get("climb"), m.vehicle.get("acceleration")
        ops: list[tuple[str, str, Operation]] = [("burst_height", f"Burst: +{climb} m height", lambda d, x: sv.burst(d, x, "altitude")),
               ("burst_speed", f"Burst: +{accel} m/turn", lambda d, x: sv.burst(d, x, "speed"))]
    else:
        ops = [("slower", f"− {step} m", sv.slower), ("faster", f"+ {step} m", sv.faster),
               ("full", "Accelerate", sv.full_speed), ("stop", "Brake to a stop", sv.stop)]
        if m.mode == "vtol":
            climb = m.vehicle.get("climb")
            ops += [("climb", f"Climb {climb} m", lambda d, x: sv.change_height(d, x, True)),
                    ("descend", f"Descend {climb} m", lambda d, x: sv.change_height(d, x, False))]
    return ops + [("next", "Next turn", sv.next_turn)]


class VehicleCard(Card):
    def __init__(self, session, m, parent: QWidget | None = None):
        super().__init__(f"{m.name} (vehicle)", parent)
        self.session = session
        self.index = m.index
        self.setObjectName(f"playVehicle_{m.index}")
        self.speed = big_value(f"vehicle_{m.index}_speed", 1.8)
        self.add(self.speed)
        self.facts = WrapLabel()
        self.facts.setObjectName(f"vehicle_{m.index}_facts")
        self.add(self.facts)
        self.limit = WrapLabel()
        self.limit.setObjectName(f"vehicle_{m.index}_limit")
        self.add(self.limit)
        self.problems = WrapLabel()       # the file's play state past the rules (model/play/sf_vehicles.issues)
        self.problems.setObjectName(f"vehicle_{m.index}_issues")
        self.problems.setStyleSheet(f"color: {theme.colour('error')};")
        self.add(self.problems)
        grid = QGridLayout()
        grid.setSpacing(6)
        self.buttons: dict[str, tuple[QPushButton, Operation]] = {}
        for n, (key, text, op) in enumerate(_operations(m)):
            b = QPushButton(text)
            b.setObjectName(f"vehicle_{m.index}_{key}")
            b.setMinimumHeight(38)
            b.clicked.connect(lambda _=False, op=op: self._do(op))
            self.buttons[key] = (b, op)
            grid.addWidget(b, n // 2, n % 2)
        holder = QWidget()
        holder.setLayout(grid)
        self.add(holder)
        self.layout_.addStretch(1)
        self.show_motion(m)

    def show_motion(self, m) -> None:
        self.motion = m
        self.speed.setText(f"{m.speed} m/turn")
        self.speed.setAccessibleName(f"{m.name} speed {m.speed} metres a turn")
        facts = [f"Turn {m.turn}", f"last turn {m.last_speed} m"]
        if m.mode != "surface":
            facts.append(f"height {m.altitude} m")
        if m.thrust_left is not None:
            total = m.vehicle["thrust"]["turns"]
            facts.append(f"thrust used {m.thrust_used} of {total} turns" + (" (burst this turn)" if m.burst else ""))
        self.facts.setText(" · ".join(facts))
        self.limit.setText(m.why)
        mine = [i for i in self.session.issues if jp.is_within(i.pointer, m.pointer)]
        self.problems.setText("\n".join(f"{i.message} [{i.rule}]" for i in mine))
        self.problems.setVisible(bool(mine))
        for b, op in self.buttons.values():
            outcome = op(self.session.data, m)
            refused = isinstance(outcome, sv.Refused)
            b.setEnabled(not refused)
            b.setToolTip(outcome.message if isinstance(outcome, sv.Refused) else getattr(outcome, "label", ""))

    def _do(self, op: Operation) -> None:
        m = next((x for x in motions(self.session) if x.index == self.index), None)
        if m is None:
            return
        outcome = op(self.session.data, m)
        if not isinstance(outcome, sv.Refused):
            self.session.apply(outcome)
