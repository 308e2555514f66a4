"""Steps 1 and 2: the game itself (title, date, upkeep before it) and who went out of action."""

from __future__ import annotations

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (QCheckBox, QDateEdit, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QPlainTextEdit, QPushButton, QVBoxLayout)

from .....widgets.common import Card, WrapLabel, hint
from ..step import Step
from .common import campaign_before, figures_before


class GameStep(Step):
    title = "The game"
    object_name = "step_game"
    explain = ("Name the game and say when it was played. Before every game the crew pays the upkeep of the "
               "equipment that has one; the check below says whether the credits cover it.")
    parts = ("title", "date", "notes", "activate_secret", "temporary")

    def build(self) -> None:
        card = Card("Game")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("gameTitle")
        self.title_edit.setAccessibleName("Game title")
        self.title_edit.setPlaceholderText("e.g. the scenario's name")
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("gameDate")
        self.date_edit.setAccessibleName("Date played")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("gameNotes")
        self.notes.setAccessibleName("Notes on the game")
        self.notes.setPlaceholderText("Anything worth remembering: opponents, Between Games powers used, the story…")
        self.notes.setTabChangesFocus(True)
        self.notes.setMaximumHeight(90)
        self.secret = QCheckBox("Activate a Secret from the stash before this game")
        self.secret.setObjectName("activateSecret")
        self.secret.setToolTip("If the crew then secures the central loot marker, it rolls once on an advanced table; "
                               "otherwise the Secret is used up.")
        form.addRow("&Title", self.title_edit)
        form.addRow("&Date", self.date_edit)
        form.addRow("N&otes", self.notes)
        card.layout_.addLayout(form)
        card.add(self.secret)
        self.column.addWidget(card)

        self.broken = hint("The file's record of this game is not a game record, so nothing of it counts. "
                           "What you enter here replaces it; Cancel leaves it as it is.")
        self.broken.setObjectName("brokenRecord")
        self.column.addWidget(self.broken)

        upkeep = Card("Upkeep before the game")
        row = QVBoxLayout()
        self.upkeep_icon = QLabel()
        self.upkeep_words = WrapLabel()
        self.upkeep_words.setObjectName("upkeepWords")
        row.addWidget(self.upkeep_words)
        upkeep.layout_.addLayout(row)
        upkeep.add(hint("Unpaid armour: an officer must swap it for other equipment; a soldier sits the game out "
                        "(a Recruit or a Runner may stand in)."))
        self.column.addWidget(upkeep)

        self._temporary_card()

        self.title_edit.textEdited.connect(lambda s: self._set("/title", s))
        self.date_edit.dateChanged.connect(lambda d: self._set("/date", d.toString("yyyy-MM-dd")))
        self.notes.textChanged.connect(self._notes)
        self.secret.clicked.connect(self._secret)

    def focus_first(self):
        return self.title_edit

    # -- SG-CREW-08: who played this game only (never the crew) ---------------------------------------------
    def _temporary_card(self) -> None:
        from ...temporary_fields import TemporaryFields
        card = Card("Temporary members (this game only)")
        card.add(hint("Figures who joined the crew for this game only (from a power, advanced technology or the "
                      "scenario). They are listed with the game, never join the crew and count against none of its "
                      "limits (SG-CREW-08)."))
        self.temp_list = QListWidget()
        self.temp_list.setObjectName("recTempList")
        self.temp_list.setAccessibleName("Temporary members of this game")
        self.temp_list.setMaximumHeight(80)
        card.add(self.temp_list)
        self.temp_fields = TemporaryFields(self.dialog.session.pack, "recTemp")
        card.add(self.temp_fields)
        row = QHBoxLayout()
        self.temp_add = QPushButton("Add temporary member")
        self.temp_add.setObjectName("recTempAdd")
        self.temp_remove = QPushButton("Remove selected")
        self.temp_remove.setObjectName("recTempRemove")
        self.temp_note = hint("")
        self.temp_note.setObjectName("recTempNote")
        row.addWidget(self.temp_add)
        row.addWidget(self.temp_remove)
        row.addWidget(self.temp_note, 1)
        card.layout_.addLayout(row)
        self.column.addWidget(card)
        self.temp_add.clicked.connect(self._add_temporary)
        self.temp_remove.clicked.connect(self._remove_temporary)

    def _members(self) -> list:
        found = self.draft.record.get("temporary")
        return list(found) if isinstance(found, list) else []

    def _add_temporary(self) -> None:
        entry = self.temp_fields.entry()
        if entry is None:
            self.temp_note.setText("Give the figure a name: a temporary member is a soldier type, or a named figure "
                                   "with its own profile.")
            return
        self.temp_note.setText("")
        self.temp_fields.name.clear()
        self.draft.set("/temporary", self._members() + [entry])
        self.dialog.changed()

    def _remove_temporary(self) -> None:
        members, r = self._members(), self.temp_list.currentRow()
        if not members:
            return
        del members[r if 0 <= r < len(members) else -1]
        if members:
            self.draft.set("/temporary", members)
        else:
            self.draft.remove("/temporary")
        self.dialog.changed()

    def _temporary_words(self) -> list[str]:
        from model.play.stargrave_temporary import profile_words
        out = []
        for m in self._members():
            if not isinstance(m, dict):
                out.append("?")
            elif m.get("type"):
                out.append(f"{m['name']} ({m['type']})" if m.get("name") else str(m["type"]))
            else:
                given = m.get("profile")
                prof = given if isinstance(given, dict) else {}
                out.append(f"{m.get('name') or '?'}: {profile_words(prof)}")
        return out

    def _set(self, path: str, value) -> None:
        self.draft.set(path, value)
        self.dialog.changed()

    def _notes(self) -> None:
        text = self.notes.toPlainText()
        if text != (self.draft.get("/notes") or ""):
            if text:
                self.draft.set("/notes", text)
            else:
                self.draft.remove("/notes")
            self.dialog.changed()

    def _secret(self, checked: bool) -> None:
        if checked:
            self.draft.set("/activate_secret", True)
        else:
            self.draft.remove("/activate_secret")
        self.dialog.changed()

    def refresh(self) -> None:
        r = self.draft.record
        self.broken.setVisible(self.draft.broken)
        if self.title_edit.text() != (r.get("title") or ""):
            self.title_edit.setText(r.get("title") or "")
        date = QDate.fromString(str(r.get("date") or ""), "yyyy-MM-dd")
        if date.isValid() and date != self.date_edit.date():
            self.date_edit.blockSignals(True)
            self.date_edit.setDate(date)
            self.date_edit.blockSignals(False)
        if self.notes.toPlainText() != (r.get("notes") or ""):
            self.notes.blockSignals(True)
            self.notes.setPlainText(r.get("notes") or "")
            self.notes.blockSignals(False)
        words = self._temporary_words()
        if [self.temp_list.item(i).text() for i in range(self.temp_list.count())] != words:
            self.temp_list.clear()
            self.temp_list.addItems(words)
        self.temp_remove.setEnabled(bool(words))
        secrets = [n for n in campaign_before(self.draft).get("stash", []) if "secret" in n.lower()]
        self.secret.setChecked(bool(r.get("activate_secret")))
        self.secret.setVisible(bool(secrets) or bool(r.get("activate_secret")))
        d = self.draft.before.derived or {}
        due, have = d.get("upkeep", 0), d.get("credits_left", 0)
        if not due:
            self.upkeep_words.setText(f"No upkeep is due: nothing the crew fields has one. Credits: {have} Cr.")
        elif have >= due:
            self.upkeep_words.setText(f"Upkeep {due} Cr, paid from {have} Cr: "
                                      f"{have - due} Cr left for the game.")
        else:
            self.upkeep_words.setText(f"Upkeep {due} Cr, but the crew has only {have} Cr: "
                                      "it cannot pay all of it. The issues below say who is affected.")

    def empty(self) -> bool:
        return False

    def issues(self) -> list:
        own = self.draft.issues(*self.parts)
        upkeep = [i for i in self.draft.after.issues if i.rule == "SG-EQ-08"]
        return own + [i for i in upkeep if i not in own]


