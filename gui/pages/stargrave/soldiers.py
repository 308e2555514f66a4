"""The Soldiers page: the catalogue of soldier types beside the roster as hired, both in one screen.

Double-click (or Enter on) a type to hire it; name, robot and shotgun are set in the roster's rows. What each
type costs and what blocks hiring it, and each soldier's status, come from the model's offers."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from model.systems.stargrave import founded_derived
from model.systems.stargrave.next_step import next_step
from model.systems.stargrave.tables import tables

from ...icons import icon
from ...widgets.common import Card, Meter, WrapLabel, centered, hint, show_all_rows
from ...widgets.tables import content_columns
from ...widgets.tables import pick_view as list_view
from ...widgets.text_fields import LineField
from ..base import Page
from .soldier_lists import (C_NAME, C_ROBOT, C_SHOTGUN, C_TRADE, C_TYPE, catalogue_model, catalogue_rows,
                            cost_words, roster_model, roster_rows)


def _button(text: str, name: str, accessible: str) -> QPushButton:
    b = QPushButton(text)
    b.setObjectName(name)
    b.setAccessibleName(accessible)
    return b


class SoldiersPage(Page):
    title = "Soldiers"
    icon_name = "soldiers"
    prefixes = ("/soldiers",)
    object_name = "page_soldiers"

    def next_step(self) -> str:
        return next_step("soldiers", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.row_height = int(self.fontMetrics().height() * 1.6)
        self.start_form("Soldiers")
        from .roster_now import RosterNowCard
        self.now_card = RosterNowCard(self)
        self.column.addWidget(self.now_card)
        side = QHBoxLayout()
        side.setSpacing(12)
        side.addWidget(self._catalogue_card(), 5)
        right = QVBoxLayout()
        right.setSpacing(12)
        right.addWidget(self._meters_card())
        right.addWidget(self._roster_card(), 1)
        side.addLayout(right, 4)
        self.column.addLayout(side)
        self.column.addStretch(1)
        binder.rows("/soldiers", self.roster, self, self.roster_model, self._roster_rows, select=self._select)
        self.catalogue.activated.connect(lambda *_: self._hire())
        self.catalogue.selectionModel().currentRowChanged.connect(lambda *_: self._update_hire_note())
        self.roster.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        self.hire.clicked.connect(self._hire)
        self.remove.clicked.connect(self._remove)
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(+1))
        self._refresh_catalogue()
        self.catalogue.setCurrentIndex(self.cat_model.index(0, 0))
        self._refresh_numbers()
        self._after_roster_change()
        self._refresh_now()

    def _catalogue_card(self) -> Card:
        crew = self.t.crew
        cat = Card("Soldier catalogue")
        cat.add(hint(f"Hire up to {crew['max_soldiers']} soldiers with {crew['starting_credits']} Cr, at most "
                     f"{crew['max_specialists']} of them specialists (starred). Some soldiers are free, so a full "
                     "crew is always possible. A profile already includes the soldier's gear."))
        self.cat_model = catalogue_model(self.t)
        self.catalogue = list_view(self.cat_model, "soldierCatalogue", "Soldier catalogue", self.row_height)
        cat.add(self.catalogue)
        show_all_rows(self.catalogue)  # every soldier type in sight: hired without scrolling inside the list
        self.hire = QPushButton(icon("soldiers"), "H&ire selected soldier")
        self.hire.setObjectName("hireSoldier")
        self.hire.setAccessibleName("Hire the selected soldier type")
        self.hire_note = WrapLabel()
        hrow = QHBoxLayout()
        hrow.addWidget(self.hire)
        hrow.addWidget(self.hire_note, 1)
        cat.layout_.addLayout(hrow)
        cat.layout_.addStretch(1)
        return cat

    def _meters_card(self) -> Card:
        meters = Card()
        grid = QGridLayout()
        grid.setVerticalSpacing(4)
        self.credits = Meter("Credits")
        self.credits.setObjectName("soldierCredits")
        self.count = Meter("Soldiers hired")
        self.count.setObjectName("soldierCount")
        self.specialists = Meter("Specialists hired")
        self.specialists.setObjectName("specialistCount")
        for r, (label, m) in enumerate((("Credits", self.credits), ("Soldiers", self.count),
                                        ("Specialists", self.specialists))):
            grid.addWidget(QLabel(label), r, 0)
            grid.addWidget(m, r, 1)
        meters.layout_.addLayout(grid)
        return meters

    def _roster_card(self) -> Card:
        ros = self.founding_roster = Card("Roster")
        self.roster_model = roster_model()
        self._row_widgets: dict[int, list[QWidget]] = {}   # each row's fields (the view deletes them late)
        self.roster = list_view(self.roster_model, "soldierRoster", "Hired soldiers", int(self.row_height * 1.15))
        self.roster.setColumnWidth(C_NAME, self.fontMetrics().horizontalAdvance("M") * 9)
        self.empty = hint("No soldiers yet: double-click a type in the catalogue on the left to hire it, "
                          "or use Fill the Rest on the Crew page.")
        self.roster_model.rowsInserted.connect(lambda _p, first, last: self._add_row_widgets(first, last))
        self.roster_model.rowsAboutToBeRemoved.connect(lambda _p, first, last: self._retire_row_widgets(first, last))
        self.roster_model.rowsRemoved.connect(lambda *_: self._drop_row_widgets())
        ros.add(self.empty)
        ros.add(self.roster)
        show_all_rows(self.roster)   # as tall as its rows: a long roster makes the page scroll, not the list
        self.roster_words = hint()
        self.roster_words.setObjectName("soldierDetails")
        ros.add(self.roster_words)
        brow = QHBoxLayout()
        self.up = _button("Move &up", "soldierUp", "Move the selected soldier up")
        self.down = _button("Move dow&n", "soldierDown", "Move the selected soldier down")
        self.remove = _button("&Remove soldier", "removeSoldier", "Remove the selected soldier")
        for b in (self.up, self.down, self.remove):
            brow.addWidget(b)
        brow.addStretch(1)
        ros.layout_.addLayout(brow)
        ros.layout_.addStretch(1)
        return ros

    def _refresh_now(self) -> None:
        """Once games exist: the roster now above, the founding roster titled as such."""
        self.now_card.refresh()
        played = self.now_card.isVisibleTo(self.body)
        self.founding_roster.title.setText("Roster as founded" if played else "Roster")

    # ---- catalogue ----------------------------------------------------------------------------------
    def _offers(self, key: str) -> list[dict]:
        return (self.session.result.offers or {}).get(key, [])

    def _refresh_catalogue(self) -> None:
        self.cat_model.set_rows(catalogue_rows(self._offers("soldier_types"), self.t))
        self._update_hire_note()

    def _selected_type(self) -> dict | None:
        r = self.catalogue.currentIndex().row()
        return self.cat_model.rows[r].data if 0 <= r < len(self.cat_model.rows) else None

    def _update_hire_note(self) -> None:
        s = self._selected_type()
        if not s:
            self.hire_note.setText("Select a soldier type.")
            return
        self.hire_note.setText(s["reason"] + " You can still hire it; the crew will show the rule it breaks."
                               if s["reason"] else f"{s['name']}: {cost_words(s['cost'])}"
                               + (", specialist." if s["specialist"] else "."))

    def _hire(self) -> None:
        s = self._selected_type()
        if s:
            from model.systems.stargrave import actions   # (the actions are imported when first used)
            self.session.apply(actions.hire(self.session.data, s["name"]))
            self.roster.setCurrentIndex(self.roster_model.index(self.roster_model.rowCount() - 1, C_TYPE))

    # ---- roster -------------------------------------------------------------------------------------
    def _roster_rows(self, _value) -> list:
        return roster_rows(self._offers("hired"))

    def _add_row_widgets(self, first: int, last: int) -> None:
        """The name, robot and shotgun fields of new rows, bound to their soldier's place in the roster."""
        for r in range(first, last + 1):
            ptr = f"/soldiers/{r}"
            name = LineField()
            name.setObjectName(f"soldier_name_{r}")
            name.setPlaceholderText("(unnamed)")
            name.setAccessibleName(f"Name of soldier {r + 1}")
            name.setFrame(False)
            self.roster.setIndexWidget(self.roster_model.index(r, C_NAME), name)
            self.binder.line_edit(ptr + "/name", name, self)
            robot = QCheckBox()
            robot.setObjectName(f"soldier_robot_{r}")
            robot.setAccessibleName(f"Soldier {r + 1} is a robot")
            robot.setToolTip("A robot soldier (the rules for robots apply in play)")
            self.roster.setIndexWidget(self.roster_model.index(r, C_ROBOT), centered(robot))
            self.binder.check(ptr + "/robot", robot, self)
            shot = QCheckBox()
            shot.setObjectName(f"soldier_shotgun_{r}")
            shot.setAccessibleName(f"Soldier {r + 1} carries a shotgun instead of a carbine")
            self.roster.setIndexWidget(self.roster_model.index(r, C_SHOTGUN), centered(shot))
            self.binder.check(ptr + "/shotgun", shot, self)
            trade = QCheckBox()      # SG-SOLD-14: the assault armour's pistol traded for a carbine
            trade.setObjectName(f"soldier_trade_{r}")
            trade.setAccessibleName(f"Soldier {r + 1} trades its armour's pistol for a carbine")
            self.roster.setIndexWidget(self.roster_model.index(r, C_TRADE), centered(trade))
            self.binder.check(ptr + "/armour_trade", trade, self, remove_when_false=True)
            self._row_widgets[r] = [name, robot, shot, trade]
        content_columns(self.roster).measure_rows(first, last)   # the fields widen their columns
        self._refresh_shotguns()

    def _retire_row_widgets(self, first: int, last: int) -> None:
        """The fields of rows going away lose their names at once (the view deletes them later)."""
        for r in range(first, last + 1):
            for w in self._row_widgets.pop(r, []):
                w.setObjectName("")

    def _drop_row_widgets(self) -> None:
        n = self.roster_model.rowCount()
        self.binder.drop(lambda b: b.pointer.startswith("/soldiers/") and int(b.pointer.split("/")[2]) >= n)

    def _refresh_shotguns(self) -> None:
        """A shotgun tick only where the type carries a carbine to swap (or one is ticked already)."""
        for r, row in enumerate(self.roster_model.rows):
            holder = self.roster.indexWidget(self.roster_model.index(r, C_SHOTGUN))
            shot = holder.findChild(QCheckBox) if holder is not None else None
            if shot is None:
                continue
            h = row.data
            shot.setEnabled(h["shotgun_allowed"] or h["shotgun"])
            shot.setToolTip(h["shotgun_reason"] or "Swap the carbine for a shotgun")
            holder = self.roster.indexWidget(self.roster_model.index(r, C_TRADE))
            trade = holder.findChild(QCheckBox) if holder is not None else None
            if trade is not None:     # SG-SOLD-14: only where the type wears armour with a pistol to trade
                trade.setEnabled(h["trade_allowed"] or h["armour_trade"])
                trade.setToolTip(h["trade_reason"] or "Trade the assault armour's pistol for a carbine; the "
                                 "carbine fills the soldier's one item slot (SG-SOLD-14)")

    def _select(self, pointer: str) -> None:
        r = self.roster_model.row_at_pointer(pointer)
        if r >= 0:
            self.roster.selectRow(r)

    def _current(self) -> int:
        return self.roster.currentIndex().row()

    def _update_buttons(self) -> None:
        r, n = self._current(), self.roster_model.rowCount()
        self.remove.setEnabled(0 <= r < n)
        self.up.setEnabled(0 < r < n)
        self.down.setEnabled(0 <= r < n - 1)
        h = self.roster_model.rows[r].data if 0 <= r < n else None
        self.roster_words.setText(f"{h['type']}: {h['profile_words']}. Gear: {', '.join(h['gear']) or 'none'}."
                                  + (f" Item slot: {h['slot_words']}." if h.get("slot_words") else "")
                                  if h and h["known"] else (h["reason"] if h else ""))

    def _remove(self) -> None:
        from model.systems.stargrave import actions
        edit = actions.remove(self.session.data, self._current())
        if edit is not None:
            self.session.apply(edit)

    def _move(self, step: int) -> None:
        r = self._current()
        from model.systems.stargrave import actions
        edit = actions.move(self.session.data, r, step)
        if edit is not None:
            self.session.apply(edit)
            self.roster.setCurrentIndex(self.roster_model.index(r + step, C_TYPE))

    # ---- numbers ------------------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        """What this page shows: the soldiers, the pack's numbers and the derived credits (the crew now too)."""
        ours = any(p == "" or p.startswith(("/soldiers", "/rules", "/campaign")) for p in change.touched)
        if not (ours or change.derived_changed):
            return
        self._refresh_now()
        self._refresh_numbers()
        self._refresh_catalogue()
        self._after_roster_change()

    def _after_roster_change(self) -> None:
        n = self.roster_model.rowCount()
        self.empty.setVisible(n == 0)
        self.roster.setVisible(n > 0)
        if n and self._current() < 0:
            self.roster.setCurrentIndex(self.roster_model.index(0, C_TYPE))
        self._refresh_shotguns()
        self._update_buttons()

    def _refresh_numbers(self) -> None:
        d, crew = founded_derived(self.session.result.derived), self.t.crew
        if not d:
            return
        spent, start, left = d["credits_spent"], d["credits_start"], d["credits_left"]
        from .founding import games_played
        at = "At founding: " if games_played(self.session) else ""    # the numbers now are in the roster now
        self.credits.set(spent, start, f"{spent} of {start} Cr spent",
                         at + (f"{left} Cr left." if left >= 0 else f"{-left} Cr over: the crew has only {start} Cr."),
                         None if left >= 0 else "error")
        n, most = len(self.session.data.get("soldiers", [])), crew["max_soldiers"]
        self.count.set(n, most, f"{n} of {most} soldiers", at +
                       (f"{most - n} more can be hired." if n < most else "The roster is full.")
                       if n <= most else f"{n - most} too many: a crew hires at most {most} soldiers.",
                       "error" if n > most else None)
        sp, smost = d["specialists"], crew["max_specialists"]
        self.specialists.set(sp, smost, f"{sp} of {smost} specialists", at +
                             (f"{smost - sp} more may be specialists." if sp < smost else "No more specialists may be hired.")
                             if sp <= smost else f"{sp - smost} too many: at most {smost} soldiers may be specialists.",
                             "error" if sp > smost else None)
