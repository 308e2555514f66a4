"""Builder window benchmarks (run by hand, not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_gui.py

Prints, in one run:
1. start-up to a shown main window, against a bare PySide6 QMainWindow started the same way
   (fresh subprocesses, same interpreter, environment and platform plugin; the bare and app runs alternate so
   that load from other processes on the machine hits both alike; median of several runs). Python source is
   compiled to bytecode once, as an installed wheel (pip compiles on install) or the frozen bundle has it; the
   number with PYTHONDONTWRITEBYTECODE=1 (every module compiled at every start, as this checkout runs when
   that variable is set) is printed as well;
2. edit-to-refreshed-widgets latency for a full crew of 10 (Captain, First Mate, 8 soldiers) with every
   page built: each edit goes through the session (undo command, evaluate, binder, pages) and the event
   loop is run so the repaint is included; median, p90, and the ratio to one plain jsonschema validation of
   the same document;
3. resident memory with five crews open, against the bare window: once with each crew just opened (on its
   first page, as File > Open leaves it) and once after every page of every crew has been visited.
Targets (issue 3): start-up <= 1.5x bare, edit median < 16 ms, memory <= 1.5x bare.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
ENV = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"), PYTHONPATH=str(ROOT))
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
# Bytecode goes to a private folder (the checkout stays clean); the warm-up runs fill it for both children.
ENV["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "starwright-bench-pycache")
NO_BYTECODE = dict(ENV, PYTHONDONTWRITEBYTECODE="1")
NO_BYTECODE.pop("PYTHONPYCACHEPREFIX")

RSS = """
def rss_mb():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024
"""

BARE = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow(); w.resize(1320, 900); w.show()
app.processEvents()
print('shown', flush=True)
""" + RSS + """
import sys
if '--rss' in sys.argv:
    print('rss', rss_mb(), flush=True)
"""

APP = """
from gui.app import create
app, w = create([])
app.processEvents()
print('shown', flush=True)
""" + RSS + """
import sys
if '--rss' in sys.argv:
    files = [a for a in sys.argv[sys.argv.index('--rss') + 1:] if not a.startswith('--')]
    for f in files:
        e = w.open_path(f)
        app.processEvents()
        if '--visit' in sys.argv:
            for p in e.pages:
                e.show_page(p); app.processEvents()
    app.processEvents()
    print('rss', rss_mb(), flush=True)
    for e in w.editors():
        w.close_editor(e, ask=False)
"""


def child(code: str, *args: str, env: dict = ENV) -> tuple[float, dict]:
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, env=env, cwd=str(ROOT))
    shown = None
    out = {}
    for line in p.stdout:
        if line.startswith("shown") and shown is None:
            shown = time.perf_counter() - t0
        elif line.startswith("rss"):
            out["rss"] = float(line.split()[1])
    p.wait()
    return shown, out


def _alternating(runs: int, env: dict) -> tuple[float, float]:
    """Median start-up of the bare window and of the app, runs alternating bare, app, bare, app..."""
    child(BARE, env=env)  # warm the file cache (and the bytecode folder) for both
    child(APP, env=env)
    bare, app = [], []
    for _ in range(runs):
        bare.append(child(BARE, env=env)[0])
        app.append(child(APP, env=env)[0])
    return statistics.median(bare), statistics.median(app)


