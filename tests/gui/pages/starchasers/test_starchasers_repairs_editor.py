"""The ship page's Damage and repairs section, driven through real widgets (pytest-qt, offscreen): the damage
carried over, a repair's price shown before it is made, making it (one undo step), its issues on its row."""

from __future__ import annotations

import copy
import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton, QSpinBox, QTableView

from gui.session import Session
from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.gui.conftest import open_editor

KIND = KINDS["starchasers-ship"]
WARDEN = json.loads((EXAMPLES / "warden-patrol-ship.starwright").read_text())


@pytest.fixture
def section(qtbot):
    data = copy.deepcopy(WARDEN)
    data["play"] = {"hull_damage": 6, "structure_damage": 2, "system_damage": 0, "shields_down": 1, "repairs": []}
    ed = open_editor(qtbot, Session(data, KIND))
    page = ed.pages[0]
    sec = page.findChild(QLabel, "repairQuote").parent()
    page.ensureWidgetVisible(sec.findChild(QPushButton, "repairMake"))
    return ed, sec


def choose(qtbot, combo: QComboBox, starts: str) -> None:
    """Pick an item with the keyboard, as a person tabbing through the form does."""
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText().startswith(starts):
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText().startswith(starts), [combo.itemText(i) for i in range(combo.count())]


def type_number(qtbot, box: QSpinBox, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Tab)


def cell(table: QTableView, row: int, col: int) -> str:
    return table.model().index(row, col).data()


def words(sec, name: str) -> str:
    return sec.findChild(QLabel, name).text()


def test_SC_REP_04_make_a_shop_repair_see_its_price_first_then_undo_it(qtbot, section):
    ed, sec = section
    hull = sec.cells["hull"]
    assert hull.value.text() == "4 of 10" and "carried over" in hull.toolTip()
    assert set(sec.cells) == {"hull", "structure", "system"}     # shields come back each combat (SC-SHIP-19)
    # SC-SHIP-13: System Damage is a plain count, with no "of" a maximum
    assert sec.cells["system"].value.text() == "0" and "no maximum" in sec.cells["system"].toolTip()
    choose(qtbot, sec.findChild(QComboBox, "repairWhat"), "Hull Points (6 damage)")
    choose(qtbot, sec.findChild(QComboBox, "repairBy"), "A repair shop")
    choose(qtbot, sec.findChild(QComboBox, "repairReputability"), "Poor")
    points = sec.findChild(QSpinBox, "repairPoints")
    assert points.maximum() == 6   # at most the damage (the model's offer)
    type_number(qtbot, points, "5")
    assert words(sec, "repairQuote") == "This repair: 5 Hull Points for 300 Cr, taking 3 hours."
    assert "labour 150 Cr × 2 (Poor) = 300 Cr (SC-REP-04)" in words(sec, "repairQuoteHow")
    assert "SC-REP-07" in sec.findChild(QComboBox, "repairWhat").toolTip()

    qtbot.mouseClick(sec.findChild(QPushButton, "repairMake"), Qt.MouseButton.LeftButton)
    data = ed.session.data
    assert data["play"]["hull_damage"] == 1 and data["play"]["repairs"][-1]["points"] == 5
    table = sec.findChild(QTableView, "repairLog")
    assert (cell(table, 0, 1), cell(table, 0, 3), cell(table, 0, 4)) == ("5 Hull Points", "300 Cr", "3 hours")
    assert hull.value.text() == "9 of 10"
    assert words(sec, "repairTotal") == "Spent on repairs: 300 Cr over 1 repair; 3 hours of work"
    assert points.maximum() == 1

    ed.session.stack.undo()                       # Edit › Undo: the repair and its damage, one step
    assert data["play"]["hull_damage"] == 6 and data["play"]["repairs"] == []
    assert table.model().rowCount() == 0 and hull.value.text() == "4 of 10"
    assert not sec.findChild(QPushButton, "repairRemoveLast").isEnabled()


def test_SC_REP_03_a_structure_repair_in_space_is_flagged_before_and_on_its_row(qtbot, section):
    ed, sec = section
    choose(qtbot, sec.findChild(QComboBox, "repairWhat"), "Structure")
    choose(qtbot, sec.findChild(QComboBox, "repairBy"), "A repair shop")
    choose(qtbot, sec.findChild(QComboBox, "repairPlace"), "In space")
    choose(qtbot, sec.findChild(QComboBox, "repairRegion"), "Outer Rim")
    choose(qtbot, sec.findChild(QComboBox, "repairReputability"), "Good")
    type_number(qtbot, sec.findChild(QSpinBox, "repairPoints"), "2")
    quote = words(sec, "repairQuote")
    assert quote.startswith("This repair: 2 Structure Points for 1,000 Cr, taking 2 days.")
    assert "only at a spaceport or a drydock" in quote and "(SC-REP-03)" in quote
    assert "included in the table price" in words(sec, "repairQuoteHow")   # SC-REP-06 as a note
    qtbot.mouseClick(sec.findChild(QPushButton, "repairMake"), Qt.MouseButton.LeftButton)
    table = sec.findChild(QTableView, "repairLog")
    tip = table.model().index(0, 0).data(Qt.ItemDataRole.ToolTipRole) or ""
    assert "only at a spaceport or a drydock" in tip   # painted on the row by the binder
    assert any(i.rule == "SC-REP-03" and i.pointer == "/play/repairs/0/place" for i in ed.session.issues)
    qtbot.mouseClick(sec.findChild(QPushButton, "repairRemoveLast"), Qt.MouseButton.LeftButton)
    assert ed.session.data["play"]["structure_damage"] == 2 and table.model().rowCount() == 0
    assert not [i for i in ed.session.issues if i.rule == "SC-REP-03"]


