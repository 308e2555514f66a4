"""Readers and printers against hostile or extreme files: each does work proportional to what it reads.

Run by hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_bounded.py [--timeout SECONDS] [--only NAME]

Each case runs in its own process (so one that runs away is stopped at the timeout and its memory is its own)
and prints its time, its peak memory and what the program said:

- rosz-newlines, rosz-charrefs: a BattleScribe .rosz of about 4 KB whose roster unpacks to 4 MB of element text
  split by newlines or by character references (expat hands each piece over on its own: joining them one by one
  was quadratic);
- labernator-level-1e7, labernator-level-1e9: a Labernator crew whose Captain is at level 10^7 or 10^9 (every level
  since founding was listed before anything was checked);
- xml-utf7: an XML roster that declares encoding="UTF-7" (the parser cannot read it);
- ship-500-print, ship-2000-print: a Starchasers ship with 500 or 2,000 repairs, printed as the full sheet (the
  repairs table split across pages was laid out again on every page);
- ship-500-window, ship-2000-window: the same ships opened in the builder's window and printed from it (what File >
  Export PDF and the sheet preview do, on the window's thread).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

HOSTILE_BYTES = 4 * 1024 * 1024 - 65536   # just inside the unpacked roster limit (model/importers/bounded.py)


def hostile_rosz(piece: str) -> bytes:
    """A legal Stargrave roster with one element whose text is `piece` repeated to ~4 MB, zipped."""
    from tests.model.import_fixtures import roster_tree, to_rosz, to_xml
    xml = to_xml(roster_tree()).decode("utf-8")
    filler = piece * (HOSTILE_BYTES // len(piece))
    xml = xml.replace("</roster>", f"<comment>{filler}</comment>\n</roster>")
    return to_rosz(xml.encode("utf-8"))


def labernator_level(level: int) -> bytes:
    from tests.model.import_fixtures import labernator_campaign
    d = labernator_campaign()
    d["Captain"]["level"] = level
    return json.dumps(d).encode("utf-8")


def ship(repairs: int) -> dict:
    """The example light freighter with `repairs` repairs in its log (hull, system and structure in turn)."""
    d = json.loads((ROOT / "resources" / "examples" / "kestrel-light-freighter.starwright").read_text("utf-8"))
    kinds = [{"what": "hull", "points": 3, "by": "shop", "place": "spaceport", "reputability": "good",
              "damage_before": 5},
             {"what": "system", "points": 2, "by": "crew", "place": "space", "damage_before": 2},
             {"what": "structure", "points": 1, "by": "shop", "place": "drydock", "region": "mid_rim",
              "reputability": "good", "damage_before": 2}]
    d["play"] = {"repairs": [dict(kinds[i % 3]) for i in range(repairs)]}
    return d


# ---- the cases, each run in a child process ---------------------------------------------------------------

def run_import(raw: bytes) -> str:
    from model.importers import ImportRefused, import_bytes
    try:
        r = import_bytes(raw, "bench")
    except ImportRefused as e:
        return f"refused: {e}"
    return f"imported: {len(r.data['soldiers'])} soldiers, {len(r.data.get('campaign', {}).get('games', []))} games"


def run_print(repairs: int, tmp: Path) -> str:
    from model.bounded import DocumentError
    from model.evaluate import evaluate
    from model.sheets import SheetOptions, export_pdf
    from model.storage import load
    f = tmp / f"ship{repairs}.starwright"
    f.write_text(json.dumps(ship(repairs)), encoding="utf-8")
    try:
        loaded = load(f)
    except DocumentError as e:
        return f"refused: {e}"
    pdf = export_pdf(loaded.data, evaluate(loaded.data, loaded.kind), SheetOptions(paper="a4"))
    return f"printed: {len(pdf) // 1024} KB"


def run_window(repairs: int, tmp: Path) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from gui import theme
    from gui.main_window import MainWindow
    from gui.widgets import preview
    theme.apply(app)
    w = MainWindow()
    w.resize(1280, 860)
    w.show()
    app.processEvents()
    f = tmp / f"ship{repairs}.starwright"
    f.write_text(json.dumps(ship(repairs)), encoding="utf-8")
    from gui.dialogs import prompts
    said = []
    prompts.show_document_error = lambda parent, err, *a, **k: said.append(str(err))   # the dialog's words
    t = time.perf_counter()
    e = w.open_path(str(f))
    app.processEvents()
    opened = time.perf_counter() - t
    if e is None:
        return f"window refused it in {opened:.2f} s: {' / '.join(said) or 'no editor'}"
    t = time.perf_counter()
    pdf = preview.render(e.session)   # what Export PDF and the preview do, on the window's thread
    app.processEvents()
    return f"opened in {opened:.2f} s; printed from the window in {time.perf_counter() - t:.2f} s ({len(pdf) // 1024} KB)"


CASES = {
    "rosz-newlines": lambda tmp: run_import(hostile_rosz("a\n")),
    "rosz-charrefs": lambda tmp: run_import(hostile_rosz("&#65;")),
    "labernator-level-1e7": lambda tmp: run_import(labernator_level(10 ** 7)),
    "labernator-level-1e9": lambda tmp: run_import(labernator_level(10 ** 9)),
    "xml-utf7": lambda tmp: run_import(b'<?xml version="1.0" encoding="UTF-7"?>\n<roster name="x"/>\n'),
    "ship-500-print": lambda tmp: run_print(500, tmp),
    "ship-2000-print": lambda tmp: run_print(2000, tmp),
    "ship-500-window": lambda tmp: run_window(500, tmp),
    "ship-2000-window": lambda tmp: run_window(2000, tmp),
}


def child(name: str, tmp: str) -> None:
    t = time.perf_counter()
    try:
        said = CASES[name](Path(tmp))
    except BaseException as e:   # a benchmark reports what happened, whatever it was
        said = f"FAILED: {type(e).__name__}: {str(e)[:200]}"
    took = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": took, "peak_mb": peak, "said": said}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--child", default="")
    ap.add_argument("--tmp", default="")
    args = ap.parse_args()
    if args.child:
        child(args.child, args.tmp)
        return
    import tempfile
    for name in CASES:
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            if name.startswith("rosz"):
                size = len(hostile_rosz("a\n" if "newlines" in name else "&#65;"))
                print(f"({name}: the .rosz is {size / 1024:.1f} KB)")
            t = time.perf_counter()
            try:
                r = subprocess.run([sys.executable, __file__, "--child", name, "--tmp", tmp], capture_output=True,
                                   text=True, timeout=args.timeout, cwd=ROOT)
            except subprocess.TimeoutExpired:
                print(f"{name:24} did not finish in {args.timeout:.0f} s")
                continue
            lines = [x for x in r.stdout.splitlines() if x.startswith("{")]
            if not lines:
                print(f"{name:24} crashed after {time.perf_counter() - t:.1f} s: {r.stderr.strip()[-300:]}")
                continue
            out = json.loads(lines[-1])
            print(f"{name:24} {out['seconds']:8.2f} s  peak {out['peak_mb']:7.0f} MB  {out['said'][:160]}")


if __name__ == "__main__":
    main()
