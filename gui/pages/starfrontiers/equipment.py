"""The Equipment page: starting credits, the shop (the pack's lists with cost and mass, and whether each
fits now), what the character owns, and running totals of credits and mass against the carrying capacity.
Buying and selling are one undo step each; encumbrance is shown, never blocked.

The shop and the Owned table are Qt model/views (gui/widgets/rows_model.py) filled from the model's offers
(model/systems/starfrontiers/offers.py): an edit repaints only the rows it changed; the binder paints each
entry's issues on its row. The inputs the messages ask for (price paid, mass, Carried, custom item) sit in
the Owned rows (gui/pages/starfrontiers/owned.py)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFormLayout, QHBoxLayout, QHeaderView, QLineEdit,
                               QPushButton, QSpinBox, QTableView)

from model.systems.starfrontiers import actions
from model.systems.starfrontiers.next_step import next_step
from model.systems.starfrontiers.offers import CATEGORIES
from model.systems.starfrontiers.tables import tables

from ...widgets.common import Card, Meter, WrapLabel, badge, live_with_selection, show_all_rows, with_badge
from ...widgets.row_in_view import follow_current
from ...widgets.rows_model import KEY_ROLE, Row, RowsModel
from ..base import Page


# the derived values each part of the page shows (it follows an edit only when one of them changed)
TOTALS = {"credits_spent", "credits_start", "credits_left", "total_mass", "carrying_capacity", "encumbered",
          "over_capacity", "weapons", "defenses"}
SHOP = {"credits_left", "psa", "possessions"}
OVER_BUDGET = "It costs more than the credits left (see Spent above): buying it takes them below zero."


def _table(name: str, accessible: str, row_height: int = 0) -> QTableView:
    view = QTableView()
    view.setObjectName(name)
    view.setAccessibleName(accessible)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(max(row_height, view.fontMetrics().height() + 10))
    return view


def shop_rows(offers: list[dict]) -> list[Row]:
    """The shop's items under their headings (a heading row's data is "heading")."""
    rows, heading = [], None
    for o in offers:
        if o["category"] != heading:
            heading = o["category"]
            rows.append(Row(key="#" + heading, cells=(o["category_label"], "", "", ""), data="heading"))
        # "over budget" without the amount: a change of credits then repaints only the rows that cross it
        note = "over budget" if o["blocked_by"] == "credits" else o["reason"]
        rows.append(Row(key=o["name"], cells=(o["name"], o["cost_text"], o["mass_text"],
                                              note or (f"{o['owned']} owned" if o["owned"] else "")),
                        tips=(o["tip"], "", "", OVER_BUDGET if o["blocked_by"] == "credits" else note),
                        center=(1, 2), data=o["category"]))
    return rows


class ShopModel(RowsModel):
    """The shop's rows: headings in bold, spanning the row, not selectable (nothing to buy there)."""

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.FontRole and self.rows[index.row()].data == "heading":
            font = QFont()
            font.setBold(True)
            return font
        return super().data(index, role)

    def flags(self, index):
        if index.isValid() and self.rows[index.row()].data == "heading":
            return Qt.ItemFlag.ItemIsEnabled
        return super().flags(index)


