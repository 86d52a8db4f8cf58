"""BoardScene: any engine Board drawn from its geometry, with the counters on it.

Spaces are filled polygons (the style picks the brush), side features are
drawn over the shared borders (walls thick, doors and windows dashed), links
are arrows between space centres, labels sit in each space's corner.  Board
units are scaled by :data:`~ffl.ui.style.UNIT` into scene pixels; y grows down
in both.
"""

from __future__ import annotations

import math
import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely.geometry import LineString, MultiLineString, Polygon

from ffl.engine import Board, GameState, Link, Module, Space

from .counters import CounterItem, style_keys_kept
from .style import UNIT, BoardStyle

#: how far apart stacked counters are drawn (board units)
STACK_OFFSET = 0.09
#: labels smaller than this on screen (pixels) are not drawn
MIN_LABEL_PIXELS = 6.0


def polygon_path(polygon: Polygon) -> QPainterPath:
    """A painter path (scene units) for a shapely polygon, holes included."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (polygon.exterior, *polygon.interiors):
        pts = [QPointF(x * UNIT, y * UNIT) for x, y in ring.coords]
        path.addPolygon(QPolygonF(pts))
        path.closeSubpath()
    return path


def line_path(line: LineString | MultiLineString) -> QPainterPath:
    path = QPainterPath()
    parts = line.geoms if isinstance(line, MultiLineString) else [line]
    for part in parts:
        coords = list(part.coords)
        if not coords:
            continue
        path.moveTo(coords[0][0] * UNIT, coords[0][1] * UNIT)
        for x, y in coords[1:]:
            path.lineTo(x * UNIT, y * UNIT)
    return path


#: each space's outline path and bounds, and each side's line path, made once per
#: Space / Side object (issue 12): both are immutable and shared by every game of a
#: module, so a second game, a reopened save or a new scene of the same board
#: draws from these (a QPainterPath is a value: items take copies)
_SPACE_DRAWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_SIDE_PATHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def space_drawn(space: Space) -> tuple[QPainterPath, tuple[float, float, float, float]]:
    """The space's outline as a painter path (scene units) and its bounds (board units)."""
    found = _SPACE_DRAWN.get(space)
    if found is None:
        found = (polygon_path(space.polygon), tuple(space.polygon.bounds))
        _SPACE_DRAWN[space] = found
    return found


def side_path(side) -> QPainterPath:
    """A side's line as a painter path (scene units)."""
    found = _SIDE_PATHS.get(side)
    if found is None:
        found = _SIDE_PATHS[side] = line_path(side.geometry)
    return found


