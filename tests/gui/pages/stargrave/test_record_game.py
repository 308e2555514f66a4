"""Record a three-game campaign in the "Record a game" walk-through by clicking and typing only; compare the
saved file with the expected one; undo the third game and compare again. Count a typical game's interactions."""

from __future__ import annotations

import copy
import json

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDateEdit, QLineEdit, QPushButton, QRadioButton,
                               QSpinBox, QTableView)

from model.paths import resources_dir
from model.systems.stargrave.campaign import dice

EXAMPLE = resources_dir() / "examples" / "ashen-comet-veteran.starwright"

GAME_1 = {
    "title": "Salvage at Kerrin's Drift", "date": "2026-12-05",
    "out_of_action": ["s1"], "survival": [{"who": "s1", "roll": 6}],
    "xp": {"loot": 2, "powers": 14, "rivals": 5, "creatures": 0, "bonus": 0},
    "loot": [{"table": "digital", "roll": 9, "take": "xp"},
             {"table": "physical", "roll": 8, "find": {"name": "Targeting Scope", "slots": 1, "value": 100}}],
    "levels": [{"officer": "captain", "upgrade": "reduce", "power": "Healing"},
               {"officer": "first_mate", "upgrade": "reduce", "power": "Target Lock"}],
    "after": [{"give": "s2", "item": "Targeting Scope"}],
}
GAME_2 = {
    "title": "Ambush on Tessara", "date": "2026-12-12",
    "out_of_action": ["first_mate", "s1"],
    "survival": [{"who": "first_mate", "result": "Full Recovery"}, {"who": "s1", "roll": 3}],
    "xp": {"loot": 1, "powers": 10, "rivals": 2, "creatures": 2, "bonus": 0},
    "loot": [{"table": "digital", "roll": 5}],
    "levels": [{"officer": "captain", "upgrade": "improve", "characteristic": "will"},
               {"officer": "first_mate", "upgrade": "improve", "characteristic": "shoot"}],
    "after": [{"hire": {"id": "s7", "name": "Kell", "type": "Trooper", "robot": False, "shotgun": False,
                        "item": None}}],
}
GAME_3 = {
    "title": "The Vault of Oreth", "date": "2026-12-19",
    "out_of_action": [], "survival": [],
    "xp": {"loot": 3, "powers": 12, "rivals": 4, "creatures": 4, "bonus": 80},
    "loot": [{"table": "physical", "roll": 3}],
    "levels": [{"officer": "captain", "upgrade": "reduce", "power": "Fortune"},
               {"officer": "captain", "upgrade": "reduce", "power": "Energy Shield"},
               {"officer": "captain", "upgrade": "learn", "power": "Remote Shot"}],
    "after": [],
}


def W(parent, cls, name):
    w = parent.findChild(cls, name)
    assert w is not None, name
    return w


def open_crew(win, tmp_path):
    path = tmp_path / "campaign.starwright"
    path.write_bytes(EXAMPLE.read_bytes())
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def walkthrough(user, editor):
    """Open it from the Crew page's button, as a player would."""
    if editor.nav.currentRow() != 0:
        user.click_row(editor.nav, 0)
    user.click(W(editor, QPushButton, "recordGame"))
    dlg = editor.state.record_dialog
    assert dlg.isVisible() and dlg.nav.currentRow() == 0
    user.qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=3000)
    return dlg


def next_step(user, dlg):
    row = dlg.nav.currentRow()
    user.click(dlg.next)
    assert dlg.nav.currentRow() == row + 1


def type_number(user, spin, value):
    user.click(spin)
    user.type(spin, str(value))
    assert spin.value() == value


