"""Step 5: levels. What the unspent XP buys, one row per level with the upgrade that level gives; the pickers
offer what the model says is legal and show why the rest is not."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton

from .....widgets.common import Card, WrapLabel, hint
from ..step import RowBadge, Step
from .common import show_now, ROLES, clear_layout

UPGRADE_WORDS = {"reduce": "lower a power's activation by 1", "improve": "+1 to a characteristic",
                 "learn": "learn a new power"}


class LevelsStep(Step):
    title = "Levels"
    object_name = "step_levels"
    explain = ""

    def explanation(self) -> str:
        r = self.rules
        return (f"Every {r.level_cost} unspent XP buys one level for the Captain or the First Mate, as many as the XP "
                "allows, split as you like. The new level's number decides its upgrade. The Captain stays "
                f"{r.levels['band_min']} to {r.levels['band_max']} levels above the First Mate. XP you do not spend "
                "is kept for later games.")
    parts = ("levels",)

    def build(self) -> None:
        top = Card("Experience to spend")
        self.words = WrapLabel()
        self.words.setObjectName("levelsWords")
        top.add(self.words)
        row = QHBoxLayout()
        self.buy: dict[str, QPushButton] = {}
        for role in ROLES:
            b = QPushButton()
            b.setObjectName(f"buyLevel_{role}")
            b.clicked.connect(lambda _=False, r=role: self._buy(r))
            self.buy[role] = b
            row.addWidget(b)
        row.addStretch(1)
        top.layout_.addLayout(row)
        self.column.addWidget(top)

        self.card = Card("Levels bought this game")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.card.layout_.addLayout(self.grid)
        self.none = hint("No level bought: the XP stays unspent for the next game.")
        self.card.add(self.none)
        self.column.addWidget(self.card)
        self.rows: list[dict] = []
        self._shape: tuple | None = None   # what the rows were built for (rebuilt when it changes)

    def focus_first(self):
        return self.buy["captain"]

    def _entries(self) -> list:
        return [e for e in (self.draft.record.get("levels") or []) if isinstance(e, dict)]

    def _facts(self) -> dict:
        from model.systems.stargrave.record_choices import level_facts
        d = self.draft
        return level_facts(d.data, d.index, d.record, self.dialog.session.pack)

    def _buy(self, role: str) -> None:
        nxt = (self._facts().get("next") or {}).get(role) or {}
        kinds = nxt.get("upgrades") or []
        entry = {"officer": role, "upgrade": kinds[0] if kinds else "reduce"}
        self.draft.set("/levels/-", entry)
        self.dialog.changed()
        if self.rows:
            self.rows[-1]["pick"].setFocus()

    def refresh(self) -> None:
        facts = self._facts()
        self.words.setText(facts.get("words", ""))
        for role, b in self.buy.items():
            nxt = (facts.get("next") or {}).get(role) or {}
            label = nxt.get("label", role)
            level = nxt.get("level")
            kinds = " or ".join(UPGRADE_WORDS.get(k, k) for k in nxt.get("upgrades", []))
            b.setText(f"+1 level: {label} → {level} ({kinds})" if level is not None else f"+1 level: {label}")
            b.setEnabled(bool(nxt.get("affordable", True)))
            b.setToolTip(nxt.get("why_not", "") or f"Buy level {level} for the {label} for 100 XP")
        entries = self._entries()
        shape = tuple((e.get("officer"), e.get("upgrade")) for e in entries)
        if shape != self._shape:
            self._rebuild(entries)
            self._shape = shape
        rows = facts.get("rows") or []
        for i, (row, entry) in enumerate(zip(self.rows, entries)):
            info = rows[i] if i < len(rows) else {}
            row["what"].setText(info.get("words", ""))
            self._fill_kind(row["kind"], info, entry)
            self._fill_pick(row["pick"], info, entry)
            row["badge"].set_issues(self.row_issues("levels", i))
        self.none.setVisible(not entries)

    def _rebuild(self, entries: list) -> None:
        clear_layout(self.grid)
        self.rows = []
        for r, _entry in enumerate(entries):
            what = QLabel()
            what.setObjectName(f"level_{r}_what")
            kind = QComboBox()
            kind.setObjectName(f"level_{r}_upgrade")
            kind.setAccessibleName(f"Upgrade for level row {r + 1}")
            pick = QComboBox()
            pick.setObjectName(f"level_{r}_pick")
            pick.setAccessibleName(f"Choice for level row {r + 1}")
            pick.setMinimumContentsLength(22)
            pick.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            remove = QPushButton("Remove")
            remove.setObjectName(f"level_{r}_remove")
            remove.setAccessibleName(f"Remove level row {r + 1}")
            kind.activated.connect(lambda i, n=r, c=kind: self._set_kind(n, c.itemData(i)))
            pick.activated.connect(lambda i, n=r, c=pick: self._set_pick(n, c.itemData(i)))
            remove.clicked.connect(lambda _=False, n=r: self._remove(n))
            self.grid.addWidget(what, r, 0)
            self.grid.addWidget(kind, r, 1)
            self.grid.addWidget(pick, r, 2)
            self.grid.addWidget(remove, r, 3)
            badge = RowBadge()
            badge.setObjectName(f"level_{r}_issue")
            self.grid.addWidget(badge, r, 4)
            self.rows.append({"what": what, "kind": kind, "pick": pick, "remove": remove, "badge": badge})
        self.grid.setColumnStretch(2, 1)
        show_now(self.grid)

    @staticmethod
    def _fill_kind(combo: QComboBox, info: dict, entry: dict) -> None:
        kinds = info.get("upgrades") or [entry.get("upgrade")]
        items = [(UPGRADE_WORDS.get(k, str(k)).capitalize(), k) for k in kinds]
        if entry.get("upgrade") not in kinds:
            items.append((f"{entry.get('upgrade')} (not what this level gives)", entry.get("upgrade")))
        if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] != items:
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
        combo.setCurrentIndex(max(combo.findData(entry.get("upgrade")), 0))
        combo.setVisible(len(items) > 1)   # one upgrade only: the row's words say which

    @staticmethod
    def _fill_pick(combo: QComboBox, info: dict, entry: dict) -> None:
        upgrade = entry.get("upgrade")
        field = "characteristic" if upgrade == "improve" else "power"
        current = entry.get(field)
        options = info.get("options") or []
        prompt = {"reduce": "Choose the power to lower…", "improve": "Choose the characteristic…",
                  "learn": "Choose the new power…"}.get(upgrade or "", "Choose…")
        wanted = [(prompt, "", True, "")] + [
            (o["label"] + ("" if o.get("legal") else f"  ({o.get('reason', 'not allowed')})"), o["value"],
             bool(o.get("legal")), o.get("reason", "")) for o in options]
        if current and not any(w[1] == current for w in wanted):
            wanted.append((f"{current} (not in the rules)", current, True, ""))
        if combo.property("shown") != wanted:
            combo.setProperty("shown", wanted)
            combo.clear()
            model = combo.model()
            for i, (text, data, legal, reason) in enumerate(wanted):
                combo.addItem(text, data)
                if isinstance(model, QStandardItemModel):
                    item = model.item(i)
                    if not legal:
                        item.setEnabled(False)
                    if reason:
                        item.setToolTip(reason)
                        item.setData(reason, Qt.ItemDataRole.ToolTipRole)
        combo.setCurrentIndex(max(combo.findData(current or ""), 0))

    def _set_kind(self, n: int, kind: str) -> None:
        entry = dict(self._entries()[n])
        if entry.get("upgrade") == kind:
            return
        entry = {"officer": entry.get("officer"), "upgrade": kind}
        self.draft.set(f"/levels/{n}", entry)
        self.dialog.changed()

    def _set_pick(self, n: int, value: str) -> None:
        entry = dict(self._entries()[n])
        field = "characteristic" if entry.get("upgrade") == "improve" else "power"
        entry.pop("power", None)
        entry.pop("characteristic", None)
        if value:
            entry[field] = value
        self.draft.set(f"/levels/{n}", entry)
        self.dialog.changed()

    def _remove(self, n: int) -> None:
        self.draft.remove(f"/levels/{n}")
        # The levels after it now have other numbers: one whose upgrade that number does not give takes the
        # upgrade the model says it gives (its pick is dropped).
        for k, row in enumerate(self._facts().get("rows") or []):
            entry = self._entries()[k]
            ups = row.get("upgrades") or []
            if ups and entry.get("upgrade") not in ups:
                self.draft.set(f"/levels/{k}", {"officer": entry.get("officer"), "upgrade": ups[0]})
        self.dialog.changed()

    def empty(self) -> bool:
        return not self._entries()
