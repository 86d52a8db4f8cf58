"""Limits of Glory's markers at the opening zoom (the space names at 10 px): the
counts on the element markers, the commanders' numbers and the lines under them
(name and glory) are written 10 px high, measured on the painted marker."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from ffl.ui.limits_of_glory.decor import NAME_TEXT
from ffl.ui.limits_of_glory.markers import Marker, sub_font
from ffl.ui.opening import reading_zoom
from ffl.ui.style import UNIT

ZOOM = reading_zoom(NAME_TEXT * UNIT)       # the opening zoom
LAND = QColor("#ecdcb2")


def _painted(marker: Marker) -> QImage:
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(LAND)
    painter = QPainter(image)
    painter.translate(100, 100)
    painter.scale(ZOOM, ZOOM)
    marker.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return image


def _white_rows(image: QImage, top: int, bottom: int) -> list[int]:
    """The rows from ``top`` to ``bottom`` with white ink near the marker's middle."""
    return [y for y in range(top, bottom) if any(
        min(QColor(image.pixel(x, y)).getRgb()[:3]) > 200 for x in range(91, 110))]


def test_an_element_markers_count_is_ten_pixels_high_under_its_symbol(qtbot):
    """Eighteen Mamluk infantry: the "18" under the symbol is as high as a 10 px
    font's digits (7 px and more; it was 5); the symbol keeps the upper half."""
    marker = Marker(space="giza", side="allied", nation="mamluk", shape="square",
                    symbol="infantry", text="18")
    image = _painted(marker)
    half = round(marker._s * ZOOM / 2)
    rows = _white_rows(image, 100 + 1, 100 + half + 1)     # below the centre: the count
    assert rows and rows[-1] - rows[0] + 1 >= 7, rows
    assert _white_rows(image, 100 - half, 100 - 1)          # the symbol, above


def test_a_commanders_number_and_line_read_at_ten_pixels(qtbot):
    """Murad Bey (number 1, glory 18): his number fills the round marker at 10 px
    and the line under it ("Murad 18") is written at 10 px on a light ground."""
    marker = Marker(space="giza", side="allied", nation="mamluk", shape="round",
                    symbol="", text="1", sub="Murad 18")
    image = _painted(marker)
    half = round(marker._s * ZOOM / 2)
    rows = _white_rows(image, 100 - half, 100 + half)
    assert rows and rows[-1] - rows[0] + 1 >= 7, rows
    assert sub_font().pixelSize() * ZOOM >= 10
    ground = QColor(image.pixel(100 - 14, 100 + half + 2))  # the line's ground, lighter
    assert sum(ground.getRgb()[:3]) > sum(LAND.getRgb()[:3])
    assert marker.sub_rect().width() > marker._s           # the whole line, never cut