def game_step(user, dlg, title, date):
    user.replace_text(W(dlg, QLineEdit, "gameTitle"), title)
    d = W(dlg, QDateEdit, "gameDate")
    user.click(d, QPoint(8, d.height() // 2))
    user.type(d, date.replace("-", ""))
    assert dlg.draft.record["title"] == title and dlg.draft.record["date"] == date


def pick(user, combo, text):
    """Choose the combo item whose text starts with `text` (click, type its start, Enter)."""
    user.pick(combo, text)
    assert combo.currentText().startswith(text), combo.currentText()


def record_game_1(user, editor):
    dlg = walkthrough(user, editor)
    game_step(user, dlg, GAME_1["title"], GAME_1["date"])
    next_step(user, dlg)
    user.click(W(dlg, QCheckBox, "out_s1"))
    next_step(user, dlg)
    type_number(user, W(dlg, QSpinBox, "survival_0_value"), 6)
    assert "Serious Injury: starts the next game at Health 7 of 14" in W(dlg, object, "survival_outcome_0").text()
    next_step(user, dlg)
    for key, n in (("loot", 2), ("powers", 14), ("rivals", 5)):
        type_number(user, W(dlg, QSpinBox, f"xp_{key}"), n)
    assert "counted 100" in W(dlg, object, "xp_powers_line").text()       # the powers cap bites
    assert "counted 40" in W(dlg, object, "xp_rivals_line").text()
    assert W(dlg, object, "xpTotal").text().startswith("240 XP this game")
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    assert "[SG-CAMP-16]" in W(dlg, object, "level_0_issue").toolTip()     # no power chosen yet: at the row
    pick(user, W(dlg, QComboBox, "level_0_pick"), "Healing")
    assert W(dlg, object, "level_0_issue").toolTip() == ""
    user.click(W(dlg, QPushButton, "buyLevel_first_mate"))
    # 240 XP bought two levels: a third is refused, with the reason
    assert not W(dlg, QPushButton, "buyLevel_captain").isEnabled()
    assert "Not enough XP" in W(dlg, QPushButton, "buyLevel_captain").toolTip()
    pick(user, W(dlg, QComboBox, "level_1_pick"), "Target Lock")
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "addLoot_digital"))
    type_number(user, W(dlg, QSpinBox, "loot_0_value"), 9)
    assert W(dlg, object, "loot_0_result").text().startswith("Information (125 Cr)")
    take = W(dlg, QRadioButton, "loot_0_take_a")
    assert take.text().startswith("Sell for 20 XP")
    user.click(take)
    user.click(W(dlg, QPushButton, "addLoot_physical"))
    type_number(user, W(dlg, QSpinBox, "loot_1_value"), 8)
    user.replace_text(W(dlg, QLineEdit, "loot_1_find_name"), "Targeting Scope")
    type_number(user, W(dlg, QSpinBox, "loot_1_find_value"), 100)
    next_step(user, dlg)
    stash = W(dlg, QTableView, "afterStash")
    assert stash.model().index(0, 0).data() == "Targeting Scope"
    user.click_row(stash, 0)
    roster = W(dlg, QTableView, "afterRoster")
    user.click_row(roster, 1)                 # the Recruit (s2)
    user.click(W(dlg, QPushButton, "giveButton"))
    assert roster.model().index(1, 2).data() == "Targeting Scope"
    user.click(dlg.finish)
    return dlg


def record_game_2(user, editor):
    dlg = walkthrough(user, editor)
    game_step(user, dlg, GAME_2["title"], GAME_2["date"])
    next_step(user, dlg)
    assert "injured" in W(dlg, QCheckBox, "out_s1").text()          # Jax starts this game injured
    user.click(W(dlg, QCheckBox, "out_first_mate"))
    user.click(W(dlg, QCheckBox, "out_s1"))
    next_step(user, dlg)
    user.replace_text(W(dlg, QLineEdit, "survival_result_0"), "Full Recovery")
    type_number(user, W(dlg, QSpinBox, "survival_1_value"), 3)
    assert W(dlg, object, "survival_outcome_1").text().startswith("Dead")
    next_step(user, dlg)
    for key, n in (("loot", 1), ("powers", 10), ("rivals", 2), ("creatures", 2)):
        type_number(user, W(dlg, QSpinBox, f"xp_{key}"), n)
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    pick(user, W(dlg, QComboBox, "level_0_pick"), "Will")
    user.click(W(dlg, QPushButton, "buyLevel_first_mate"))
    pick(user, W(dlg, QComboBox, "level_1_pick"), "Shoot")
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "addLoot_digital"))
    type_number(user, W(dlg, QSpinBox, "loot_0_value"), 5)
    next_step(user, dlg)
    pick(user, W(dlg, QComboBox, "hireType"), "Trooper")
    user.type(W(dlg, QLineEdit, "hireName"), "Kell")
    user.click(W(dlg, QPushButton, "hireButton"))
    user.click(dlg.finish)


