"""Every page of the Star Frontiers, Starchasers and Knight Hawks editors says what to do next in one line
under its heading, and the line follows a real click or typed value (pytest-qt, offscreen)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSpinBox

from tests.gui.pages.stargrave.test_build_crew import W, goto


def new(win, user, kind):
    user.click(win.start.new_buttons[kind])
    return win.current_editor()


def line(editor) -> str:
    label = editor.stack.currentWidget().findChild(QLabel, "nextStep")
    assert label is not None and label.isVisible()
    return label.text()


def enter(user, box: QSpinBox, value: str) -> None:
    user.replace_text(box, value)
    user.key(box, Qt.Key.Key_Tab)


def test_star_frontiers_lines_follow_the_race_pick_and_a_roll(win, user):
    editor = new(win, user, "starfrontiers-character")
    assert line(editor) == "Next: choose a race."
    user.pick(W(editor, QComboBox, "sf_race"), "Vrusk")
    assert editor.session.data["race"] == "Vrusk"
    assert line(editor) == "Next: choose a Primary Skill Area (PSA)."
    goto(user, editor, "Abilities")
    assert line(editor) == "Next: roll 4 more ability pairs (or “Roll all four pairs”)."
    user.click(editor.stack.currentWidget().cards["dex_rs"].button)
    assert line(editor) == "Next: roll 3 more ability pairs (or “Roll all four pairs”)."
    goto(user, editor, "Equipment")
    assert line(editor) == "Next: enter the starting credits your referee allows, then buy equipment."
    enter(user, W(editor, QSpinBox, "sf_credits"), "500")
    assert editor.session.data["credits"] == 500
    assert line(editor) == "Next: buy equipment: double-click an item in the shop."


def test_knight_hawks_line_follows_a_typed_count(win, user):
    editor = new(win, user, "knighthawks-ship")
    assert line(editor) == "Next: add weapons (the Frigate has room for 8)."
    enter(user, W(editor, QSpinBox, "count_LB"), "1")
    assert editor.session.data["weapons"] == {"LB": 1}
    assert line(editor) == "Next: add defenses (the Frigate has room for 6)."


def test_starchasers_ship_lines_follow_the_ship_type_and_the_hard_points(win, user, qtbot):
    editor = new(win, user, "starchasers-ship")
    assert line(editor).startswith("Next: choose a common ship type, or fill in the ")
    combo = W(editor, QComboBox, "presetPicker")
    user.click(combo)
    while not combo.currentText().startswith("Light freighter"):
        user.key(combo, Qt.Key.Key_Down)
    if combo.view().isVisible():
        user.key(combo.view(), Qt.Key.Key_Return)
    user.click(W(editor, QPushButton, "applyPreset"))
    assert line(editor).startswith("Next: fill in ") and line(editor).endswith("the ship type leaves to you).")
    goto(user, editor, "Weapons")
    assert line(editor) == "Next: add weapons (6 hard points free)."


def test_starchasers_character_lines_follow_a_typed_attribute(win, user):
    editor = new(win, user, "starchasers-character")
    first = line(editor)
    assert first.startswith("Next: set ") and first.endswith(" attributes still empty).")
    n = int(first.rsplit("(", 1)[1].split()[0])
    key = next(k for k, v in editor.session.data["attributes"].items() if v is None)
    enter(user, W(editor, QSpinBox, f"attr_{key}"), "2")
    assert editor.session.data["attributes"][key] == 2
    assert line(editor).endswith(f"({n - 1} attributes still empty).")
    goto(user, editor, "Skills")
    assert line(editor) == "Next: add the character's skills."
