"""The Knight Hawks ship editor, driven through real widgets (pytest-qt, offscreen)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QStyle, QStyleOptionSpinBox

from gui.editor import DocumentEditor
from gui.session import Session
from model.kinds import KINDS
from tests.conftest import EXAMPLES

KIND = KINDS["knighthawks-ship"]


@pytest.fixture
def editor(qtbot):
    session = Session.new(KIND)
    ed = DocumentEditor(session)
    qtbot.addWidget(ed)
    ed.resize(1300, 900)
    ed.show()
    qtbot.waitExposed(ed)
    return ed


def page(ed):
    return ed.pages[0]


def spin(ed, code) -> QSpinBox:
    return page(ed).findChild(QSpinBox, f"count_{code}")


def click_up(qtbot, box: QSpinBox, times: int = 1) -> None:
    """Click the spin box's up arrow, where the style draws it."""
    page_area = box
    while page_area is not None and not hasattr(page_area, "ensureWidgetVisible"):
        page_area = page_area.parentWidget()
    if page_area is not None:
        page_area.ensureWidgetVisible(box)
    opt = QStyleOptionSpinBox()
    box.initStyleOption(opt)
    rect = box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, opt, QStyle.SubControl.SC_SpinBoxUp, box)
    for _ in range(times):
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=rect.center())


def issues_at(ed, pointer):
    return [i for i in ed.session.issues if i.pointer == pointer]


def panel_rows(ed) -> list[str]:
    tree = ed.issues.tree
    return [f"{tree.topLevelItem(i).text(2)} {tree.topLevelItem(i).text(1)}" for i in range(tree.topLevelItemCount())]


def test_build_a_frigate_by_clicking_then_a_third_torpedo(qtbot, editor):
    ed = editor
    p = page(ed)
    p.name.selectAll()
    qtbot.keyClicks(p.name, "Z'Gata")
    combo = p.findChild(QComboBox, "shipType")
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)   # Destroyer
    assert ed.session.data["type"] == "Destroyer"
    qtbot.keyClick(combo, Qt.Key.Key_Up)     # back to Frigate
    assert ed.session.data["type"] == "Frigate"
    assert "40 hull points · ADF 3 · MR 3" in p.findChild(QLabel, "typeLimits").text()

    for code, n in (("LC", 1), ("LB", 1), ("T", 2), ("RB", 4), ("RH", 1), ("MS", 1), ("ICM", 4)):
        click_up(qtbot, spin(ed, code), n)
    data = ed.session.data
    assert data["name"] == "Z'Gata"
    assert data["weapons"] == {"LC": 1, "LB": 1, "T": 2, "RB": 4}
    assert data["defenses"] == {"RH": 1, "MS": 1, "ICM": 4}
    assert not ed.session.result.has_errors, ed.session.issues
    assert ed.issues.title.text().startswith("Legal")
    assert "2 torpedoes, 4 rocket batteries, 1 masking screen, 4 interceptor missiles" in p.supplies.text()

    # a third torpedo: kept, not counted, and said why on the counter and in the issues panel
    torpedo = spin(ed, "T")
    click_up(qtbot, torpedo)
    assert ed.session.data["weapons"]["T"] == 3
    [issue] = issues_at(ed, "/weapons/T")
    assert issue.rule == "KH-SHIP-03" and "at most 2 torpedoes; this ship has 3" in issue.message
    assert issue.message in torpedo.toolTip()
    assert torpedo.property("issue") == "error"
    assert "only 2 of 3 count" in p.findChild(QLabel, "limit_T").text()
    assert any("KH-SHIP-03" in row and "at most 2 torpedoes" in row for row in panel_rows(ed))
    assert "2 torpedoes" in p.supplies.text()
    assert "Ship  (1)" == ed.nav.item(0).text()

    # activating the issue in the panel focuses the counter
    tree = ed.issues.tree
    ed.focus_pointer(tree.topLevelItem(0).data(0, Qt.ItemDataRole.UserRole))
    assert torpedo.hasFocus() or torpedo.lineEdit().hasFocus()

    # undo takes the third torpedo back, and the issue with it
    ed.session.stack.undo()
    assert ed.session.data["weapons"]["T"] == 2 and torpedo.value() == 2
    assert not issues_at(ed, "/weapons/T") and torpedo.property("issue") == ""
    ed.session.stack.redo()
    assert torpedo.value() == 3 and issues_at(ed, "/weapons/T")


def test_counters_undo_each_click_and_zero_removes_the_entry(qtbot, editor):
    ed = editor
    click_up(qtbot, spin(ed, "RB"), 2)
    assert ed.session.data["weapons"] == {"RB": 2}
    ed.session.stack.undo()
    ed.session.stack.undo()
    assert ed.session.data["weapons"] == {} and spin(ed, "RB").value() == 0
    assert ed.session.stack.count() == 2


