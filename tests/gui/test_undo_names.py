"""Issue 39.6: every Undo/Redo entry of the Edit menu names the operation and the figure or ship in the player's
words ("Undo Jax: Health 14 → 13", "Undo Captain: learn Teleport", "Undo Record game “Game 4”"). One edit of each
kind on every example kind, made through the real widgets; the menu's words read back after each."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QPushButton, QSpinBox, QTableView

from model.labels import describe_pointer
from tests.gui.pages.stargrave.test_build_crew import W, goto, row_of, tick
from tests.gui.play.test_play_view import KINDS, enter_play, open_copy

KEY = Qt.ItemDataRole.UserRole


def undo_words(win) -> str:
    """What the Edit menu's Undo entry says, after "Undo ", checked for the faults the issue saw."""
    text = win.a_undo.text()
    assert text.startswith("&Undo "), text
    words = text.removeprefix("&Undo ")
    assert not words.endswith("-"), words                      # "Undo Add -"
    assert not re.search(r"(?<!→)\s-?\d+$", words), words         # "Undo Remove 0": a number with no "→" before it
    assert words[:1].isupper(), words
    return words


def redo_words(win) -> str:
    return win.a_redo.text().removeprefix("&Redo ")


def name_field(editor) -> QLineEdit:
    """The line edit the document's name is typed into (on the first page)."""
    found = [b.widget for b in editor.binder.bindings if b.pointer == "/name" and isinstance(b.widget, QLineEdit)]
    assert found, "no name field"
    return found[0]


@pytest.mark.parametrize("kind", list(KINDS))
def test_typing_a_name_and_a_play_step_are_named_with_the_place_the_values_and_the_figure(win, user, tmp_path,
                                                                                           kind):
    editor = open_copy(win, tmp_path, KINDS[kind])
    s = editor.session
    old = s.data["name"]
    user.replace_text(name_field(editor), "Nova Prime")
    place = describe_pointer(s.data, "/name", s.pack)
    # the typing run is one entry, from the name before it to the name now; names are never lowered
    assert undo_words(win) == f"{place}: “{old}” → “Nova Prime”"
    page = enter_play(win, user, editor)
    group = next(g for g in s.result.play if any(t.can_step(-1) for t in g.tracks))
    track = next(t for t in group.tracks if t.can_step(-1))
    user.click(page.rows[track.pointer].minus)
    words = f"{group.title}: {track.label} {track.shown} → {track.shown - 1}"
    assert undo_words(win) == words
    if kind != "stargrave-crew":
        assert group.title == "Nova Prime"           # a ship or character: its own name, as typed
    s.stack.undo()
    assert redo_words(win) == words


def test_stargrave_powers_items_soldiers_a_used_power_and_a_recorded_game_are_named(win, user, tmp_path):
    editor = open_copy(win, tmp_path, "ashen-comet-veteran")          # no game yet: the founding crew is open
    s = editor.session
    goto(user, editor, "Captain")
    grid = W(editor, QAbstractItemView, "captain_power_list")
    name = s.data["captain"]["powers"][-1]["name"]
    row = next(r for r in range(grid.model().rowCount()) if grid.model().index(r, 0).data(KEY) == name)
    grid.scrollTo(grid.model().index(row, 0))
    tick(user, grid, row)
    assert undo_words(win) == f"Captain: forget {name}"          # was "Undo Remove 4"
    tick(user, grid, row)
    assert undo_words(win) == f"Captain: learn {name}"            # was "Undo Add -"
    s.stack.undo()
    assert redo_words(win) == f"Captain: learn {name}"

    items = W(editor, QAbstractItemView, "captain_item_list")
    item = items.model().index(0, 0).data(KEY)
    user.click_row(items, row_of(items, item), double=True)
    assert undo_words(win) == f"Captain: add {item}"
    tick(user, items, row_of(items, item))                           # unticked: the one carried goes
    assert undo_words(win) == f"Captain: remove {item}"

    goto(user, editor, "Soldiers")
    roster = W(editor, QAbstractItemView, "soldierRoster")
    user.click_row(roster, 1)
    second = s.data["soldiers"][1]
    user.click(W(editor, QPushButton, "removeSoldier"))
    assert undo_words(win) == f"Remove {second.get('name') or second['type']} from Soldiers"    # was "Remove 1"
    user.click(W(editor, QPushButton, "soldierDown"))
    assert undo_words(win).startswith(f"Move {s.data['soldiers'][2].get('name') or s.data['soldiers'][2]['type']}")

    editor = open_copy(win, tmp_path, KINDS["stargrave-crew"])         # a campaign: a game to play and record
    s = editor.session
    page = enter_play(win, user, editor)
    group = next(g for g in s.result.play if g.powers and any(p.usable for p in g.powers))
    power = next(p for p in group.powers if p.usable)
    user.click(page.powers[power.pointer])
    assert undo_words(win) == f"{group.title}: used {power.name}"
    user.click(page.end_game)
    dlg = editor.state.record_dialog
    user.qtbot.waitUntil(lambda: dlg.isVisible(), timeout=3000)
    title = dlg.draft.record["title"]
    assert re.fullmatch(r"Game \d+", title), title
    user.click(dlg.finish)
    assert not dlg.isVisible()
    assert undo_words(win) == f"Record game “{title}”"                 # was "Record game “game 4”"


def test_star_frontiers_buying_and_selling_name_the_character_and_the_item(win, user, tmp_path):
    editor = open_copy(win, tmp_path, KINDS["starfrontiers-character"])
    s = editor.session
    who = s.data["name"]
    goto(user, editor, "Equipment")
    shop = W(editor, QTableView, "sf_shop")
    user.click_row(shop, row_of(shop, "Tangler Grenade"), double=True)
    assert undo_words(win) == f"{who}: buy Tangler Grenade"
    owned = W(editor, QTableView, "sf_owned")
    user.click_row(owned, owned.model().rowCount() - 1)
    user.click(W(editor, QPushButton, "sf_sell"))
    assert undo_words(win) == f"{who}: sell one Tangler Grenade"


def test_ships_and_starchasers_characters_name_the_ship_or_character_with_what_changed(win, user, tmp_path):
    kh = open_copy(win, tmp_path, KINDS["knighthawks-ship"])
    ship = kh.session.data["name"]
    spin = W(kh, QSpinBox, "count_T")
    before = spin.value()
    user.click(spin)
    user.key(spin, Qt.Key.Key_Up)                                     # Up: one torpedo more
    assert undo_words(win) == f"{ship}: Weapons › Torpedo (T): {before} → {before + 1}"

    sc = open_copy(win, tmp_path, KINDS["starchasers-ship"])
    ship = sc.session.data["name"]
    goto(user, sc, "Weapons")
    user.click(W(sc, QPushButton, "addWeapon"))
    assert undo_words(win) == f"{ship}: add New weapon to Weapons"

    ch = open_copy(win, tmp_path, KINDS["starchasers-character"])
    who = ch.session.data["name"]
    user.click(W(ch, QPushButton, "addClass"))
    added = ch.session.data["classes"][-1]["name"]
    assert undo_words(win) == f"{who}: add {added} to Classes"