def record_game_3(user, editor):
    dlg = walkthrough(user, editor)
    game_step(user, dlg, GAME_3["title"], GAME_3["date"])
    next_step(user, dlg)
    next_step(user, dlg)     # nobody out of action: Skip
    next_step(user, dlg)
    for key, n in (("loot", 3), ("powers", 12), ("rivals", 4), ("creatures", 4), ("bonus", 80)):
        type_number(user, W(dlg, QSpinBox, f"xp_{key}"), n)
    assert "over the 300 XP game cap, counted 300" in W(dlg, object, "xpBreakdown").text()
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    pick(user, W(dlg, QComboBox, "level_0_pick"), "Fortune")
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    # a power reduced once this game cannot be reduced again: offered, but not selectable, with the reason
    pick_combo = W(dlg, QComboBox, "level_1_pick")
    fortune = pick_combo.findData("Fortune")
    assert not pick_combo.model().item(fortune).isEnabled()
    assert "already reduced" in pick_combo.itemText(fortune)
    pick(user, pick_combo, "Energy Shield")
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    assert W(dlg, QComboBox, "level_2_upgrade").isVisible()          # level 20: learn or improve
    pick(user, W(dlg, QComboBox, "level_2_upgrade"), "Learn")
    pick(user, W(dlg, QComboBox, "level_2_pick"), "Remote Shot")
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "addLoot_physical"))
    type_number(user, W(dlg, QSpinBox, "loot_0_value"), 3)
    user.click(dlg.finish)


def expected(start: dict, games: list) -> dict:
    out = copy.deepcopy(start)
    out.setdefault("campaign", {})["games"] = copy.deepcopy(games)
    return out


def test_SG_CAMP_01_record_a_three_game_campaign_by_clicking_and_typing(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    s = editor.session
    start = copy.deepcopy(s.data)
    steps_before = s.stack.count()

    record_game_1(user, editor)
    assert s.stack.count() == steps_before + 1                       # one game, one undo step
    assert s.data["campaign"]["games"] == [GAME_1]
    record_game_2(user, editor)
    record_game_3(user, editor)
    assert s.stack.count() == steps_before + 3
    assert [i for i in s.issues if i.is_error and i.pointer.startswith("/campaign")] == []

    win.save(editor)
    saved = json.loads(open(s.path, encoding="utf-8").read())
    assert saved == expected(start, [GAME_1, GAME_2, GAME_3])
    d = s.result.derived
    assert d["captain"]["level"] == 20 and d["first_mate"]["level"] == 2
    assert any(p["name"] == "Remote Shot" for p in d["captain"]["powers"])

    # Undo takes the whole third game back.
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    user.key(editor.nav, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    win.save(editor)
    saved = json.loads(open(s.path, encoding="utf-8").read())
    assert saved == expected(start, [GAME_1, GAME_2])
    assert s.result.derived["captain"]["level"] == 17


def test_SG_CAMP_01_a_typical_game_takes_at_most_25_interactions(win, user, tmp_path, qtbot):
    """One figure out of action, two loot markers, one level: every click and key counted."""
    editor = open_crew(win, tmp_path)
    s = editor.session
    dlg = walkthrough(user, editor)
    dlg.dice = dice.generator(22)            # the dice this test rolls (a player's get a fresh seed)
    next_step(user, dlg)                         # title and date as offered
    user.click(W(dlg, QCheckBox, "out_s3"))
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "survival_0_roll"))
    assert W(dlg, object, "survival_outcome_0").text()
    next_step(user, dlg)
    type_number(user, W(dlg, QSpinBox, "xp_loot"), 2)
    type_number(user, W(dlg, QSpinBox, "xp_powers"), 5)
    next_step(user, dlg)
    user.click(W(dlg, QPushButton, "buyLevel_captain"))
    pick(user, W(dlg, QComboBox, "level_0_pick"), "Co")
    next_step(user, dlg)
    for r, table in enumerate(("digital", "physical")):
        user.click(W(dlg, QPushButton, f"addLoot_{table}"))
        user.click(W(dlg, QPushButton, f"loot_{r}_roll"))
        take = W(dlg, QRadioButton, f"loot_{r}_take_a")
        if take.isVisible():
            user.click(take)
        find = W(dlg, QLineEdit, f"loot_{r}_find_name")
        if find.isVisible():
            user.type(find, "Relic")
    user.click(dlg.finish)
    assert not dlg.isVisible()
    game = s.data["campaign"]["games"][-1]
    assert game["out_of_action"] == ["s3"] and len(game["loot"]) == 2 and len(game["levels"]) == 1
    assert [i for i in s.issues if i.is_error and i.pointer.startswith("/campaign")] == []
    print(f"interactions for a typical game: {user.count}")
    assert user.count <= 25


