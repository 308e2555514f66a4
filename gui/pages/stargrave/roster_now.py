"""The Soldiers page's roster *now*, once games are recorded: who is left after deaths and dismissals, who was
hired, who starts the next game injured (and at what Health), the finds they carry. All read from the model's
evaluation; the actions here (hire, dismiss, give a find, take it back) are changes between games, each one
edit that joins the latest game's record (model/systems/stargrave/between_games.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton

from model.systems.stargrave import actions, record_choices
from model.systems.stargrave import between_games as between
from model.systems.stargrave.offers.roster import profile_words
from model.systems.stargrave.soldier_gear import trade_block

from ...widgets.common import Card, hint, show_all_rows
from ...widgets.rows_model import Row, RowsModel
from .founding import games_played, replayed
from .hire_fields import hire_fields
from ...widgets.tables import pick_view as list_view

KEEP_UNLOCKED = "betweenGames"   # the founding lock leaves this card's controls alone: they edit the games


class RosterNowCard(Card):
    def __init__(self, page):
        super().__init__("Roster now")
        self.page, self.session, self.t = page, page.session, page.t
        self.setProperty(KEEP_UNLOCKED, True)
        self.words = hint()
        self.words.setObjectName("rosterNowWords")
        self.add(self.words)
        self.model = RowsModel(["Name", "Type", "Profile now", "Item slot", "Next game"])
        self.table = list_view(self.model, "rosterNow", "The soldiers now, after the recorded games",
                               int(self.fontMetrics().height() * 1.9))
        self.add(self.table)
        show_all_rows(self.table)   # every soldier in sight: no scrolling inside the page

        acts = QHBoxLayout()
        self.dismiss = QPushButton("Dismiss")
        self.dismiss.setObjectName("nowDismiss")
        self.dismiss.setToolTip("Dismiss the selected soldier (part of the latest game's record)")
        self.give_combo = QComboBox()
        self.give_combo.setObjectName("nowGiveItem")
        self.give_combo.setAccessibleName("Find from the stash to give to the selected soldier")
        self.give = QPushButton("Give find")
        self.give.setObjectName("nowGive")
        self.take_back = QPushButton("Take find back")
        self.take_back.setObjectName("nowTakeBack")
        self.trade = QPushButton("Carbine for armour pistol")
        self.trade.setObjectName("nowTrade")
        for w in (self.dismiss, QLabel("Stash:"), self.give_combo, self.give, self.take_back, self.trade):
            acts.addWidget(w)
        acts.addStretch(1)
        self.layout_.addLayout(acts)
        self.give_note = hint()     # why the chosen find cannot go to the selected soldier (SG-SOLD-05/10/14)
        self.give_note.setObjectName("nowGiveNote")
        self.add(self.give_note)

        hire = QHBoxLayout()
        self.hire_type, self.hire_name = hire_fields(self.t.pack, "nowHire", " between games")
        self.hire = QPushButton("Hire between games")
        self.hire.setObjectName("nowHire")
        self.hire_note = hint()
        self.hire_note.setObjectName("nowHireNote")
        hire.addWidget(self.hire_type)
        hire.addWidget(self.hire_name, 1)
        hire.addWidget(self.hire)
        self.layout_.addLayout(hire)
        self.add(self.hire_note)

        self.dismiss.clicked.connect(self._dismiss)
        self.give.clicked.connect(self._give)
        self.take_back.clicked.connect(self._take_back)
        self.trade.clicked.connect(self._trade)
        self.give_combo.currentIndexChanged.connect(lambda _i: self._buttons())
        self.hire.clicked.connect(self._hire)
        self.hire_type.currentIndexChanged.connect(lambda _i: self._hire_words())
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._buttons())

    # -- showing the crew now ---------------------------------------------------------------------------
    def refresh(self) -> None:
        n = games_played(self.session)
        self.setVisible(n > 0)
        if not n:
            return
        d = self.session.result.derived or {}
        soldiers = d.get("soldiers", [])
        credits = (d.get("campaign") or {}).get("credits", 0)
        hurt = sum(1 for s in soldiers if s.get("injured"))
        self.words.setText(
            f"After {n} game{'s' if n != 1 else ''}: {len(soldiers)} soldier{'s' if len(soldiers) != 1 else ''}"
            + (f", {hurt} injured" if hurt else "") + f"; {credits} Cr. Hiring, dismissing and handing out finds "
            "here become part of the latest game's record (one Undo each). The roster as founded is below.")
        self.model.set_rows([self._row(s) for s in soldiers])
        finds = [f for f in self._stash() if f.get("kind") == "find"]
        shown = [(f"{f['name']} ({f['slots']} slot{'s' if f['slots'] != 1 else ''})", f["name"]) for f in finds]
        if self.give_combo.property("shown") != shown:
            self.give_combo.setProperty("shown", shown)
            self.give_combo.clear()
            for text, value in shown:
                self.give_combo.addItem(text, value)
        self.give_combo.setPlaceholderText("no finds in the stash")
        self._hire_words()
        self._buttons()

    def _row(self, s: dict) -> Row:
        """A soldier now: name, type, profile, item slot and whether it starts the next game injured."""
        prof = s.get("profile") or {}
        profile = profile_words(prof, self.t) if s.get("known") else "–"
        kind = str(s.get("type", "")) + ("  · specialist" if s.get("specialist") else "")
        if s.get("injured"):
            fit, tip, mark = (f"Injured: starts at Health {s.get('health_now')} of {prof.get('health', '?')}",
                              "A serious injury: the soldier plays the next game at half Health, rounded down",
                              "warning")
        else:
            fit, tip, mark = "Fit", "", "ok"
        slot = s.get("item") or s.get("slot_words") or "empty"     # SG-SOLD-14: a traded carbine fills it
        return Row(s.get("id", ""), (s.get("name") or "(unnamed)", kind, profile, slot, fit),
                   ("", "", "", "", tip), ("", "", "", "", mark), data=s)

    def _stash(self) -> list[dict]:
        data = self.session.data
        i = between.latest(data)
        if i is None:
            return []
        return record_choices.stash_now(data, i, data["campaign"]["games"][i], self.session.pack, replayed(self.session))

    def _hire_words(self) -> None:
        data, kind = self.session.data, self.hire_type.currentData()
        i = between.latest(data)
        self.hire_note.setText(record_choices.hire_note(data, i, data["campaign"]["games"][i], kind, self.session.pack)
                               if i is not None and kind else "")

    def _give_offer(self, s: dict | None) -> dict | None:
        """The model's word on giving the chosen find to the selected soldier (record_choices.give_offers)."""
        data, item = self.session.data, self.give_combo.currentData()
        i = between.latest(data)
        if not s or not item or i is None or not s.get("id"):
            return None
        offers = record_choices.give_offers(data, i, data["campaign"]["games"][i], s["id"], self.session.pack,
                                            replayed(self.session))
        return next((o for o in offers if o["name"] == item), None)

    def _buttons(self) -> None:
        s = self._selected()
        self.dismiss.setEnabled(bool(s))
        offer = self._give_offer(s)
        self.give.setEnabled(bool(offer and offer["fits"]))
        refused = offer["reason"] if offer and not offer["fits"] else ""
        self.give.setToolTip(refused or "Give the chosen find to the selected soldier's item slot")
        self.give_note.setText(f"{refused} ({offer['rule']})" if offer and refused else "")
        self.give_note.setVisible(bool(refused))
        self.take_back.setEnabled(bool(s and s.get("item")))
        # SG-SOLD-14: the trade, where the soldier's armour has a pistol to trade and its slot is free
        traded = bool((s or {}).get("armour_trade"))
        self.trade.setText("Pistol back for the armour" if traded else "Carbine for armour pistol")
        block = "" if not s or traded else trade_block(self.t, self.t.soldiers.get(s.get("type")), s.get("item"))
        self.trade.setEnabled(bool(s and (traded or (s.get("trade_allowed") and not block))))
        self.trade.setToolTip(block or ("Take the armour's pistol back: the item slot is free again" if traded else
                              "Trade the assault armour's pistol for a carbine; the carbine fills the soldier's "
                              "one item slot (SG-SOLD-14)"))

    def _selected(self) -> dict | None:
        r = self.table.currentIndex().row()
        return self.model.rows[r].data if 0 <= r < len(self.model.rows) else None

    # -- changes between games ------------------------------------------------------------------------
    def _apply(self, edit) -> None:
        if edit is not None:
            row = self.table.currentIndex().row()
            self.session.apply(edit)
            if 0 <= row < self.model.rowCount():
                self.table.setCurrentIndex(self.model.index(row, 0))

    def _dismiss(self) -> None:
        s = self._selected()
        if s:
            self._apply(actions.dismiss(self.session.data, s))

    def _give(self) -> None:
        s, item = self._selected(), self.give_combo.currentData()
        if s and item:
            self._apply(actions.give(self.session.data, s, item))

    def _trade(self) -> None:
        s = self._selected()
        if s:
            self._apply(actions.armour_trade(self.session.data, s, not s.get("armour_trade")))

    def _take_back(self) -> None:
        s = self._selected()
        if s:
            self._apply(actions.take_back(self.session.data, s))

    def _hire(self) -> None:
        kind = self.hire_type.currentData()
        if kind:
            self._apply(actions.hire_between(self.session.data, kind, self.session.pack, self.hire_name.text().strip()))
            self.hire_name.clear()
            self.table.setCurrentIndex(self.model.index(self.model.rowCount() - 1, 0))