class SpaceLabel(QGraphicsSimpleTextItem):
    """A space label that is skipped when it would be too small to read.

    Cached as a pixmap in device coordinates (issue 12): a repaint blits the
    hundreds of labels instead of calling this Python ``paint`` for each; the
    cache is redrawn after a zoom, so the size check still follows the zoom."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.font().pixelSize() * lod >= MIN_LABEL_PIXELS:
            super().paint(painter, option, widget)


def static_item(path: QPainterPath) -> QGraphicsPathItem:
    """A path item of the board that rarely changes, cached as a pixmap in device
    coordinates: antialiased polygons are the bulk of a map repaint, and the
    cache makes a repaint a few blits (re-rendered only after a zoom or a change)."""
    item = QGraphicsPathItem(path)
    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return item


class BoardScene(QGraphicsScene):
    """The scene of one board: spaces, sides, links, labels and counters."""

    def __init__(self, board: Board, module: Module | None = None,
                 style: BoardStyle | None = None, parent=None) -> None:
        super().__init__(parent)
        self.board = board
        self.module = module
        self.style = style or BoardStyle()
        self.setBackgroundBrush(QBrush(self.style.background))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.space_items: dict[str, QGraphicsPathItem] = {}
        self.side_items: list[QGraphicsPathItem] = []
        self.link_items: list[QGraphicsPathItem] = []
        self.labels: list[SpaceLabel] = []
        self.counters: dict[str, CounterItem] = {}
        #: the counters of the scene this one replaces, by piece id, whose pictures
        #: the counters made here first may take (take_images_from)
        self._image_donors: dict[str, CounterItem] = {}
        self._late_donors: dict[str, CounterItem] = {}
        #: the item class made for each piece (a game's UI may set its own)
        self.counter_class: type[CounterItem] = CounterItem
        #: how many facings a counter has here (6 on hexes, 8 on squares)
        self.facings = board.facings
        self._labels_visible = True
        self._links_visible = True
        #: the board whose space centres (scene units, by key) space_centre keeps
        self._centres: tuple[Board | None, dict[str, tuple[float, float]]] = (None, {})
        #: what the scene was drawn from besides the board (the window's key of the
        #: style and its arguments): a scene is kept for a game drawn alike
        self.look_key: tuple = ()
        #: areas a game's UI draws beside the board (e.g. level diagrams), in scene
        #: units: the map's fit and the overview take them in
        self._extra_areas: list[QRectF] = []
        #: the board whose bounds were worked out, and its bounds (board units)
        self._bounds: tuple = (None, None)
        self._draw_spaces()
        self._draw_sides()
        self._draw_links()
        self._draw_labels()
        margin = UNIT * 0.5
        self.setSceneRect(self.board_rect().adjusted(-margin, -margin, margin, margin))
        #: what the scene holds of its own (clear_game keeps these, drops the rest):
        #: its board items, the parts a game UI asked to keep (keep_part) and the
        #: attributes it has now
        self._own_items = {id(i) for i in self.static_items()}
        self._own_labels = list(self.labels)
        self._parts: dict[str, object] = {}
        self._own_attrs = set(vars(self)) | {"_own_attrs"}

    def clear_game(self) -> None:
        """Make the scene as it was built, with no game on it, to show another game
        of the same board (issue 12: its board items and their cached pictures are
        kept): every item a game UI added goes, and so do the counters, which hand
        their pictures to the counters :meth:`set_state` makes next
        (:meth:`take_images_from`); the labels list, the extra areas and any
        attribute set on the scene since it was built are forgotten."""
        own = self._own_items
        counters, self.counters = self.counters, {}
        for item in self.items():
            # the board's own items first: a set lookup spares ~1,500 calls into Qt
            if id(item) not in own and item.parentItem() is None:
                self.removeItem(item)
        self._image_donors, self._late_donors = counters, {}
        self.labels = list(self._own_labels)
        for name in set(vars(self)) - self._own_attrs:
            delattr(self, name)
        self._extra_areas = []
        margin = UNIT * 0.5
        self.setSceneRect(self.board_rect().adjusted(-margin, -margin, margin, margin))

    def part(self, name: str):
        """The part of the board's drawing kept under ``name`` (keep_part), or None."""
        return self._parts.get(name)

    def keep_part(self, name: str, part, items) -> object:
        """Keep ``part``, drawn by a game UI from the board alone (the FFL fort's
        symbols), with the scene: its top-level ``items`` stay through
        :meth:`clear_game` like the board's own, so the next game's UI on this
        scene takes it from :meth:`part` instead of drawing it again."""
        self._parts[name] = part
        self._own_items |= {id(i) for i in items}
        return part

    # -- geometry -------------------------------------------------------------------

    def board_rect(self) -> QRectF:
        """The board's bounds in scene units, with any extra areas beside it."""
        board = self.board
        if self._bounds[0] is not board:    # asked often; a board never changes
            self._bounds = (board, board.bounds)
        minx, miny, maxx, maxy = self._bounds[1]
        rect = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
        for area in self._extra_areas:
            rect = rect.united(area)
        return rect

    def add_area(self, rect: QRectF) -> None:
        """Take in an area drawn beside the board (fit, overview, scene rect)."""
        self._extra_areas.append(QRectF(rect))
        margin = UNIT * 0.5
        self.setSceneRect(self.board_rect().adjusted(-margin, -margin, margin, margin))

    def remove_area(self, rect: QRectF) -> None:
        """No longer take in an area given to :meth:`add_area` (it was hidden)."""
        self._extra_areas = [a for a in self._extra_areas if a != QRectF(rect)]
        margin = UNIT * 0.5
        self.setSceneRect(self.board_rect().adjusted(-margin, -margin, margin, margin))

    def space_at(self, point: QPointF) -> Space | None:
        return self.board.space_at(point.x() / UNIT, point.y() / UNIT)

    def space_centre(self, key: str) -> QPointF:
        board, centres = self._centres
        if board is not self.board:
            board, centres = self._centres = (self.board, {})
        centre = centres.get(key)
        if centre is None:
            # worked out once per space of the board (issue 12: it was a shapely
            # centroid for every counter placed and every fit of an opened game)
            x, y = board[key].centre
            centre = centres[key] = (x * UNIT, y * UNIT)
        return QPointF(*centre)

    # -- static layers ----------------------------------------------------------------

    def _draw_spaces(self) -> None:
        for key, space in self.board.spaces.items():
            item = static_item(space_drawn(space)[0])
            item.setBrush(self.style.space_brush(space))
            item.setPen(self.style.space_pen(space))
            item.setZValue(0)
            item.setData(0, key)
            self.addItem(item)
            self.space_items[key] = item

    def _draw_sides(self) -> None:
        for side in self.board.sides.values():
            if side.geometry is None or not side.features:
                continue
            pen = self.style.side_pen(side)
            if pen is None:
                continue
            item = static_item(side_path(side))
            item.setPen(pen)
            item.setZValue(2)
            item.setToolTip(f"{side.a} | {side.b}: {', '.join(sorted(side.features))}")
            self.addItem(item)
            self.side_items.append(item)

    def _draw_links(self) -> None:
        for link in self.board.links:
            item = static_item(self._arrow_path(link))
            colour = self.style.link_colour(link)
            pen = QPen(colour, 0.04 * UNIT, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setZValue(4)
            item.setToolTip(f"{link.kind}: {link.a} {'->' if link.directed else '<->'} {link.b}")
            self.addItem(item)
            self.link_items.append(item)
            for head in self._arrow_heads(link):
                tip = static_item(head)
                tip.setPen(QPen(colour, 0.02 * UNIT))
                tip.setBrush(colour)
                tip.setZValue(4)
                self.addItem(tip)
                self.link_items.append(tip)

    def _link_ends(self, link: Link) -> tuple[QPointF, QPointF]:
        a, b = self.space_centre(link.a), self.space_centre(link.b)
        d = b - a
        length = math.hypot(d.x(), d.y()) or 1.0
        trim = min(0.3 * UNIT, length * 0.3)
        u = d / length
        return a + u * trim, b - u * trim

    def _arrow_path(self, link: Link) -> QPainterPath:
        a, b = self._link_ends(link)
        path = QPainterPath(a)
        path.lineTo(b)
        return path

    def _arrow_heads(self, link: Link) -> list[QPainterPath]:
        a, b = self._link_ends(link)
        ends = [(a, b)] if link.directed else [(a, b), (b, a)]
        heads = []
        for start, tip in ends:
            d = tip - start
            length = math.hypot(d.x(), d.y()) or 1.0
            u = d / length
            n = QPointF(-u.y(), u.x())
            size = 0.14 * UNIT
            base = tip - u * size
            path = QPainterPath()
            path.addPolygon(QPolygonF([tip, base + n * size * 0.5, base - n * size * 0.5, tip]))
            heads.append(path)
        return heads

    def _draw_labels(self) -> None:
        font = QFont()
        font.setPixelSize(int(0.16 * UNIT))
        for key, space in self.board.spaces.items():
            label = SpaceLabel(space.label)
            label.setFont(font)
            label.setBrush(self.style.label_colour(space))
            minx, miny, maxx, _ = space_drawn(space)[1]
            rect = label.boundingRect()
            if space.kind == "square":
                label.setPos(minx * UNIT + 0.05 * UNIT, miny * UNIT + 0.03 * UNIT)
            else:
                cx = space.centre[0] * UNIT
                label.setPos(cx - rect.width() / 2, miny * UNIT + 0.08 * UNIT)
            label.setZValue(3)
            label.setData(0, key)
            self.addItem(label)
            self.labels.append(label)

    # -- toggles ----------------------------------------------------------------------

    @property
    def labels_visible(self) -> bool:
        return self._labels_visible

    def set_labels_visible(self, visible: bool) -> None:
        self._labels_visible = bool(visible)
        for label in self.labels:
            label.setVisible(self._labels_visible)

    def set_links_visible(self, visible: bool) -> None:
        self._links_visible = bool(visible)
        for item in self.link_items:
            item.setVisible(bool(visible))

    def board_look(self) -> tuple:
        """What the board's own items look like besides the board and style the
        scene was made for: labels and links shown or hidden, the parts kept
        (:meth:`keep_part`).  A picture of the bare board (the overview's, issue
        12) stays right while this is the same, for a game UI that changes the
        scene only by adding items (``GameUI.keeps_board_scene``)."""
        return (self._labels_visible, self._links_visible, tuple(self._parts))

    # -- counters ---------------------------------------------------------------------

    def take_images_from(self, old: BoardScene | None) -> None:
        """Let the counters made by the next :meth:`set_state` take the pictures
        the same pieces' counters drew on ``old``, the scene this one replaces
        (alive until then), where they would draw alike
        (:meth:`CounterItem.take_images`): opening a save of the game shown, or
        another game of its scenario, does not draw its counters again (issue 12)."""
        self._image_donors = dict(old.counters) if old is not None else {}

    def drop_counters(self) -> None:
        """Take every counter off the scene and forget the pictures other counters
        could have taken (:meth:`take_images_from`): for a game whose UI draws
        its pieces itself (``GameUI.draws_own_pieces``), never given to
        :meth:`set_state`."""
        counters, self.counters = self.counters, {}
        for item in counters.values():
            if item.scene() is self:
                self.removeItem(item)
        self._image_donors, self._late_donors = {}, {}

    def set_state(self, state: GameState) -> None:
        """Bring the counters in line with ``state`` (only changed ones repaint)."""
        types = self.module.piece_types if self.module else {}
        stacks: dict[str, list] = {}
        for piece in sorted(state.active(), key=lambda p: (p.level, p.id)):
            if piece.space in self.board:
                stacks.setdefault(piece.space, []).append(piece)
        seen = set()
        late: dict[str, CounterItem] = {}
        with style_keys_kept():     # the style's key worked out once, not per counter
            self._place_counters(stacks, types, seen, late)
        for pid in [p for p in self.counters if p not in seen]:
            self.removeItem(self.counters.pop(pid))
        self._image_donors = {}     # only the first counters made take pictures
        self._late_donors = late

    def _place_counters(self, stacks: dict[str, list], types, seen: set,
                        late: dict[str, CounterItem]) -> None:
        for key, pieces in stacks.items():
            centre = self.space_centre(key)
            n = len(pieces)
            for i, piece in enumerate(pieces):
                seen.add(piece.id)
                item = self.counters.get(piece.id)
                ptype = types.get(piece.type)
                if item is None:
                    item = self.counter_class(piece, ptype, self.style)
                    item.set_facings(self.facings)
                    self.addItem(item)
                    self.counters[piece.id] = item
                    donor = self._image_donors.pop(piece.id, None)
                    if donor is not None and not item.take_images(donor):
                        late[piece.id] = donor      # it may draw alike once lit

                else:
                    item.update_piece(piece, ptype)
                shift = (i - (n - 1) / 2) * STACK_OFFSET * UNIT
                item.setPos(centre + QPointF(shift, -shift))
                item.setZValue(10 + i)

    def late_donor(self, piece_id: str) -> CounterItem | None:
        """The counter of the scene replaced whose pictures a counter made by the
        last :meth:`set_state` could not take then (it drew otherwise: the game's
        UI lights the drawn organization's units after set_state), asked for by
        the counter when it first needs a picture; given once, and forgotten at
        the next set_state."""
        return self._late_donors.pop(piece_id, None)

    def counter(self, piece_id: str) -> CounterItem | None:
        return self.counters.get(piece_id)

    def static_items(self) -> list[QGraphicsItem]:
        return [*self.space_items.values(), *self.side_items, *self.link_items, *self.labels]
