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


def test_star_frontiers_character_page_never_asks_for_abilities_already_rolled(win, user):
    """The observed fault: all four pairs rolled, and the Character page still said "roll the abilities"."""
    editor = new(win, user, "starfrontiers-character")
    user.pick(W(editor, QComboBox, "sf_race"), "Vrusk")
    user.pick(W(editor, QComboBox, "sf_psa"), "Military")
    assert line(editor) == "Next, on the Abilities page: roll 4 more ability pairs (or “Roll all four pairs”)."
    goto(user, editor, "Abilities")
    user.click(editor.stack.currentWidget().roll_all)
    assert all(editor.session.data["base"].values())
    assert line(editor) == "Next: move up to 10 points within a pair if you like, then buy equipment."
    goto(user, editor, "Character")
    assert line(editor) == ("Next, on the Equipment page: enter the starting credits your referee allows, "
                            "then buy equipment.")


def test_starchasers_ship_page_points_at_a_hard_point_error_on_the_weapons_page(win, user):
    """The observed fault: two weapons over the hard points, and the Ship page still said "arm the ship"; each
    change (made as the Weapons page makes it) is followed on the page shown."""
    from model import edits
    from model.systems.starchasers.ship import actions
    editor = new(win, user, "starchasers-ship")
    session = editor.session
    session.apply(actions.use_preset(session.data, session.pack, "Light freighter"))
    for key in ("speed", "armor", "power_generation", "shield_rating", "cargo_tons"):
        session.apply(edits.Set("/" + key, 1))
    assert line(editor) == "Next, on the Weapons page: add weapons (6 hard points free)."
    for k, points in enumerate(("4", "4")):
        session.apply(actions.add_entry(session.data, "weapons"))
        session.apply(actions.set_cell(session.data, "weapons", k, "hard_points", points))
    assert line(editor).startswith("To fix, on the Weapons page: ")
    assert "arm the ship" not in line(editor) and "add weapons" not in line(editor)
    session.apply(actions.set_cell(session.data, "weapons", 1, "hard_points", "2"))
    assert line(editor).startswith('To finish, on the Weapons page: Weapon "New weapon": ')
