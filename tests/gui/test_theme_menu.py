"""View > Theme (issue 39.10): System, Light or Dark; the choice applies at once and is kept for the next start."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QMenuBar

from tests.conftest import ROOT


@pytest.fixture
def chosen_theme(qapp, monkeypatch):
    """No STARWRIGHT_THEME (it would override the menu); the desktop's theme again afterwards."""
    from gui import theme
    monkeypatch.delenv("STARWRIGHT_THEME", raising=False)
    yield theme
    theme.choose(qapp, "system")


def _theme_menu(win):
    view = next(a.menu() for a in win.findChild(QMenuBar).actions() if a.text() == "&View")
    return next(a.menu() for a in view.actions() if a.menu() is not None and a.text() == "&Theme")


def _window_colour() -> str:
    return QApplication.palette().color(QPalette.ColorRole.Window).name()


def test_view_theme_offers_system_light_and_dark_and_applies_dark_at_once(chosen_theme, win):
    from gui import settings
    menu = _theme_menu(win)
    assert [a.text() for a in menu.actions()] == ["&System", "&Light", "&Dark"]
    assert [a.isChecked() for a in menu.actions()] == [True, False, False]
    dark = next(a for a in menu.actions() if a.text() == "&Dark")
    dark.trigger()
    assert _window_colour() == "#272b33" and chosen_theme.scheme() == "dark"   # at once, without a restart
    assert settings.theme() == "dark"
    assert [a.isChecked() for a in menu.actions()] == [False, False, True]
    light = next(a for a in menu.actions() if a.text() == "&Light")
    light.trigger()
    assert _window_colour() == "#f3f4f7" and settings.theme() == "light"


def _started_scheme(config: str) -> str:
    """The scheme a fresh Starwright process starts in, with this settings folder."""
    env = {k: v for k, v in os.environ.items() if k != "STARWRIGHT_THEME"}
    env.update(XDG_CONFIG_HOME=config, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    code = ("from gui import app, theme; from PySide6.QtGui import QPalette; a = app.application(); "
            "print(theme.scheme(), a.palette().color(QPalette.ColorRole.Window).name())")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    return out.stdout.strip()


def test_the_theme_chosen_is_applied_at_the_next_start(chosen_theme, win, tmp_path, monkeypatch):
    config = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    assert _started_scheme(str(config)) == "light #f3f4f7"   # the offscreen desktop says light
    next(a for a in _theme_menu(win).actions() if a.text() == "&Dark").trigger()
    assert _started_scheme(str(config)) == "dark #272b33"
    next(a for a in _theme_menu(win).actions() if a.text() == "&System").trigger()
    assert _started_scheme(str(config)) == "light #f3f4f7"
