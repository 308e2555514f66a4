"""The Captain and First Mate pages: who they are, background and its +1 picks, profile, powers, equipment."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QFormLayout, QFrame, QGridLayout, QSizePolicy,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from model import edits
from model import pointer as jp
from model.systems.stargrave.derive import (carried_status, format_profile_value, item_options, power_options)
from model.systems.stargrave.tables import KEYS, tables
from model.systems.stargrave import founded_derived
from model.systems.stargrave.next_step import next_step

from ...widgets.choice_buttons import ChoiceButtons
from ...widgets.common import (Card, Meter, StatCell, badge, fill_cell, heading, hint, show_all_rows, visible_ticks,
                                with_badge)
from ..base import Page

ROLE = Qt.ItemDataRole.UserRole


def _table(columns: list[str], name: str) -> QTableWidget:
    t = QTableWidget(0, len(columns))
    t.setHorizontalHeaderLabels(columns)
    t.setObjectName(name)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.setAlternatingRowColors(True)
    t.verticalHeader().hide()
    t.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
    h = t.horizontalHeader()
    h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return t


def _item(text, tip: str = "", align_center: bool = False) -> QTableWidgetItem:
    it = QTableWidgetItem(str(text))
    if tip:
        it.setToolTip(tip)
    if align_center:
        it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    return it


class OfficerPage(Page):
    def __init__(self, session, binder, role: str, parent=None):
        self.role = role
        self.t = tables(session.pack)
        self.fig = self.t.figures[role]
        self.title = self.fig["label"]
        self.icon_name = "captain" if role == "captain" else "first-mate"
        self.prefixes = ("/" + role,)
        self.object_name = f"page_{role}"
        self.base = "/" + role
        super().__init__(session, binder, parent)

    def build_form(self, session, binder) -> None:
        role, fig, t = self.role, self.fig, self.t
        who = fig["label"]

        self.column.addWidget(heading(who))
        self.add_next_step()
        reductions = (f"; may lower {fig['creation_reductions']} different powers by 1"
                      if fig["creation_reductions"] else "; no reductions to activation numbers")
        self.column.addWidget(hint(
            f"Level {fig['level']} · {fig['item_slots']} item slots · {fig['powers']} powers, "
            f"{fig['basic_powers_min']} or {fig['basic_powers_max']} of them from the background's basic list"
            f"{reductions}."))

        # -- who they are, and the profile ------------------------------------------------------------
        top = QHBoxLayout()
        top.setSpacing(12)
        whocard = Card("Who")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.name.setAccessibleName(f"{who} name")
        self.name.setObjectName(f"{role}_name")
        self.species = QLineEdit()
        self.species.setAccessibleName(f"{who} species")
        self.species.setObjectName(f"{role}_species")
        self.species.setPlaceholderText("Human, or any roughly human-sized species")
        options = []
        for b in t.pack["backgrounds"]:
            alias = f"English edition: {b['rulebook_name']}\n" if b.get("rulebook_name", b["name"]) != b["name"] else ""
            options.append((b["name"], b["name"], alias + b.get("summary", "")))
        self.background = ChoiceButtons(f"{role}_background", f"{who} background", options, columns=len(options))
        self.bg_badge = badge()
        self.bg_info = QLabel()
        self.bg_info.setWordWrap(True)
        self.bg_info.setTextFormat(Qt.TextFormat.RichText)
        self.bg_info.setObjectName(f"{role}_background_info")
        form.addRow("&Name", self.name)
        form.addRow("&Species", self.species)
        form.addRow("&Background", with_badge(self.background, self.bg_badge))
        form.labelForField(self.background.parentWidget()).setBuddy(self.background.buttons[0])
        self.choices_box = QFrame()
        self.choices_box.setObjectName(f"{role}_choices")
        self.choices_box.setAccessibleName(f"{who} +1 choices")
        cl = QHBoxLayout(self.choices_box)
        cl.setContentsMargins(4, 2, 4, 2)
        self.choice_checks: dict[str, QCheckBox] = {}
        for c in t.characteristics:
            if not any(c["key"] in b["choose_from"] for b in t.pack["backgrounds"]):
                continue
            cb = QCheckBox(f"+1 {c['label']}")
            cb.setObjectName(f"{role}_choice_{c['key']}")
            cb.setAccessibleName(f"{who}: +1 to {c['label']}")
            cb.clicked.connect(lambda checked, k=c["key"]: self._toggle_choice(k, checked))
            self.choice_checks[c["key"]] = cb
            cl.addWidget(cb)
        cl.addStretch(1)
        self.choices_words = QLabel()
        self.choices_words.setObjectName(f"{role}_choices_words")
        self.choices_words.setWordWrap(True)
        self.choices_badge = badge()
        form.addRow("+1 &to", with_badge(self.choices_box, self.choices_badge))
        self.choices_label = form.labelForField(self.choices_box.parentWidget())
        whocard.layout_.addLayout(form)
        # Word-wrapped labels sit outside the form: inside a QFormLayout they leave tall gaps.
        for label in (self.choices_words, self.bg_info):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        whocard.layout_.addWidget(self.choices_words)
        whocard.layout_.addWidget(self.bg_info)
        whocard.layout_.addStretch(1)
        top.addWidget(whocard, 2)

        profcard = Card("Profile")
        grid = QGridLayout()
        grid.setSpacing(6)
        self.cells: dict[str, StatCell] = {}
        for i, k in enumerate(KEYS):
            cell = StatCell(t.label(k), t.char[k]["abbr"])
            cell.setObjectName(f"{role}_stat_{k}")
            self.cells[k] = cell
            grid.addWidget(cell, i // 3, i % 3)
        profcard.layout_.addLayout(grid)
        profcard.add(hint("Hover or tab to a value to see how it is made up. Two numbers (9/11) are "
                          "the figure's own value / with equipment."))
        profcard.layout_.addStretch(1)
        top.addWidget(profcard, 1)
        self.column.addLayout(top)

        # -- powers -------------------------------------------------------------------------------------
        pcard = Card("Powers")
        self.powers_words = QLabel()
        self.powers_words.setWordWrap(True)
        pcard.add(self.powers_words)
        prow = QHBoxLayout()
        prow.setSpacing(12)
        left = QVBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName(f"{role}_power_search")
        self.search.setAccessibleName(f"Search powers for the {who}")
        self.search.setPlaceholderText("Search powers (name, English-edition name or category)")
        self.search.setClearButtonEnabled(True)
        self.available = _table(["Power\n(tick to choose)", "Basic", "Category", "Activation\nin the book",
                                 f"Activation for\nthis {who}", "Fatigue", "English\nedition"], f"{role}_power_list")
        self.available.setAccessibleName(f"Powers the {who} can choose: tick one to choose it, untick to drop it")
        self.available.horizontalHeaderItem(1).setToolTip("Basic for this figure's background")
        self.available.horizontalHeader().setSectionResizeMode(6, QHeaderView.ResizeMode.Stretch)
        self.available.setWordWrap(False)
        visible_ticks(self.available)
        self._filling = False
        self.available.setMinimumHeight(260)
        self.add_power = QPushButton("&Add power")
        self.add_power.setObjectName(f"{role}_add_power")
        self.add_power.setAccessibleName(f"Add the selected power to the {who}")
        self.add_note = QLabel()
        self.add_note.setWordWrap(True)
        left.addWidget(self.search)
        left.addWidget(self.available, 1)
        arow = QHBoxLayout()
        arow.addWidget(self.add_power)
        arow.addWidget(self.add_note, 1)
        left.addLayout(arow)
        right = QVBoxLayout()
        right.addWidget(QLabel("Chosen powers"))
        cols = ["Power", "Activation", "Fatigue", "Basic"] + (["Lowered by 1"] if fig["creation_reductions"] else [])
        self.chosen = _table(cols, f"{role}_chosen_powers")
        self.chosen.setAccessibleName(f"The {who}'s powers")
        self.chosen.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.chosen.setMinimumHeight(190)
        self.remove_power = QPushButton("&Remove power")
        self.remove_power.setObjectName(f"{role}_remove_power")
        self.remove_power.setAccessibleName(f"Remove the selected power from the {who}")
        self.powers_badge = badge()
        right.addWidget(with_badge(self.chosen, self.powers_badge), 1)
        rrow = QHBoxLayout()
        rrow.addWidget(self.remove_power)
        rrow.addStretch(1)
        right.addLayout(rrow)
        prow.addLayout(left, 3)
        prow.addLayout(right, 2)
        pcard.layout_.addLayout(prow)
        self.column.addWidget(pcard)

        # -- equipment ----------------------------------------------------------------------------------
        ecard = Card("Equipment")
        self.slots = Meter(f"{who} item slots")
        self.slots.setObjectName(f"{role}_slot_meter")
        ecard.add(self.slots)
        erow = QHBoxLayout()
        erow.setSpacing(12)
        eleft = QVBoxLayout()
        eleft.addWidget(QLabel("General Equipment List (no credit cost; only slots limit it)"))
        self.item_list = _table(["Item", "Slots", "Kind", "Can it be added?"], f"{role}_item_list")
        self.item_list.setAccessibleName(f"Items the {who} can carry")
        self.item_list.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.item_list.setMinimumHeight(240)
        self.add_item = QPushButton("Add &item")
        self.add_item.setObjectName(f"{role}_add_item")
        self.add_item.setAccessibleName(f"Add the selected item to the {who}")
        eleft.addWidget(self.item_list, 1)
        eleft.addWidget(self.add_item, 0, Qt.AlignmentFlag.AlignLeft)
        eright = QVBoxLayout()
        eright.addWidget(QLabel("Carried"))
        self.carried = _table(["Item", "Slots", "Status"], f"{role}_carried")
        self.carried.setAccessibleName(f"Items the {who} carries")
        self.carried.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.carried.setMinimumHeight(200)
        self.items_badge = badge()
        self.remove_item = QPushButton("Re&move item")
        self.remove_item.setObjectName(f"{role}_remove_item")
        self.remove_item.setAccessibleName(f"Remove the selected item from the {who}")
        self.built_in = hint("")
        eright.addWidget(with_badge(self.carried, self.items_badge), 1)
        eright.addWidget(self.built_in)
        eright.addWidget(self.remove_item, 0, Qt.AlignmentFlag.AlignLeft)
        erow.addLayout(eleft, 3)
        erow.addLayout(eright, 2)
        ecard.layout_.addLayout(erow)
        self.column.addWidget(ecard)
        self.column.addStretch(1)

        # -- bindings -----------------------------------------------------------------------------------
        b = self.base
        binder.line_edit(b + "/name", self.name, self)
        binder.line_edit(b + "/species", self.species, self)
        binder.custom(b + "/background", self.background, self, self.background.set_value,
                      focus=self.background.buttons[0], badge=self.bg_badge)
        self.background.picked.connect(lambda v: binder.set_value(b + "/background", v, self.background))
        binder.custom(b + "/choices", self.choices_box, self, self._refresh_choices,
                      focus=next(iter(self.choice_checks.values()), None), badge=self.choices_badge)
        binder.custom(b + "/powers", self.chosen, self, self._rebuild_chosen, deep=False, badge=self.powers_badge,
                      select=lambda p: self._select_row(self.chosen, p, b + "/powers"))
        binder.custom(b + "/items", self.carried, self, self._refresh_carried, badge=self.items_badge,
                      select=lambda p: self._select_row(self.carried, p, b + "/items"))

        self.search.textChanged.connect(self._filter)
        self.available.itemActivated.connect(lambda *_: self._toggle_power())
        self.available.itemChanged.connect(self._power_ticked)
        self.chosen.itemSelectionChanged.connect(self._update_remove)
        self.carried.itemSelectionChanged.connect(self._update_remove)
        self.available.currentCellChanged.connect(lambda *_: self._update_add_note())
        self.add_power.clicked.connect(self._add_power)
        self.remove_power.clicked.connect(self._remove_power)
        self.item_list.itemActivated.connect(lambda *_: self._add_item())
        self.add_item.clicked.connect(self._add_item)
        self.remove_item.clicked.connect(self._remove_item)
        self.carried.itemActivated.connect(lambda *_: self._remove_item())
        self._refresh_bg_info()
        self._refresh_derived()
        self._fill_available()
        self._fill_items()
        show_all_rows(self.item_list)  # the whole General Equipment List: picked without scrolling inside it

        order = [self.name, self.species, *self.background.buttons, *self.choice_checks.values(), *self.cells.values(),
                 self.search, self.available, self.add_power, self.chosen, self.remove_power,
                 self.item_list, self.add_item, self.carried, self.remove_item]
        for a, c in zip(order, order[1:]):
            QWidget.setTabOrder(a, c)

    def next_step(self) -> str:
        return next_step(self.role, self.session.data, self.session.issues, self.t)

    def entry_field(self):
        # not named yet: empty, or still called by the role (a new crew's "Captain"), which is typed over
        return self.name if self.name.text().strip() in ("", self.fig["label"]) else None

    # ---- helpers ------------------------------------------------------------------------------------
    @property
    def officer(self) -> dict:
        return self.session.data[self.role]

    @property
    def derived(self) -> dict:
        return founded_derived(self.session.result.derived).get(self.role, {})

    def _select_row(self, table: QTableWidget, pointer: str, prefix: str) -> None:
        rest = pointer[len(prefix) + 1:].split("/")[0] if pointer.startswith(prefix + "/") else ""
        if rest.isdigit() and int(rest) < table.rowCount():
            table.selectRow(int(rest))

    # ---- choices ------------------------------------------------------------------------------------
    def _toggle_choice(self, key: str, checked: bool) -> None:
        current = list(self.officer.get("choices", []))
        if checked and key not in current:
            new = current + [key]
        elif not checked:
            new = [c for c in current if c != key]
        else:
            return
        self.session.apply(edits.Set(self.base + "/choices", new), source=self.choices_box)

    def _refresh_choices(self, value) -> None:
        value = value or []
        bg = self.t.backgrounds.get(self.t.canonical_background(self.officer.get("background")) or "")
        offered = bg["choose_from"] if bg else []
        for k, cb in self.choice_checks.items():
            cb.setChecked(k in value)
            cb.setVisible(k in offered or k in value)
            cb.setEnabled(True)
        offered_checks = [cb for k, cb in self.choice_checks.items() if k in offered or k in value]
        self.choices_label.setBuddy(offered_checks[0] if offered_checks else self.background.first())
        if not bg:
            self.choices_words.setText("Choose a background first: it says which characteristics can get +1.")
            return
        n = bg["choose"]
        labels = " or ".join(self.t.label(k) for k in offered)
        chosen = len(dict.fromkeys(value))
        words = f"Choose {n} of {labels}: {chosen} of {n} chosen."
        extra = [self.t.label(c) for c in value if c not in offered]
        if extra:
            words += f" {bg['name']} does not offer {' or '.join(extra)}: untick it."
        elif chosen > n:
            words += f" Untick {chosen - n}."
        elif chosen < n:
            words += f" Tick {n - chosen} more."
        self.choices_words.setText(words)

    # ---- derived ------------------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        mine = self.role in change.derived_changed
        if mine:
            self._refresh_derived()
        touched_bg_or_powers = any(jp.is_within(p, self.base + "/background") or jp.is_within(p, self.base + "/powers")
                                   or jp.is_within(self.base, p) for p in change.touched)
        if touched_bg_or_powers:
            self._fill_available()
        if mine or any(jp.is_within(p, self.base + "/items") or jp.is_within(self.base, p) for p in change.touched):
            self._fill_items()
        if any(jp.is_within(p, self.base + "/background") or jp.is_within(self.base, p) for p in change.touched):
            self._refresh_choices(self.officer.get("choices"))
            self._refresh_bg_info()
        if change.issues_changed:
            self._paint_rows()

    def _refresh_bg_info(self) -> None:
        t = self.t
        bg = t.backgrounds.get(t.canonical_background(self.officer.get("background")) or "")
        if not bg:
            self.bg_info.setText("<i>Each background gives fixed adjustments, +1 picks and a list of 8 basic powers.</i>")
            return
        fixed = ", ".join(f"{v:+d} {t.label(k)}" for k, v in bg["fixed"].items())
        picks = " or ".join(t.label(k) for k in bg["choose_from"])
        basics = ", ".join(t.basic_powers(bg["name"]))
        alias = f" (English edition: {bg['rulebook_name']})" if bg.get("rulebook_name", bg["name"]) != bg["name"] else ""
        self.bg_info.setText(f"<b>{bg['name']}</b>{alias}: {fixed}; then +1 to {bg['choose']} of {picks}."
                             f"<br><b>Basic powers:</b> {basics}.")

    def _refresh_derived(self) -> None:
        d = self.derived
        if not d:
            return
        t = self.t
        for k, cell in self.cells.items():
            text = format_profile_value(k, d["base_profile"][k], d["profile"][k], t)
            parts = d["derivation"][k]
            lines = [f"{name}: {v:+d}" if i else f"{name}: {v}" for i, (name, v) in enumerate(parts)]
            total = d["profile"][k]
            lines.append(f"= {t.char[k]['label']} {total:+d}" if t.char[k].get("bonus") else f"= {t.char[k]['label']} {total}")
            cell.set(text, "\n".join(lines))
        used, slots = d["slots_used"], d["slots"]
        over = used > slots
        self.slots.set(used, slots, f"{used} of {slots} slots",
                       f"{used - slots} slot{'s' if used - slots != 1 else ''} over: remove items marked “does not fit”."
                       if over else (f"{slots - used} slot{'s' if slots - used != 1 else ''} free." if used < slots
                                     else "All slots used."),
                       "error" if over else None)
        self.built_in.setText(("Built in, using no slots: " + ", ".join(d["built_in"]) + ".") if d["built_in"] else "")
        self.built_in.setVisible(bool(d["built_in"]))
        self._refresh_chosen_numbers()
        self._refresh_powers_words()

    def _refresh_powers_words(self) -> None:
        d, fig = self.derived, self.fig
        n = len(self.officer.get("powers", []))
        basic = sum(1 for p in d.get("powers", []) if p["basic"])
        words = (f"{n} of {fig['powers']} powers chosen, {basic} basic. Take {fig['basic_powers_min']} or "
                 f"{fig['basic_powers_max']} from the background's basic list and the rest from other lists "
                 f"(+{fig['other_penalty'] - fig['basic_penalty']} to activate).")
        if fig["creation_reductions"]:
            lowered = sum(1 for p in d.get("powers", []) if p.get("reduced"))
            words += f" Lowered by 1: {lowered} of {fig['creation_reductions']} (each on a different power)."
        self.powers_words.setText(words)

    # ---- powers -------------------------------------------------------------------------------------
    def _fill_available(self) -> None:
        opts = power_options(self.officer, self.role, self.t)
        table = self.available
        r0 = table.currentRow()
        current = table.item(r0, 0).data(ROLE) if r0 >= 0 and table.item(r0, 0) else None
        if table.rowCount() != len(opts):
            table.setRowCount(len(opts))
        keep_row = -1
        self._filling = True  # ticks set here are not the user's
        for r, o in enumerate(opts):
            name = fill_cell(table, r, 0, o["name"], o["summary"], data=o["name"])
            if not name.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                name.setFlags(name.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            tick = Qt.CheckState.Checked if o["chosen"] else Qt.CheckState.Unchecked
            if name.data(Qt.ItemDataRole.CheckStateRole) is None or name.checkState() != tick:
                name.setCheckState(tick)
            fill_cell(table, r, 1, "basic" if o["basic"] else "", center=True)
            fill_cell(table, r, 2, o["category"])
            fill_cell(table, r, 3, o["base_activation"], "Activation number as listed", center=True)
            fill_cell(table, r, 4, o["activation"], "What it would be for this figure (before any lowering)", center=True)
            fill_cell(table, r, 5, o["fatigue"], "Fatigue: never changes", center=True)
            fill_cell(table, r, 6, o["rulebook_name"])
            if o["name"] == current:
                keep_row = r
        self._filling = False
        self._opts = {o["name"]: o for o in opts}
        if keep_row >= 0 and keep_row != r0:
            table.setCurrentCell(keep_row, 0)
        self._filter(self.search.text())
        self._update_add_note()

    def _filter(self, text: str) -> None:
        needle = " ".join(text.casefold().split())
        first_visible = -1
        for r in range(self.available.rowCount()):
            hay = " ".join(self.available.item(r, c).text().casefold() for c in (0, 2, 6))
            hide = bool(needle) and needle not in hay
            self.available.setRowHidden(r, hide)
            if not hide and first_visible < 0:
                first_visible = r
        cur = self.available.currentRow()
        if (cur < 0 or self.available.isRowHidden(cur)) and first_visible >= 0 and needle:
            self.available.setCurrentCell(first_visible, 0)

    def _selected_power(self) -> str | None:
        r = self.available.currentRow()
        if r < 0 or self.available.isRowHidden(r):
            return None
        return self.available.item(r, 0).data(ROLE)

    def _update_add_note(self) -> None:
        name = self._selected_power()
        o = getattr(self, "_opts", {}).get(name) if name else None
        if not o:
            self.add_note.setText("Select a power to add it.")
            self.add_power.setEnabled(False)
        elif o["chosen"]:
            self.add_note.setText(f"{name} is already chosen: a power can be taken only once.")
            self.add_power.setEnabled(False)
        else:
            n = len(self.officer.get("powers", []))
            full = n >= self.fig["powers"]
            self.add_note.setText(
                f"{name}: activation {o['activation']} for this figure, fatigue {o['fatigue']}."
                + (f" The {self.fig['label']} already has {n} of {self.fig['powers']} powers." if full else ""))
            self.add_power.setEnabled(True)

    def _add_power(self) -> None:
        name = self._selected_power()
        if not name or self._opts.get(name, {}).get("chosen"):
            return
        self.session.apply(edits.Insert(self.base + "/powers/-", {"name": name}))

    def _power_ticked(self, item: QTableWidgetItem) -> None:
        """A tick in the catalogue chooses the power; taking the tick away drops it."""
        if self._filling or item.column() != 0:
            return
        o = self._opts.get(item.data(ROLE))
        if o is None:
            return
        if (item.checkState() == Qt.CheckState.Checked) != o["chosen"]:
            self._toggle_power(o["name"])

    def _toggle_power(self, name: str | None = None) -> None:
        """Choose the power, or drop it when it is already chosen (a double-click, Enter or the tick)."""
        name = name or self._selected_power()
        o = self._opts.get(name) if name else None
        if o is None:
            return
        if o["chosen_at"] is not None:
            self.session.apply(edits.Remove(f"{self.base}/powers/{o['chosen_at']}"))
        else:
            self.session.apply(edits.Insert(self.base + "/powers/-", {"name": name}))

    def _update_remove(self) -> None:
        """Remove buttons are live only while a row they would remove is selected."""
        self.remove_power.setEnabled(bool(self.chosen.selectedItems()))
        self.remove_item.setEnabled(bool(self.carried.selectedItems()))

    def _remove_power(self) -> None:
        r = self.chosen.currentRow()
        if 0 <= r < len(self.officer.get("powers", [])):
            self.session.apply(edits.Remove(f"{self.base}/powers/{r}"))

    def _rebuild_chosen(self, value) -> None:
        value = value or []
        self.binder.drop(lambda b: b.pointer.startswith(self.base + "/powers/"))
        table = self.chosen
        table.setRowCount(len(value))
        for r, entry in enumerate(value):
            for c in range(table.columnCount()):
                table.setItem(r, c, _item("", align_center=c > 0))
            if self.fig["creation_reductions"]:
                cb = QCheckBox()
                cb.setObjectName(f"{self.role}_reduce_{r}")
                cb.setAccessibleName(f"Lower {entry.get('name', '')} by 1")
                cb.setToolTip(f"Lower this power's activation number by 1 (at most "
                              f"{self.fig['creation_reductions']} powers, each once)")
                holder = QWidget()
                hl = QHBoxLayout(holder)
                hl.setContentsMargins(0, 0, 0, 0)
                hl.setAlignment(Qt.AlignmentFlag.AlignCenter)
                hl.addWidget(cb)
                table.setCellWidget(r, 4, holder)
                self.binder.check(f"{self.base}/powers/{r}/reduced", cb, self, remove_when_false=True)
        self._refresh_chosen_numbers()
        self._paint_rows()
        self.binder.paint()
        self._update_remove()

    def _refresh_chosen_numbers(self) -> None:
        entries = self.officer.get("powers", [])
        by_name = {p["name"]: p for p in self.derived.get("powers", [])}
        table = self.chosen
        if table.rowCount() != len(entries):
            return
        for r, entry in enumerate(entries):
            canon = self.t.canonical_power(entry.get("name"))
            p = by_name.get(canon)
            name = entry.get("name", "")
            if p:
                how = "\n".join(f"{n}: {v:+d}" if i else f"{n}: {v}" for i, (n, v) in enumerate(p["derivation"]))
                texts = [canon, p["activation"], p["fatigue"], "yes" if p["basic"] else "no"]
                tips = [self.t.powers[canon].get("summary", ""), how + f"\n= {p['activation']}", "", ""]
            else:
                texts, tips = [name, "–", "–", "–"], ["Not a power in the rules pack", "", "", ""]
            for c, (text, tip) in enumerate(zip(texts, tips)):
                it = table.item(r, c)
                if it is not None and it.text() != str(text):
                    it.setText(str(text))
                if it is not None:
                    it.setToolTip(tip)
        self._paint_rows()

    def _paint_rows(self) -> None:
        """An icon and the message on each chosen power that has an issue of its own.

        (Carried items say why they do not fit in their own status column.)"""
        worst: dict[int, tuple] = {}
        prefix = self.base + "/powers/"
        for issue in self.session.issues:
            if issue.pointer.startswith(prefix):
                idx = issue.pointer[len(prefix):].split("/")[0]
                if idx.isdigit():
                    worst.setdefault(int(idx), (issue.severity, issue.message))
        for r in range(self.chosen.rowCount()):
            it = self.chosen.item(r, 0)
            if it is not None:
                sev, msg = worst.get(r, ("", ""))
                fill_cell(self.chosen, r, 0, it.text(), msg or it.toolTip() if sev else None,
                          {"error": "error", "warning": "warning", "info": "info"}.get(sev, ""))

    # ---- equipment ----------------------------------------------------------------------------------
    def _fill_items(self) -> None:
        opts = item_options(self.officer, self.role, self.t)
        table = self.item_list
        if table.rowCount() != len(opts):
            table.setRowCount(len(opts))
        for r, o in enumerate(opts):
            alias = f"\nEnglish edition: {o['rulebook_name']}" if o["rulebook_name"] != o["name"] else ""
            name = fill_cell(table, r, 0, o["name"], o["notes"] + alias, data=o["name"])
            fill_cell(table, r, 1, o["slots"], center=True)
            fill_cell(table, r, 2, o["kind"])
            note = fill_cell(table, r, 3, o["reason"] or "Fits.", o["reason"] or o["notes"],
                             "warning" if not o["fits"] else "")
            colour = self.palette().color(self.palette().ColorGroup.Disabled if not o["fits"]
                                          else self.palette().ColorGroup.Active, self.palette().ColorRole.Text)
            for it in (name, note):
                if it.foreground().color() != colour:
                    it.setForeground(colour)
        self._refresh_carried(self.officer.get("items"))

    def _refresh_carried(self, value) -> None:
        status = carried_status(self.officer, self.role, self.t)
        table = self.carried
        cur = table.currentRow()
        if table.rowCount() != len(status):
            table.setRowCount(len(status))
        for r, s in enumerate(status):
            fill_cell(table, r, 0, s["name"], s["reason"], "error" if not s["fits"] else "")
            fill_cell(table, r, 1, s["slots"] if s["known"] else "–", center=True)
            fill_cell(table, r, 2, "Fits" if s["fits"] else s["reason"], s["reason"], "ok" if s["fits"] else "error")
        if table.rowCount() and not (0 <= cur < table.rowCount()):
            table.setCurrentCell(table.rowCount() - 1 if cur >= table.rowCount() else 0, 0)
        self._paint_rows()
        self._update_remove()

    def _add_item(self) -> None:
        r = self.item_list.currentRow()
        if r < 0:
            return
        name = self.item_list.item(r, 0).data(ROLE)
        self.session.apply(edits.Insert(self.base + "/items/-", name))

    def _remove_item(self) -> None:
        r = self.carried.currentRow()
        if 0 <= r < len(self.officer.get("items", [])):
            self.session.apply(edits.Remove(f"{self.base}/items/{r}"))
