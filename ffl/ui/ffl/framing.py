"""Where the French Foreign Legion map opens in a set-up, and a frame that cuts no text.

In a set-up (2.31, 2.32) the map opens on the fort's walls, where the Legion's
units mostly go from the tray.  While the Legion places its units (2.31) it shows
the fort's whole height, the north and south walls both: at the zoom at which the
counters' names read where the view is that tall, else a little further out (a
1366x768 screen), never below FLOOR of that zoom.  In the Bedouin's preparation
(2.32) it keeps that zoom: the fort's whole height where the view holds it, else
the side of its main gate (the south wall) and up as far as the view reaches;
across, the whole fort where it fits, else its west end with its corner
towers, beside the Units dock the units are dragged from.  The view is then moved a
little (at most two squares), and its zoom taken a little lower where that helps,
so that its edges cut no square label and no building name: a label stands
wholly in the view or wholly out of it.  All of it is worked out from
rectangles, without moving the view to try (a few milliseconds).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF

from ffl.ui.style import UNIT

#: the fort areas the set-up view is framed on
SETUP_AREAS = ("wall", "tower", "gate")
#: the strip of sand (scene units) kept outside the walls at the view's edges
PAD = 0.3 * UNIT
#: how far (scene units) the view may move to keep text whole at its edges
SHIFT = 2.0 * UNIT
STEP = 4.0
#: a building name cut at an edge counts as this many labels
NAME_WEIGHT = 8
#: a wall, tower or gate square the move takes out of view counts as this many labels
LOST_WEIGHT = 1
#: in a set-up the view may open below the legible zoom, down to this share of it
#: (the smallest name then ~6.5 px), to hold the fort from its north wall to its south
FLOOR = 0.72
#: the smaller zooms tried to keep text whole at the edges: steps of TRY_STEP of the
#: zoom, down to TRY_LOW of the first
TRY_STEP = 0.01
TRY_LOW = 0.9
#: an edge this near (scene units) a text's side counts as cutting it (rounding)
TOL = 3.0


def setup_points(ui) -> list[QPointF]:
    """The centres of the fort's wall, tower and gate squares."""
    fort = ui.controller.fort(ui.state)
    return [ui.scene.space_centre(k) for k in fort.squares() if fort.area(k) in SETUP_AREAS]


def text_rects(ui) -> list[tuple[float, float, float, float, int]]:
    """(left, top, right, bottom, weight) of the shown square labels and building
    names in the scene."""
    items = [(label, 1) for label in ui.scene.labels if label.isVisible()]
    items += [(name, NAME_WEIGHT) for name in ui.decor.names]
    return [(*r.getCoords(), w) for r, w in ((i.sceneBoundingRect(), w) for i, w in items)]


def _spans(rects, axis: int, lo: float, hi: float) -> list[tuple[float, float, int]]:
    """(start, end, weight) of each rectangle along ``axis`` (0: x, 1: y) whose span
    across the other axis overlaps ``lo``-``hi``."""
    if axis == 0:
        return [(x0, x1, w) for x0, y0, x1, y1, w in rects if y1 > lo and y0 < hi]
    return [(y0, y1, w) for x0, y0, x1, y1, w in rects if x1 > lo and x0 < hi]


def _best_move(spans, held, lo: float, hi: float, blo: float,
               bhi: float) -> tuple[float, int]:
    """(move, cost): the move (scene units, at most SHIFT) of the view's span ``lo``-``hi`` whose edges
    cut the least weight of ``spans`` (each taken as cut when an edge falls within
    TOL of it) plus LOST_WEIGHT for each span of ``held`` it no longer holds whole;
    the smallest such move; never further past ``blo``-``bhi`` than it was.

    The moves are tried in steps of STEP; each span adds its weight to the run of
    steps that cut it (a difference array), so the cost is one pass over the spans
    and one over the steps."""
    steps = int(SHIFT / STEP)
    cost = [0] * (2 * steps + 2)

    def add(first: int, last: int, weight: int) -> None:   # steps first..last (inclusive)
        first, last = max(first, -steps), min(last, steps)
        if first <= last:
            cost[first + steps] += weight
            cost[last + steps + 1] -= weight

    for a, b, w in spans:
        a, b = a - TOL, b + TOL
        for edge in (lo, hi):           # cut while a < edge + d < b
            add(math.floor((a - edge) / STEP) + 1, math.ceil((b - edge) / STEP) - 1, w)
    for a, b in held:
        if lo <= a and b <= hi:         # lost once lo + d > a, or hi + d < b
            add(math.floor((a - lo) / STEP) + 1, steps, LOST_WEIGHT)
            add(-steps, math.ceil((b - hi) / STEP) - 1, LOST_WEIGHT)
    best, total = None, 0
    for i in range(-steps, steps + 1):
        total += cost[i + steps]
        d = i * STEP
        if (d < 0 and lo + d < min(blo, lo)) or (d > 0 and hi + d > max(bhi, hi)):
            continue
        key = (total, abs(d), d)
        if best is None or key < best:
            best = key
    return (best[2], best[0]) if best is not None else (0.0, 0)


