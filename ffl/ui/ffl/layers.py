"""Highlight layers over the fort: shaded squares (reachable squares, firing
arc, set-up squares), a path with its cost, a line of sight, grappled ropes;
and the placement of counters by level: on the board at a square's top level,
in the off-board level diagrams (:mod:`.diagrams`, 1.12) at the others.

Pure drawing: what to highlight is always asked of the controller by the
interaction modules.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from ffl.ui.board_scene import BoardScene, space_drawn
from ffl.ui.style import UNIT

from .counters import FFLCounterItem

Z_SHADE, Z_PATH = 5, 40
ALL_LEVELS = None

#: colours of a reachable square by the Movement Factors left on arrival (0..5)
MF_COLOURS = {0: QColor(230, 80, 60, 110), 1: QColor(240, 150, 50, 110),
              2: QColor(235, 210, 60, 110), 3: QColor(150, 210, 80, 110),
              4: QColor(80, 190, 120, 110), 5: QColor(60, 160, 200, 110)}
#: the firing arc (7.3): a strong orange, plain at any zoom over the fort's browns
ARC_SHADE = QColor(255, 140, 0, 150)
PLACE_SHADE = QColor(90, 170, 255, 60)
BLOCK_SHADE = QColor(220, 20, 20, 140)
#: where counters of other levels sit in a square: (dx, dy) in board units
LEVEL_CORNERS = {0: (-0.3, 0.3), 1: (0.3, 0.3), 2: (-0.3, -0.3), 3: (0.3, -0.3), -1: (0, 0.3)}
SMALL = 0.5


class Layer:
    """A set of temporary items in the scene, cleared all at once."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.items: list[QGraphicsItem] = []

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items.clear()

    def _keep(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def shade(self, key: str, colour: QColor, text: str = "", tip: str = "",
              level: int | None = None) -> None:
        """Shade square ``key`` (its diagram copy if ``level`` is one of its hidden levels)."""
        rect = place_rect(self.scene, key, level)
        item = QGraphicsRectItem(rect.adjusted(2, 2, -2, -2))
        item.setBrush(QBrush(colour))
        item.setPen(QPen(Qt.PenStyle.NoPen))
        if tip:
            item.setToolTip(tip)
        self._keep(item, Z_SHADE)
        if text:
            label = QGraphicsSimpleTextItem(text)
            font = QFont()
            font.setBold(True)
            font.setPixelSize(int(0.26 * UNIT))
            label.setFont(font)
            label.setBrush(QColor(30, 20, 10, 220))
            br = label.boundingRect()
            label.setPos(rect.right() - br.width() - 0.06 * UNIT, rect.bottom() - br.height())
            self._keep(label, Z_SHADE + 0.5)

    def hatch(self, key: str, colour: QColor, level: int | None = None) -> None:
        """Hatch square ``key`` and ring it with a dashed line (a jump landing, 6.5)."""
        rect = place_rect(self.scene, key, level).adjusted(5, 5, -5, -5)
        item = QGraphicsRectItem(rect)
        item.setBrush(QBrush(colour, Qt.BrushStyle.BDiagPattern))
        pen = QPen(colour, 0.06 * UNIT, Qt.PenStyle.DashLine)
        item.setPen(pen)
        self._keep(item, Z_SHADE + 0.2)

    def outline(self, key: str, colour: QColor, width: float = 0.08,
                level: int | None = None) -> None:
        rect = place_rect(self.scene, key, level)
        item = QGraphicsRectItem(rect.adjusted(4, 4, -4, -4))
        item.setPen(QPen(colour, width * UNIT))
        self._keep(item, Z_PATH - 1)

    def polyline(self, points: list[QPointF], colour: QColor, width: float = 0.09,
                 dashed: bool = False) -> None:
        if len(points) < 2:
            return
        path = QPainterPath(points[0])
        for p in points[1:]:
            path.lineTo(p)
        pen = QPen(colour, width * UNIT, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine,
                   Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        self._keep(item, Z_PATH)

    def text(self, at: QPointF, text: str, colour: QColor | None = None) -> None:
        label = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(0.3 * UNIT))
        label.setFont(font)
        label.setBrush(colour or QColor("white"))
        label.setPen(QPen(QColor(0, 0, 0, 200), 0.02 * UNIT))
        label.setPos(at + QPointF(0.2 * UNIT, -0.55 * UNIT))
        self._keep(label, Z_PATH + 1)


def diagrams_of(scene: BoardScene):
    """The scene's level diagrams (set by the FFL play UI), or None."""
    return getattr(scene, "level_diagrams", None)


def place_rect(scene: BoardScene, key: str, level: int | None = None) -> QRectF:
    """Where (key, level) is drawn: its diagram square, else the board square."""
    diagrams = diagrams_of(scene)
    if diagrams is not None and level is not None:
        rect = diagrams.rect(key, level)
        if rect is not None:
            return QRectF(rect)
    minx, miny, maxx, maxy = space_drawn(scene.board[key])[1]     # kept per space
    return QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)


