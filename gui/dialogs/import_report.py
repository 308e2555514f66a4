"""File › Import…: the report of what came across, shown before anything is saved.

The player reads what was imported as is, what was mapped to Starwright's names, what was worked out or
defaulted, and what has no place in Starwright; then opens the crew (or character) as a new, unsaved document
(its rule issues show in the editor as for any document) or cancels, and nothing is kept.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel,
                               QPushButton, QStyledItemDelegate, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from model.importers.report import AS_IS, ALIAS, ATTENTION, GROUPS
from model.rules_pack import builtin_pack

from .. import theme
from . import prompts
from ..icons import icon

FILTER = ("Crews and characters from other programs (*.sg *.json *.ros *.rosz);;Labernator crews (*.sg *.json);;"
          "Foundry VTT Star Frontiers actors (*.json);;"
          "BattleScribe / New Recruit rosters (*.ros *.rosz *.json);;All files (*)")
COLLAPSED = (AS_IS, ALIAS)   # long and reassuring: folded, with their counts showing


def choose_import_path(parent: QWidget | None, folder: str = "") -> str:
    return prompts.open_file(parent, "Import a Crew or Character", folder, FILTER)


class _WrapDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text at the column's current width (a tree view asks the delegate
    for a size without telling it the width, so long lines would be cut)."""

    def __init__(self, tree: QTreeWidget):
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option, index):
        size = super().sizeHint(option, index)
        text = index.data()
        if not text or not index.parent().isValid():
            return size
        width = self.tree.header().sectionSize(index.column()) - 12
        if index.column() == 0:
            width -= self.tree.indentation()
        rect = option.fontMetrics.boundingRect(QRect(0, 0, max(width, 40), 100000),
                                               int(Qt.TextFlag.TextWordWrap), str(text))
        size.setHeight(max(size.height(), rect.height() + 6))
        return size


def _character_line(data: dict) -> str:
    items = sum(e.get("count", 1) for e in data.get("equipment") or [])
    return (f"Star Frontiers character <b>{escape(str(data.get('name') or ''))}</b>: "
            f"{escape(str(data.get('race') or 'no race'))}, {escape(str(data.get('psa') or 'no'))} PSA, "
            f"{items} item{'s' if items != 1 else ''} of equipment.")


def _crew_line(data: dict) -> str:
    figures = builtin_pack("stargrave").data["figures"]

    def officer(key: str) -> str:
        o, label = data.get(key) or {}, figures[key]["label"]
        bg = o.get("background") or "no background"
        return f"{label} <b>{escape(str(o.get('name') or '?'))}</b> ({escape(bg)})"
    n = len(data.get("soldiers") or [])
    games = len((data.get("campaign") or {}).get("games") or [])
    camp = f", {games} imported game{'s' if games != 1 else ''}" if games else ""
    return (f"Stargrave crew <b>{escape(str(data.get('name') or ''))}</b>: {officer('captain')}, "
            f"{officer('first_mate')}, {n} soldier{'s' if n != 1 else ''}{camp}.")


class ImportReportDialog(QDialog):
    def __init__(self, result, path: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.import_result = result   # (not `result`: QDialog.result() is the dialog's answer)
        report = result.report
        crew = getattr(result, "kind", "stargrave-crew") == "stargrave-crew"
        self.noun = "crew" if crew else "character"
        self.setObjectName("importReport")
        self.setWindowTitle(f"Import {Path(path).name}")
        self.resize(900, 620)
        self.tree = self._report_tree(report)
        noun = self.noun
        note = QLabel(f"Nothing is saved yet. <b>Open as New {noun.title()}</b> opens it as a new, unsaved document; "
                      f"its rule issues show beside it as for any {noun}. What has no place in Starwright is kept in "
                      f"the {noun}'s notes or listed above.")
        note.setObjectName("importNote")
        note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addLayout(self._head(result, path))
        lay.addWidget(self.tree, 1)
        lay.addWidget(note)
        lay.addWidget(self._buttons())

    def _head(self, result, path: str) -> QHBoxLayout:
        """What was imported, from what, and whether anything needs reading."""
        report = result.report
        logo = QLabel()
        logo.setPixmap(icon(self.noun).pixmap(48, 48))
        title = QLabel(f"<h3 style='margin:0'>Import “{escape(Path(path).name)}”</h3>"
                       f"<div>From {escape(result.source_format)}</div>")
        title.setObjectName("importTitle")
        crew = QLabel(_crew_line(result.data) if self.noun == "crew" else _character_line(result.data))
        crew.setObjectName("importCrew")
        crew.setWordWrap(True)
        attention = report.needs_attention
        if attention:
            verdict = (f"<span style='color:{theme.colour('warning')}'><b>{attention} point"
                       f"{'s' if attention != 1 else ''} to read</b></span> before you keep this {self.noun}: "
                       f"what has no place in Starwright, numbers that differ from the rules, and guesses.")
        else:
            verdict = (f"<span style='color:{theme.colour('ok')}'><b>Everything came across.</b></span> "
                       f"Every number is recomputed by Starwright from the choices below.")
        self.verdict = QLabel(verdict)
        self.verdict.setObjectName("importVerdict")
        self.verdict.setWordWrap(True)
        head_text = QVBoxLayout()
        for w in (title, crew, self.verdict):
            head_text.addWidget(w)
        head = QHBoxLayout()
        head.addWidget(logo, 0, Qt.AlignmentFlag.AlignTop)
        head.addLayout(head_text, 1)
        return head

    def _report_tree(self, report) -> QTreeWidget:
        """The report's lines by group, the groups that need reading opened."""
        self.tree = QTreeWidget()
        self.tree.setObjectName("importReportLines")
        self.tree.setHeaderLabels(["From the file", "What happened"])
        self.tree.setIconSize(QSize(18, 18))
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)   # long lines wrap: every word is worth reading
        self.tree.setItemDelegate(_WrapDelegate(self.tree))
        self.tree.setUniformRowHeights(False)
        bold = QFont(self.tree.font())
        bold.setBold(True)
        for group, heading in GROUPS.items():
            lines = report.group(group)
            if not lines:
                continue
            top = QTreeWidgetItem(self.tree, [f"{heading} ({len(lines)})", ""])
            top.setData(0, Qt.ItemDataRole.UserRole, group)
            top.setFont(0, bold)
            top.setIcon(0, icon("warning" if group in ATTENTION else ("ok" if group in COLLAPSED else "info")))
            top.setFirstColumnSpanned(True)
            for line in lines:
                item = QTreeWidgetItem(top, [line.source, line.message[:1].upper() + line.message[1:]])
                item.setToolTip(1, line.message + (f"\n(in the {self.noun} at {line.pointer})" if line.pointer else ""))
                item.setToolTip(0, line.source)
            top.setExpanded(group not in COLLAPSED)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.sectionResized.connect(lambda *_: self.tree.doItemsLayout())   # re-wrap at the new width
        self.tree.setColumnWidth(0, 250)
        return self.tree

    def _buttons(self) -> QDialogButtonBox:
        self.buttons = QDialogButtonBox()
        self.open_button = self.buttons.addButton(f"Open as New {self.noun.title()}",
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setObjectName("importOpen")
        self.open_button.setDefault(True)
        self.copy_button = QPushButton("Copy Report")
        self.copy_button.setObjectName("importCopy")
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("importCancel")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.copy_button.clicked.connect(self.copy_report)
        return self.buttons

    def copy_report(self) -> None:
        QGuiApplication.clipboard().setText(self.import_result.report.to_text())
        self.copy_button.setText("Copied")
