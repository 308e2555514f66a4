"""File › Export › Foundry VTT actor…: a Star Frontiers character as a Foundry VTT actor (JSON for the
star-frontiers system). The report of what had no place in the actor is shown first; the actor is written
only when the player asks for it. The actor and the report come from model/exporters (no rule here)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout,
                               QWidget)

from model.exporters import FOUNDRY_KIND as KIND

from . import prompts

TITLE = "Export Foundry VTT Actor"


def choose_json_path(parent: QWidget | None, suggestion: str) -> str:
    return prompts.save_file(parent, TITLE, suggestion, "Foundry VTT actors (*.json)", ".json")


class ReportDialog(QDialog):
    """What the export wrote and what had no place, before the actor is saved."""

    def __init__(self, parent: QWidget | None, name: str, report):
        super().__init__(parent)
        self.setObjectName("foundryReport")
        self.setWindowTitle(TITLE)
        lay = QVBoxLayout(self)
        head = QLabel(f"<b>{_escape(name)}</b> as an actor for {_escape(report.target)}. "
                      "Import it in Foundry with the actor's <i>Import Data</i>.")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.text = QPlainTextEdit(report.text())
        self.text.setObjectName("foundryReportText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setFont(QFont(self.text.font().family(), self.text.font().pointSize()))
        lay.addWidget(self.text, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        box.button(QDialogButtonBox.StandardButton.Save).setText("Save Actor…")
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(720, 520)


def _escape(s: str) -> str:
    from html import escape
    return escape(str(s))


def export_actor(window) -> None:
    """The menu action: report, then where to save; errors in a dialog, never a traceback."""
    from model import storage
    from model.exporters.foundry_starfrontiers import ExportError, foundry_actor
    e = window.current_editor()
    if e is None or e.session.kind.kind != KIND:
        return
    s = e.session
    try:
        actor, report = foundry_actor(s.data, s.result)
    except ExportError as err:
        from model.error_words import sentence
        prompts.show_message(window, TITLE, f"{sentence(str(err))} Fix what the issues list shows, then export "
                                            "again.")
        return
    if ReportDialog(window, actor["name"], report).exec() != QDialog.DialogCode.Accepted:
        return
    base = Path(s.path).with_suffix("") if s.path else Path.home() / prompts.suggested_name(
        str(s.data.get("name") or "")).replace(".starwright", "")
    path = choose_json_path(window, f"{base}-foundry.json")
    if not path:
        return
    if s.path and Path(path).resolve() == Path(s.path).resolve():
        prompts.show_message(window, TITLE, "Choose another name: exporting never overwrites the document.")
        return
    payload = (json.dumps(actor, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    try:
        storage.atomic_write(path, payload)
    except storage.SaveError as err:
        prompts.show_document_error(window, err, "export")
        return
    window.statusBar().showMessage(f"Exported {path}", 4000)
