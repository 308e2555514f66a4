"""Autosave: what a kill during continuous typing loses, and what a recovery write costs the editor.

Run by hand (not collected by pytest):  .venv/bin/python tests/benchmarks/bench_autosave.py [kill|write] [RUNS]

kill: the builder in a process of its own gets a key every 0.15 s in a crew's notes and is killed with SIGKILL
after 10 s of typing, 1.3 s more each run so that the kill falls at other moments of the writes' cycle
(tests/gui/test_autosave.py drives it); printed per setting: how many runs left a recovery file and the seconds
of typing it lacked (all of it when there was none). Settings and the recovery folder live in a temporary folder.

write: for the largest shipped example, a crew with 100 recorded games, and the same with the largest portrait a
document holds: the time recovery.write takes (check, serialise, write, fsync: what autosave did on the GUI thread
before it moved to a worker), and the time of the snapshot the GUI thread now takes instead (recovery.snapshot).

Measured on a two-core machine shared with other work: kill, before the maximum wait: 0 of 3 runs left a file, all
12 s of typing lost (defaults, and seconds=1); after: 4 of 4 runs, 1.4 to 5.1 s lost at the defaults (2 s quiet,
5 s maximum), within the maximum wait and the key in flight. write: recovery.write 1 to 28 ms (median 1 ms for the
largest example, 12 ms for 100 games, with or without a 300 KB portrait; the fsync is most of it, and varies with
the disk); before this change, with pretty-printed JSON, 12 to 28 ms, all of it on the GUI thread. The snapshot:
median 0.05 ms for the example, 0.5 ms for 100 games.
"""

from __future__ import annotations

import copy
import json
import os
import random
import struct
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))


def _isolate() -> Path:
    home = Path(tempfile.mkdtemp(prefix="bench-autosave-"))
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    os.environ["XDG_DATA_HOME"] = str(home / "data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return home


def kill(runs: int) -> None:
    home = _isolate()
    from gui import settings as st
    from gui.recovery import folder
    from tests.gui.test_autosave import ASHEN, type_and_kill
    for label, values in (("defaults", {}), ("seconds=1 (the issue's 1 s wait)", {"seconds": 1})):
        s = st.settings()
        s.remove("recovery")
        for k, v in values.items():
            s.setValue(f"recovery/{k}", v)
        s.sync()
        lost, kept = [], 0
        for i in range(runs):
            for f in Path(folder()).glob("*.recovery"):
                f.unlink()
            doc = home / f"crew-{i}.starwright"
            doc.write_bytes(ASHEN.read_bytes())
            seconds, typed, held, record = type_and_kill(doc, 10.0 + 1.3 * i)  # the kill falls at another moment
            lost.append(seconds)
            kept += record is not None
        print(f"{label}: {kept}/{runs} runs left a recovery file; typing lost: "
              f"{', '.join(f'{x:.1f}' for x in lost)} s (worst {max(lost):.1f} s)")


def _noise_portrait() -> dict:
    """A 512 x 512 picture of noise: the largest portrait a document keeps (model/portrait.py re-encodes it)."""
    from model.portrait import picture_from_bytes
    w = h = 512
    rnd = random.Random(1)
    raw = b"".join(b"\x00" + bytes(rnd.getrandbits(8) for _ in range(w * 3)) for _ in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return picture_from_bytes(png)


def write(runs: int) -> None:
    from bench_campaign import crew_with
    from model import recovery
    docs = {"largest example (ashen-comet-campaign)":
            json.loads((ROOT / "resources" / "examples" / "ashen-comet-campaign.starwright").read_text()),
            "crew with 100 games": crew_with(100)[1]}
    big = copy.deepcopy(docs["crew with 100 games"])
    big["portrait"] = _noise_portrait()
    docs["crew with 100 games and a 512 px portrait"] = big
    where = tempfile.mkdtemp(prefix="bench-autosave-write-", dir=os.environ.get("BENCH_DIR"))
    for name, data in docs.items():
        writes, snaps = [], []
        for _ in range(runs):
            t = time.perf_counter()
            path = recovery.write(where, "bench", data, "stargrave-crew", None, "x")
            writes.append(time.perf_counter() - t)
            t = time.perf_counter()
            recovery.snapshot(data)
            snaps.append(time.perf_counter() - t)
        writes.sort()
        snaps.sort()
        print(f"{name}: {path.stat().st_size / 1024:.0f} KB written; recovery.write median "
              f"{writes[len(writes) // 2] * 1000:.1f} ms (worst {writes[-1] * 1000:.1f}); snapshot on the GUI thread "
              f"median {snaps[len(snaps) // 2] * 1000:.2f} ms (worst {snaps[-1] * 1000:.2f})")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "write"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else (4 if what == "kill" else 21)
    {"kill": kill, "write": write}[what](count)
