"""Rules packs load in linear time, and twenty large house packs in the rules folder cost nothing at start.

Run by hand (not collected by pytest):  .venv/bin/python tests/benchmarks/bench_packs.py

1. One Stargrave pack grown to about 1.2, 2.5 and 5 MB (thousands of powers): load time per MB stays
   flat (the repeated-name check was quadratic: a 5 MB pack took 21-25 s).
2. `starwright check` of a crew with twenty 5 MB packs in the user's rules folder, against the same
   check with an empty folder (the floor, measured in the same run): the target is under 2 s, and a
   ratio near 1; and a crew that names one of the twenty (only that one is loaded and checked).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from model.paths import examples_dir, rules_dir
from model.rules_pack import load_pack_file

BASE = json.loads((rules_dir() / "stargrave.json").read_text(encoding="utf-8"))
BIN = Path(sys.executable).parent / "starwright"


def grown(powers: int, pack_id: str) -> dict:
    pack = copy.deepcopy(BASE)
    pack["id"], pack["name"] = pack_id, f"House rules {pack_id}"
    first = pack["powers"][0]
    pack["powers"] += [dict(first, name=f"Power {i}") for i in range(powers)]
    return pack


def check_time(crew: Path, folder: Path) -> float:
    env = dict(os.environ, STARWRIGHT_USER_RULES=str(folder))
    start = time.perf_counter()
    r = subprocess.run([str(BIN), "check", str(crew)], env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    assert r.returncode in (0, 1), r.stderr
    return took


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        print("1. one pack, growing")
        per_mb = []
        for powers in (4000, 8000, 16000):
            f = tmp / f"grown-{powers}.json"
            f.write_text(json.dumps(grown(powers, f"grown-{powers}")), encoding="utf-8")
            mb = f.stat().st_size / 1e6
            start = time.perf_counter()
            load_pack_file(f)
            took = time.perf_counter() - start
            per_mb.append(took / mb)
            print(f"   {mb:4.1f} MB: {took:5.2f} s, {took / mb:.2f} s per MB")
        print(f"   per-MB ratio largest/smallest: {per_mb[-1] / per_mb[0]:.2f} (1.0 = linear; quadratic would be ~4)")

        empty, full = tmp / "empty", tmp / "full"
        empty.mkdir()
        full.mkdir()
        for i in range(20):
            (full / f"house-{i:02}.json").write_text(json.dumps(grown(16000, f"house-{i:02}")), encoding="utf-8")
        size = sum(p.stat().st_size for p in full.iterdir()) / 1e6
        crew = examples_dir() / "ashen-comet-veteran.starwright"
        named = tmp / "named.starwright"
        data = json.loads(crew.read_text(encoding="utf-8"))
        data["rules"] = {"pack": "house-19"}
        named.write_text(json.dumps(data), encoding="utf-8")
        print(f"2. twenty packs, {size:.0f} MB in the rules folder")
        floor = min(check_time(crew, empty) for _ in range(3))
        with_packs = min(check_time(crew, full) for _ in range(3))
        one = min(check_time(named, full) for _ in range(2))
        print(f"   check, empty folder (floor): {floor:.2f} s")
        print(f"   check, twenty packs there:   {with_packs:.2f} s  ({with_packs / floor:.2f}x the floor)")
        print(f"   check of a crew naming the 20th pack: {one:.2f} s  ({one / floor:.2f}x; that one pack is loaded "
              f"and checked, the other nineteen are not)")


if __name__ == "__main__":
    main()