class CategoryFilter(QSortFilterProxyModel):
    """The shop's rows of one heading (or all) whose names hold the words searched for (any case, in any order);
    a heading shows while one of its items does."""

    def __init__(self, source: RowsModel, parent: QObject | None = None):
        super().__init__(parent)
        self.category = ""
        self.words: list[str] = []
        self.source = source   # the shop's rows (sourceModel() is typed as any model)
        self.setSourceModel(source)

    def show(self, category: str) -> None:
        self.beginFilterChange()
        self.category = category
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def search(self, text: str) -> None:
        self.beginFilterChange()
        self.words = text.casefold().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def _found(self, row: int) -> bool:
        r = self.source.rows[row]
        name = str(r.cells[0]).casefold()
        return (not self.category or r.data == self.category) and all(w in name for w in self.words)

    def filterAcceptsRow(self, row: int, parent) -> bool:
        r = self.source.rows[row]
        if r.data != "heading":
            return self._found(row)
        if self.category:
            return False   # one list: no heading
        if not self.words:
            return True
        # a heading with one of its items found (the items follow their heading until the next one)
        for n in range(row + 1, len(self.source.rows)):
            if self.source.rows[n].data == "heading":
                return False
            if self._found(n):
                return True
        return False

    def first_item(self) -> int:
        """The first row shown that is an item (not a heading), -1 if none."""
        return next((r for r in range(self.rowCount()) if not self.is_heading(r)), -1)

    def is_heading(self, r: int) -> bool:
        """Whether row r as shown is a heading."""
        return self.source.rows[self.mapToSource(self.index(r, 0)).row()].data == "heading"


class ShopKeys(QObject):
    """The shop's keys: Enter (or Return) on its list buys the item chosen, as a double-click does; Up and Down
    in the search field choose the item above or below (the typing stays in the field)."""

    def __init__(self, page: EquipmentPage):
        super().__init__(page)
        self.page = page

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent) or event.modifiers():
            return False
        if watched is self.page.shop and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.page.buy_current()
            return True
        if watched is self.page.search and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.page.step_choice(1 if event.key() == Qt.Key.Key_Down else -1)
            return True
        return False


