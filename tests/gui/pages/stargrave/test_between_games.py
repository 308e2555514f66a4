"""Issue 15: once games are recorded the Soldiers page shows the roster now, and a change made between games on
the pages (hire, dismiss, give a find, re-equip an officer) joins the latest game's record as one undo step."""

from __future__ import annotations

import copy
import json

from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QTableView

from tests.gui.pages.stargrave.test_record_game import EXAMPLE, GAME_1, W, pick

PAGES = {"crew": 0, "captain": 1, "first_mate": 2, "soldiers": 3}


def open_with_game(win, tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data.setdefault("campaign", {})["games"] = [dict(copy.deepcopy(GAME_1), after=[])]
    path = tmp_path / "one-game.starwright"
    path.write_text(json.dumps(data))
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def test_SG_CAMP_06_the_soldiers_page_shows_the_roster_now_with_the_injured_and_the_founding_roster_locked(
        win, user, tmp_path):
    editor = open_with_game(win, tmp_path)
    user.click_row(editor.nav, PAGES["soldiers"])
    now = W(editor, QTableView, "rosterNow")
    cell = lambda r, c: now.model().index(r, c).data()
    assert now.isVisible() and now.model().rowCount() == len(editor.session.data["soldiers"])
    assert cell(0, 4) == "Injured: starts at Health 7 of 14"     # s1 rolled 6: Serious Injury
    assert cell(1, 4) == "Fit"
    assert W(editor, QLineEdit, "soldier_name_0").isReadOnly()               # the roster as founded: locked
    assert not W(editor, QPushButton, "removeSoldier").isEnabled()
    assert W(editor, QPushButton, "nowHire").isEnabled()                    # the roster now: usable
    assert W(editor, object, "page_soldiers").founding_roster.title.text() == "Roster as founded"


def test_SG_CAMP_19_hire_dismiss_and_give_on_the_soldiers_page_join_the_latest_game_one_undo_each(
        win, user, tmp_path):
    editor = open_with_game(win, tmp_path)
    s = editor.session
    user.click_row(editor.nav, PAGES["soldiers"])
    now = W(editor, QTableView, "rosterNow")
    cell = lambda r, c: now.model().index(r, c).data()
    after = lambda: s.data["campaign"]["games"][0]["after"]
    start = s.stack.count()
    user.click_row(now, 1)                                    # the Recruit (s2)
    pick(user, W(editor, QComboBox, "nowGiveItem"), "Targeting Scope")
    user.click(W(editor, QPushButton, "nowGive"))
    assert after() == [{"give": "s2", "item": "Targeting Scope"}] and s.stack.count() == start + 1
    assert cell(1, 3) == "Targeting Scope"
    user.click_row(now, 0)
    user.click(W(editor, QPushButton, "nowDismiss"))
    assert after()[-1] == {"dismiss": "s1"} and now.model().rowCount() == len(s.data["soldiers"]) - 1
    pick(user, W(editor, QComboBox, "nowHireType"), "Trooper")
    user.type(W(editor, QLineEdit, "nowHireName"), "Kell")
    user.click(W(editor, QPushButton, "nowHire"))
    assert after()[-1]["hire"]["name"] == "Kell" and cell(now.model().rowCount() - 1, 0) == "Kell"
    assert s.stack.count() == start + 3
    assert s.data["soldiers"] == json.loads(EXAMPLE.read_text())["soldiers"]   # the crew as founded is untouched
    for _ in range(3):
        s.stack.undo()
    assert after() == []


def test_SG_CAMP_19_reequip_an_officer_between_games_from_the_officer_page(win, user, tmp_path):
    editor = open_with_game(win, tmp_path)
    s = editor.session
    user.click_row(editor.nav, PAGES["captain"])
    banner = W(editor, object, "page_captain_founding")
    before = list(s.result.derived["captain"]["carried"])
    remove = W(banner, QComboBox, "captain_equip_remove")
    user.pick(remove, before[-1])             # the combo goes back to "Put away…", ready for the next
    assert s.data["campaign"]["games"][0]["after"] == [{"equip": "captain", "items": before[:-1]}]
    assert s.result.derived["captain"]["carried"] == before[:-1]
    assert "Equipment now: " + ", ".join(before[:-1]) == W(banner, object, "captain_now_items").text()
    s.stack.undo()
    assert s.data["campaign"]["games"][0]["after"] == []


def test_an_edit_on_a_played_crews_officer_page_replays_the_games_once(win, user, tmp_path, monkeypatch):
    """The banner's crew now (equipment, what can be taken between games) is read from the evaluation's
    replay: an edit replays the games once, for the evaluation, and the banner follows it."""
    from model.systems.stargrave.campaign.replay import replay as real
    editor = open_with_game(win, tmp_path)
    s = editor.session
    user.click_row(editor.nav, PAGES["captain"])
    banner = W(editor, object, "page_captain_founding")
    from model.systems.stargrave import actions
    item = s.result.derived["captain"]["carried"][-1]
    put_away = actions.equip(s.data, "captain", item, False, s.pack)
    calls = []
    for module in ("model.systems.stargrave.campaign", "model.systems.stargrave.record_choices"):
        monkeypatch.setattr(f"{module}.replay", lambda *a, **k: calls.append(1) or real(*a, **k))
    before = list(s.result.derived["captain"]["carried"])
    s.apply(put_away)
    assert len(calls) == 1
    assert W(banner, object, "captain_now_items").text() == "Equipment now: " + ", ".join(before[:-1])


def _walkthrough_with_a_title(user, editor):
    from tests.gui.pages.stargrave.test_record_game import walkthrough
    dlg = walkthrough(user, editor)
    user.replace_text(W(dlg, QLineEdit, "gameTitle"), "Night Raid")
    return dlg


def test_closing_the_tab_with_the_walkthrough_open_and_something_entered_asks_first(win, user, answer, tmp_path):
    from PySide6.QtWidgets import QMessageBox
    editor = open_with_game(win, tmp_path)
    dlg = _walkthrough_with_a_title(user, editor)
    seen: list = []
    answer(QMessageBox.StandardButton.Cancel, seen)
    assert not win.close_editor(editor)                          # kept: the tab and the walk-through
    assert ("Record game 2", "Close without recording this game?",
            "What you entered in the walk-through is not kept.") in seen
    assert win.tabs.indexOf(editor) >= 0 and dlg.isVisible() and dlg.draft.record["title"] == "Night Raid"
    answer(QMessageBox.StandardButton.Discard)
    assert win.close_editor(editor)                              # the document was not changed: no second question
    assert win.tabs.indexOf(editor) < 0


def test_closing_the_app_with_the_walkthrough_open_asks_and_can_be_cancelled(win, user, answer, tmp_path):
    from PySide6.QtWidgets import QMessageBox
    editor = open_with_game(win, tmp_path)
    dlg = _walkthrough_with_a_title(user, editor)
    answer(QMessageBox.StandardButton.Cancel)
    assert not win.close()
    assert win.tabs.indexOf(editor) >= 0 and dlg.isVisible()
    answer(QMessageBox.StandardButton.Discard)
    dlg.reject()
    assert not dlg.isVisible()
    assert win.close_editor(editor)                              # nothing entered any more: no question


def test_fields_that_come_to_a_locked_founding_page_are_locked_too(win, user, tmp_path):
    """The founding roster is locked once a game is recorded; a row of fields that comes back to it later (a hire
    made while it was unlocked, undone and then redone while locked) is locked with the rest, and so is a field a
    refresh gave back."""
    editor = open_with_game(win, tmp_path)
    s = editor.session
    user.click_row(editor.nav, PAGES["soldiers"])
    banner = W(editor, object, "page_soldiers_founding")
    user.click(W(banner, QPushButton, "unlockFounding"))
    n = len(s.data["soldiers"])
    from model.systems.stargrave import actions
    s.apply(actions.hire(s.data, "Recruit"))              # while unlocked: its row's fields are usable
    assert not W(editor, QLineEdit, f"soldier_name_{n}").isReadOnly()
    user.click(W(banner, QPushButton, "unlockFounding"))  # locked again
    assert W(editor, QLineEdit, f"soldier_name_{n}").isReadOnly()
    s.stack.undo()                                        # the row goes...
    assert not editor.findChildren(QLineEdit, f"soldier_name_{n}") or \
        not W(editor, QLineEdit, f"soldier_name_{n}").isVisible()
    s.stack.redo()                                        # ...and comes back while the page is locked
    assert W(editor, QLineEdit, f"soldier_name_{n}").isReadOnly()
    shotgun = W(editor, object, f"soldier_shotgun_{n}")
    assert not shotgun.isEnabled()
    s.apply(actions.hire(s.data, "Recruit"))              # (an edit whose refresh enables the rows' shotgun boxes)
    assert not shotgun.isEnabled() and W(editor, QLineEdit, f"soldier_name_{n + 1}").isReadOnly()


def test_SG_CREW_05_a_crew_of_8_after_a_game_is_told_what_a_ninth_hire_would_do(win, user, tmp_path):
    """The observed fault: a crew of 8 after a game read "the crew has 9 soldiers; at most 8" beside the hire
    button; the note says what the hire would make, and the crew itself has no such issue."""
    from PySide6.QtWidgets import QLabel
    editor = open_with_game(win, tmp_path)
    s = editor.session
    user.click_row(editor.nav, PAGES["soldiers"])
    for name in ("Kell", "Mira", "Tove", "Orrin", "Bex", "Calla", "Dunn", "Esk"):
        if W(editor, QTableView, "rosterNow").model().rowCount() >= 8:
            break
        pick(user, W(editor, QComboBox, "nowHireType"), "Recruit")
        user.type(W(editor, QLineEdit, "nowHireName"), name)
        user.click(W(editor, QPushButton, "nowHire"))
    assert W(editor, QTableView, "rosterNow").model().rowCount() == 8
    pick(user, W(editor, QComboBox, "nowHireType"), "Recruit")
    note = W(editor, QLabel, "nowHireNote").text()
    assert note.startswith("Hiring a Recruit would make 9 soldiers; a crew has at most 8."), note
    assert "crew has 9" not in note
    assert not any("9 soldiers" in i.message for i in s.issues)
