"""Picking a Starchasers ship's weapons and equipment from what the player defined elsewhere (GAP-SC-10/11/12:
the rules list none): another ship open in the window, or a catalogue file; typing them stays as it was.
Driven through the main window's real widgets (pytest-qt, offscreen)."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton

from model import edits
from tests.conftest import EXAMPLES
from tests.gui.pages.stargrave.test_build_crew import W, goto

KESTREL = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())


def offered(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def open_list(user, combo: QComboBox) -> None:
    """Click the box open (its list is made then, from what is open now) and close it again."""
    user.click(combo)
    popup = QApplication.activePopupWidget()
    if popup is not None:
        popup.close()


def choose(user, combo: QComboBox, starts: str) -> None:
    """Choose an entry with the keyboard (the box closed): Home, then Down until it shows."""
    combo.setFocus()
    user.key(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText().startswith(starts):
            return
        user.key(combo, Qt.Key.Key_Down)
    assert combo.currentText().startswith(starts), offered(combo)


def test_GAP_SC_10_a_weapon_of_another_open_ship_or_a_catalogue_file_is_picked_for_this_one(
        win, user, qtbot, monkeypatch, tmp_path):
    from gui.dialogs import prompts
    from model.systems.starchasers import catalog
    kestrel = win.open_path(str(EXAMPLES / "kestrel-light-freighter.starwright"))
    ship = win.new_document("starchasers-ship")
    goto(user, ship, "Weapons")
    combo, add = W(ship, QComboBox, "catalogEntries"), W(ship, QPushButton, "useCatalogEntry")
    open_list(user, combo)
    assert offered(combo) == ["Twin Laser (weapon, 2 hard points; only 0 free) · ship “Kestrel”",
                              "Extra Shield Emitter (equipment, 1 hard points; only 0 free) · ship “Kestrel”"]
    assert "needs 2 hard points; 0 free" in combo.itemData(0, Qt.ItemDataRole.ToolTipRole)
    choose(user, combo, "Extra")
    user.click(add)
    assert ship.session.data["equipment"] == KESTREL["equipment"]
    assert ship.session.data["equipment"][0] is not kestrel.session.data["equipment"][0]   # a copy

    # the other ship changes: the list follows when it is next opened
    kestrel.session.apply(edits.Set("/weapons/0/name", "Twin Laser Mk II"))
    open_list(user, combo)
    assert offered(combo)[0].startswith("Twin Laser Mk II (weapon")

    # a catalogue file imported: its entries are offered too, first, and one is added the same way
    kit = catalog.new_catalog("Hangar kit")
    kit, _ = catalog.add_weapon(kit, {**KESTREL["weapons"][0], "name": "Ion Cannon", "hard_points": 3})
    path = tmp_path / "kit.json"
    catalog.export_catalog(path, kit)
    monkeypatch.setattr(prompts, "open_file", lambda *_a: str(path))
    user.click(W(ship, QPushButton, "importCatalog"))
    assert offered(combo)[0] == "Ion Cannon (weapon, 3 hard points; only 0 free) · catalogue “Hangar kit”"
    assert len(offered(combo)) == 3
    # the ship out of sight gives its pages back; made again, its Weapons page still has the catalogue
    win.tabs.setCurrentWidget(kestrel)
    assert ship.release_forms() and ship.findChild(QComboBox, "catalogEntries") is None
    win.tabs.setCurrentWidget(ship)
    qtbot.waitUntil(lambda: ship.findChild(QComboBox, "catalogEntries") is not None)
    combo, add = W(ship, QComboBox, "catalogEntries"), W(ship, QPushButton, "useCatalogEntry")
    assert offered(combo)[0] == "Ion Cannon (weapon, 3 hard points; only 0 free) · catalogue “Hangar kit”"
    choose(user, combo, "Ion")
    user.click(add)
    assert [w["name"] for w in ship.session.data["weapons"]] == ["Ion Cannon"]
    assert ship.session.data["weapons"][0]["hard_points"] == 3

    # the other ship closed: its entries go from the list; undo takes back one pick at a time
    win.close_editor(kestrel, ask=False)
    open_list(user, combo)
    assert offered(combo) == ["Ion Cannon (weapon, 3 hard points; only 0 free) · catalogue “Hangar kit”"]
    ship.session.stack.undo()
    assert ship.session.data["weapons"] == [] and ship.session.data["equipment"] == KESTREL["equipment"]


def test_GAP_SC_10_nothing_defined_elsewhere_leaves_the_pick_list_empty_and_its_button_off(win, user):
    ship = win.new_document("starchasers-ship")
    win.new_document("starfrontiers-character")            # not a ship: it defines no ship weapons
    win.tabs.setCurrentWidget(ship)
    goto(user, ship, "Weapons")
    combo = W(ship, QComboBox, "catalogEntries")
    open_list(user, combo)
    assert combo.count() == 0 and not W(ship, QPushButton, "useCatalogEntry").isEnabled()
    assert "import a catalogue or open another ship" in combo.placeholderText()
