"""File > Export PDF offers Play tracker cards for a kind with a Play view (Kind.play), whether or not it has
cards of its own (Kind.cards), and only then."""

from __future__ import annotations

from gui.dialogs.export_options import ExportDialog
from model.kinds import KINDS


def test_the_tracker_cards_choice_follows_the_kinds_play_view_not_its_cards(win):
    ship = KINDS["starchasers-ship"]
    played_no_cards = ExportDialog(win, "a4", kind=ship._replace(cards=""))
    b = played_no_cards.buttons
    assert b["tracker"].isEnabled() and not b["cards"].isEnabled() and not b["blank"].isEnabled()
    played_no_cards.deleteLater()
    cards_no_play = ExportDialog(win, "a4", kind=ship._replace(play=""))
    b = cards_no_play.buttons
    assert not b["tracker"].isEnabled() and b["cards"].isEnabled()
    assert "no Play view" in b["tracker"].toolTip()
    cards_no_play.deleteLater()
