"""Builder window benchmarks (run by hand, not collected by pytest):

    /work/venv/bin/python tests/benchmarks/bench_gui.py

Prints, in one run:
1. start-up to a shown main window, against a bare PySide6 QMainWindow started the same way
   (fresh subprocesses, same interpreter and platform plugin; median of several runs);
2. edit-to-refreshed-widgets latency for a full crew of 10 (Captain, First Mate, 8 soldiers) with every
   page built: each edit goes through the session (undo command, evaluate, binder, pages) and the event
   loop is run so the repaint is included; median, p90, and the ratio to one plain jsonschema validation of
   the same document;
3. resident memory with five crews open, against the bare window.
Targets (issue 3): start-up <= 1.5x bare, edit median < 16 ms, memory <= 1.5x bare.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
ENV = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"), PYTHONPATH=str(ROOT))

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
    files = sys.argv[sys.argv.index('--rss') + 1:]
    for f in files:
        e = w.open_path(f)
        for p in e.pages:
            e.show_page(p); app.processEvents()
    app.processEvents()
    print('rss', rss_mb(), flush=True)
    for e in w.editors():
        w.close_editor(e, ask=False)
"""


def child(code: str, *args: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, env=ENV, cwd=str(ROOT))
    shown = None
    out = {}
    for line in p.stdout:
        if line.startswith("shown") and shown is None:
            shown = time.perf_counter() - t0
        elif line.startswith("rss"):
            out["rss"] = float(line.split()[1])
    p.wait()
    return shown, out


def startup(runs: int = 7) -> None:
    child(BARE)  # warm the file cache for both
    child(APP)
    bare = statistics.median(child(BARE)[0] for _ in range(runs))
    app = statistics.median(child(APP)[0] for _ in range(runs))
    print(f"start-up to shown window: Starwright {app * 1000:.0f} ms, bare PySide6 window {bare * 1000:.0f} ms, "
          f"ratio {app / bare:.2f}x (target <= 1.5x; median of {runs})")


def memory() -> None:
    crews = [str(p) for p in sorted(EXAMPLES.glob("*.starwright")) if "broken" not in p.name
             and json.loads(p.read_text()).get("format") == "starwright/stargrave-crew"][:5]
    bare = child(BARE, "--rss")[1]["rss"]
    app = child(APP, "--rss", *crews)[1]["rss"]
    print(f"resident memory: five crews open {app:.0f} MB, bare PySide6 window {bare:.0f} MB, "
          f"ratio {app / bare:.2f}x (target <= 1.5x)")


def latency(n: int = 300) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import jsonschema
    from PySide6.QtWidgets import QApplication

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
