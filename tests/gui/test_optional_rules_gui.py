"""The editor's checkable Optional rules list: a click records the document's choice (one undo step), the
check and the pages follow; a pack with no optional rules shows no list."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, Qt
import pytest
from PySide6.QtWidgets import QApplication, QLineEdit, QListWidget, QStyle, QStyleOptionViewItem, QWidget

from tests.conftest import EXAMPLES
from tests.gui.pages.stargrave.test_build_crew import W, goto


def open_heavy(win, tmp_path):
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    doc["equipment"] = [{"name": "Heavy Laser"}] * 3     # 60 kg: more than STR 50 allows
    path = tmp_path / "sf.starwright"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return win.open_path(str(path))


def click_check(user, view: QListWidget, row: int) -> None:
    """A click on the row's check box, where a person clicks to tick it."""
    rect = view.visualItemRect(view.item(row))
    opt = QStyleOptionViewItem()
    opt.initFrom(view)
    opt.rect = rect
    opt.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, view)
    user.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=box.center() if box.isValid()
                          else QPoint(rect.left() + 10, rect.center().y()))
    user.count += 1


def sf_char_18_errors(editor) -> list:
    return [i for i in editor.session.issues if i.rule == "SF-CHAR-18" and i.is_error]


def test_SF_CHAR_18_ticking_encumbrance_in_the_list_plays_it_for_this_character(win, user, tmp_path):
    editor = open_heavy(win, tmp_path)
    view = W(editor, QListWidget, "optionalRulesList")
    assert view.isVisible() and view.count() == 1 and view.item(0).text() == "Encumbrance"
    assert view.item(0).checkState() == Qt.CheckState.Unchecked
    assert "SF-CHAR-18" in view.item(0).toolTip() and "Default in Star Frontiers Basic Game: off" in view.item(0).toolTip()
    assert not sf_char_18_errors(editor)
    goto(user, editor, "Equipment")
    meter = editor.findChild(QWidget, "sf_mass")
    assert "not in play for this character" in meter.words.text()
    click_check(user, view, 0)
    assert editor.session.data["optional_rules"] == {"encumbrance": True}
    assert view.item(0).checkState() == Qt.CheckState.Checked
    assert "this document's choice" in view.item(0).toolTip()
    assert sf_char_18_errors(editor)                      # 60 kg is more than STR 50 allows
    assert "not in play" not in meter.words.text()       # the page now shows the capacity
    editor.session.stack.undo()
    assert "optional_rules" not in editor.session.data
    assert view.item(0).checkState() == Qt.CheckState.Unchecked and not sf_char_18_errors(editor)
    editor.session.stack.redo()
    assert view.item(0).checkState() == Qt.CheckState.Checked and sf_char_18_errors(editor)


def test_a_crew_whose_pack_has_no_optional_rules_shows_no_list(win, tmp_path):
    editor = win.open_path(str(EXAMPLES / "ashen-comet-veteran.starwright"))
    view = W(editor, QListWidget, "optionalRulesList")
    assert view.count() == 0 and not view.isVisible()


def test_an_unknown_optional_rule_issue_focuses_the_list_and_the_play_view_hides_it(win, qtbot, tmp_path):
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    doc["optional_rules"] = {"encumbrance": True, "gravity-boots": True}
    path = tmp_path / "sf.starwright"
    path.write_text(json.dumps(doc), encoding="utf-8")
    editor = win.open_path(str(path))
    view = W(editor, QListWidget, "optionalRulesList")
    issue = next(i for i in editor.session.issues if i.pointer == "/optional_rules/gravity-boots")
    assert issue.rule == "OPTIONAL"
    editor.focus_pointer("/optional_rules/encumbrance")
    assert view.hasFocus() and view.currentRow() == 0
    editor.set_play(True)
    assert editor.in_play and not view.isVisible()
    editor.set_play(False)
    assert view.isVisible()


@pytest.mark.parametrize("example", ["ashen-comet-veteran", "z-gata-frigate", "norel-kho-dralasite"])
def test_an_issue_of_a_field_still_focuses_that_field(win, example):
    # the Play view takes the issues under /play; every other place goes to its bound widget as before
    editor = win.open_path(str(EXAMPLES / f"{example}.starwright"))
    assert editor.focus_pointer("/name") is True
    focused = QApplication.focusWidget()
    assert isinstance(focused, QLineEdit) and focused.text() == editor.session.data["name"]
    assert not editor.in_play
