"""Export time of a full Stargrave crew (8 soldiers) against a bare reportlab one-page table.

Run by hand (not collected by pytest):  .venv/bin/python tests/benchmarks/bench_export.py

The baseline is the least a PDF of the same crew can cost: one SimpleDocTemplate page with one
Table holding the same rows (officers, powers, items, soldiers) in built-in Helvetica, no fonts to
embed, no styling. Both are timed warm (fonts registered, modules imported) in the same run, as the
median of N builds, taken in turns (bare, sheet, sheet with cards, figure cards, bare, ...) so that load
from other processes on a shared machine falls on all alike; the target is a ratio of at most 3 for the
sheet and for the figure cards (`export --cards`: 10 figures and the officers' powers, two pages).
"""

from __future__ import annotations

import copy
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from model.evaluate import evaluate
from model.cards import deck
from model.sheets import SheetOptions, export_pdf
from model.sheets.cards import export_cards
from model.storage import load
from model.systems.stargrave.tables import KEYS

N = 40


def full_crew():
    loaded = load(ROOT / "resources" / "examples" / "ashen-comet-veteran.starwright")
    data = copy.deepcopy(loaded.data)
    while len(data["soldiers"]) < 8:
        data["soldiers"].append({"name": f"Extra {len(data['soldiers']) + 1}", "type": "Recruit", "robot": False,
                                 "shotgun": False, "item": None})
    data["notes"] = "Owes the Kallax syndicate 50 Cr. Keep the medic near the captain."
    return data, loaded.kind


def bare_table(data: dict, derived: dict) -> bytes:
    rows = [["Crew", data["name"], "", "", "", "", "", "", ""]]
    for role in ("captain", "first_mate"):
        o, od = data[role], derived[role]
        rows.append([role, o["name"], o["species"], od["background"], str(od["level"])] + [""] * 4)
        rows.append(["profile"] + [str(od["profile"][k]) for k in KEYS] + ["", ""])
        for p in od["powers"]:
            rows.append(["power", p["name"], str(p["activation"]), str(p["fatigue"]), p["category"]] + [""] * 4)
        for it in od["item_slots"]:
            rows.append(["item", it["name"], str(it["slots"])] + [""] * 6)
    for s, sd in zip(data["soldiers"], derived["soldiers"]):
        rows.append([s["name"], sd["type"]] + [str(sd["profile"][k]) for k in KEYS] + [", ".join(sd["gear"])[:30]])
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4)
    t = Table(rows)
    t.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 7), ("GRID", (0, 0), (-1, -1), 0.25, "grey")]))
    doc.build([t])
    return buf.getvalue()


def timed(fns: dict, n: int = N) -> dict:
    """Median seconds per function, the functions run in turns n times."""
    times: dict = {k: [] for k in fns}
    for _ in range(n):
        for k, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t0)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> int:
    data, kind = full_crew()
    result = evaluate(data, kind)
    try:
        import _rl_accel  # noqa: F401 - probes optional accelerator
        accel = "yes"
    except ImportError:
        accel = "no (pip install rl-accel makes reportlab faster)"
    opts = SheetOptions(paper="a4")
    no_cards = SheetOptions(paper="a4", cards=False)
    export_pdf(data, result, opts)  # warm: fonts registered, layout loaded
    export_cards(deck(data, result), opts)
    bare_table(data, result.derived)
    t = timed({"base": lambda: bare_table(data, result.derived), "sheet": lambda: export_pdf(data, result, no_cards),
               "full": lambda: export_pdf(data, result, opts),
               "cards": lambda: export_cards(deck(data, result), opts)})
    base, sheet_only, full, cards = t["base"], t["sheet"], t["full"], t["cards"]
    n_cards = len(deck(data, result).cards)
    print(f"reportlab C accelerator (_rl_accel): {accel}")
    print(f"bare reportlab one-page table:        {base * 1000:7.2f} ms")
    print(f"crew sheet, 8 soldiers, no cards:     {sheet_only * 1000:7.2f} ms   ratio {sheet_only / base:5.2f}x")
    print(f"crew sheet, 8 soldiers, with cards:   {full * 1000:7.2f} ms   ratio {full / base:5.2f}x")
    print(f"figure cards ({n_cards} cards, --cards):     {cards * 1000:7.2f} ms   ratio {cards / base:5.2f}x")
    print("target: at most 3x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
