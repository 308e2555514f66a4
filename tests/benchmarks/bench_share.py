"""Table Link benchmark (run by hand, not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_share.py [--rounds N] [--clients 1,8]

Starts the installed `starwright share` on loopback (127.0.0.1 only, `--control`) with a Stargrave crew and
joins it with simulated phones (aiohttp WebSockets in this process). A change: one phone sends a Health step
and the time runs until every phone has the new state (the diff with the new revision). Beside it, in the same
run against the same server, the floor: every phone sends a ping at once and the time runs until every pong is
back. Prints p50/p95 of both per client count. Target (issue 40): p95 <= 500 ms with 8 phones on the same
network; loopback has no radio, so the gap to the floor is the server's own share.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "resources" / "examples" / "ashen-comet-veteran.starwright"
HEALTH = "/play/figures/captain/health_lost"
TARGET_P95_MS = 500.0


def pct(ts: list[float], p: float) -> float:
    ts = sorted(ts)
    return ts[min(len(ts) - 1, int(len(ts) * p))]


async def until(ws, wanted) -> dict:
    while True:
        msg = await ws.receive_json()
        if msg["type"] in ("refused", "bye"):
            raise RuntimeError(msg["reason"])
        if wanted(msg):
            return msg


def at_revision(want: int):
    return lambda m: m["type"] in ("diff", "state") and (m.get("revision") or m.get("state", {}).get("revision")) == want


async def measure(url: str, clients: int, rounds: int) -> tuple[list[float], list[float]]:
    async with aiohttp.ClientSession() as http:
        phones = []
        for n in range(clients):
            ws = await http.ws_connect(url + "ws")
            await ws.send_json({"type": "hello", "client": f"bench{clients}x{n}", "name": f"P{n}"})
            welcome = await until(ws, lambda m: m["type"] == "welcome")
            phones.append(ws)
        revision = welcome["state"]["revision"]
        change, floor = [], []
        for r in range(rounds):
            # the floor: a ping from every phone, answered by the same server
            t0 = time.perf_counter()
            for i, ws in enumerate(phones):
                await ws.send_json({"type": "ping", "id": r * 100 + i})
            await asyncio.gather(*(until(ws, lambda m: m["type"] == "pong") for ws in phones))
            floor.append((time.perf_counter() - t0) * 1000)
            # a change: -1 then +1, so Health stays within its limits
            revision += 1
            t0 = time.perf_counter()
            await phones[0].send_json({"type": "op", "id": f"c{clients}r{r}", "op": "step", "pointer": HEALTH,
                                       "delta": -1 if r % 2 == 0 else 1})
            await asyncio.gather(*(until(ws, at_revision(revision)) for ws in phones))
            change.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.12)     # two messages a round: within the server's 20 a second (protocol.RATE)
        for ws in phones:
            await ws.close()
        return change, floor


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--clients", default="1,8")
    args = ap.parse_args()
    bin_ = Path(sys.executable).parent / "starwright"
    with tempfile.TemporaryDirectory() as tmp:
        doc = Path(tmp) / "crew.starwright"
        shutil.copy(DOC, doc)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([str(bin_), "share", str(doc), "--bind", "127.0.0.1", "--port", "0", "--control"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            url = proc.stdout.readline().strip()
            print(f"server: {url.split('/t/')[0]} (starwright share, its own process); {args.rounds} rounds")
            print(f"{'phones':>6}  {'change p50':>10}  {'p95':>7}  {'ping floor p50':>14}  {'p95':>7}  {'p95 - floor':>11}")
            worst = 0.0
            for n in (int(c) for c in args.clients.split(",")):
                change, floor = asyncio.run(measure(url, n, args.rounds))
                worst = max(worst, pct(change, .95))
                print(f"{n:>6}  {statistics.median(change):>8.2f}ms  {pct(change, .95):>5.2f}ms  "
                      f"{statistics.median(floor):>12.2f}ms  {pct(floor, .95):>5.2f}ms  "
                      f"{pct(change, .95) - pct(floor, .95):>9.2f}ms")
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print(f"target: change p95 <= {TARGET_P95_MS:.0f} ms: {'met' if worst <= TARGET_P95_MS else 'NOT met'}")
    return 0 if worst <= TARGET_P95_MS else 1


if __name__ == "__main__":
    sys.exit(main())
