"""The Abilities page: the four pairs side by side. Each pair has its d100 roll (or one typed from real
dice), its base score, a Roll button and the exchange control (limited to the pack's +-10); the final
scores show their derivation on hover. "Roll all" rolls the four pairs as one undo step."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox

from model.systems.starfrontiers import actions, dice
from model.systems.starfrontiers.next_step import next_step
from model.systems.starfrontiers.tables import PAIRS, tables

from ...widgets.common import Card, StatCell, badge, hint, with_badge
from ..base import Page


# the derived values this page shows
WATCHED = {"abilities", "derivation", "pairs", "race", "initiative_modifier", "initiative_derivation"}


class PairCard(Card):
    def __init__(self, page: AbilitiesPage, pair: str):
        t = page.t
        p = t.pairs[pair]
        super().__init__(f"{p['abbr']}")
        self.setObjectName(f"sf_pair_{pair}")
        self.page, self.pair, self.p = page, pair, p
        self.title.setToolTip(p["label"])
        cells = QHBoxLayout()
        self.first = StatCell(t.label(p["first"]), t.abbr(p["first"]))
        self.second = StatCell(t.label(p["second"]), t.abbr(p["second"]))
        self.first.setObjectName(f"sf_score_{p['first']}")
        self.second.setObjectName(f"sf_score_{p['second']}")
        cells.addWidget(self.first)
        cells.addWidget(self.second)
        self.layout_.addLayout(cells)

        form = QFormLayout()
        # In a narrow window a label goes above its field, so the four pairs still fit side by side.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.roll = QSpinBox()
        self.roll.setObjectName(f"sf_roll_{pair}")
        self.roll.setAccessibleName(f"{p['abbr']} d100 roll")
        self.roll.setRange(0, 100)
        self.roll.setSpecialValueText("—")
        self.roll.setToolTip("The d100 roll behind the base score. Type a roll made with real dice, "
                             "or press Roll.")
        self.roll_badge = badge()
        self.base = QComboBox()
        self.base.setObjectName(f"sf_base_{pair}")
        self.base.setAccessibleName(f"{p['abbr']} base score")
        self.base.addItem("not set", None)
        for option in page.session.result.offers["choices"]["base_scores"]:
            self.base.addItem(option["label"], option["score"])
        self.base_badge = badge()
        self.button = QPushButton("&Roll" if pair == "str_sta" else "Roll")
        self.button.setObjectName(f"sf_roll_button_{pair}")
        self.button.setAccessibleName(f"Roll d100 for {p['abbr']}")
        self.shift = QSpinBox()
        self.shift.setObjectName(f"sf_shift_{pair}")
        self.shift.setAccessibleName(f"Points moved from {t.abbr(p['second'])} to {t.abbr(p['first'])}")
        self.limit = t.exchange_limit
        self.shift.setRange(-self.limit, self.limit)
        self.shift.setToolTip(f"Move up to {self.limit} points from one side of the pair to the other: "
                              f"+5 means {t.abbr(p['first'])} +5 and {t.abbr(p['second'])} -5.")
        self.shift_badge = badge()
        rollrow = QHBoxLayout()
        rollrow.addWidget(with_badge(self.roll, self.roll_badge), 1)
        rollrow.addWidget(self.button)
        form.addRow("d100 roll", rollrow)
        form.addRow("Base score", with_badge(self.base, self.base_badge))
        form.addRow(f"Exchange → {t.abbr(p['first'])}", with_badge(self.shift, self.shift_badge))
        self.layout_.addLayout(form)
        self.origin = hint()
        self.origin.setObjectName(f"sf_origin_{pair}")
        self.add(self.origin)

        binder, session = page.binder, page.session
        binder.custom(f"/rolls/{pair}", self.roll, page, self._show_roll, deep=False, badge=self.roll_badge)
        binder.custom(f"/base/{pair}", self.base, page, self._show_base, deep=False, badge=self.base_badge)
        binder.custom(f"/shifts/{pair}", self.shift, page, self._show_shift, deep=False, badge=self.shift_badge)
        self.roll.editingFinished.connect(self._typed_roll)
        self.base.activated.connect(
            lambda i: session.apply(actions.enter_base_edit(session.data, pair, self.base.itemData(i)), source=self.base))
        self.shift.valueChanged.connect(self._shifted)
        self.button.clicked.connect(self._roll)

    # document -> widgets
    def _show_roll(self, v) -> None:
        self.roll.blockSignals(True)
        self.roll.setValue(int(v) if isinstance(v, int) and 0 <= v <= 100 else 0)
        self.roll.blockSignals(False)

    def _show_base(self, v) -> None:
        i = self.base.findData(v)
        if i < 0:
            self.base.addItem(f"{v}  (not on the table)", v)
            i = self.base.count() - 1
        self.base.setCurrentIndex(i)

    def _show_shift(self, v) -> None:
        v = int(v or 0)
        self.shift.blockSignals(True)
        # a file may hold more than the limit: show it as it is (the issue says why it is wrong)
        self.shift.setRange(min(-self.limit, v), max(self.limit, v))
        self.shift.setValue(v)
        self.shift.blockSignals(False)

    # widgets -> edits
    def _typed_roll(self) -> None:
        s = self.page.session
        v = self.roll.value() or None
        if v == (s.data.get("rolls") or {}).get(self.pair):
            return
        s.apply(actions.enter_roll_edit(s.data, self.pair, v, s.pack), source=self.roll)

    def _shifted(self, v: int) -> None:
        s = self.page.session
        self.shift.setRange(-self.limit, self.limit)
        v = max(-self.limit, min(self.limit, v))
        if v != (s.data.get("shifts") or {}).get(self.pair, 0):
            s.apply(actions.shift_edit(s.data, self.pair, v), source=self.shift)

    def _roll(self) -> None:
        s = self.page.session
        r = dice.roll_pair(s.pack, self.pair, self.page.rng)
        s.apply(actions.roll_edit(s.data, r, s.pack))

    def refresh_derived(self, d: dict) -> None:
        a, how = d["abilities"], d["derivation"]
        for cell, key in ((self.first, self.p["first"]), (self.second, self.p["second"])):
            v = a.get(key)
            text = "\n".join(f"{label}: {value:+d}" if i else f"{label}" for i, (label, value) in enumerate(how.get(key, [])))
            cell.set("–" if v is None else str(v), (text + f"\n= {v}") if v is not None else "Roll or enter the base score.")
        info = d["pairs"][self.pair]
        if info["origin"] == "rolled":
            self.origin.setText(f"Rolled {info['roll']} on d100: base {info['base']}.")
        elif info["origin"] == "entered":
            self.origin.setText(f"Base {info['base']} entered (no roll recorded).")
        else:
            self.origin.setText("Not rolled yet.")
        if info["modifier"] or info["shift"]:
            extra = []
            if info["modifier"]:
                extra.append(f"{d.get('race')} {info['modifier']:+d} to both")
            if info["shift"]:
                extra.append(f"exchange {info['shift']:+d}/{-info['shift']:+d}")
            self.origin.setText(self.origin.text() + " " + "; ".join(extra) + ".")


class AbilitiesPage(Page):
    title = "Abilities"
    icon_name = "crew"
    prefixes = ("/base", "/rolls", "/shifts")
    object_name = "page_sf_abilities"

    def __init__(self, session, binder, parent=None):
        self.t = tables(session.pack)
        self.rng = dice.generator()
        super().__init__(session, binder, parent)

    def next_step(self) -> str:
        return next_step("abilities", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.start_form("Abilities",
                        "Roll d100 for each pair (or type the roll you made with real dice); the table gives the base score "
                        "for both abilities. The race's modifiers apply to both sides, then you may move up to "
                        f"{self.t.exchange_limit} points inside each pair. Hover over a score to see how it was made.")
        bar = QHBoxLayout()
        self.roll_all = QPushButton("Roll &all four pairs")
        self.roll_all.setObjectName("sf_roll_all")
        self.roll_all.setAccessibleName("Roll all four ability pairs")
        bar.addWidget(self.roll_all)
        self.im = QLabel()
        self.im.setObjectName("sf_im_line")
        bar.addWidget(self.im, 1)
        self.column.addLayout(bar)
        grid = QGridLayout()
        grid.setSpacing(12)
        self.cards = {}
        for i, pair in enumerate(PAIRS):
            card = PairCard(self, pair)
            self.cards[pair] = card
            grid.addWidget(card, 0, i)
        self.column.addLayout(grid)
        self.column.addStretch(1)
        self.roll_all.clicked.connect(self._roll_all)
        self._refresh()

    def _roll_all(self) -> None:
        s = self.session
        s.apply(actions.roll_all_edit(s.data, dice.roll_all(s.pack, self.rng), s.pack))

    def on_changed(self, change) -> None:
        if change.derived_changed & WATCHED or "" in change.touched:
            self._refresh()

    def _refresh(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        for card in self.cards.values():
            card.refresh_derived(d)
        im = d.get("initiative_modifier")
        self.im.setText(f"Initiative Modifier: {im}" if im is not None else "Initiative Modifier: roll DEX/RS first")
        self.im.setToolTip(d.get("initiative_derivation", ""))
