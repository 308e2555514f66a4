"""Size and start-up time of the frozen app against a frozen bare PySide6 window built the same way.

Run by hand (not collected by pytest; needs PyInstaller in the running Python and Xvfb or a display):

    .venv/bin/python tests/benchmarks/bench_frozen.py [--runs N] [--keep DIR]
    python3 tests/benchmarks/bench_frozen.py --wine [--runs N] [--keep DIR]   (after packaging/build-windows)

Both are frozen with packaging/starwright.spec in one run: the app as shipped, and the bare window with
STARWRIGHT_FREEZE_BARE (same PyInstaller options, same Qt plugin and library trimming, but only
QtWidgets and none of the app). Size is the one-folder directory on disk. Start-up is the time from
starting the process to its first window being exposed on screen (packaging/first_show.py prints a
marker on the first Expose and quits: STARWRIGHT_EXIT_AFTER_SHOW=1), median of N runs after one
warm-up each, alternating app and bare. Targets: at most 1.3x the size and 1.5x the start-up.

--wine does the same for Windows on this Debian machine: both are frozen by the Windows Python of
packaging/build-windows (build/win/python) under Wine, in a fresh prefix (packaging/windows/wine-lib.sh),
and each is also packed with makensis and packaging/windows/starwright.nsi to compare installer sizes.
Start-up is the time of the whole `wine cmd /c starwright.exe` call to the window's first Expose and the
process's end (console output only reaches a file under Wine), Wine's own start included, the same for
both. (With a persistent wineserver the app did not end after its window showed.) --keep DIR --reuse
times an earlier --keep build again without freezing.
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
from first_show import ENV, MARKER

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


WINE_LIB = ROOT / "packaging" / "windows" / "wine-lib.sh"


def wpath(path: Path) -> str:
    return "Z:" + str(path.resolve()).replace("/", "\\")


def wine_run(env: dict, seconds: int, out: Path, cmd: str) -> int:
    """packaging/windows/wine-lib.sh's wrun: CMD under `wine cmd /c`, its output in OUT; the exit code."""
    r = subprocess.run(["bash", "-c", 'source "$0" && wrun "$1" "$2" "$3"', str(WINE_LIB), str(seconds), str(out), cmd],
                       env=env)
    return r.returncode


