"""EditorScene: the play window's BoardScene plus the editor's overlays.

The board, side features, link arrows and counters are drawn exactly as the
player sees them (``ffl.ui.board_scene``).  On top the editor draws the
selection, the adjacency preview (orthogonal, diagonal, linked neighbours),
vertex handles, the polygon being drawn, rubber bands and a marker for the
problem being located.
"""

from __future__ import annotations

import itertools
import json
import math
import weakref

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)
from shapely import STRtree
from shapely.geometry import Point

from ffl.engine import DIAGONAL, ORTHOGONAL, Board, Module, Space
from ffl.ui.board_scene import STACK_OFFSET, BoardScene, polygon_path
from ffl.ui.style import UNIT, BoardStyle

#: overlay colours: selection, orthogonal, diagonal, linked neighbours
HIGHLIGHT = {
    "selected": QColor(214, 45, 32, 110),
    ORTHOGONAL: QColor(46, 160, 67, 110),
    DIAGONAL: QColor(230, 180, 20, 110),
    "linked": QColor(40, 110, 220, 120),
}
HANDLE_PIXELS = 9.0
OVERLAY_Z = 20
#: the board's drawing (``attrs["decor"]``: islands, coasts), by kind
PICTURE = {"water": QColor("#9fb8c8"), "land": QColor("#d9ccab")}
#: attribute values sit over the labels' place, under the counters
VALUE_Z = 4
#: the longest attribute value written on a space (characters)
SHOWN_CHARS = 12


def cosmetic_pen(colour: QColor | str, width: float = 2.0,
                 style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(colour), width, style)
    pen.setCosmetic(True)
    return pen


#: the widest a stack of counters spreads diagonally, first counter to last (board units)
MOST_STACK_SPREAD = 0.5