def test_SG_CAMP_01_reopen_a_game_from_the_campaign_page_and_change_it_as_one_step(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    s = editor.session
    record_game_1(user, editor)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    user.click_row(editor.nav, 4)
    games = W(editor, QTableView, "campaignGames")
    assert games.model().rowCount() == 1 and games.model().index(0, 1).data() == GAME_1["title"]
    assert W(editor, object, "campaignTotals").text().startswith("1 game · XP earned 260")
    stash_or_none = W(editor, QTableView, "campaignStash")
    assert not stash_or_none.isVisible()          # the scope went to the Recruit
    steps = s.stack.count()
    user.click_row(games, 0, double=True)       # activating a game reopens it in the walk-through
    dlg = editor.state.record_dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=3000)
    assert dlg.draft.reopened and dlg.finish.text() == "&Save changes"
    user.replace_text(W(dlg, QLineEdit, "gameTitle"), "Salvage, retold")
    dlg.go(3)
    type_number(user, W(dlg, QSpinBox, "xp_creatures"), 2)
    user.click(dlg.finish)
    assert s.stack.count() == steps + 1
    changed = dict(GAME_1, title="Salvage, retold", xp=dict(GAME_1["xp"], creatures=2))
    assert s.data["campaign"]["games"] == [changed]
    assert games.model().index(0, 1).data() == "Salvage, retold"
    s.stack.undo()
    assert s.data["campaign"]["games"] == [GAME_1]


