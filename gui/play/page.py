"""The Play view of one document: a card per figure or ship with its tracks, and New game / End game.

Everything shown is read from Result.play (model/play); every click or key is one edit on the document's
undo stack, so autosave and crash recovery keep a game in progress like any other change.
"""

from __future__ import annotations

import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from model import play
from model import pointer as jp
from model.issues import INFO

from .. import theme
from ..dialogs import prompts
from ..widgets.common import Card, WrapLabel, heading, hint
from .track_row import TrackRow
from .vehicle_card import VehicleCard, motions

WORDS = ("Only what changes during the game. Click − / +, or Tab to a track and press − / + or the arrow keys. "
         "Every step is one undo (Ctrl+Z); the game is saved with the document.")


def row_name(pointer: str) -> str:
    return "track_" + "_".join(jp.split(pointer)[1:]).replace(" ", "_")


class PlayPage(QScrollArea):
    def __init__(self, session, editor=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.editor = editor
        self.setObjectName("playPage")
        self.setAccessibleName("Play view")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.body = QWidget()
        self.body.setObjectName("pageBody")
        self.column = QVBoxLayout(self.body)
        self.column.setContentsMargins(18, 14, 18, 18)
        self.column.setSpacing(12)
        self.setWidget(self.body)
        self._head()
        # the officers (with their powers) and the game's counts, then the soldiers: each as many to a row as fit
        self.grids = (QGridLayout(), QGridLayout())
        self.parts: list[list[Card]] = [[], []]
        for grid in self.grids:
            grid.setSpacing(12)
            grid.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.column.addLayout(grid)
        self.column.addStretch(1)
        self.rows: dict[str, TrackRow] = {}
        self.powers: dict[str, QPushButton] = {}
        self.status: dict[str, QLabel] = {}
        self.facts: dict[str, QLabel] = {}
        self.shape: tuple | None = None
        self.stale = False   # an edit came while the page was hidden: refreshed when shown
        self.refresh()
        session.changed.connect(self._changed)

    def _head(self) -> None:
        top = QHBoxLayout()
        self.title = heading("Play")
        top.addWidget(self.title, 1)
        self.new_game = QPushButton("New game")
        self.new_game.setObjectName("playNewGame")
        self.new_game.clicked.connect(self.start_new_game)
        top.addWidget(self.new_game)
        self.end_game = None
        self.add_temporary = None
        if self.session.kind.kind == "stargrave-crew":
            self.end_game = QPushButton("End game…")
            self.end_game.setObjectName("playEndGame")
            self.end_game.setToolTip("Open the post-game walk-through filled in from this game: who is out of "
                                     "action, the powers used, the loot secured and the figures taken out.")
            self.end_game.clicked.connect(self.finish_game)
            self.add_temporary = QPushButton("Add a temporary member…")     # SG-CREW-08
            self.add_temporary.setObjectName("playAddTemporary")
            self.add_temporary.setToolTip("A figure who joins the crew for this game only (from a power, advanced "
                                          "technology or the scenario): never counted against the crew's limits, "
                                          "gone after the game (SG-CREW-08).")
            self.add_temporary.clicked.connect(self.ask_temporary)
            top.addWidget(self.add_temporary)
            top.addWidget(self.end_game)
        self.share = QPushButton("Share with phones…")        # Table Link: gui/share
        self.share.setObjectName("playShare")
        self.share.setToolTip("Show these tracks on the players' phones over this network: a QR code to scan (F6)")
        self.share.clicked.connect(self.share_with_phones)
        top.addWidget(self.share)
        self.back = QPushButton("Editor (F5)")
        self.back.setObjectName("playBack")
        self.back.setToolTip("Back to the document's pages (View > Play, F5)")
        self.back.clicked.connect(lambda: self.editor.set_play(False) if self.editor else None)
        top.addWidget(self.back)
        for b in (self.new_game, self.add_temporary, self.end_game, self.share, self.back):
            if b is not None:
                b.setMinimumHeight(40)
        self.column.addLayout(top)
        self.column.addWidget(hint(WORDS))
        self.problems = WrapLabel()
        self.problems.setObjectName("playIssues")
        self.problems.setStyleSheet(f"color: {theme.colour('error')};")
        self.problems.hide()
        self.column.addWidget(self.problems)
        # a step the rules allow but the saved file could not hold (model.play.refusal): said here, nothing changes
        self.refused = WrapLabel()
        self.refused.setObjectName("playRefused")
        self.refused.setStyleSheet(f"color: {theme.colour('warning')};")
        self.refused.hide()
        self.column.addWidget(self.refused)
        self.empty = hint("")
        self.empty.setObjectName("playEmpty")
        self.column.addWidget(self.empty)

    # -- following the document -----------------------------------------------------------------------------
    def _changed(self, change) -> None:
        if self.isVisible() or self.shape is None:
            self.refresh()
        else:
            self.stale = True

    def showEvent(self, event) -> None:
        if self.stale:
            self.stale = False
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        groups = self.session.result.play
        moving = motions(self.session)   # a Star Frontiers character's vehicles (model/play/sf_vehicles.py)
        shape = tuple((g.key, g.title, tuple(t.pointer for t in g.tracks), tuple(p.name for p in g.powers))
                      for g in groups) + tuple((m.index, m.name, m.mode) for m in moving)
        if shape != self.shape:
            self._build(groups, moving)
            self.shape = shape
            self.ours = {*self.rows, *self.powers}
            self.ours |= {jp.parent(p)[0] for p in list(self.ours) if p.count("/") > 2}
        for m in moving:
            self.vehicles[m.index].show_motion(m)
        for g in groups:
            for t in g.tracks:
                self.rows[t.pointer].show_track(t)
            for p in g.powers:
                self._show_power(self.powers[p.pointer], p)
            label = self.status[g.key]
            label.setText(g.status)
            label.setVisible(bool(g.status))
            facts = self.facts[g.key]
            facts.setText("   ".join(f"{k} {v}" for k, v in g.facts))
            facts.setVisible(bool(g.facts))
        name = str(self.session.data.get("name") or "").strip()
        self.title.setText(f"Play: {name}" if name else "Play")
        # its tracks' and powers' issues only (and what is kept beside them: a figure's other powers, a supply the
        # ship no longer carries): a ship's repair log (also under /play) is the ship page's. Information (a track
        # under 0) is the card's status, not a problem.
        # A temporary member that cannot play (SG-CREW-08) is said here too.
        mine = [i for i in self.session.issues
                if i.severity != INFO and any(jp.is_within(i.pointer, p) for p in (*self.ours, "/play/temporary"))]
        self.problems.setText("\n".join(f"{i.message} [{i.rule}]" for i in mine))
        self.problems.setVisible(bool(mine))
        has_play = bool(self.session.data.get("play"))
        self.new_game.setEnabled(play.new_game(self.session.kind.kind, self.session.data) is not None)
        self.new_game.setToolTip(self._new_game_words() if has_play else "Nothing to clear: no game in progress.")

    def _new_game_words(self) -> str:
        if self.session.kind.kind == "starchasers-ship":
            return ("Clear this game's stress and crits and raise the shields again (a ship starts each combat "
                    "with its Shield Rating, SC-SHIP-19). The ship's damage is carried over to the next session "
                    "until it is repaired (the ship page's repairs).")
        return "Clear the game in progress: every figure back at full strength, every supply on board."

    # -- building --------------------------------------------------------------------------------------------
    def _build(self, groups, moving=()) -> None:
        for grid in self.grids:
            while grid.count():
                item = grid.takeAt(0)
                if item is not None and (w := item.widget()) is not None:
                    w.deleteLater()
        self.rows.clear()
        self.powers.clear()
        self.status.clear()
        self.facts.clear()
        self.empty.setText("" if groups else "Nothing to track yet: the document needs its figures or ratings "
                           "first (its pages say what is missing).")
        self.empty.setVisible(not groups and not moving)
        first = [g for g in groups if g.powers or g.key == "game"]   # the game's counts beside the officers
        self.vehicles = {m.index: VehicleCard(self.session, m) for m in moving}   # (after the figures' cards)
        self.parts = [[self._card(g) for g in first], [self._card(g) for g in groups if g not in first]
                      + list(self.vehicles.values())]
        for cards in self.parts:
            least = max((c.minimumSizeHint().width() for c in cards), default=0)
            if len(groups) == 1 and not moving:
                least = max(least, 620)            # one ship or character: a card wide enough to read across a table
            for card in cards:
                card.setMinimumWidth(least)        # columns of one width, however long a card's labels
                card.setMaximumWidth(760 if len(groups) == 1 and not moving else 640)
        self._place()

    def _place(self) -> None:
        """The cards in as many columns (up to three) as the page's width holds."""
        room = self.viewport().width() - 36
        for grid, cards in zip(self.grids, self.parts):
            least = cards[0].minimumWidth() if cards else 1
            per_row = max(1, min(3, (room + 12) // (least + 12)))
            if grid.count() == len(cards) and grid.property("perRow") == per_row:
                continue
            for card in cards:
                grid.removeWidget(card)
            for n, card in enumerate(cards):
                grid.addWidget(card, n // per_row, n % per_row)
            for col in range(3):
                grid.setColumnStretch(col, 1 if col < per_row and len(cards) > 1 else 0)
            grid.setProperty("perRow", per_row)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and getattr(self, "parts", None):
            self._place()

    def _card(self, g) -> Card:
        card = Card(g.title)
        card.setObjectName(f"playCard_{g.key}")
        status = QLabel()
        status.setObjectName(f"playStatus_{g.key}")
        status.setStyleSheet(f"color: {theme.colour('error')}; font-weight: 600;")
        keep = status.sizePolicy()
        keep.setRetainSizeWhenHidden(True)   # cards side by side keep their tracks level
        status.setSizePolicy(keep)
        self.status[g.key] = status
        card.add(status)
        facts = hint("")            # read-only values beside the tracks (ADF, MR; a hospital's price)
        facts.setObjectName(f"playFacts_{g.key}")
        self.facts[g.key] = facts
        card.add(facts)
        rows = [TrackRow(t, row_name(t.pointer)) for t in g.tracks]
        width = max((r.name.minimumWidth() for r in rows), default=0)
        for t, row in zip(g.tracks, rows):
            row.name.setMinimumWidth(width)     # the buttons of a card's tracks in one column
            row.stepped.connect(self._step)
            self.rows[t.pointer] = row
            card.add(row)
        if g.powers:
            card.add(QLabel("Powers used (F: the Fatigue each takes off Health):"))
            flow = QGridLayout()
            flow.setSpacing(6)
            for i, p in enumerate(g.powers):
                b = QPushButton()
                b.setObjectName(f"power_{g.key}_{p.name.replace(' ', '_')}")
                b.setMinimumHeight(38)
                b.clicked.connect(lambda _=False, key=g.key, name=p.name: self._use_power(key, name))
                self.powers[p.pointer] = b
                flow.addWidget(b, i // 2, i % 2)
            holder = QWidget()
            holder.setLayout(flow)
            card.add(holder)
        if g.key in self._temporary_ids():
            card.add(self._remove_temporary_button(g))
        card.layout_.addStretch(1)   # a card beside a taller one keeps its tracks at the top
        return card

    def _show_power(self, button: QPushButton, p) -> None:
        used = f"  ×{p.uses}" if p.uses else ""
        button.setText(f"{p.name} (F{p.fatigue}){used}")
        button.setEnabled(p.usable)
        button.setToolTip(p.why or f"Used {p.name}: one more use for the game's XP, and its Fatigue "
                          f"({p.fatigue}) comes off Health (SG-PLAY-13).")

    # -- acting ----------------------------------------------------------------------------------------------
    def _step(self, row: TrackRow, delta: int) -> None:
        track = play.track_at(self.session.result.play, row.track.pointer)
        groups = self.session.result.play
        edit = play.step(self.session.data, track, delta, clamp=abs(delta) > 1,
                         who=play.owner(groups, track)) if track else None
        self._apply(edit, track.label if track else "", source=row)

    def _apply(self, edit, what: str, source=None) -> None:
        """Make the edit, unless the saved file could not hold it: then say so and change nothing."""
        if edit is None:
            return
        why = play.refusal(self.session.kind.kind, self.session.data, edit, what or "The game")
        self.refused.setText(why)
        self.refused.setVisible(bool(why))
        if not why:
            self.session.apply(edit, source=source)

    def _use_power(self, key: str, name: str) -> None:
        from model.play import stargrave
        g = next((g for g in self.session.result.play if g.key == key), None)
        p = next((p for p in g.powers if p.name == name), None) if g else None
        edit = stargrave.use_power(self.session.data, g, p) if g and p else None
        self._apply(edit, f"{g.title}: {name}" if g else name)

    def start_new_game(self) -> None:
        edit = play.new_game(self.session.kind.kind, self.session.data)
        if edit is None:
            return
        if prompts.confirm(self, "confirmNewGame", "New game", "Start a new game?",
                           self._new_game_words() + " Undo (Ctrl+Z) takes it back.", "reset", "New game"):
            self.session.apply(edit)

    def share_with_phones(self):
        from ..share import open_for
        return open_for(self.session, self.window())

    def finish_game(self):
        """Stargrave: the post-game walk-through, filled in from the tracker (the model's game_record)."""
        from model.play import stargrave
        from model.systems.stargrave.campaign import games_of

        from ..pages.stargrave.record import open_walkthrough
        from ..share import ended_game
        ended_game(self.session)          # the phones sharing this game show "game over"
        number = len(games_of(self.session.data)) + 1
        record = stargrave.game_record(self.session.data, self.session.result.play, f"Game {number}",
                                       datetime.date.today().isoformat())
        return open_walkthrough(self.session, self, prefill=record)

    # -- SG-CREW-08: temporary members (model/play/stargrave_temporary.py) -------------------------------------
    def _temporary_ids(self) -> set[str]:
        if self.session.kind.kind != "stargrave-crew":
            return set()
        from model.play import stargrave_temporary
        return stargrave_temporary.ids(self.session.data)

    def _remove_temporary_button(self, g) -> QPushButton:
        b = QPushButton("Remove from this game")
        b.setObjectName(f"playRemove_{g.key}")
        b.setToolTip("Take this temporary member out of the game in progress (one undo step)")
        b.clicked.connect(lambda _=False, key=g.key: self._remove_temporary(key))
        return b

    def _remove_temporary(self, key: str) -> None:
        from model.play import stargrave_temporary
        edit = stargrave_temporary.remove(self.session.data, key)
        if edit is not None:
            self.session.apply(edit)

    def add_temporary_dialog(self):
        from ..pages.stargrave.temporary_fields import TemporaryDialog
        return TemporaryDialog(self.session.pack, self)

    def ask_temporary(self) -> None:
        """Add a temporary member: a soldier type of the pack, or a named figure with its profile (one edit)."""
        from model.play import stargrave_temporary
        dlg = self.add_temporary_dialog()
        if dlg.exec() != dlg.DialogCode.Accepted:
            return
        c = dlg.fields.choice()
        edit = stargrave_temporary.add(self.session.data, self.session.pack, c["type_name"], c["name"], c["profile"])
        if edit is not None:
            self.session.apply(edit)

    def row_for(self, pointer: str) -> TrackRow | None:
        """The row of the track a pointer is in (an issue's), or of the first track under it."""
        within = [p for p in self.rows if jp.is_within(pointer, p)]
        if within:
            return self.rows[max(within, key=len)]
        return next((r for p, r in self.rows.items() if jp.is_within(p, pointer)), None)

    def first_row(self) -> TrackRow | None:
        return next(iter(self.rows.values()), None)
