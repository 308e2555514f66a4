"""Screenshots of the "Record a game" walk-through (every step, filled in) and of the Campaign page, the
Crew page and the Captain page of a crew with games, under a real X server; saved to tests/screenshots/.

Run by hand:  .venv/bin/python tests/gui/screenshots_campaign.py [--dark] [--scale 2]
It re-runs itself under `xvfb-run` when there is no display. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "screenshots"
sys.path.insert(0, str(ROOT))

from tests.gui.screenshots import _reexec_under_xvfb


def main() -> int:
    _reexec_under_xvfb()
    dark = "--dark" in sys.argv
    scale = sys.argv[sys.argv.index("--scale") + 1] if "--scale" in sys.argv else ""
    if dark:
        os.environ["STARWRIGHT_THEME"] = "dark"
    if scale:
        os.environ["QT_SCALE_FACTOR"] = scale
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPushButton, QSpinBox

    from gui.app import create

    suffix = ("-dark" if dark else "") + (f"-x{scale}" if scale else "")
    OUT.mkdir(parents=True, exist_ok=True)
    app, win = create([])
    win.resize(1440, 940)
    win.move(0, 0)

    def settle(ms: int = 200):
        for _ in range(5):
            app.processEvents()
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shot(name: str, widget=None):
        settle()
        path = OUT / f"{name}{suffix}.png"
        (widget or win).grab().save(str(path))
        print("saved", path)

    def W(parent, cls, name):
        w = parent.findChild(cls, name)
        assert w is not None, name
        return w

    editor = win.open_path(str(ROOT / "resources" / "examples" / "ashen-comet-campaign.starwright"))
    campaign = editor.pages[-1]
    editor.show_page(campaign)
    shot("30-campaign-page")
    editor.show_page(editor.pages[0])
    shot("31-crew-now")
    editor.show_page(editor.pages[1])
    shot("32-captain-now")
    editor.show_page(editor.pages[3])
    shot("35-soldiers-now")

    from model.systems.stargrave.campaign import dice
    dlg = campaign.open_walkthrough(None, dice.generator(7))
    dlg.move(60, 40)
    settle()
    W(dlg, QLineEdit, "gameTitle").setText("Raid on the Halcyon Yards")
    W(dlg, QLineEdit, "gameTitle").textEdited.emit("Raid on the Halcyon Yards")
    shot("33-record-1-game", dlg)

    def grab_question_and_cancel():    # closing the tab with the walk-through filled in asks first
        from PySide6.QtWidgets import QApplication, QMessageBox
        box = QApplication.activeModalWidget()
        g = box.frameGeometry()
        path = OUT / f"36-close-tab-asks{suffix}.png"
        app.primaryScreen().grabWindow(0, g.x() - 40, g.y() - 40, g.width() + 80, g.height() + 80).save(str(path))
        print("saved", path)
        box.button(QMessageBox.StandardButton.Cancel).click()
    QTimer.singleShot(600, grab_question_and_cancel)
    assert not win.close_editor(editor)
    dlg.go(1)
    settle()
    outs = [c for c in dlg.findChildren(QCheckBox) if c.objectName().startswith("out_s")]
    for c in [W(dlg, QCheckBox, "out_first_mate")] + outs[:2]:
        c.click()
    shot("33-record-2-out-of-action", dlg)
    dlg.go(2)
    settle()
    W(dlg, QLineEdit, "survival_result_0").setText("Serious Injury")
    W(dlg, QLineEdit, "survival_result_0").textEdited.emit("Serious Injury")
    W(dlg, QSpinBox, "survival_1_value").setValue(6)
    W(dlg, QSpinBox, "survival_2_value").setValue(3)
    shot("33-record-3-survival", dlg)
    dlg.go(3)
    settle()
    for key, n in (("loot", 2), ("powers", 13), ("rivals", 3), ("creatures", 1)):
        W(dlg, QSpinBox, f"xp_{key}").setValue(n)
    shot("33-record-4-experience", dlg)
    dlg.go(4)
    settle()
    W(dlg, QPushButton, "buyLevel_captain").click()
    settle()
    W(dlg, QPushButton, "buyLevel_first_mate").click()
    settle()
    W(dlg, QComboBox, "level_0_pick").showPopup()
    settle()
    g = dlg.frameGeometry()   # the open list is a window of its own: take it from the screen
    path = OUT / f"33-record-5-levels-picker{suffix}.png"
    app.primaryScreen().grabWindow(0, g.x(), g.y(), g.width(), g.height()).save(str(path))
    print("saved", path)
    W(dlg, QComboBox, "level_0_pick").hidePopup()
    for row, power in ((0, "Healing"), (1, "Command")):
        combo = W(dlg, QComboBox, f"level_{row}_pick")
        combo.setCurrentIndex(combo.findData(power))
        combo.activated.emit(combo.currentIndex())
        settle()
    shot("33-record-5-levels", dlg)
    dlg.go(5)
    settle()
    W(dlg, QPushButton, "addLoot_digital").click()
    settle()
    W(dlg, QSpinBox, "loot_0_value").setValue(9)
    W(dlg, QPushButton, "addLoot_physical").click()
    settle()
    W(dlg, QSpinBox, "loot_1_value").setValue(11)
    settle()
    W(dlg, QLineEdit, "loot_1_find_name").setText("Plasma Lance")
    W(dlg, QLineEdit, "loot_1_find_name").textEdited.emit("Plasma Lance")
    W(dlg, QSpinBox, "loot_1_find_value").setValue(150)
    shot("33-record-6-loot", dlg)
    dlg.go(6)
    settle()
    shot("33-record-7-after", dlg)
    page = dlg.pages.currentWidget()
    page.verticalScrollBar().setValue(page.verticalScrollBar().maximum())
    shot("33-record-7-after-end", dlg)
    dlg.accept()
    settle()
    editor.show_page(campaign)
    shot("34-campaign-page-after")
    win.close_editor(editor, ask=False)
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
