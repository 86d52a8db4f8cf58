"""The look of the Limits of Glory map: a period chart of the Levant.

Sea spaces in a pale wash of blue with dotted borders, the land in sand and
ochre (Syria a little greener, the Upper Egypt inset framed), the Nile in blue,
the Egypt/Syria border as a double red line.  The coasts of Europe, Africa and
Anatolia that are not played on are drawn by :mod:`.decor` under the board.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

from ffl.engine import Side, Space
from ffl.ui.style import UNIT, BoardStyle

SEA = QColor("#a8c4cc")
SEA_SPACE = QColor(196, 219, 224, 230)
LAND_EGYPT = QColor("#ecdcb2")
LAND_UPPER = QColor("#e8d4a4")
LAND_SYRIA = QColor("#e2dcb0")
LAND_MALTA = QColor("#e9d9ae")
DECOR_LAND = QColor("#d9c9a3")
INK = QColor("#4a3520")
SEA_INK = QColor("#244a66")
NILE = QColor("#3a74b0")
BORDER_RED = QColor("#a8322a")
FRENCH_BLUE = QColor("#2c4f9e")
BRITISH_RED = QColor("#b02a2a")
OTTOMAN_GREEN = QColor("#2f7a3c")
MAMLUK_GREY = QColor("#7a7a74")
ALBANIAN_YELLOW = QColor("#c9a227")
NATION_COLOURS = {"french": FRENCH_BLUE, "british": BRITISH_RED, "ottoman": OTTOMAN_GREEN,
                  "mamluk": MAMLUK_GREY, "albanian": ALBANIAN_YELLOW,
                  "coalition": QColor("#8a4fa0"), "bedouin": QColor("#1e1e1e")}


class GloryStyle(BoardStyle):
    background = SEA
    outline = QColor(90, 70, 40, 170)

    def space_colour(self, space: Space) -> QColor:
        if space.kind == "sea":
            return SEA_SPACE
        if space.get("upper"):
            return LAND_UPPER
        return {"syria": LAND_SYRIA, "malta": LAND_MALTA}.get(space.get("region"), LAND_EGYPT)

    def space_pen(self, space: Space) -> QPen:
        if space.kind == "sea":
            pen = QPen(QColor(36, 74, 102, 150), 1.2, Qt.PenStyle.DotLine)
        else:
            pen = QPen(QColor(90, 64, 34, 200), 1.3)
        pen.setCosmetic(True)
        return pen

    def label_colour(self, space: Space) -> QColor:
        return SEA_INK if space.kind == "sea" else INK

    def side_pen(self, side: Side) -> QPen | None:
        if "river" in side.features:
            return QPen(NILE, 0.07 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        if "border" in side.features:
            pen = QPen(BORDER_RED, 0.05 * UNIT, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
            return pen
        return None

    def link_colour(self, link) -> QColor:
        return QColor(36, 74, 102, 110)

    def side_colour(self, side: str) -> QColor:
        return FRENCH_BLUE if side == "french" else BRITISH_RED