def test_derived_values_show_their_derivation(qtbot, editor):
    p = page(editor)
    cell = p.cells["hull_points"]
    assert cell.value.text() == "40" and cell.toolTip() == "every Frigate: 40"
    assert p.cells["adf"].toolTip() == "every Frigate: 3"


def test_station_hull_points_out_of_range(qtbot, editor):
    ed = editor
    p = page(ed)
    combo = p.findChild(QComboBox, "shipType")
    combo.setFocus()
    for _ in range(10):
        if ed.session.data["type"] == "Space Station":
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert ed.session.data["type"] == "Space Station"
    hull = p.findChild(QSpinBox, "hullPoints")
    assert hull.isVisible() and hull.text() == "not chosen"
    [issue] = issues_at(ed, "/hull_points")
    assert "from 20 to 200" in issue.message
    hull.lineEdit().selectAll()
    qtbot.keyClicks(hull.lineEdit(), "300")
    qtbot.keyClick(hull.lineEdit(), Qt.Key.Key_Return)
    assert ed.session.data["hull_points"] == 300
    [issue] = issues_at(ed, "/hull_points")
    assert issue.message == "A space station has 20 to 200 hull points; 300 is more than 200."
    assert issue.message in hull.toolTip()
    assert p.cells["hull_points"].value.text() == "200"
    assert "300" in p.cells["hull_points"].toolTip() and "-100" in p.cells["hull_points"].toolTip()
    # station minimums show on the counters
    assert p.findChild(QLabel, "limit_LB").text().startswith("at most 3 (type range 1-3)")


def test_fighter_configuration_picker(qtbot, editor):
    ed = editor
    p = page(ed)
    combo = p.findChild(QComboBox, "shipType")
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    qtbot.keyClick(combo, Qt.Key.Key_Down)   # Fighter (after "Choose a type…")
    assert ed.session.data["type"] == "Fighter"
    config = p.findChild(QComboBox, "configuration")
    assert config.isVisible() and [config.itemText(i) for i in range(config.count())][0] == "Not declared"
    assert issues_at(ed, "/configuration")[0].rule == "KH-SHIP-06"
    config.setFocus()
    qtbot.keyClick(config, Qt.Key.Key_Down)
    assert ed.session.data["configuration"] == 1
    assert not issues_at(ed, "/configuration")
    assert "Evasive action: torpedoes -25% to hit" in p.traits.text()
    click_up(qtbot, spin(ed, "AR"), 4)
    [issue] = issues_at(ed, "/weapons/AR")
    assert issue.rule == "KH-SHIP-05"


def test_broken_file_opens_with_nothing_lost(qtbot, tmp_path):
    src = EXAMPLES / "broken-knighthawks-frigate.starwright"
    path = tmp_path / "broken.starwright"
    path.write_bytes(src.read_bytes())
    session = Session.open(str(path))
    ed = DocumentEditor(session)
    qtbot.addWidget(ed)
    ed.show()   # its page is built when it is first shown
    assert spin(ed, "RB").value() == -1 and spin(ed, "T").value() == 3
    others = page(ed).findChild(QLabel, "others_weapons")
    assert "XYZ = 1" in others.text() and "ICM = 2" in others.text()
    assert page(ed).findChild(QSpinBox, "hullPoints").value() == 55
    session.save()
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(src.read_text(encoding="utf-8"))


def test_KH_SHIP_08_type_picker_says_where_an_assault_scout_rearms(editor):
    combo = page(editor).findChild(QComboBox, "shipType")
    tip = combo.itemData(combo.findData("Assault Scout"), Qt.ItemDataRole.ToolTipRole)
    assert "Rearms at space stations (not carriers)" in tip and "cannot be attacked while docked" in tip


def test_hull_points_set_where_the_type_has_none_show_their_row_to_be_cleared(qtbot):
    """A fighter has fixed hull points: its row is hidden, but a value set anyway (an undo, a file) shows the row
    with its error so that it can be cleared, and the row goes again when the value does."""
    from model import edits
    ed = DocumentEditor(Session.open(str(EXAMPLES / "knighthawks-fighter.starwright")))
    qtbot.addWidget(ed)
    ed.show()
    hull = page(ed).findChild(QSpinBox, "hullPoints")
    assert ed.session.data.get("hull_points") is None and not hull.isVisibleTo(page(ed))
    ed.session.apply(edits.Set("/hull_points", 1))
    assert hull.isVisibleTo(page(ed)) and hull.value() == 1
    ed.session.stack.undo()
    assert not hull.isVisibleTo(page(ed))
