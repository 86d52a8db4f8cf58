"""Map tools: what a click or drag on the map does in each editing mode.

The view hands each tool mouse positions in board units; tools turn them into
document edits through the window (``editor.push``) so everything is undoable.
A drag is one *stroke*: its edits merge into a single undo step.
"""

from __future__ import annotations

import itertools
import json

from PySide6.QtCore import QPointF, Qt
from shapely import affinity

from ffl.ui.style import UNIT

from . import edits
from .commands import MERGE_MOVE, MERGE_PAINT, MERGE_VERTEX
from .scene import innermost_space, nearest_side, nearest_vertex

_strokes = itertools.count(1)
#: snapping and handle-grabbing distance in screen pixels
SNAP_PIXELS = 10.0


class Tool:
    """Base tool: ignores everything."""

    name = "tool"
    label = "Tool"

    def __init__(self, editor) -> None:
        self.editor = editor

    def press(self, x: float, y: float, mods: Qt.KeyboardModifier) -> None: ...
    def move(self, x: float, y: float, dragging: bool) -> None: ...
    def release(self, x: float, y: float) -> None: ...
    def double_click(self, x: float, y: float) -> None: ...
    def key(self, key: int) -> bool:
        return False

    def cancel(self) -> None: ...

    # helpers
    @property
    def scene(self):
        return self.editor.scene

    def board(self):
        """The current board as the engine sees it (fresh after every edit)."""
        if self.editor.scene is None:
            return None
        try:
            return self.editor.doc.board(self.editor.bi)
        except Exception:   # not buildable right now (e.g. a duplicate key): as drawn
            return self.editor.scene.board

    def space_key(self, x: float, y: float) -> str | None:
        board = self.board()
        if board is None:
            return None
        return innermost_space(board, x, y)

    def tolerance(self) -> float:
        """The snapping distance in board units at the current zoom."""
        return SNAP_PIXELS / max(self.editor.view.zoom * UNIT, 1e-6)


class SelectTool(Tool):
    """Select a space (adjacency preview); drag a corner to reshape, Shift-drag to move."""

    name, label = "select", "Select"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._vertex: tuple[float, float] | None = None
        self._owners: dict = {}
        self._moving: tuple[float, float] | None = None
        self._stroke = 0

    def press(self, x, y, mods) -> None:
        self._stroke = next(_strokes)
        board = self.board()
        sel = self.editor.selected_key
        if board is not None and sel in board:
            tol = self.tolerance()
            for vx, vy in board[sel].polygon.exterior.coords:
                if abs(vx - x) <= tol and abs(vy - y) <= tol:
                    self._vertex = (vx, vy)
                    self._owners = edits.vertex_owners(self.editor.doc, self.editor.bi,
                                                       (vx, vy))
                    return
            if mods & Qt.KeyboardModifier.ShiftModifier and self.space_key(x, y) == sel:
                self._moving = (x, y)
                self._owners = {sel: board[sel].polygon}
                return
        self.editor.select_space(self.space_key(x, y))

    def move(self, x, y, dragging) -> None:
        if not dragging:
            return
        board = self.board()
        if self._vertex is not None:
            target = nearest_vertex(board, x, y, self.tolerance(), exclude=self._vertex)
            target = target or self.editor.options.snap_to_grid(x, y)
            moved = edits.moved_vertex(self._owners, self._vertex, target)
            self._apply(moved, "Move corner", MERGE_VERTEX)
        elif self._moving is not None:
            (key, poly), = self._owners.items()
            dx, dy = x - self._moving[0], y - self._moving[1]
            shifted = affinity.translate(poly, dx, dy)
            tol = self.tolerance()
            for vx, vy in shifted.exterior.coords:   # snap the first corner that is close
                snap = nearest_vertex(board, vx, vy, tol)
                if snap is not None and snap not in poly.exterior.coords:
                    shifted = affinity.translate(shifted, snap[0] - vx, snap[1] - vy)
                    break
            self._apply({key: shifted}, "Move space", MERGE_MOVE)

    def _apply(self, polygons: dict, text: str, merge: int) -> None:
        for key, poly in polygons.items():
            problem = edits.polygon_problem(poly)
            if problem:
                self.editor.status(f"{key}: {problem}")
                return
        self.editor.push(text, edits.set_polygons(self.editor.doc, self.editor.bi, polygons),
                         merge, self._stroke)

    def release(self, x, y) -> None:
        if self._vertex is not None or self._moving is not None:
            self.editor.select_space(self.editor.selected_key)
        self._vertex = self._moving = None
        self._owners = {}


