"""10.12 the status of doors and windows drawn on their sides: a Closed unit
(a dark bar), Locked (two bars), forced open for good (an inverted Closed
unit: an outlined bar) and a broken lock (a bar with a red cross), from the
controller's ``doors`` query; and the side nearest a scene point, for the
set-up clicks on a door (10.15)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from ffl.ui.style import UNIT

from .layers import Layer

CLOSED_INK = QColor(60, 35, 15, 235)
FORCED_INK = QColor(230, 140, 30, 235)
BROKEN_INK = QColor(200, 30, 20, 235)
STATUS_WORDS = {"closed": "closed", "locked": "locked", "forced": "forced open (10.212)",
                "broken": "lock broken (10.22)"}


def side_segment(scene, a: str, b: str) -> tuple[QPointF, QPointF] | None:
    """The end points of the side between squares ``a`` and ``b`` (scene units)."""
    side = scene.board.side(a, b)
    geom = side.geometry if side is not None else None
    if geom is None or geom.geom_type != "LineString":
        return None
    (x1, y1), (x2, y2) = geom.coords[0], geom.coords[-1]
    return QPointF(x1 * UNIT, y1 * UNIT), QPointF(x2 * UNIT, y2 * UNIT)


def draw_doors(layer: Layer, scene, statuses: dict[str, str]) -> None:
    """One marker per door or window that is not simply open."""
    for key, status in statuses.items():
        if key == "gate":
            continue
        a, b, _level = key.split("|")
        seg = side_segment(scene, a, b)
        if seg is None:
            continue
        p, q = seg
        mid = (p + q) / 2
        d = q - p
        length = math.hypot(d.x(), d.y()) or 1.0
        u = d / length
        n = QPointF(-u.y(), u.x())
        half = u * (length * 0.32)
        if status == "forced":
            layer.polyline([mid - half + n * 6, mid + half + n * 6, mid + half - n * 6,
                            mid - half - n * 6, mid - half + n * 6], FORCED_INK, 0.03)
            continue
        layer.polyline([mid - half, mid + half], CLOSED_INK, 0.09)
        if status == "locked":
            for t in (-0.5, 0.5):
                c = mid + half * t
                layer.polyline([c - n * 12, c + n * 12], CLOSED_INK, 0.05)
        if status == "broken":
            layer.polyline([mid - n * 10 - u * 10, mid + n * 10 + u * 10], BROKEN_INK, 0.04)
            layer.polyline([mid - n * 10 + u * 10, mid + n * 10 - u * 10], BROKEN_INK, 0.04)


def opening_at(scene, pos: QPointF, keys) -> str | None:
    """The opening (key ``"A1|B1|0"``) whose side passes nearest ``pos``, within a
    third of a square, among ``keys``."""
    best, found = 0.34 * UNIT, None
    for key in keys:
        a, b, _level = key.split("|")
        seg = side_segment(scene, a, b)
        if seg is None:
            continue
        mid = (seg[0] + seg[1]) / 2
        dist = math.hypot(mid.x() - pos.x(), mid.y() - pos.y())
        if dist < best:
            best, found = dist, key
    return found
