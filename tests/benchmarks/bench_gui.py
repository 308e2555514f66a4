"""Builder window benchmarks for every document kind (run by hand, not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_gui.py [--quick] [--kind K]

`--quick` takes fewer repetitions; `--kind K` (a document label below, e.g. `starfrontiers-character`, or a
kind, e.g. `stargrave-crew` for both crews) measures only the edits and evaluate() of that document, for
someone working on one system's pages.

Prints, in one run:
1. start-up to a shown main window, against a bare PySide6 QMainWindow started the same way
   (fresh subprocesses, same interpreter, environment and platform plugin; the bare and app runs alternate so
   that load from other processes on the machine hits both alike; median of several runs). Python source is
   compiled to bytecode once, as an installed wheel (pip compiles on install) or the frozen bundle has it; the
   number with PYTHONDONTWRITEBYTECODE=1 (every module compiled at every start) is printed as well;
2. per document (a full document of each of the five kinds, and a Stargrave crew with 20 recorded games)
   and per edit kind, edit-to-refreshed-widgets latency with every page built: each edit goes through the
   session (undo command, evaluate, binder, pages) and the event loop is run so the repaint is included;
   median and p90, and the document's own evaluate() time (every game of a campaign replayed: the floor the
   edits are compared with);
3. resident memory with five documents open (one of each kind), against a floor: a bare window that shows a
   text page and has imported jsonschema and reportlab (what any builder of this stack carries); once with
   each document just opened (on its first page, as File > Open leaves it) and once after every page has
   been visited.
Targets (issue 38): memory is budgeted as the program's own memory (RssAnon: its Python objects, Qt's
widgets and caches; not the shared libraries' pages, which moved by 12 MB between runs of the same floor):
<= 40 MB with five documents opened, <= 46 MB with every page visited. Start-up <= 1.5x the bare window. Edits
against a floor taken in the same run (a bare widget's repaint: a QLabel's new text in a bare window of the
main window's size, measured as the edits are: the change, then the event loop run): every edit kind of every
document within 14x the floor at the median and 28x at p90 (about 4 and 8 ms on a quiet machine here; absolute
times alone moved by half between runs an hour apart). The resident-memory ratios to the old floor are printed
for information.
"""

from __future__ import annotations

import argparse
import copy
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
# Settings, recent files and the recovery folder in a folder of this run: the user's own are neither read (a
# long recent-files list would change the start-up figure) nor written (the documents opened below).
for _var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    ENV[_var] = tempfile.mkdtemp(prefix="starwright-bench-")
NO_BYTECODE = dict(ENV, PYTHONDONTWRITEBYTECODE="1")
NO_BYTECODE.pop("PYTHONPYCACHEPREFIX")

MEDIAN_X, P90_X, STARTUP_RATIO, OWN_OPEN_MB, OWN_VISITED_MB = 14.0, 28.0, 1.5, 40.0, 46.0
# One document of each kind for the memory figures (the Starchasers ship links the character's file).
FIVE = ["ashen-comet-veteran", "kestrel-crewed", "unit-k7-droid-medic", "norel-kho-dralasite", "z-gata-frigate"]

RSS = """
def rss_mb(field='VmRSS'):
    for line in open('/proc/self/status'):
        if line.startswith(field + ':'):
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

# The memory floor (issue 28): a bare window showing a page of text, with jsonschema and reportlab imported.
FLOOR = """
import jsonschema, reportlab
from PySide6.QtWidgets import QApplication, QMainWindow, QTextBrowser
app = QApplication([])
w = QMainWindow(); w.resize(1320, 900)
page = QTextBrowser(); page.setHtml('<h1>Starwright</h1>' + '<p>A page of text to show.</p>' * 40)
w.setCentralWidget(page); w.show()
app.processEvents()
print('shown', flush=True)
""" + RSS + """
print('rss', rss_mb(), rss_mb('RssAnon'), flush=True)
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
    print('rss', rss_mb(), rss_mb('RssAnon'), flush=True)
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
            if len(line.split()) > 2:
                out["anon"] = float(line.split()[2])
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




