"""The Starchasers character editor and the ship's Crew section, driven through real widgets (pytest-qt)."""

from __future__ import annotations

import json
import shutil

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

from gui.session import Session
from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.gui.conftest import open_editor

CHAR = KINDS["starchasers-character"]



def goto(qtbot, ed, title):
    nav = ed.nav
    for i in range(nav.count()):
        if nav.item(i).text().startswith(title):
            qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=nav.visualItemRect(nav.item(i)).center())
            return ed.pages[i]
    raise AssertionError(title)


def w(ed, cls, name):
    QApplication.processEvents()  # rows added to a shown layout are shown by a queued call
    found = ed.findChild(cls, name)
    assert found is not None, name
    return found


def click(qtbot, widget):
    page = widget.parent()
    while page is not None and not hasattr(page, "ensureWidgetVisible"):
        page = page.parent()
    if page is not None:
        page.ensureWidgetVisible(widget)
    assert widget.isVisible() and widget.isEnabled(), widget.objectName()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def step_up(qtbot, box: QSpinBox, times: int = 1):
    """Click into the box and press Up: what a person does to raise a number."""
    click(qtbot, box)
    for _ in range(times):
        qtbot.keyClick(box, Qt.Key.Key_Up)


def pick(qtbot, combo: QComboBox, data):
    """Choose an item by keyboard: focus the combo and step to the item (emits `activated`)."""
    click(qtbot, combo)
    if QApplication.activePopupWidget() is not None:
        qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
    target = combo.findData(data)
    assert target >= 0, data
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up)


def panel_texts(ed) -> list[str]:
    tree = ed.issues.tree
    return [" ".join(tree.topLevelItem(i).text(c) for c in range(tree.columnCount()))
            for i in range(tree.topLevelItemCount())]


def build_pilot(qtbot, ed):
    """Build a pilot by clicking: name, species, attributes, Piloting 2, a motivator, hit points."""
    name = w(ed, QLineEdit, "charName")
    click(qtbot, name)
    name.selectAll()
    qtbot.keyClicks(name, "Vel Arrin")
    qtbot.keyClick(name, Qt.Key.Key_Tab)
    qtbot.keyClicks(w(ed, QLineEdit, "charSpecies"), "Human")
    for key, level in (("strength", 2), ("toughness", 2), ("deftness", 4), ("agility", 3), ("intelligence", 2),
                       ("perception", 3), ("charisma", 2), ("confidence", 2)):
        step_up(qtbot, w(ed, QSpinBox, f"attr_{key}"), level)
    assert w(ed, QSpinBox, "attr_deftness").text() == "4 Exceptional"
    hp = w(ed, QSpinBox, "charHitPoints")
    click(qtbot, hp)
    hp.selectAll()
    qtbot.keyClicks(hp, "11")
    qtbot.keyClick(hp, Qt.Key.Key_Tab)
    click(qtbot, w(ed, QPushButton, "addClass"))
    click(qtbot, w(ed, QPushButton, "addMotivator"))
    qtbot.keyClicks(w(ed, QLineEdit, "motivatorText_0"), "Outflies a rival")
    qtbot.keyClick(w(ed, QLineEdit, "motivatorText_0"), Qt.Key.Key_Tab)
    skills = goto(qtbot, ed, "Skills")
    assert skills.pool_text("Piloting") == "4"  # Deftness 4 + Untrained 0
    step_up(qtbot, w(ed, QSpinBox, "skillLevel_Piloting"), 2)
    assert w(ed, QSpinBox, "skillLevel_Piloting").text() == "2 Novice"
    assert skills.pool_text("Piloting") == "6"  # updated as the level went up
    return skills


def test_build_a_character_by_clicking_with_pools_updating(qtbot):
    ed = open_editor(qtbot, Session.new(CHAR))
    build_pilot(qtbot, ed)
    data = ed.session.data
    assert data["name"] == "Vel Arrin" and data["species"] == "Human"
    assert data["attributes"] == {"strength": 2, "toughness": 2, "deftness": 4, "agility": 3, "intelligence": 2,
                                  "perception": 3, "charisma": 2, "confidence": 2}
    assert data["skills"] == {"Piloting": 2}
    assert data["classes"] == [{"name": "Ace", "level": 1}]
    assert data["motivators"] == [{"text": "Outflies a rival", "source": "flaw"}]
    assert data["hit_points"] == 11
    assert ed.session.result.derived["pools"]["Piloting"] == 6
    assert not ed.session.result.has_errors