class PaintTool(Tool):
    """Paint attributes (terrain, levels...) with a brush, a rectangle or a fill."""

    name, label = "paint", "Paint"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._start: tuple[float, float] | None = None
        self._stroke = 0

    def mode(self) -> str:
        return self.editor.options.paint_mode()

    def press(self, x, y, mods) -> None:
        self._stroke = next(_strokes)
        mode = self.mode()
        if mode == "brush":
            self._paint([self.space_key(x, y)])
        elif mode == "rectangle":
            self._start = (x, y)
        elif mode == "fill":
            self._paint(self._region(self.space_key(x, y)))

    def move(self, x, y, dragging) -> None:
        if not dragging:
            return
        if self.mode() == "brush":
            self._paint([self.space_key(x, y)])
        elif self._start is not None:
            self.scene.show_band(QPointF(self._start[0] * UNIT, self._start[1] * UNIT),
                                 QPointF(x * UNIT, y * UNIT))

    def release(self, x, y) -> None:
        if self._start is not None:
            (x0, y0), self._start = self._start, None
            self.scene.show_band(None)
            lo_x, hi_x, lo_y, hi_y = min(x0, x), max(x0, x), min(y0, y), max(y0, y)
            board = self.board()
            keys = [k for k, s in board.spaces.items()
                    if lo_x <= s.centre[0] <= hi_x and lo_y <= s.centre[1] <= hi_y]
            self._paint(keys)

    def _paint(self, keys) -> None:
        keys = [k for k in keys if k]
        values, remove = self.editor.options.paint_values()
        if not keys or not (values or remove):
            return
        changes = edits.paint(self.editor.doc, self.editor.bi, keys, values, remove)
        self.editor.push("Paint", changes, MERGE_PAINT, self._stroke)

    def _region(self, start: str | None) -> list[str]:
        """The orthogonally connected spaces that look like ``start`` for the painted
        attributes (a flood fill)."""
        if start is None:
            return []
        board = self.board()
        values, remove = self.editor.options.paint_values()
        names = set(values) | set(remove)

        def look(k):
            return tuple(json.dumps(board[k].attrs.get(n), sort_keys=True) for n in sorted(names))

        target = look(start)
        seen, todo = {start}, [start]
        while todo:
            k = todo.pop()
            for n in board.orthogonal(k):
                if n not in seen and look(n) == target:
                    seen.add(n)
                    todo.append(n)
        return sorted(seen)


class SideTool(Tool):
    """Click near a side to switch a feature on or off there (at a level for FFL)."""

    name, label = "side", "Sides"

    def press(self, x, y, mods) -> None:
        board = self.board()
        side = nearest_side(board, x, y, max(self.tolerance(), 0.15)) if board else None
        if side is None:
            self.editor.status("No side there: click on the border between two spaces")
            return
        feature, level = self.editor.options.side_feature()
        changes = edits.toggle_side_feature(self.editor.doc, self.editor.bi, side.a, side.b,
                                            feature, level)
        at = "" if level is None else f" at level {level}"
        self.editor.push(f"{feature} {side.a}|{side.b}{at}", changes)


