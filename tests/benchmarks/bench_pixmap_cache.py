"""Fusion's pixmap cache: what a size of it costs in painting and gives back in memory (run by hand, not collected
by pytest; needs valgrind):

    .venv/bin/python tests/benchmarks/bench_pixmap_cache.py [--sizes 0,256,1024,10240]

For each cache size (KB; Qt's default is 10240), in children of their own: the instructions callgrind counts to
repaint the whole window and scroll the Starchasers ship's first page (its 23 spin boxes, combos and buttons are
what Fusion caches), ten times; and the resident memory with bench_gui's five documents opened. Printed against
the first size (a cache of 0: Fusion draws every field directly), the floor of this run. gui/app.py sets the size.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_gui as bg  # (beside this file)
from bench_instructions import _control, _counted

PAINT = """
import sys
from PySide6.QtGui import QPixmapCache
from gui.app import create
app, w = create([])
QPixmapCache.setCacheLimit(int(sys.argv[1]))
w.resize(1320, 900)
app.processEvents()
e = w.open_path(sys.argv[2])
app.processEvents()
page = e.pages[0]
"""

MEMORY = """
import sys
from PySide6.QtGui import QPixmapCache
from gui.app import create
app, w = create([])
QPixmapCache.setCacheLimit(int(sys.argv[1]))
for f in sys.argv[2:]:
    w.open_path(f)
    app.processEvents()
app.processEvents()
""" + bg.RSS + """
print('rss', rss_mb(), flush=True)
"""


def child(kb: int) -> None:
    """Runs under callgrind: counting is on for ten repaints of the window, each with a scroll of the page."""
    sys.path.insert(0, str(bg.ROOT))
    scope: dict = {}
    sys.argv = [sys.argv[0], str(kb), str(bg.EXAMPLES / "kestrel-crewed.starwright")]
    exec(PAINT, scope)
    app, w, page = scope["app"], scope["w"], scope["page"]
    bar = page.verticalScrollBar()
    for _ in range(3):   # warm: what the cache keeps is drawn once
        w.repaint()
        app.processEvents()
    _control("-i", "on")
    for _ in range(10):
        w.repaint()
        bar.setValue(bar.maximum() if bar.value() == 0 else 0)
        app.processEvents()
    _control("-d")
    _control("-i", "off")


def paint(kb: int) -> float | None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", str(kb)],
                       env=dict(bg.ENV, PYTHONPATH=str(bg.ROOT)), cwd=str(bg.ROOT), capture_output=True, check=False)
        totals = _counted(out)
    return totals[0] / 10 / 1e6 if totals else None


def memory(kb: int, runs: int) -> float:
    docs = [str(bg.EXAMPLES / f"{name}.starwright") for name in bg.FIVE]
    return statistics.median(bg.child(MEMORY, str(kb), *docs)[1]["rss"] for _ in range(runs))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Fusion's pixmap cache: painting and memory per size")
    ap.add_argument("--sizes", default="0,256,1024,10240", help="cache sizes in KB, the first the floor")
    ap.add_argument("--runs", type=int, default=3, help="memory runs per size (median)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        child(int(args.child))
        return
    sizes = [int(x) for x in args.sizes.split(",")]
    rows = [(kb, paint(kb), memory(kb, args.runs)) for kb in sizes]
    floor_paint, floor_mem = rows[0][1], rows[0][2]
    print(f"repaint of the window and a scroll of a page (M instructions, mean of 10) and memory with five documents "
          f"open, against a cache of {sizes[0]} KB")
    for kb, ins, mb in rows:
        ratio = f"{ins / floor_paint:.3f}x" if ins and floor_paint else "n/a"
        shown = f"{ins:8.2f} M" if ins else "     n/a"
        print(f"  cache {kb:6d} KB: paint {shown} ({ratio})   memory {mb:6.1f} MB ({mb - floor_mem:+.1f} MB)")


if __name__ == "__main__":
    main()
