"""File > Export > Foundry VTT Actor…: enabled for Star Frontiers characters only; shows the report first,
then writes the actor the model made."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from gui.dialogs import foundry_export
from model import edits

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _answer(button, seen: list):
    def act():
        dlg = QApplication.activeModalWidget()
        if dlg is None or dlg.objectName() != "foundryReport":
            QTimer.singleShot(20, act)
            return
        seen.append(dlg.text.toPlainText())
        dlg.findChild(QDialogButtonBox).button(button).click()
    QTimer.singleShot(0, act)


def test_the_action_is_there_only_for_star_frontiers_characters(win):
    assert win.a_foundry in win.export_menu.actions() and win.a_export in win.export_menu.actions()
    win.open_path(str(EXAMPLES / "ashen-comet-veteran.starwright"))
    assert not win.a_foundry.isEnabled()
    win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    assert win.a_foundry.isEnabled()
    win.tabs.setCurrentIndex(0)
    assert not win.a_foundry.isEnabled()


def test_the_report_shows_then_the_actor_is_written(win, tmp_path, monkeypatch):
    e = win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    e.session.apply(edits.Set("/name", "Norel the Bold"))
    out = tmp_path / "actor.json"
    suggested = []
    monkeypatch.setattr(foundry_export, "choose_json_path", lambda parent, s: suggested.append(s) or str(out))
    seen: list = []
    _answer(QDialogButtonBox.StandardButton.Save, seen)
    win.a_foundry.trigger()
    assert seen and "No place in the target" in seen[0] and "system.rangeBands" in seen[0]
    # an example opens as an untitled copy: the name comes from the character's, never the examples' folder
    assert suggested[0].endswith("norel-the-bold-foundry.json") and "examples" not in suggested[0]
    actor = json.loads(out.read_text(encoding="utf-8"))
    assert actor["name"] == "Norel the Bold" and actor["type"] == "character"
    assert actor["system"]["abilities"]["int"]["value"] == e.session.result.derived["abilities"]["int"]


def test_cancelling_the_report_writes_nothing(win, tmp_path, monkeypatch):
    win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    asked = []
    monkeypatch.setattr(foundry_export, "choose_json_path", lambda parent, s: asked.append(s) or str(tmp_path / "x.json"))
    seen: list = []
    _answer(QDialogButtonBox.StandardButton.Cancel, seen)
    win.a_foundry.trigger()
    assert seen and not asked and not (tmp_path / "x.json").exists()
