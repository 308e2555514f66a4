"""Issues of a game in progress lead to the Play view: activating one in the issues panel opens the Play view
with its track's row focused (a ship's repair log, edited on the ship page, stays there), and the Play view
lists only its tracks' issues."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.conftest import EXAMPLES

LOOT = "/play/figures/s1/loot"


def open_with_play(win, tmp_path, stem: str, play: dict):
    data = json.loads((EXAMPLES / f"{stem}.starwright").read_text(encoding="utf-8"))
    data["play"] = play
    path = tmp_path / f"{stem}.starwright"
    path.write_text(json.dumps(data), encoding="utf-8")
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def activate(qtbot, editor, pointer: str) -> None:
    tree = editor.issues.tree
    qtbot.waitUntil(tree.isVisible)
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                if tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == pointer)
    tree.setFocus()
    tree.setCurrentItem(item)
    qtbot.keyClick(tree, Qt.Key.Key_Return)


def test_SG_LOOT_09_activating_a_loot_issue_opens_the_play_view_on_its_track(win, qtbot, tmp_path):
    editor = open_with_play(win, tmp_path, "ashen-comet-campaign", {"figures": {"s1": {"loot": 5}}})
    found = [i for i in editor.session.issues if i.pointer == LOOT]
    assert found and found[0].rule == "SG-LOOT-09" and not editor.in_play
    activate(qtbot, editor, LOOT)
    assert editor.in_play and editor.play_page.isVisible() and not editor.nav.isVisible()
    row = editor.play_page.rows[LOOT]
    qtbot.waitUntil(row.hasFocus)
    assert QApplication.focusWidget() is row


def test_SC_REP_03_a_ship_repair_issue_stays_on_the_ship_page_and_a_track_issue_goes_to_play(win, qtbot, tmp_path):
    bad = {"what": "structure", "points": 1, "by": "shop", "place": "space", "reputability": "good",
           "region": "mid_rim", "damage_before": 1}
    editor = open_with_play(win, tmp_path, "kestrel-light-freighter", {"shields_down": 99, "repairs": [bad]})
    activate(qtbot, editor, "/play/repairs/0/place")
    assert not editor.in_play
    activate(qtbot, editor, "/play/shields_down")
    assert editor.in_play
    qtbot.waitUntil(editor.play_page.rows["/play/shields_down"].hasFocus)


def test_SC_SHIP_19_SC_SHIP_03_the_play_view_lists_its_tracks_problems_not_the_repair_logs_nor_information(
        win, qtbot, tmp_path):
    bad = {"what": "structure", "points": 1, "by": "shop", "place": "space", "reputability": "good",
           "region": "mid_rim", "damage_before": 1}
    editor = open_with_play(win, tmp_path, "kestrel-light-freighter",
                            {"shields_down": 99, "hull_damage": 99, "repairs": [bad]})
    assert any(i.rule == "SC-REP-03" for i in editor.session.issues)     # the repair's issue is there...
    hull = [i for i in editor.session.issues if i.pointer == "/play/hull_damage"]
    assert [(i.rule, i.severity) for i in hull] == [("SC-SHIP-03", "info")]    # under 0: information
    editor.set_play(True)
    text = editor.play_page.problems.text()
    assert "Shields" in text and "SC-SHIP-19" in text
    assert "SC-REP" not in text and "spaceport" not in text              # ...but not in the Play view
    assert "SC-SHIP-03" not in text                                      # the hull's state is the card's status
    assert editor.play_page.status["ship"].text().startswith("Hull breach")