def test_SC_REP_01_SC_REP_05_the_crews_engineer_hull_by_hits_structure_needs_tools(qtbot, section):
    ed, sec = section
    choose(qtbot, sec.findChild(QComboBox, "repairWhat"), "Hull Points")
    choose(qtbot, sec.findChild(QComboBox, "repairBy"), "The crew's Engineer")
    assert not sec.findChild(QSpinBox, "repairPoints").isVisible()       # a field repair restores its Hits
    assert not sec.findChild(QComboBox, "repairReputability").isVisible()
    hits = sec.findChild(QSpinBox, "repairHits")
    assert hits.isVisible() and "Deftness + Mechanics" in hits.toolTip()
    type_number(qtbot, hits, "9")
    assert words(sec, "repairQuote") == "This repair: 6 Hull Points for 0 Cr, taking 4 hours."
    qtbot.mouseClick(sec.findChild(QPushButton, "repairMake"), Qt.MouseButton.LeftButton)
    assert ed.session.data["play"]["hull_damage"] == 0
    choose(qtbot, sec.findChild(QComboBox, "repairWhat"), "Hull Points (0 damage)")
    assert not sec.findChild(QPushButton, "repairMake").isEnabled()
    assert words(sec, "repairQuote") == "The ship has no Hull Points damage to repair."

    choose(qtbot, sec.findChild(QComboBox, "repairWhat"), "Structure")
    choose(qtbot, sec.findChild(QComboBox, "repairPlace"), "At a drydock")
    tools = sec.findChild(QCheckBox, "repairTools")
    assert tools.isVisible() and "SC-REP-03" in words(sec, "repairQuote")
    qtbot.mouseClick(tools, Qt.MouseButton.LeftButton, pos=QPoint(8, tools.height() // 2))   # the box itself
    assert tools.isChecked()
    assert words(sec, "repairQuote") == "This repair: 2 Structure Points for 250 Cr, taking 2 days."   # all 2 carried
    type_number(qtbot, sec.findChild(QSpinBox, "repairPoints"), "1")
    assert words(sec, "repairQuote") == "This repair: 1 Structure Point for 100 Cr, taking 1 day."


def test_SC_REP_a_full_repair_log_says_so_and_offers_no_501st(qtbot):
    """At the schema's 500 repairs the section shows all 500, says the log is full and makes no more."""
    data = copy.deepcopy(WARDEN)
    one = {"what": "hull", "points": 1, "by": "shop", "place": "spaceport", "reputability": "good",
           "damage_before": 6}
    data["play"] = {"hull_damage": 6, "repairs": [dict(one) for _ in range(500)]}
    ed = open_editor(qtbot, Session(data, KIND))
    page = ed.pages[0]
    sec = page.findChild(QLabel, "repairQuote").parent()
    assert sec.findChild(QTableView, "repairLog").model().rowCount() == 500
    assert words(sec, "repairQuote") == ("The ship's repair log is full: it holds 500 repairs, the most a ship's log "
                                         "holds, so no more can be recorded.")
    assert not sec.findChild(QPushButton, "repairMake").isEnabled()
    sec.findChild(QPushButton, "repairRemoveLast").click()
    assert len(ed.session.data["play"]["repairs"]) == 499
    assert sec.findChild(QPushButton, "repairMake").isEnabled()


def test_SC_REP_the_form_starts_at_the_damage_carried_and_offers_the_next_damaged_part_after_a_repair(qtbot, section):
    """Points start at all the damage of the part offered (not 1); after a repair the box offers the next part
    that carries damage, with its damage in the Points, never the part just repaired to nothing."""
    ed, sec = section
    what, points = sec.findChild(QComboBox, "repairWhat"), sec.findChild(QSpinBox, "repairPoints")
    assert what.currentText() == "Hull Points (6 damage)" and points.value() == 6
    choose(qtbot, sec.findChild(QComboBox, "repairBy"), "A repair shop")
    assert points.value() == 6                      # another field chosen: the Points stay
    type_number(qtbot, points, "4")
    choose(qtbot, sec.findChild(QComboBox, "repairReputability"), "Poor")
    assert points.value() == 4                      # a number typed stays while the part and its damage do
    choose(qtbot, what, "Structure")
    assert points.value() == 2 and points.maximum() == 2
    choose(qtbot, what, "Hull Points")
    assert points.value() == 6
    qtbot.mouseClick(sec.findChild(QPushButton, "repairMake"), Qt.MouseButton.LeftButton)
    assert ed.session.data["play"]["hull_damage"] == 0
    assert what.currentText() == "Structure (2 damage)" and points.value() == 2
    assert words(sec, "repairQuote").startswith("This repair: 2 Structure Points")
    ed.session.stack.undo()                         # the hull damage back: the box stays on Structure
    assert what.currentText() == "Structure (2 damage)" and points.value() == 2
