"""Build the DESIGN.md example crew by clicking and typing only; watch issues come and go; undo, redo, save."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QLabel, QLineEdit, QPushButton, QTableView)

from gui.dialogs import prompts
from gui.widgets.choice_buttons import ChoiceButtons
from model import storage

DESIGN_EXAMPLE = {
    "format": "starwright/stargrave-crew",
    "version": 3,
    "name": "Ashen Comet",
    "captain": {
        "name": "Mara Vex", "species": "Human", "background": "Veteran", "choices": ["shoot"],
        "powers": [{"name": "Command", "reduced": True}, {"name": "Coordinated Fire", "reduced": True},
                   {"name": "Energy Shield"}, {"name": "Fortune"}, {"name": "Healing"}],
        "items": ["Carbine", "Heavy Armour", "Pistol", "Knife", "Medkit"],
    },
    "first_mate": {
        "name": "Orrin Tal", "species": "Cyborg", "background": "Cyborg", "choices": ["move", "fight"],
        "powers": [{"name": "Target Lock"}, {"name": "Energy Shield"}, {"name": "Reflex Move"}, {"name": "Command"}],
        "items": ["Carbine", "Light Armour", "Pistol", "Knife", "Grenades"],
    },
    "soldiers": [
        {"id": "s1", "name": "Jax", "type": "Trooper", "robot": False, "shotgun": False, "item": None},
        {"id": "s2", "name": "", "type": "Recruit", "robot": True, "shotgun": False, "item": None},
    ],
    "notes": "",
    "campaign": {"games": []},
}


def W(editor, cls, name):
    w = editor.findChild(cls, name)
    assert w is not None, name
    return w


def rules(session) -> set[tuple[str, str]]:
    return {(i.pointer, i.rule) for i in session.issues}


def goto(user, editor, title):
    row = [p.title for p in editor.pages].index(title)
    user.click_row(editor.nav, row)
    assert editor.stack.currentWidget() is editor.pages[row]


def row_of(view: QAbstractItemView, text: str) -> int:
    """The row whose key (UserRole of its first cell) is `text`, in any table or list view."""
    model = view.model()
    for r in range(model.rowCount()):
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole) == text:
            return r
    raise AssertionError(f"{text} not in {view.objectName()}")


def cell(view: QAbstractItemView, row: int, column: int) -> str:
    return view.model().index(row, column).data()


def tick(user, view, row):
    """Click the tick box at the start of a catalogue row: one click."""
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem
    index = view.model().index(row, 0)
    rect = view.visualRect(index)
    assert rect.isValid() and view.viewport().rect().contains(rect.center()), f"row {row} is not in view"
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = rect
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    user.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=box.center())
    user.count += 1


def add_power(user, editor, role, name):
    """Search for the power (the first match is made current), then tick it."""
    search = W(editor, QLineEdit, f"{role}_power_search")
    user.replace_text(search, name)
    grid = W(editor, QAbstractItemView, f"{role}_power_list")
    assert grid.currentIndex().data(Qt.ItemDataRole.UserRole) == name
    tick(user, grid, grid.currentIndex().row())


def add_item(user, editor, role, name):
    table = W(editor, QAbstractItemView, f"{role}_item_list")
    user.click_row(table, row_of(table, name), double=True)  # a double-click carries one (more)


def build_officer(user, editor, role, name, species, bg_key, choices, powers, items):
    goto(user, editor, "Captain" if role == "captain" else "First Mate")
    user.replace_text(W(editor, QLineEdit, f"{role}_name"), name)
    if species != "Human":
        user.replace_text(W(editor, QLineEdit, f"{role}_species"), species)
    user.choose(W(editor, ChoiceButtons, f"{role}_background"), bg_key)
    for c in choices:
        user.click(W(editor, QCheckBox, f"{role}_choice_{c}"))
    for p in powers:
        add_power(user, editor, role, p)
    for it in items:
        add_item(user, editor, role, it)


def test_SG_CREW_13_build_the_design_example_by_clicking_and_typing(win, user, tmp_path, monkeypatch, qtbot):
    user.click(win.start.new_buttons["stargrave-crew"])
    editor = win.current_editor()
    s = editor.session
    s.stack.indexChanged.connect(lambda _i: None)

    # Crew name: typing in one field is one undo step.
    before = s.stack.count()
    user.replace_text(W(editor, QLineEdit, "crewName"), "Ashen Comet")
    assert s.stack.count() == before + 1
    assert s.data["name"] == "Ashen Comet"
    assert win.windowTitle().startswith("Ashen Comet") and win.isWindowModified()

    # Captain: the background issue is on its buttons until a background is chosen.
    assert ("/captain/background", "SG-BG-01") in rules(s)
    goto(user, editor, "Captain")  # its form is built when the page is first shown
    combo = W(editor, ChoiceButtons, "captain_background")
    assert combo.property("issue") == "error" and "Choose a background" in combo.toolTip()
    build_officer(user, editor, "captain", "Mara Vex", "Human", "V", [], [], [])
    assert s.data["captain"]["background"] == "Veteran"
    assert ("/captain/background", "SG-BG-01") not in rules(s)
    assert combo.property("issue") == ""
    # ... and the "+1 to 1 of" issue appears, then goes when Shoot is ticked.
    assert ("/captain/choices", "SG-BG-04") in rules(s)
    user.click(W(editor, QCheckBox, "captain_choice_shoot"))
    assert ("/captain/choices", "SG-BG-04") not in rules(s)
    for p in ["Command", "Coordinated Fire", "Energy Shield", "Fortune", "Healing"]:
        add_power(user, editor, "captain", p)
    chosen = W(editor, QAbstractItemView, "captain_chosen_powers")
    assert chosen.model().rowCount() == 5
    assert cell(chosen, 4, 1) == "12"  # Healing is not basic for a Veteran: 10 + 2
    for r in (0, 1):
        user.click(W(editor, QCheckBox, f"captain_reduce_{r}"))
    assert cell(chosen, 0, 1) == "9"
    for it in ["Carbine", "Heavy Armour", "Pistol", "Knife", "Medkit"]:
        add_item(user, editor, "captain", it)
    assert W(editor, QWidget_, "captain_slot_meter").bar.format() == "5 of 6 slots"

    # An item too many: the issue appears on the carried list, the row says why; undo takes it away.
    add_item(user, editor, "captain", "Machine Gun")
    assert ("/captain/items", "SG-EQ-02") in rules(s)
    carried = W(editor, QAbstractItemView, "captain_item_list")  # carried items are ticked in the list
    assert cell(carried, row_of(carried, "Machine Gun"), 2) == "does not fit: 8 of 6 slots would be used"
    assert carried.property("issue") == "error"
    user.key(carried, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ("/captain/items", "SG-EQ-02") not in rules(s)
    assert s.data["captain"]["items"] == DESIGN_EXAMPLE["captain"]["items"]
    assert carried.property("issue") == ""

    build_officer(user, editor, "first_mate", "Orrin Tal", "Cyborg", "C", ["move", "fight"],
                  ["Target Lock", "Energy Shield", "Reflex Move", "Command"],
                  ["Carbine", "Light Armour", "Pistol", "Knife", "Grenades"])

    goto(user, editor, "Soldiers")
    cat = W(editor, QTableView, "soldierCatalogue")
    user.click_row(cat, row_of(cat, "Trooper"))
    user.click(W(editor, QPushButton, "hireSoldier"))
    user.click_row(cat, row_of(cat, "Recruit"), double=True)  # double-click hires too
    assert [x["type"] for x in s.data["soldiers"]] == ["Trooper", "Recruit"]
    user.replace_text(W(editor, QLineEdit, "soldier_name_0"), "Jax")
    user.click(W(editor, QCheckBox, "soldier_robot_1"))

    assert s.data == DESIGN_EXAMPLE
    assert [i for i in s.issues if i.is_error] == []
    assert W(editor, QWidget_, "soldierCredits").bar.format() == "50 of 400 Cr spent"

    # Undo everything, step by step, back to the new crew; then redo it all.
    snapshots = []
    while s.stack.canUndo():
        snapshots.append(json.dumps(s.data))
        user.key(editor.nav, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert s.data["name"] == "New Crew" and s.data["soldiers"] == [] and s.data["captain"]["background"] == ""
    assert not win.isWindowModified()
    redo_keys = [(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
                 (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)]
    i = 0
    while s.stack.canRedo():
        key, mod = redo_keys[i % 2]
        user.key(editor.nav, key, mod)
        i += 1
        assert json.dumps(s.data) == snapshots[-i]
    assert s.data == DESIGN_EXAMPLE
    assert W(editor, QLineEdit, "soldier_name_0").text() == "Jax"  # widgets followed the redo

    # Save (Ctrl+S on a new document asks where), reopen, compare byte for byte.
    target = tmp_path / "ashen-comet.starwright"
    monkeypatch.setattr(prompts, "choose_save_path", lambda parent, suggestion: str(target))
    user.key(editor.nav, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    saved = target.read_bytes()
    assert json.loads(saved) == DESIGN_EXAMPLE
    assert not win.isWindowModified() and "ashen-comet.starwright" in win.windowTitle()
    win.close_editor(editor)
    reopened = win.open_path(str(target))
    assert reopened.session.data == DESIGN_EXAMPLE
    again = tmp_path / "again.starwright"
    reopened.session.save(str(again))
    assert again.read_bytes() == saved
    assert storage.dumps(reopened.session.data).encode() == saved


from PySide6.QtWidgets import QWidget as QWidget_  # (Meters are plain QWidgets)


def test_quick_path_builds_a_legal_crew_in_at_most_20_interactions(win, user):
    """A new user: New crew, name it, Fill the rest, name the Captain. Every click and key is counted."""
    user.click(win.start.new_buttons["stargrave-crew"])
    editor = win.current_editor()
    user.replace_text(W(editor, QLineEdit, "crewName"), "Nova")
    user.click(W(editor, QPushButton, "fillTheRest"))
    goto(user, editor, "Captain")
    user.replace_text(W(editor, QLineEdit, "captain_name"), "Vex")
    s = editor.session
    assert [i for i in s.issues if i.is_error] == []
    assert s.data["name"] == "Nova" and s.data["captain"]["name"] == "Vex"
    assert len(s.data["soldiers"]) == 8
    assert user.count <= 20, user.count
    # The whole fill is one undo step.
    assert s.stack.undoText() == "Captain › Name: “Captain” → “Vex”"   # the whole typing run, named
    s.stack.undo()
    s.stack.undo()
    assert s.data["soldiers"] == [] and s.data["captain"]["background"] == ""


def test_quick_start_on_the_start_page_is_one_click(win, user):
    user.click(win.start.quick)
    editor = win.current_editor()
    assert user.count == 1
    assert [i for i in editor.session.issues if i.is_error] == []
    assert "Legal" in editor.issues.title.text()
    # said once: the status bar does not repeat it
    assert not any("Legal" in w.text() for w in win.statusBar().findChildren(QLabel))