class PolygonTool(Tool):
    """Click corners (snapped to existing ones); click the first corner or
    double-click to close; Backspace drops the last corner, Escape cancels."""

    name, label = "polygon", "Polygon"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.points: list[tuple[float, float]] = []

    def _snap(self, x, y) -> tuple[float, float]:
        board = self.board()
        snap = nearest_vertex(board, x, y, self.tolerance()) if board is not None else None
        return snap or self.editor.options.snap_to_grid(x, y)

    def press(self, x, y, mods) -> None:
        p = self._snap(x, y)
        if len(self.points) >= 3 and self._close_to(p, self.points[0]):
            self.finish()
            return
        if not self.points or not self._close_to(p, self.points[-1]):
            self.points.append(p)
        self.scene.show_draft(self.points)

    def _close_to(self, a, b) -> bool:
        tol = self.tolerance()
        return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol

    def move(self, x, y, dragging) -> None:
        if self.points:
            self.scene.show_draft(self.points, self._snap(x, y))

    def double_click(self, x, y) -> None:
        if len(self.points) >= 3:
            self.finish()

    def key(self, key: int) -> bool:
        if key == Qt.Key.Key_Escape:
            self.cancel()
            return True
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self.scene.show_draft(self.points)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        from shapely.geometry import Polygon

        if len(self.points) < 3:
            self.editor.status("A space needs at least three corners")
            return
        poly = Polygon(self.points)
        problem = edits.polygon_problem(poly)
        if problem:
            self.editor.status(f"Not added: {problem}. Backspace takes back the last "
                               "corner, Escape starts again.", error=True)
            return
        if poly.exterior.is_ccw:   # store corners clockwise on screen (y down), like grids
            poly = Polygon(list(poly.exterior.coords)[::-1])
        kind, prefix = self.editor.options.polygon_kind()
        key = edits.free_key(self.editor.doc, self.editor.bi, prefix)
        self.points = []
        self.scene.show_draft([])
        self.editor.push(f"Add {kind} {key}",
                         edits.add_space(self.editor.doc, self.editor.bi, key, poly, kind))
        self.editor.select_space(key)

    def cancel(self) -> None:
        self.points = []
        if self.scene is not None:
            self.scene.show_draft([])


class LinkTool(Tool):
    """Drag from one space to another to link them (kind and attributes from the
    tool options); a click links a space to itself (a tower stair)."""

    name, label = "link", "Links"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._from: str | None = None

    def press(self, x, y, mods) -> None:
        self._from = self.space_key(x, y)

    def move(self, x, y, dragging) -> None:
        if dragging and self._from:
            c = self.board()[self._from].centre
            self.scene.show_draft([c], (x, y))

    def release(self, x, y) -> None:
        a, self._from = self._from, None
        self.scene.show_draft([])
        b = self.space_key(x, y)
        if not a or not b:
            return
        kind, directed, attrs = self.editor.options.link_spec()
        self.editor.push(f"Link {kind} {a}->{b}",
                         edits.add_link(self.editor.doc, self.editor.bi, a, b, kind, directed,
                                        attrs))


class PlaceTool(Tool):
    """Click a space to put the piece chosen in the scenario panel there; drag a
    counter to move it to another space."""

    name, label = "place", "Place"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._dragged: str | None = None
        self._from: str | None = None

    def press(self, x, y, mods) -> None:
        self._dragged = None
        self._from = self.space_key(x, y)
        for item in self.scene.items(QPointF(x * UNIT, y * UNIT)):
            pid = getattr(item, "piece_id", None)
            if pid:
                self._dragged = pid
                return

    def release(self, x, y) -> None:
        key = self.space_key(x, y)
        chosen = self.editor.scenario_panel.current_piece()
        piece = self._dragged if key != self._from else (chosen or self._dragged)
        self._dragged = self._from = None
        sci = self.editor.scenario_panel.current_index()
        if piece is None or key is None or sci is None:
            return
        level, facing = self.editor.options.place_spec()
        self.editor.push(f"Place {piece} on {key}",
                         edits.place(self.editor.doc, sci, piece, key, level, facing))


TOOLS = (SelectTool, PaintTool, SideTool, PolygonTool, LinkTool, PlaceTool)
