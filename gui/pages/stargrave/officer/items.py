"""The equipment column of an officer page: the slot meter and the General Equipment List, each item ticked
while carried (a tick carries it, the same tick leaves it; a double-click carries one more)."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView

from model.systems.stargrave import actions

from ....widgets.common import Card, Meter, WrapLabel, badge, hint, with_badge
from ....widgets.fitted_views import fit_table
from ....widgets.rows_model import RowsModel
from .powers import _table
from .rows import item_rows


class Items(Card):
    def __init__(self, page):
        super().__init__("Equipment")
        self.page, self.role = page, page.role
        who, role = page.fig["label"], page.role
        self.slots = Meter(f"{who} item slots")
        self.slots.setObjectName(f"{role}_slot_meter")
        self.add(self.slots)
        label = WrapLabel("E&quipment list (free: only slots limit it)")
        self.add(label)
        self.model = RowsModel(["Item", "Slots", "Status"],
                               ["Tick to carry an item, untick to leave it; a double-click adds one more",
                                "Slots it uses (or would use) for this figure",
                                "Carried, fits, or why it cannot be carried now"])
        self.table = _table(self.model, f"{role}_item_list", f"Items the {who} can carry: tick one to carry it")
        label.setBuddy(self.table)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        fit_table(self.table)
        self.badge = badge()
        self.add(with_badge(self.table, self.badge))
        self.built_in = hint("")
        self.add(self.built_in)
        self.layout_.addStretch(1)
        self.model.toggled.connect(self._ticked)
        self.table.doubleClicked.connect(lambda i: self._add(self.model.rows[i.row()].data["name"]))

    def _add(self, name: str) -> None:
        self.page.apply(actions.add_item(self.role, name))

    def _ticked(self, key: str, on: bool) -> None:
        row = self.model.rows[self.model.row_of(key)]
        if on:
            self._add(row.data["name"])
        elif row.data["carried"]:
            index = int(row.data["carried"][-1]["pointer"].rsplit("/", 1)[1])
            self.page.apply(actions.remove_item(self.page.session.data, self.role, index))

    def refresh(self, _value=None) -> None:
        offers = self.page.offers
        items, carried = offers.get("items", []), offers.get("carried", [])
        self.model.set_rows_from((items, carried), lambda: item_rows(items, carried))

    def refresh_derived(self, d: dict) -> None:
        used, slots = d["slots_used"], d["slots"]
        over = used - slots
        words = (f"{over} slot{'s' if over != 1 else ''} over: untick items marked “does not fit”." if over > 0
                 else f"{-over} slot{'s' if -over != 1 else ''} free." if over < 0 else "All slots used.")
        self.slots.set(used, slots, f"{used} of {slots} slots", words, "error" if over > 0 else None)
        self.built_in.setText(("Built in, using no slots: " + ", ".join(d["built_in"]) + ".") if d["built_in"] else "")
        self.built_in.setVisible(bool(d["built_in"]))
