"""The Owned table's rows and the inputs its messages ask for: a Carried tick on every row, a price or mass
field where the player enters one (the model's offer says where), and a Custom item button for a name the
lists do not know. The controls sit in the table's cells and are rebuilt only when the rows' shape changes."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QPushButton, QSpinBox, QTableView, QWidget

from model.systems.starfrontiers import actions

from ...widgets.common import centered
from ...widgets.rows_model import Row, RowsModel

PRICE, MASS, CARRIED = 2, 3, 4


def owned_rows(offers: list[dict]) -> list[Row]:
    return [Row(key=o["pointer"], pointer=o["pointer"], cells=(o["name"], str(o["count"]), o["cost_text"],
                                                               o["mass_text"], "", o["notes"]),
                tips=("", "", "", "", "", o["notes"]),
                center=(1,)) for o in offers]


class OwnedControls:
    def __init__(self, page, view: QTableView, model: RowsModel):
        self.page, self.view, self.model = page, view, model
        self.shape: tuple | None = None

    def _offers(self) -> list[dict]:
        return self.page.session.result.offers["owned"]

    def update(self) -> None:
        """Rebuild the row controls when the rows' shape changed; else only set the ticks to the document."""
        offers = self._offers()
        shape = tuple((o["price_entry"], o["mass_entry"], o["may_be_custom"]) for o in offers)
        old = self.shape or ()
        if len(offers) != self.model.rowCount():
            pass    # the rows follow the document first (the binder's refresh); built then
        elif shape[:len(old)] == old and self.shape is not None and len(shape) > len(old):
            self.shape = shape       # entries added at the end (a buy): only their rows get controls
            for r in range(len(old), len(offers)):
                self._build_row(r, offers[r])
            self.page.binder.paint()
        elif shape != self.shape:
            self.shape = shape
            self.page.binder.drop(lambda b: b.pointer.startswith("/equipment/"))
            self._detach()
            for r, o in enumerate(offers):
                self._build_row(r, o)
            self.page.binder.paint()
        self.view.resizeColumnsToContents()
        for r, o in enumerate(offers):
            tick = self.view.findChild(QCheckBox, f"sf_carried_{r}")
            if tick is not None and tick.isChecked() != o["carried"]:
                tick.setChecked(o["carried"])

    def _detach(self) -> None:
        """Take every row control out of the table now (Qt would only delete them later)."""
        for w in self.view.findChildren(QWidget):
            name = w.objectName()
            if name.startswith(("sf_carried_", "sf_custom_", "sf_price_", "sf_mass_")):
                holder = w.parentWidget() if name.startswith("sf_carried_") else w
                if holder is not None:
                    holder.setParent(None)
                    holder.deleteLater()

    def _put(self, r: int, column: int, w: QWidget) -> None:
        self.view.setIndexWidget(self.model.index(r, column), w)

    def _build_row(self, r: int, o: dict) -> None:
        name, session = o["name"], self.page.session
        tick = QCheckBox()
        tick.setObjectName(f"sf_carried_{r}")
        tick.setAccessibleName(f"{name} carried (untick to stow it elsewhere)")
        tick.setChecked(o["carried"])
        tick.clicked.connect(lambda checked, r=r: self._set_carried(r, checked))
        self._put(r, CARRIED, centered(tick))
        if o["may_be_custom"]:
            custom = QPushButton("Make it a custom item")
            custom.setObjectName(f"sf_custom_{r}")
            custom.setToolTip("Not in the equipment lists: keep it as your own item and enter its price and mass")
            custom.clicked.connect(lambda _=False, r=r: session.apply(actions.make_custom_edit(r)))
            self._put(r, PRICE, custom)
        if o["price_entry"]:
            price = QSpinBox()
            price.setRange(0, 1_000_000_000)
            price.setSuffix(" Cr each")
            self._bind_entry(price, r, "price", f"Price paid for each {name}")
            self._put(r, PRICE, price)
        if o["mass_entry"]:
            mass = QDoubleSpinBox()
            mass.setRange(0, 1_000_000)
            mass.setDecimals(2)
            mass.setSuffix(" kg each")
            self._bind_entry(mass, r, "mass", f"Mass of each {name}")
            self._put(r, MASS, mass)

    def _bind_entry(self, box, r: int, key: str, accessible: str) -> None:
        pointer = f"/equipment/{r}/{key}"
        box.setObjectName(f"sf_{key}_{r}")
        box.setAccessibleName(accessible)
        box.setKeyboardTracking(False)  # typing "120" is one edit, not three
        box.setMaximumWidth(box.fontMetrics().horizontalAdvance(f"99999.99{box.suffix()}") + 36)
        number = int if isinstance(box, QSpinBox) else float
        session = self.page.session

        def show(v):
            box.blockSignals(True)
            box.setValue(number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0)
            box.blockSignals(False)

        def entered(v):
            if session.data["equipment"][r].get(key) != number(v):
                session.apply(actions.entry_value_edit(r, key, number(v)), source=box)
        self.page.binder.custom(pointer, box, self.page, show, deep=False)
        box.valueChanged.connect(entered)

    def _set_carried(self, r: int, carried: bool) -> None:
        edit = actions.carried_edit(self.page.session.data, r, carried)
        if edit is not None:
            self.page.session.apply(edit)
