"""15 the siege drawn over the fort: tunnels (dashed, with their numbers; the
Bedouin's own plots only while the Bedouin act, the revealed ones for all),
tunnel exits (a dark hole), breached wall sides (a bright gap) and squares
whose floors came down (cross-hatched rubble), from the controller's
``siege_map``."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from ffl.ui.style import UNIT

from .doors_layer import side_segment
from .layers import Layer

TUNNEL_INK = QColor(90, 60, 30, 200)
EXIT_INK = QColor(20, 15, 10, 230)
BREACH_INK = QColor(250, 235, 180, 240)
RUBBLE_INK = QColor(120, 100, 80, 170)


def draw_siege(layer: Layer, scene, siege: dict) -> None:
    for label, squares in siege.get("tunnels", {}).items():
        points = [scene.space_centre(k) for k in squares if k in scene.board]
        layer.polyline(points, TUNNEL_INK, 0.12, dashed=True)
        if points:
            layer.text(points[0], f"T{label}", TUNNEL_INK)
    for key in siege.get("exits", []):      # in the square's top left corner
        c = scene.space_centre(key) + QPointF(-0.3 * UNIT, -0.3 * UNIT)
        r = 0.14 * UNIT
        layer.polyline([c + QPointF(-r, 0), c + QPointF(0, -r), c + QPointF(r, 0),
                        c + QPointF(0, r), c + QPointF(-r, 0)], EXIT_INK, 0.12)
    for a, b in siege.get("breached", []):
        seg = side_segment(scene, a, b)
        if seg is not None:
            layer.polyline(list(seg), BREACH_INK, 0.14)
    for key in siege.get("collapsed", []):
        if key not in scene.board:
            continue
        c = scene.space_centre(key)
        h = 0.4 * UNIT
        for d in (-0.5, 0.0, 0.5):
            off = QPointF(d * h, 0)
            layer.polyline([c + off + QPointF(-h / 2, -h), c + off + QPointF(h / 2, h)],
                           RUBBLE_INK, 0.04)