def startup(runs: int = 11) -> None:
    bare, app = _alternating(runs, ENV)
    print(f"start-up to shown window: Starwright {app * 1000:.0f} ms, bare PySide6 window {bare * 1000:.0f} ms, "
          f"ratio {app / bare:.2f}x (target <= 1.5x; median of {runs}, alternating)")
    bare, app = _alternating(max(3, runs // 2), NO_BYTECODE)
    print(f"    without bytecode (PYTHONDONTWRITEBYTECODE=1, sources compiled at every start): Starwright "
          f"{app * 1000:.0f} ms, bare {bare * 1000:.0f} ms, ratio {app / bare:.2f}x")


def memory() -> None:
    crews = [str(p) for p in sorted(EXAMPLES.glob("*.starwright")) if "broken" not in p.name
             and json.loads(p.read_text()).get("format") == "starwright/stargrave-crew"][:5]
    bare = statistics.median(child(BARE, "--rss")[1]["rss"] for _ in range(3))
    opened = statistics.median(child(APP, "--rss", *crews)[1]["rss"] for _ in range(3))
    visited = statistics.median(child(APP, "--rss", "--visit", *crews)[1]["rss"] for _ in range(3))
    print(f"resident memory: five crews opened {opened:.0f} MB, bare PySide6 window {bare:.0f} MB, "
          f"ratio {opened / bare:.2f}x (target <= 1.5x)")
    print(f"    five crews with every page visited {visited:.0f} MB, ratio {visited / bare:.2f}x")


def latency(n: int = 300) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import jsonschema

    from gui.app import application
    from gui.main_window import MainWindow
    from model import edits
    from model.paths import schemas_dir

    app = application()
    w = MainWindow()
    w.show()
    e = w.open_path(str(EXAMPLES / "ashen-comet-veteran.starwright"))
    s = e.session
    while len(s.data["soldiers"]) < 8:
        s.apply(edits.Insert("/soldiers/-", {"name": "", "type": "Recruit", "robot": False, "shotgun": False,
                                             "item": None}))
    assert s.result.derived["members"] == 10
    for p in e.pages:
        e.show_page(p)
        app.processEvents()
    e.show_page(e.pages[1])
    app.processEvents()
    name = e.pages[1].name

    kinds = {
        "type a letter in a name": lambda i: s.apply(edits.Set("/captain/name", "Mara Vex" + "x" * (i % 40)),
                                                     source=name, merge_key=("/captain/name", 0)),
        "tick a soldier's robot box": lambda i: s.apply(edits.Set("/soldiers/3/robot", i % 2 == 0)),
        "toggle a power's reduction": lambda i: s.apply(edits.Set("/captain/powers/2/reduced", i % 2 == 0)),
        "add / remove an item": lambda i: s.apply(edits.Insert("/captain/items/-", "Grenades") if i % 2 == 0
                                                  else edits.Remove("/captain/items/5")),
        "change background": lambda i: s.apply(edits.Set("/first_mate/background", "Rogue" if i % 2 == 0 else "Cyborg")),
    }
    results = {}
    for label, edit in kinds.items():
        times = []
        for i in range(n // len(kinds)):
            t = time.perf_counter()
            edit(i)
            app.processEvents()
            times.append(time.perf_counter() - t)
        results[label] = times
    every = sorted(t for ts in results.values() for t in ts)
    median = statistics.median(every)
    p90 = every[int(len(every) * 0.9)]

    schema = json.loads((schemas_dir() / "stargrave-crew.v1.json").read_text())
    doc = json.loads(json.dumps(s.data))
    vt = []
    for _ in range(50):
        t = time.perf_counter()
        jsonschema.validate(doc, schema)
        vt.append(time.perf_counter() - t)
    validator = jsonschema.Draft202012Validator(schema)
    pt = []
    for _ in range(200):
        t = time.perf_counter()
        validator.validate(doc)
        pt.append(time.perf_counter() - t)
    v, pv = statistics.median(vt), statistics.median(pt)
    print(f"edit to refreshed widgets, full crew of 10, all pages built ({len(every)} edits): median "
          f"{median * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms (target median < 16 ms)")
    for label, ts in results.items():
        print(f"    {label:30s} median {statistics.median(ts) * 1000:6.2f} ms")
    print(f"one plain jsonschema.validate() of the same document: {v * 1000:.2f} ms -> an edit costs "
          f"{median / v:.2f}x that; a prebuilt Draft202012Validator.validate(): {pv * 1000:.2f} ms -> {median / pv:.2f}x")
    for ed in w.editors():
        w.close_editor(ed, ask=False)


if __name__ == "__main__":
    print(f"Python {sys.version.split()[0]}, platform plugin {ENV['QT_QPA_PLATFORM']}, {os.cpu_count()} CPUs")
    startup()
    memory()
    latency()
