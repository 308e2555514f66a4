"""Size and start-up time of the frozen app against a frozen bare PySide6 window built the same way.

Run by hand (not collected by pytest; needs PyInstaller in the running Python and Xvfb or a display):

    .venv/bin/python tests/benchmarks/bench_frozen.py [--runs N] [--keep DIR]

Both are frozen with packaging/starwright.spec in one run: the app as shipped, and the bare window with
STARWRIGHT_FREEZE_BARE (same PyInstaller options, same Qt plugin and library trimming, but only
QtWidgets and none of the app). Size is the one-folder directory on disk. Start-up is the time from
starting the process to its first window being exposed on screen (packaging/first_show.py prints a
marker on the first Expose and quits: STARWRIGHT_EXIT_AFTER_SHOW=1), median of N runs after one
warm-up each, alternating app and bare. Targets: at most 1.3x the size and 1.5x the start-up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from first_show import ENV, MARKER  # noqa: E402

SIZE_TARGET, START_TARGET = 1.3, 1.5

BARE = '''\
import sys
import first_show
first_show.install_if_asked()
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("Bare PySide6 window")
window.setCentralWidget(QLabel("Hello"))
window.resize(1320, 900)
window.show()
sys.exit(app.exec())
'''


def freeze(work: Path, name: str, bare_script: Path | None) -> Path:
    env = dict(os.environ)
    env.pop("STARWRIGHT_FREEZE_BARE", None)
    if bare_script:
        env["STARWRIGHT_FREEZE_BARE"] = str(bare_script)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
                    "--distpath", str(work / "dist"), "--workpath", str(work / f"build-{name}"),
                    str(ROOT / "packaging" / "starwright.spec")], check=True, env=env, cwd=ROOT)
    out = work / "dist" / ("bare" if bare_script else "starwright")
    print(f"froze {name} in {time.perf_counter() - t:.1f} s: {out}")
    return out


def size_of(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def start_display() -> tuple[subprocess.Popen | None, str]:
    if os.environ.get("DISPLAY"):
        return None, os.environ["DISPLAY"]
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    return xvfb, f":{number}"


def time_to_window(exe: Path, env: dict) -> float:
    t = time.perf_counter()
    p = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    line = p.stdout.readline()
    elapsed = time.perf_counter() - t
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        raise
    if line.strip() != MARKER:
        raise SystemExit(f"{exe} did not show a window: {line!r} {p.stderr.read()[-2000:]}")
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (default: a temporary folder)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.keep) if args.keep else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        bare_script = work / "bare.py"
        bare_script.write_text(BARE, encoding="utf-8")
        app_dir = freeze(work, "app", None)
        bare_dir = freeze(work, "bare", bare_script)

        home = work / "home"
        home.mkdir(exist_ok=True)
        xvfb, display = start_display()
        env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
        env.update({ENV: "1", "DISPLAY": display, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                    "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache")})
        try:
            times: dict[str, list[float]] = {"app": [], "bare": []}
            exes = {"app": app_dir / "starwright", "bare": bare_dir / "bare"}
            for exe in exes.values():  # warm-up: page cache, fontconfig cache
                time_to_window(exe, env)
            for _ in range(args.runs):
                for name, exe in exes.items():
                    times[name].append(time_to_window(exe, env))
        finally:
            if xvfb:
                xvfb.terminate()
                xvfb.wait()

        sizes = {"app": size_of(app_dir), "bare": size_of(bare_dir)}
        starts = {k: statistics.median(v) for k, v in times.items()}
        size_ratio = sizes["app"] / sizes["bare"]
        start_ratio = starts["app"] / starts["bare"]
        print()
        print(f"{'':24}{'Starwright':>14}{'bare PySide6':>14}{'ratio':>8}{'target':>8}")
        print(f"{'size on disk (MB)':24}{sizes['app'] / 1e6:14.1f}{sizes['bare'] / 1e6:14.1f}"
              f"{size_ratio:8.2f}{SIZE_TARGET:8.1f}  {'OK' if size_ratio <= SIZE_TARGET else 'OVER'}")
        print(f"{'start-up to window (ms)':24}{starts['app'] * 1e3:14.0f}{starts['bare'] * 1e3:14.0f}"
              f"{start_ratio:8.2f}{START_TARGET:8.1f}  {'OK' if start_ratio <= START_TARGET else 'OVER'}")
        print(f"(median of {args.runs} runs each after a warm-up; min app {min(times['app']) * 1e3:.0f} ms, "
              f"min bare {min(times['bare']) * 1e3:.0f} ms)")
        return 0 if size_ratio <= SIZE_TARGET and start_ratio <= START_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
