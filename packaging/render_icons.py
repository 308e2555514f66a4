"""Render the app icon (resources/icons/starwright.svg) to PNGs with Qt's own SVG renderer.

    python packaging/render_icons.py OUT_DIR [--ico] [SIZE ...]

writes OUT_DIR/starwright-<size>.png for each size (default: the hicolor sizes 16 ... 512), and with
--ico also OUT_DIR/starwright.ico (16 ... 256, with Pillow, which reportlab already brings). Used by
build-deb (hicolor icons), the Windows build (the .exe and installer icon) and macos/build-dmg.sh
(the .icns).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SVG = Path(__file__).resolve().parent.parent / "resources" / "icons" / "starwright.svg"


def render(out_dir: Path, sizes=SIZES, svg: Path = SVG, stem: str = "starwright") -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (keeps Qt's font db alive)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {svg} is not a valid SVG")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = out_dir / f"{stem}-{size}.png"
        if not image.save(str(path), "PNG"):
            raise SystemExit(f"render_icons: could not write {path}")
        written.append(path)
    return written


def write_ico(out_dir: Path) -> Path:
    from PIL import Image
    sizes = [16, 24, 32, 48, 64, 128, 256]
    render(out_dir, sizes)
    path = out_dir / "starwright.ico"
    Image.open(out_dir / "starwright-256.png").save(path, format="ICO", sizes=[(s, s) for s in sizes])
    return path


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    out, rest = Path(args[0]), args[1:]
    sizes = tuple(int(s) for s in rest if s != "--ico") or SIZES
    for p in render(out, sizes):
        print(p)
    if "--ico" in rest:
        print(write_ico(out))
