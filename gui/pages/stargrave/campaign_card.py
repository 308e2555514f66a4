"""The Crew page's way into the campaign: a card with "Record a game…" and where the campaign stands."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton

from ...icons import icon
from ...widgets.common import Card, hint


def campaign_card(page) -> tuple[Card, Callable[[], None]]:
    """The card, and what refreshes its words (on each change the page follows: CrewPage.on_changed)."""
    card = Card("Campaign")
    words = hint()
    words.setObjectName("crewCampaignWords")
    button = QPushButton(icon("crew"), "&Record a game…")
    button.setObjectName("recordGame")
    button.setAccessibleName("Record a game: the post-game walk-through")
    button.setMinimumHeight(button.sizeHint().height() + 8)
    card.add(words)
    card.add(button)
    card.layout_.addStretch(1)

    def record():
        page.binder.host.page_named("page_campaign").open_walkthrough(None)

    def refresh() -> None:
        from model.systems.stargrave import campaign_choices as cc
        words.setText(cc.crew_card_words(page.session.result.derived or {}))

    button.clicked.connect(record)
    refresh()
    page.record_game = button
    return card, refresh
