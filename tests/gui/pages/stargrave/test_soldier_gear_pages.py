"""SG-SOLD-10 and SG-SOLD-14 on the pages, by clicks: a knife is never offered to a soldier whose type has none (the
roster now and the walk-through's after step refuse it with the rule), and an assault-armoured soldier trades the
armour's pistol for a carbine from the roster as founded or between games, refused while its item slot is full."""

from __future__ import annotations

import copy
import json

from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QPushButton, QTableView

from tests.gui.pages.stargrave.test_build_crew import goto, row_of
from tests.gui.pages.stargrave.test_record_game import EXAMPLE, GAME_1, W, pick, walkthrough
from tests.gui.test_new_player import new_crew

SOLDIERS = 3
KNIFE = {"table": "physical", "roll": 8, "find": {"name": "Monofilament Knife", "slots": 1, "value": 40}}


def _pick_again(user, combo, text):
    """Pick in a combo picked from a moment ago: its list's keyboard search starts afresh after the input interval."""
    user.qtbot.wait(QApplication.keyboardInputInterval() + 50)
    pick(user, combo, text)


def _open(win, tmp_path, armoured=False, loot=()):
    """The veteran crew after one game (nothing done after it yet), its Sniper (s3) an Armoured Trooper if asked."""
    data = json.loads(EXAMPLE.read_text())
    if armoured:
        data["soldiers"][2]["type"] = "Armoured Trooper"
    game = dict(copy.deepcopy(GAME_1), after=[])
    game["loot"] = game["loot"] + list(loot)
    data.setdefault("campaign", {})["games"] = [game]
    path = tmp_path / "crew.starwright"
    path.write_text(json.dumps(data))
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def test_SG_SOLD_10_the_roster_now_refuses_a_knife_to_a_soldier_without_one_and_gives_it_to_one_with(
        win, user, tmp_path):
    editor = _open(win, tmp_path, loot=[KNIFE])
    s = editor.session
    user.click_row(editor.nav, SOLDIERS)
    now, give = W(editor, QTableView, "rosterNow"), W(editor, QPushButton, "nowGive")
    note = W(editor, object, "nowGiveNote")
    user.click_row(now, 2)                                        # Vell the Sniper: hand weapon, no knife
    pick(user, W(editor, QComboBox, "nowGiveItem"), "Monofilament Knife")
    assert not give.isEnabled()
    assert "Sniper has no knife in its standard gear" in give.toolTip()
    assert note.isVisible() and "(SG-SOLD-10)" in note.text()
    _pick_again(user, W(editor, QComboBox, "nowGiveItem"), "Targeting Scope")
    assert give.isEnabled() and not note.isVisible()              # any other find may go in
    user.click_row(now, 0)                                        # Jax the Trooper carries a knife
    _pick_again(user, W(editor, QComboBox, "nowGiveItem"), "Monofilament Knife")
    assert give.isEnabled()
    user.click(give)
    assert s.data["campaign"]["games"][0]["after"] == [{"give": "s1", "item": "Monofilament Knife"}]
    assert not [i for i in s.issues if i.rule == "SG-SOLD-10"]


def test_SG_SOLD_10_the_walkthroughs_after_step_refuses_the_knife_with_the_rule(win, user, tmp_path):
    editor = _open(win, tmp_path, loot=[KNIFE])
    dlg = walkthrough(user, editor)
    user.click_row(dlg.nav, dlg.nav.count() - 1)                  # After the game
    stash, roster = W(dlg, QTableView, "afterStash"), W(dlg, QTableView, "afterRoster")
    give, note = W(dlg, QPushButton, "giveButton"), W(dlg, object, "afterGiveNote")
    user.click_row(stash, next(r for r in range(stash.model().rowCount())
                               if stash.model().index(r, 0).data() == "Monofilament Knife"))
    user.click_row(roster, 2)                                     # the Sniper
    assert not give.isEnabled() and "(SG-SOLD-10)" in note.text() and note.isVisible()
    user.click_row(roster, 0)                                     # the Trooper
    assert give.isEnabled() and not note.isVisible()
    user.click(give)
    assert dlg.draft.record["after"] == [{"give": "s1", "item": "Monofilament Knife"}]


