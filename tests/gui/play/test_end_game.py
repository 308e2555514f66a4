"""Stargrave: End game opens the post-game walk-through filled in from the tracker, and the typical game of
tests/gui/pages/stargrave/test_record_game.py (23 interactions from an empty record) takes fewer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit, QPushButton, QRadioButton, QSpinBox

from model.systems.stargrave.campaign import dice
from tests.gui.pages.stargrave.test_record_game import EXAMPLE, W, next_step, pick

TODAY_RECORD = 23     # the typical game recorded from an empty record (test_record_game.py prints it)


def open_crew(win, tmp_path):
    path = tmp_path / "campaign.starwright"
    path.write_bytes(EXAMPLE.read_bytes())
    return win.open_path(str(path))


def play_the_game(user, editor):
    """At the table: Vell (s3) goes out of action, five powers used, one loot marker of each kind secured."""
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    vell = page.rows["/play/figures/s3/health_lost"]
    vell.setFocus()
    for _ in range(5):
        if not next(g for g in editor.session.result.play if g.key == "s3").tracks[0].at_zero:
            user.key(vell, Qt.Key.Key_PageDown)
    cap = next(g for g in editor.session.result.play if g.key == "captain")
    free = [p for p in cap.powers if p.fatigue == 0]
    for n in range(5):
        user.click(page.powers[free[n % len(free)].pointer])
    for table in ("digital", "physical"):
        user.click(page.rows[f"/play/game/loot/{table}"].plus)
    assert page.status["s3"].text().startswith("Out of action")
    return page


def test_SG_CAMP_01_ending_a_tracked_game_records_it_in_fewer_interactions(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    s = editor.session
    page = play_the_game(user, editor)
    at_table = user.count
    user.count = 0
    steps = s.stack.index()
    games = len(s.data["campaign"]["games"])

    user.click(page.end_game)
    dlg = editor.state.record_dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=3000)
    dlg.dice = dice.generator(22)
    assert dlg.draft.record["xp"]["powers"] == 5 and dlg.draft.record["xp"]["loot"] == 2
    next_step(user, dlg)                                  # title and date as offered
    assert W(dlg, QCheckBox, "out_s3").isChecked()        # from the tracker: Vell at 0 Health
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "survival_0_roll"))
    next_step(user, dlg)
    assert W(dlg, QSpinBox, "xp_loot").value() == 2 and W(dlg, QSpinBox, "xp_powers").value() == 5
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    pick(user, W(dlg, QComboBox, "level_0_pick"), "Co")
    next_step(user, dlg)
    for r in range(2):                                    # the two markers are there: only the rolls to make
        user.click(W(dlg, QPushButton, f"loot_{r}_roll"))
        take = W(dlg, QRadioButton, f"loot_{r}_take_a")
        if take.isVisible():
            user.click(take)
        find = W(dlg, QLineEdit, f"loot_{r}_find_name")
        if find.isVisible():
            user.type(find, "Relic")
    user.click(dlg.finish)
    assert not dlg.isVisible()
    print(f"interactions: {at_table} at the table, {user.count} to record the game (from empty: {TODAY_RECORD})")
    assert user.count < TODAY_RECORD

    game = s.data["campaign"]["games"][-1]
    assert game["out_of_action"] == ["s3"] and game["xp"]["powers"] == 5 and len(game["loot"]) == 2
    assert [i for i in s.issues if i.is_error and i.pointer.startswith("/campaign")] == []
    assert "play" not in s.data and s.stack.index() == steps + 1     # recorded and cleared: one undo step
    assert page.rows["/play/figures/s3/health_lost"].value.text().split(" / ")[0] != "0"
    s.stack.undo()
    assert s.data["play"]["figures"]["s3"]["health_lost"] > 0 and len(s.data["campaign"]["games"]) == games

