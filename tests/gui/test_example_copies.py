"""Examples open as untitled copies, from the examples window, File > Open, a recent entry or the command line:
Save asks for a name and nothing under the program's own folders is ever written (issue 39, points 1 and 12)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from gui import settings as st
from gui.dialogs import prompts
from model import edits
from model.paths import examples_dir

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
ASHEN = EXAMPLES / "ashen-comet-veteran.starwright"
ZGATA = EXAMPLES / "z-gata-frigate.starwright"


def _examples_dialog(win, user):
    from gui.dialogs.examples import ExamplesDialog
    user.click(win.start.findChild(QPushButton, "openExample"))
    user.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), ExamplesDialog))
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ExamplesDialog)
    return dialog


def _row_of(dialog, name: str) -> int:
    rows = [dialog.list.topLevelItem(i).text(0) for i in range(dialog.list.topLevelItemCount())]
    return rows.index(name)


def _save_as_asked(monkeypatch, answers: list[str]) -> list[str]:
    """choose_save_path answered from `answers` in turn; returns the suggestions it was asked with."""
    asked: list[str] = []

    def choose(parent, suggestion):
        asked.append(suggestion)
        return answers.pop(0) if answers else ""
    monkeypatch.setattr(prompts, "choose_save_path", choose)
    return asked


def test_the_examples_window_lists_name_kind_and_a_line_and_opens_with_the_mouse(win, user):
    from model.examples import examples
    from model.kinds import KINDS
    dialog = _examples_dialog(win, user)
    listed = [(dialog.list.topLevelItem(i).text(0), dialog.list.topLevelItem(i).text(1),
               dialog.list.topLevelItem(i).text(2)) for i in range(dialog.list.topLevelItemCount())]
    assert [(n, k) for n, k, _ in listed] == [(e["name"], e["title"]) for e in examples()]
    assert {k for _, k, _ in listed} == {k.title for k in KINDS.values()}
    assert all(line.endswith(".") and len(line) > 10 for _, _, line in listed)
    assert ("Stiletto", "Knight Hawks starship", "Assault Scout of the UPF.") in listed
    # It fits the screen (no menu taller than the room below its button) and leaves the start page's button be.
    screen = dialog.screen().availableGeometry()
    assert dialog.width() <= screen.width() and dialog.height() <= screen.height()
    first = dialog.list.topLevelItem(0)
    assert first.text(2) in first.toolTip(2)   # a line cut short for the screen is whole on hover
    # One click on a row, one on Open: the last example, at the bottom of the list, opens.
    user.click_row(dialog.list, _row_of(dialog, "Z'Gata"))
    user.click(dialog.open_button)
    user.qtbot.waitUntil(lambda: win.current_editor() is not None)
    editor = win.current_editor()
    assert editor.session.kind.kind == "knighthawks-ship" and editor.session.data["name"] == "Z'Gata"
    assert editor.session.path is None and editor.session.copy_of == str(ZGATA)


def test_a_double_click_in_the_examples_window_opens_the_example(win, user):
    dialog = _examples_dialog(win, user)
    user.click_row(dialog.list, _row_of(dialog, "Kara Venn"), double=True)
    user.qtbot.waitUntil(lambda: win.current_editor() is not None)
    assert win.current_editor().session.data["name"] == "Kara Venn"
    assert QApplication.activeModalWidget() is None


def test_ctrl_s_on_an_example_asks_for_a_name_and_leaves_the_example_as_it_is(win, user, tmp_path, monkeypatch):
    before = ASHEN.read_bytes()
    files_before = sorted(p.name for p in examples_dir().iterdir())
    dialog = _examples_dialog(win, user)
    user.click_row(dialog.list, _row_of(dialog, "Ashen Comet"))
    user.click(dialog.open_button)
    user.qtbot.waitUntil(lambda: win.current_editor() is not None)
    editor = win.current_editor()
    assert "copy of the example ashen-comet-veteran.starwright" in win.windowTitle()
    assert "(copy)" in win.tabs.tabText(win.tabs.indexOf(editor))
    assert str(ASHEN) not in st.recent_files()           # an example is no recent file of the player's
    editor.session.apply(edits.Set("/notes", "my own notes"))
    target = tmp_path / "my-crew.starwright"
    asked = _save_as_asked(monkeypatch, [str(target)])
    user.key(editor.nav, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 1                                # Save was Save As
    assert not Path(asked[0]).resolve().is_relative_to(examples_dir().resolve())
    assert Path(asked[0]).name == "ashen-comet.starwright"
    assert ASHEN.read_bytes() == before
    assert sorted(p.name for p in examples_dir().iterdir()) == files_before
    assert json.loads(target.read_text())["notes"] == "my own notes"
    assert editor.session.path == str(target) and editor.session.copy_of is None and not editor.session.dirty
    assert "copy" not in win.windowTitle() and "my-crew.starwright" in win.windowTitle()
    # Saved under its new name: Ctrl+S now saves there, asking nothing.
    editor.session.apply(edits.Set("/notes", "more notes"))
    user.key(editor.nav, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 1 and json.loads(target.read_text())["notes"] == "more notes"
    assert ASHEN.read_bytes() == before


def test_file_open_of_an_example_gives_a_copy_and_saving_into_the_examples_folder_is_refused(
        win, user, tmp_path, monkeypatch):
    before = ASHEN.read_bytes()
    files_before = sorted(p.name for p in examples_dir().iterdir())
    monkeypatch.setattr(prompts, "choose_open_paths", lambda parent, folder="": [str(ASHEN)])
    win.a_open.trigger()
    editor = win.current_editor()
    assert editor.session.path is None and editor.session.copy_of == str(ASHEN)
    assert "copy of the example" in win.windowTitle()
    editor.session.apply(edits.Set("/name", "Ashen Comet II"))
    # The examples' folder was the last one opened from: it is not offered, and choosing it is refused.
    inside = examples_dir() / "ashen-comet-ii.starwright"
    mine = tmp_path / "ashen-comet-ii.starwright"
    asked = _save_as_asked(monkeypatch, [str(ASHEN), str(inside), str(mine)])
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_message", lambda parent, title, text: told.append(text))
    user.key(editor.nav, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 3 and not Path(asked[0]).resolve().is_relative_to(examples_dir().resolve())
    assert len(told) == 2 and all("own folders" in t and "Choose another folder" in t for t in told)
    assert ASHEN.read_bytes() == before and not inside.exists()
    assert sorted(p.name for p in examples_dir().iterdir()) == files_before
    assert json.loads(mine.read_text())["name"] == "Ashen Comet II"


def test_an_example_in_the_recent_list_opens_as_a_copy_and_once(win, user, monkeypatch):
    st.add_recent(str(ZGATA))   # left there by an earlier version
    win._refresh_recent()
    row = next(i for i in range(win.start.recent.count())
               if win.start.recent.item(i).data(Qt.ItemDataRole.UserRole) == str(ZGATA))
    user.click_row(win.start.recent, row)
    editor = win.current_editor()
    assert editor.session.path is None and editor.session.copy_of == str(ZGATA)
    # The same example again: its copy's tab, not a second copy.
    win.tabs.setCurrentIndex(0)
    assert win.open_path(str(ZGATA)) is editor and len(win.editors()) == 1
    asked = _save_as_asked(monkeypatch, [])   # cancelled: nothing written, the copy stays unsaved
    before = ZGATA.read_bytes()
    editor.session.apply(edits.Set("/notes", "changed"))
    assert not win.save(editor) and asked and editor.session.dirty and ZGATA.read_bytes() == before



def test_a_recovered_copy_of_an_example_is_still_a_copy(win, answer):
    """An autosaved copy of an example records the example; restored after a crash, it is its untitled copy again
    (links found from the example's folder, Save asking for a name)."""
    from gui.recovery import folder
    from model import recovery
    data = json.loads(ZGATA.read_text(encoding="utf-8"))
    data["notes"] = "changed before the crash"
    recovery.write(folder(), "crashed", data, "knighthawks-ship", str(ZGATA), "Z'Gata")
    record_file = Path(folder()) / "crashed.recovery"
    record = json.loads(record_file.read_text())
    record["pid"] = 999999999   # a process that is gone
    record_file.write_text(json.dumps(record))
    answer(lambda d: d.restore_button.click())
    [editor] = win.offer_recovery()
    assert editor.session.path is None and editor.session.copy_of == str(ZGATA) and editor.session.dirty
    assert editor.session.data["notes"] == "changed before the crash" and "copy of the example" in win.windowTitle()
