"""Help > User Guide: the short guide shipped with the app (resources/help/guide.html), read offline.

The guide is plain HTML with relative links to the app's own icons, shown in a QTextBrowser; it stays
open beside the main window while the player works.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from model.paths import resources_dir


def guide_path():
    return resources_dir() / "help" / "guide.html"


class GuideDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("userGuide")
        self.setWindowTitle("Starwright User Guide")
        self.resize(760, 720)
        self.browser = QTextBrowser()
        self.browser.setObjectName("userGuideText")
        self.browser.setOpenExternalLinks(True)
        path = guide_path()
        if path.is_file():
            self.browser.setSource(QUrl.fromLocalFile(str(path)))
        else:
            self.browser.setPlainText(f"The user guide is missing from this installation ({path}).")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        back = QShortcut(QKeySequence(QKeySequence.StandardKey.Back), self)
        back.activated.connect(self.browser.backward)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser, 1)
        lay.addWidget(buttons)


def show_guide(parent: QWidget | None) -> GuideDialog:
    """Show the guide beside the window (not modal); a second request raises the open one."""
    dialog = parent.findChild(GuideDialog) if parent is not None else None
    if dialog is None:
        dialog = GuideDialog(parent)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
