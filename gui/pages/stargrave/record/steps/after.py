"""Step 7: after the game. Hire, dismiss, re-equip the officers, move finds between the stash and the soldiers,
sell finds; the credits follow every action. Each action is one entry of the record's `after` list, in order."""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QListView, QListWidget,
                               QPushButton, QTableView, QVBoxLayout)

from model.systems.stargrave import record_choices as choices
from model.systems.stargrave.campaign_choices import stash_origins
from model.systems.stargrave.soldier_gear import trade_block

from .....widgets.common import Card, heading, hint
from .....widgets.rows_model import Row, RowsModel, rows_of
from .....widgets.tables import pick_view as list_view
from ..step import Step
from .common import ROLES, game_facts



def _table(cols: list[str], name: str, height: int) -> QTableView:
    view = list_view(RowsModel(cols), name, "", height)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return view


def soldier_rows(soldiers: list[dict]) -> list[Row]:
    return [Row(s.get("id", "") or str(r), (s.get("name") or "(unnamed)", s.get("type", ""),
                                            s.get("item") or s.get("slot_words") or "empty",
                                            "injured: starts at half Health" if s.get("injured") else "fit"),
                icons=("", "", "", "warning" if s.get("injured") else ""), data=s.get("id", ""))
            for r, s in enumerate(soldiers)]


def stash_rows(stash: list[dict], origins: dict) -> list[Row]:
    return [Row(f"{r}:{it.get('name', '')}", (it.get("name", ""), it.get("slots", ""),
                                              f"{it['value']} Cr" if isinstance(it.get("value"), int) else "",
                                              origins.get(it.get("name", ""), "this game" if it.get("kind") else "")),
                data=it.get("name", "")) for r, it in enumerate(stash)]


