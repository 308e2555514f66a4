"""The Play view of each kind, driven with the mouse and keyboard: View > Play (F5), large − / + per track
with the limits the model sets, each step one undo, New game, and a game in progress kept by crash recovery."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from gui import settings as st
from tests.conftest import EXAMPLES, ROOT

KINDS = {
    "stargrave-crew": "ashen-comet-campaign",
    "starfrontiers-character": "kara-venn-human",
    "knighthawks-ship": "z-gata-frigate",
    "starchasers-ship": "kestrel-light-freighter",
    "starchasers-character": "dash-korrin-ace",
}


def open_copy(win, tmp_path, stem):
    path = tmp_path / f"{stem}.starwright"
    path.write_bytes((EXAMPLES / f"{stem}.starwright").read_bytes())
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def enter_play(win, user, editor):
    user.key(editor.nav, Qt.Key.Key_F5)
    assert editor.in_play and editor.play_page.isVisible() and not editor.nav.isVisible()
    assert win.a_play.isChecked()
    return editor.play_page


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_has_a_play_view_whose_steps_are_limited_and_undo_one_by_one(win, user, tmp_path, kind):
    editor = open_copy(win, tmp_path, KINDS[kind])
    s = editor.session
    page = enter_play(win, user, editor)
    groups = s.result.play
    assert groups and set(page.rows) == {t.pointer for g in groups for t in g.tracks}
    limited = next(t for g in groups for t in g.tracks if t.maximum is not None and t.maximum >= 7)
    row = page.rows[limited.pointer]
    assert row.value.text() == f"{limited.maximum} / {limited.maximum}" and not row.plus.isEnabled()
    steps = s.stack.index()
    user.click(row.minus)
    user.click(row.minus)
    assert row.value.text() == f"{limited.maximum - 2} / {limited.maximum}"
    assert s.stack.index() == steps + 2
    row.setFocus()
    user.key(row, Qt.Key.Key_Plus)                          # the keyboard steps the focused track
    assert row.value.text() == f"{limited.maximum - 1} / {limited.maximum}"
    user.key(row, Qt.Key.Key_PageDown)                       # by five, as far as the limit
    shown = max(limited.maximum - 6, 0)
    assert row.value.text() == f"{shown} / {limited.maximum}"
    for _ in range(limited.maximum + 2):
        if row.minus.isEnabled():
            user.click(row.minus)
    if limited.below:      # the rule reads "0 or less": on under 0, as information (DECISIONS.md)
        assert row.value.text() == "-8 / " + str(limited.maximum) and row.minus.isEnabled()
        assert all(i.severity == "info" for i in s.issues if i.pointer.startswith("/play"))
    else:
        assert row.value.text() == f"0 / {limited.maximum}" and not row.minus.isEnabled()   # never below 0
        assert not [i for i in s.issues if i.pointer.startswith("/play")]
    while s.stack.index() > steps:
        user.key(row, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert row.value.text() == f"{limited.maximum} / {limited.maximum}" and "play" not in s.data
    user.key(row, Qt.Key.Key_F5)
    assert not editor.in_play and editor.nav.isVisible() and not win.a_play.isChecked()


def test_new_game_asks_then_clears_the_play_section_in_one_undo(win, user, answer, tmp_path):
    editor = open_copy(win, tmp_path, KINDS["knighthawks-ship"])
    page = enter_play(win, user, editor)
    assert not page.new_game.isEnabled()                      # nothing to clear yet
    torpedo = page.rows["/play/spent/T"]
    user.click(torpedo.minus)
    assert editor.session.data["play"] == {"spent": {"T": 1}}
    seen = []
    answer(QMessageBox.StandardButton.Reset, seen)
    user.click(page.new_game)
    assert seen and "play" not in editor.session.data and torpedo.value.text().startswith("2 /")
    editor.session.stack.undo()
    assert editor.session.data["play"] == {"spent": {"T": 1}}


def test_SC_SHIP_19_a_starchasers_ships_new_game_raises_its_shields_and_keeps_its_damage(win, user, answer,
                                                                                         tmp_path):
    editor = open_copy(win, tmp_path, KINDS["starchasers-ship"])
    page = enter_play(win, user, editor)
    user.click(page.rows["/play/hull_damage"].minus)
    user.click(page.rows["/play/shields_down"].minus)
    user.click(page.rows["/play/stress_taken"].plus)
    answer(QMessageBox.StandardButton.Reset)
    user.click(page.new_game)
    assert editor.session.data["play"] == {"hull_damage": 1}      # shields back up, the hull still damaged
    shields = page.rows["/play/shields_down"]
    assert shields.value.text().startswith(f"{editor.session.data['shield_rating']} /")
    assert "carried over" in page.new_game.toolTip() and "SC-SHIP-19" in page.new_game.toolTip()


def test_SG_PLAY_13_a_power_button_takes_its_fatigue_and_is_refused_when_fatigue_reaches_health(win, user,
                                                                                                 tmp_path):
    editor = open_copy(win, tmp_path, KINDS["stargrave-crew"])
    page = enter_play(win, user, editor)
    fm = next(g for g in editor.session.result.play if g.key == "first_mate")
    power = next(p for p in fm.powers if p.fatigue > 0)
    button = page.powers[power.pointer]
    health = page.rows[fm.tracks[0].pointer]
    user.click(button)
    assert health.value.text().startswith(f"{fm.tracks[0].maximum - power.fatigue} /")
    assert "×1" in button.text()
    while health.minus.isEnabled() and button.isEnabled():
        user.click(health.minus)
    assert not button.isEnabled() and "SG-PLAY-13" in button.toolTip()
    for _ in range(fm.tracks[0].maximum):
        if not health.value.text().startswith("0 /"):
            user.click(health.minus)
    status = page.status["first_mate"]
    assert status.isVisible() and status.text().startswith("Out of action")


def test_the_play_view_follows_edits_made_on_the_pages(win, user, tmp_path):
    editor = open_copy(win, tmp_path, KINDS["starchasers-character"])
    page = enter_play(win, user, editor)
    hp = page.rows["/play/hp_lost"]
    from model import edits
    editor.session.apply(edits.Set("/hit_points", 12))
    assert hp.value.text() == "12 / 12"


CHILD = """
import sys
from gui.app import create
app, win = create([])
editor = win.open_path(sys.argv[1])
win.toggle_play()
row = editor.play_page.rows["/play/hull_damage"]
for _ in range(3):
    row.minus.click()
