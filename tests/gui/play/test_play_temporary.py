"""SG-CREW-08 through the real widgets: a temporary member added in the Play view (a soldier type, or a named figure
with a profile) gets its own card and Health track, counts against no limit of a full crew, is listed in the
walk-through that End game opens, and is gone from the crew once the game is recorded; the walk-through's game step
adds and removes temporary members too."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QListWidget, QPushButton, QRadioButton, QSpinBox

from model.paths import resources_dir
from tests.gui.pages.stargrave.test_record_game import W, pick, walkthrough

FULL = resources_dir() / "examples" / "ashen-comet-campaign.starwright"     # eight soldiers: the roster is full


def open_full(win, tmp_path):
    path = tmp_path / "full.starwright"
    path.write_bytes(FULL.read_bytes())
    editor = win.open_path(str(path))
    assert editor is not None
    return editor


def add_in_play(user, answer, page, fill):
    """Click Add a temporary member…, fill the dialog with `fill(dialog)`, and add."""
    def answer_it(dlg):
        fill(dlg)
        user.click(W(dlg, QPushButton, "tempAdd"))
    answer(answer_it)
    user.click(page.add_temporary)


def test_SG_CREW_08_temporary_members_in_the_play_view_never_count_and_leave_after_the_game(
        win, user, answer, tmp_path, qtbot):
    editor = open_full(win, tmp_path)
    s = editor.session
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    limits = lambda: [i for i in s.issues if i.rule in ("SG-CREW-05", "SG-CREW-06") and i.is_error]
    assert len(s.result.derived["soldiers"]) == 8 and not limits()

    def sniper(dlg):
        pick(user, W(dlg, object, "tempType"), "Sniper")
        user.type(W(dlg, QLineEdit, "tempName"), "Hired Gun")

    def hound(dlg):
        user.click(W(dlg, QRadioButton, "tempAsFigure"))
        user.type(W(dlg, QLineEdit, "tempName"), "Sand Hound")
        health = W(dlg, QSpinBox, "temp_health")
        user.click(health)
        health.selectAll()
        user.type(health, "9")

    add_in_play(user, answer, page, sniper)
    add_in_play(user, answer, page, hound)
    assert [m.get("name") for m in s.data["play"]["temporary"]] == ["Hired Gun", "Sand Hound"]
    assert W(page, object, "playCard_temp1").findChild(QPushButton, "playRemove_temp1") is not None
    row = page.rows["/play/figures/temp2/health_lost"]
    qtbot.waitUntil(row.minus.isVisible, timeout=3000)             # the new card is shown
    page.ensureWidgetVisible(row)
    assert row.value.text() == "9 / 9"
    user.click(row.minus)
    assert row.value.text() == "8 / 9" and s.data["play"]["figures"]["temp2"]["health_lost"] == 1
    assert len(s.result.derived["soldiers"]) == 8 and not limits()      # never counted against the roster
    user.click(page.end_game)
    dlg = editor.state.record_dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=3000)
    listed = W(dlg, QListWidget, "recTempList")
    assert [listed.item(i).text() for i in range(listed.count())] == ["Hired Gun (Sniper)",
                                                                      "Sand Hound: M6 F+0 S+0 A10 W+0 H9"]
    user.click(dlg.finish)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=3000)
    game = s.data["campaign"]["games"][-1]
    assert game["temporary"][0] == {"type": "Sniper", "name": "Hired Gun"}
    assert "play" not in s.data                                          # the game is over: they are gone
    names = [x.get("name") for x in s.result.derived["soldiers"]]
    assert len(names) == 8 and "Hired Gun" not in names and "Sand Hound" not in names
    assert not limits() and not [i for i in s.issues if i.rule == "SG-CREW-08"]
    assert not [k for k in page.rows if "temp" in k]


def test_SG_CREW_08_the_play_view_removes_a_temporary_member_in_one_undo_step(win, user, answer, tmp_path, qtbot):
    editor = open_full(win, tmp_path)
    s = editor.session
    user.key(editor.nav, Qt.Key.Key_F5)
    page = editor.play_page
    add_in_play(user, answer, page, lambda dlg: pick(user, W(dlg, object, "tempType"), "Recruit"))
    assert "/play/figures/temp1/health_lost" in page.rows
    remove = W(page, QPushButton, "playRemove_temp1")
    qtbot.waitUntil(remove.isVisible, timeout=3000)
    page.ensureWidgetVisible(remove)
    user.click(remove)
    assert s.data["play"]["temporary"] == [] and "/play/figures/temp1/health_lost" not in page.rows
    s.stack.undo()
    assert [m["type"] for m in s.data["play"]["temporary"]] == ["Recruit"]


def test_SG_CREW_08_the_walkthrough_records_a_temporary_member_typed_in_after_the_game(win, user, tmp_path):
    editor = open_full(win, tmp_path)
    s = editor.session
    dlg = walkthrough(user, editor)
    pick(user, W(dlg, object, "recTempType"), "Runner")
    user.click(W(dlg, QPushButton, "recTempAdd"))
    radio = W(dlg, QRadioButton, "recTempAsFigure")
    user.click(radio, QPoint(8, radio.height() // 2))                  # on its round button
    user.click(W(dlg, QPushButton, "recTempAdd"))                       # no name: refused, with the reason
    assert "Give the figure a name" in W(dlg, object, "recTempNote").text()
    assert dlg.draft.record["temporary"] == [{"type": "Runner"}]
    user.type(W(dlg, QLineEdit, "recTempName"), "Drone")
    user.click(W(dlg, QPushButton, "recTempAdd"))
    lst = W(dlg, QListWidget, "recTempList")
    assert lst.count() == 2
    user.click_row(lst, 0)
    user.click(W(dlg, QPushButton, "recTempRemove"))
    assert [m.get("name") for m in dlg.draft.record["temporary"]] == ["Drone"]
    user.click(dlg.finish)
    game = s.data["campaign"]["games"][-1]
    assert game["temporary"][0]["name"] == "Drone" and "profile" in game["temporary"][0]
    assert s.result.derived["campaign"]["history"][-1]["temporary"] == ["Drone"]
    assert len(s.result.derived["soldiers"]) == 8


def test_SG_CREW_08_a_temporary_member_that_cannot_play_is_said_in_the_play_view(win, user, tmp_path):
    import json
    data = json.loads(FULL.read_text())
    data["play"] = {"temporary": [{"id": "temp1", "type": "Dragon"}]}
    path = tmp_path / "bad.starwright"
    path.write_text(json.dumps(data))
    editor = win.open_path(str(path))
    user.key(editor.nav, Qt.Key.Key_F5)
    problems = W(editor.play_page, object, "playIssues")
    assert '"Dragon" is not a soldier type' in problems.text() and "[SG-CREW-08]" in problems.text()
