"""Instructions per edit, counted by valgrind's callgrind (run by hand, not collected by pytest; needs valgrind):

    .venv/bin/python tests/benchmarks/bench_instructions.py [--kind LABEL] [--edits N]

bench_gui.py times edits on the clock, and on a shared 2-core machine the same edit takes up to twice as long
from one run to the next. A count of the instructions an edit runs does not move, so the cost of a change can
be read in one run. Each edit kind of each document (bench_gui.DOCUMENTS, every page built) runs in its own
child under callgrind, counting only the edits (session, evaluate, binder, pages, and the event loop that
repaints); then, in the same child, the document's evaluate() alone, every game of a campaign replayed
(bench_gui.replayed_anew; an edit to the last game replays less, so it can cost less than this floor). Prints
millions of instructions per edit, per evaluate(), and their ratio (for information: issue 28 dropped the issue
13 target of <= 3x evaluate; the targets are bench_gui's milliseconds).
A run takes about 20 s per edit kind.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_gui as bg  # (beside this file)


def _control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(os.getpid())], capture_output=True, check=False)


def child(label: str, what: str, n: int) -> None:
    """Runs under callgrind: counting is switched on for the edits (dump 1), then for evaluate() (dump 2)."""
    sys.path.insert(0, str(bg.ROOT))
    from gui.app import application
    from gui.main_window import MainWindow
    from model.evaluate import evaluate

    app = application()
    w = MainWindow()
    w.show()
    name, _kind = bg.DOCUMENTS[label]
    path = bg._campaign_crew(Path(tempfile.mkdtemp())) if name is None else bg.EXAMPLES / f"{name}.starwright"
    e = w.open_path(str(path))
    s = e.session
    if label == "stargrave-crew":
        bg._full_crew(s)
    for p in e.pages:
        e.show_page(p)
        app.processEvents()
    e.show_page(e.pages[min(1, len(e.pages) - 1)])
    app.processEvents()
    edit = bg._edits(label, s)[what]
    forget = bg.new_content(s)
    for i in range(6):   # warm: caches filled, every widget the edits touch made
        forget()
        edit(i)
        app.processEvents()
    _control("-i", "on")
    for i in range(6, 6 + n):
        forget()      # (counted: a few thousand instructions)
        edit(i)
        app.processEvents()
    _control("-d")
    for _ in range(n):
        bg.replayed_anew(s)
        evaluate(s.data, s.kind, origin=s.path)
    _control("-d")
    _control("-i", "off")
    w.close_editor(e, ask=False)


def _counted(out: Path) -> list[int]:
    """The instruction totals of each dump, in order."""
    parts = sorted(out.parent.glob(out.name + ".*"), key=lambda p: int(p.suffix[1:]))
    totals = []
    for part in parts:
        for line in part.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                totals.append(int(line.split()[1]))
                break
    return totals


def measure(label: str, what: str, n: int) -> tuple[float, float] | None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(bg.ENV, PYTHONPATH=str(bg.ROOT))
        subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", label, what, str(n)],
                       env=env, cwd=str(bg.ROOT), capture_output=True, check=False)
        totals = _counted(out)
    if len(totals) < 2:
        return None
    return totals[0] / n / 1e6, totals[1] / n / 1e6


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Instructions per edit under callgrind (issue 13)")
    ap.add_argument("--kind", help="only this document (a label of bench_gui.DOCUMENTS or a kind)")
    ap.add_argument("--edits", type=int, default=20, help="edits of each kind counted (default 20)")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args.child[0], args.child[1], int(args.child[2]))
    if not (shutil.which("valgrind") and shutil.which("callgrind_control")):
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    labels = [k for k, (_n, kind) in bg.DOCUMENTS.items() if args.kind in (None, k, kind)]
    if not labels:
        ap.error(f"--kind must be one of {', '.join(bg.DOCUMENTS)} or a kind")
    print(f"millions of instructions per edit (callgrind, {args.edits} edits of each kind, every page built), "
          f"against the document's evaluate() counted in the same child (the ratio for information)")
    for label in labels:
        print(label)
        kinds = _edit_kinds(label)
        for what in kinds:
            got = measure(label, what, args.edits)
            if got is None:
                print(f"    {what:32s} (callgrind gave no count)")
                continue
            per_edit, per_eval = got
            ratio = per_edit / per_eval
            print(f"    {what:32s} {per_edit:7.2f} M per edit   evaluate() {per_eval:6.2f} M   {ratio:5.1f}x")


def _edit_kinds(label: str) -> list[str]:
    """The edit kinds bench_gui defines for a document (asked of a child that opens it)."""
    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); sys.path.insert(0, {str(bg.ROOT)!r}); import bench_gui as bg, tempfile\n"
            "from pathlib import Path\nfrom gui.app import application\nfrom gui.main_window import MainWindow\n"
            f"app = application(); w = MainWindow()\nname, _ = bg.DOCUMENTS[{label!r}]\n"
            "path = bg._campaign_crew(Path(tempfile.mkdtemp())) if name is None else bg.EXAMPLES / f'{name}.starwright'\n"
            f"e = w.open_path(str(path))\nprint('\\n'.join(bg._edits({label!r}, e.session)))\n")
    r = subprocess.run([sys.executable, "-c", code], env=bg.ENV, cwd=str(bg.ROOT), capture_output=True, text=True,
                       check=False)
    return [line for line in r.stdout.splitlines() if line.strip()]


if __name__ == "__main__":
    main()