print("edited", flush=True)
app.exec()
"""


def _recovery_files() -> list[Path]:
    from gui.recovery import folder
    return sorted(Path(folder()).glob("*.recovery"))


def test_a_game_in_progress_survives_a_crash(win, qtbot, answer, tmp_path):
    s = st.settings()
    s.setValue("recovery/seconds", 0.2)
    s.sync()
    doc = tmp_path / "frigate.starwright"
    doc.write_bytes((EXAMPLES / "z-gata-frigate.starwright").read_bytes())
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(doc)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout.readline().strip() == "edited"
        deadline = time.monotonic() + 30
        while not _recovery_files() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    assert "play" not in json.loads(doc.read_text())                 # never saved
    answer(lambda dialog: dialog.restore_button.click())
    (editor,) = win.offer_recovery()
    assert editor.session.data["play"] == {"hull_damage": 3}
    win.toggle_play()
    hp = editor.session.result.derived["hull_points"]
    assert editor.play_page.rows["/play/hull_damage"].value.text() == f"{hp - 3} / {hp}"
    assert QApplication.instance() is not None and isinstance(editor.play_page.new_game, QPushButton)


def test_file_export_pdf_writes_the_play_tracker_cards(win, tmp_path, monkeypatch):
    from gui.dialogs import prompts
    from tests.gui.test_cards_gui import _answer_dialog, pdf_text
    editor = open_copy(win, tmp_path, KINDS["starchasers-ship"])
    out = tmp_path / "tracker.pdf"
    suggested = []
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: suggested.append(s) or str(out))
    seen: list = []
    _answer_dialog("tracker", "A4", seen)
    win.a_export.trigger()
    assert seen and suggested[0].endswith("-tracker.pdf")
    text = pdf_text(out)
    ship = editor.session.data
    assert f"HULL POINTS {ship['hull_points']}" in text and f"SHIELDS {ship['shield_rating']}" in text
    assert "SC-SHIP-19" in text
