"""Play view benchmark (run by hand, not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_play.py [--clicks N]

For one document of each kind, the Play view is shown and a track's − and + buttons are clicked in turn: each
click goes through the real path (the button's signal, model.play.step, the session's undo command,
evaluate(), the Play view's refresh), the event loop is run and what the click made dirty is painted at once (the
update request sent now, not left to the platform's frame timer). Beside it, in the same run, the floor: a bare QWidget window of the
same size whose one QLabel gets a new text, painted the same way.
Prints median and p90 of both and their ratio. Targets (issue 29): tracker click median <= 4 ms, p90 <= 8 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
DOCUMENTS = {
    "stargrave-crew": ("ashen-comet-campaign", "/play/figures/s1/health_lost"),
    "starfrontiers-character": ("kara-venn-human", "/play/shots/Automatic Rifle"),
    "knighthawks-ship": ("z-gata-frigate", "/play/hull_damage"),
    "starchasers-ship": ("kestrel-light-freighter", "/play/hull_damage"),
    "starchasers-character": ("dash-korrin-ace", "/play/hp_lost"),
}
MEDIAN_MS, P90_MS = 4.0, 8.0


def p90(ts: list[float]) -> float:
    ts = sorted(ts)
    return ts[min(len(ts) - 1, int(len(ts) * 0.9))]


def paint_now(app, window) -> None:
    """Paint what the change made dirty, now: the update request the platform would send on its next frame
    (QWidget::event syncs the backing store on it), so the repaint is inside the measured time."""
    from PySide6.QtCore import QEvent
    app.sendEvent(window, QEvent(QEvent.Type.UpdateRequest))


def floor(app, clicks: int, size: tuple[int, int] = (1280, 860), paint: bool = True) -> list[float]:
    """A bare QWidget window of the main window's size with one label: a new text, painted (at once with `paint`,
    else by the event loop as it comes)."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
    bare = QWidget()
    label = QLabel("0", bare)
    QVBoxLayout(bare).addWidget(label)
    bare.resize(*size)
    bare.show()
    app.processEvents()
    times = []
    for i in range(clicks):
        t = time.perf_counter()
        label.setText(str(i))
        app.processEvents()
        if paint:
            paint_now(app, bare)
        times.append(time.perf_counter() - t)
    bare.close()
    return times


def clicks_on(app, win, stem: str, pointer: str, clicks: int) -> list[float]:
    editor = win.open_path(str(EXAMPLES / f"{stem}.starwright"))
    editor.set_play(True)
    app.processEvents()
    row = editor.play_page.rows[pointer]
    times = []
    for i in range(clicks):
        button = row.minus if i % 2 == 0 else row.plus
        t = time.perf_counter()
        button.click()
        app.processEvents()
        paint_now(app, win)
        times.append(time.perf_counter() - t)
    win.close_editor(editor, ask=False)
    app.processEvents()
    return times


def bench_window():
    """The application and a shown main window of 1280x860, with settings and data in folders of this run (the
    user's own are neither read nor written)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        os.environ[var] = tempfile.mkdtemp(prefix="starwright-bench-")
    from gui.app import application
    from gui.main_window import MainWindow
    app = application()
    win = MainWindow()
    win.resize(1280, 860)
    win.show()
    app.processEvents()
    return app, win


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Play view click-to-repaint benchmark (issue 29 targets)")
    ap.add_argument("--clicks", type=int, default=200, help="clicks per document (default 200)")
    args = ap.parse_args(argv)
    app, win = bench_window()
    bare = floor(app, args.clicks)
    bare_med, bare_p90 = statistics.median(bare) * 1000, p90(bare) * 1000
    print(f"floor: bare QWidget window, a QLabel's new text painted: median {bare_med:.3f} ms, p90 {bare_p90:.3f} ms")
    print(f"tracker click (button signal, step edit, undo command, evaluate, Play view refresh, dirty region painted), "
          f"{args.clicks} clicks each; targets median <= {MEDIAN_MS:g} ms, p90 <= {P90_MS:g} ms")
    over = []
    every = []
    for kind, (stem, pointer) in DOCUMENTS.items():
        ts = clicks_on(app, win, stem, pointer, args.clicks)
        every += ts
        med, p = statistics.median(ts) * 1000, p90(ts) * 1000
        bad = med > MEDIAN_MS or p > P90_MS
        if bad:
            over.append(kind)
        print(f"  {kind:26s} median {med:6.2f} ms  p90 {p:6.2f} ms  {med / bare_med:6.1f}x floor  "
              f"{'OVER' if bad else 'ok'}")
    med, p = statistics.median(every) * 1000, p90(every) * 1000
    bare2 = floor(app, args.clicks)   # the floor again after: the machine's load seen by both
    print(f"all kinds: median {med:.2f} ms, p90 {p:.2f} ms, {med / bare_med:.1f}x floor; "
          f"floor again after: median {statistics.median(bare2) * 1000:.3f} ms")
    print("OVER: " + ", ".join(over) if over else "all within the targets")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
