"""The Starchasers lists as model/view: an edit tells the views only the rows it changed, rows come and go
one by one, issues mark the cell of the field they are about, and typed text that is no value is kept."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from gui.session import Session
from model import edits
from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.gui.conftest import open_editor
from tests.gui.pages.starchasers.test_starchasers_ship_editor import edit_cell, goto

SHIP = KINDS["starchasers-ship"]
CHAR = KINDS["starchasers-character"]


class Told:
    """What a model told its views."""

    def __init__(self, model):
        self.changed, self.inserted, self.removed, self.reset = [], [], [], 0
        model.dataChanged.connect(lambda a, b, _r=(): self.changed.append((a.row(), b.row())))
        model.rowsInserted.connect(lambda _p, a, b: self.inserted.append((a, b)))
        model.rowsRemoved.connect(lambda _p, a, b: self.removed.append((a, b)))
        model.modelReset.connect(lambda: setattr(self, "reset", self.reset + 1))


def ship_with_two_weapons(qtbot):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["weapons"].append(dict(data["weapons"][0], name="Rear Laser", arc="Aft"))
    ed = open_editor(qtbot, Session(data, SHIP))
    return ed, goto(qtbot, ed, "Weapons")


def test_a_weapon_edit_repaints_its_row_only_and_rows_come_and_go_one_by_one(qtbot):
    ed, page = ship_with_two_weapons(qtbot)
    told = Told(page.weapons.model())
    edit_cell(qtbot, page.weapons, 1, 4, "5")
    assert ed.session.data["weapons"][1]["damage"] == 5
    assert told.changed and all(rows == (1, 1) for rows in told.changed) and not told.reset
    qtbot.mouseClick(page.add_weapon, Qt.MouseButton.LeftButton)
    assert told.inserted == [(2, 2)] and page.weapons.model().rowCount() == 3
    ed.session.stack.undo()
    assert told.removed == [(2, 2)] and not told.reset


def test_SC_SWPN_03_an_issue_marks_the_cell_of_its_field_and_goes_with_the_fix(qtbot):
    ed, page = ship_with_two_weapons(qtbot)
    edit_cell(qtbot, page.weapons, 1, 2, "Sideways")
    model = page.weapons.model()
    arc, name = model.index(1, 2), model.index(1, 0)
    assert "not a firing arc" in arc.data(Qt.ItemDataRole.ToolTipRole)
    assert arc.data(Qt.ItemDataRole.BackgroundRole) is not None and arc.data(Qt.ItemDataRole.DecorationRole)
    assert name.data(Qt.ItemDataRole.BackgroundRole) is None and not name.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(0, 2).data(Qt.ItemDataRole.BackgroundRole) is None      # the other weapon is fine
    edit_cell(qtbot, page.weapons, 1, 2, "Aft")
    assert arc.data(Qt.ItemDataRole.BackgroundRole) is None and not arc.data(Qt.ItemDataRole.ToolTipRole)


def test_an_unnamed_weapon_marks_the_name_cell_and_a_row_issue_marks_the_row(qtbot):
    ed, page = ship_with_two_weapons(qtbot)
    edit_cell(qtbot, page.weapons, 0, 6, "9")            # SC-SHIP-09: past the limit, at the hard points
    model = page.weapons.model()
    assert "need" in model.index(0, 6).data(Qt.ItemDataRole.ToolTipRole)
    ed.session.apply(edits.Set("/weapons/0/name", ""))
    assert "no name" in model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_choosing_a_ship_type_applies_it_at_once_and_says_so(qtbot):
    ed = open_editor(qtbot, Session.new(SHIP))
    page = ed.pages[0]
    words = page.preset_words
    assert "Choosing a type sets" in words.text()
    combo = page.findChild(QComboBox, "presetPicker")
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)               # a keyboard choice is a choice: no button to press
    chosen = combo.currentData()
    assert ed.session.data["preset"] == chosen and f"Started from the {chosen}" in words.text()
    ed.session.stack.undo()
    assert ed.session.data["preset"] is None and "Choosing a type sets" in words.text()


def test_SC_SHIP_09_ship_types_the_installed_weapons_do_not_fit_on_say_why(qtbot):
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["weapons"][0]["hard_points"] = 6
    ed = open_editor(qtbot, Session(data, SHIP))
    combo = ed.pages[0].findChild(QComboBox, "presetPicker")
    tips = {combo.itemData(i): combo.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(combo.count())}
    fits = {o["name"]: o["fits"] for o in ed.session.result.offers["presets"]}
    assert any(not f for f in fits.values()) and any(fits.values())
    for name, ok in fits.items():
        assert (tips[name] is None) == ok, name
        if not ok:
            assert "need 7 hard points" in tips[name]


def test_a_skill_level_repaints_that_skill_only_and_an_added_skill_is_one_new_row(qtbot):
    ed = open_editor(qtbot, Session.open(str(EXAMPLES / "dash-korrin-ace.starwright")))
    page = goto(qtbot, ed, "Skills")
    model = page.skills
    told = Told(model)
    row = model.row_of("Piloting")
    box = page.findChild(QSpinBox, "skillLevel_Piloting")
    others = [page.findChild(QSpinBox, f"skillLevel_{r.key.replace(' ', '_')}") for r in model.rows]
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert told.changed == [(row, row)] and not told.inserted and not told.reset
    page.new_skill.setText("Gambling")
    qtbot.mouseClick(page.add_skill, Qt.MouseButton.LeftButton)
    assert told.inserted == [(model.rowCount() - 1, model.rowCount() - 1)] and not told.reset
    kept = [page.findChild(QSpinBox, f"skillLevel_{r.key.replace(' ', '_')}") for r in model.rows[:-1]]
    assert kept == others                                  # the rows already there kept their controls


def test_character_equipment_typed_in_place_and_a_bad_number_kept_with_why(qtbot):
    ed = open_editor(qtbot, Session.open(str(EXAMPLES / "dash-korrin-ace.starwright")))
    page = goto(qtbot, ed, "Skills")
    qtbot.mouseClick(page.add_eq, Qt.MouseButton.LeftButton)
    table = page.equipment
    n = table.model().rowCount() - 1
    edit_cell(qtbot, table, n, 0, "Medkit")
    depth = ed.session.stack.count()
    edit_cell(qtbot, table, n, 1, "lots")
    assert ed.session.data["equipment"][n]["bonus"] is None and ed.session.stack.count() == depth
    assert table.cell_text(n, 1) == "lots" and "not a whole number" in table.cell_tip(n, 1)
    assert "Bonus dice" in page.eq_status.text()
    edit_cell(qtbot, table, n, 1, "1")
    edit_cell(qtbot, table, n, 2, "First Aid, Medicine")
    assert ed.session.data["equipment"][n] == {"name": "Medkit", "bonus": 1, "skills": ["First Aid", "Medicine"],
                                               "required_for": []}
    assert page.eq_status.text() == ""


def test_removing_a_middle_motivator_keeps_the_other_rows_and_shows_what_moved_up(qtbot):
    from PySide6.QtWidgets import QLineEdit, QPushButton
    data = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())
    data["motivators"] = [{"text": t, "source": "class"} for t in ("First", "Second", "Third")]
    ed = open_editor(qtbot, Session(data, CHAR))
    page = ed.pages[0]
    boxes = [page.findChild(QLineEdit, f"motivatorText_{i}") for i in range(3)]
    qtbot.mouseClick(page.findChild(QPushButton, "removeMotivator_1"), Qt.MouseButton.LeftButton)
    assert [m["text"] for m in ed.session.data["motivators"]] == ["First", "Third"]
    assert [page.findChild(QLineEdit, f"motivatorText_{i}") for i in range(2)] == boxes[:2]   # not rebuilt
    assert [b.text() for b in boxes[:2]] == ["First", "Third"]
    qtbot.waitUntil(lambda: page.findChild(QLineEdit, "motivatorText_2") is None)
    ed.session.stack.undo()
    assert [page.findChild(QLineEdit, f"motivatorText_{i}").text() for i in range(3)] == ["First", "Second", "Third"]


def _calls_while(do, name: str, module: str) -> int:
    """How many times Python ran a function `name` of a file ending in `module` while `do()` ran (Qt's calls
    included)."""
    import sys
    seen = []

    def watch(frame, event, _arg):
        if event == "call" and frame.f_code.co_name == name and frame.f_code.co_filename.endswith(module):
            seen.append(1)
    sys.setprofile(watch)
    try:
        do()
    finally:
        sys.setprofile(None)
    return len(seen)


def test_a_table_with_no_cell_marked_is_painted_without_asking_python_role_by_role(qtbot):
    """With no cell kept as typed nor marked, the weapons are painted from their rows' roles asked all at once
    (role by role, a repaint made a hundred calls into Python); a marked cell still shows its mark, and the text
    an editor starts from is the cell's."""
    ed, page = ship_with_two_weapons(qtbot)
    model = page.weapons.model()
    repaint = page.weapons.viewport().repaint
    assert model.plain()
    assert _calls_while(repaint, "multiData", "rows_model.py") > 0
    assert _calls_while(repaint, "data", "entry_table.py") == 0
    assert model.index(1, 0).data(Qt.ItemDataRole.EditRole) == model.index(1, 0).data() == "Rear Laser"
    edit_cell(qtbot, page.weapons, 1, 2, "Sideways")
    assert not model.plain()
    assert _calls_while(repaint, "data", "entry_table.py") > 0   # marked: asked role by role, mark painted
    assert model.index(1, 2).data(Qt.ItemDataRole.BackgroundRole) is not None


def test_a_weapon_added_or_taken_away_moves_nothing_below_it(qtbot):
    """The weapons table and the attack pools under it keep room for more weapons when they grow: once a weapon
    has been added, adding one or taking it away again changes no height, so nothing below is laid out and
    painted again (a weapon's add cost a third more when it moved the rest of the page)."""
    from PySide6.QtWidgets import QApplication
    ed, page = ship_with_two_weapons(qtbot)
    qtbot.mouseClick(page.add_weapon, Qt.MouseButton.LeftButton)
    ed.session.stack.undo()
    QApplication.processEvents()
    heights = lambda: (page.body.height(), page.pools.height(), page.weapons.height())
    before = heights()
    for _ in range(3):
        qtbot.mouseClick(page.add_weapon, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        assert heights() == before
        ed.session.stack.undo()
        QApplication.processEvents()
        assert heights() == before
    assert page.pools.text().count("\n") == 2           # the heading and the two weapons: room kept for two more
