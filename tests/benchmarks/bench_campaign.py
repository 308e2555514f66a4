"""Evaluation time of a Stargrave crew with 1, 10 and 100 recorded games (schema check, replay, checks).

Run by hand (not collected by pytest):  .venv/bin/python tests/benchmarks/bench_campaign.py

The floor is the same crew with no games, evaluated in the same run; the games are the five of the
shipped campaign example repeated (levels bought on every game where XP allows, loot, hires, sales).
Each size is timed warm as the best of N evaluations (and of N replays alone), taken in turns so that load from other
processes on a shared machine falls on every size alike. The replay remembers the last crew as founded it
replayed and resumes after the games an edit left alone: "evaluate" and "replay alone" forget it (an edit to
the crew as founded), "last game" times an edit to the last game's record. Targets: 100 games under 10 ms, growing
linearly (the time per game at 100 games within 2x of the time per game at 10).
"""

from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from model import validation
from model.evaluate import evaluate
from model.rules_pack import builtin_pack
from model.storage import load
from model.systems.stargrave.campaign import replay
from model.systems.stargrave.tables import tables

N = 30
SIZES = (0, 1, 10, 100)


def crew_with(n: int) -> dict:
    loaded = load(ROOT / "resources" / "examples" / "ashen-comet-campaign.starwright")
    data = copy.deepcopy(loaded.data)
    five = data["campaign"]["games"]
    games = []
    for g in range(n):
        game = copy.deepcopy(five[g % 5])
        game["levels"] = []          # levels past the first five would break the band: keep the replay legal
        game["after"] = [a for a in game.get("after", []) if "hire" not in a]   # the roster stays at 8
        game["out_of_action"] = []
        game["survival"] = []
        games.append(game)
    data["campaign"]["games"] = games
    return loaded.kind, data


def _other_last(data: dict) -> dict:
    """The crew with one more Rival XP in its last game."""
    other = copy.deepcopy(data)
    xp = other["campaign"]["games"][-1].setdefault("xp", {})
    xp["rivals"] = xp.get("rivals", 0) + 1
    return other


def _time(fn, runs: list[float]) -> None:
    # CPU time of this process: on a machine shared by several busy processes, wall time also counts the
    # slices the others took, which falls more often on a long run than on a short one.
    t0 = time.process_time()
    fn()
    runs.append(time.process_time() - t0)


def main() -> None:
    pack = builtin_pack("stargrave")
    docs = {n: crew_with(n) for n in SIZES}
    for n in SIZES:                  # warm up: imports, schema validators, the rules pack
        evaluate(docs[n][1], docs[n][0])
    memo = tables(pack).__dict__        # the replay's memo of the crews it replayed (replay.py)
    whole: dict[int, list[float]] = {n: [] for n in SIZES}
    last: dict[int, list[float]] = {n: [] for n in SIZES}
    alone: dict[int, list[float]] = {n: [] for n in SIZES}
    cold: dict[int, list[float]] = {n: [] for n in SIZES}
    for _ in range(N):
        for n in SIZES:
            kind, data = docs[n]
            memo.pop("_replays", None)        # a new crew as founded: every game replayed
            _time(lambda data=data, kind=kind: evaluate(data, kind), whole[n])
            if n:                             # the same crew replayed with another last record just before
                evaluate(_other_last(data), kind)
                _time(lambda data=data, kind=kind: evaluate(data, kind), last[n])
            memo.pop("_replays", None)
            _time(lambda data=data: replay(data, pack), alone[n])
            memo.pop("_replays", None)
            validation._RECORDS.clear()       # as on opening the file: nothing validated yet
            _time(lambda data=data, kind=kind: evaluate(data, kind), cold[n])
    # the best of N runs: on a shared machine the others' load only ever adds time
    ev = {n: min(v) * 1000 for n, v in whole.items()}
    rp = {n: min(v) * 1000 for n, v in alone.items()}
    print(f"best of {N} runs each (ms); floor = the crew with no games: evaluate {ev[0]:.2f}, replay {rp[0]:.2f}")
    co = {n: min(v) * 1000 for n, v in cold.items()}
    la = {n: min(v) * 1000 for n, v in last.items() if v}
    print("evaluate: checking again after an edit to the crew as founded (unchanged records are not re-validated,")
    print("every game is replayed); last game: after an edit to the last game's record (the games before it are not")
    print("replayed again); cold: the first check of the file (every record validated by the schema)")
    print("games   evaluate (x floor)   last game   cold evaluate   replay alone   replay per game")
    for n in SIZES[1:]:
        print(f"{n:5d}   {ev[n]:8.2f} ({ev[n] / ev[0]:5.2f}x)   {la[n]:9.2f}   {co[n]:13.2f}   {rp[n]:12.2f}      "
              f"{(rp[n] - rp[0]) / n:.3f}")
    growth = ((rp[100] - rp[0]) / 100) / ((rp[10] - rp[0]) / 10)
    print(f"growth of the replay: per game at 100 games / per game at 10 games = {growth:.2f} (linear: about 1)")
    print(f"target, 100 games evaluated under 10 ms: {'met' if ev[100] < 10 else 'NOT met'} ({ev[100]:.2f} ms; "
          f"cold {co[100]:.2f} ms; replay alone {rp[100]:.2f} ms)")


if __name__ == "__main__":
    main()
