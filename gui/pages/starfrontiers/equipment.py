"""The Equipment page: starting credits, the shop (the pack's lists with cost and mass), what the character
owns, and running totals of credits and mass against the carrying capacity. Buying and selling are one
undo step each; encumbrance is shown, never blocked."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QHeaderView,
                               QLabel, QPushButton, QSpinBox, QTableWidget, QTableWidgetItem, QTreeWidget,
                               QTreeWidgetItem)

from model import edits
from model import pointer as jp
from model.systems.starfrontiers import actions
from model.systems.starfrontiers.next_step import next_step
from model.systems.starfrontiers.tables import tables

from ...widgets.common import Card, Meter, badge, centered, heading, hint, live_with_selection, with_badge
from ..base import Page

ROLE = Qt.ItemDataRole.UserRole
CATEGORIES = [("pack", "Standard equipment pack"), ("weapon", "Weapons"), ("grenade", "Grenades"),
              ("defense", "Defenses"), ("ammunition", "Ammunition and power packs"), ("gear", "Other equipment"),
              ("toolkit", "Tool kits"), ("explosive", "Explosives")]


def _cr(v) -> str:
    return "not stated" if v is None else f"{v:,} Cr"


def _kg(v) -> str:
    return "not stated" if v is None else f"{v:g} kg"


class EquipmentPage(Page):
    title = "Equipment"
    icon_name = "soldiers"
    prefixes = ("/equipment", "/credits")
    object_name = "page_sf_equipment"

    def next_step(self) -> str:
        return next_step("equipment", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        self.column.addWidget(heading("Equipment"))
        self.add_next_step()
        self.column.addWidget(hint("The rulebook gives no starting money: enter what your referee allows. "
                                   "Double-click an item in the shop to buy it. Items the rulebook prices as "
                                   "'not stated' cost what you enter; issued items cost nothing."))
        money = Card("Credits and mass")
        form = QFormLayout()
        self.credits = QSpinBox()
        self.credits.setObjectName("sf_credits")
        self.credits.setAccessibleName("Starting credits")
        self.credits.setRange(0, 1_000_000_000)
        self.credits.setSingleStep(50)
        self.credits.setSuffix(" Cr")
        self.credits.setMaximumWidth(220)
        self.credits_badge = badge()
        self.money = Meter("Credits spent")
        self.money.setObjectName("sf_money")
        self.mass = Meter("Mass carried")
        self.mass.setObjectName("sf_mass")
        form.addRow("Starting c&redits", with_badge(self.credits, self.credits_badge))
        form.addRow("Spent", self.money)
        form.addRow("Carried", self.mass)
        money.layout_.addLayout(form)
        self.column.addWidget(money)

        row = QHBoxLayout()
        row.setSpacing(12)
        shop = Card("Shop")
        self.shop = QTreeWidget()
        self.shop.setObjectName("sf_shop")
        self.shop.setAccessibleName("Shop: items to buy")
        self.shop.setHeaderLabels(["Item", "Cost", "Mass"])
        self.shop.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.shop.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.shop.header().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.shop.header().setStretchLastSection(False)
        self.shop.setMinimumHeight(360)
        for cat, label in CATEGORIES:
            items = [i for i in t.pack["items"] if i["category"] == cat]
            if not items:
                continue
            parent = QTreeWidgetItem([label])
            parent.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.shop.addTopLevelItem(parent)
            for it in items:
                child = QTreeWidgetItem([it["name"], _cr(it["cost"]), _kg(it["mass"])])
                tip = it["notes"]
                if it.get("weapon"):
                    w = it["weapon"]
                    tip = f"Damage {w['damage']}; ammo use {w['ammo_use']}; {w['range']}.\n{tip}"
                child.setToolTip(0, tip)
                child.setData(0, ROLE, it["name"])
                child.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
                child.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
                parent.addChild(child)
            parent.setExpanded(cat in ("pack", "weapon", "grenade", "defense"))
        shop.add(self.shop, 1)
        self.buy = QPushButton("&Buy one")
        self.buy.setObjectName("sf_buy")
        self.buy_issued = QPushButton("Add as &issued (free)")
        self.buy_issued.setObjectName("sf_buy_issued")
        b = QHBoxLayout()
        b.addWidget(self.buy)
        b.addWidget(self.buy_issued)
        b.addStretch(1)
        shop.layout_.addLayout(b)
        row.addWidget(shop, 2)

        owned = Card("Owned")
        self.owned = QTableWidget(0, 6)
        self.owned.setObjectName("sf_owned")
        self.owned.setAccessibleName("Equipment owned")
        self.owned.setHorizontalHeaderLabels(["Item", "No.", "Cost", "Mass", "Carried", "Notes"])
        self.owned.horizontalHeaderItem(4).setToolTip("Untick to stow an item elsewhere: it adds no mass")
        self.owned.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.owned.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.owned.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.owned.verticalHeader().hide()
        self.owned.setAlternatingRowColors(True)
        h = self.owned.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self._row_shape: tuple | None = None
        self.owned.setMinimumHeight(300)
        self.owned_badge = badge()
        owned.add(with_badge(self.owned, self.owned_badge), 1)
        self.sell = QPushButton("&Sell one")
        self.sell.setObjectName("sf_sell")
        owned.add(self.sell)
        self.arms = QLabel()
        self.arms.setObjectName("sf_arms")
        self.arms.setWordWrap(True)
        owned.add(self.arms)
        row.addWidget(owned, 3)
        self.column.addLayout(row)
        self.column.addStretch(1)

        def refresh_credits(v):
            self.credits.blockSignals(True)
            self.credits.setValue(int(v or 0))
            self.credits.blockSignals(False)
        binder.custom("/credits", self.credits, self, refresh_credits, deep=False, badge=self.credits_badge)
        self.credits.valueChanged.connect(lambda v: binder.set_value("/credits", v, self.credits, typing=True))
        binder.custom("/equipment", self.owned, self, lambda _v: self._refresh_owned(), deep=True,
                      badge=self.owned_badge, select=self._select)
        self.shop.itemDoubleClicked.connect(lambda item, _c: self._buy(item))
        self.buy.clicked.connect(lambda: self._buy(self.shop.currentItem()))
        self.buy_issued.clicked.connect(lambda: self._buy(self.shop.currentItem(), issued=True))
        self.sell.clicked.connect(self._sell)
        live_with_selection(self.sell, self.owned)
        for b in (self.buy, self.buy_issued):  # a category heading is no item to buy
            self.shop.currentItemChanged.connect(lambda item, _p, b=b: b.setEnabled(bool(item and item.data(0, ROLE))))
            b.setEnabled(False)
        self._refresh_totals()

    def _buy(self, item, issued: bool = False) -> None:
        name = item.data(0, ROLE) if item is not None else None
        if name:
            self.session.apply(actions.buy_edit(self.session.data, name, issued))

    def _sell(self) -> None:
        r = self.owned.currentRow()
        if 0 <= r < len(self.session.data.get("equipment", [])):
            self.session.apply(actions.sell_edit(self.session.data, r))

    def _select(self, pointer: str) -> None:
        parts = pointer.split("/")
        if len(parts) > 2 and parts[2].isdigit():
            self.owned.selectRow(int(parts[2]))

    def on_changed(self, change) -> None:
        if change.derived_changed:
            self._refresh_totals()
            self._refresh_owned()

    def _refresh_owned(self) -> None:
        d = self.session.result.derived
        entries = self.session.data.get("equipment", [])
        rows = d.get("equipment", []) if d else []
        self._detach_controls(len(entries))
        self.owned.setRowCount(len(entries))
        issues_by_row: dict[int, list[str]] = {}
        for i in self.session.issues:
            parts = i.pointer.split("/")
            if len(parts) > 2 and parts[1] == "equipment" and parts[2].isdigit():
                issues_by_row.setdefault(int(parts[2]), []).append(i.message)
        for r, entry in enumerate(entries):
            row = rows[r] if r < len(rows) else {}
            notes = []
            if row.get("issued"):
                notes.append("issued")
            if row.get("carried") is False:
                notes.append("stowed")
            if row.get("known") and not row.get("mass_stated"):
                notes.append("mass not stated")
            notes += issues_by_row.get(r, [])
            cells = [entry.get("name", ""), str(entry.get("count", 1)),
                     "" if row.get("price_entry") or row.get("may_be_custom") else
                     "issued" if row.get("issued") else f"{row.get('cost', 0):,} Cr",
                     "" if row.get("mass_entry") else
                     f"{row.get('mass_total', 0):g} kg" if row.get("mass_stated") or row.get("mass_total") else "–",
                     "", "; ".join(notes)]
            for c, text in enumerate(cells):
                it = self.owned.item(r, c)
                if it is None:
                    it = QTableWidgetItem()
                    self.owned.setItem(r, c, it)
                it.setText(text)
                it.setToolTip("\n".join(issues_by_row.get(r, [])))
        self._row_controls(entries, rows)

    # ---- the controls the messages ask for: carried, price and mass entered, custom item ----------------
    def _row_controls(self, entries: list, rows: list) -> None:
        """A Carried tick on every row; a price or mass field where the player enters it (the model says
        where: derive's price_entry, mass_entry); a Custom item button for a name not in the lists."""
        shape = tuple((r.get("price_entry"), r.get("mass_entry"), r.get("may_be_custom")) for r in rows)
        if shape != self._row_shape or len(rows) != len(entries):
            self._row_shape = shape
            self.binder.drop(lambda b: b.pointer.startswith("/equipment/"))
            self._detach_controls(0)
            for r, row in enumerate(rows[:len(entries)]):
                self._build_row(r, row)
            self.binder.paint()
        for r, row in enumerate(rows[:len(entries)]):
            tick = self.owned.findChild(QCheckBox, f"sf_carried_{r}")
            if tick is not None and tick.isChecked() != bool(row.get("carried", True)):
                tick.setChecked(bool(row.get("carried", True)))

    def _detach_controls(self, from_row: int) -> None:
        """Take the row controls from `from_row` on out of the table now (Qt would only delete them later)."""
        for r in range(from_row, self.owned.rowCount()):
            for c in (2, 3, 4):
                w = self.owned.cellWidget(r, c)
                if w is not None:
                    self.owned.removeCellWidget(r, c)
                    w.setParent(None)

    def _build_row(self, r: int, row: dict) -> None:
        ptr, name = f"/equipment/{r}", row.get("name", "")
        tick = QCheckBox()
        tick.setObjectName(f"sf_carried_{r}")
        tick.setAccessibleName(f"{name} carried (untick to stow it elsewhere)")
        tick.setChecked(bool(row.get("carried", True)))
        tick.clicked.connect(lambda checked, r=r: self._set_carried(r, checked))
        self.owned.setCellWidget(r, 4, centered(tick))
        if row.get("may_be_custom"):
            custom = QPushButton("Make it a custom item")
            custom.setObjectName(f"sf_custom_{r}")
            custom.setToolTip("Not in the equipment lists: keep it as your own item and enter its price and mass")
            custom.clicked.connect(lambda _=False, r=r: self.session.apply(edits.Set(f"/equipment/{r}/custom", True)))
            self.owned.setCellWidget(r, 2, custom)
        if row.get("price_entry"):
            price = QSpinBox()
            price.setRange(0, 1_000_000_000)
            price.setSuffix(" Cr each")
            self._bind_entry(price, f"{ptr}/price", f"sf_price_{r}", f"Price paid for each {name}")
            self.owned.setCellWidget(r, 2, price)
        if row.get("mass_entry"):
            mass = QDoubleSpinBox()
            mass.setRange(0, 1_000_000)
            mass.setDecimals(2)
            mass.setSuffix(" kg each")
            self._bind_entry(mass, f"{ptr}/mass", f"sf_mass_{r}", f"Mass of each {name}")
            self.owned.setCellWidget(r, 3, mass)
        self.owned.resizeColumnsToContents()

    def _bind_entry(self, box, pointer: str, name: str, accessible: str) -> None:
        box.setObjectName(name)
        box.setAccessibleName(accessible)
        box.setKeyboardTracking(False)  # typing "120" is one edit, not three
        number = int if isinstance(box, QSpinBox) else float

        def show(v):
            box.blockSignals(True)
            box.setValue(number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0)
            box.blockSignals(False)
        self.binder.custom(pointer, box, self, show, deep=False)
        box.valueChanged.connect(lambda v: self.binder.set_value(pointer, number(v), box))

    def _set_carried(self, r: int, carried: bool) -> None:
        ptr = f"/equipment/{r}/carried"
        if carried:  # carried is the default: the key goes
            if jp.exists(self.session.data, ptr):
                self.session.apply(edits.Remove(ptr))
        else:
            self.session.apply(edits.Set(ptr, False))

    def _refresh_totals(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        spent, start, left = d["credits_spent"], d["credits_start"], d["credits_left"]
        self.money.set(spent, max(start, 1), f"{spent:,} of {start:,} Cr spent",
                       f"{left:,} Cr left" if left >= 0 else f"{-left:,} Cr short: credits may not go below zero",
                       None if left >= 0 else "error")
        cap = d["carrying_capacity"]
        mass = d["total_mass"]
        if not cap["enabled"]:
            self.mass.set(0, 1, f"{mass:g} kg carried", "The optional encumbrance rule is off in these rules")
        elif cap["max_kg"] is None:
            self.mass.set(0, 1, f"{mass:g} kg", "Roll STR/STA to know how much the character can carry")
        else:
            over = mass > cap["max_kg"]
            words = (f"over the {cap['max_kg']:g} kg STR allows" if over else
                     f"encumbered: movement halved (free up to {cap['free_kg']:g} kg)" if d["encumbered"] else
                     f"free up to {cap['free_kg']:g} kg, at most {cap['max_kg']:g} kg")
            self.mass.set(int(round(mass)), int(cap["max_kg"]) or 1, f"{mass:g} of {cap['max_kg']:g} kg", words,
                          "error" if over else ("warning" if d["encumbered"] else None))
        self.mass.setToolTip(cap.get("how", ""))
        lines = []
        for w in d.get("weapons", []):
            ammo = "" if w["ammo"] in (None, "grenade") else f" · {w['ammo_carried']} × {w['ammo']} = {w['shots']} shots"
            lines.append(f"<b>{w['name']}</b> {w['damage']}{ammo}")
        for s in d.get("defenses", []):
            lines.append(f"<b>{s['name']}</b>: {s['how']}")
        self.arms.setText("<br>".join(lines))