def test_SG_SOLD_14_the_founding_roster_ticks_the_trade_only_for_assault_armour(win, user):
    win.resize(1366, 768)
    editor = new_crew(win, user)
    goto(user, editor, "Soldiers")
    catalogue = W(editor, QTableView, "soldierCatalogue")
    for kind in ("Armoured Trooper", "Trooper"):
        user.click_row(catalogue, row_of(catalogue, kind), double=True)
    QApplication.processEvents()
    trade, other = W(editor, QCheckBox, "soldier_trade_0"), W(editor, QCheckBox, "soldier_trade_1")
    assert trade.isEnabled() and not other.isEnabled()
    assert "no armour with a built-in weapon to trade" in other.toolTip()
    user.click(trade)
    s = editor.session
    assert s.data["soldiers"][0]["armour_trade"] is True
    assert s.result.derived["soldiers"][0]["built_in"] == ["Hand Weapon", "Carbine", "Filter Mask"]
    user.click_row(W(editor, QTableView, "soldierRoster"), 0)
    assert "Item slot: Carbine (for the assault armour's pistol)." in W(editor, object, "soldierDetails").text()
    assert not [i for i in s.issues if i.rule == "SG-SOLD-14"]
    user.click(trade)
    assert "armour_trade" not in s.data["soldiers"][0]
    roster = W(editor, QTableView, "soldierRoster")          # the new column fits: nothing scrolls sideways
    assert roster.horizontalScrollBar().maximum() == 0


def test_SG_SOLD_14_between_games_the_trade_fills_the_slot_and_is_refused_while_a_find_is_in_it(
        win, user, tmp_path):
    editor = _open(win, tmp_path, armoured=True)
    s = editor.session
    user.click_row(editor.nav, SOLDIERS)
    now = W(editor, QTableView, "rosterNow")
    trade, give = W(editor, QPushButton, "nowTrade"), W(editor, QPushButton, "nowGive")
    after = lambda: s.data["campaign"]["games"][0]["after"]
    user.click_row(now, 0)                                          # a Trooper: nothing to trade
    assert not trade.isEnabled()
    user.click_row(now, 2)                                          # the Armoured Trooper
    assert trade.isEnabled()
    user.click(trade)
    assert after() == [{"armour_trade": "s3", "on": True}]
    assert now.model().index(2, 3).data() == "Carbine (for the assault armour's pistol)"
    pick(user, W(editor, QComboBox, "nowGiveItem"), "Targeting Scope")
    assert not give.isEnabled() and "(SG-SOLD-14)" in W(editor, object, "nowGiveNote").text()
    assert trade.text() == "Pistol back for the armour"
    user.click(trade)                                               # the pistol back: the slot is free again
    assert after()[-1] == {"armour_trade": "s3", "on": False} and give.isEnabled()
    user.click(give)
    assert now.model().index(2, 3).data() == "Targeting Scope"
    assert not trade.isEnabled() and "take the find back first" in trade.toolTip()
    assert not [i for i in s.issues if i.rule == "SG-SOLD-14"]


def test_SG_SOLD_14_the_walkthroughs_after_step_makes_the_trade_and_refuses_a_find_into_the_filled_slot(
        win, user, tmp_path):
    editor = _open(win, tmp_path, armoured=True)
    dlg = walkthrough(user, editor)
    user.click_row(dlg.nav, dlg.nav.count() - 1)                  # After the game
    roster, stash = W(dlg, QTableView, "afterRoster"), W(dlg, QTableView, "afterStash")
    trade, give = W(dlg, QPushButton, "tradeButton"), W(dlg, QPushButton, "giveButton")
    user.click_row(roster, 0)                                     # a Trooper: nothing to trade
    assert not trade.isEnabled()
    user.click_row(roster, 2)                                     # the Armoured Trooper
    user.click(trade)
    assert dlg.draft.record["after"] == [{"armour_trade": "s3", "on": True}]
    assert roster.model().index(2, 2).data() == "Carbine (for the assault armour's pistol)"
    user.click_row(stash, 0)                                      # the Targeting Scope
    user.click_row(roster, 2)
    assert not give.isEnabled() and "(SG-SOLD-14)" in W(dlg, object, "afterGiveNote").text()
