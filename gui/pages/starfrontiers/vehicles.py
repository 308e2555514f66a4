"""The Vehicles page: the rules pack's vehicles with their price, daily rent, speeds, capacity and who may drive
them (model/systems/starfrontiers/vehicles.py: vehicle_offers), and the vehicles the character owns or rents,
each with its days rented, a street rental tick, the passengers and cargo aboard and what it costs.

Every control is bound to its JSON Pointer (/vehicles/<i>/...), so the checks' messages (SF-VEH-02 passengers
and cargo, SF-VEH-03 operator, SF-VEH-11 street rental and ID card, SF-VEH-13 credits) sit on the control that
answers them; every change is one edit on the undo stack (model/systems/starfrontiers/actions.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QDoubleSpinBox, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QSpinBox, QWidget)

from model.systems.starfrontiers import actions
from model.systems.starfrontiers.tables import tables
from model.systems.starfrontiers.vehicles import vehicle_offers

from ...widgets.common import Card, WrapLabel, hint, live_with_selection, show_all_rows
from ...widgets.rows_model import KEY_ROLE, Row, RowsModel
from ..base import Page
from .equipment import _table

HEADS = ("Vehicle", "Rented", "Days", "From the street", "Passengers", "Cargo", "Cost", "")


def market_rows(offers: list[dict]) -> list[Row]:
    rows = []
    for o in offers:
        drive = o["operator"] + ("" if o["can_drive"] else " (not this character)")
        rows.append(Row(key=o["name"], cells=(o["name"], o["class_label"], o["price_text"], o["rent_text"],
                                              o["speeds_short"], o["capacity"], drive),
                        tips=("", "", "" if o["affordable"] else "More than the credits left",
                              "Street rental possible" if o["street_rental"] else "Only at a rental or sales facility",
                              o["speeds_short"], o["capacity"], ""),
                        center=(2, 3)))
    return rows


class VehiclesPage(Page):
    title = "Vehicles"
    icon_name = "ship"
    prefixes = ("/vehicles",)
    object_name = "page_sf_vehicles"

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.start_form("Vehicles",
                        "Buy a vehicle at its price, or rent one for some days at its fee a day; both are paid from "
                        "the starting credits (Equipment page). Only hover and ground cars and cycles can be called "
                        "from the street; a renter needs an ID card.")
        self.column.addWidget(self._market_card())
        self.column.addWidget(self._owned_card(binder))
        self.column.addStretch(1)

    # -- the pack's vehicles ------------------------------------------------------------------------------
    def _market_card(self) -> Card:
        card = Card("Vehicles to buy or rent")
        self.market_model = RowsModel(["Vehicle", "Kind", "Price", "Rent", "Speeds", "Capacity", "Operator"],
                                      ["", "", "Purchase price", "Rental fee a day", "Speeds in m a turn (a row's tooltip says them in full)",
                                       "People (the operator and passengers) and cargo", "Who may drive it"])
        self.market = _table("sf_vehicle_market", "Vehicles to buy or rent")
        self.market.setModel(self.market_model)
        self._fill_market()
        self.market.resizeColumnsToContents()
        self.market.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.buy = QPushButton("&Buy")
        self.buy.setObjectName("sf_vehicle_buy")
        self.rent = QPushButton("&Rent")
        self.rent.setObjectName("sf_vehicle_rent")
        self.days = QSpinBox()
        self.days.setObjectName("sf_vehicle_days")
        self.days.setAccessibleName("Days to rent for")
        self.days.setRange(1, 100000)
        self.street = QCheckBox("called from the street")
        self.street.setObjectName("sf_vehicle_street")
        row = QHBoxLayout()
        row.addWidget(self.buy)
        row.addSpacing(12)
        row.addWidget(self.rent)
        row.addWidget(QLabel("for"))
        row.addWidget(self.days)
        row.addWidget(QLabel("days"))
        row.addSpacing(12)
        row.addWidget(self.street)
        row.addStretch(1)
        card.layout_.addLayout(row)
        card.add(self.market)
        show_all_rows(self.market)
        self.buy.clicked.connect(lambda: self._add(None))
        self.rent.clicked.connect(lambda: self._add(self.days.value()))
        self.market.doubleClicked.connect(lambda _i: self._add(None))
        live_with_selection(self.buy, self.market)
        live_with_selection(self.rent, self.market)
        return card

    def _fill_market(self) -> None:
        self.market_model.set_rows(market_rows(vehicle_offers(self.session.result.derived, self.t)))

    def _add(self, days: int | None) -> None:
        name = self.market.currentIndex().data(KEY_ROLE)
        if name:
            self.session.apply(actions.add_vehicle_edit(self.session.data, name, days,
                                                        street=days is not None and self.street.isChecked()))

    # -- the character's vehicles ---------------------------------------------------------------------------
    def _owned_card(self, binder) -> Card:
        card = Card("Owned and rented")
        self.owned_holder = QWidget()
        self.owned_holder.setObjectName("sf_vehicles")
        self.grid = QGridLayout(self.owned_holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(10)
        card.add(self.owned_holder)
        self.none = hint("No vehicles yet: pick one above and Buy or Rent it.")
        self.none.setObjectName("sf_vehicles_none")
        card.add(self.none)
        self.rules_text = WrapLabel()
        self.rules_text.setObjectName("sf_vehicle_rules")
        self.rules_text.setTextFormat(Qt.TextFormat.RichText)
        card.add(self.rules_text)
        self.shape: tuple[bool, ...] | None = None   # whether each vehicle's row is a rental's (rows rebuilt when it changes)
        binder.custom("/vehicles", self.owned_holder, self, lambda _v: self._rebuild(), deep=False)
        self._rebuild()
        return card

    def _rebuild(self) -> None:
        vehicles = self.session.data.get("vehicles") or []
        shape = tuple("rent_days" in v for v in vehicles)
        if shape != self.shape:
            self.shape = shape
            self.binder.drop(lambda b: b.pointer.startswith("/vehicles/"))
            while self.grid.count():
                item = self.grid.takeAt(0)
                if item is not None and (w := item.widget()) is not None:
                    w.setParent(None)
                    w.deleteLater()
            if vehicles:
                for c, text in enumerate(HEADS):
                    head = QLabel(f"<b>{text}</b>")
                    self.grid.addWidget(head, 0, c)
            for i, entry in enumerate(vehicles):
                self._row(i, entry)
            for n in range(self.grid.count()):   # shown now, not when the event loop next runs
                item = self.grid.itemAt(n)
                if item is not None and (w := item.widget()) is not None and self.owned_holder.isVisible():
                    w.show()
            self.binder.paint()
            self.tabs_stale()
        self._show_costs()

    def _row(self, i: int, entry: dict) -> None:
        session, binder, r = self.session, self.binder, i + 1
        base = f"/vehicles/{i}"
        name = QLabel(str(entry.get("name", "")))
        name.setObjectName(f"sf_vehicle_name_{i}")
        self.grid.addWidget(name, r, 0)
        binder.custom(base, name, self, lambda v, w=name: w.setText(str((v or {}).get("name", ""))), deep=False)
        rented = QCheckBox()
        rented.setObjectName(f"sf_vehicle_rented_{i}")
        rented.setAccessibleName(f"{entry.get('name', '')} rented (untick: owned)")
        rented.setChecked("rent_days" in entry)
        rented.clicked.connect(lambda on, i=i: self._set(i, "rent_days", 1 if on else None))
        self.grid.addWidget(rented, r, 1)
        days = self._spin(QSpinBox(), f"sf_vehicle_days_{i}", f"Days the {entry.get('name', '')} is rented", 1, 100000)
        days.setEnabled("rent_days" in entry)
        self._bind(days, i, "rent_days", int, 1)
        self.grid.addWidget(days, r, 2)
        street = QCheckBox()
        street.setObjectName(f"sf_vehicle_street_{i}")
        street.setAccessibleName(f"{entry.get('name', '')} called from the street")
        street.setEnabled("rent_days" in entry or bool(entry.get("street")))
        street.clicked.connect(lambda on, i=i: self._set(i, "street", True if on else None))
        binder.custom(f"{base}/street", street, self, lambda v, w=street: w.setChecked(bool(v)), deep=False)
        self.grid.addWidget(street, r, 3)
        people = self._spin(QSpinBox(), f"sf_vehicle_passengers_{i}", f"Passengers aboard the {entry.get('name', '')}",
                            0, 100000)
        self._bind(people, i, "passengers", int, 0)
        self.grid.addWidget(people, r, 4)
        cargo = self._spin(QDoubleSpinBox(), f"sf_vehicle_cargo_{i}", f"Cargo aboard the {entry.get('name', '')} (kg)",
                           0, 10_000_000)
        cargo.setSuffix(" kg")
        cargo.setDecimals(1)
        self._bind(cargo, i, "cargo_kg", float, 0)
        self.grid.addWidget(cargo, r, 5)
        cost = QLabel()
        cost.setObjectName(f"sf_vehicle_cost_{i}")
        self.grid.addWidget(cost, r, 6)
        remove = QPushButton("Remove")
        remove.setObjectName(f"sf_vehicle_remove_{i}")
        remove.setAccessibleName(f"Remove the {entry.get('name', '')}")
        remove.clicked.connect(lambda _=False, i=i: session.apply(actions.remove_vehicle_edit(session.data, i)))
        self.grid.addWidget(remove, r, 7)

    def _spin(self, box, name: str, accessible: str, low, high):
        box.setObjectName(name)
        box.setAccessibleName(accessible)
        box.setRange(low, high)
        box.setKeyboardTracking(False)   # typing "120" is one edit, not three
        return box

    def _bind(self, box, i: int, key: str, number, default) -> None:
        def show(v):
            box.blockSignals(True)
            box.setValue(number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else default)
            box.blockSignals(False)
        self.binder.custom(f"/vehicles/{i}/{key}", box, self, show, deep=False)
        show((self.session.data["vehicles"][i]).get(key))
        box.valueChanged.connect(lambda v: self._set(i, key, number(v), source=box))

    def _set(self, i: int, key: str, value, source=None) -> None:
        if i >= len(self.session.data.get("vehicles") or []):
            return
        edit = actions.vehicle_value_edit(self.session.data, i, key, value)
        if edit is not None:
            self.session.apply(edit, source=source)

    def _show_costs(self) -> None:
        d = self.session.result.derived or {}
        rows = d.get("vehicles") or []
        for i, v in enumerate(rows):
            label = self.owned_holder.findChild(QLabel, f"sf_vehicle_cost_{i}")
            if label is not None:
                label.setText(f"{v['cost']:,} Cr")
                label.setToolTip(v.get("how", ""))
        self.none.setVisible(not rows)
        known = [v for v in rows if v.get("known")]
        lines: list[tuple[str, str]] = []
        for v in known:
            if v["name"] not in [x[0] for x in lines]:
                lines.append((v["name"], f"<b>{v['name']}</b>: {v['speeds']}. {v['notes']} ({', '.join(v['rules'])})"))
        left = d.get("credits_left")
        money = (f"Vehicles cost {d.get('vehicle_costs', 0):,} Cr; credits left {left:,} Cr."
                 if isinstance(left, int) else "")
        self.rules_text.setText("<br>".join([money] + [text for _n, text in lines]) if rows else "")

    def on_changed(self, change) -> None:
        whole = "" in change.touched
        if whole or change.derived_changed & {"credits_left", "psa"}:
            self._fill_market()
        if whole or change.derived_changed & {"vehicles", "vehicle_costs", "credits_left"}:
            self._show_costs()
        if whole or any(p.startswith("/vehicles") for p in change.touched):
            self._rebuild()
