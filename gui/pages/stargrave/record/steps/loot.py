"""Step 6: loot. One row per marker secured: its table, the d20 (rolled or typed), the result the model names,
and the choice that result offers (Information as XP or credits, a Secret kept or sold, what a find is)."""

from __future__ import annotations

from PySide6.QtWidgets import (QButtonGroup, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton,
                               QWidget)

from .....widgets.common import Card, WrapLabel, hint
from ..step import RowBadge, Step
from .common import show_now, CountBox, DieField, clear_layout, game_facts


class LootStep(Step):
    title = "Loot"
    object_name = "step_loot"
    explain = ""

    def explanation(self) -> str:
        r = self.rules
        return (f"Roll a d{r.loot['die']} once for each loot marker the crew carried off the table, on the table for "
                f"its kind. Some results need a d{r.loot['credits_die']} for the credits too. Information can be sold "
                f"for {r.xp['information']} XP or for credits; a Secret can be kept aboard or sold; advanced weapons, "
                "technology and artifacts go to the stash: write down what your group's table gave.")

    parts = ("loot",)

    def build(self) -> None:
        tables = self.rules.loot_tables()
        row = QHBoxLayout()
        self.add: dict[str, QPushButton] = {}
        for key, table in tables.items():
            b = QPushButton(f"+ {table.get('label', key)} marker")
            b.setObjectName(f"addLoot_{key}")
            b.setAccessibleName(f"Add a {table.get('label', key).lower()} marker")
            b.clicked.connect(lambda _=False, k=key: self._add(k))
            self.add[key] = b
            row.addWidget(b)
        row.addStretch(1)
        self.column.addLayout(row)
        self.labels = {k: t.get("label", k) for k, t in tables.items()}
        self.card = Card("Markers secured")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(8)
        self.card.layout_.addLayout(self.grid)
        self.none = hint("No loot this game. Add a marker for each one the crew secured.")
        self.card.add(self.none)
        self.column.addWidget(self.card)
        self.total = WrapLabel()
        self.total.setObjectName("lootTotal")
        self.column.addWidget(self.total)
        self.rows: list[dict] = []
        self._shape: tuple | None = None   # what the rows were built for (rebuilt when it changes)

    def focus_first(self):
        return next(iter(self.add.values()), None)

    def _entries(self) -> list:
        return [e for e in (self.draft.record.get("loot") or []) if isinstance(e, dict)]

    def _add(self, key: str) -> None:
        self.draft.set("/loot/-", {"table": key})
        self.dialog.changed()
        if self.rows:
            self.rows[-1]["die"].spin.setFocus()

    def _roll(self):
        return self.dialog.roll

    def refresh(self) -> None:
        entries = self._entries()
        facts = self._facts()
        shape = tuple(e.get("table") for e in entries)
        if shape != self._shape:
            self._rebuild(entries)
            self._shape = shape
        for i, (row, entry) in enumerate(zip(self.rows, entries)):
            info = facts[i] if i < len(facts) and isinstance(facts[i], dict) else {}
            row["die"].set(entry.get("roll"))
            row["credits"].set(entry.get("credits_roll"))
            row["credits"].setVisible(bool(info.get("needs_credits_roll")) or "credits_roll" in entry)
            row["result"].setText(info.get("words", "") if "roll" in entry else "Roll or type the d20.")
            self._show_choice(row, info, entry)
            row["badge"].set_issues(self.row_issues("loot", i))
        self.none.setVisible(not entries)
        facts_game = game_facts(self.draft)
        info = facts_game.get("info_xp", 0)
        self.total.setText((f"Loot brings {facts_game.get('credits_in', 0)} Cr in all so far this game"
                            + (f" and {info} XP from Information" if info else "") + ".") if entries and facts_game else "")

    def _rebuild(self, entries: list) -> None:
        clear_layout(self.grid)
        self.rows = []
        for r, entry in enumerate(entries):
            label = QLabel(f"{r + 1}. {self.labels.get(entry.get('table'), entry.get('table'))}")
            die = DieField(f"loot_{r}", self._die(), self._roll(), "Roll")
            die.changed.connect(lambda v, n=r: self._set(n, "roll", v))
            credits = DieField(f"loot_{r}_credits", self._credits_die(), self._roll(), "Roll credits")
            credits.changed.connect(lambda v, n=r: self._set(n, "credits_roll", v))
            result = WrapLabel()
            result.setObjectName(f"loot_{r}_result")
            choice = QWidget()
            ch = QHBoxLayout(choice)
            ch.setContentsMargins(0, 0, 0, 0)
            take_group = QButtonGroup(choice)
            take_a, take_b = QRadioButton(), QRadioButton()
            take_a.setObjectName(f"loot_{r}_take_a")
            take_b.setObjectName(f"loot_{r}_take_b")
            take_group.addButton(take_a)
            take_group.addButton(take_b)
            find_name = QLineEdit()
            find_name.setObjectName(f"loot_{r}_find_name")
            find_name.setPlaceholderText("what was found")
            find_name.setAccessibleName("Name of the find")
            find_slots = CountBox()
            find_slots.setObjectName(f"loot_{r}_find_slots")
            find_slots.setRange(0, 9)
            find_slots.setSuffix(" slot(s)")
            find_slots.setAccessibleName("Slots the find uses")
            find_value = CountBox()
            find_value.setObjectName(f"loot_{r}_find_value")
            find_value.setRange(0, 100000)
            find_value.setSingleStep(25)
            find_value.setSuffix(" Cr")
            find_value.setAccessibleName("Value of the find in credits")
            for w in (take_a, take_b, find_name, find_slots, find_value):
                ch.addWidget(w)
            ch.addStretch(1)
            remove = QPushButton("Remove")
            remove.setObjectName(f"loot_{r}_remove")
            remove.setAccessibleName(f"Remove loot marker {r + 1}")
            take_a.clicked.connect(lambda _=False, n=r, b=take_a: self._set(n, "take", b.property("take")))
            take_b.clicked.connect(lambda _=False, n=r, b=take_b: self._set(n, "take", b.property("take")))
            find_name.textEdited.connect(lambda s, n=r: self._set_find(n, "name", s))
            find_slots.valueChanged.connect(lambda v, n=r: self._set_find(n, "slots", v))
            find_value.valueChanged.connect(lambda v, n=r: self._set_find(n, "value", v))
            remove.clicked.connect(lambda _=False, n=r: self._remove(n))
            self.grid.addWidget(label, 2 * r, 0)
            self.grid.addWidget(die, 2 * r, 1)
            self.grid.addWidget(credits, 2 * r, 2)
            self.grid.addWidget(result, 2 * r, 3)
            self.grid.addWidget(remove, 2 * r, 4)
            badge = RowBadge()
            badge.setObjectName(f"loot_{r}_issue")
            self.grid.addWidget(badge, 2 * r, 5)
            self.grid.addWidget(choice, 2 * r + 1, 1, 1, 4)
            self.rows.append({"die": die, "credits": credits, "result": result, "choice": choice,
                              "take": (take_a, take_b), "find": (find_name, find_slots, find_value), "badge": badge})
        self.grid.setColumnStretch(3, 1)
        show_now(self.grid)

    def _show_choice(self, row: dict, info: dict, entry: dict) -> None:
        takes = info.get("takes") or []          # [(value, words)] the result offers, from the model
        finds = bool(info.get("find"))
        a, b = row["take"]
        for button, opt in ((a, takes[0] if takes else None), (b, takes[1] if len(takes) > 1 else None)):
            button.setVisible(opt is not None)
            if opt is not None:
                button.setText(opt[1])
                button.setProperty("take", opt[0])
                button.setChecked(entry.get("take") == opt[0])
        name, slots, value = row["find"]
        for w in row["find"]:
            w.setVisible(finds or "find" in entry)
        found = entry.get("find")
        find = found if isinstance(found, dict) else {}
        if name.text() != (find.get("name") or ""):
            name.setText(find.get("name") or "")
        for w, k in ((slots, "slots"), (value, "value")):
            v = find.get(k, 0) if isinstance(find.get(k, 0), int) else 0
            if w.value() != v:
                w.blockSignals(True)
                w.setValue(max(0, min(v, w.maximum())))
                w.blockSignals(False)
        row["choice"].setVisible(bool(takes) or finds or "find" in entry)

    def _set(self, n: int, key: str, value) -> None:
        with self.draft.one_step(f"/loot/{n}/{key}"):
            if value is None:
                self.draft.remove(f"/loot/{n}/{key}")
            else:
                self.draft.set(f"/loot/{n}/{key}", value)
            self._follow_up(n)
        self.dialog.changed()

    def _facts(self) -> list:
        from model.systems.stargrave.record_choices import loot_facts
        raw = list(self.draft.record.get("loot") or [])
        facts = loot_facts(self.draft.record, self.dialog.session.pack)
        return [f for f, e in zip(facts, raw) if isinstance(e, dict)]

    def _follow_up(self, n: int) -> None:
        """When the model says the result needs the credits d20 and this marker was rolled here, roll it too."""
        info = self._facts()
        info = info[n] if n < len(info) else {}
        entry = self._entries()[n]
        if info.get("needs_credits_roll") and "credits_roll" not in entry and self._rolled_here(n):
            self.draft.set(f"/loot/{n}/credits_roll", self._roll()(self._credits_die()))
        if not info.get("needs_credits_roll") and "credits_roll" in entry and info:
            self.draft.remove(f"/loot/{n}/credits_roll")
        if "take" in entry and entry["take"] not in [t[0] for t in info.get("takes") or []] and info:
            self.draft.remove(f"/loot/{n}/take")
        if "find" in entry and not info.get("find") and info:
            self.draft.remove(f"/loot/{n}/find")
        if info.get("find") and "find" not in entry:
            self.draft.set(f"/loot/{n}/find", {"name": "", "slots": 1, "value": 0})

    def _die(self) -> int:
        return self.rules.loot["die"]

    def _credits_die(self) -> int:
        return self.rules.loot["credits_die"]

    def _rolled_here(self, n: int) -> bool:
        return n < len(self.rows) and self.rows[n]["die"].rolled

    def _set_find(self, n: int, key: str, value) -> None:
        self.draft.set(f"/loot/{n}/find/{key}", value)
        self.dialog.changed()

    def _remove(self, n: int) -> None:
        self.draft.remove(f"/loot/{n}")
        self.dialog.changed()

    def empty(self) -> bool:
        return not self._entries()
