"""Help > About: the version, the rules packs in use and the licences of everything bundled.

The licence texts ship with the app in resources/licenses/ (indexed by components.json), so the dialog
works offline and shows exactly what the installer carries.
"""

from __future__ import annotations

import json
import platform
from functools import cache

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSize, Qt, qVersion
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel, QListWidget,
                               QListWidgetItem, QSplitter, QTabWidget, QTextBrowser, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from model import __version__
from model.kinds import KINDS
from model.paths import resources_dir, user_rules_dir
from model.rules_pack import PackError, builtin_pack, user_packs

from ..icons import icon, kind_icon

TAGLINE = "An offline builder for sci-fi tabletop games: every rule checked as you click."


def licenses_dir():
    return resources_dir() / "licenses"


@cache
def components() -> list[dict]:
    """[{name, what, licence, files}] of what the app bundles, from resources/licenses/components.json."""
    data = json.loads((licenses_dir() / "components.json").read_text(encoding="utf-8"))
    return data["components"]


def licence_text(component: dict) -> str:
    parts = []
    for name in component["files"]:
        path = licenses_dir() / name
        try:
            parts.append(f"==== {name} ====\n\n" + path.read_text(encoding="utf-8"))
        except OSError:
            parts.append(f"==== {name} ====\n\n(This licence file is missing from this installation.)")
    return "\n\n".join(parts)


def rules_packs() -> list[tuple[str, str]]:
    """(what, pack) for each document kind's built-in pack, then the house-rule packs found."""
    rows: list[tuple[str, str]] = []
    systems: list[str] = []
    for kind in KINDS.values():
        try:
            rows.append((kind.title, builtin_pack(kind.pack).describe()))
        except PackError as e:
            rows.append((kind.title, f"cannot be loaded: {e}"))
        if kind.pack not in systems:
            systems.append(kind.pack)
    for system in systems:
        for pack in user_packs(system):
            rows.append(("House rules", f"{pack.describe()}, {pack.path}"))
    return rows


def versions_line() -> str:
    return f"Qt {qVersion()} · PySide6 {pyside_version} · Python {platform.python_version()}"


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About Starwright")
        self.resize(820, 410)  # fits the rules packs; the licence texts scroll (and the dialog resizes)

        logo = QLabel()
        logo.setPixmap(icon("starwright").pixmap(64, 64))
        title = QLabel(f"<h2 style='margin:0'>Starwright {__version__}</h2>")
        title.setObjectName("aboutTitle")
        tagline = QLabel(TAGLINE)
        tagline.setWordWrap(True)
        versions = QLabel(versions_line())
        versions.setObjectName("aboutVersions")
        versions.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head_text = QVBoxLayout()
        for w in (title, tagline, versions):
            head_text.addWidget(w)
        head = QHBoxLayout()
        head.addWidget(logo, 0, Qt.AlignmentFlag.AlignTop)
        head.addLayout(head_text, 1)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._packs_tab(), "Rules packs")
        self.tabs.addTab(self._licences_tab(), "Licences")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)

        lay = QVBoxLayout(self)
        lay.addLayout(head)
        lay.addWidget(self.tabs, 1)
        lay.addWidget(buttons)

    def _packs_tab(self) -> QWidget:
        intro = QLabel("Every rule Starwright checks comes from a rules pack. These are in use:")
        intro.setWordWrap(True)
        self.packs = QTreeWidget()
        self.packs.setObjectName("aboutRulesPacks")
        self.packs.setHeaderLabels(["Used for", "Rules pack"])
        self.packs.setRootIsDecorated(False)
        self.packs.setUniformRowHeights(True)
        self.packs.setAlternatingRowColors(True)
        self.packs.setIconSize(QSize(18, 18))
        icons = {kind.title: kind_icon(name) for name, kind in KINDS.items()}
        rows = rules_packs()
        for what, pack in rows:
            item = QTreeWidgetItem(self.packs, [what, pack])
            item.setIcon(0, icons.get(what, icon("starwright")))
            item.setToolTip(1, pack)
        header = self.packs.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # As tall as its rows, no taller: the list is short, and empty space under it reads as missing rows.
        self.packs.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        rows_height = sum(self.packs.sizeHintForRow(i) for i in range(self.packs.topLevelItemCount()))
        self.packs.setFixedHeight(header.sizeHint().height() + rows_height + 2 * self.packs.frameWidth() + 2)
        house = sum(1 for what, _ in rows if what == "House rules")
        where = QLabel(f"House-rule packs are edited copies of a built-in pack, kept in <b>{user_rules_dir()}</b>"
                       + ("" if house else " (none found there yet)") + ". See Help › User Guide.")
        where.setObjectName("aboutHouseRules")
        where.setWordWrap(True)
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setSpacing(10)
        lay.addWidget(intro)
        lay.addWidget(self.packs)
        lay.addWidget(where)
        lay.addStretch(1)
        return page

    def _licences_tab(self) -> QWidget:
        intro = QLabel("Starwright is free software under the MIT licence. It bundles these components, "
                       "each under its own licence:")
        intro.setWordWrap(True)
        self.licences = QListWidget()
        self.licences.setObjectName("aboutLicences")
        for c in components():
            item = QListWidgetItem(f"{c['name']} — {c['licence']}")
            item.setData(Qt.ItemDataRole.UserRole, c)
            item.setToolTip(c["what"])
            self.licences.addItem(item)
        self.licence_view = QTextBrowser()
        self.licence_view.setObjectName("aboutLicenceText")
        # Licence texts are wrapped by their authors: keep their lines, in a fixed-pitch font.
        self.licence_view.setLineWrapMode(QTextBrowser.LineWrapMode.NoWrap)
        self.licence_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.licences.currentItemChanged.connect(self._show_licence)
        split = QSplitter()
        split.addWidget(self.licences)
        split.addWidget(self.licence_view)
        split.setStretchFactor(1, 1)
        split.setSizes([270, 610])
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.addWidget(intro)
        lay.addWidget(split, 1)
        self.licences.setCurrentRow(0)
        return page

    def _show_licence(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is None:
            self.licence_view.clear()
            return
        c = item.data(Qt.ItemDataRole.UserRole)
        self.licence_view.setPlainText(f"{c['name']}: {c['what']}. Licence: {c['licence']}.\n\n" + licence_text(c))


def show_about(parent: QWidget | None) -> AboutDialog:
    """Open the About dialog (window-modal, not blocking the caller)."""
    dialog = AboutDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
