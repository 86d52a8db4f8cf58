"""The look of the French Foreign Legion fort: sand, a pale parade ground, three
browns for the levels 1-3, thick outer walls and thin building walls.

The game's manifest names it (``GameManifest.style``).  The fort's symbols
(crenels, doors, windows, stairs, the gate, building names) are drawn by
:mod:`ffl.ui.ffl.decor`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

from ffl.engine import Link, Piece, PieceType, Side, Space
from ffl.ui.style import UNIT, BoardStyle

SAND = QColor("#ecd6a2")
PARADE = QColor("#f4ecd9")
#: the printed board's browns for the top level of a square (1.12)
LEVEL_BROWNS = {1: QColor("#cfae84"), 2: QColor("#a37b55"), 3: QColor("#765437")}
WALL_INK = QColor("#2f2219")
GATE_INK = QColor("#6b2e1a")
LEGION_BLUE = QColor("#2f5b9a")
BEDOUIN_TAN = QColor("#c8a467")
STAIR_INK = QColor("#4a3522")
#: a square label's ink on the dark browns (levels 2 and 3)
LABEL_LIGHT = QColor(252, 244, 226)


class FFLStyle(BoardStyle):
    """Board and counter colours of French Foreign Legion."""

    background = QColor("#4f5a52")
    outline = QColor(110, 90, 60, 90)

    def space_colour(self, space: Space) -> QColor:
        levels = space.get("levels") or [0]
        top = max(levels)
        if top in LEVEL_BROWNS:
            return QColor(LEVEL_BROWNS[top])
        return QColor(SAND if space.get("area", "sand") == "sand" else PARADE)

    def label_colour(self, space: Space) -> QColor:
        """Dark on the sand, the parade ground and level 1; light on the dark
        browns of levels 2 and 3 (walls, towers), where dark ink hardly shows."""
        if max(space.get("levels") or [0]) >= 2:
            return QColor(LABEL_LIGHT)
        return QColor(50, 35, 20, 150)

    def side_pen(self, side: Side) -> QPen | None:
        """Walls only: doors, windows and crenels are drawn as symbols on top."""
        f = side.features
        if "gate" in f:
            width, colour = 0.16, GATE_INK
        elif "thick-wall" in f:
            width, colour = 0.12, WALL_INK
        elif "thin-wall" in f:
            width, colour = 0.055, WALL_INK
        else:
            return None
        return QPen(colour, width * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap)

    def link_colour(self, link: Link) -> QColor:
        if link.kind == "tower-stairway":
            return QColor(0, 0, 0, 0)   # drawn as a spiral in the tower square
        return QColor(74, 53, 34, 150)

    def side_colour(self, side: str) -> QColor:
        if side == "legion":
            return QColor(LEGION_BLUE)
        if side == "bedouin":
            return QColor(BEDOUIN_TAN)
        return super().side_colour(side)

    def piece_lines(self, piece: Piece, ptype: PieceType | None) -> list[str]:
        if ptype is None:
            return [piece.type]
        return [str(ptype.get("short_name") or ptype.name)]
