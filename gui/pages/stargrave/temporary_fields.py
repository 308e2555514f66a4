"""SG-CREW-08: the fields that say who a temporary member is (a soldier type of the rules pack, or a named figure
with its own profile), and the Play view's "Add a temporary member" dialog built on them. The record's game step
uses the same fields. What a member is, and that it never joins the roster, is the model's
(model/play/stargrave_temporary.py); these only gather the choice."""

from __future__ import annotations

from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QGridLayout, QLabel, QLineEdit,
                               QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from ...widgets.common import hint

KEYS = ("move", "fight", "shoot", "armour", "will", "health")
WHY = ("A temporary member joins for this game only (from a power, advanced technology or the scenario): it follows "
       "the normal rules, never counts against the crew's limits and leaves when the game ends (SG-CREW-08).")


class TemporaryFields(QWidget):
    """A soldier type (with an optional name), or a named figure and its six characteristics."""

    def __init__(self, pack, prefix: str = "temp", parent: QWidget | None = None):
        super().__init__(parent)
        self.pack = pack
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.as_type = QRadioButton("A soldier type")
        self.as_type.setObjectName(f"{prefix}AsType")
        self.as_figure = QRadioButton("A named figure with its own profile")
        self.as_figure.setObjectName(f"{prefix}AsFigure")
        group = QButtonGroup(self)
        group.addButton(self.as_type)
        group.addButton(self.as_figure)
        self.as_type.setChecked(True)
        self.kind = QComboBox()
        self.kind.setObjectName(f"{prefix}Type")
        self.kind.setAccessibleName("Soldier type of the temporary member")
        for s in pack.data.get("soldiers", []):
            self.kind.addItem(s["name"], s["name"])
        self.name = QLineEdit()
        self.name.setObjectName(f"{prefix}Name")
        self.name.setAccessibleName("Name of the temporary member")
        self.name.setPlaceholderText("optional for a soldier type")
        grid.addWidget(self.as_type, 0, 0)
        grid.addWidget(self.kind, 0, 1, 1, 3)
        grid.addWidget(self.as_figure, 1, 0, 1, 4)
        grid.addWidget(QLabel("Name"), 2, 0)
        grid.addWidget(self.name, 2, 1, 1, 3)
        labels = {c["key"]: c for c in pack.data.get("characteristics", [])}
        self.stats: dict[str, QSpinBox] = {}
        for n, key in enumerate(KEYS):
            spin = QSpinBox()
            spin.setRange(-20, 40)
            spin.setObjectName(f"{prefix}_{key}")
            label = labels.get(key, {}).get("label", key.title())
            spin.setAccessibleName(f"{label} of the temporary figure")
            spin.setValue({"move": 6, "armour": 10, "health": 10}.get(key, 0))
            holder = QWidget()          # "Move [6]": two rows of three under the name
            line = QGridLayout(holder)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(QLabel(label), 0, 0)
            line.addWidget(spin, 0, 1)
            grid.addWidget(holder, 3 + n // 3, n % 3)
            self.stats[key] = spin
        self.as_type.toggled.connect(self._enable)
        self._enable()

    def _enable(self) -> None:
        typed = self.as_type.isChecked()
        self.kind.setEnabled(typed)
        for spin in self.stats.values():
            spin.setEnabled(not typed)

    def choice(self) -> dict:
        """{"type_name", "name", "profile"}: what model/play/stargrave_temporary.add takes."""
        if self.as_type.isChecked():
            return {"type_name": self.kind.currentData() or "", "name": self.name.text().strip(), "profile": None}
        return {"type_name": "", "name": self.name.text().strip(),
                "profile": {k: s.value() for k, s in self.stats.items()}}

    def entry(self) -> dict | None:
        """The record's entry for the choice ({"type", "name"} or {"name", "profile"}); None without a name for a
        figure."""
        c = self.choice()
        if c["type_name"]:
            return {"type": c["type_name"], **({"name": c["name"]} if c["name"] else {})}
        return {"name": c["name"], "profile": c["profile"]} if c["name"] else None


class TemporaryDialog(QDialog):
    """Play view: Add a temporary member (SG-CREW-08)."""

    def __init__(self, pack, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("addTemporaryDialog")
        self.setWindowTitle("Add a temporary member")
        self.setMinimumWidth(460)
        col = QVBoxLayout(self)
        col.addWidget(hint(WHY))
        self.fields = TemporaryFields(pack, "temp", self)
        col.addWidget(self.fields)
        self.problem = hint("")
        self.problem.setObjectName("tempProblem")
        col.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add for this game")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName("tempAdd")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        col.addWidget(buttons)

    def _accept(self) -> None:
        c = self.fields.choice()
        if not c["type_name"] and not c["name"]:
            self.problem.setText("Give the figure a name: a temporary member is a soldier type, or a named figure "
                                 "with its own profile.")
            return
        self.accept()