def best_frame(shown: QRectF, rects, board: QRectF,
               keep: list[QRectF] = ()) -> tuple[float, float, int]:
    """(dx, dy, cost): the move of the view's scene rectangle ``shown`` by at most
    SHIFT in x, then in y, to where its edges cut the least text, losing the fewest
    of the squares ``keep`` it shows whole (each counts as LOST_WEIGHT labels), the
    smallest such move, never further past ``board`` than it was; ``cost`` is what
    is left cut or lost there."""
    shown = QRectF(shown)
    boxes = [(*q.getCoords(), 1) for q in keep]
    dx, cx = _best_move(_spans(rects, 0, shown.top(), shown.bottom()),
                        [(a, b) for a, b, _ in _spans(boxes, 0, shown.top(), shown.bottom())],
                        shown.left(), shown.right(), board.left(), board.right())
    shown.translate(dx, 0)
    dy, cy = _best_move(_spans(rects, 1, shown.left(), shown.right()),
                        [(a, b) for a, b, _ in _spans(boxes, 1, shown.left(), shown.right())],
                        shown.top(), shown.bottom(), board.top(), board.bottom())
    return dx, dy, cx + cy


def frame_whole(view, rects, board: QRectF, keep: list[QRectF] = ()) -> None:
    """Move ``view`` as :func:`best_frame` finds best."""
    shown = view.visible_scene_rect()
    centre = shown.center()
    dx, dy, _ = best_frame(shown, rects, board, keep)
    view.centerOn(QPointF(centre.x() + dx, centre.y() + dy))
    view.viewChanged.emit()


def setup_view_centre(fort: QRectF, width: float, height: float,
                      gate_south: bool = True) -> QPointF:
    """Where a ``width`` x ``height`` view (scene units) of the set-up is centred: on
    the fort ``fort`` (its walls' bounding rectangle) along each axis where it
    holds the fort and PAD round it; else on its west end, and on its gate's side
    (south unless ``gate_south`` is False), PAD outside the walls."""
    if width >= fort.width() + 2 * PAD:
        cx = fort.center().x()
    else:
        cx = fort.left() - PAD + width / 2
    if height >= fort.height() + 2 * PAD:
        cy = fort.center().y()
    elif gate_south:
        cy = fort.bottom() + PAD - height / 2
    else:
        cy = fort.top() - PAD + height / 2
    return QPointF(cx, cy)


def setup_zooms(legible: float, width: float, height: float, fort: QRectF,
                whole: bool = True) -> list[float]:
    """The zooms a ``width`` x ``height`` (pixels) view of the set-up may take, best
    first: the legible zoom where the view holds the fort's whole height (and PAD
    above and below it) at it (or where ``whole`` is False); else the zoom that
    holds that height, but never below FLOOR of the legible one; then a few a
    little smaller (down to TRY_LOW of the first, never below FLOOR, or the legible
    zoom itself when not ``whole``), tried so that no name is cut at an edge."""
    if not whole:
        return [legible]
    floor = legible * FLOOR
    top = max(min(legible, height / (fort.height() + 2 * PAD)), floor)
    low = max(floor, top * TRY_LOW)
    out = [top]
    while out[-1] * (1 - TRY_STEP) >= low:
        out.append(out[-1] * (1 - TRY_STEP))
    return out


def open_on_setup(ui, view, zoom: float, whole: bool = True) -> bool:
    """Open ``view`` on the fort's walls as :func:`setup_view_centre` places them, at
    the first of :func:`setup_zooms` (``zoom`` the legible one, within the view's
    limits; ``whole``: the fort's whole height wanted, as where the Legion places
    its units) whose edges cut no building name and the fewest labels
    (:func:`best_frame`).  False when the fitted board is already at least as large
    as the smallest of them (or there is no fort wall)."""
    scene = view.board_scene()
    zoom = min(zoom, view.zoom_limits()[1])
    if scene is None or zoom * (FLOOR if whole else 1.0) <= view.zoom * 1.05:
        return False
    fort = ui.controller.fort(ui.state)
    half = 0.5 * UNIT
    squares, gates = [], []
    for key in fort.squares():
        area = fort.area(key)
        if area in SETUP_AREAS:
            c = scene.space_centre(key)
            squares.append(QRectF(c.x() - half, c.y() - half, UNIT, UNIT))
            if area == "gate":
                gates.append(c.y())
    if not squares:
        return False
    box = QRectF(squares[0])
    for square in squares[1:]:
        box = box.united(square)
    gate_south = not gates or sum(gates) / len(gates) >= box.center().y()
    port = view.viewport().rect()
    rects, board = text_rects(ui), scene.board_rect()
    best = None
    for z in setup_zooms(zoom, port.width(), port.height(), box, whole):
        w, h = port.width() / z, port.height() / z
        centre = setup_view_centre(box, w, h, gate_south)
        shown = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
        dx, dy, cost = best_frame(shown, rects, board, squares)
        if best is None or cost < best[0]:
            best = (cost, z, centre + QPointF(dx, dy))
        if cost == 0:
            break
    _, z, centre = best
    view.resetTransform()
    view.scale(z, z)
    view.centerOn(centre)
    view.viewChanged.emit()
    return True
