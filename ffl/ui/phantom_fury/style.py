"""The look of the Jolan District: sandstone houses, grey streets, the green park.

The game's manifest names :class:`PhantomFuryStyle` as its board style.  The
shell draws the spaces with it; everything printed on the map beyond the
outlines (Control boxes, Location labels, arrows, symbols, Egress Routes) is
drawn by :mod:`.decor`, so the generic labels and link lines are hidden here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from ffl.engine import Link, Piece, PieceType, Space
from ffl.ui.style import BoardStyle

HOUSE = QColor("#e6d5b1")
MOSQUE = QColor("#d6e3cf")
PARK = QColor("#9fc283")
STREET = QColor("#a7a49b")
STREET_EDGE = QColor("#8e8b83")
BOX = QColor("#fbf8f0")
HOLDING = QColor("#d5d9e0")
EXIT = QColor("#7d2622")
USMC_BLUE = QColor("#2f5ea8")
INSURGENT_RED = QColor("#a8322a")
INK = QColor("#3d3327")


class PhantomFuryStyle(BoardStyle):
    background = QColor("#3a4048")
    #: (the shell's generic labels are drawn in free play only, see label_colour)
    outline = QColor(70, 58, 40, 200)

    def space_colour(self, space: Space) -> QColor:
        if space.kind == "zone":
            if space.get("no_entry"):
                return PARK
            return MOSQUE if space.get("circle") == "red" else HOUSE
        if space.kind == "street":
            edge = space.get("north_edge") or space.get("south_edge")
            return STREET_EDGE if edge else STREET
        if space.get("exit"):
            return EXIT
        if space.get("holding"):
            return HOLDING
        return BOX

    def space_brush(self, space: Space) -> QBrush:
        return QBrush(self.space_colour(space))

    def space_pen(self, space: Space) -> QPen:
        if space.kind == "zone":
            pen = QPen(QColor(90, 72, 48, 180), 1.0, Qt.PenStyle.DashLine)
        elif space.kind == "street":
            pen = QPen(QColor(240, 240, 232, 110), 1.0, Qt.PenStyle.DotLine)
        else:
            pen = QPen(QColor("#6b5a40"), 1.2)
        pen.setCosmetic(True)
        return pen

    def label_colour(self, space: Space) -> QColor:
        """Labels for free play (rules off); the game's own UI hides them and prints
        the map's decor instead (:mod:`.decor`)."""
        if space.kind == "street":
            return QColor(0, 0, 0, 0)
        return QColor("#ffffff") if space.get("exit") else INK

    def link_colour(self, link: Link) -> QColor:
        return QColor(0, 0, 0, 0)       # arrows and symbols are drawn by the decor

    def side_colour(self, side: str) -> QColor:
        return USMC_BLUE if side == "usmc" else INSURGENT_RED

    def piece_lines(self, piece: Piece, ptype: PieceType | None) -> list[str]:
        return [ptype.name if ptype else piece.type]
