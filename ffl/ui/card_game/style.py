"""The look of the map of As Q'ara: sand-coloured sections on green baize.

The card game's manifest names :class:`CardGameStyle` as its board style
(``GameManifest.style``).  The letter squares themselves
are items of their own (:mod:`.map_items`), drawn over the sections.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPen

from ffl.engine import Space
from ffl.ui.style import BoardStyle

#: the four map cards are printed on slightly different sand
MAP_CARD_SAND = {1: "#eadcb4", 2: "#e6d6aa", 3: "#e4d3a6", 4: "#e9d9ae"}


class CardGameStyle(BoardStyle):
    background = QColor("#2f4a3a")
    outline = QColor(110, 88, 52, 200)

    def space_colour(self, space: Space) -> QColor:
        return QColor(MAP_CARD_SAND.get(space.get("map_card"), "#e8dcb5"))

    def space_pen(self, space: Space) -> QPen:
        pen = QPen(self.outline, 1.2)
        pen.setCosmetic(True)
        return pen

    def label_colour(self, space: Space) -> QColor:
        return QColor(90, 70, 40, 120)
