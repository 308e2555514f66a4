"""Unit tests of the editing core under every page: the session (apply, evaluate, signals, save), the undo
command (one step per edit, typing merged into one step) and the binder (no echo, issue marks, focus)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from gui.binding import Binder
from gui.session import Session
from model import edits, storage
from model.kinds import KINDS

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
CREW = KINDS["stargrave-crew"]


@pytest.fixture
def session(qtbot):
    return Session.open(str(EXAMPLES / "ashen-comet-veteran.starwright"))


def changes(session) -> list:
    seen = []
    session.changed.connect(seen.append)
    return seen


# -- session ------------------------------------------------------------------------------------------
def test_an_edit_is_applied_evaluated_and_told_with_what_it_touched(session):
    seen = changes(session)
    assert not session.dirty
    session.apply(edits.Set("/captain/background", "Rogue"))
    assert session.data["captain"]["background"] == "Rogue"
    assert session.dirty
    (change,) = seen
    assert change.touched == ["/captain/background"]
    assert change.result is session.result
    assert "captain" in change.derived_changed   # the Rogue's profile differs from the Veteran's


def test_an_edit_that_changes_no_issue_says_so(session):
    seen = changes(session)
    session.apply(edits.Set("/notes", "plan: survive"))
    assert seen[-1].issues_changed is False and seen[-1].derived_changed == set()
    session.apply(edits.Set("/soldiers/0/type", "No Such Soldier"))
    assert seen[-1].issues_changed is True


def test_an_empty_batch_is_not_an_undo_step(session):
    session.apply(edits.Batch((), "nothing"))
    assert session.stack.count() == 0 and not session.dirty


def test_undo_and_redo_restore_the_document_and_its_evaluation(session):
    before = session.result.derived
    session.apply(edits.Insert("/captain/items/-", "Grenades"))
    after = session.result.derived
    session.stack.undo()
    assert session.result.derived == before and not session.dirty
    session.stack.redo()
    assert session.result.derived == after and "Grenades" in session.data["captain"]["items"]


def test_save_writes_the_file_and_marks_it_clean(session, tmp_path):
    session.apply(edits.Set("/name", "Saved Crew"))
    target = tmp_path / "saved.starwright"
    session.save(str(target))
    assert not session.dirty and session.path == str(target)
    assert storage.load(str(target)).data["name"] == "Saved Crew"
    assert session.display_name == "saved.starwright"


def test_a_new_document_is_named_untitled_until_it_has_a_name(qtbot):
    s = Session.new(CREW)
    s.apply(edits.Set("/name", ""))
    assert s.display_name == "Untitled Stargrave crew"


# -- undo command -------------------------------------------------------------------------------------
def test_typing_in_one_field_is_one_undo_step(session):
    key = ("/name", session.typing_run)
    for text in ("A", "Ab", "Abc"):
        session.apply(edits.Set("/name", text), merge_key=key)
    assert session.stack.count() == 1
    session.stack.undo()
    assert session.data["name"] == "Ashen Comet"


def test_a_new_typing_run_is_a_new_undo_step(session):
    session.apply(edits.Set("/name", "A"), merge_key=("/name", session.typing_run))
    session.new_typing_run()
    session.apply(edits.Set("/name", "AB"), merge_key=("/name", session.typing_run))
    assert session.stack.count() == 2


def test_typing_back_to_the_start_leaves_nothing_to_undo(session):
    key = ("/name", session.typing_run)
    session.apply(edits.Set("/name", "Ashen Comets"), merge_key=key)
    session.apply(edits.Set("/name", "Ashen Comet"), merge_key=key)
    assert session.stack.count() == 0 and not session.dirty


# -- binder -------------------------------------------------------------------------------------------
def test_a_field_typed_into_is_not_echoed_but_others_follow(session, qtbot):
    binder = Binder(session)
    a, b = QLineEdit(), QLineEdit()
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    binder.line_edit("/name", a, None)
    binder.line_edit("/name", b, None)
    a.setText("Nova  ")          # what the user typed, spaces and all
    a.setCursorPosition(2)
    a.textEdited.emit("Nova  ")
    assert session.data["name"] == "Nova  "
    assert a.cursorPosition() == 2     # not refreshed from its own edit
    assert b.text() == "Nova  "
    session.stack.undo()
    assert a.text() == "Ashen Comet"   # undo comes from no widget: every field follows


def test_a_tick_box_refreshes_even_from_its_own_click(session, qtbot):
    binder = Binder(session)
    box = QCheckBox("Robot")
    qtbot.addWidget(box)
    binder.check("/soldiers/0/robot", box, None)
    assert not box.isChecked()
    box.click()
    assert session.data["soldiers"][0]["robot"] is True and box.isChecked()


def test_a_value_not_in_a_combo_is_shown_as_it_is(session, qtbot):
    binder = Binder(session)
    combo = QComboBox()
    qtbot.addWidget(combo)
    for v in ("Trooper", "Recruit"):
        combo.addItem(v, v)
    binder.combo("/soldiers/0/type", combo, None)
    session.apply(edits.Set("/soldiers/0/type", "Moon Knight"))
    assert combo.currentText() == "Moon Knight (not in the rules)"


def test_an_issue_marks_the_deepest_bound_widget_and_clears_when_fixed(session, qtbot):
    binder = Binder(session)
    roster, field = QWidget(), QComboBox()
    qtbot.addWidget(roster)
    qtbot.addWidget(field)
    binder.custom("/soldiers", roster, None, lambda v: None)
    binder.combo("/soldiers/0/type", field, None)
    session.apply(edits.Set("/soldiers/0/type", "No Such Soldier"))
    assert binder.owner("/soldiers/0/type").widget is field
    assert field.property("issue") == "error" and roster.property("issue") in (None, "")
    assert any(i.message in field.toolTip() for i in session.issues if i.pointer.startswith("/soldiers/0"))
    session.stack.undo()
    assert field.property("issue") == ""


def test_dropped_bindings_follow_nothing(session, qtbot):
    binder = Binder(session)
    w = QLineEdit()
    qtbot.addWidget(w)
    binder.line_edit("/name", w, None)
    binder.drop(lambda b: b.widget is w)
    session.apply(edits.Set("/name", "Gone"))
    assert w.text() == "Ashen Comet"
