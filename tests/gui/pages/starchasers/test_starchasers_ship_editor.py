"""The Starchasers ship editor, driven through real widgets (pytest-qt, offscreen)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QSpinBox

from gui import theme
from gui.session import Session
from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.gui.conftest import open_editor

KIND = KINDS["starchasers-ship"]



@pytest.fixture
def editor(qtbot):
    return open_editor(qtbot, Session.new(KIND))


def goto(qtbot, ed, title):
    nav = ed.nav
    for i in range(nav.count()):
        if nav.item(i).text().startswith(title):
            rect = nav.visualItemRect(nav.item(i))
            qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return ed.pages[i]
    raise AssertionError(title)


def edit_cell(qtbot, table, row, col, text):
    """Click the cell, type over it, press Enter: how a person edits a table in place."""
    rect = table.visualRect(table.model().index(row, col))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    (editor.lineEdit() if isinstance(editor, QComboBox) else editor).selectAll()  # a field with a choice list
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not editor, timeout=2000)


def panel_texts(ed) -> list[str]:
    tree = ed.issues.tree
    return [" ".join(tree.topLevelItem(i).text(c) for c in range(tree.columnCount()))
            for i in range(tree.topLevelItemCount())]


def test_build_from_preset_overfill_hard_points_and_undo(qtbot, editor):
    ed = editor
    ship_page = ed.pages[0]
    combo = ship_page.findChild(QComboBox, "presetPicker")
    combo.setFocus()
    while not combo.currentText().startswith("Light freighter"):
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    qtbot.mouseClick(ship_page.findChild(QPushButton, "applyPreset"), Qt.MouseButton.LeftButton)
    data = ed.session.data
    assert (data["hull_points"], data["maneuverability"], data["hard_points"], data["size"]) == (13, -2, 6, 4)
    assert ship_page.findChild(QSpinBox, "attr_hull_points").text() == "13"
    assert ship_page.findChild(QSpinBox, "attr_speed").text() == "not set"

    ship_page.name.selectAll()
    qtbot.keyClicks(ship_page.name, "Kestrel")
    armor = ship_page.findChild(QSpinBox, "attr_armor")
    armor.setFocus()
    armor.selectAll()
    qtbot.keyClicks(armor, "2")
    qtbot.keyClick(armor, Qt.Key.Key_Tab)
    assert data["name"] == "Kestrel" and data["armor"] == 2
    assert ship_page.cells["passive_defense"].value.text() == "0"
    assert "Armor Rating 2 + Maneuverability -2" in ship_page.cells["passive_defense"].toolTip()

    weapons = goto(qtbot, ed, "Weapons")
    qtbot.mouseClick(weapons.findChild(QPushButton, "addWeapon"), Qt.MouseButton.LeftButton)
    table = weapons.weapons
    edit_cell(qtbot, table, 0, 0, "Twin Laser")
    edit_cell(qtbot, table, 0, 1, "Beam Weapons")
    edit_cell(qtbot, table, 0, 2, "Fore")
    edit_cell(qtbot, table, 0, 3, "Normal")
    edit_cell(qtbot, table, 0, 4, "3")
    edit_cell(qtbot, table, 0, 5, "2")
    edit_cell(qtbot, table, 0, 6, "2")
    w = data["weapons"][0]
    assert (w["name"], w["arc"], w["damage"], w["range"], w["hard_points"]) == ("Twin Laser", "Fore", 3, 2, 2)
    assert "2 of 6 used" in weapons.findChild(QLabel, "hardPointWords").text()
    assert not [i for i in ed.session.issues if i.pointer.startswith("/weapons") and i.is_error]

    depth = ed.session.stack.index()
    edit_cell(qtbot, table, 0, 6, "9")        # overfill: 9 of 6
    assert data["weapons"][0]["hard_points"] == 9
    words = weapons.findChild(QLabel, "hardPointWords").text()
    assert "9 of 6 used" in words and "3 over the limit" in words
    [issue] = [i for i in ed.session.issues if i.rule == "SC-SHIP-09"]
    assert issue.pointer == "/weapons/0/hard_points" and issue.is_error
    assert any("SC-SHIP-09" in t for t in panel_texts(ed))
    assert "need 9 hard points" in table.cell_tip(0, 6)
    assert "Weapons" in ed.nav.item(1).text() and "(" in ed.nav.item(1).text()

    ed.session.stack.undo()                     # Edit › Undo: one step back
    assert ed.session.stack.index() == depth
    assert data["weapons"][0]["hard_points"] == 2
    assert table.cell_text(0, 6) == "2"
    assert not [i for i in ed.session.issues if i.rule == "SC-SHIP-09"]
    assert "2 of 6 used" in weapons.findChild(QLabel, "hardPointWords").text()


def test_a_bad_cell_is_kept_with_its_message_and_changes_nothing(qtbot):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    ed = open_editor(qtbot, Session(data, KIND))
    weapons = goto(qtbot, ed, "Weapons")
    depth = ed.session.stack.count()
    edit_cell(qtbot, weapons.weapons, 0, 6, "two")
    assert ed.session.data["weapons"][0]["hard_points"] == 2 and ed.session.stack.count() == depth
    assert "Hard points" in weapons.status.text() and "not a whole number" in weapons.status.text()
    table = weapons.weapons
    assert table.cell_text(0, 6) == "two" and "not a whole number" in table.cell_tip(0, 6)  # kept, marked
    edit_cell(qtbot, weapons.weapons, 0, 8, "1200")  # another edit does not wipe the message
    assert ed.session.data["weapons"][0]["cost"] == 1200
    assert "not a whole number" in weapons.status.text() and table.cell_text(0, 6) == "two"
    edit_cell(qtbot, weapons.weapons, 0, 6, "3")  # corrected: taken, and the message goes
    assert ed.session.data["weapons"][0]["hard_points"] == 3 and weapons.status.text() == ""


def test_out_of_range_value_is_kept_and_marked(qtbot, editor):
    ed = editor
    box = ed.pages[0].findChild(QSpinBox, "attr_maneuverability")
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "9")
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert ed.session.data["maneuverability"] == 9
    assert box.property("issue") == "error"
    assert "from -3 to +3" in box.toolTip()


def test_catalogue_import_and_add_to_ship(qtbot, editor, tmp_path):
    from model.systems.starchasers import catalog
    kestrel = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    path = tmp_path / "kit.json"
    catalog.export_catalog(path, catalog.save_ship_entries(catalog.new_catalog(), kestrel))
    weapons = goto(qtbot, editor, "Weapons")
    weapons.load_catalog(str(path))
    assert weapons.cat_entries.count() == 2
    qtbot.mouseClick(weapons.use_cat, Qt.MouseButton.LeftButton)
    assert editor.session.data["weapons"] == kestrel["weapons"]
    editor.session.stack.undo()
    assert editor.session.data["weapons"] == []


def test_preset_picker_shows_the_type_the_ship_started_from(qtbot):
    ed = open_editor(qtbot, Session.new(KIND))
    combo = ed.pages[0].findChild(QComboBox, "presetPicker")
    assert combo.currentIndex() == -1 and combo.placeholderText()  # nothing picked for a new ship
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["preset"] = "Light freighter" if combo.findData("Light freighter") >= 0 else combo.itemData(1)
    session = Session(data, KIND)
    ed2 = open_editor(qtbot, session)
    combo2 = ed2.pages[0].findChild(QComboBox, "presetPicker")
    assert combo2.currentData() == data["preset"]


def test_a_ship_types_tooltip_follows_the_weapons_installed(qtbot):
    """Why a type would not hold what is installed (too few hard points) is said on its item, and goes when a
    weapon is taken off: the picker does not keep what it said when the page was built."""
    from model import edits
    ed = open_editor(qtbot, Session.open(str(EXAMPLES / "kestrel-light-freighter.starwright")))
    combo = ed.pages[0].findChild(QComboBox, "presetPicker")
    i = combo.findData("Interceptor fighter")
    assert "hard points" in (combo.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")
    ed.session.apply(edits.Remove("/weapons/0"))
    assert combo.itemData(i, Qt.ItemDataRole.ToolTipRole) is None
    ed.session.stack.undo()
    assert "hard points" in (combo.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")


def test_SC_SHIP_09_an_over_limit_share_reads_as_past_the_end_in_words_and_on_the_meter(qtbot):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    ed = open_editor(qtbot, Session(data, KIND))
    weapons = goto(qtbot, ed, "Weapons")
    bar, words = weapons.bar, weapons.findChild(QLabel, "hardPointWords")
    assert words.text().endswith("5 free") and bar.over_limit() == []
    edit_cell(qtbot, weapons.weapons, 0, 6, "9")      # Twin Laser 9 + Extra Shield Emitter 1 on 8 hard points
    text = words.text()
    assert "10 of 8 used" in text and "2 over the limit" in text and "2 hard points too many" in text
    assert "Past the end: Twin Laser (1) and Extra Shield Emitter (1)" in text
    assert bar.over_limit() == [("Twin Laser", 1), ("Extra Shield Emitter", 1)]
    assert "2 over the limit" in bar.accessibleName()
    image = bar.grab().toImage()
    error = QColor(theme.colour("error"))
    y = image.height() // 2
    past_end = image.pixelColor(image.width() - 6, y)   # inside the last (overflowing) slot
    assert abs(past_end.red() - error.red()) < 20 and abs(past_end.green() - error.green()) < 20
    # no free-slot outline shows through a share: a row above its label, across Twin Laser's part, is one colour
    inside = {image.pixelColor(x, 5).name() for x in range(10, image.width() * 7 // 10)}
    assert len(inside) == 1, inside

    ed.session.stack.undo()
    assert words.text().endswith("5 free") and "over" not in bar.accessibleName()
    image = bar.grab().toImage()
    assert image.pixelColor(image.width() - 6, image.height() // 2).name() != error.name()