def place_centre(scene: BoardScene, key: str, level: int | None = None) -> QPointF:
    diagrams = diagrams_of(scene)
    if diagrams is not None and level is not None:
        centre = diagrams.centre(key, level)
        if centre is not None:
            return centre
    return scene.space_centre(key)


def place_at(scene: BoardScene, pos: QPointF) -> tuple[str, int | None] | None:
    """(square, level) under a scene point: a diagram square gives its level, a
    board square gives None (the caller decides which of its levels is meant)."""
    diagrams = diagrams_of(scene)
    if diagrams is not None:
        found = diagrams.at(pos)
        if found is not None:
            return found
    space = scene.space_at(pos)
    return (space.key, None) if space is not None else None


def released_in_place(scene: BoardScene, piece, key: str, level: int | None) -> bool:
    """A drop on the place the piece is drawn (its diagram square, or its board
    square when it stands on the board): no move."""
    if key != piece.space:
        return False
    if level is not None:
        return level == piece.level
    diagrams = diagrams_of(scene)
    return diagrams is None or diagrams.rect(key, piece.level) is None


def layout_levels(scene: BoardScene, shown: int | None) -> None:
    """Place counters so every level of a square is visible (1.12).

    A piece at its square's top level stands on the board; a piece at a lower
    level of a square that has a diagram copy stands on that copy, full size.
    A piece at a level with no copy (no diagram, or the diagrams hidden)
    stands full size on the board square while no character of another level
    is there (its level badge tells), else shrinks into a corner of it.  With
    one level chosen in the selector, pieces of the other levels are faded
    (and not picked by the mouse; see :func:`pick`).
    """
    diagrams = diagrams_of(scene)
    places: dict[tuple, list[FFLCounterItem]] = {}
    levels_at: dict[str, set[int]] = {}
    for item in scene.counters.values():
        if isinstance(item, FFLCounterItem) and item.kind == "character" \
                and item.piece.space is not None:
            levels_at.setdefault(item.piece.space, set()).add(item.piece.level)
    for item in scene.counters.values():
        if not isinstance(item, FFLCounterItem) or item.piece.space is None:
            continue
        p = item.piece
        cell = diagrams.centre(p.space, p.level) if diagrams is not None else None
        if item.kind in ("weapon", "dynamite"):   # 14, 15.1: small, beside the unit there
            item.setScale(0.5)
            base = cell if cell is not None else scene.space_centre(p.space)
            item.setPos(base + QPointF(0.27 * UNIT, 0.27 * UNIT))
            item.setZValue(max(item.zValue(), 21))
            continue
        if item.kind != "character":
            item.setScale(0.8)
            if cell is not None and item.kind != "gate":   # the gate stays on its side
                item.setPos(cell)
            continue
        levels = scene.board[p.space].get("levels") or [0]
        if cell is not None:
            where = "diagram"
        elif p.level in levels and p.level != max(levels) and len(levels_at[p.space]) > 1:
            where = "corner"    # a hidden level without a diagram copy, shared
        else:
            where = "board"
        places.setdefault((where, p.space, p.level), []).append(item)
    for (where, key, level), items in places.items():
        items.sort(key=lambda it: it.piece_id)
        if where == "diagram":
            centre = diagrams.centre(key, level)
        else:
            centre = scene.space_centre(key)
        faded = shown is not ALL_LEVELS and level != shown
        for k, item in enumerate(items):
            item.setOpacity(0.45 if faded else 1.0)
            if where == "corner":
                dx, dy = LEVEL_CORNERS.get(level, (0, 0))
                item.setPos(centre + QPointF(dx * UNIT, dy * UNIT))
                item.setScale(SMALL)
                item.setZValue(12 + level)
                continue
            shift = (k - (len(items) - 1) / 2) * 0.1 * UNIT
            item.setPos(centre + QPointF(shift, -shift))
            item.setScale(1.0)
            item.setZValue(20 + level + k * 0.1)


def pick(scene: BoardScene, pos: QPointF, shown: int | None,
         types: tuple[str, ...] = ("character",)) -> FFLCounterItem | None:
    """The counter under ``pos`` the player can grab (respecting the level filter)."""
    for item in scene.items(pos):
        if isinstance(item, FFLCounterItem) and item.kind in types:
            if shown is not ALL_LEVELS and item.piece.level != shown:
                continue
            return item
    return None
