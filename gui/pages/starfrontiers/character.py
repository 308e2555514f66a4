"""The Character page: name, race and PSA (with what each choice does), the Human +5, adventures, and the
derived values that follow from them (IM, movement, PSA level and bonus, racial abilities)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QSpinBox)

from model.systems.starfrontiers.next_step import next_step
from model.systems.starfrontiers.tables import tables

from ...widgets.common import Card, StatCell, WrapLabel, badge, form_card, heading, hint, named, with_badge
from ...widgets.text_fields import LineField, NotesField
from ..base import Page


# the derived values this page shows
WATCHED = {"race", "psa", "initiative_modifier", "initiative_derivation", "walk", "run", "movement_derivation",
           "psa_level", "psa_bonus", "psa_derivation", "race_abilities"}


class CharacterPage(Page):
    title = "Character"
    icon_name = "captain"
    prefixes = ("/name", "/race", "/psa", "/adventures", "/human_bonus", "/notes", "/rules", "/portrait")
    portrait = True
    object_name = "page_sf_character"

    def next_step(self) -> str:
        return next_step("character", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.start_form("Character",
                        "Choose a race and a Primary Skill Area; each choice says what it changes. "
                        "Roll the abilities on the next page.")
        top = QHBoxLayout()
        top.setSpacing(12)
        who, form = form_card("Who")
        self.name = named(LineField(), "sf_name", "Character name", "Aliens deserve alien-sounding names")
        self.race = named(QComboBox(), "sf_race", "Race")
        self.race.addItem("Choose a race…", "")
        choices = session.result.offers["choices"]
        for r in choices["races"]:
            self.race.addItem(r["label"], r["name"])
            self.race.setItemData(self.race.count() - 1, r["summary"], Qt.ItemDataRole.ToolTipRole)
        self.race_badge = badge()
        self.race_info = hint()
        self.race_info.setObjectName("sf_race_info")
        self.bonus = QComboBox()
        self.bonus.setObjectName("sf_human_bonus")
        bonus = choices["human_bonus"]
        self.bonus.setAccessibleName(f"{bonus['label'].removesuffix(' to')}: the one ability raised")
        self.bonus.addItem("none", None)
        for option in choices["human_bonus"]["options"]:
            self.bonus.addItem(option["label"], option["key"])
        self.bonus_badge = badge()
        self.psa = QComboBox()
        self.psa.setObjectName("sf_psa")
        self.psa.setAccessibleName("Primary Skill Area")
        self.psa.addItem("Choose a PSA…", "")
        for s in choices["psas"]:
            self.psa.addItem(s["name"], s["name"])
            self.psa.setItemData(self.psa.count() - 1, s["summary"], Qt.ItemDataRole.ToolTipRole)
        self.psa_badge = badge()
        self.psa_info = hint()
        self.psa_info.setObjectName("sf_psa_info")
        self.adventures = QSpinBox()
        self.adventures.setObjectName("sf_adventures")
        self.adventures.setAccessibleName("Adventures completed")
        self.adventures.setRange(0, 10000)
        form.addRow("&Name", self.name)
        form.addRow("&Race", with_badge(self.race, self.race_badge))
        form.addRow("", self.race_info)
        form.addRow(bonus["label"].replace(" to", " &to"), with_badge(self.bonus, self.bonus_badge))
        form.addRow("&PSA", with_badge(self.psa, self.psa_badge))
        form.addRow("", self.psa_info)
        form.addRow("&Adventures", self.adventures)
        who.layout_.addLayout(form)
        top.addWidget(who, 3)
        top.addWidget(self._derived_card(), 2)
        self.column.addLayout(top)
        self.column.addWidget(self._notes_card())
        self.column.addStretch(1)
        self._bind(binder)
        self._refresh()

    def _derived_card(self) -> Card:
        derived = Card("Derived")
        grid = QGridLayout()
        self.cells = {}
        for i, (key, label) in enumerate([("initiative_modifier", "IM"), ("walk", "Walk m"), ("run", "Run m"),
                                          ("psa_level", "PSA level"), ("psa_bonus", "PSA bonus")]):
            cell = StatCell(label, label)
            cell.setObjectName(f"sf_{key}")
            self.cells[key] = cell
            grid.addWidget(cell, i // 3, i % 3)
        derived.layout_.addLayout(grid)
        self.specials = WrapLabel()
        self.specials.setObjectName("sf_race_abilities")
        derived.add(heading("Racial abilities", 2))
        derived.add(self.specials)
        return derived

    def _notes_card(self) -> Card:
        notes = Card("Notes")
        self.notes = NotesField()
        self.notes.setObjectName("sf_notes")
        self.notes.setAccessibleName("Notes")
        self.notes.setMaximumHeight(110)
        self.notes.setTabChangesFocus(True)
        notes.add(self.notes)
        return notes

    def _bind(self, binder) -> None:
        binder.line_edit("/name", self.name, self)
        binder.combo("/race", self.race, self, badge=self.race_badge)
        binder.combo("/psa", self.psa, self, badge=self.psa_badge)

        def refresh_bonus(v):
            i = self.bonus.findData(v)
            if i < 0:
                self.bonus.addItem(f"{v} (not an ability)", v)
                i = self.bonus.count() - 1
            self.bonus.setCurrentIndex(i)
        binder.custom("/human_bonus", self.bonus, self, refresh_bonus, deep=False, badge=self.bonus_badge)
        self.bonus.activated.connect(
            lambda i: binder.set_value("/human_bonus", self.bonus.itemData(i) or None, self.bonus))
        binder.plain_text("/notes", self.notes, self)

        def refresh_adv(v):
            self.adventures.blockSignals(True)
            self.adventures.setValue(int(v or 0))
            self.adventures.blockSignals(False)
        binder.custom("/adventures", self.adventures, self, refresh_adv, deep=False)
        self.adventures.valueChanged.connect(
            lambda v: binder.set_value("/adventures", v, self.adventures, typing=True))

    def on_changed(self, change) -> None:
        if change.derived_changed & WATCHED or any(p in ("", "/race", "/psa", "/human_bonus") for p in change.touched):
            self._refresh()

    def _refresh(self) -> None:
        d, choices = self.session.result.derived, self.session.result.offers.get("choices")
        if not d or not choices:
            return
        self.race_info.setText(choices["race_summary"])
        bonus = choices["human_bonus"]
        self.bonus.setEnabled(bonus["allowed"])
        self.bonus.setToolTip("" if bonus["allowed"] else f"Not for this race: {bonus['reason']}.")
        self.psa_info.setText(choices["psa_summary"])
        im = d.get("initiative_modifier")
        self.cells["initiative_modifier"].set("–" if im is None else str(im), d.get("initiative_derivation", ""))
        for key in ("walk", "run"):
            v = d.get(key)
            self.cells[key].set("–" if v is None else f"{v:g}", d.get("movement_derivation", ""))
        self.cells["psa_level"].set(str(d["psa_level"]), d["psa_derivation"])
        self.cells["psa_bonus"].set(f"+{d['psa_bonus']}", d["psa_derivation"])
        lines = []
        for s in d.get("race_abilities", []):
            value = "" if s["value"] is None else (f" {s['value']}%" if s["kind"] == "chance" else f" {s['value']}")
            lines.append(f"<b>{s['name']}</b>{value}: {s['effect']}" + (f" <i>({s['how']})</i>" if s["how"] else ""))
        self.specials.setText("<br>".join(lines) or (f"No racial abilities: a {d['race']} adds "
                                                     f"{bonus['amount']} to one ability instead."
                                                     if bonus["amount"] else "No racial abilities."
                                                     if d.get("race") else "Choose a race."))
