"""Step 3: survival. Each figure out of action rolls (or types) its d20; the model names the outcome at once."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QWidget

from .....widgets.common import Card, hint
from ..step import RowBadge, Step
from .common import show_now, ROLES, DieField, clear_layout, who_label


@dataclass
class _Row:
    """The widgets of one figure's roll."""
    outcome: QLabel                          # what the model says came of it
    badge: RowBadge                          # the row's issues
    focus: QWidget                           # where the cursor goes first
    die: DieField | None = None              # the roll (none for an officer whose table the pack lacks)
    result: QLineEdit | QComboBox | None = None   # an officer's result: typed, or picked from the pack's table


class SurvivalStep(Step):
    title = "Survival"
    object_name = "step_survival"
    explain = ("Roll a die for each soldier taken out of action, or type what you rolled with real dice; the "
               "outcome shows at once. The rulebook's officer table is not in the excerpt: record what your "
               "group's table said. Then use any Between Games powers (note them on the first step).")

    def explanation(self) -> str:
        rules = self.rules
        rows = ", ".join(f"{r['from']}–{r['to']} {r['result']}" if r["from"] != r["to"] else f"{r['from']} {r['result']}"
                         for r in rules.survival["soldier"])
        return (f"Roll a d{rules.survival['die']} for each soldier taken out of action, or type what you rolled with "
                f"real dice ({rows}); the outcome shows at once. A dead soldier's items are lost; a seriously "
                "injured one starts the next game at half Health. The rulebook's officer table is not in the "
                "excerpt: record what your group's table said. Then use any Between Games powers (note them on "
                "the first step).")
    parts = ("survival",)

    def build(self) -> None:
        self.card = Card("Rolls")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(8)
        self.card.layout_.addLayout(self.grid)
        self.nobody = hint("Nobody went out of action: there is nothing to roll. Go on to the experience.")
        self.card.add(self.nobody)
        self.column.addWidget(self.card)
        self._shape: tuple | None = None   # whose rolls the rows are (rebuilt when it changes)
        self.rows: list[_Row] = []

    def focus_first(self):
        return self.rows[0].focus if self.rows else None

    def _entries(self) -> list:
        return [s for s in (self.draft.record.get("survival") or []) if isinstance(s, dict)]

    def refresh(self) -> None:
        entries = self._entries()
        shape = tuple(s.get("who") for s in entries)
        if shape != self._shape:
            self._rebuild(entries)
            self._shape = shape
        from model.systems.stargrave.record_choices import survival_words
        d = self.draft
        words = survival_words(d.data, d.index, d.record, self.dialog.session.pack, d.after.derived)
        records = list(d.record.get("survival") or [])
        words = [w for w, s in zip(words, records) if isinstance(s, dict)]
        for i, (row, entry) in enumerate(zip(self.rows, entries)):
            if row.die is not None:
                row.die.set(entry.get("roll"))
            if row.result is not None:
                self._show_result_widget(row.result, entry.get("result"))
            row.outcome.setText(words[i] if i < len(words) else "")
            row.badge.set_issues(self.row_issues("survival", i) + self._out_issues(entry.get("who")))
        self.nobody.setVisible(not entries)

    def _rebuild(self, entries: list) -> None:
        clear_layout(self.grid)
        self.rows = []
        table = self.rules.survival["officer"]
        for r, entry in enumerate(entries):
            who = entry.get("who", "")
            name = QLabel(who_label(self.draft, who))
            self.grid.addWidget(name, r, 0)
            outcome = QLabel()
            outcome.setObjectName(f"survival_outcome_{r}")
            outcome.setWordWrap(True)
            badge = RowBadge()
            badge.setObjectName(f"survival_{r}_issue")
            if who in ROLES and not table:
                w = QLineEdit()
                w.setObjectName(f"survival_result_{r}")
                w.setAccessibleName(f"What the officer survival table said for {name.text()}")
                w.setPlaceholderText("what your group's officer table gave")
                w.textEdited.connect(lambda s, i=r: self._set_result(i, s))
                row = _Row(outcome, badge, w, result=w)
                self.grid.addWidget(w, r, 1)
            else:
                die = DieField(f"survival_{r}", self._die(), self.dialog.roll, "Roll")
                die.changed.connect(lambda v, i=r: self._set_roll(i, v))
                row = _Row(outcome, badge, die.spin, die=die)
                self.grid.addWidget(die, r, 1)
                if who in ROLES:  # the group's officer table is in the pack: its outcome is picked from it
                    combo = QComboBox()
                    combo.setObjectName(f"survival_result_{r}")
                    combo.setAccessibleName(f"Officer survival result for {name.text()}")
                    combo.addItem("Choose the result…", "")
                    for res in dict.fromkeys(x.get("result", "") for x in table):
                        combo.addItem(res, res)
                    combo.activated.connect(lambda i, c=combo, n=r: self._set_result(n, c.itemData(i)))
                    row.result = combo
                    self.grid.addWidget(combo, r, 2)
            self.grid.addWidget(badge, r, 4)
            self.grid.addWidget(outcome, r, 3)
            self.rows.append(row)
        self.grid.setColumnStretch(3, 1)
        show_now(self.grid)

    def _out_issues(self, who) -> list:
        out = self.draft.record.get("out_of_action") or []
        return self.row_issues("out_of_action", out.index(who)) if who in out else []

    def _die(self) -> int:
        return self.rules.survival["die"]

    @staticmethod
    def _show_result_widget(w, value) -> None:
        value = value or ""
        if isinstance(w, QLineEdit):
            if w.text() != value:
                w.setText(value)
        else:
            i = w.findData(value)
            w.setCurrentIndex(max(i, 0))

    def _set_roll(self, i: int, value) -> None:
        if value is None:
            self.draft.remove(f"/survival/{i}/roll")
        else:
            self.draft.set(f"/survival/{i}/roll", value)
        self.dialog.changed()

    def _set_result(self, i: int, value: str) -> None:
        if value:
            self.draft.set(f"/survival/{i}/result", value)
        else:
            self.draft.remove(f"/survival/{i}/result")
        self.dialog.changed()

    def empty(self) -> bool:
        return not self._entries()
