"""Application icons: hand-drawn SVGs that Qt renders, and committed PNG renders
in every size the desktop icon theme asks for."""

import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import render_icons  # noqa: E402  (packaging/ is not a package)

NAMES = ("ffl", "ffl-editor")
SIZES = (16, 32, 48, 64, 128, 256)


@pytest.mark.parametrize("name", NAMES)
def test_svg_icon_is_a_valid_square_drawing(name):
    renderer = QSvgRenderer(str(ROOT / "resources" / "icons" / f"{name}.svg"))
    assert renderer.isValid()
    size = renderer.defaultSize()
    assert size.width() == size.height() == 256


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_png_render_exists_at_size(name, size):
    path = render_icons.png_path(name, size)
    assert path == ROOT / "resources" / "icons" / f"{size}x{size}" / f"{name}.png"
    image = QImage(str(path))
    assert not image.isNull(), f"{path} missing or unreadable"
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()
    # a drawing, not a blank square: the centre is opaque, the corner clear
    assert image.pixelColor(size // 2, size // 2).alpha() == 255
    assert image.pixelColor(0, 0).alpha() == 0


def test_editor_icon_differs_from_player_icon():
    a = QImage(str(render_icons.png_path("ffl", 64)))
    b = QImage(str(render_icons.png_path("ffl-editor", 64)))
    assert a != b


@pytest.mark.parametrize("name", NAMES)
def test_committed_pngs_match_the_current_svg(qapp, tmp_path, name):
    """Re-render at 48 px: the committed PNG must show the same drawing (run
    packaging/render_icons.py after editing an SVG)."""
    out = tmp_path / f"{name}.png"
    render_icons.render(ROOT / "resources" / "icons" / f"{name}.svg", 48, out)
    fresh, committed = QImage(str(out)), QImage(str(render_icons.png_path(name, 48)))
    assert (fresh.width(), fresh.height()) == (48, 48)
    off = 0
    for y in range(48):
        for x in range(48):
            a, b = fresh.pixelColor(x, y), committed.pixelColor(x, y)
            channels = zip(a.getRgb(), b.getRgb(), strict=True)
            off += max(abs(p - q) for p, q in channels) > 16
    assert off <= 48 * 48 // 100, f"{off} pixels differ: re-run packaging/render_icons.py"
