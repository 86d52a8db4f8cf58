"""BoardStyle: how a board and its counters look, chosen per game.

The scene asks the style for every brush, pen and colour, so a game can give
its map its own look (fort colours, terrain tints) by registering a subclass in
its manifest (``GameManifest.style``) without touching the drawing code.  The default style tints
spaces by kind, terrain and level and draws side features generically.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from ffl.engine import Link, Piece, PieceType, Side, Space, features

#: Scene pixels per board unit (one square): the scene is drawn at this size.
UNIT = 100.0

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#efe6cf", "open": "#efe6cf", "sand": "#ead9a8", "desert": "#ead9a8",
    "road": "#d9cbb0", "street": "#d9cbb0", "building": "#c9b79c", "interior": "#d6c6aa",
    "courtyard": "#e4d8bd", "parade": "#ddd0b3", "wall": "#8f8170", "fort": "#c2ae8f", "tower": "#ae9877",
    "rough": "#d2c29a", "hill": "#d8c08c", "woods": "#a9c48f", "forest": "#8fb377",
    "oasis": "#9cc98f", "palm": "#a7cf8e", "water": "#9fc3dd", "river": "#9fc3dd",
    "marsh": "#b4cdb9", "town": "#d3bfa6", "rubble": "#b9ab97", "tunnel": "#7d7165",
}
KIND_COLOURS: dict[str, str] = {
    "square": "#efe6cf", "hex": "#e7e3c4", "zone": "#e3ddc7", "section": "#e8e1cc",
    "box": "#d5d7dc", "track": "#dcdfe6",
}
SIDE_PALETTE = ("#3f6aa8", "#b5532f", "#4f8a4b", "#8a5aa8", "#b58a2f", "#3a8a8a")
#: a side named after a colour is drawn in it: the palette's tone of it where it
#: has one (readable under a counter's text), else the colour of that name
NAMED_SIDES = {"blue": "#3f6aa8", "red": "#b5532f", "green": "#4f8a4b", "purple": "#8a5aa8",
               "yellow": "#b58a2f", "gold": "#b58a2f", "teal": "#3a8a8a", "black": "#333333",
               "white": "#f2f2f2", "grey": "#8a8a8a", "gray": "#8a8a8a", "orange": "#cc7a2a",
               "brown": "#7a5230"}

#: side-feature groups (``ffl.engine.features``): walls and crenels, openings, water, ridges
WALL_FEATURES = features.WALLS + features.CRENELS
OPENING_FEATURES = features.OPENINGS
WATER_FEATURES = features.WATER
RIDGE_FEATURES = features.RIDGES


class BoardStyle:
    """Default look.  Subclass it and name the subclass in a game's manifest."""

    background = QColor("#5b6670")
    outline = QColor(90, 80, 64, 150)

    def __init__(self, sides: tuple[str, ...] = (), attrs: Mapping[str, Any] | None = None
                 ) -> None:
        self.sides = tuple(sides)
        self.configure(attrs or {})

    def configure(self, attrs: Mapping[str, Any]) -> None:
        """Take a module's own colours: ``attrs["terrains"]`` (terrain name ->
        ``{"colour": ...}``) and ``attrs["sides"]`` (side -> ``{"colour": ...}``);
        a colour is a name (``red``) or ``#rrggbb``."""
        def colours(key: str) -> dict[str, QColor]:
            out = {}
            table = attrs.get(key)
            for name, info in (table.items() if isinstance(table, Mapping) else ()):
                colour = info.get("colour") if isinstance(info, Mapping) else None
                if isinstance(colour, str) and QColor.isValidColorName(colour):
                    out[str(name).lower()] = QColor(colour)
            return out
        self.terrain_colours = colours("terrains")
        self.side_colours = colours("sides")

    # -- spaces ---------------------------------------------------------------------

    def space_colour(self, space: Space) -> QColor:
        """By area or terrain name, else by kind; darker the higher it goes."""
        names = (str(space.get("area", "")).lower(), str(space.get("terrain", "")).lower())
        own = getattr(self, "terrain_colours", {})
        if names[1] in own:
            colour = QColor(own[names[1]])
        else:
            colour = QColor(next((TERRAIN_COLOURS[n] for n in names if n in TERRAIN_COLOURS),
                                 KIND_COLOURS.get(space.kind, "#e8e1cc")))
        level = space.get("level", space.get("elevation", 0))
        levels = space.get("levels")
        if not level and isinstance(levels, list | tuple) and levels:
            level = max(v for v in levels if isinstance(v, int | float))
        if isinstance(level, int | float) and level:
            # higher ground is a little darker, tunnels much darker
            colour = colour.darker(100 + int(max(-3, min(3, level)) * 9))
        return colour

    def space_brush(self, space: Space) -> QBrush:
        return QBrush(self.space_colour(space))

    def space_pen(self, space: Space) -> QPen:
        pen = QPen(self.outline, 1.0)
        pen.setCosmetic(True)
        return pen

    def label_colour(self, space: Space) -> QColor:
        return QColor(60, 50, 40, 170)

    # -- sides and links ------------------------------------------------------------

    def side_pen(self, side: Side) -> QPen | None:
        """The pen for a side's features, or None to leave the grid line alone."""
        f = side.features
        if not f:
            return None
        if f & set(WALL_FEATURES):
            width = 0.16 if f & {"thick-wall", "wall", "crenelated-wall"} else 0.09
            pen = QPen(QColor("#3b3128"), width * UNIT, Qt.PenStyle.SolidLine,
                       Qt.PenCapStyle.SquareCap)
            if f & set(OPENING_FEATURES):
                pen.setStyle(Qt.PenStyle.DashLine)
            elif "crenel" in f or "crenelated-wall" in f:
                pen.setStyle(Qt.PenStyle.DashDotLine)
            return pen
        if f & set(OPENING_FEATURES):
            pen = QPen(QColor("#6b4a2b"), 0.07 * UNIT, Qt.PenStyle.DashLine,
                       Qt.PenCapStyle.FlatCap)
            return pen
        if f & set(WATER_FEATURES):
            return QPen(QColor("#3d78b5"), 0.1 * UNIT, Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap)
        if f & set(RIDGE_FEATURES):
            return QPen(QColor("#7a5a32"), 0.08 * UNIT, Qt.PenStyle.DotLine,
                        Qt.PenCapStyle.RoundCap)
        return QPen(QColor("#554a3c"), 0.05 * UNIT, Qt.PenStyle.DashDotLine)

    def link_colour(self, link: Link) -> QColor:
        return _hashed_colour(link.kind, alpha=200)

    # -- pieces ---------------------------------------------------------------------

    def side_colour(self, side: str) -> QColor:
        """The module's colour for the side, else the colour the side is named
        after (a side called "red" is red), else one of the palette's."""
        own = getattr(self, "side_colours", {})
        if side.lower() in own:
            return QColor(own[side.lower()])
        if side.lower() in NAMED_SIDES:
            return QColor(NAMED_SIDES[side.lower()])
        if side and QColor.isValidColorName(side) and not side.startswith("#"):
            return QColor(side)
        if side in self.sides:
            return QColor(SIDE_PALETTE[self.sides.index(side) % len(SIDE_PALETTE)])
        if not side:
            return QColor("#7d7d7d")
        return _hashed_colour(side)

    def piece_lines(self, piece: Piece, ptype: PieceType | None) -> list[str]:
        """The text printed on a counter, top to bottom (first line is the name)."""
        name = ptype.name if ptype else piece.type
        lines = [name]
        label = (ptype.get("label") if ptype else None) or piece.data.get("label")
        if label:
            lines.append(str(label))
        elif ptype is not None:
            numbers = printed_numbers(ptype)
            if numbers:
                lines.append(numbers)
        return lines


