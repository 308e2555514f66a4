"""The Play view's limits, clicked: tracks under 0 where the rule reads "0 or less", the loot a figure drops when
taken out of action, a destroyed Starchasers ship (no repair), and no step that writes the file past its format."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFrame, QLabel, QPushButton

from model import edits
from tests.conftest import EXAMPLES


def open_with_play(win, tmp_path, stem: str, play: dict | None):
    data = json.loads((EXAMPLES / f"{stem}.starwright").read_text(encoding="utf-8"))
    if play is not None:
        data["play"] = play
    path = tmp_path / f"{stem}.starwright"
    path.write_text(json.dumps(data), encoding="utf-8")
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def test_SG_CAMP_02_SG_LOOT_09_health_goes_under_0_and_the_figure_drops_its_loot(win, user, tmp_path):
    editor = open_with_play(win, tmp_path, "ashen-comet-campaign", {"figures": {"s1": {"health_lost": 12}}})
    s = editor.session
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    health, loot = page.rows["/play/figures/s1/health_lost"], page.rows["/play/figures/s1/loot"]
    user.click(loot.plus)                                   # Jax picks up a marker
    assert loot.value.text() == "1 / 1"
    user.click(health.minus)
    steps = s.stack.index()
    user.click(health.minus)                                # taken out of action: the marker stays where he fell
    assert health.value.text() == "0 / 14" and loot.value.text() == "0 / 0" and not loot.plus.isEnabled()
    assert s.data["play"]["figures"]["s1"]["loot"] == 0 and s.stack.index() == steps + 1
    assert page.status["s1"].isVisible() and page.status["s1"].text().startswith("Out of action")
    user.click(health.minus)                                # "0 or less": on under 0
    assert health.value.text() == "-1 / 14" and health.minus.isEnabled()
    assert not page.problems.isVisible() and not s.result.has_errors
    s.stack.undo()
    s.stack.undo()                                          # one undo gives Health and the marker back
    assert health.value.text() == "1 / 14" and loot.value.text() == "1 / 1"


def test_SF_PLAY_19_the_play_view_shows_the_hospital_price_of_the_stamina_lost_under_0_too(win, user, tmp_path):
    editor = open_with_play(win, tmp_path, "kara-venn-human", None)
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    sta = page.rows["/play/stamina_lost"]
    most = editor.session.result.derived["stamina"]
    sta.setFocus()
    for _ in range(most + 3):
        user.key(sta, Qt.Key.Key_Minus)
    assert sta.value.text() == f"-3 / {most}"
    card = page.findChild(type(page.body), "playCard_character")
    words = " ".join(w.text() for w in card.findChildren(QLabel))
    assert f"healing {most + 3} STA costs {most + 3} Cr (SF-PLAY-19)" in words
    assert page.status["character"].text().startswith("Unconscious") and not page.problems.isVisible()


def test_SC_SCMB_13_a_ship_whose_structure_damage_reaches_its_points_is_destroyed_and_cannot_be_repaired(
        win, user, tmp_path):
    editor = open_with_play(win, tmp_path, "kestrel-light-freighter", {"structure_damage": 1})
    s = editor.session
    most = s.data["structure_points"]
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    structure = page.rows["/play/structure_damage"]
    for _ in range(most + 2):
        if structure.minus.isEnabled():
            user.click(structure.minus)
    assert structure.value.text() == f"0 / {most}" and s.data["play"]["structure_damage"] == most
    status = page.status["ship"]
    assert status.isVisible() and status.text().startswith("Destroyed") and "SC-SCMB-13" in status.text()
    assert "cannot be repaired" in status.text()
    user.key(structure, Qt.Key.Key_F5)                      # back to the ship page: its repair form refuses
    quote = editor.findChild(QLabel, "repairQuote")
    make = editor.findChild(QPushButton, "repairMake")
    assert not make.isEnabled() and "destroyed" in quote.text() and "SC-SCMB-13" in quote.text()
    cell = editor.findChild(QFrame, "damage_structure")
    assert cell.value.text() == f"0 of {most}: destroyed" and "SC-SCMB-13" in cell.toolTip()
    s.stack.undo()                                          # one point less: a repair can be quoted again
    assert "SC-SCMB-13" not in quote.text() and cell.value.text() == f"1 of {most}"


def test_a_501st_supply_count_is_refused_with_a_message_and_the_file_stays_in_its_format(win, user, tmp_path):
    """Issue 37: a Knight Hawks ship already holding 500 supply counts."""
    spent = {f"X{n}": 1 for n in range(500)}
    editor = open_with_play(win, tmp_path, "z-gata-frigate", {"spent": spent})
    s = editor.session
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    torpedo = page.rows["/play/spent/T"]
    steps, before = s.stack.index(), json.dumps(s.data["play"])
    user.click(torpedo.minus)
    assert s.stack.index() == steps and json.dumps(s.data["play"]) == before and s.result.schema_valid
    assert page.refused.isVisible() and "500 counts" in page.refused.text() and "{" not in page.refused.text()
    user.click(page.rows["/play/hull_damage"].minus)        # a count already kept steps as before
    assert s.stack.index() == steps + 1 and not page.refused.isVisible()


def test_a_knighthawks_ship_page_of_a_document_past_its_format_shows_no_key_error(win, user, tmp_path):
    """Issue 37: the 501st count, made in memory by an edit that is not the Play view's: the ship page stays whole
    (it failed with KeyError 'type_summary') and the issue says where in plain words, without the object."""
    spent = {f"X{n}": 1 for n in range(500)}
    editor = open_with_play(win, tmp_path, "z-gata-frigate", {"spent": spent})
    s = editor.session
    s.apply(edits.Set("/play/spent/X500", 1))
    assert not s.result.schema_valid and not s.result.offers
    told = [i for i in s.issues if i.pointer == "/play/spent"]
    assert told and told[0].message == "501 entries: must have at most 500" and "X1" not in told[0].message
    ship_type = editor.findChild(QComboBox, "shipType")
    assert ship_type.count() > 1 and ship_type.currentText() == s.data["type"]     # the page is there, whole
    assert editor.findChild(QLabel, "typeLimits").text() == ""
    s.stack.undo()
    assert s.result.schema_valid and editor.findChild(QLabel, "typeLimits").text()