def main_wine(args, work: Path) -> int:
    winpy = ROOT / "build" / "win" / "python" / "python.exe"
    if not winpy.is_file():
        raise SystemExit("no build/win/python: run packaging/build-windows first")
    home = work / "home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "DISPLAY")}
    env["HOME"] = str(home)
    r = subprocess.run(["bash", "-c", 'source "$0" && wine_prefix "$1" >&2 && printf "%s\\n" "$WINEPREFIX" '
                        '"$WINEARCH" "$WINEDEBUG" "$WINEDLLOVERRIDES"', str(WINE_LIB), str(work / "wine")],
                       env=env, capture_output=True, text=True, check=True)
    env.update(zip(("WINEPREFIX", "WINEARCH", "WINEDEBUG", "WINEDLLOVERRIDES"), r.stdout.split("\n")))
    log = work / "log.txt"
    bare_script = work / "bare.py"
    bare_script.write_text(BARE, encoding="utf-8")
    dirs = {}
    for name, bare in (("app", None), ("bare", bare_script)):
        if args.reuse and (work / "dist" / ("bare" if bare else "starwright")).is_dir():
            dirs[name] = work / "dist" / ("bare" if bare else "starwright")
            continue
        e = dict(env)
        e.pop("STARWRIGHT_FREEZE_BARE", None)
        if bare:
            e["STARWRIGHT_FREEZE_BARE"] = wpath(bare)
        t = time.perf_counter()
        rc = wine_run(e, 1800, log, f"cd /d {wpath(ROOT)} && {wpath(winpy)} -m PyInstaller --noconfirm --log-level ERROR "
                      f"--distpath {wpath(work / 'dist')} --workpath {wpath(work / ('build-' + name))} "
                      f"packaging\\starwright.spec")
        if rc:
            raise SystemExit(f"PyInstaller under Wine failed for {name}: {log.read_text(errors='replace')[-3000:]}")
        dirs[name] = work / "dist" / ("bare" if bare else "starwright")
        print(f"froze {name} under Wine in {time.perf_counter() - t:.1f} s: {dirs[name]}")
    installers = {}
    for name, folder in dirs.items():
        out = work / f"{name}-setup.exe"
        if args.reuse and out.is_file():
            installers[name] = out.stat().st_size
            continue
        subprocess.run(["makensis", "-V1", "-DVERSION=0.0.0", f"-DSOURCE_DIR={folder}", f"-DOUT_FILE={out}",
                        str(ROOT / "packaging" / "windows" / "starwright.nsi")], check=True)
        installers[name] = out.stat().st_size

    xvfb, display = start_display()
    env.update({ENV: "1", "DISPLAY": display})
    try:
        exes = {"app": dirs["app"] / "starwright.exe", "bare": dirs["bare"] / "bare.exe"}
        doc = wpath(ROOT / "resources" / "examples" / "ashen-comet-veteran.starwright")

        def one(name: str) -> float:
            cmd = f"{wpath(exes[name])}" + (f" {doc}" if name == "app" else "")
            t = time.perf_counter()
            rc = wine_run(env, 120, log, cmd)
            elapsed = time.perf_counter() - t
            text = log.read_text(errors="replace")
            if rc or MARKER not in text:
                raise SystemExit(f"{name} did not show a window under Wine (exit {rc}): {text[-2000:]}")
            return elapsed

        times: dict[str, list[float]] = {"app": [], "bare": []}
        for name in exes:
            one(name)  # warm-up
        for _ in range(args.runs):
            for name in exes:
                times[name].append(one(name))
    finally:
        subprocess.run(["wineserver", "-k"], env=env)
        if xvfb:
            xvfb.terminate()
            xvfb.wait()
    sizes = {k: size_of(v) for k, v in dirs.items()}
    starts = {k: statistics.median(v) for k, v in times.items()}
    ratios = {"size": sizes["app"] / sizes["bare"], "installer": installers["app"] / installers["bare"],
              "start": starts["app"] / starts["bare"]}
    print()
    print(f"{'Windows build, under Wine':28}{'Starwright':>12}{'bare PySide6':>14}{'ratio':>8}{'target':>8}")
    print(f"{'one-folder app (MB)':28}{sizes['app'] / 1e6:12.1f}{sizes['bare'] / 1e6:14.1f}{ratios['size']:8.2f}"
          f"{SIZE_TARGET:8.1f}  {'OK' if ratios['size'] <= SIZE_TARGET else 'OVER'}")
    print(f"{'NSIS installer (MB)':28}{installers['app'] / 1e6:12.1f}{installers['bare'] / 1e6:14.1f}"
          f"{ratios['installer']:8.2f}{SIZE_TARGET:8.1f}  {'OK' if ratios['installer'] <= SIZE_TARGET else 'OVER'}")
    print(f"{'start-up to window (ms)':28}{starts['app'] * 1e3:12.0f}{starts['bare'] * 1e3:14.0f}{ratios['start']:8.2f}"
          f"{START_TARGET:8.1f}  {'OK' if ratios['start'] <= START_TARGET else 'OVER'}")
    print(f"(median of {args.runs} runs each after a warm-up, wine cmd /c start to process end after the first "
          f"Expose; min app {min(times['app']) * 1e3:.0f} ms, min bare {min(times['bare']) * 1e3:.0f} ms)")
    ok = ratios["size"] <= SIZE_TARGET and ratios["start"] <= START_TARGET
    return 0 if ok else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (default: a temporary folder)")
    ap.add_argument("--wine", action="store_true", help="the Windows build, frozen and run under Wine")
    ap.add_argument("--reuse", action="store_true", help="with --wine --keep DIR: reuse the builds in DIR")
    args = ap.parse_args()
    if args.wine:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(args.keep) if args.keep else Path(tmp)
            work.mkdir(parents=True, exist_ok=True)
            try:
                return main_wine(args, work)
            finally:
                subprocess.run(["wineserver", "-k"], env={**os.environ, "WINEPREFIX": str(work / "wine")},
                               stderr=subprocess.DEVNULL)

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