def printed_numbers(ptype: PieceType) -> str:
    """A counter's printed values in the usual way, ``4-3-5``: the type's whole
    numbers in the order they were entered (its value ``counter_values`` may
    name which and in what order, e.g. ``["attack", "defence", "move"]``)."""
    chosen = ptype.get("counter_values")
    values = ptype.values if hasattr(ptype, "values") else {}
    keys = chosen if isinstance(chosen, list) else [
        k for k, v in dict(values).items() if isinstance(v, int) and not isinstance(v, bool)]
    return "-".join(str(ptype.get(k)) for k in keys if ptype.get(k) not in (None, ""))


def _hashed_colour(name: str, alpha: int = 255) -> QColor:
    """A stable, readable colour for a name we have no palette entry for."""
    h = int(hashlib.md5(name.encode()).hexdigest()[:4], 16) % 360
    colour = QColor.fromHsv(h, 140, 170)
    colour.setAlpha(alpha)
    return colour


def style_for(game: str, sides: tuple[str, ...] = (),
              attrs: Mapping[str, Any] | None = None) -> BoardStyle:
    """The style a game's manifest names (``GameManifest.style``), else the
    default; ``attrs`` (the module's) gives its own terrain and side colours."""
    from ffl.games import manifest

    found = manifest(game) if game else None
    cls = found.style_class() if found is not None else None
    style = (cls or BoardStyle)(sides)
    if attrs:
        style.configure(attrs)
    return style