class OutStep(Step):
    title = "Out of action"
    object_name = "step_out"
    explain = ""

    def explanation(self) -> str:
        return ("Tick every figure whose Health dropped to 0 during the game. In a campaign they are out of action, "
                "not dead: each rolls for survival in the next step. Anyone taken out also earns the crew "
                f"{self.rules.xp['out_of_action']} XP once.")
    parts = ("out_of_action",)

    def build(self) -> None:
        self.card = Card("Who went out of action?")
        self.box = QVBoxLayout()
        self.card.layout_.addLayout(self.box)
        self.column.addWidget(self.card)
        self.checks: dict[str, QCheckBox] = {}
        self._ids: list[str] = []

    def focus_first(self):
        return next(iter(self.checks.values()), None)

    def refresh(self) -> None:
        figures = figures_before(self.draft)
        ids = [f[0] for f in figures]
        if ids != self._ids:
            for cb in self.checks.values():
                cb.hide()
                cb.deleteLater()
            self.checks = {}
            for fid, label, info in figures:
                cb = QCheckBox(label + ("  · starts this game injured" if info.get("injured") else ""))
                cb.setObjectName(f"out_{fid}")
                cb.setAccessibleName(f"{label} went out of action")
                cb.clicked.connect(lambda checked, f=fid: self._toggle(f, checked))
                self.box.addWidget(cb)
                cb.show()   # now, not when the layout gets round to it: a click may come first
                self.checks[fid] = cb
            self._ids = ids
        out = self.draft.record.get("out_of_action") or []
        for fid, cb in self.checks.items():
            cb.setChecked(fid in out)

    def _toggle(self, fid: str, checked: bool) -> None:
        out = [x for x in (self.draft.record.get("out_of_action") or []) if x != fid]
        survival = [s for s in (self.draft.record.get("survival") or []) if not (isinstance(s, dict) and s.get("who") == fid)]
        if checked:
            out.append(fid)
            survival.append({"who": fid})
            order: dict[str | None, int] = {f: i for i, f in enumerate(self._ids)}
            out.sort(key=lambda x: order.get(x, 999))
            survival.sort(key=lambda s: order.get(s.get("who") if isinstance(s, dict) else "", 999))
        self.draft.set_many({"/out_of_action": out, "/survival": survival})
        self.dialog.changed()

    def empty(self) -> bool:
        return not self.draft.record.get("out_of_action")
