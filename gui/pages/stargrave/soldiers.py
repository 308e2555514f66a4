"""The Soldiers page: hire from the catalogue, name, robot, carbine/shotgun, remove, reorder; credits and limits."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QGridLayout, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QPushButton, QTableWidget, QTableWidgetItem)

from model import edits
from model.systems.stargrave.derive import format_value
from model.systems.stargrave.quickstart import new_soldier, next_soldier_id
from model.systems.stargrave.tables import KEYS, tables
from model.systems.stargrave import founded_derived
from model.systems.stargrave.next_step import next_step
from model.wording import a

from ...icons import icon, severity_icon
from ...widgets.common import Card, Meter, badge, centered, heading, hint, show_all_rows, with_badge
from ..base import Page

ROLE = Qt.ItemDataRole.UserRole
# roster columns
C_NAME, C_TYPE, C_COST, C_PROFILE, C_GEAR, C_ROBOT, C_SHOTGUN = range(7)


class SoldiersPage(Page):
    title = "Soldiers"
    icon_name = "soldiers"
    prefixes = ("/soldiers",)
    object_name = "page_soldiers"

    def next_step(self) -> str:
        return next_step("soldiers", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        crew = t.crew
        self.column.addWidget(heading("Soldiers"))
        self.add_next_step()
        self.column.addWidget(hint(
            f"Hire up to {crew['max_soldiers']} soldiers with the crew's {crew['starting_credits']} Cr; at most "
            f"{crew['max_specialists']} may be specialists. Some soldiers are free, so a full crew is always possible. "
            "A soldier's profile already includes its gear."))
        from .roster_now import RosterNowCard
        self.now_card = RosterNowCard(self)
        self.column.addWidget(self.now_card)

        meters = Card()
        grid = QGridLayout()
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
        self.column.addWidget(meters)

        ros = self.founding_roster = Card("Roster")
        self.roster = QTableWidget(0, 7)
        self.roster.setObjectName("soldierRoster")
        self.roster.setAccessibleName("Hired soldiers")
        self.roster.setHorizontalHeaderLabels(["Name", "Type", "Cost", "Profile", "Gear", "Robot", "Shotgun"])
        self._table_setup(self.roster)
        self.roster.horizontalHeader().setSectionResizeMode(C_NAME, QHeaderView.ResizeMode.Interactive)
        self.roster.horizontalHeader().setSectionResizeMode(C_GEAR, QHeaderView.ResizeMode.Stretch)
        self.roster.setColumnWidth(C_NAME, self.fontMetrics().horizontalAdvance("M") * 12)
        self.roster.verticalHeader().show()
        self.roster.verticalHeader().setDefaultSectionSize(int(self.fontMetrics().height() * 2.1))
        self.roster.setMinimumHeight(self.roster.verticalHeader().defaultSectionSize() * 9 + 4)
        self.roster_badge = badge()
        self.empty = hint("No soldiers yet: double-click a type in the catalogue below to hire it, "
                          "or use Fill the Rest on the Crew page.")
        ros.add(self.empty)
        ros.add(with_badge(self.roster, self.roster_badge), 1)
        brow = QHBoxLayout()
        self.up = QPushButton("Move &up")
        self.up.setObjectName("soldierUp")
        self.up.setAccessibleName("Move the selected soldier up")
        self.down = QPushButton("Move dow&n")
        self.down.setObjectName("soldierDown")
        self.down.setAccessibleName("Move the selected soldier down")
        self.remove = QPushButton("&Remove soldier")
        self.remove.setObjectName("removeSoldier")
        self.remove.setAccessibleName("Remove the selected soldier")
        for b in (self.up, self.down, self.remove):
            brow.addWidget(b)
        brow.addStretch(1)
        ros.layout_.addLayout(brow)
        self.column.addWidget(ros)
        row = QHBoxLayout()
        row.setSpacing(12)
        cat = Card("Soldier catalogue")
        self.catalogue = QTableWidget(0, 4 + len(KEYS))
        self.catalogue.setObjectName("soldierCatalogue")
        self.catalogue.setAccessibleName("Soldier catalogue")
        self.catalogue.setHorizontalHeaderLabels(["Type", "Cost"] + [t.char[k]["abbr"] for k in KEYS]
                                                 + ["Standard gear", "Can it be hired?"])
        for i, k in enumerate(KEYS):
            self.catalogue.horizontalHeaderItem(2 + i).setToolTip(t.label(k))
        self._table_setup(self.catalogue)
        self.catalogue.horizontalHeader().setSectionResizeMode(2 + len(KEYS), QHeaderView.ResizeMode.Stretch)
        self.catalogue.setMinimumHeight(self.catalogue.verticalHeader().defaultSectionSize() * 10)
        self.hire = QPushButton(icon("soldiers"), "H&ire selected soldier")
        self.hire.setObjectName("hireSoldier")
        self.hire.setAccessibleName("Hire the selected soldier type")
        self.hire_note = QLabel()
        self.hire_note.setWordWrap(True)
        cat.add(self.catalogue, 1)
        hrow = QHBoxLayout()
        hrow.addWidget(self.hire)
        hrow.addWidget(self.hire_note, 1)
        cat.layout_.addLayout(hrow)
        row.addWidget(cat, 1)
        self.column.addLayout(row)

        self.column.addStretch(1)

        self._fill_catalogue()
        show_all_rows(self.catalogue)  # every soldier type in sight: hired without scrolling inside the list
        binder.custom("/soldiers", self.roster, self, self._rebuild_roster, deep=False, badge=self.roster_badge,
                      select=self._select)
        self.catalogue.itemActivated.connect(lambda *_: self._hire())
        self.catalogue.currentCellChanged.connect(lambda *_: self._update_hire_note())
        self.hire.clicked.connect(self._hire)
        self.remove.clicked.connect(self._remove)
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(+1))
        self.roster.currentCellChanged.connect(lambda *_: self._update_buttons())
        self._refresh_numbers()
        self._refresh_now()

    def _refresh_now(self) -> None:
        """Once games exist: the roster now above, the founding roster titled as such."""
        self.now_card.refresh()
        played = self.now_card.isVisibleTo(self.body)
        self.founding_roster.title.setText("Roster as founded" if played else "Roster")

    @staticmethod
    def _table_setup(t: QTableWidget) -> None:
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setAlternatingRowColors(True)
        t.setTabKeyNavigation(False)
        t.verticalHeader().hide()
        t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    # ---- catalogue ----------------------------------------------------------------------------------
    def _fill_catalogue(self) -> None:
        t = self.t
        table = self.catalogue
        types = list(t.pack["soldiers"])
        table.setRowCount(len(types))
        for r, s in enumerate(types):
            name = QTableWidgetItem(s["name"] + ("  · specialist" if s["specialist"] else ""))
            name.setData(ROLE, s["name"])
            if s["specialist"]:
                name.setIcon(icon("specialist"))
                name.setToolTip("Specialist: counts toward the specialist limit")
            if s.get("notes"):
                name.setToolTip(s["notes"])
            table.setItem(r, 0, name)
            cost = QTableWidgetItem(f"{s['cost']} Cr" if s["cost"] else "free")
            cost.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, 1, cost)
            for i, k in enumerate(KEYS):
                it = QTableWidgetItem(format_value(k, s["profile"][k], t))
                it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                table.setItem(r, 2 + i, it)
            table.setItem(r, 2 + len(KEYS), QTableWidgetItem(", ".join(s["gear"]) or "none"))
            table.setItem(r, 3 + len(KEYS), QTableWidgetItem(""))
        table.setCurrentCell(0, 0)

    def _selected_type(self) -> dict | None:
        r = self.catalogue.currentRow()
        if r < 0:
            return None
        return self.t.soldiers.get(self.catalogue.item(r, 0).data(ROLE))

    def _why_not(self, s: dict) -> str:
        """In words, the limit hiring this type would break ('' when it can be hired)."""
        d, crew = founded_derived(self.session.result.derived), self.t.crew
        if not d:
            return ""
        n = len(self.session.data.get("soldiers", []))
        if n >= crew["max_soldiers"]:
            return f"The roster is full: {crew['max_soldiers']} soldiers is the most a crew may hire."
        if s["cost"] > 0 and s["cost"] > d["credits_left"]:
            return f"Costs {s['cost']} Cr; only {max(d['credits_left'], 0)} Cr left."
        if s["specialist"] and d["specialists"] >= crew["max_specialists"]:
            return f"Already {d['specialists']} specialists; at most {crew['max_specialists']} are allowed."
        return ""

    def _refresh_catalogue_notes(self) -> None:
        for r in range(self.catalogue.rowCount()):
            s = self.t.soldiers[self.catalogue.item(r, 0).data(ROLE)]
            why = self._why_not(s)
            it = self.catalogue.item(r, 3 + len(KEYS))
            it.setText(why or "Yes")
            it.setToolTip(why)
            it.setIcon(severity_icon("warning") if why else icon("ok"))
        self._update_hire_note()

    def _update_hire_note(self) -> None:
        s = self._selected_type()
        if not s:
            self.hire_note.setText("Select a soldier type.")
            return
        why = self._why_not(s)
        self.hire_note.setText(why + " You can still hire it; the crew will show the rule it breaks." if why
                               else f"{s['name']}: {s['cost']} Cr" + (", specialist." if s["specialist"] else "."))

    def _hire(self) -> None:
        s = self._selected_type()
        if s:
            self.session.apply(edits.Insert("/soldiers/-", new_soldier(s["name"], next_soldier_id(self.session.data))))
            self.roster.setCurrentCell(len(self.session.data["soldiers"]) - 1, C_TYPE)

    # ---- roster -------------------------------------------------------------------------------------
    def _rebuild_roster(self, value) -> None:
        value = value or []
        self.binder.drop(lambda b: b.pointer.startswith("/soldiers/"))
        table = self.roster
        cur = table.currentRow()
        table.setRowCount(len(value))
        for r, s in enumerate(value):
            ptr = f"/soldiers/{r}"
            name = QLineEdit()
            name.setObjectName(f"soldier_name_{r}")
            name.setPlaceholderText("(unnamed)")
            name.setAccessibleName(f"Name of soldier {r + 1}")
            name.setFrame(False)
            table.setCellWidget(r, C_NAME, name)
            self.binder.line_edit(ptr + "/name", name, self)
            for c in (C_TYPE, C_COST, C_PROFILE, C_GEAR):
                table.setItem(r, c, QTableWidgetItem(""))
            robot = QCheckBox()
            robot.setObjectName(f"soldier_robot_{r}")
            robot.setAccessibleName(f"Soldier {r + 1} is a robot")
            robot.setToolTip("A robot soldier (the rules for robots apply in play)")
            table.setCellWidget(r, C_ROBOT, centered(robot))
            self.binder.check(ptr + "/robot", robot, self)
            shot = QCheckBox()
            shot.setObjectName(f"soldier_shotgun_{r}")
            shot.setAccessibleName(f"Soldier {r + 1} carries a shotgun instead of a carbine")
            table.setCellWidget(r, C_SHOTGUN, centered(shot))
            self.binder.check(ptr + "/shotgun", shot, self)
        self.empty.setVisible(not value)
        if value:
            table.setCurrentCell(min(max(cur, 0), len(value) - 1), C_TYPE)
        self._refresh_rows()
        self._paint_rows()
        self.binder.paint()
        self._update_buttons()

    def _select(self, pointer: str) -> None:
        parts = pointer.split("/")
        if len(parts) > 2 and parts[2].isdigit():
            self.roster.selectRow(int(parts[2]))

    def _refresh_rows(self) -> None:
        data = self.session.data.get("soldiers", [])
        derived = founded_derived(self.session.result.derived).get("soldiers", [])
        t = self.t
        if self.roster.rowCount() != len(data) or len(derived) != len(data):
            return
        for r, (s, sd) in enumerate(zip(data, derived)):
            typ = self.roster.item(r, C_TYPE)
            typ.setText(str(sd["type"]) + ("  · specialist" if sd.get("specialist") else ""))
            typ.setIcon(icon("specialist") if sd.get("specialist") else icon(""))
            self.roster.item(r, C_COST).setText(f"{sd['cost']} Cr" if sd["cost"] else "free")
            if sd.get("known"):
                prof = " ".join(f"{t.char[k]['abbr']}{format_value(k, sd['profile'][k], t)}" for k in KEYS)
                self.roster.item(r, C_PROFILE).setText(prof)
                self.roster.item(r, C_GEAR).setText(", ".join(sd["gear"]) or "none")
            else:
                self.roster.item(r, C_PROFILE).setText("–")
                self.roster.item(r, C_GEAR).setText("unknown soldier type")
            shot = self.roster.cellWidget(r, C_SHOTGUN).findChild(QCheckBox)
            allowed = bool(sd.get("shotgun_allowed"))
            shot.setEnabled(allowed or bool(s.get("shotgun")))
            shot.setToolTip("Swap the carbine for a shotgun" if allowed else
                            f"{a(sd['type'], True)} has no carbine, so there is nothing to swap for a shotgun.")
            shot.setText("" if allowed or s.get("shotgun") else "no carbine")

    def _update_buttons(self) -> None:
        r = self.roster.currentRow()
        n = self.roster.rowCount()
        self.remove.setEnabled(0 <= r < n)
        self.up.setEnabled(0 < r < n)
        self.down.setEnabled(0 <= r < n - 1)

    def _remove(self) -> None:
        r = self.roster.currentRow()
        if 0 <= r < len(self.session.data["soldiers"]):
            self.session.apply(edits.Remove(f"/soldiers/{r}"))

    def _move(self, step: int) -> None:
        r = self.roster.currentRow()
        n = len(self.session.data["soldiers"])
        if 0 <= r < n and 0 <= r + step < n:
            self.session.apply(edits.Move(f"/soldiers/{r}", r + step))
            self.roster.setCurrentCell(r + step, C_TYPE)

    # ---- numbers ------------------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        self._refresh_now()
        if change.derived_changed:
            self._refresh_numbers()
            if "soldiers" in change.derived_changed:
                self._refresh_rows()
        if change.issues_changed or "soldiers" in change.derived_changed:
            self._paint_rows()

    def _paint_rows(self) -> None:
        """An icon and the message on the type cell of each soldier that has an issue of its own."""
        worst: dict[int, object] = {}
        for issue in self.session.issues:
            parts = issue.pointer.split("/")
            if len(parts) > 2 and parts[1] == "soldiers" and parts[2].isdigit():
                worst.setdefault(int(parts[2]), issue)
        for r in range(self.roster.rowCount()):
            it = self.roster.item(r, C_TYPE)
            if it is None:
                continue
            issue = worst.get(r)
            sd = (founded_derived(self.session.result.derived).get("soldiers") or [{}] * (r + 1))[r] if r < len(
                founded_derived(self.session.result.derived).get("soldiers", [])) else {}
            if issue is not None:
                it.setIcon(severity_icon(issue.severity))
                it.setToolTip(issue.message)
            else:
                it.setIcon(icon("specialist") if sd.get("specialist") else icon(""))
                it.setToolTip("")

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
        self._refresh_catalogue_notes()
