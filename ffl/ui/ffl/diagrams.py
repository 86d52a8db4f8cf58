"""The off-board level diagrams of the fort (1.12).

The printed board shows each square at its highest level only.  A square with
several levels (a building: floor under its roof; a tower: three rooms under
its top; a gate square: the passage under the parapet) has its lower levels
drawn in diagrams beside the playing area, and a piece standing on one of
those levels sits in the diagram, not on the board.

:func:`diagram_layout` decides where each copy goes (pure, no Qt): one diagram
per hidden level, each square at its own column and row of the fort with the
empty stretches between them squeezed to a one-square gap, so every building
and tower keeps its shape and its place relative to the others.
:class:`LevelDiagrams` draws them below the board and answers where a
(square, level) is shown and which one lies under a scene point.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from ffl.engine.features import DOOR, GATE, THICK_WALL, WINDOW
from ffl.games.ffl.terrain import WALL_FEATURES, Fort
from ffl.ui.board_scene import SpaceLabel, static_item
from ffl.ui.style import UNIT

from .decor import DOOR_FILL, WINDOW_FILL, opening_path, spiral_path, spiral_pen
from .style import GATE_INK, LEVEL_BROWNS, PARADE, STAIR_INK, WALL_INK

#: board units between the board's bottom edge and the diagrams
GAP_BELOW = 1.0
#: board units between two diagrams
GAP_BETWEEN = 0.8
#: margin inside a diagram's frame, the height of its title, the room under
#: its last row for the names of the groups there
PAD, TITLE, FOOT = 0.3, 0.75, 0.45
TITLES = {-1: "Level -1 (tunnels)", 0: "Level 0 (under the roofs and parapets)"}
FRAME_FILL = QColor("#3b453f")
FRAME_INK = QColor("#c9b98f")
CHOSEN_INK = QColor("#f7d23e")
TITLE_INK = QColor("#f1e6c8")
NAME_INK = QColor(241, 230, 200, 210)
CELL_OUTLINE = QColor(110, 90, 60, 140)
Z_FRAME, Z_CELL, Z_SIDE, Z_TEXT = -1, 0, 2, 3


def title(level: int) -> str:
    return TITLES.get(level, f"Level {level}")


def level_colour(level: int) -> QColor:
    """A diagram square's colour: the printed colour of its level (1.12)."""
    return QColor(LEVEL_BROWNS.get(level, PARADE))


def _squeeze(values) -> dict[int, int]:
    """Used coordinates -> compact ones: a run of unused ones becomes one gap."""
    out: dict[int, int] = {}
    pos, prev = 0, None
    for v in sorted(set(values)):
        if prev is not None:
            pos += 1 if v == prev + 1 else 2
        out[v], prev = pos, v
    return out


def grid_position(fort: Fort, key: str) -> tuple[int, int]:
    minx, miny, _, _ = fort.board[key].polygon.bounds
    return round(minx), round(miny)


#: each board's diagram layout, worked out once (issue 12: every game opened on
#: the board lays its diagrams out; the board is immutable)
_LAYOUTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


#: each board's bounds (board units), worked out once per board (issue 12: every
#: game opened on the board places its diagrams below them; the board is immutable)
_BOUNDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def board_bounds(fort: Fort) -> tuple[float, float, float, float]:
    """The fort's board's (minx, miny, maxx, maxy)."""
    found = _BOUNDS.get(fort.board)
    if found is None:
        found = _BOUNDS[fort.board] = tuple(fort.board.bounds)
    return found


def diagram_layout(fort: Fort) -> dict[int, dict[str, tuple[int, int]]]:
    """Hidden level -> {square key: (column, row) in that level's diagram}.

    A level is hidden in a square when the square has it and it is not the
    square's top level (1.12).  Made once per board (a copy is returned).
    """
    found = _LAYOUTS.get(fort.board)
    if found is None:
        found = _LAYOUTS[fort.board] = _diagram_layout(fort)
    return {level: dict(cells) for level, cells in found.items()}