def test_the_founding_crew_is_locked_once_games_exist_and_unlocks_on_purpose(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    user.click_row(editor.nav, 1)
    name = W(editor, QLineEdit, "captain_name")
    assert not name.isReadOnly()                  # no games yet: nothing locked
    record_game_1(user, editor)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    user.click_row(editor.nav, 1)
    assert name.isReadOnly() and not W(editor, QPushButton, "captain_background_Veteran").isEnabled()
    banner = W(editor, object, "page_captain_founding")
    assert "played 1 game" in banner.words.text() and "Captain level 16" in banner.words.text()
    assert "Healing 11" in banner.words.text()    # lowered at level 16
    unlock = W(banner, QPushButton, "unlockFounding")
    user.click(unlock)
    assert not name.isReadOnly() and W(editor, QPushButton, "captain_background_Veteran").isEnabled()
    assert "changes every game after it" in banner.more.text()
    user.click(unlock)
    assert name.isReadOnly()
    # the Crew page's roster shows the crew now: levels and the injured
    user.click_row(editor.nav, 0)
    roster = W(editor, QTableView, "crewRoster").model()
    assert roster.index(0, 0).data() == "Captain · level 16"
    assert "injured" in roster.index(2, roster.columnCount() - 1).data()


def test_the_walkthrough_by_keyboard_from_the_crew_menu(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    assert win.a_record_game.isEnabled() and win.a_record_game.shortcut().toString() == "Ctrl+G"
    user.key(editor.nav, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    dlg = editor.state.record_dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=3000)
    assert QApplication.focusWidget() is W(dlg, QLineEdit, "gameTitle")
    user.key(QApplication.focusWidget(), Qt.Key.Key_Return)        # Enter: the next step
    assert dlg.nav.currentRow() == 1
    user.key(QApplication.focusWidget(), Qt.Key.Key_Space)         # tick the first figure (the Captain)
    assert dlg.draft.record["out_of_action"] == ["captain"]
    user.key(QApplication.focusWidget(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: dlg.nav.currentRow() == 0, timeout=2000)   # a mnemonic clicks after a flash
    before = editor.session.stack.count()
    user.key(QApplication.focusWidget(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not dlg.isVisible() and editor.session.stack.count() == before + 1
    assert editor.session.data["campaign"]["games"][0]["out_of_action"] == ["captain"]
    win.tabs.setCurrentIndex(0)                       # the start page: no crew, no walk-through
    assert not win.a_record_game.isEnabled()


def test_undo_inside_the_walkthrough_steps_back_through_what_was_entered(win, user, tmp_path, qtbot):
    editor = open_crew(win, tmp_path)
    dlg = walkthrough(user, editor)
    title = W(dlg, QLineEdit, "gameTitle")
    user.replace_text(title, "Night Raid")
    next_step(user, dlg)
    user.click(W(dlg, QCheckBox, "out_s2"))
    next_step(user, dlg)
    type_number(user, W(dlg, QSpinBox, "survival_0_value"), 12)
    assert dlg.draft.record["survival"] == [{"who": "s2", "roll": 12}]
    undo = (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    user.key(QApplication.focusWidget(), *undo)            # the roll
    assert dlg.draft.record["survival"] == [{"who": "s2"}]
    assert W(dlg, QSpinBox, "survival_0_value").value() == 0
    user.key(QApplication.focusWidget(), *undo)            # the tick
    assert dlg.draft.record["out_of_action"] == [] and dlg.draft.record["survival"] == []
    user.key(QApplication.focusWidget(), *undo)            # the typing in the title: one step
    assert dlg.draft.record["title"] == "Game 1" and title.text() == "Game 1"
    user.key(QApplication.focusWidget(), Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert dlg.draft.record["title"] == "Night Raid"
    assert editor.session.stack.count() == 0 or not editor.session.dirty   # the document is untouched


def test_SG_CAMP_07_an_officer_result_comes_from_the_groups_table_when_the_pack_has_one(win, user, tmp_path,
                                                                                         qtbot, monkeypatch):
    from model.paths import rules_dir
    house = json.loads((rules_dir() / "stargrave.json").read_text(encoding="utf-8"))
    house["id"], house["name"] = "our-table", "Our Table's Stargrave"
    house["campaign"]["survival"]["officer"] = [{"from": 1, "to": 10, "result": "Laid Up", "effect": "none"},
                                                {"from": 11, "to": 20, "result": "Back on Deck", "effect": "none"}]
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "our-table.json").write_text(json.dumps(house), encoding="utf-8")
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))
    crew = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    crew["rules"] = {"pack": "our-table"}
    path = tmp_path / "house.starwright"
    path.write_text(json.dumps(crew), encoding="utf-8")
    editor = win.open_path(str(path))
    dlg = walkthrough(user, editor)
    next_step(user, dlg)
    user.click(W(dlg, QCheckBox, "out_captain"))
    next_step(user, dlg)
    result = W(dlg, QComboBox, "survival_result_0")                   # picked from the table, not typed
    assert [result.itemText(i) for i in range(1, result.count())] == ["Laid Up", "Back on Deck"]
    type_number(user, W(dlg, QSpinBox, "survival_0_value"), 14)       # ... or rolled on it
    assert "Back on Deck" in W(dlg, object, "survival_outcome_0").text()
    pick(user, result, "Laid")
    assert dlg.draft.record["survival"] == [{"who": "captain", "roll": 14, "result": "Laid Up"}]
    assert "Laid Up" in W(dlg, object, "survival_outcome_0").text()


def test_every_game_of_a_broken_campaign_opens_in_the_walkthrough_with_its_issues(win, user, qtbot):
    """Bad records (a roll of 21, an id not in the crew, a take not offered...) show at their steps; nothing
    raises, and closing without changes asks nothing and changes nothing."""
    editor = win.open_path(str(resources_dir() / "examples" / "broken-campaign.starwright"))
    s = editor.session
    before = json.dumps(s.data)
    campaign = editor.pages[-1]
    editor.show_page(campaign)
    games = W(editor, QTableView, "campaignGames").model()
    icons = [games.index(r, 0).data(Qt.ItemDataRole.DecorationRole) for r in range(games.rowCount())]
    bad_rows = [r for r, i in enumerate(icons) if i is not None and i.cacheKey() != 0 and not i.isNull()]
    assert bad_rows                                              # the games at fault carry an issue icon
    seen = set()
    for g in range(games.rowCount()):
        dlg = campaign.open_walkthrough(g)
        for i, step in enumerate(dlg.steps):
            dlg.go(i)
            seen.update(x.rule for x in step.issues())
        dlg.reject()
        assert not dlg.isVisible()
    assert {"SG-CAMP-04", "SG-CAMP-16", "SG-LOOT-02", "SG-LOOT-04", "SG-LOOT-07"} <= seen
    assert json.dumps(s.data) == before and not s.dirty