def test_SC_CHAR_04_added_skill_with_attribute_picker_bonus_and_equipment(qtbot):
    ed = open_editor(qtbot, Session.open(str(EXAMPLES / "dash-korrin-ace.starwright")))
    skills = goto(qtbot, ed, "Skills")
    box = w(ed, QLineEdit, "newSkillName")
    click(qtbot, box)
    qtbot.keyClicks(box, "Gambling")
    click(qtbot, w(ed, QPushButton, "addSkill"))
    assert ed.session.data["skills"]["Gambling"] == 1
    assert skills.pool_text("Gambling") == "–"
    assert any("Gambling: a skill you added; choose its governing attribute" in t for t in panel_texts(ed))
    pick(qtbot, w(ed, QComboBox, "skillAttr_Gambling"), "charisma")
    assert ed.session.data["skill_attributes"] == {"Gambling": "charisma"}
    assert skills.pool_text("Gambling") == "3"  # Charisma 2 + 1
    step_up(qtbot, w(ed, QSpinBox, "skillBonus_Gambling"), 1)
    assert ed.session.data["bonuses"]["Gambling"] == 1
    assert skills.pool_text("Gambling") == "4"
    # equipment from the rules: Electrobinoculars add a die to Scouting once Scouting has an attribute
    pick(qtbot, w(ed, QComboBox, "skillAttr_Scouting"), "perception")
    pick(qtbot, w(ed, QComboBox, "exampleEquipment"), "Electrobinoculars")
    click(qtbot, w(ed, QPushButton, "addExampleEquipment"))
    assert ed.session.data["equipment"][0]["name"] == "Electrobinoculars"
    assert skills.pool_text("Scouting") == "4"  # Perception 3 + Electrobinoculars 1
    assert "Electrobinoculars 1" in skills.pool_tip("Scouting")
    # undo everything, one step at a time, back to the file as opened
    original = json.loads((EXAMPLES / "dash-korrin-ace.starwright").read_text())
    while ed.session.stack.canUndo():
        ed.session.stack.undo()
    assert ed.session.data == original
    assert skills.skills.row_of("Gambling") == -1 and skills.pool_text("Gambling") == ""
    assert "skillLevel_Gambling" not in [box.objectName() for box in ed.findChildren(QSpinBox)
                                         if box.isVisibleTo(ed)]


