"""The first window fits the screen's available area (at most 90% of it, centred), then keeps the size it was left
at; a remembered size larger than the screen is shrunk (issue 39, point 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize

from gui.window_size import PREFERRED, placement

ROOT = Path(__file__).resolve().parents[2]
LAPTOP = QRect(0, 0, 1366, 738)     # 1366x768 less a 30-pixel panel


def test_the_first_window_takes_at_most_nine_tenths_of_a_laptop_screen_centred():
    rect = placement(LAPTOP)
    assert rect.size() == QSize(int(1366 * 0.9), int(738 * 0.9))
    assert LAPTOP.contains(rect) and abs(rect.center().x() - LAPTOP.center().x()) <= 1
    assert abs(rect.center().y() - LAPTOP.center().y()) <= 1
    small = QRect(0, 0, 1280, 720)
    assert placement(small).size() == QSize(1152, 648)


def test_on_a_large_screen_the_first_window_has_its_preferred_size_centred_on_that_screen():
    second = QRect(1920, 0, 2560, 1400)   # a second monitor, right of the first
    rect = placement(second)
    assert rect.size() == PREFERRED and second.contains(rect)
    assert abs(rect.center().x() - second.center().x()) <= 1


def test_a_remembered_size_that_fits_is_kept_where_it_was():
    remembered = QRect(40, 30, 1000, 650)
    assert placement(LAPTOP, remembered) == remembered
    # maximised by hand to the whole area: kept too
    assert placement(LAPTOP, LAPTOP) == LAPTOP


def test_a_remembered_size_larger_than_the_screen_is_shrunk_and_centred():
    remembered = QRect(100, 80, 1900, 1150)   # left on a large monitor, opened on the laptop
    rect = placement(LAPTOP, remembered)
    assert rect.size() == QSize(int(1366 * 0.9), int(738 * 0.9)) and LAPTOP.contains(rect)
    only_taller = placement(LAPTOP, QRect(0, 0, 1100, 900))
    assert only_taller.size() == QSize(1100, int(738 * 0.9)) and LAPTOP.contains(only_taller)


def test_a_remembered_window_off_the_screen_comes_back_onto_it_centred():
    rect = placement(LAPTOP, QRect(3000, 200, 900, 600))   # its monitor is gone
    assert rect.size() == QSize(900, 600) and LAPTOP.contains(rect)


def test_the_real_first_window_fits_the_screen_and_a_too_large_remembered_one_is_shrunk(qtbot, tmp_path, monkeypatch):
    from gui.main_window import MainWindow
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    w = MainWindow()
    qtbot.addWidget(w)
    w.restore_geometry()   # nothing remembered: the first run
    area = w.screen().availableGeometry()
    assert w.width() <= area.width() * 0.9 and w.height() <= area.height() * 0.9
    assert abs(w.geometry().center().x() - area.center().x()) <= 2
    w.show()
    w.resize(area.width() + 500, area.height() + 400)   # left larger than this screen (another monitor)
    w.move(QPoint(area.x(), area.y()))
    w.close()
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.restore_geometry()
    assert w2.width() <= area.width() and w2.height() <= area.height()
    assert area.contains(w2.geometry())


def test_on_a_1366x768_laptop_screen_starwright_opens_inside_it(tmp_path):
    """The real program on an offscreen screen of a laptop's size (Qt's offscreen platform reads its screens from
    a configuration file)."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    code = ("import json; from gui.app import create; app, w = create([]); g = w.geometry(); "
            "a = w.screen().availableGeometry(); "
            "print(json.dumps([g.x(), g.y(), g.width(), g.height(), a.width(), a.height()]))")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}", XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    x, y, width, height, area_w, area_h = json.loads(out.stdout.strip().splitlines()[-1])
    assert (area_w, area_h) == (1366, 768)
    assert width <= 1366 * 0.9 and height <= 768 * 0.9 and (width, height) != (1320, 900)
    assert 0 <= x and x + width <= 1366 and 0 <= y and y + height <= 768
