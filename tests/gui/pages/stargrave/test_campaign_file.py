"""A campaign crew file in the builder: a broken game record opens, is listed at its place, and saves as it was."""

from __future__ import annotations

import json
import shutil

from PySide6.QtCore import Qt

from tests.conftest import EXAMPLES


def test_SG_CAMP_01_a_broken_campaign_opens_lists_its_issues_walks_them_and_saves_unchanged(win, tmp_path, qtbot):
    path = tmp_path / "broken-campaign.starwright"
    shutil.copy(EXAMPLES / "broken-campaign.starwright", path)
    e = win.open_path(str(path))
    assert e is not None
    tree = e.issues.tree
    places = [tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) for i in range(tree.topLevelItemCount())]
    assert "/campaign/games/3" in places and "/campaign/games/0/survival/0/roll" in places
    words = " ".join(tree.topLevelItem(i).text(c) for i in range(tree.topLevelItemCount()) for c in range(4))
    assert "Campaign › Game 1 (Survival roll off the die) › Survival roll 1 (s1) › Roll" in words
    for _ in range(len(places) + 1):     # F8 walks through every issue, campaign ones included
        win.next_issue()
    e.session.save(str(path))
    assert json.loads(path.read_text()) == json.loads((EXAMPLES / "broken-campaign.starwright").read_text())
