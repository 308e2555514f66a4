"""The Play view of one document: a card per figure or ship with its tracks, and New game / End game.

Everything shown is read from Result.play (model/play); every click or key is one edit on the document's
undo stack, so autosave and crash recovery keep a game in progress like any other change.
"""

from __future__ import annotations

import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QMessageBox, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from model import play
from model import pointer as jp

from .. import theme
from ..widgets.common import Card, WrapLabel, heading, hint
from .track_row import TrackRow

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
        self.parts = [[], []]
        for grid in self.grids:
            grid.setSpacing(12)
            grid.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.column.addLayout(grid)
        self.column.addStretch(1)
        self.rows: dict[str, TrackRow] = {}
        self.powers: dict[str, QPushButton] = {}
        self.status: dict[str, QLabel] = {}
        self.shape = None
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
        if self.session.kind.kind == "stargrave-crew":
            self.end_game = QPushButton("End game…")
            self.end_game.setObjectName("playEndGame")
            self.end_game.setToolTip("Open the post-game walk-through filled in from this game: who is out of "
                                     "action, the powers used, the loot secured and the figures taken out.")
            self.end_game.clicked.connect(self.finish_game)
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
        for b in (self.new_game, self.end_game, self.share, self.back):
            if b is not None:
                b.setMinimumHeight(40)
        self.column.addLayout(top)
        self.column.addWidget(hint(WORDS))
        self.problems = WrapLabel()
        self.problems.setObjectName("playIssues")
        self.problems.setStyleSheet(f"color: {theme.colour('error')};")
        self.problems.hide()
        self.column.addWidget(self.problems)
        self.empty = hint("")
        self.empty.setObjectName("playEmpty")
        self.column.addWidget(self.empty)

    # -- following the document -----------------------------------------------------------------------------
    def _changed(self, change) -> None:
        if self.isVisible() or self.shape is None:
            self.refresh()
        else:
            self.stale = True

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        if self.__dict__.get("stale"):
            self.stale = False
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        groups = self.session.result.play
        shape = tuple((g.key, g.title, tuple(t.pointer for t in g.tracks), tuple(p.name for p in g.powers))
                      for g in groups)
        if shape != self.shape:
            self._build(groups)
            self.shape = shape
        for g in groups:
            for t in g.tracks:
                self.rows[t.pointer].show_track(t)
            for p in g.powers:
                self._show_power(self.powers[p.pointer], p)
            label = self.status[g.key]
            label.setText(g.status)
            label.setVisible(bool(g.status))
        name = str(self.session.data.get("name") or "").strip()
        self.title.setText(f"Play: {name}" if name else "Play")
        # its tracks' and powers' issues only: a ship's repair log (also under /play) is the ship page's
        ours = [*self.rows, *self.powers]
        mine = [i for i in self.session.issues if any(jp.is_within(i.pointer, p) for p in ours)]
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
    def _build(self, groups) -> None:
        for grid in self.grids:
            while grid.count():
                w = grid.takeAt(0).widget()
                if w is not None:
                    w.deleteLater()
        self.rows.clear()
        self.powers.clear()
        self.status.clear()
        self.empty.setText("" if groups else "Nothing to track yet: the document needs its figures or ratings "
                           "first (its pages say what is missing).")
        self.empty.setVisible(not groups)
        first = [g for g in groups if g.powers or g.key == "game"]   # the game's counts beside the officers
        self.parts = [[self._card(g) for g in first], [self._card(g) for g in groups if g not in first]]
        for cards in self.parts:
            least = max((c.minimumSizeHint().width() for c in cards), default=0)
            if len(groups) == 1:
                least = max(least, 620)            # one ship or character: a card wide enough to read across a table
            for card in cards:
                card.setMinimumWidth(least)        # columns of one width, however long a card's labels
                card.setMaximumWidth(760 if len(groups) == 1 else 640)
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

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and self.__dict__.get("parts"):
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
        if g.facts:
            card.add(hint("   ".join(f"{k} {v}" for k, v in g.facts)))
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
        edit = play.step(self.session.data, track, delta, clamp=abs(delta) > 1) if track else None
        if edit is not None:
            self.session.apply(edit, source=row)

    def _use_power(self, key: str, name: str) -> None:
        from model.play import stargrave
        g = next((g for g in self.session.result.play if g.key == key), None)
        p = next((p for p in g.powers if p.name == name), None) if g else None
        edit = stargrave.use_power(self.session.data, g, p) if p else None
        if edit is not None:
            self.session.apply(edit)

    def start_new_game(self) -> None:
        edit = play.new_game(self.session.kind.kind, self.session.data)
        if edit is None:
            return
        box = QMessageBox(self)
        box.setObjectName("confirmNewGame")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("New game")
        box.setText("Start a new game?")
        box.setInformativeText(self._new_game_words() + " Undo (Ctrl+Z) takes it back.")
        box.setStandardButtons(QMessageBox.StandardButton.Reset | QMessageBox.StandardButton.Cancel)
        box.button(QMessageBox.StandardButton.Reset).setText("New game")
        box.setDefaultButton(QMessageBox.StandardButton.Reset)
        if box.exec() == QMessageBox.StandardButton.Reset:
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

    def row_for(self, pointer: str) -> TrackRow | None:
        """The row of the track a pointer is in (an issue's), or of the first track under it."""
        within = [p for p in self.rows if jp.is_within(pointer, p)]
        if within:
            return self.rows[max(within, key=len)]
        return next((r for p, r in self.rows.items() if jp.is_within(p, pointer)), None)

    def first_row(self) -> TrackRow | None:
        return next(iter(self.rows.values()), None)
