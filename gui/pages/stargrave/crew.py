"""The Crew page: name, notes, credits, specialists, the whole roster with profiles, and the crew's issues."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QHBoxLayout, QLabel, QListView, QPushButton)

from model.systems.stargrave.tables import tables
from model.systems.stargrave.derive import format_profile_value, format_value
from model.systems.stargrave.tables import KEYS, ROLES
from model.systems.stargrave import founded_derived
from model.systems.stargrave.next_step import next_step

from ...icons import icon
from ...widgets.common import Card, Meter, form_card, hint, named, show_all_rows
from ...widgets.rows_model import POINTER_ROLE, Row, RowsModel
from ..base import Page
from ...widgets.tables import pick_view as list_view
from ...widgets.text_fields import LineField, NotesField


class CrewPage(Page):
    title = "Crew"
    icon_name = "crew"
    prefixes = ("/name", "/notes", "/rules", "/portrait")
    portrait = True

    def build_form(self, session, binder) -> None:
        self.t = t = tables(session.pack)
        self.start_form("Crew")
        self._top_cards()
        self._money_card()
        self._lists(t)
        binder.line_edit("/name", self.name, self)
        binder.plain_text("/notes", self.notes, self)
        self.fill.clicked.connect(self._fill)
        self.problems.activated.connect(lambda index: binder.focus(index.data(POINTER_ROLE)))
        self._refresh_all()

    def _top_cards(self) -> None:
        top = QHBoxLayout()
        top.setSpacing(12)
        about, form = form_card("Name and notes")
        self.name = named(LineField(), "crewName", "Crew name", "Name your crew")
        self.notes = named(NotesField(), "crewNotes", "Crew notes", "Anything you want to remember: ship, home port, rivals…")
        self.notes.setTabChangesFocus(True)
        self.notes.setMinimumHeight(70)
        self.notes.setMaximumHeight(110)
        form.addRow("&Name", self.name)
        form.addRow("N&otes", self.notes)
        about.layout_.addLayout(form)
        top.addWidget(about, 3)

        quick = Card("Quick start")
        quick.add(hint("Fill in everything you have not chosen yet with legal choices: backgrounds, +1s, "
                       "powers, equipment and soldiers. Your own choices stay as they are, and Undo takes it back."))
        self.fill = QPushButton(icon("starwright"), "F&ill the Rest")
        self.fill.setObjectName("fillTheRest")
        self.fill.setAccessibleName("Fill the Rest with legal choices")
        self.fill.setMinimumHeight(self.fill.sizeHint().height() + 8)
        quick.add(self.fill)
        quick.layout_.addStretch(1)
        top.addWidget(quick, 2)
        from .campaign_card import campaign_card
        card, self.refresh_campaign_card = campaign_card(self)
        top.addWidget(card, 2)
        self.column.addLayout(top)

    def _money_card(self) -> None:
        money = Card("Credits and members")
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        self.credits = Meter("Credits spent")
        self.specialists = Meter("Specialists")
        self.members = Meter("Members")
        grid.addWidget(QLabel("Credits"), 0, 0)
        grid.addWidget(self.credits, 0, 1)
        grid.addWidget(QLabel("Specialists"), 1, 0)
        grid.addWidget(self.specialists, 1, 1)
        grid.addWidget(QLabel("Members"), 2, 0)
        grid.addWidget(self.members, 2, 1)
        money.layout_.addLayout(grid)
        self.column.addWidget(money)

    def _lists(self, t) -> None:
        roster = Card("Roster")
        self.roster_model = RowsModel(["Role", "Name", "Background / type"] + [t.char[k]["abbr"] for k in KEYS]
                                      + ["Gear and notes"], ["", "", ""] + [t.label(k) for k in KEYS] + [""])
        self.roster = list_view(self.roster_model, "crewRoster", "Crew roster with effective profiles",
                                int(self.fontMetrics().height() * 1.8))
        roster.add(self.roster)
        show_all_rows(self.roster)   # the whole crew, growing with the page: no scrolling inside it
        self.column.addWidget(roster)

        problems = Card("The crew's issues")
        self.problem_title = QLabel()
        self.problem_model = RowsModel(["Issue"])
        self.problems = QListView()
        self.problems.setModel(self.problem_model)
        self.problems.setObjectName("crewIssues")
        self.problems.setAccessibleName("The crew's issues")
        self.problems.setWordWrap(True)  # a long message wraps instead of scrolling sideways
        self.problems.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problems.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        problems.add(self.problem_title)
        problems.add(self.problems)
        show_all_rows(self.problems)   # as tall as its issues: no scroll bar inside the scrolling page
        self.column.addWidget(problems)
        self.column.addStretch(1)

    def next_step(self) -> str:
        return next_step("crew", self.session.data, self.session.issues, tables(self.session.pack))

    def entry_field(self):
        # a crew not named yet, or just made (its placeholder name is there to be typed over)
        fresh = self.session.stack.count() == 0
        return self.name if fresh or not self.name.text().strip() else None

    def _fill(self) -> None:
        from model.systems.stargrave import actions
        self.session.apply(actions.fill_the_rest(self.session.data, self.session.pack))

    def on_changed(self, change) -> None:
        if change.derived_changed:
            self.refresh_campaign_card()   # its words are read from the derived values
        names = any(p.endswith("/name") or p in ("", "/captain", "/first_mate", "/soldiers") for p in change.touched)
        if change.derived_changed or names:
            self._refresh_numbers()
            self._refresh_roster()
        if change.issues_changed:
            self._refresh_issues()

    def _refresh_all(self) -> None:
        self._refresh_numbers()
        self._refresh_roster()
        self._refresh_issues()

    def _refresh_numbers(self) -> None:
        d = founded_derived(self.session.result.derived)
        crew = self.t.crew
        if not d:
            return
        spent, start = d["credits_spent"], d["credits_start"]
        left = d["credits_left"]
        now = self.session.result.derived
        played = (now.get("campaign") or {}).get("games")
        left = now.get("credits_left", left) if played else left
        self.credits.set(spent, start, f"{spent} of {start} Cr spent",
                         (f"{left} Cr now, after {played} game{'s' if played != 1 else ''}" if played else
                          f"{left} Cr left for soldiers") if left >= 0 else
                         f"{-left} Cr over: the crew has only {start} Cr", None if left >= 0 else "error")
        n, most = d["specialists"], crew["max_specialists"]
        self.specialists.set(n, most, f"{n} of {most} specialists",
                             f"At most {most} soldiers may be specialists" + (f"; {n - most} too many" if n > most else ""),
                             "error" if n > most else None)
        members = d["members"]
        officers = [self.t.figures[r]["label"] for r in ROLES]     # SG-CREW-03: the officers and the soldiers
        cap = len(officers) + crew["max_soldiers"]
        self.members.set(members, cap, f"{members} of {cap} members",
                         ", ".join(f"1 {o}" for o in officers) + f" and up to {crew['max_soldiers']} soldiers",
                         "error" if members > cap else None)

    def _refresh_roster(self) -> None:
        # The roster is the crew NOW (after the games: levels, deaths, hires, injuries, finds carried); the
        # Captain, First Mate and Soldiers pages edit the crew as founded.
        data, d = self.session.data, self.session.result.derived
        if not d:
            return
        rows = []
        for role in ("captain", "first_mate"):
            o, od = data[role], d[role]
            prof = [format_profile_value(k, od["base_profile"][k], od["profile"][k], self.t) for k in KEYS]
            played = (d.get("campaign") or {}).get("games")
            label = f"{od['label']} · level {od['level']}" if played else od["label"]
            rows.append((label, o.get("name", ""), od["background"] or "(no background)", prof,
                         ", ".join(od["carried"]) or "nothing carried", role))
        # The derived soldiers are the crew now (after the games: deaths, hires, injuries); each carries its name.
        founding = data["soldiers"] + [{}] * max(0, len(d["soldiers"]) - len(data["soldiers"]))
        for i, (s, sd) in enumerate(zip(founding, d["soldiers"])):
            if "id" in sd:
                s = {"name": sd.get("name", "")}
            if sd.get("known"):
                prof = [format_value(k, sd["profile"][k], self.t) for k in KEYS]
                gear = ", ".join(sd["gear"]) or "no gear"
                extra = (" · robot" if sd["robot"] else "") + (" · specialist" if sd["specialist"] else "")
                if sd.get("item"):
                    extra += f" · carries {sd['item']}"
                if sd.get("injured"):
                    extra += f" · injured: starts the next game at Health {sd.get('health_now')}"
            else:
                prof, gear, extra = ["–"] * len(KEYS), "unknown soldier type", ""
            rows.append(("Soldier", s.get("name", ""), sd["type"], prof, gear + extra, sd.get("id") or f"soldier {i}"))
        role_icons = {"Captain": "captain", "First Mate": "first-mate", "Soldier": "soldiers"}
        center = tuple(range(3, 3 + len(KEYS)))
        self.roster_model.set_rows([Row(key, (role, name or "(unnamed)", what, *prof, gear), (),
                                        (role_icons[role.split(" · ")[0]],), center=center)
                                    for role, name, what, prof, gear, key in rows])

    def _refresh_issues(self) -> None:
        from model.labels import describe_pointer
        issues = self.session.issues
        errors = sum(1 for i in issues if i.is_error)
        if not issues:
            self.problem_title.setText("No issues: this crew is legal and ready to play.")
        else:
            self.problem_title.setText(f"{len(issues)} issue{'s' if len(issues) != 1 else ''}"
                                       f"{f', {errors} of them errors' if errors else ''}. "
                                       "Activate one to go to the field at fault.")
        self.problem_model.set_rows([
            Row(f"{issue.pointer}|{issue.rule}|{issue.message}",
                (f"{describe_pointer(self.session.data, issue.pointer, self.session.pack)}: {issue.message}  [{issue.rule}]",),
                icons=(issue.severity if issue.severity in ("error", "warning") else "info",), pointer=issue.pointer)
            for issue in issues])