def _diagram_layout(fort: Fort) -> dict[int, dict[str, tuple[int, int]]]:
    hidden: dict[int, dict[str, tuple[int, int]]] = {}
    for key, space in fort.board.spaces.items():
        if space.kind != "square":
            continue
        for level in fort.levels(key)[:-1]:
            hidden.setdefault(level, {})[key] = grid_position(fort, key)
    out = {}
    for level in sorted(hidden):
        cells = hidden[level]
        cols = _squeeze(c for c, _ in cells.values())
        rows = _squeeze(r for _, r in cells.values())
        out[level] = {k: (cols[c], rows[r]) for k, (c, r) in cells.items()}
    return out


def groups(fort: Fort, keys) -> list[list[str]]:
    """The squares of one diagram in groups: each building, tower or gate together."""
    keys = set(keys)
    seen: set[str] = set()
    out = []
    for start in sorted(keys):
        if start in seen:
            continue
        kind = (fort.area(start), fort.building(start))
        group, todo = [], [start]
        seen.add(start)
        while todo:
            k = todo.pop()
            group.append(k)
            for n in fort.board.orthogonal(k):
                if n in keys and n not in seen and (fort.area(n), fort.building(n)) == kind:
                    seen.add(n)
                    todo.append(n)
        out.append(sorted(group))
    return out


def group_name(fort: Fort, group: list[str]) -> str:
    key = group[0]
    if fort.building(key):
        return str(fort.building(key))
    if fort.is_gate(key):
        return "Gate"
    if fort.area(key) == "tower":
        minx, miny, maxx, maxy = board_bounds(fort)
        x = sum(grid_position(fort, k)[0] for k in group) / len(group) + 0.5
        y = sum(grid_position(fort, k)[1] for k in group) / len(group) + 0.5
        ns = "N" if y < (miny + maxy) / 2 else "S"
        ew = "W" if x < (minx + maxx) / 2 else "E"
        return f"{ns}{ew} Tower"
    return ""


@dataclass
class Panel:
    """One level's diagram: its frame (scene units) and its squares."""

    level: int
    frame: QRectF
    cells: dict[str, QRectF] = field(default_factory=dict)
    frame_item: QGraphicsPathItem | None = None