def _ok(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER"


def startup(runs: int) -> list[str]:
    bare, app = _alternating(runs, ENV)
    over = ["start-up"] if app / bare > STARTUP_RATIO else []
    print(f"start-up to shown window: Starwright {app * 1000:.0f} ms, bare PySide6 window {bare * 1000:.0f} ms, "
          f"ratio {app / bare:.2f}x (target <= {STARTUP_RATIO}x: {_ok(app / bare, STARTUP_RATIO)}; median of {runs}, "
          f"alternating)")
    bare, app = _alternating(max(2, runs // 2), NO_BYTECODE)
    print(f"    without bytecode (PYTHONDONTWRITEBYTECODE=1, sources compiled at every start): Starwright "
          f"{app * 1000:.0f} ms, bare {bare * 1000:.0f} ms, ratio {app / bare:.2f}x")
    return over


def memory(runs: int) -> list[str]:
    # History (issues 28 and 38): five documents open measured 85.8 MB resident when each kept its forms, 82.5
    # once documents out of sight gave theirs back (gui/main_window.py, KEPT_FORMS), 78.0 after answering PySide6's
    # import hook from the files' bytes (gui/workarounds/import_hook.py, -1.4 MB: kept) and three measures that
    # issue 38 reverted as tricks costing the next engineer more than they saved (1.0 to 1.3 MB together, most of
    # it back as soon as the Play view or the post-game record opens): viewports and models found by Qt's private
    # object names, glibc's malloc_trim after forms were given back, and the dialogs imported inside each function.
    # Tried and not kept: python -OO (-0.7 MB, no docstrings); giving back the forms of pages out of sight within a
    # document (a rebuild and a lost scroll at every page switch); keeping one document's forms instead of two
    # (-0.9 MB, every switch rebuilds: tests/benchmarks/bench_tab_switch.py).
    docs = [str(EXAMPLES / f"{name}.starwright") for name in FIVE]
    bare = statistics.median(child(BARE, "--rss")[1]["rss"] for _ in range(runs))
    floors = [child(FLOOR)[1] for _ in range(runs)]
    opens = [child(APP, "--rss", *docs)[1] for _ in range(runs)]
    visits = [child(APP, "--rss", "--visit", *docs)[1] for _ in range(runs)]
    floor, opened, visited = (statistics.median(x["rss"] for x in xs) for xs in (floors, opens, visits))
    anon = [statistics.median(x["anon"] for x in xs) for xs in (floors, opens, visits)]
    print(f"five documents opened: own memory {anon[1]:.1f} MB (RssAnon) (budget <= {OWN_OPEN_MB:g} MB: "
          f"{_ok(anon[1], OWN_OPEN_MB)}; median of {runs})")
    print(f"every page visited: own memory {anon[2]:.1f} MB (RssAnon) (budget <= {OWN_VISITED_MB:g} MB: "
          f"{_ok(anon[2], OWN_VISITED_MB)})")
    # Resident memory is the program's own (anonymous: Python objects, Qt's widgets and caches) plus the pages of
    # the Qt and Python libraries it has mapped. The second part moves between runs of the same binaries (seen
    # here: the floor at 60 to 72 MB within one session), so it is printed for information only.
    print(f"    for information, resident memory (VmRSS): five documents {opened:.1f} MB, every page {visited:.1f} MB; "
          f"floor (a window showing text, jsonschema and reportlab imported) {floor:.1f} MB, own {anon[0]:.1f} MB; "
          f"an empty PySide6 window {bare:.1f} MB; ratios to the floor {opened / floor:.2f}x and {visited / floor:.2f}x")
    return [what for what, own, budget in (("memory, five documents opened", anon[1], OWN_OPEN_MB),
                                           ("memory, every page visited", anon[2], OWN_VISITED_MB))
            if own > budget]


# -- the documents and their edits ---------------------------------------------------------------------------

def _soldier(kind: str = "Recruit") -> dict:
    return {"name": "", "type": kind, "robot": False, "shotgun": False, "item": None}


def _full_crew(s) -> None:
    from model import edits
    while len(s.data["soldiers"]) < 8:
        s.apply(edits.Insert("/soldiers/-", _soldier()))
    s.stack.clear()


def _campaign_crew(tmp: Path) -> Path:
    """The shipped campaign's five games recorded four times over (20 games; see bench_campaign.crew_with)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_campaign import crew_with
    _kind, data = crew_with(20)
    path = tmp / "campaign-20-games.starwright"
    path.write_text(json.dumps(data))
    return path


class _Recent(dict):
    """A content memo (keyed by what a document holds) that, at `forget()`, drops what the document as it is now
    did not use. The edits below alternate between two documents; with both remembered, every edit would find
    its content already checked and replayed, which a player's edit (a value never seen before) does not."""

    def __init__(self, *args):
        super().__init__(*args)
        self.used: set = set()

    def get(self, key, default=None):
        self.used.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.used.add(key)
        return super().__getitem__(key)

    def __setitem__(self, key, value):
        self.used.add(key)
        super().__setitem__(key, value)

    def pop(self, key, *default):
        self.used.add(key)
        return super().pop(key, *default)

    def forget(self) -> None:
        for key in [k for k in self if k not in self.used]:
            del self[key]
        self.used = set()


def new_content(session):
    """Puts a `_Recent` in place of each memo of content (the schema checks, the campaign replay and the
    walk-through's trials); returns the function to call before each timed edit so that it meets the memos a
    new edit would: what the current document used, nothing of the other document."""
    from model import validation
    from model.systems.stargrave import record_choices
    from model.systems.stargrave.tables import tables
    memos = [validation.__dict__, record_choices.__dict__]
    names = ["_RECORDS", "_CACHE"]
    if session.kind.kind == "stargrave-crew":
        t = tables(session.pack)
        t.__dict__.setdefault("_replays", {})
        memos.append(t.__dict__)
        names.append("_replays")
    for where, name in zip(memos, names):
        if not isinstance(where[name], _Recent):
            where[name] = _Recent(where[name])
    return lambda: [where[name].forget() for where, name in zip(memos, names)]


def _walkthrough_xp(s):
    """The walk-through of the last game open on its XP step, a count typed into its spin box (the draft is
    evaluated again: the games before it and the record; the session's document is not edited)."""
    opened = []

    def edit(i: int) -> None:
        if not opened:
            from gui.pages.stargrave.record import open_walkthrough
            from gui.pages.stargrave.record.steps import XpStep
            from PySide6.QtWidgets import QApplication
            editor = next(w for w in QApplication.allWidgets()
                          if getattr(w, "is_document_editor", False) and w.session is s)
            dlg = open_walkthrough(s, editor, len(s.data["campaign"]["games"]) - 1)
            dlg.go(next(n for n, step in enumerate(dlg.steps) if isinstance(step, XpStep)))
            opened.append(dlg.current().spins["rivals"])
        opened[0].setValue(4 if i % 2 == 0 else 0)
    return edit


def _edits(label: str, s) -> dict:
    """Edit kind -> function(i) applying the i-th edit of that kind through the session (alternating, so that
    the document returns to where it was)."""
    from model import edits as ed
    from model import optional_rules

    def typing(ptr: str, base: str):
        return lambda i: s.apply(ed.Set(ptr, base + "x" * (i % 40)), source=None, merge_key=(ptr, 0))

    def toggle(ptr: str, a, b):
        return lambda i: s.apply(ed.Set(ptr, a if i % 2 == 0 else b))

    def add_remove(lst: str, value):
        n = len(s.data[lst.strip("/")]) if lst.count("/") == 1 else None
        return lambda i: s.apply(ed.Insert(f"{lst}/-", copy.deepcopy(value)) if i % 2 == 0
                                 else ed.Remove(f"{lst}/{n}"))

    if label.startswith("stargrave"):
        out = {
            "type a letter in a name": typing("/captain/name", "Mara Vex"),
            "tick a soldier's robot box": toggle("/soldiers/3/robot", True, False),
            "toggle a power's reduction": toggle("/captain/powers/2/reduced", True, False),
            "add / remove an item": lambda i: s.apply(ed.Insert("/captain/items/-", "Grenades") if i % 2 == 0
                                                      else ed.Remove(f"/captain/items/{len(s.data['captain']['items']) - 1}")),
            "change background": toggle("/first_mate/background", "Rogue", "Cyborg"),
        }
        if label == "stargrave-campaign-20":     # the latest game's record, as the walk-through edits it
            last = f"/campaign/games/{len(s.data['campaign']['games']) - 1}"
            loot = f"{last}/loot"
            out |= {"last game: type in its title": typing(f"{last}/title", "Last Light"),
                    "last game: change an XP count": toggle(f"{last}/xp/rivals", 3, 0),
                    "last game: add / remove a loot roll": lambda i: s.apply(
                        ed.Insert(f"{loot}/-", {"table": "digital", "roll": 4, "credits_roll": 10}) if i % 2 == 0
                        else ed.Remove(f"{loot}/{len(s.data['campaign']['games'][-1]['loot']) - 1}")),
                    "walk-through: change an XP count": _walkthrough_xp(s)}   # last: its window stays open
        if label == "stargrave-crew":
            out["hire / dismiss a soldier"] = lambda i: s.apply(ed.Remove("/soldiers/7") if i % 2 == 0
                                                                else ed.Insert("/soldiers/-", _soldier()))
        return out
    if label == "starchasers-ship":
        weapon = copy.deepcopy(s.data["weapons"][0]) | {"name": "Spare Laser"}
        return {"type a letter in a name": typing("/name", "Kestrel"),
                "change a number field": toggle("/speed", 5, 4),
                "add / remove a weapon": add_remove("/weapons", weapon),
                "add / remove equipment": add_remove("/equipment", {"name": "Cargo Pod", "hard_points": 1, "cost": 100})}
    if label == "starchasers-character":
        return {"type a letter in a name": typing("/name", "Unit K-7"),
                "change an attribute": toggle("/attributes/perception", 4, 3),
                "tick the droid box": toggle("/droid", False, True),
                "add / remove a motivator": add_remove("/motivators", {"text": "Hums while working", "source": "player"})}
    if label == "starfrontiers-character":
        return {"type a letter in a name": typing("/name", "Norel-Kho"),
                "change a score": toggle("/shifts/int_log", 0, 5),
                "tick an issued box": toggle("/equipment/2/issued", False, True),
                "add / remove equipment": add_remove("/equipment", {"name": "Doze Grenade", "count": 1}),
                "tick an optional rule": lambda i: s.apply(optional_rules.set_rule(s.data, "encumbrance", i % 2 == 0))}
    if label == "knighthawks-ship":
        return {"type a letter in a name": typing("/name", "Z'Gata"),
                "change a weapon count": toggle("/weapons/RB", 3, 4),
                "change hull points": toggle("/hull_points", 40, None),
                "remove / add a weapon": lambda i: s.apply(ed.Remove("/weapons/LC") if i % 2 == 0
                                                           else ed.Set("/weapons/LC", 1))}
    raise KeyError(label)


# label -> (file under resources/examples or None for the generated campaign, kind)
DOCUMENTS = {
    "stargrave-crew": ("ashen-comet-veteran", "stargrave-crew"),
    "stargrave-campaign-20": (None, "stargrave-crew"),
    "starchasers-ship": ("kestrel-crewed", "starchasers-ship"),
    "starchasers-character": ("unit-k7-droid-medic", "starchasers-character"),
    "starfrontiers-character": ("norel-kho-dralasite", "starfrontiers-character"),
    "knighthawks-ship": ("z-gata-frigate", "knighthawks-ship"),
}


def replayed_anew(session) -> None:
    """Empties the campaign replay's memo, so that the next evaluate() replays every game. The floor an edit is
    compared with stays what it was before the replay remembered: the document's evaluate() with its schema
    checks remembered (nothing changed) and every game replayed."""
    if session.kind.kind == "stargrave-crew":
        from model.systems.stargrave.tables import tables
        tables(session.pack).__dict__.get("_replays", {}).clear()


def _evaluate_ms(session, runs: int) -> float:
    from model.evaluate import evaluate
    times = []
    for _ in range(runs):
        replayed_anew(session)
        t = time.perf_counter()
        evaluate(session.data, session.kind, origin=session.path)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _p90(ts: list[float]) -> float:
    ts = sorted(ts)
    return ts[min(len(ts) - 1, int(len(ts) * 0.9))]


def latency(labels: list[str], per_kind: int, tmp: Path) -> list[str]:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.update({k: ENV[k] for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")})
    from gui.app import application
    from gui.main_window import MainWindow

    app = application()
    w = MainWindow()
    w.show()
    failed = []
    from bench_play import paint_now
    bare = statistics.median(bare_repaint(app, max(200, per_kind * 5))) * 1000
    print(f"floor: bare repaint {bare:.3f} ms (a QLabel's new text in a bare window, painted; median)")
    print(f"edit to refreshed widgets (session: undo command, evaluate, binder, pages; event loop run, painted), every page "
          f"built, {per_kind} edits of each kind; targets: median <= {MEDIAN_X:g}x the floor, p90 <= {P90_X:g}x "
          f"(the ratio to the document's evaluate() is printed for information)")
    for label in labels:
        name, _kind = DOCUMENTS[label]
        path = _campaign_crew(tmp) if name is None else EXAMPLES / f"{name}.starwright"
        e = w.open_path(str(path))
        s = e.session
        if label == "stargrave-crew":
            _full_crew(s)
        for p in e.pages:
            e.show_page(p)
            app.processEvents()
        e.show_page(e.pages[min(1, len(e.pages) - 1)])
        app.processEvents()
        ev = _evaluate_ms(s, max(20, per_kind))
        every = []
        rows = []
        forget = new_content(s)
        for what, edit in _edits(label, s).items():
            times = []
            for i in range(per_kind):
                forget()
                t = time.perf_counter()
                edit(i)
                app.processEvents()
                paint_now(app, w)   # what the edit made dirty, painted now (not at the platform's next frame)
                times.append(time.perf_counter() - t)
            med, p90 = statistics.median(times) * 1000, _p90(times) * 1000
            every += times
            bad = med / bare > MEDIAN_X or p90 / bare > P90_X
            if bad:
                failed.append(f"{label}: {what}")
            rows.append(f"    {what:32s} median {med:6.2f} ms = {med / bare:5.1f}x floor  p90 {p90:6.2f} ms = "
                        f"{p90 / bare:5.1f}x floor  {med / ev:5.1f}x evaluate  {'OVER' if bad else 'ok'}")
        med, p90 = statistics.median(every) * 1000, _p90(every) * 1000
        print(f"{label} ({path.name}, {len(e.pages)} pages): evaluate() {ev:.2f} ms; all edits median {med:.2f} ms "
              f"({med / bare:.1f}x floor), p90 {p90:.2f} ms ({p90 / bare:.1f}x floor), {med / ev:.1f}x evaluate")
        print("\n".join(rows))
        w.close_editor(e, ask=False)
        app.processEvents()
    again = statistics.median(bare_repaint(app, max(200, per_kind * 5))) * 1000
    print(f"floor again after: bare repaint {again:.3f} ms")
    return failed


def bare_repaint(app, times: int) -> list[float]:
    """The floor of an edit: a bare window of the main window's size whose one QLabel gets a new text, the event
    loop run and the change painted, measured as the edits are (bench_play's floor)."""
    from bench_play import floor
    return floor(app, times, size=(1320, 900))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Builder window benchmarks (issue 38 targets)")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (a rough figure in about a minute)")
    ap.add_argument("--kind", help="only this document (label or kind): edits and evaluate(), no start-up or memory")
    ap.add_argument("--memory", action="store_true", help="only the memory figures")
    args = ap.parse_args(argv)
    labels = [k for k, (_n, kind) in DOCUMENTS.items() if args.kind in (None, k, kind)]
    if not labels:
        ap.error(f"--kind must be one of {', '.join(DOCUMENTS)} or a kind")
    print(f"Python {sys.version.split()[0]}, platform plugin {ENV['QT_QPA_PLATFORM']}, {os.cpu_count()} CPUs")
    failed = []
    if args.memory:
        failed = memory(1 if args.quick else 3)
        print("over target: " + (", ".join(failed) if failed else "none"))
        return
    if args.kind is None:
        failed = startup(5 if args.quick else 11)
        failed += memory(1 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp:
        failed += latency(labels, 20 if args.quick else 60, Path(tmp))
    print("over target: " + (", ".join(failed) if failed else "none"))


if __name__ == "__main__":
    main()
