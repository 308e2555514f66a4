"""The Damage and repairs section of the ship page: the damage carried over between sessions, a form to make a
repair with its price and time shown before it is made, and the repairs made with their costs (SC-REP).

The section decides nothing: what is left, every price and time, which fields a repair uses and the issues it
would raise come from the model (Result.derived, Result.offers["repair"], ship/actions_repair.py). Making a repair
and removing the last one are one edit each (one undo step); the binder paints each repair's issues on its row.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox)

from model.systems.starchasers.ship import actions_repair as ar
from model.systems.starchasers.ship.repair import DESTROYED
from model.systems.starchasers.ship.actions import BadValue
from model.systems.starchasers.ship.offers import repair_target

from ... import theme
from ...widgets.common import Card, StatCell, WrapLabel, hint, show_all_rows
from ...widgets.rows_model import Row, RowsModel
from ...widgets.tables import pick_view
from .fields import show_words

PARTS = (("hull", "Hull"), ("structure", "Structure"), ("system", "System Damage"))
TIPS = {"what": "What the repair restores: Hull Points (SC-REP-07), System Damage (SC-REP-02) or Structure "
                "(SC-REP-03: only at a spaceport or drydock, 1 day per point).",
        "by": "A repair shop charges the table's price times its Reputability (SC-REP-04). The crew's Engineer pays "
              "System Damage parts at the Excellent modifier and no labour (SC-REP-05), restores Hull Points with "
              "a Deftness + Mechanics roll (SC-REP-01), and repairs Structure only at a drydock with Starship "
              "Hull Repair tools (SC-REP-03).",
        "place": "Where the ship is. Structure can be repaired only at a spaceport or a drydock (SC-REP-03).",
        "region": "Structure prices depend on where the repair bay is (Structure Repair Costs, SC-REP-04).",
        "reputability": "How reputable the shop is, or how it is disposed to the crew: the table's price is "
                        "multiplied by this (SC-REP-04).",
        "hull_repair_tools": "The crew may repair Structure themselves only with drydock access and Starship Hull "
                             "Repair tools (SC-REP-03).",
        "roll_hits": "A field hull repair: the Engineer rolls Deftness + Mechanics and each Hit restores one Hull "
                     "Point, at most the damage (SC-REP-01).",
        "points": "Points to restore: at most the damage that part has."}


class RepairSection(Card):
    def __init__(self, page, session, binder):
        super().__init__("Damage and repairs")
        self.setObjectName("repairSection")
        self.page, self.session, self.binder = page, session, binder
        self._points_for: tuple | None = None   # (part, its damage) the Points box was last started at
        self.add(hint("Damage is carried over from session to session until it is repaired: the Play view adds "
                      "it during a game, a repair here takes it away. Each repair's price and time follow the "
                      "rules' repair tables (hover a field for its rule)."))
        self._build_cells()
        self._build_form()
        self._build_log()
        binder.custom("/play", self, page, lambda _v: self.refresh(), deep=True)
        self.refresh()

    # ---- building -----------------------------------------------------------------------------------------
    def _build_cells(self) -> None:
        row = QHBoxLayout()
        self.cells: dict[str, StatCell] = {}
        for key, label in PARTS:
            cell = StatCell(label if key == "system" else f"{label} left", "")
            cell.setObjectName(f"damage_{key}")
            self.cells[key] = cell
            row.addWidget(cell)
        self.layout_.addLayout(row)

    def _combo(self, name: str, spoken: str) -> QComboBox:
        box = QComboBox()
        box.setObjectName(name)
        box.setAccessibleName(spoken)
        box.currentIndexChanged.connect(lambda _i: self.refresh_quote())
        return box

    def _build_form(self) -> None:
        offers = self.session.result.offers.get("repair", {})
        self.what = self._combo("repairWhat", "What the repair restores")
        self.by = self._combo("repairBy", "Who repairs")
        for o in offers.get("by", []):
            self.by.addItem(o["label"][:1].upper() + o["label"][1:], o["key"])
        self.place = self._combo("repairPlace", "Where the ship is")
        for o in offers.get("places", []):
            self.place.addItem(o["label"][:1].upper() + o["label"][1:], o["key"])
        self.region = self._combo("repairRegion", "Region of the repair bay")
        for o in offers.get("regions", []):
            self.region.addItem(o["label"], o["key"])
        self.reputability = self._combo("repairReputability", "The shop's Reputability or Disposition")
        for o in offers.get("reputability", []):
            self.reputability.addItem(o["label"], o["key"])
        self.reputability.setCurrentIndex(self.reputability.findData(offers.get("default_reputability")))
        self.points = QSpinBox()
        self.points.setObjectName("repairPoints")
        self.points.setAccessibleName("Points to restore")
        self.points.valueChanged.connect(lambda _v: self.refresh_quote())
        self.hits = QSpinBox()
        self.hits.setObjectName("repairHits")
        self.hits.setAccessibleName("Hits of the Engineer's Deftness + Mechanics roll")
        self.hits.setRange(0, 99)
        self.hits.valueChanged.connect(lambda _v: self.refresh_quote())
        self.tools = QCheckBox("Starship Hull Repair tools")
        self.tools.setObjectName("repairTools")
        self.tools.toggled.connect(lambda _v: self.refresh_quote())
        self.note = QLineEdit()
        self.note.setObjectName("repairNote")
        self.note.setAccessibleName("Note on the repair")
        self.note.setPlaceholderText("Note (optional): where, who, what broke")
        self.form_widgets = {"what": self.what, "by": self.by, "place": self.place, "region": self.region,
                             "reputability": self.reputability, "points": self.points, "roll_hits": self.hits,
                             "hull_repair_tools": self.tools}
        self.labels: dict[str, QLabel] = {}
        grid = QGridLayout()
        spots = [("what", "&Repair", 0, 0), ("points", "&Points", 0, 2), ("roll_hits", "H&its rolled", 0, 2),
                 ("by", "&By", 1, 0), ("place", "&Where", 1, 2), ("reputability", "Reputabili&ty", 2, 0),
                 ("region", "Re&gion", 2, 2)]
        for key, text, r, c in spots:
            label = QLabel(text)
            label.setBuddy(self.form_widgets[key])
            self.labels[key] = label
            grid.addWidget(label, r, c)
            grid.addWidget(self.form_widgets[key], r, c + 1)
        grid.addWidget(self.tools, 3, 1)
        grid.addWidget(self.note, 3, 2, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        for key, w in self.form_widgets.items():
            w.setToolTip(TIPS[key])
        self.layout_.addLayout(grid)
        self._build_buttons()

    def _build_buttons(self) -> None:
        self.quote = WrapLabel()
        self.quote.setObjectName("repairQuote")
        self.quote.setAccessibleName("What this repair costs and takes")
        f = self.quote.font()
        f.setBold(True)
        self.quote.setFont(f)
        self.add(self.quote)
        self.quote_how = hint()
        self.quote_how.setObjectName("repairQuoteHow")
        self.add(self.quote_how)
        row = QHBoxLayout()
        self.make = QPushButton("&Make this repair")
        self.make.setObjectName("repairMake")
        self.make.setToolTip("Record the repair and take its points off the damage (Edit › Undo takes it back).")
        self.make.clicked.connect(self.make_repair)
        self.remove_last = QPushButton("Remove &last repair")
        self.remove_last.setObjectName("repairRemoveLast")
        self.remove_last.setToolTip("Take the last repair off the list and put its points back as damage.")
        self.remove_last.clicked.connect(self.remove_last_repair)
        row.addWidget(self.make)
        row.addWidget(self.remove_last)
        row.addStretch(1)
        self.layout_.addLayout(row)

    def _build_log(self) -> None:
        self.model = RowsModel(["#", "Repair", "By, where", "Cost", "Time", "How it was priced"])
        self.table = pick_view(self.model, "repairLog", "Repairs made between sessions",
                               int(self.fontMetrics().height() * 1.9))
        self.add(self.table)
        show_all_rows(self.table)
        self.total = QLabel()
        self.total.setObjectName("repairTotal")
        self.add(self.total)
        self.binder.rows("/play/repairs", self.table, self.page, self.model, lambda _v: self.rows())

    # ---- showing what the model says ----------------------------------------------------------------------
    def rows(self) -> list[Row]:
        out = []
        for i, r in enumerate((self.session.result.derived or {}).get("repairs", []), start=1):
            who = r["by_label"] + (f", {r['reputability_label']}" if r["reputability_label"] else "")
            where = r["place_label"] + (f", {r['region_label']}" if r["region_label"] else "")
            how = "; ".join(r["how"] + r["notes"] + ([r["note"]] if r["note"] else []))
            out.append(Row(key=r["pointer"], pointer=r["pointer"], center=(0, 3, 4),
                           cells=(str(i), r["text"], f"{who}, {where}", r["cost_text"],
                                  r["time_text"], how),
                           tips=("", "", "", "\n".join(r["how"]), "", how)))
        return out

    def refresh(self) -> None:
        d = self.session.result.derived or {}
        offers = self.session.result.offers.get("repair", {})
        for key, _label in PARTS:
            p = (d.get("damage") or {}).get(key)
            if not p:
                continue
            if p["counted"]:
                self.cells[key].set(str(p["damage"]), f"{p['damage']} System Damage carried over, until repaired. "
                                    "It has no maximum: the System Durability is the Stress that causes it "
                                    "(SC-SHIP-13, SC-SCMB-06).")
                continue
            left, rating = ("?" if p["left"] is None else p["left"]), ("?" if p["rating"] is None else p["rating"])
            if key == "structure" and d.get("destroyed"):     # the model's SC-SCMB-13 words
                self.cells[key].set(f"0 of {rating}: destroyed", DESTROYED)
                continue
            self.cells[key].set(f"{left} of {rating}",
                                f"{p['label']} {rating} less {p['damage']} "
                                "damage carried over = {left} "
                                "(never below 0)." + ("" if p["rating"] is not None else
                                                     f" Set the ship's {p['label']} to see what is left."))
        current = self.what.currentData()
        self.what.blockSignals(True)
        self.what.clear()
        for o in offers.get("what", []):
            self.what.addItem(f"{o['label']} ({o['damage']} damage)", o["key"])
        # the part chosen while it carries damage, else the next damaged one (the model's choice, SC-REP)
        target = repair_target(offers, current)
        self.what.setCurrentIndex(max(self.what.findData(target["key"]), 0) if target else 0)
        self.what.blockSignals(False)
        self.remove_last.setEnabled(bool(offers.get("can_undo")))
        self.total.setText("Spent on repairs: " + d.get("repairs_total_text", ""))
        self.refresh_quote()

    def proposal(self) -> dict:
        return ar.proposal(self.what.currentData(), self.points.value(), self.by.currentData(),
                           self.place.currentData(), region=self.region.currentData(),
                           reputability=self.reputability.currentData(), hull_repair_tools=self.tools.isChecked(),
                           roll_hits=self.hits.value(), note=self.note.text().strip())

    def refresh_quote(self) -> None:
        """The fields this kind of repair uses, and its price, time and issues, as the model quotes them."""
        offers = self.session.result.offers.get("repair", {})
        what, by = self.what.currentData(), self.by.currentData()
        if what is None or by is None:
            return
        used = ar.fields(what, by)
        for key in ("points", "roll_hits", "region", "reputability", "hull_repair_tools"):
            self.form_widgets[key].setVisible(key in used)
            if key in self.labels:
                self.labels[key].setVisible(key in used)
        most = next((o["max_points"] for o in offers.get("what", []) if o["key"] == what), 0)
        self.points.setRange(1 if most else 0, max(most, 0))
        if self._points_for != (what, most):
            # another part, or its damage changed (a repair made, damage taken): the Points start at all the
            # damage it carries; a number typed stays while the part and its damage do
            self._points_for = (what, most)
            self.points.blockSignals(True)
            self.points.setValue(most)
            self.points.blockSignals(False)
        q = ar.quote(self.session.data, self.session.pack, self.proposal())
        if q["refused"]:
            show_words(self.quote, q["refused"], f"color: {theme.colour('warning')};")
            self.quote_how.setText("")
            self.make.setEnabled(False)
            return
        problems = [f"{i['message']} ({i['rule']})" for i in q["issues"]]
        show_words(self.quote, f"This repair: {q['text']} for {q['cost_text']}, taking {q['time_text']}."
                   + ("\n" + "\n".join(problems) if problems else ""),
                   f"color: {theme.colour('error')};" if problems else "")
        self.quote_how.setText("How: " + "; ".join(q["how"] + q["notes"]) + ".")
        self.make.setEnabled(True)

    # ---- actions --------------------------------------------------------------------------------------------
    def make_repair(self) -> None:
        try:
            edit = ar.record_repair(self.session.data, self.proposal())
        except BadValue as e:
            show_words(self.quote, str(e), f"color: {theme.colour('warning')};")
            return
        self.session.apply(edit)
        self.note.clear()

    def remove_last_repair(self) -> None:
        edit = ar.remove_last_repair(self.session.data)
        if edit is not None:
            self.session.apply(edit)

    def on_changed(self, change) -> None:
        if change.derived_changed & {"damage", "repairs", "repairs_total_text"}:
            self.refresh()
