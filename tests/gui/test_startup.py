"""Start-up stays lean (tests/benchmarks/bench_gui.py measures it): the window's icons are PNGs that match
their SVGs, so nothing before the first show loads QtSvg; the light/dark setting is Qt's own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from gui import icons, theme

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "resources" / "icons"


def _channels_differ(a: int, b: int, tolerance: int = 2) -> bool:
    """True when any of the ARGB channels of two pixels differ by more than `tolerance`."""
    return any(abs(((a >> s) & 0xFF) - ((b >> s) & 0xFF)) > tolerance for s in (0, 8, 16, 24))


def test_every_svg_icon_has_current_pngs_in_every_size(tmp_path):
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        from render_ui_icons import SIZES, render_all
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    assert SIZES == icons.SIZES
    svgs = sorted(ICONS.glob("*.svg"))
    assert len(svgs) >= 10
    fresh = {p.name: p for p in render_all(tmp_path)}
    for svg in svgs:
        for size in SIZES:
            name = f"{svg.stem}-{size}.png"
            committed = QImage(str(ICONS / "png" / name))
            assert committed.width() == size, f"{name} is missing: run packaging/render_ui_icons.py"
            new = QImage(str(fresh[name])).convertToFormat(committed.format())
            # Same renderer, same pixels; allow a few for another Qt version's anti-aliasing, and a channel off
            # by the rounding of another CPU's blending code (the committed crew icons differ by 1 on some).
            differing = sum(_channels_differ(committed.pixel(x, y), new.pixel(x, y))
                            for y in range(size) for x in range(size))
            assert differing <= size * size // 50, f"{name} is stale: run packaging/render_ui_icons.py"


def test_icons_load_from_png_in_every_size():
    i = icons.icon("crew")
    assert sorted(s.width() for s in i.availableSizes()) == list(icons.SIZES)
    assert not i.pixmap(40, 40).isNull()
    assert icons.icon("no-such-icon").isNull()


def test_the_colour_scheme_is_the_one_qt_reports():
    app = QApplication.instance()
    assert theme.system_scheme(app) == app.styleHints().colorScheme()


def test_a_dark_system_gives_the_dark_scheme(monkeypatch):
    monkeypatch.delenv("STARWRIGHT_THEME", raising=False)
    monkeypatch.setattr(theme, "system_scheme", lambda _app: Qt.ColorScheme.Dark)
    assert theme.scheme() == "dark"
    monkeypatch.setattr(theme, "system_scheme", lambda _app: Qt.ColorScheme.Light)
    assert theme.scheme() == "light"
    monkeypatch.setattr(theme, "system_scheme", lambda _app: Qt.ColorScheme.Unknown)
    assert theme.scheme() == "light"


PROBE = """
import os, sys, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
if "--recent" in sys.argv:  # a user's recent files, one of them gone since
    from gui import settings
    settings.add_recent(os.path.join(tempfile.mkdtemp(), "gone.starwright"))
    settings.add_recent(sys.argv[-1])
from gui.app import create
app, w = create([])
app.processEvents()
print("PySide6.QtSvg" in sys.modules, any("svg" in line for line in open("/proc/self/maps")))
w.new_document("stargrave-crew")
app.processEvents()
print(w.current_editor() is not None)
"""


@pytest.mark.parametrize("recent", [False, True], ids=["first-run", "with-recent-files"])
def test_the_window_shows_without_svg(recent):
    """The icons are shipped as PNG in every size: the first window loads neither QtSvg nor Qt's SVG plugin."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    env.pop("STARWRIGHT_THEME", None)
    extra = ["--recent", str(ROOT / "resources" / "examples" / "ashen-comet-veteran.starwright")] if recent else []
    out = subprocess.run([sys.executable, "-c", PROBE, *extra], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), timeout=60)
    assert out.returncode == 0, out.stderr
    shown, document = out.stdout.split("\n")[:2]
    assert shown == "False False", "before the first show: QtSvg, SVG plugin"
    assert document == "True", "the probe opened a document after the first show"


def test_the_light_palette_table_is_fusions_own():
    """theme.FUSION_LIGHT stands for QStyle.standardPalette() of Fusion (asked for at start-up it cost ~10 ms)."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyleFactory
    fusion = QStyleFactory.create("Fusion").standardPalette()
    ours = theme.fusion_light()
    roles = [r for r in QPalette.ColorRole if r.name not in ("NColorRoles", "NoRole")]
    assert sorted(theme.FUSION_LIGHT) == sorted(r.value for r in roles), "a colour role Qt has is missing"
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled, QPalette.ColorGroup.Inactive):
        for role in roles:
            assert ours.color(group, role).rgba() == fusion.color(group, role).rgba(), (group.name, role.name)


STYLE_PROBE = """
import os, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
from gui.app import create
app, w = create([])
app.processEvents()
print(app.style().name())
"""


def test_the_app_is_made_with_fusion():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    env.pop("QT_STYLE_OVERRIDE", None)
    out = subprocess.run([sys.executable, "-c", STYLE_PROBE], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().lower() == "fusion"


FILLS_PROBE = """
import glob, os, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
from gui.app import create
app, w = create([])
from PySide6.QtWidgets import QScrollArea, QWidget
area = QScrollArea(); body = QWidget(); body.resize(800, 3000); area.setWidget(body); area.resize(900, 700)
area.show()
for _ in range(3):
    app.processEvents()
    area.verticalScrollBar().repaint()   # a Fusion scroll bar: fills Qt would hand to its thread pool
names = [open(f).read().strip() for f in glob.glob("/proc/self/task/*/comm")]
print(len(names), names.count("Thread (pooled)"))
"""

PAINT_PROBE = """
import os, tempfile
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
from gui.app import create
from PySide6.QtGui import QFont, QPixmapCache
app, w = create([])
print(QPixmapCache.cacheLimit(), bool(app.font().styleStrategy() & QFont.StyleStrategy.PreferNoShaping),
      bool(w.font().styleStrategy() & QFont.StyleStrategy.PreferNoShaping))
"""


def test_the_app_keeps_a_small_style_cache_and_draws_latin_text_unshaped():
    """Two settings an edit's repaint and the memory of open documents were measured with
    (tests/benchmarks/bench_gui.py): Fusion's pixmap cache at 256 KB, not Qt's 10 MB (it held 2 MB of fields and
    buttons drawn once; drawing them again costs what copying them does), and text drawn without shaping where its
    script does not need it (a sixth of a repaint)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", PAINT_PROBE], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["256", "True", "True"]


def test_fills_are_painted_on_the_gui_thread():
    """Qt hands large fills to a thread pool and waits: on two cores that made a scroll bar cost 3.5 ms instead of
    0.2, the slowest part of an edit (tests/benchmarks/bench_gui.py). The app turns the pool off before it is
    made, so painting starts no pooled thread."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    env.pop("QT_NO_GUI_THREADPOOL", None)
    out = subprocess.run([sys.executable, "-c", FILLS_PROBE], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), timeout=60)
    assert out.returncode == 0, out.stderr
    threads, pooled = map(int, out.stdout.strip().splitlines()[-1].split())
    assert threads >= 1      # the process's threads were read (from /proc, as on every Linux the tests run on)
    assert pooled == 0
