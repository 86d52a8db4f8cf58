"""Grappled ropes drawn across the wall side they hang on (6.3331)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from ffl.engine import GameState

from .layers import Layer

ROPE_COLOUR = QColor("#7a5222")


def draw_grappled_ropes(layer: Layer, state: GameState, types) -> None:
    """A rope from its low end over the wall to its high end, for each grappled rope."""
    scene = layer.scene
    for piece in state.pieces.values():
        t = types.get(piece.type)
        ends = piece.data.get("grappled")
        if t is None or t.kind != "rope" or not ends or not piece.on_board:
            continue
        (low, _), (high, _) = ends
        if low not in scene.board or high not in scene.board:
            continue
        a, b = scene.space_centre(low), scene.space_centre(high)
        mid = (a + b) / 2
        bend = QPointF(-(b - a).y(), (b - a).x()) * 0.08
        layer.polyline([a, mid + bend, b], ROPE_COLOUR, 0.07)
        item = scene.counter(piece.id)
        if item is not None:
            item.setToolTip(f"Rope grappled between {low} and {high} (6.3331)")
