"""Help menu: the User Guide (F1) and About (version, rules packs in use, licences of what is bundled)."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QPixmap, QTextDocument
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from gui.dialogs.about import AboutDialog
from gui.dialogs.help import GuideDialog
from model import __version__
from model.kinds import KINDS
from model.paths import rules_dir
from model.rules_pack import builtin_pack


def help_menu(win):
    menus = {a.text().replace("&", ""): a.menu() for a in win.menuBar().actions()}
    return menus["Help"]


def open_about(win, qtbot) -> AboutDialog:
    win.a_about.trigger()
    dialog = win.findChild(AboutDialog)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def test_help_menu_offers_the_guide_and_about(win):
    texts = [a.text().replace("&", "") for a in help_menu(win).actions()]
    assert texts == ["User Guide", "About Starwright"]
    assert win.a_guide.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)


def test_about_shows_version_and_the_rules_packs_in_use(win, qtbot, tmp_path, monkeypatch):
    # A house-rule pack in the player's rules folder is in use too, and listed.
    house = json.loads((rules_dir() / "stargrave.json").read_text(encoding="utf-8"))
    house["id"] = "our-table"
    house["name"] = "Our Table's Stargrave"
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "our-table.json").write_text(json.dumps(house), encoding="utf-8")
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))

    dialog = open_about(win, qtbot)
    assert dialog.windowTitle() == "About Starwright"
    assert f"Starwright {__version__}" in dialog.findChild(QLabel, "aboutTitle").text()
    assert "Qt 6." in dialog.findChild(QLabel, "aboutVersions").text()

    rows = [(dialog.packs.topLevelItem(i).text(0), dialog.packs.topLevelItem(i).text(1))
            for i in range(dialog.packs.topLevelItemCount())]
    for kind in KINDS.values():
        assert (kind.title, builtin_pack(kind.pack).describe()) in rows
    house_rows = [pack for what, pack in rows if what == "House rules"]
    assert len(house_rows) == 1 and "Our Table's Stargrave (our-table v" in house_rows[0]


def test_about_lists_bundled_licences_with_their_texts(win, qtbot, user):
    dialog = open_about(win, qtbot)
    dialog.tabs.setCurrentIndex(1)
    items = [dialog.licences.item(i).text() for i in range(dialog.licences.count())]
    for expected in ("Qt — LGPLv3", "PySide6 — LGPLv3", "reportlab — BSD", "jsonschema — MIT",
                     "DejaVu fonts — Bitstream Vera licence"):
        assert expected in items

    def show(label: str) -> str:
        row = items.index(label)
        user.click_row(dialog.licences, row)
        return dialog.licence_view.toPlainText()

    assert "GNU LESSER GENERAL PUBLIC LICENSE" in show("Qt — LGPLv3")
    assert "download.qt.io" in show("PySide6 — LGPLv3")
    assert "ReportLab Inc." in show("reportlab — BSD")
    assert "Permission is hereby granted" in show("jsonschema — MIT")
    assert "Bitstream Vera" in show("DejaVu fonts — Bitstream Vera licence")
    assert "missing" not in dialog.licence_view.toPlainText()

    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close).click()
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_f1_opens_the_user_guide_once_with_its_pictures(win, qtbot):
    qtbot.keyClick(win, Qt.Key.Key_F1)
    guide = win.findChild(GuideDialog)
    assert guide is not None
    qtbot.waitExposed(guide)
    text = guide.browser.toPlainText()
    for topic in ("A Stargrave crew", "What the marks mean", "Undo and redo", "Saving and opening", "House rules",
                  "Exporting and printing"):
        assert topic in text
    # The mark icons are the app's own SVGs, found relative to the installed guide.
    doc = guide.browser.document()
    for name in ("starwright", "error", "warning", "info", "ok"):
        url = guide.browser.source().resolved(QUrl(f"../icons/{name}.svg"))
        pixmap = doc.resource(QTextDocument.ResourceType.ImageResource, url)
        assert isinstance(pixmap, QPixmap) and not pixmap.isNull(), name

    # Asking again raises the same window instead of opening a second one.
    win.a_guide.trigger()
    assert win.findChildren(GuideDialog) == [guide]
    guide.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close).click()
    qtbot.waitUntil(lambda: not guide.isVisible())
