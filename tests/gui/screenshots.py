"""Screenshots of every page of the builder under a real X server (Xvfb), saved to tests/screenshots/.

The Stargrave crew (a legal example, then one built with problems), one legal and one broken example of
every other kind (each of its pages, long pages also scrolled to the end), the sheet preview, the About
dialog (both tabs) and the user guide.

Run by hand:  .venv/bin/python tests/gui/screenshots.py [--dark] [--scale 2] [--size 1366x768] [--out DIR]
It re-runs itself under `xvfb-run` when there is no display. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else ROOT / "tests" / "screenshots"


def _reexec_under_xvfb() -> None:
    if os.environ.get("DISPLAY") or os.environ.get("_SW_UNDER_XVFB"):
        return
    if not shutil.which("xvfb-run"):
        sys.exit("xvfb-run is not installed (apt-get install xvfb xauth)")
    env = dict(os.environ, _SW_UNDER_XVFB="1", QT_QPA_PLATFORM="xcb")
    screen = "3200x2000x24" if "--scale" in sys.argv else "1600x1000x24"  # 200%: a 4K-class screen
    sys.exit(subprocess.call(["xvfb-run", "-a", "-s", f"-screen 0 {screen}", sys.executable, *sys.argv], env=env))


def main() -> int:
    _reexec_under_xvfb()
    dark = "--dark" in sys.argv
    scale = sys.argv[sys.argv.index("--scale") + 1] if "--scale" in sys.argv else ""
    if dark:
        os.environ["STARWRIGHT_THEME"] = "dark"
    if scale:
        os.environ["QT_SCALE_FACTOR"] = scale
    tmp = tempfile.mkdtemp()
    os.environ["XDG_CONFIG_HOME"] = tmp  # a clean, known settings file
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QTimer

    from gui import settings as st
    from gui.app import create

    size = sys.argv[sys.argv.index("--size") + 1] if "--size" in sys.argv else ""
    width, height = (int(n) for n in size.split("x")) if size else (1440, 940)
    suffix = ("-dark" if dark else "") + (f"-x{scale}" if scale else "") + (f"-{size}" if size else "")
    OUT.mkdir(parents=True, exist_ok=True)
    example = ROOT / "resources" / "examples" / "ashen-comet-veteran.starwright"
    broken = ROOT / "resources" / "examples" / "broken-crew.starwright"
    st.add_recent(str(broken))
    st.add_recent(str(example))
    app, win = create([])
    win.resize(width, height)
    win.move(0, 0)

    def settle(ms: int = 150):
        end = QTimer()
        end.setSingleShot(True)
        for _ in range(5):
            app.processEvents()
        from PySide6.QtCore import QEventLoop
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shot(name: str, widget=None):
        settle()
        path = OUT / f"{name}{suffix}.png"
        (widget or win).grab().save(str(path))
        print("saved", path)

    def every_page(editor, prefix: str):
        for i, page in enumerate(editor.pages):
            editor.show_page(page)
            page.verticalScrollBar().setValue(0)
            name = f"{prefix}-{i + 1}-{page.title.lower().replace(' ', '-')}"
            shot(name)
            if page.verticalScrollBar().maximum() > 0:  # the rest of a long page
                page.verticalScrollBar().setValue(page.verticalScrollBar().maximum())
                shot(f"{name}-end")
                page.verticalScrollBar().setValue(0)

    shot("01-start")
    editor = win.open_path(str(example))
    for i, page in enumerate(editor.pages):
        editor.show_page(page)
        page.verticalScrollBar().setValue(0)
        shot(f"{i + 2:02d}-{page.title.lower().replace(' ', '-')}")
        if page.verticalScrollBar().maximum() > 0:  # the rest of a long page
            page.verticalScrollBar().setValue(page.verticalScrollBar().maximum())
            shot(f"{i + 2:02d}-{page.title.lower().replace(' ', '-')}-end")
            page.verticalScrollBar().setValue(0)
    # A crew with problems: issues marked on the fields and listed.
    bad = win.new_document("stargrave-crew")
    from model import edits
    bad.session.apply(edits.Set("/captain/background", "Veteran"))
    bad.session.apply(edits.Set("/captain/choices", ["shoot", "health"]))
    bad.session.apply(edits.Set("/captain/powers", [{"name": "Command", "reduced": True}, {"name": "Healing", "reduced": True},
                                                   {"name": "Fortune", "reduced": True}]))
    bad.session.apply(edits.Set("/captain/items", ["Carbine", "Machine Gun", "Light Armour", "Heavy Armour", "Medkit"]))
    for t in ("Sniper", "Gunner", "Burner", "Grenadier", "Pathfinder"):
        bad.session.apply(edits.Insert("/soldiers/-", {"name": "", "type": t, "robot": False, "shotgun": False, "item": None}))
    bad.show_page(bad.pages[1])
    shot("06-captain-with-issues")
    bad.pages[1].verticalScrollBar().setValue(bad.pages[1].verticalScrollBar().maximum())
    shot("06-captain-with-issues-end")
    bad.show_page(bad.pages[3])
    shot("07-soldiers-with-issues")
    bad.show_page(bad.pages[0])
    shot("08-crew-with-issues")
    if "--no-preview" not in sys.argv and win.a_preview.isEnabled():
        from gui.widgets import preview as pv
        if pv.available():
            win.tabs.setCurrentWidget(editor)
            win.a_preview.setChecked(True)
            win.toggle_preview()
            settle(900)
            shot("09-preview")
    for e in win.editors():
        win.close_editor(e, ask=False)
    win.a_preview.setChecked(False)
    win.toggle_preview()

    # Every other kind: a legal example and a broken one.
    for n, (kind, good, bad_name) in enumerate(OTHER_KINDS, start=10):
        for label, name in (("ok", good), ("broken", bad_name)):
            e = win.open_path(str(ROOT / "resources" / "examples" / f"{name}.starwright"))
            if e is None:
                print("could not open", name)
                continue
            every_page(e, f"{n}-{kind}-{label}")
            win.close_editor(e, ask=False)

    win.about()
    from gui.dialogs.about import AboutDialog
    about = win.findChild(AboutDialog)
    shot("20-about-packs", about)
    about.tabs.setCurrentIndex(1)
    shot("20-about-licences", about)
    about.close()
    win.user_guide()
    from gui.dialogs.help import GuideDialog
    guide = win.findChild(GuideDialog)
    shot("21-guide", guide)
    guide.browser.verticalScrollBar().setValue(guide.browser.verticalScrollBar().maximum() // 2)
    shot("21-guide-middle", guide)
    guide.close()
    win.close()
    return 0


OTHER_KINDS = [
    ("knighthawks-ship", "z-gata-frigate", "broken-knighthawks-frigate"),
    ("starfrontiers-character", "norel-kho-dralasite", "broken-starfrontiers"),
    ("starchasers-ship", "kestrel-crewed", "broken-starchasers-ship"),
    ("starchasers-character", "dash-korrin-ace", "broken-starchasers-character"),
]


if __name__ == "__main__":
    sys.exit(main())
