"""Render the SVG application icons in resources/icons/ to PNGs.

Writes ``resources/icons/<N>x<N>/<name>.png`` for every size in ``SIZES`` with
Qt's SVG renderer, so the PNGs always match the hand-drawn SVGs.  Run it after
editing an SVG and commit the PNGs:

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
NAMES = ("ffl", "ffl-editor")
SIZES = (16, 32, 48, 64, 128, 256)


def png_path(name: str, size: int, icons: Path = ICONS) -> Path:
    """Where the ``size`` pixel render of icon ``name`` lives."""
    return icons / f"{size}x{size}" / f"{name}.png"


def render(svg: Path, size: int, out: Path) -> None:
    """Render ``svg`` to a square transparent PNG of ``size`` pixels."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    for name in NAMES:
        for size in SIZES:
            out = png_path(name, size)
            render(ICONS / f"{name}.svg", size, out)
            print(out.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
