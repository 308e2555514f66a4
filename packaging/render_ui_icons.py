"""Render the window's icons (resources/icons/*.svg) to the PNGs the app loads: resources/icons/png/.

    python packaging/render_ui_icons.py

Run it after changing or adding an SVG, and commit the PNGs. The window loads these PNGs (gui/icons.py), so
start-up needs neither the QtSvg library nor its image plugin (tests/benchmarks/bench_gui.py: ~3 ms and
~2 MB); tests/gui/test_icons.py checks that the PNGs match their SVGs.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from render_icons import render

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
# 16/24/32/48 px and the start page's 40 and 64 px pictures, each at 100% and 200% scaling.
SIZES = (16, 24, 32, 40, 48, 64, 80, 96, 128)


def render_all(out_dir: Path = ICONS / "png", sizes=SIZES) -> list[Path]:
    written = []
    for svg in sorted(ICONS.glob("*.svg")):
        written += render(out_dir, sizes, svg, svg.stem)
    return written


if __name__ == "__main__":
    for p in render_all():
        print(p)
