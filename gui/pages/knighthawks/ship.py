"""The Ship page: name and side, the type picker with its limits, hull points (stations) and fighter
configuration, a counter per weapon and defense, and the derived values with how each was derived.

Widgets hold no rules: limits, what counts and every message come from the model (derived values and
issues); the counters may go above a limit, and the issue on the counter says why the excess does not count.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget)

from model import pointer as jp
from model.systems.knighthawks import DEFENSES, GROUPS, WEAPONS, actions, describe, tables
from model.systems.knighthawks.offers import GROUP_TITLE
from model.systems.knighthawks.next_step import next_step

from ... import theme
from ...widgets.common import Card, StatCell, WrapLabel, badge, form_card, hint, named, with_badge
from ...widgets.text_fields import LineField, NotesField
from ..base import Page

NONE = -1  # the hull-points and configuration pickers show "not chosen" for null


class Counter:
    """One weapon or defense: name, a counter bound to /<group>/<code>, the limit, and what it is (the
    model's offer for that entry says all of it)."""

    def __init__(self, page: ShipPage, group: str, offer: dict, grid: QGridLayout, row: int):
        self.page, self.group, self.code, self.index = page, group, offer["code"], row
        self.pointer = offer["pointer"]
        self.name = QLabel(offer["label"])
        self.name.setToolTip(offer["tip"])
        self.spin = QSpinBox()
        self.spin.setObjectName(f"count_{self.code}")
        self.spin.setAccessibleName(offer["accessible"])
        self.spin.setRange(-99, 999)        # a negative count read from a file is shown as it is
        self.spin.setKeyboardTracking(False)  # typing "12" is one edit, not "1" then "12"
        self.spin.setMinimumWidth(self.spin.fontMetrics().horizontalAdvance("0000") + 40)
        self.badge = badge()
        self.limit = WrapLabel()
        self.limit.setObjectName(f"limit_{self.code}")
        self.info = WrapLabel(offer["info"])
        self.name.setBuddy(self.spin)
        fm = self.name.fontMetrics()
        self.name.setMinimumWidth(fm.horizontalAdvance("Interceptor Missiles (ICM)") + 12)
        self.limit.setMinimumWidth(fm.horizontalAdvance("not carried by this type") + 12)
        grid.addWidget(self.name, row, 0)
        grid.addWidget(with_badge(self.spin, self.badge), row, 1)
        grid.addWidget(self.limit, row, 2)
        grid.addWidget(self.info, row, 3)
        self.spin.valueChanged.connect(self._edited)
        page.binder.custom(self.pointer, self.spin, page, self._refresh, deep=False, badge=self.badge)

    def _refresh(self, value) -> None:
        with QSignalBlocker(self.spin):
            self.spin.setValue(int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0)

    def _edited(self, value: int) -> None:
        session = self.page.session
        edit = actions.count_edit(session.data, self.group, self.code, value)
        if edit is not None:
            session.apply(edit, source=self.spin)

    def show_limit(self, offer: dict) -> None:
        """The type's limit beside the counter, and how many of those entered count (the model's offer)."""
        text = " · ".join(x for x in (offer["limit_text"], offer["reason"]) if x)
        self.limit.setText(text)
        self.limit.setStyleSheet(f"color: {theme.colour('error')};" if offer["reason"] else "")
        self.name.setEnabled(offer["fits"] or bool(offer["count"]))


class ShipPage(Page):
    title = "Ship"
    icon_name = "starwright"
    prefixes = ("/name", "/type", "/side", "/hull_points", "/configuration", "/weapons", "/defenses", "/notes",
                "/rules", "/portrait")
    portrait = True
    object_name = "page_ship"

    def next_step(self) -> str:
        return next_step(self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.start_form("Knight Hawks starship",
                        "Choose a type, then count the weapons and defenses aboard. A type's list is "
                        "the most a ship may carry; fewer is always allowed.")

        top = QHBoxLayout()
        top.setSpacing(12)
        about, form = form_card("Ship")
        self.name = named(LineField(), "shipName", "Ship name", "Name your ship")
        self.side = named(LineField(), "shipSide", "Side", "UPF, Sathar…")
        self.type = named(QComboBox(), "shipType", "Ship type")
        self.type.addItem("Choose a type…", "")
        # KH-SHIP-08 (an assault scout rearms only at stations, may land, cannot be attacked docked) and the
        # other table-time traits of a type are shown from its pack summary; nothing to decide while building
        offers = self.offers()
        for stype in offers["types"]:
            self.type.addItem(stype["name"], stype["name"])
            self.type.setItemData(self.type.count() - 1, stype["tip"], Qt.ItemDataRole.ToolTipRole)
        self.type_badge = badge()
        self.type_info = WrapLabel()
        self.type_info.setObjectName("typeLimits")
        self.hull = QSpinBox()
        self.hull.setObjectName("hullPoints")
        self.hull.setAccessibleName("Hull points")
        self.hull.setRange(NONE, 9999)
        self.hull.setSpecialValueText("not chosen")
        self.hull.setKeyboardTracking(False)
        self.hull_badge = badge()
        self.hull_row = with_badge(self.hull, self.hull_badge)
        self.config = QComboBox()
        self.config.setObjectName("configuration")
        self.config.setAccessibleName("Fighter weapon configuration")
        self.config_badge = badge()
        self.config_row = with_badge(self.config, self.config_badge)
        form.addRow("&Name", self.name)
        form.addRow("&Type", with_badge(self.type, self.type_badge))
        form.addRow("", self.type_info)
        form.addRow("H&ull points", self.hull_row)
        form.addRow("&Configuration", self.config_row)
        form.addRow("Si&de", self.side)
        self.form = form
        about.layout_.addLayout(form)
        top.addWidget(about, 3)
        top.addWidget(self._stats_card(), 2)
        self.column.addLayout(top)
        self._counter_cards(offers)
        self.column.addWidget(self._play_card())
        self.column.addWidget(self._notes_card())
        self.column.addStretch(1)

        binder.line_edit("/name", self.name, self)
        binder.line_edit("/side", self.side, self)
        binder.combo("/type", self.type, self, badge=self.type_badge)
        binder.custom("/hull_points", self.hull, self, self._refresh_hull, deep=False, badge=self.hull_badge)
        binder.custom("/configuration", self.config, self, self._refresh_config, deep=False, badge=self.config_badge)
        binder.plain_text("/notes", self.notes, self)
        self.hull.valueChanged.connect(self._hull_edited)
        self.config.activated.connect(self._config_edited)
        self._refresh_derived()

    def _stats_card(self) -> Card:
        stats = Card("Derived")
        grid = QGridLayout()
        grid.setSpacing(6)
        self.cells = {key: StatCell(label, key) for key, label in
                      (("hull_points", "Hull points"), ("adf", "ADF"), ("mr", "MR"))}
        for i, (key, cell) in enumerate(self.cells.items()):
            cell.setObjectName(f"stat_{key}")
            grid.addWidget(cell, 0, i)
        stats.layout_.addLayout(grid)
        self.traits = WrapLabel()
        self.traits.setObjectName("traits")
        stats.add(self.traits)
        stats.add(hint("Hover or tab to a value to see how it is derived."))
        return stats

    def offers(self) -> dict:
        """What the model offers; a document that does not fit its file format is not checked (evaluate gives no
        offers, the issues say where it is broken), so the page shows what the rules pack offers a blank ship."""
        return self.session.result.offers or self.session.kind.system.offers({}, {}, self.session.pack)

    def _counter_cards(self, offers: dict) -> None:
        self.counters: list[Counter] = []
        for group in GROUPS:
            card = Card(GROUP_TITLE[group])
            g = QGridLayout()
            g.setHorizontalSpacing(10)
            # The limit and the description share the spare width, so a limit with its "only n of m count"
            # reads on one line at the usual window size and wraps only when the window is narrow.
            g.setColumnStretch(2, 2)
            g.setColumnStretch(3, 3)
            for row, offer in enumerate(offers[group]):
                self.counters.append(Counter(self, group, offer, g, row))
            card.layout_.addLayout(g)
            card.add(self._others_row(group))
            self.column.addWidget(card)

    def _play_card(self) -> Card:
        play = Card("In play")
        self.phases = WrapLabel()
        self.phases.setObjectName("phases")
        self.phases.setTextFormat(Qt.TextFormat.RichText)
        self.supplies = WrapLabel()
        self.supplies.setObjectName("supplies")
        play.add(self.phases)
        play.add(self.supplies)
        return play

    def _notes_card(self) -> Card:
        notes = Card("Notes")
        self.notes = NotesField()
        self.notes.setObjectName("shipNotes")
        self.notes.setAccessibleName("Ship notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setMaximumHeight(90)
        notes.add(self.notes)
        return notes

    # -- entries whose code the rules pack does not know (kept, shown, removable in one undo step) ----
    def _others_row(self, group: str) -> QWidget:
        box = QWidget()
        lay = QHBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        label = WrapLabel()
        label.setObjectName(f"others_{group}")
        mark = badge()
        button = QPushButton("Remove these")
        button.setObjectName(f"remove_others_{group}")
        button.setAccessibleName(f"Remove the unknown {group}")
        lay.addWidget(label, 1)
        lay.addWidget(mark)
        lay.addWidget(button)

        def refresh(_value) -> None:
            unknown = self.offers()["unknown"][group]
            box.setVisible(bool(unknown))
            label.setText("Not in the rules pack (kept as written): " +
                          ", ".join(f"{u['code']} = {u['value']}" for u in unknown))

        def remove() -> None:
            self.session.apply(actions.remove_unknown_edit(self.session.data, group, self.t))
        button.clicked.connect(remove)
        self.binder.custom("/" + group, label, self, refresh, deep=True, badge=mark)
        return box

    # -- hull points and configuration (null = not chosen) ------------------------------------------
    def _refresh_hull(self, value) -> None:
        with QSignalBlocker(self.hull):
            self.hull.setValue(value if isinstance(value, int) and not isinstance(value, bool) else NONE)

    def _hull_edited(self, value: int) -> None:
        self.binder.set_value("/hull_points", None if value == NONE else value, self.hull)

    def _config_options(self) -> list[tuple[str, object]]:
        return [(c["label"], c["number"]) for c in self.offers()["configurations"]]

    def _refresh_config(self, value) -> None:
        with QSignalBlocker(self.config):
            self.config.clear()
            options = self._config_options()
            if value is not None and value not in [v for _, v in options]:
                options.append((f"{value} (not in the rules)", value))
            for label, v in options:
                self.config.addItem(label, v)
            self.config.setCurrentIndex([v for _, v in options].index(value))

    def _config_edited(self, index: int) -> None:
        self.binder.set_value("/configuration", self.config.itemData(index), self.config)

    # -- derived values -----------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        if change.derived_changed or any(jp.is_within(p, "/type") or p == "" for p in change.touched):
            self._refresh_derived()
        elif any(jp.is_within(p, "/hull_points") or jp.is_within(p, "/configuration") for p in change.touched):
            self._show_rows()   # a hull or configuration set where the type has none: its row, to clear it

    def _refresh_derived(self) -> None:
        d, offers = self.session.result.derived, self.offers()
        data = self.session.data
        self.type_info.setText(offers["type_summary"])
        self._show_rows()
        self._refresh_config(data.get("configuration"))
        for key, cell in self.cells.items():
            value = d.get(key)
            how = describe(d.get("derivation", {}).get(key, [])) if d else ""
            cell.set("–" if value is None else str(value), how or "not known: choose a ship type")
        traits = []
        if d.get("evasive_action"):
            ev = d["evasive_action"]
            traits.append(f"Evasive action: torpedoes {ev['torpedo_modifier']}% to hit ({describe(ev['derivation'])})")
        if d.get("type"):
            traits.append("May land on a planet" if d.get("may_land") else "Cannot land on a planet")
        if d.get("configuration", {}) and d["configuration"].get("user_defined"):
            traits.append(f"{d['configuration']['name']}: weapons are not limited")
        self.traits.setText("\n".join(traits))
        for c in self.counters:
            c.show_limit(offers[c.group][c.index])
        lines = []
        for p in d.get("phases", []):
            lines.append(f"<b>{p['name']}:</b> {', '.join(p['weapons']) or 'none'}")
        self.phases.setText("<br/>".join(lines))
        supplies = d.get("supplies", [])
        if supplies:
            words = [f"{s['count']} {self._word(s)}" for s in supplies]
            self.supplies.setText("Limited supplies to tick off in play: " + ", ".join(words) + ".")
        else:
            self.supplies.setText("No limited supplies to track.")

    def _show_rows(self) -> None:
        """The hull points and configuration rows: there when the type has them to choose, or a value is set."""
        offers, data = self.offers(), self.session.data
        self.form.setRowVisible(self.hull_row, offers["hull_points_chosen"] or data.get("hull_points") is not None)
        self.form.setRowVisible(self.config_row, offers["has_configurations"] or data.get("configuration") is not None)

    def _word(self, supply: dict) -> str:
        group = WEAPONS if supply["kind"] == "weapon" else DEFENSES
        e = self.t.entries[group][supply["code"]]
        return e["one"] if supply["count"] == 1 else e["many"]
