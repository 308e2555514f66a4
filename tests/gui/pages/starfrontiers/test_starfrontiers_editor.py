"""The Star Frontiers editor driven by clicks (pytest-qt, offscreen): roll, shift, buy, undo, issues on fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from model.kinds import KINDS
from model.systems.starfrontiers import dice

from gui.editor import DocumentEditor
from gui.session import Session
from model.edits import Set

KIND = KINDS["starfrontiers-character"]
EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "examples"


@pytest.fixture
def editor(qtbot):
    session = Session.new(KIND)
    e = DocumentEditor(session)
    qtbot.addWidget(e)
    e.resize(1400, 900)
    e.show()
    return e


def page(e, name):
    p = next(p for p in e.pages if p.title == name)
    e.show_page(p)  # as a user would: its widgets are clicked where they are seen
    return p


def test_SF_CHAR_03_roll_button_records_roll_and_result_and_undo_takes_it_back(editor, qtbot):
    ab = page(editor, "Abilities")
    ab.rng = dice.generator(42)
    expected = dice.roll_pair(editor.session.pack, "str_sta", dice.generator(42))
    card = ab.cards["str_sta"]
    qtbot.mouseClick(card.button, Qt.MouseButton.LeftButton)
    data = editor.session.data
    assert (data["rolls"]["str_sta"], data["base"]["str_sta"]) == (expected.d100, expected.score)
    assert card.roll.value() == expected.d100 and card.base.currentData() == expected.score
    assert card.first.value.text() == str(expected.score)  # no race yet: the base score itself
    assert f"Rolled {expected.d100}" in card.origin.text()
    editor.session.stack.undo()
    assert "str_sta" not in data["rolls"] and data["base"]["str_sta"] is None
    assert card.roll.value() == 0 and card.first.value.text() == "–"


def test_SF_CHAR_03_roll_all_is_one_undo_step(editor, qtbot):
    ab = page(editor, "Abilities")
    ab.rng = dice.generator(7)
    qtbot.mouseClick(ab.roll_all, Qt.MouseButton.LeftButton)
    data = editor.session.data
    assert all(data["base"][p] is not None for p in data["base"])
    assert not [i for i in editor.session.issues if i.rule == "SF-CHAR-03"]
    assert editor.session.stack.count() == 1
    editor.session.stack.undo()
    assert all(v is None for v in data["base"].values())


def test_SF_CHAR_05_exchange_control_is_limited_to_ten(editor, qtbot):
    card = page(editor, "Abilities").cards["int_log"]
    card.base.setFocus()
    card.shift.setFocus()
    for _ in range(12):
        qtbot.keyClick(card.shift, Qt.Key.Key_Up)
    assert card.shift.value() == 10
    assert editor.session.data["shifts"]["int_log"] == 10
    editor.session.stack.undo()
    assert editor.session.data["shifts"]["int_log"] == 9


def test_SF_CHAR_05_a_shift_of_11_from_a_file_is_shown_with_its_issue(qtbot):
    session = Session.open(str(EXAMPLES / "broken-starfrontiers.starwright"))
    e = DocumentEditor(session)
    qtbot.addWidget(e)
    card = page(e, "Abilities").cards["str_sta"]
    assert card.shift.value() == 11
    assert "at most 10 points" in card.shift.toolTip() or "at most 10 points" in card.shift_badge.toolTip()
    messages = [e.issues.tree.topLevelItem(i).text(1) for i in range(e.issues.tree.topLevelItemCount())]
    assert any("at most 10 points may be exchanged" in m for m in messages)


def test_SF_EQ_12_buy_by_clicking_updates_running_credits_and_mass(editor, qtbot):
    eq = page(editor, "Equipment")
    eq.credits.setValue(1000)
    editor.session.new_typing_run()
    shop = eq.shop
    target = next(shop.model().index(r, 0) for r in range(shop.model().rowCount())
                  if shop.model().index(r, 0).data() == "Laser Rifle")
    shop.setCurrentIndex(target)
    qtbot.mouseClick(eq.buy, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(eq.buy, Qt.MouseButton.LeftButton)
    d = editor.session.result.derived
    assert editor.session.data["equipment"] == [{"name": "Laser Rifle", "count": 2}]
    assert d["credits_left"] == -600 and d["total_mass"] == 6
    assert "600 Cr short" in eq.money.words.text()
    assert eq.owned.model().index(0, 1).data() == "2"
    errors = [i for i in editor.session.issues if i.rule == "SF-EQ-12" and i.is_error]
    assert errors and errors[0].pointer == "/equipment/0"
    eq.owned.selectRow(0)
    qtbot.mouseClick(eq.sell, Qt.MouseButton.LeftButton)
    assert editor.session.result.derived["credits_left"] == 200
    assert "200 Cr left" in eq.money.words.text()
    editor.session.stack.undo()
    assert editor.session.data["equipment"][0]["count"] == 2


def test_SF_RACE_01_race_picker_explains_and_human_bonus_issue_on_field(editor, qtbot):
    ch = page(editor, "Character")
    i = ch.race.findData("Vrusk")
    ch.race.setCurrentIndex(i)
    ch.race.activated.emit(i)
    assert editor.session.data["race"] == "Vrusk"
    assert "Insect-like" in ch.race_info.text()
    assert not ch.bonus.isEnabled()
    editor.session.apply(Set("/human_bonus", "int"))
    assert "Only Humans" in ch.bonus_badge.toolTip()
    j = ch.psa.findData("Military")
    ch.psa.setCurrentIndex(j)
    ch.psa.activated.emit(j)
    assert "Soldiers, police" in ch.psa_info.text()


def test_SF_CHAR_06_derived_values_show_their_derivation_on_hover(qtbot):
    session = Session.open(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    e = DocumentEditor(session)
    qtbot.addWidget(e)
    ch = page(e, "Character")
    assert ch.cells["initiative_modifier"].value.text() == "5"
    assert "RS 45 / 10 = 4.5, rounded up: 5" in ch.cells["initiative_modifier"].toolTip()
    ab = page(e, "Abilities")
    assert "Dralasite modifier: +5" in ab.cards["str_sta"].first.toolTip()
    assert "exchange inside INT/LOG: +5" in ab.cards["int_log"].first.toolTip()
