"""The Campaign page: the games as a table with running totals, the stash with each item's origin, the
injured, and the way into the "Record a game" walk-through (activating a game reopens it there)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QPushButton, QTableView, QVBoxLayout

from ...icons import icon
from ...widgets.common import Card, WrapLabel, heading, hint
from ...widgets.rows_model import Row, RowsModel
from ..base import Page
from ...widgets.tables import pick_view as list_view

ROLE = Qt.ItemDataRole.UserRole
COLUMNS = ["#", "Title", "Date", "XP", "Levels", "Loot", "Credits in / out", "XP total", "Credits"]


KEYS = ("number", "title", "date", "xp", "levels", "loot", "credits", "xp_total", "credits_total")


def _table(cols: list[str], name: str, accessible: str, height: int) -> tuple[QTableView, RowsModel]:
    model = RowsModel(cols)
    view = list_view(model, name, accessible, height)
    view.horizontalHeader().setSectionResizeMode(len(cols) - 1, QHeaderView.ResizeMode.ResizeToContents)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)   # the whole text is the cell's tooltip
    return view, model


def game_rows(rows: list[dict]) -> list[Row]:
    return [Row(str(g.get("number", r)), tuple(g.get(k, "") for k in KEYS),
                tuple(str(g.get(k + "_tip", g.get(k, ""))) for k in KEYS), pointer=f"/campaign/games/{r}",
                center=(0, 3, 7, 8), data=r) for r, g in enumerate(rows)]


def stash_rows(stash: list[dict]) -> list[Row]:
    return [Row(f"{r}:{it['name']}", (it["name"], it["slots"], it["value"], it["origin"]),
                (it["name"], "", "", it["origin"]), center=(1, 2)) for r, it in enumerate(stash)]


class CampaignPage(Page):
    title = "Campaign"
    icon_name = "starwright"
    object_name = "page_campaign"
    prefixes = ("/campaign",)

    def build_form(self, session, binder) -> None:
        self.column.addWidget(heading("Campaign"))
        top = Card()
        row = QHBoxLayout()
        self.totals = WrapLabel()
        self.totals.setObjectName("campaignTotals")
        self.record = QPushButton(icon("crew"), "&Record a game…")
        self.record.setObjectName("campaignRecordGame")
        self.record.setAccessibleName("Record a game: the post-game walk-through")
        self.record.setMinimumHeight(self.record.sizeHint().height() + 8)
        row.addWidget(self.totals, 1)
        row.addWidget(self.record)
        top.layout_.addLayout(row)
        self.column.addWidget(top)

        games = Card("Games")
        self.empty = hint("No games recorded yet. After your first game, press Record a game: the walk-through "
                          "takes you through survival, experience, levels, loot and spending in the rulebook's order.")
        height = int(self.fontMetrics().height() * 1.9)
        self.games, self.games_model = _table(COLUMNS, "campaignGames", "Games played, in order", height)
        h = self.games.horizontalHeader()
        for c in (1, 4, 5):
            h.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
        self.games.setMinimumHeight(self.games.verticalHeader().defaultSectionSize() * 7)
        self.open_game = QPushButton("&Open the selected game…")
        self.open_game.setObjectName("campaignOpenGame")
        self.open_game.setToolTip("Reopen the game in the walk-through to change it (one undo step)")
        games.add(self.empty)
        games.add(self.games, 1)
        grow = QHBoxLayout()
        grow.addWidget(self.open_game)
        grow.addWidget(hint("Double-click or press Enter on a game to reopen it."), 1)
        games.layout_.addLayout(grow)
        self.column.addWidget(games, 1)

        lower = QHBoxLayout()
        stash = Card("Stash")
        self.stash, self.stash_model = _table(["Item", "Slots", "Value", "From"], "campaignStash", "The crew's stash",
                                              height)
        self.stash.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.stash_empty = hint("Nothing in the stash.")
        stash.add(self.stash_empty)
        stash.add(self.stash, 1)
        lower.addWidget(stash, 3)
        injured = Card("Injured")
        col = QVBoxLayout()
        self.injured = WrapLabel()
        self.injured.setObjectName("campaignInjured")
        col.addWidget(self.injured)
        col.addStretch(1)
        injured.layout_.addLayout(col)
        lower.addWidget(injured, 2)
        self.column.addLayout(lower)

        # Issues in a game go to its row (the issues list and F8 lead here; Enter then reopens the game).
        binder.custom("/campaign", self.games, self, lambda _v: None, select=self._select_game)
        binder.rows("/campaign/games", self.games, self, self.games_model, lambda _v: self._game_rows())
        self.record.clicked.connect(lambda: self.open_walkthrough(None))
        self.open_game.clicked.connect(self._open_selected)
        self.games.activated.connect(lambda *_: self._open_selected())
        self.games.selectionModel().currentRowChanged.connect(lambda *_: self._buttons())
        self._refresh()

    def open_walkthrough(self, index: int | None, dice=None):
        from .record import open_walkthrough
        return open_walkthrough(self.session, self, index, dice)

    def _open_selected(self) -> None:
        r = self.games.currentIndex().row()
        if r >= 0:
            self.open_walkthrough(r)

    def _select_game(self, pointer: str) -> None:
        parts = pointer.split("/")
        if len(parts) > 3 and parts[3].isdigit() and int(parts[3]) < self.games_model.rowCount():
            self.games.selectRow(int(parts[3]))

    def _game_rows(self) -> list[Row]:
        from model.systems.stargrave import campaign_choices as cc
        return game_rows(cc.game_rows(self.session.result.derived or {}))

    def _buttons(self) -> None:
        self.open_game.setEnabled(self.games.currentIndex().row() >= 0)

    def on_changed(self, change) -> None:
        if change.derived_changed or change.issues_changed or any(p == "" or p.startswith("/campaign") for p in change.touched):
            self._refresh()

    def _refresh(self) -> None:
        from model.systems.stargrave import campaign_choices as cc
        d = self.session.result.derived or {}
        camp = d.get("campaign") or {}
        self.totals.setText(cc.totals_words(d))
        self.games_model.set_rows(self._game_rows())
        rows = self.games_model.rowCount()
        self.empty.setVisible(not rows)
        self.games.setVisible(bool(rows))
        self.stash_model.set_rows(stash_rows(cc.stash_rows(d)))
        self.stash_empty.setVisible(not self.stash_model.rowCount())
        self.stash.setVisible(bool(self.stash_model.rowCount()))
        self.injured.setText(cc.injured_words(d) if camp or d else "")
        self._buttons()
