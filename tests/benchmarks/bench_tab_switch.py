"""Switching document tabs: what giving back the forms of documents out of sight costs (run by hand, not
collected by pytest):

    .venv/bin/python tests/benchmarks/bench_tab_switch.py [--rounds N]

bench_gui's five documents are opened in one window; then each is shown in turn, round after round, so that
every switch goes to a document shown longest ago, whose forms were given back (gui/main_window.py,
KEPT_FORMS) and whose page is built again. The floor, measured in the same child: switching back and forth
between the two documents shown last, which keep their forms. A second child keeps every form (KEPT_FORMS
raised) for comparison. Prints the median ms of each document's switch and its ratio to the floor.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_gui as bg  # (beside this file)

CHILD = """
import json, os, statistics, sys, time
import gui.main_window as mw
if sys.argv[1] == "all":
    mw.KEPT_FORMS = 99
from gui.app import create
app, w = create([])
app.processEvents()
rounds = int(sys.argv[2])
eds = [w.open_path(f) for f in sys.argv[3:]]
app.processEvents()

def show(e):
    t = time.perf_counter()
    w.tabs.setCurrentWidget(e)
    app.processEvents()
    return (time.perf_counter() - t) * 1000

times = {os.path.basename(f): [] for f in sys.argv[3:]}
for _ in range(rounds):
    for f, e in zip(sys.argv[3:], eds):
        times[os.path.basename(f)].append(show(e))
floor = [show(e) for _ in range(rounds) for e in (eds[-1], eds[-2])]
print(json.dumps({"floor": statistics.median(floor), "docs": {k: statistics.median(v) for k, v in times.items()}}))
for e in w.editors():
    w.close_editor(e, ask=False)
"""


def child(mode: str, rounds: int) -> dict:
    import json
    docs = [str(bg.EXAMPLES / f"{name}.starwright") for name in bg.FIVE]
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(rounds), *docs], capture_output=True, text=True,
                         env=bg.ENV, cwd=str(bg.ROOT), check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Document tab switches with and without forms given back")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args(argv)
    given, kept = child("kept-two", args.rounds), child("all", args.rounds)
    floor = given["floor"]
    print(f"floor: back and forth between the two documents shown last, {floor:.1f} ms (median)")
    print(f"{'document shown again':32s} {'forms given back':>18s} {'every form kept':>18s}")
    for name in given["docs"]:
        a, b = given["docs"][name], kept["docs"][name]
        print(f"  {name:30s} {a:7.1f} ms {a / floor:5.1f}x {b:7.1f} ms {b / floor:5.1f}x")


if __name__ == "__main__":
    main()