class EquipmentPage(Page):
    title = "Equipment"
    icon_name = "soldiers"
    prefixes = ("/equipment", "/credits")
    object_name = "page_sf_equipment"

    def next_step(self) -> str:
        return next_step("equipment", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.start_form("Equipment",
                        "The rulebook gives no starting money: enter what your referee allows. "
                        "Find an item with the shop's search, then press Enter (or double-click it) to buy it. Items the rulebook prices as "
                        "'not stated' cost what you enter; issued items cost nothing.")
        self.column.addWidget(self._money_card(binder))
        row = QHBoxLayout()
        row.setSpacing(12)
        row.addWidget(self._shop_card(), 4)
        row.addWidget(self._owned_card(binder), 5)
        self.column.addLayout(row)
        self.column.addStretch(1)
        self._refresh_totals()

    def _money_card(self, binder) -> Card:
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

        def refresh_credits(v):
            self.credits.blockSignals(True)
            self.credits.setValue(int(v or 0))
            self.credits.blockSignals(False)
        binder.custom("/credits", self.credits, self, refresh_credits, deep=False, badge=self.credits_badge)
        self.credits.valueChanged.connect(lambda v: binder.set_value("/credits", v, self.credits, typing=True))
        return money

    def _shop_card(self) -> Card:
        shop = Card("Shop")
        self.kind = QComboBox()
        self.kind.setObjectName("sf_shop_kind")
        self.kind.setAccessibleName("Shop: which items to show")
        self.kind.addItem("All equipment", "")
        for cat, label in CATEGORIES:
            if any(i["category"] == cat for i in self.t.pack["items"]):
                self.kind.addItem(label, cat)
        self.shop_model = ShopModel(["Item", "Cost", "Mass", "Note"],
                                    ["", "Price each (the rulebook's)", "Mass each",
                                     "Whether buying one now fits: credits left, who may use it, how many owned"])
        self.shop_model.set_rows(shop_rows(self.session.result.offers["shop"]))
        self.shop_filter = CategoryFilter(self.shop_model, self)
        self.shop = _table("sf_shop", "Shop: items to buy")
        self.shop.setModel(self.shop_filter)
        # whole item names, cost and mass (measured once: they are the pack's); the note takes what is left.
        # Not ResizeToContents: that would measure every row again on each edit that changes a note.
        self.shop.resizeColumnsToContents()
        self.shop.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self._span_headings()
        self.shop_model.rowsInserted.connect(self._span_headings)
        self.shop_filter.layoutChanged.connect(self._span_headings)
        self.shop_filter.rowsInserted.connect(self._span_headings)
        self.shop_filter.rowsRemoved.connect(self._span_headings)
        self.buy = QPushButton("&Buy one")
        self.buy.setObjectName("sf_buy")
        self.buy_issued = QPushButton("Add as &issued (free)")
        self.buy_issued.setObjectName("sf_buy_issued")
        self.search = QLineEdit()
        self.search.setObjectName("sf_shop_search")
        self.search.setAccessibleName("Search the shop")
        self.search.setPlaceholderText("Search the shop: type part of a name, Enter buys the item chosen")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Shows the items whose names hold the words typed, chooses the first and brings it "
                               "into sight; the arrow keys choose another; Enter buys one of the item chosen.")
        shop.add(self.search)
        b = QHBoxLayout()   # above the list: the whole list shows (it grows with the page), the buttons stay in reach
        b.addWidget(self.kind, 1)
        b.addWidget(self.buy)
        b.addWidget(self.buy_issued)
        shop.layout_.addLayout(b)
        shop.add(self.shop)
        show_all_rows(self.shop)   # no scroll bar of its own inside the scrolling page
        self.kind.currentIndexChanged.connect(lambda i: self.shop_filter.show(self.kind.itemData(i)))
        self.shop.doubleClicked.connect(lambda index: self._buy(index.data(KEY_ROLE)))
        keys = ShopKeys(self)
        self.shop.installEventFilter(keys)
        self.search.installEventFilter(keys)
        follow_current(self.shop)    # a row chosen by typing or the arrows is scrolled into sight in the page
        self.search.textChanged.connect(self._search)
        self.search.returnPressed.connect(self.buy_current)
        self.buy.clicked.connect(lambda: self._buy(self.shop.currentIndex().data(KEY_ROLE)))
        self.buy_issued.clicked.connect(lambda: self._buy(self.shop.currentIndex().data(KEY_ROLE), issued=True))
        live_with_selection(self.buy, self.shop)
        live_with_selection(self.buy_issued, self.shop)
        return shop

    def _owned_card(self, binder) -> Card:
        from .owned import OwnedControls, owned_rows   # (imported with the form, not with the editor)
        owned = Card("Owned")
        self.owned_model = RowsModel(["Item", "No.", "Cost", "Mass", "Carried", "Notes"],
                                     ["", "How many", "Cost of them all (or the price paid, entered)",
                                      "Mass of them all (or the mass of each, entered)",
                                      "Untick to stow an item elsewhere: it adds no mass", ""])
        self.owned = _table("sf_owned", "Equipment owned", QSpinBox().sizeHint().height() + 4)
        self.owned.setModel(self.owned_model)
        # columns fitted when the rows change (OwnedControls.update), not ResizeToContents: that measures
        # every row again whenever anything on the page is laid out anew
        self.owned.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.owned_badge = badge()
        owned.add(with_badge(self.owned, self.owned_badge))
        self.controls = OwnedControls(self, self.owned, self.owned_model)
        self.owned_binding = binder.rows("/equipment", self.owned, self, self.owned_model,
                                         lambda _v: owned_rows(self.session.result.offers["owned"]))
        self.owned_binding.badge = self.owned_badge
        self.controls.update()
        self.sell = QPushButton("&Sell one")
        self.sell.setObjectName("sf_sell")
        owned.add(self.sell)
        self.arms = WrapLabel()
        self.arms.setObjectName("sf_arms")
        owned.add(self.arms)
        owned.layout_.addStretch(1)   # the list as tall as its rows, at the top beside the shop
        show_all_rows(self.owned)
        self.sell.clicked.connect(self._sell)
        live_with_selection(self.sell, self.owned)
        return owned

    def _span_headings(self, *_) -> None:
        """A heading row reads across the shop."""
        self.shop.clearSpans()
        for r in range(self.shop_filter.rowCount()):
            source = self.shop_filter.mapToSource(self.shop_filter.index(r, 0)).row()
            if self.shop_model.rows[source].data == "heading":
                self.shop.setSpan(r, 0, 1, self.shop_model.columnCount())

    def _search(self, text: str) -> None:
        """Show the items found and choose the first (brought into sight by `follow_current`)."""
        self.shop_filter.search(text)
        r = self.shop_filter.first_item() if text.strip() else -1
        if r >= 0:
            self.shop.setCurrentIndex(self.shop_filter.index(r, 0))
        elif text.strip():
            self.shop.clearSelection()

    def step_choice(self, step: int) -> None:
        """Choose the item `step` rows below (above, if negative) the one chosen, passing over headings."""
        n = self.shop_filter.rowCount()
        r = (self.shop.currentIndex().row() if self.shop.currentIndex().isValid() else -1 if step > 0 else n) + step
        while 0 <= r < n and self.shop_filter.is_heading(r):
            r += step
        if 0 <= r < n:
            self.shop.setCurrentIndex(self.shop_filter.index(r, 0))

    def buy_current(self) -> None:
        """Buy one of the item chosen in the shop (Enter in the list or the search field)."""
        index = self.shop.currentIndex()
        if index.isValid() and self.shop.selectionModel().isSelected(index):
            self._buy(index.data(KEY_ROLE))

    def _buy(self, name, issued: bool = False) -> None:
        if name and not name.startswith("#"):
            self.session.apply(actions.buy_edit(self.session.data, name, issued))

    def _sell(self) -> None:
        r = self.owned.currentIndex().row()
        if 0 <= r < len(self.session.data.get("equipment", [])):
            self.session.apply(actions.sell_edit(self.session.data, r))

    def on_changed(self, change) -> None:
        whole = "" in change.touched
        if whole or change.derived_changed & TOTALS:
            self._refresh_totals()
        if whole or change.derived_changed & SHOP:
            self.shop_model.set_rows(shop_rows(self.session.result.offers["shop"]))
        if whole or any(p.startswith("/equipment") for p in change.touched):
            self.controls.update()

    def _refresh_totals(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        spent, start, left = d["credits_spent"], d["credits_start"], d["credits_left"]
        self.money.set(spent, max(start, 1), f"{spent:,} of {start:,} Cr spent",
                       f"{left:,} Cr left" if left >= 0 else f"{-left:,} Cr short: credits may not go below zero",
                       None if left >= 0 else "error")
        self._refresh_mass(d)
        lines = []
        for w in d.get("weapons", []):
            ammo = "" if w["ammo"] in (None, "grenade") else f" · {w['ammo_carried']} × {w['ammo']} = {w['shots']} shots"
            lines.append(f"<b>{w['name']}</b> {w['damage']}{ammo}")
        for s in d.get("defenses", []):
            lines.append(f"<b>{s['name']}</b>: {s['how']}")
        self.arms.setText("<br>".join(lines))

    def _refresh_mass(self, d: dict) -> None:
        cap = d["carrying_capacity"]
        mass = d["total_mass"]
        if not cap["enabled"]:
            self.mass.set(0, 1, f"{mass:g} kg carried", "The optional encumbrance rule is not in play for this character (Optional rules, below the pages)")
        elif cap["max_kg"] is None:
            pair = self.t.pair_abbr(self.t.pair_of(self.t.encumbrance["ability"]))
            self.mass.set(0, 1, f"{mass:g} kg", f"Roll {pair} to know how much the character can carry")
        else:
            over = d["over_capacity"]
            words = (f"over the {cap['max_kg']:g} kg STR allows" if over else
                     f"encumbered: movement halved (free up to {cap['free_kg']:g} kg)" if d["encumbered"] else
                     f"free up to {cap['free_kg']:g} kg, at most {cap['max_kg']:g} kg")
            self.mass.set(int(round(mass)), int(cap["max_kg"]) or 1, f"{mass:g} of {cap['max_kg']:g} kg", words,
                          "error" if over else ("warning" if d["encumbered"] else None))
        self.mass.setToolTip(cap.get("how", ""))
