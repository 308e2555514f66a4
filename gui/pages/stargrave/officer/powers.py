"""The powers column of an officer page: every power as a tick box (a tick chooses, the same tick drops),
a search that narrows them, the chosen powers with their numbers and the "lowered by 1" ticks."""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit

from model.systems.stargrave import actions

from ....binding import mark
from ....widgets.common import Card, WrapLabel, badge, centered, visible_ticks, with_badge
from ....widgets.fitted_views import FittedTable, TickGrid, fit_table
from ....widgets.rows_model import KEY_ROLE
from ....widgets.tables import as_pick_list
from .rows import POWER_COLUMNS, PowerModel, chosen_rows, power_detail, power_rows


def _table(model, name: str, spoken: str) -> FittedTable:
    t = FittedTable()
    t.setModel(model)
    as_pick_list(t, name, spoken)
    t.setWordWrap(False)
    t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 8)
    visible_ticks(t)
    return t


class Powers(Card):
    def __init__(self, page):
        super().__init__("Powers")
        self.page, self.role, fig = page, page.role, page.fig
        who, role = fig["label"], page.role
        self.words = WrapLabel()
        self.words.setObjectName(f"{role}_powers_words")
        self.add(self.words)
        self.search = QLineEdit()
        self.search.setObjectName(f"{role}_power_search")
        self.search.setAccessibleName(f"Search powers for the {who}")
        self.search.setPlaceholderText("Search by name, English-edition name or category")
        self.search.setClearButtonEnabled(True)
        label = QLabel("&Powers")
        label.setBuddy(self.search)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.search, 1)
        self.layout_.addLayout(row)
        self.model = PowerModel(POWER_COLUMNS)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.grid = TickGrid(f"{role}_power_list",
                             f"Powers the {who} can choose: tick one to choose it, untick to drop it")
        self.grid.setModel(self.proxy)
        visible_ticks(self.grid)
        self.add(self.grid)
        self.detail = WrapLabel()
        self.detail.setObjectName(f"{role}_power_detail")
        self.add(self.detail)
        self.chosen_box = self._chosen(fig, who, role)  # shown in the first column (the page places it)
        self.layout_.addStretch(1)
        self.model.toggled.connect(lambda key, _on: self.toggle(key))
        self.grid.doubleClicked.connect(lambda i: self.toggle(i.data(KEY_ROLE)))
        self.grid.selectionModel().currentChanged.connect(lambda *_: self.show_detail())
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(lambda: self.toggle(self.current()))

    def _chosen(self, fig: dict, who: str, role: str):
        self.lowering = bool(fig["creation_reductions"])
        cols = ["Chosen power", "Activation", "Fatigue"] + (["Lowered"] if self.lowering else [])
        self.chosen_model = PowerModel(cols, ["Untick to drop the power (bold: basic)",
                                              "Activation number for this figure", "",
                                              f"Lowered by 1 at creation: at most {fig['creation_reductions']} different powers"])
        self.chosen = _table(self.chosen_model, f"{role}_chosen_powers", f"The {who}'s powers: untick one to drop it")
        self.chosen.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        fit_table(self.chosen, fig["powers"])
        self.chosen_model.toggled.connect(lambda key, _on: self._drop(key))
        self.badge = badge()
        self._boxes: list[QCheckBox] = []
        self._box_bindings: list = []
        return with_badge(self.chosen, self.badge)

    # ---- edits ---------------------------------------------------------------------------------------
    def toggle(self, name: str | None) -> None:
        offer = next((o for o in self.page.offers.get("powers", []) if o["name"] == name), None)
        if offer is not None:
            self.page.apply(actions.toggle_power(self.page.session.data, self.role, offer))

    def _drop(self, key: str) -> None:
        row = self.chosen_model.row_of(key)
        self.page.apply(actions.remove_power(self.page.session.data, self.role, row))

    def _lower(self, index: int, on: bool) -> None:
        self.page.apply(actions.set_lowered(self.page.session.data, self.role, index, on))

    # ---- following the document ---------------------------------------------------------------------
    def current(self) -> str | None:
        index = self.grid.currentIndex()
        return index.data(KEY_ROLE) if index.isValid() else None

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(" ".join(text.split()))
        if text.strip() and self.proxy.rowCount():
            self.grid.setCurrentIndex(self.proxy.index(0, 0))
        self.show_detail()

    def show_detail(self) -> None:
        name = self.current()
        o = next((o for o in self.page.offers.get("powers", []) if o["name"] == name), None)
        self.detail.setText(power_detail(o, self.page.fig["label"]) if o else
                            "Tick a power to choose it (bold: basic for the background); select one to see its numbers.")

    def refresh(self) -> None:
        offers, fig = self.page.offers, self.page.fig
        powers = offers.get("powers", [])
        self.model.set_rows_from(powers, lambda: power_rows(powers, fig["label"]))
        self.show_detail()
        chosen = offers.get("chosen", [])
        n, basic = len(chosen), sum(1 for c in chosen if c.get("basic"))
        words = (f"{n} of {fig['powers']} chosen, {basic} basic: take {fig['basic_powers_min']} or "
                 f"{fig['basic_powers_max']} basic (bold) and the rest from other lists "
                 f"(+{fig['other_penalty'] - fig['basic_penalty']} to activate).")
        if self.lowering:
            words += (f" Lowered by 1: {sum(1 for c in chosen if c['reduced'])} of {fig['creation_reductions']}, "
                      f"each on a different power.")
        self.words.setText(words)

    def refresh_chosen(self, _value=None) -> None:
        chosen = self.page.offers.get("chosen", [])
        self.chosen_model.set_rows_from(chosen, lambda: chosen_rows(chosen, self.lowering))
        if self.lowering:
            self._lowered_boxes(chosen)

    def _lowered_boxes(self, chosen: list[dict]) -> None:
        """One "lowered by 1" tick per chosen power, bound to its `reduced` (its issues are painted on it)."""
        base = f"/{self.role}/powers/"
        if len(self._boxes) != len(chosen):
            self.page.binder.drop(lambda b: b.pointer.startswith(base) and b.pointer.endswith("/reduced"))
            self._boxes, self._box_bindings = [], []
            for r in range(len(chosen)):
                cb = QCheckBox()
                cb.setObjectName(f"{self.role}_reduce_{r}")
                cb.clicked.connect(lambda on, r=r: self._lower(r, on))
                self.chosen.setIndexWidget(self.chosen_model.index(r, 3), centered(cb))
                self._box_bindings.append(self.page.binder.custom(
                    f"{base}{r}/reduced", cb, self.page, lambda v, cb=cb: cb.setChecked(bool(v)), deep=False))
                self._boxes.append(cb)
            self.page.binder.paint()
        for cb, b, c in zip(self._boxes, self._box_bindings, chosen):
            cb.setChecked(c["asked"])
            cb.setAccessibleName(f"Lower {c['name']} by 1")
            why = c["lower_reason"] or "Lower this power's activation number by 1"
            if b.base_tooltip != why:   # the tick's own words, with its issues (if any) after them
                b.base_tooltip = why
                mark(b, b.state)