class LevelDiagrams:
    """The diagrams of every hidden level, drawn into ``scene`` below the board."""

    def __init__(self, scene, fort: Fort) -> None:
        self.scene = scene
        self.fort = fort
        self.panels: dict[int, Panel] = {}
        self.cells: dict[tuple[str, int], QRectF] = {}
        self.items: list[QGraphicsItem] = []
        self.labels: list[SpaceLabel] = []
        self.chosen: int | None = None
        self._place(diagram_layout(fort))
        #: drawn when first shown (hidden by default: a game opens without drawing them)
        self.drawn = False

    # -- where things are ---------------------------------------------------------------

    def _place(self, layout: dict[int, dict[str, tuple[int, int]]]) -> None:
        """Frames side by side under the board: the first (largest) on the left,
        the others stacked in columns to its right; the whole row centred."""
        sizes = {}
        for level, cells in layout.items():
            w = max(c for c, _ in cells.values()) + 1
            h = max(r for _, r in cells.values()) + 1
            sizes[level] = (w + 2 * PAD, h + PAD + TITLE + FOOT)
        if not sizes:
            return
        levels = list(sizes)
        column_height = sizes[levels[0]][1]
        spots: dict[int, tuple[float, float]] = {}
        x = y = col_w = 0.0
        for i, level in enumerate(levels):
            w, h = sizes[level]
            if i and y + h > column_height + GAP_BETWEEN and y > 0:
                x, y, col_w = x + col_w + GAP_BETWEEN, 0.0, 0.0
            spots[level] = (x, y)
            col_w = max(col_w, w)
            y += h + GAP_BETWEEN
            if i == 0:
                x, y, col_w = w + GAP_BETWEEN, 0.0, 0.0
        total = max(spots[lv][0] + sizes[lv][0] for lv in levels)
        minx, _, maxx, maxy = board_bounds(self.fort)
        left = minx + max(0.0, (maxx - minx - total) / 2)
        top = maxy + GAP_BELOW
        for level in levels:
            (px, py), (w, h) = spots[level], sizes[level]
            frame = QRectF((left + px) * UNIT, (top + py) * UNIT, w * UNIT, h * UNIT)
            panel = Panel(level, frame)
            for key, (c, r) in layout[level].items():
                rect = QRectF((left + px + PAD + c) * UNIT, (top + py + PAD + TITLE + r) * UNIT,
                              UNIT, UNIT)
                panel.cells[key] = rect
                self.cells[(key, level)] = rect
            self.panels[level] = panel

    def rect(self, key: str, level: int) -> QRectF | None:
        """The diagram square showing ``key`` at ``level`` (None: it is on the board)."""
        return self.cells.get((key, level))

    def centre(self, key: str, level: int) -> QPointF | None:
        rect = self.cells.get((key, level))
        return rect.center() if rect is not None else None

    def at(self, pos: QPointF) -> tuple[str, int] | None:
        """The (square, level) whose diagram copy is under the scene point ``pos``."""
        for level, panel in self.panels.items():
            if panel.frame.contains(pos):
                for key, rect in panel.cells.items():
                    if rect.contains(pos):
                        return key, level
                return None
        return None

    def bounds(self) -> QRectF:
        rect = QRectF()
        for panel in self.panels.values():
            rect = rect.united(panel.frame)
        return rect

    def describe(self, key: str, level: int) -> str:
        """How the hover line names a diagram square."""
        label = self.fort.board[key].label
        where = self.fort.building(key) or ("tower" if self.fort.area(key) == "tower" else
                                             "gate passage" if self.fort.is_gate(key) else "")
        return f"{label} level {level}" + (f" · {where}" if where else "") + " (diagram)"

    def set_shown(self, shown: bool) -> None:
        """Show or hide the diagrams (Game › Level diagrams); hidden, their
        labels leave the scene's label toggle."""
        if shown and not self.drawn:
            self.drawn = True
            for panel in self.panels.values():
                self._draw(panel)
            chosen, self.chosen = self.chosen, None
            self.set_chosen(chosen)         # ring the level chosen while they were hidden
        for item in self.items:
            if item in self.labels:
                item.setVisible(shown and self.scene.labels_visible)
            else:
                item.setVisible(shown)
        for label in self.labels:
            if shown and label not in self.scene.labels:
                self.scene.labels.append(label)
            elif not shown and label in self.scene.labels:
                self.scene.labels.remove(label)

    # -- the level selector ---------------------------------------------------------------

    def set_chosen(self, level: int | None) -> None:
        """Ring the chosen level's diagram (the level selector)."""
        if level == self.chosen:
            return
        self.chosen = level
        for lv, panel in self.panels.items():
            if panel.frame_item is not None:
                on = lv == level
                panel.frame_item.setPen(QPen(CHOSEN_INK if on else FRAME_INK,
                                             (0.09 if on else 0.03) * UNIT))

    # -- drawing --------------------------------------------------------------------------

    def _add(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def _path(self, path: QPainterPath, pen: QPen | None, brush, z: float,
              tip: str = "") -> QGraphicsPathItem:
        item = static_item(path)
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
        if tip:
            item.setToolTip(tip)
        return self._add(item, z)

    def _draw(self, panel: Panel) -> None:
        frame = QPainterPath()
        frame.addRoundedRect(panel.frame, 0.15 * UNIT, 0.15 * UNIT)
        panel.frame_item = self._path(frame, QPen(FRAME_INK, 0.03 * UNIT), QBrush(FRAME_FILL),
                                      Z_FRAME, f"{title(panel.level)}: the squares whose "
                                      "lower levels the board does not show (1.12)")
        head = QGraphicsSimpleTextItem(title(panel.level))
        font = QFont("Serif")
        font.setBold(True)
        font.setPixelSize(int(0.42 * UNIT))
        head.setFont(font)
        head.setBrush(TITLE_INK)
        width = panel.frame.width() - 2 * PAD * UNIT
        br = head.boundingRect()
        head.setScale(min(1.0, width / br.width()) if br.width() else 1.0)
        head.setPos(panel.frame.left() + PAD * UNIT,
                    panel.frame.top() + (PAD + TITLE) * UNIT / 2 - br.height() * head.scale() / 2)
        self._add(head, Z_TEXT)
        colour = level_colour(panel.level)
        stair_keys = {link.a for link in self.fort.board.links if link.kind == "tower-stairway"}
        label_font = QFont()
        label_font.setPixelSize(int(0.16 * UNIT))
        for key, rect in panel.cells.items():
            path = QPainterPath()
            path.addRect(rect)
            self._path(path, QPen(CELL_OUTLINE, 0.02 * UNIT), QBrush(colour), Z_CELL,
                       self.describe(key, panel.level))
            if key in stair_keys:
                self._path(spiral_path(rect.center()), spiral_pen(STAIR_INK), None, Z_SIDE,
                           f"{key}: tower stairway (6.61)")
            label = SpaceLabel(self.fort.board[key].label)
            label.setFont(label_font)
            label.setBrush(QColor(50, 35, 20, 170))
            label.setPos(rect.left() + 0.05 * UNIT, rect.top() + 0.03 * UNIT)
            label.setData(0, key)
            label.setVisible(self.scene.labels_visible)
            self._add(label, Z_TEXT)
            self.labels.append(label)
            self.scene.labels.append(label)   # the View menu's label toggle covers them
            self._draw_sides(panel, key, rect)
        for group in groups(self.fort, panel.cells):
            self._name(panel, group)

    def _draw_sides(self, panel: Panel, key: str, rect: QRectF) -> None:
        """Walls, doors and windows of a diagram square at the diagram's level."""
        level = panel.level
        c, r = grid_position(self.fort, key)
        corners = {(0, -1): (rect.topLeft(), rect.topRight()),
                   (0, 1): (rect.bottomLeft(), rect.bottomRight()),
                   (-1, 0): (rect.topLeft(), rect.bottomLeft()),
                   (1, 0): (rect.topRight(), rect.bottomRight())}
        for n in self.fort.board.orthogonal(key):
            nc, nr = grid_position(self.fort, n)
            direction = (nc - c, nr - r)
            if direction not in corners or (n in panel.cells and n < key):
                continue   # a side shared by two diagram squares is drawn once
            a, b = corners[direction]
            feats = self.fort.side_features(key, n, level)
            where = f"{key} | {n}, level {level}"
            walls = feats & WALL_FEATURES
            if walls:
                thick = THICK_WALL in walls or GATE in walls
                ink = GATE_INK if GATE in walls else WALL_INK
                line = QPainterPath(a)
                line.lineTo(b)
                self._path(line, QPen(ink, (0.1 if thick else 0.055) * UNIT,
                                      Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap),
                           None, Z_SIDE, f"{where}: {', '.join(sorted(walls))}")
            for feature, share, fill in ((DOOR, 0.5, DOOR_FILL), (WINDOW, 0.36, WINDOW_FILL)):
                if feature in feats:
                    self._path(opening_path(a, b, share), QPen(WALL_INK, 0.02 * UNIT),
                               QBrush(fill), Z_SIDE + 0.1, f"{where}: {feature}")

    def _name(self, panel: Panel, group: list[str]) -> None:
        """The group's name just under it (a gap row or the frame's foot)."""
        name = group_name(self.fort, group)
        if not name:
            return
        rect = QRectF()
        for k in group:
            rect = rect.united(panel.cells[k])
        item = QGraphicsSimpleTextItem(name)
        font = QFont("Serif")
        font.setItalic(True)
        font.setBold(True)
        font.setPixelSize(int(0.24 * UNIT))
        item.setFont(font)
        item.setBrush(NAME_INK)
        br = item.boundingRect()
        room = max(rect.width() + 0.8 * UNIT, 1.8 * UNIT)
        scale = min(1.0, room / br.width()) if br.width() else 1.0
        item.setScale(scale)
        item.setPos(rect.center().x() - br.width() * scale / 2, rect.bottom() + 0.03 * UNIT)
        self._add(item, Z_TEXT)