class AfterStep(Step):
    title = "After the game"
    object_name = "step_after"
    explain = ("Spend the loot: hire soldiers at their usual cost within the crew's limits, dismiss soldiers, "
               "re-equip the officers from the General Equipment List or the stash, give a find to a soldier's "
               "slot or take it back, and sell finds for their value. Each action is kept in order, and the "
               "credits follow.")
    parts = ("after",)

    def build(self) -> None:
        self.credits = heading("", 2)
        self.credits.setObjectName("afterCredits")
        self.column.addWidget(self.credits)
        self._top_row()
        self._middle_row()
        self._equipment_card()
        self.hire_button.clicked.connect(self._hire)
        self.dismiss.clicked.connect(self._dismiss)
        self.take_back.clicked.connect(self._take_back)
        self.sell.clicked.connect(self._sell)
        self.give.clicked.connect(self._give)
        self.trade.clicked.connect(self._trade)
        self.undo_action.clicked.connect(self._remove_action)
        self.type_combo.currentIndexChanged.connect(lambda _i: self._hire_note())
        self.roster.selectionModel().currentRowChanged.connect(lambda *_: self._buttons())
        self.stash.selectionModel().currentRowChanged.connect(lambda *_: self._buttons())

    def _top_row(self) -> None:
        """Hire, and the actions in order."""
        top = QHBoxLayout()
        hire = Card("Hire")
        grid = QGridLayout()
        from ...hire_fields import hire_fields
        self.type_combo, self.hire_name = hire_fields(self.t.pack, "hire")
        self.hire_button = QPushButton("&Hire")
        self.hire_button.setObjectName("hireButton")
        self.hire_note = hint()
        grid.addWidget(self.type_combo, 0, 0)
        grid.addWidget(self.hire_name, 0, 1)
        grid.addWidget(self.hire_button, 0, 2)
        hire.layout_.addLayout(grid)
        hire.add(self.hire_note)
        hire.layout_.addStretch(1)
        top.addWidget(hire, 3)

        actions = Card("In order")
        self.action_list = QListView()
        self.action_list.setModel(RowsModel(["Action"]))
        self.action_list.setObjectName("afterActions")
        self.action_list.setAccessibleName("What happens after the game, in order")
        self.action_list.setMinimumHeight(70)
        self.action_list.setMaximumHeight(130)
        self.undo_action = QPushButton("Remove action")
        self.undo_action.setObjectName("afterRemoveAction")
        actions.add(self.action_list)
        actions.add(self.undo_action)
        top.addWidget(actions, 2)
        self.column.addLayout(top)

    def _middle_row(self) -> None:
        """The soldiers after the game and the stash, with what can be done to them."""
        mid = QHBoxLayout()
        soldiers, self.roster, (self.dismiss, self.take_back, self.trade) = self._list_card(
            "Soldiers", ["Name", "Type", "Item slot", "Next game"], "afterRoster", "Soldiers after the game",
            [("&Dismiss", "dismissButton"), ("&Take item back", "takeBackButton"),
             ("Carbine for armour pistol", "tradeButton")])
        mid.addWidget(soldiers, 3)
        stash, self.stash, (self.sell, self.give) = self._list_card(
            "Stash", ["Item", "Slots", "Value", "From"], "afterStash", "The crew's stash",
            [("&Sell", "sellButton"), ("&Give to selected soldier", "giveButton")])
        mid.addWidget(stash, 2)
        self.column.addLayout(mid)
        self.give_note = hint()     # why the selected find cannot go to the selected soldier
        self.give_note.setObjectName("afterGiveNote")
        self.give_note.hide()
        self.column.addWidget(self.give_note)

    def _list_card(self, title: str, headers: list[str], name: str, spoken: str, buttons: list[tuple[str, str]]):
        """A card with a table of `headers` and a row of buttons under it: (card, table, buttons)."""
        card = Card(title)
        table = _table(headers, name, self.fontMetrics().height() * 2)
        table.setAccessibleName(spoken)
        table.setMinimumHeight(150)
        row = QHBoxLayout()
        made = []
        for text, object_name in buttons:
            b = QPushButton(text)
            b.setObjectName(object_name)
            row.addWidget(b)
            made.append(b)
        row.addStretch(1)
        card.add(table)
        card.layout_.addLayout(row)
        return card, table, made

    def _equipment_card(self) -> None:
        equip = Card("Officers' equipment")
        erow = QHBoxLayout()
        self.officer_lists: dict[str, QListWidget] = {}
        self.officer_add: dict[str, QComboBox] = {}
        for role in ROLES:
            col = QVBoxLayout()
            title = QLabel(self.t.figures[role]["label"])
            lst = QListWidget()
            lst.setObjectName(f"equip_{role}")
            lst.setAccessibleName(f"{self.t.figures[role]['label']}'s equipment")
            lst.setMaximumHeight(140)
            add = QComboBox()
            add.setObjectName(f"equip_{role}_add")
            add.setAccessibleName(f"Add an item to the {self.t.figures[role]['label']}")
            rm = QPushButton("Remove item")
            rm.setObjectName(f"equip_{role}_remove")
            add.activated.connect(lambda i, r=role, c=add: self._equip_add(r, c.itemData(i)))
            rm.clicked.connect(lambda _=False, r=role: self._equip_remove(r))
            col.addWidget(title)
            col.addWidget(lst)
            row = QHBoxLayout()
            row.addWidget(add, 1)
            row.addWidget(rm)
            col.addLayout(row)
            erow.addLayout(col)
            self.officer_lists[role] = lst
            self.officer_add[role] = add
        equip.layout_.addLayout(erow)
        self.column.addWidget(equip)

    def focus_first(self):
        return self.type_combo

    # -- reading the model --------------------------------------------------------------------------------
    @property
    def now(self) -> dict:
        return self.draft.after.derived or {}

    def _entries(self) -> list:
        return [e for e in (self.draft.record.get("after") or []) if isinstance(e, dict)]

    def refresh(self) -> None:
        d = self.now
        camp = d.get("campaign") or {}
        facts = game_facts(self.draft)
        self.credits.setText(f"Credits: {camp.get('credits', 0)} Cr" + (
            f"  (after the loot: {facts['credits_before_after']} Cr)" if "credits_before_after" in facts else ""))
        # actions in order, in words from the model
        words = facts.get("after") or []
        rows_of(self.action_list.model()).set_rows([
            Row(str(i), (f"{i + 1}. " + (words[i] if i < len(words) and isinstance(words[i], str)
                                        else choices.after_words(e)),)) for i, e in enumerate(self._entries())])
        self.undo_action.setEnabled(bool(self._entries()))
        # soldiers now
        self.roster.model().set_rows(soldier_rows(d.get("soldiers", [])))
        dr = self.draft
        pack = self.dialog.session.pack
        self.stash.model().set_rows(stash_rows(choices.stash_now(dr.data, dr.index, dr.record, pack), stash_origins(d)))
        for role in ROLES:
            carried = self._officer_items(role)
            lst = self.officer_lists[role]
            if [lst.item(i).text() for i in range(lst.count())] != carried:
                lst.clear()
                lst.addItems(carried)
            add = self.officer_add[role]
            offers = choices.equip_offers(dr.data, dr.index, dr.record, role, pack)
            shown = [("Add an item…", "")] + [(o["label"], o["value"]) for o in offers]
            if add.property("shown") != shown:
                add.setProperty("shown", shown)
                add.clear()
                for text, value in shown:
                    add.addItem(text, value)
        self._hire_note()
        self._buttons()

    def _give_offer(self) -> dict | None:
        """The model's word on giving the selected find to the selected soldier (SG-SOLD-05/10/14)."""
        name, sid = self._selected(self.stash), self._selected(self.roster)
        if not name or not sid:
            return None
        d = self.draft
        offers = choices.give_offers(d.data, d.index, d.record, sid, self.dialog.session.pack)
        return next((o for o in offers if o["name"] == name), None)

    def _buttons(self) -> None:
        soldier, item = self.roster.currentIndex().row() >= 0, self.stash.currentIndex().row() >= 0
        self.dismiss.setEnabled(soldier)
        self.take_back.setEnabled(soldier)
        self.sell.setEnabled(item)
        offer = self._give_offer() if item and soldier else None
        refused = f"{offer['reason']} ({offer['rule']})" if offer and not offer["fits"] else ""
        self.give.setEnabled(item and soldier and not refused)
        self.give.setToolTip(refused or "Give the selected find to the selected soldier's item slot")
        self.give_note.setText(refused)
        self.give_note.setVisible(bool(refused))
        # SG-SOLD-14: the armour's pistol traded for a carbine, while the item slot holds no find
        s = self._soldier_now()
        traded = bool(s.get("armour_trade"))
        block = "" if traded or not s else trade_block(self.t, self.t.soldiers.get(s.get("type")), s.get("item"))
        self.trade.setText("Pistol back for the armour" if traded else "Carbine for armour pistol")
        self.trade.setEnabled(bool(s) and (traded or (bool(s.get("trade_allowed")) and not block)))
        self.trade.setToolTip(block or "Trade the assault armour's pistol for a carbine; it fills the soldier's one "
                              "item slot (SG-SOLD-14)")

    def _soldier_now(self) -> dict:
        sid = self._selected(self.roster)
        return next((x for x in self.now.get("soldiers", []) if sid and x.get("id") == sid), {})

    def _trade(self) -> None:
        s = self._soldier_now()
        if s and (s.get("armour_trade") or self.trade.isEnabled()):
            self._append({"armour_trade": s["id"], "on": not s.get("armour_trade")})

    def _hire_note(self) -> None:
        name = self.type_combo.currentData()
        d = self.draft
        self.hire_note.setText(choices.hire_note(d.data, d.index, d.record, name, self.dialog.session.pack)
                               if name else "")

    def _officer_items(self, role: str) -> list[str]:
        d = self.draft
        return choices.officer_items(d.data, d.index, d.record, role, self.dialog.session.pack)

    # -- actions -------------------------------------------------------------------------------------------
    def _append(self, entry: dict) -> None:
        self.draft.set("/after/-", entry)
        self.dialog.changed()

    def _hire(self) -> None:
        kind = self.type_combo.currentData()
        if not kind:
            return
        d = self.draft
        self._append({"hire": choices.new_hire(d.data, d.index, d.record, kind, self.hire_name.text().strip(),
                                               self.dialog.session.pack)})
        self.hire_name.clear()

    def _selected(self, table: QTableView) -> str | None:
        r = table.currentIndex().row()
        rows = rows_of(table.model()).rows
        return rows[r].data if 0 <= r < len(rows) else None

    def _dismiss(self) -> None:
        sid = self._selected(self.roster)
        if sid:
            self._append({"dismiss": sid})

    def _take_back(self) -> None:
        sid = self._selected(self.roster)
        if sid:
            self._append({"take_back": sid})

    def _sell(self) -> None:
        name = self._selected(self.stash)
        if name:
            self._append({"sell": name})

    def _give(self) -> None:
        name, sid = self._selected(self.stash), self._selected(self.roster)
        offer = self._give_offer()
        if name and sid and (offer is None or offer["fits"]):
            self._append({"give": sid, "item": name})

    def _equip_entry(self, role: str) -> int | None:
        for i, e in enumerate(self._entries()):
            if e.get("equip") == role:
                return i
        return None

    def _set_equipment(self, role: str, items: list[str]) -> None:
        i = self._equip_entry(role)
        if i is None:
            self._append({"equip": role, "items": items})
        else:
            self.draft.set(f"/after/{i}/items", items)
            self.dialog.changed()

    def _equip_add(self, role: str, name: str) -> None:
        if name:
            self._set_equipment(role, self._officer_items(role) + [name])
        self.officer_add[role].setCurrentIndex(0)   # ready to add the next item

    def _equip_remove(self, role: str) -> None:
        lst = self.officer_lists[role]
        r = lst.currentRow()
        items = self._officer_items(role)
        if 0 <= r < len(items):
            self._set_equipment(role, items[:r] + items[r + 1:])

    def _remove_action(self) -> None:
        r = self.action_list.currentIndex().row()
        n = len(self._entries())
        if n:
            self.draft.remove(f"/after/{r if 0 <= r < n else n - 1}")
            self.dialog.changed()

    def empty(self) -> bool:
        return not self._entries()