class EditorScene(BoardScene):
    """One board being edited, with overlays the tools drive."""

    def __init__(self, board: Board, module: Module | None = None,
                 style: BoardStyle | None = None) -> None:
        super().__init__(board, module, style)
        canvas = self.canvas_rect()
        if canvas is not None:   # the drawing area of a free-polygon board
            item = QGraphicsRectItem(canvas)
            item.setBrush(QColor("#f4efe2"))
            item.setPen(cosmetic_pen("#8a7f6a", 1.0, Qt.PenStyle.DashLine))
            item.setZValue(-1)
            self.addItem(item)
        self.highlights: dict[str, QGraphicsPathItem] = {}
        self.neighbour_kinds: dict[str, str] = {}
        self.selected: str | None = None
        self.handles: list[QGraphicsEllipseItem] = []
        self.draft = QGraphicsPathItem()
        self.draft.setPen(cosmetic_pen("#d62d20", 2.0))
        self.draft.setZValue(OVERLAY_Z + 2)
        self.addItem(self.draft)
        self.band = QGraphicsRectItem()
        self.band.setPen(cosmetic_pen("#1f5fbf", 1.5, Qt.PenStyle.DashLine))
        self.band.setBrush(QColor(31, 95, 191, 30))
        self.band.setZValue(OVERLAY_Z + 2)
        self.band.hide()
        self.addItem(self.band)
        self.marker = QGraphicsEllipseItem()
        self.marker.setPen(cosmetic_pen("#d62d20", 3.0))
        self.marker.setZValue(OVERLAY_Z + 3)
        self.marker.hide()
        self.addItem(self.marker)
        #: the attribute written on each space (None: the labels, as the player has them)
        self.shown: str | None = None
        self.values: dict[str, QGraphicsSimpleTextItem] = {}
        self._fonts: dict[int, QFont] = {}
        self._draw_picture()

    def _draw_picture(self) -> None:
        """The board's drawing that is not played on (``attrs["decor"]``: on an
        area map the islands and seas between the areas), under the spaces, so
        the designer sees why no area is there (validation: no gap)."""
        decor = self.board.attrs.get("decor", {})
        for name, d in (decor.items() if isinstance(decor, dict) else ()):
            try:
                points = [QPointF(float(x) * UNIT, float(y) * UNIT) for x, y in d["points"]]
            except (KeyError, TypeError, ValueError):
                continue
            item = QGraphicsPathItem()
            path = QPainterPath()
            path.addPolygon(QPolygonF(points))
            path.closeSubpath()
            item.setPath(path)
            colour = PICTURE.get(d.get("kind"), PICTURE["land"])
            item.setBrush(QBrush(colour))
            item.setPen(cosmetic_pen(colour.darker(130), 1.0))
            item.setZValue(-0.5)
            item.setToolTip(f"{name}: drawn on the map, not played on")
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)

    # -- an attribute written on every space ---------------------------------------------

    def show_attribute(self, name: str | None) -> None:
        """Write the value of attribute ``name`` on every space that has it, in
        place of the labels (None: the labels again); a value that names a
        colour is written in that colour."""
        for item in self.values.values():
            self.removeItem(item)
        self.values = {}
        self.shown = name or None
        for label in self.labels:
            label.setVisible(self.shown is None)
        if self.shown is None:
            return
        for space in self.board.spaces.values():
            self._write_value(space)

    def _write_value(self, space: Space) -> None:
        old = self.values.pop(space.key, None)
        if old is not None:
            self.removeItem(old)
        if self.shown is None or self.shown not in space.attrs:
            return
        value = space.attrs[self.shown]
        text = value if isinstance(value, str) else json.dumps(value)
        text = text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"
        minx, miny, maxx, maxy = space.polygon.bounds
        item = QGraphicsSimpleTextItem(text)
        size = max(4, int(min(maxx - minx, maxy - miny) * UNIT * 0.3))
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts[size] = QFont()
            font.setBold(True)
            font.setPixelSize(size)
        item.setFont(font)
        # written in the colour it names, else in the space's own colour (a card
        # section's letter in its square's colour)
        named = next((c for c in (value, space.attrs.get("colour"))
                      if isinstance(c, str) and QColor.isValidColorName(c)), "#222222")
        colour = QColor(named)
        item.setBrush(colour)
        item.setPen(cosmetic_pen(QColor(40, 30, 20, 170), 0.7))    # yellow on sand reads
        rect = item.boundingRect()
        cx, cy = space.centre
        item.setPos(cx * UNIT - rect.width() / 2, cy * UNIT - rect.height() / 2)
        item.setZValue(VALUE_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        item.setToolTip(f"{space.key}: {self.shown} = {json.dumps(value)}")
        self.addItem(item)
        self.values[space.key] = item

    def set_state(self, state) -> None:
        """The placed counters, as the player stacks them, but a big stack (a
        campaign's army in one area) kept within :data:`MOST_STACK_SPREAD` of its
        space's centre instead of stepping across the neighbouring spaces."""
        super().set_state(state)
        stacks: dict[str, list[str]] = {}
        for piece in sorted(state.active(), key=lambda p: (p.level, p.id)):
            if piece.space in self.board and piece.id in self.counters:
                stacks.setdefault(piece.space, []).append(piece.id)
        for key, ids in stacks.items():
            n = len(ids)
            if (n - 1) * STACK_OFFSET <= MOST_STACK_SPREAD:
                continue
            centre, step = self.space_centre(key), MOST_STACK_SPREAD / (n - 1)
            for i, pid in enumerate(ids):
                shift = (i - (n - 1) / 2) * step * UNIT
                self.counters[pid].setPos(centre + QPointF(shift, -shift))

    def canvas_rect(self) -> QRectF | None:
        """The canvas of a free-polygon board (its ``width`` x ``height``), if any."""
        attrs = self.board.attrs
        if attrs.get("grid") != "polygons" or not attrs.get("width") or not attrs.get("height"):
            return None
        return QRectF(0, 0, float(attrs["width"]) * UNIT, float(attrs["height"]) * UNIT)

    def board_rect(self) -> QRectF:
        rect = super().board_rect()
        canvas = self.canvas_rect()
        if canvas is None:
            return rect
        return canvas if rect.isEmpty() else rect.united(canvas)

    # -- selection and adjacency preview ---------------------------------------------------

    def select(self, key: str | None, show_neighbours: bool = True) -> dict[str, str]:
        """Highlight ``key`` and (optionally) its neighbours as the engine derives them.

        Returns neighbour key -> ``orthogonal``, ``diagonal`` or ``linked:<kind>``.
        """
        for item in self.highlights.values():
            self.removeItem(item)
        self.highlights.clear()
        self.neighbour_kinds = {}
        self.selected = key if key in self.board else None
        if self.selected is None:
            self.set_handles(None)
            return {}
        if show_neighbours:
            linked = {n: lk.kind for lk in self.board.links_from(key)
                      for n in (lk.a, lk.b) if n != key}
            for n, how in self.board.neighbours(key).items():
                if how in (ORTHOGONAL, DIAGONAL):
                    self.neighbour_kinds[n] = how
                else:
                    self.neighbour_kinds[n] = f"linked:{linked.get(n, how)}"
            for n, how in self.neighbour_kinds.items():
                self._highlight(n, HIGHLIGHT["linked" if how.startswith("linked") else how])
        self._highlight(key, HIGHLIGHT["selected"], width=3.0)
        return dict(self.neighbour_kinds)

    def _highlight(self, key: str, colour: QColor, width: float = 1.5) -> None:
        item = QGraphicsPathItem(polygon_path(self.board[key].polygon))
        item.setBrush(QBrush(colour))
        item.setPen(cosmetic_pen(colour.darker(150), width))
        item.setZValue(OVERLAY_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self.highlights[key] = item

    # -- vertex handles ----------------------------------------------------------------------

    def set_handles(self, key: str | None, pixels_per_unit: float = UNIT) -> None:
        """Show a handle on every corner of space ``key`` (none for None)."""
        for h in self.handles:
            self.removeItem(h)
        self.handles = []
        if key is None or key not in self.board:
            return
        r = HANDLE_PIXELS / 2 * UNIT / max(pixels_per_unit, 1e-6)
        corners = list(self.board[key].polygon.exterior.coords)
        # never larger than a fifth of the shortest side: a hex of The Legend
        # Begins seen whole stays a hex with dots on its corners, not a blot
        shortest = min((math.dist(a, b) for a, b in itertools.pairwise(corners)
                        if a != b), default=1.0)
        r = min(r, shortest * UNIT / 5)
        for x, y in corners[:-1]:
            h = QGraphicsEllipseItem(x * UNIT - r, y * UNIT - r, 2 * r, 2 * r)
            h.setBrush(QColor("white"))
            h.setPen(cosmetic_pen("#d62d20", 2.0))
            h.setZValue(OVERLAY_Z + 1)
            h.setData(0, (x, y))
            self.addItem(h)
            self.handles.append(h)

    # -- drafts ------------------------------------------------------------------------------

    def show_draft(self, points: list[tuple[float, float]], cursor: tuple | None = None,
                   closed: bool = False) -> None:
        """The polygon being drawn (board units), with a line to the cursor."""
        pts = [QPointF(x * UNIT, y * UNIT) for x, y in points]
        if cursor is not None:
            pts.append(QPointF(cursor[0] * UNIT, cursor[1] * UNIT))
        path = QPainterPath()
        if pts:
            path.addPolygon(QPolygonF(pts))
            if closed:
                path.closeSubpath()
            for p in pts[:len(points)]:
                path.addEllipse(p, 4, 4)
        self.draft.setPath(path)

    def show_band(self, a: QPointF | None, b: QPointF | None = None) -> None:
        if a is None or b is None:
            self.band.hide()
            return
        self.band.setRect(QRectF(a, b).normalized())
        self.band.show()

    def show_marker(self, point: tuple[float, float] | None) -> None:
        if point is None:
            self.marker.hide()
            return
        r = 0.45 * UNIT
        self.marker.setRect(point[0] * UNIT - r, point[1] * UNIT - r, 2 * r, 2 * r)
        self.marker.show()

    # -- live restyling ----------------------------------------------------------------------

    def restyle(self, space: Space) -> None:
        """Repaint one space after its attributes changed (no rebuild)."""
        item = self.space_items.get(space.key)
        if item is not None:
            item.setBrush(self.style.space_brush(space))
        if self.shown is not None:
            self._write_value(space)


def nearest_side(board: Board, x: float, y: float, tol: float = 0.2):
    """The side whose border passes closest to (x, y) within ``tol`` board units."""
    point = Point(x, y)
    best, best_d = None, tol
    space = board.space_at(x, y)
    candidates = board.sides_of(space.key) if space else board.sides.values()
    for side in candidates:
        if side.geometry is None:
            continue
        d = side.geometry.distance(point)
        if d < best_d:
            best, best_d = side, d
    return best


def innermost_space(board: Board, x: float, y: float) -> str | None:
    """The key of the smallest space containing the point (boundaries count):
    a Phantom Fury box, not the zone around it; a Limits of Glory island, not
    the sea; None off every space."""
    found = _TREES.get(board)
    if found is None:
        keys = list(board.spaces)
        found = _TREES[board] = (STRtree([board.spaces[k].polygon for k in keys]), keys)
    tree, keys = found
    hits = tree.query(Point(x, y), predicate="intersects")
    if len(hits) == 0:
        return None
    return min((keys[int(i)] for i in hits), key=lambda k: board.spaces[k].polygon.area)


_TREES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def nearest_vertex(board: Board, x: float, y: float, tol: float,
                   exclude: tuple[float, float] | None = None) -> tuple[float, float] | None:
    """The existing corner closest to (x, y) within ``tol`` (for snapping)."""
    best, best_d = None, tol
    if not len(board):
        return None
    polys = [s.polygon for s in board.spaces.values()]
    tree = shapely.STRtree(polys)
    for i in tree.query(Point(x, y).buffer(tol)).tolist():
        for vx, vy in polys[i].exterior.coords:
            if exclude is not None and abs(vx - exclude[0]) < 1e-9 \
                    and abs(vy - exclude[1]) < 1e-9:
                continue
            d = ((vx - x) ** 2 + (vy - y) ** 2) ** 0.5
            if d < best_d:
                best, best_d = (vx, vy), d
    return best