def test_SC_CHAR_09_force_section_disappears_for_droids(qtbot):
    ed = open_editor(qtbot, Session.open(str(EXAMPLES / "dash-korrin-ace.starwright")))
    force = w(ed, QLabel, "forceWords").parent()
    assert force.isVisible()
    droid = ed.pages[0].droid
    qtbot.mouseClick(droid, Qt.MouseButton.LeftButton, pos=QPoint(8, droid.height() // 2))
    assert ed.session.data["droid"] is True
    assert not force.isVisible()
    ed.session.stack.undo()
    assert force.isVisible()


def test_bad_input_is_kept_and_said_in_words(qtbot, tmp_path):
    path = tmp_path / "bad.starwright"
    shutil.copy(EXAMPLES / "broken-starchasers-character.starwright", path)
    before = path.read_bytes()
    ed = open_editor(qtbot, Session.open(str(path)))
    texts = " | ".join(panel_texts(ed))
    for words in ("Deftness is 6", "A droid cannot have a Force Rating", "at most 3 active motivators",
                  "Only 1 motivator may come from the flaw", "Piloting is at level -1"):
        assert words in texts, words
    assert w(ed, QSpinBox, "attr_deftness").text() == "6: outside 1 to 5"
    assert "Deftness is 6" in w(ed, QSpinBox, "attr_deftness").toolTip()
    words = w(ed, QLabel, "forceWords")
    assert words.isVisible() and "droids cannot have a Force Rating, and it is 2" in words.text()
    mot = w(ed, QLabel, "motivatorWords").text()
    assert "4 of at most 3" in mot and "1 too many" in mot and "Only 1 may come from the flaw" in mot
    goto(qtbot, ed, "Skills")
    assert w(ed, QSpinBox, "skillLevel_Piloting").text() == "-1: outside 0 to 5"
    # nothing was changed or lost: saving writes the same data back
    ed.session.save(str(tmp_path / "again.starwright"))
    assert json.loads((tmp_path / "again.starwright").read_text()) == json.loads(before)
    assert path.read_bytes() == before
    # the fixes, by clicking: Force to 0, then the droid section goes away
    goto(qtbot, ed, "Character")
    click(qtbot, w(ed, QPushButton, "forceReset"))
    assert ed.session.data["force_rating"] == 0
    assert not w(ed, QLabel, "forceWords").parent().isVisible()
    click(qtbot, w(ed, QPushButton, "removeMotivator_3"))
    pick(qtbot, w(ed, QComboBox, "motivatorSource_1"), "class")
    assert not [i for i in ed.session.issues if i.rule == "SC-CHAR-14"]
    assert "3 of at most 3 motivators; 1 from the flaw" in w(ed, QLabel, "motivatorWords").text()


def test_link_a_clicked_character_as_pilot_and_see_the_ships_dodge(qtbot, tmp_path, monkeypatch):
    # 1. build a character by clicking and save it next to the ship
    ced = open_editor(qtbot, Session.new(CHAR))
    build_pilot(qtbot, ced)
    char_path = tmp_path / "crew" / "vel.starwright"
    char_path.parent.mkdir()
    ced.session.save(str(char_path))
    # 2. open a ship saved in the same folder tree; Dodge uses the entered dice (none yet)
    ship_path = tmp_path / "kestrel.starwright"
    shutil.copy(EXAMPLES / "kestrel-light-freighter.starwright", ship_path)
    sed = open_editor(qtbot, Session.open(str(ship_path)))
    page = sed.pages[0]
    assert sed.session.result.derived["dodge"] is None
    # 3. the Link button, answered like the file dialog would be
    from gui.pages.starchasers import character_links
    monkeypatch.setattr(character_links, "choose_character_file", lambda parent, start: str(char_path))
    click(qtbot, w(sed, QPushButton, "crewLink_pilot"))
    assert sed.session.data["crew"] == {"pilot": {"file": "crew/vel.starwright"}}
    d = sed.session.result.derived
    # Kestrel Passive Defense 0; Vel: Deftness 4 + Piloting 2
    assert d["dodge"] == 6 and d["initiative"] == 3 + 2
    assert page.cells["dodge"].value.text() == "6"
    assert "Vel Arrin's Deftness 4" in page.cells["dodge"].toolTip()
    status = w(sed, QLabel, "crewStatus_pilot")
    assert "Vel Arrin" in status.text() and "Dodge 6" in status.text()
    # 4. the character file goes away: a clear message, the ship keeps its link, nothing crashes
    char_path.rename(tmp_path / "elsewhere.starwright")
    sed.session.apply(__import__("model.edits", fromlist=["Set"]).Set("/name", "Kestrel II"))
    assert "cannot be found" in status.text()
    assert any("Pilot (Helm): the linked character file \"crew/vel.starwright\" cannot be found" in t
               for t in panel_texts(sed))
    assert sed.session.data["crew"] == {"pilot": {"file": "crew/vel.starwright"}}
    # 5. unlink is one undo step; undo brings the link back
    click(qtbot, w(sed, QPushButton, "crewUnlink_pilot"))
    assert "crew" not in sed.session.data
    sed.session.stack.undo()
    assert sed.session.data["crew"] == {"pilot": {"file": "crew/vel.starwright"}}


def test_link_through_the_edit_path_and_broken_file(qtbot, tmp_path):
    (tmp_path / "broken.starwright").write_text("{ this is not json")
    ship_path = tmp_path / "ship.starwright"
    shutil.copy(EXAMPLES / "kestrel-light-freighter.starwright", ship_path)
    sed = open_editor(qtbot, Session.open(str(ship_path)))
    from model.systems.starchasers.ship.actions import link
    sed.session.apply(link(sed.session.data, "gunner", "broken.starwright"))
    status = w(sed, QLabel, "crewStatus_gunner")
    assert "cannot be used" in status.text() and "not valid JSON" in status.text()
    assert sed.session.result.derived["gunner_linked"] is False  # the entered gunner dice (none) are used
    assert sed.session.result.derived["weapons"][0]["pool"] is None
    assert [i.pointer for i in sed.session.issues if i.rule == "SC-SHIP-26"] == ["/crew/gunner/file"]


def test_SC_CHAR_23_dark_side_typed_in_and_the_fall_shown_at_the_field(qtbot):
    ed = open_editor(qtbot, Session.new(CHAR))
    box = w(ed, QSpinBox, "charDarkSide")
    assert box.text() == "0" and ed.session.data["dark_side"] == 0
    click(qtbot, box)
    box.selectAll()
    qtbot.keyClicks(box, "10")
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert ed.session.data["dark_side"] == 10
    assert any("SC-CHAR-23" in t and "fallen to The Dark Side" in t for t in panel_texts(ed))
    ed.session.stack.undo()
    assert ed.session.data["dark_side"] == 0
