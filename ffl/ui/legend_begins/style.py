"""The look of The Legend Begins map: a desert map's colours for the terrain of the
Terrain Effects Chart, escarpments drawn as a toothed brown line on the low side,
ridges as a dotted crest, the Tobruk Perimeter as a black line.  Roads, tracks, the
railroad, place names and the port and airfield symbols are drawn over the board by
:mod:`.decor` (a route crosses a hexside from hex centre to hex centre, so it is not
a side drawing).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

from ffl.engine import Piece, PieceType, Side, Space
from ffl.ui.style import UNIT, BoardStyle

TERRAIN = {
    "clear": QColor("#e9d3a1"), "rough": QColor("#d2b486"), "jebel": QColor("#a9b88a"),
    "desert": QColor("#fbf3dc"), "sebakha": QColor("#c3cdc6"), "sea": QColor("#9cc0d8"),
    "box": QColor("#d5d2c6"),
}
ESCARPMENT_INK = QColor("#7b4a21")
RIDGE_INK = QColor("#8d6b3b")
PERIMETER_INK = QColor("#111111")
#: counter colours by nationality (2.1: minor allies share the light blue)
NATION_COLOURS = {
    "ita": QColor("#8fa37a"), "ger": QColor("#9aa0a6"), "brit": QColor("#d9b77a"),
    "ind": QColor("#c99a62"), "aus": QColor("#c7a86b"), "nz": QColor("#bfa56f"),
    "sa": QColor("#c4ad74"), "pol": QColor("#9cc3e6"), "ff": QColor("#9cc3e6"),
    "gre": QColor("#9cc3e6"),
}
SIDE_COLOURS = {"axis": QColor("#8fa37a"), "allied": QColor("#d9b77a")}


class LegendStyle(BoardStyle):
    """Board and counter colours of The Legend Begins."""

    background = QColor("#6b7a86")
    outline = QColor(120, 100, 70, 110)

    def space_colour(self, space: Space) -> QColor:
        return QColor(TERRAIN.get(str(space.get("terrain", "clear")), TERRAIN["clear"]))

    def space_pen(self, space: Space) -> QPen:
        colour = QColor(150, 170, 190, 90) if space.get("terrain") == "sea" else self.outline
        pen = QPen(colour, 1.0)
        pen.setCosmetic(True)
        return pen

    def label_colour(self, space: Space) -> QColor:
        if space.get("terrain") == "sea":
            return QColor(70, 100, 130, 90)
        return QColor(80, 60, 40, 130)

    def side_pen(self, side: Side) -> QPen | None:
        f = side.features
        if "perimeter" in f:
            return QPen(PERIMETER_INK, 0.07 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        if "escarpment" in f:
            pen = QPen(ESCARPMENT_INK, 0.09 * UNIT,
                       Qt.PenStyle.DashLine if "pass" in f else Qt.PenStyle.SolidLine,
                       Qt.PenCapStyle.RoundCap)
            return pen
        if "ridge" in f:
            return QPen(RIDGE_INK, 0.08 * UNIT, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
        return None     # roads, tracks, the railroad: drawn by the decor

    def side_colour(self, side: str) -> QColor:
        return QColor(SIDE_COLOURS.get(side, super().side_colour(side)))

    def piece_lines(self, piece: Piece, ptype: PieceType | None) -> list[str]:
        if ptype is None:
            return [piece.type]
        return [str(ptype.get("label") or ptype.name)]
