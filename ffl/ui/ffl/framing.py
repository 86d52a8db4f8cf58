"""Where the French Foreign Legion map opens in a set-up, and a frame that cuts no text.

In a set-up (2.31, 2.32) the map opens on the fort's walls, towers and gate (the
densest group of them a view holds, by :func:`ffl.ui.opening.open_on`), at the
zoom at which the counters' names read: that is where the Legion's units mostly
go from the tray.  The view is then moved a little (at most two squares) so that
its edges cut no square label and no building name: a label stands wholly in the
view or wholly out of it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from ffl.ui.opening import open_on
from ffl.ui.style import UNIT

#: the fort areas the set-up view is framed on
SETUP_AREAS = ("wall", "tower", "gate")
#: how far (scene units) the view may move to keep text whole at its edges
SHIFT = 2.0 * UNIT
STEP = 4.0
#: a building name cut at an edge counts as this many labels
NAME_WEIGHT = 8
#: the zooms tried, as factors of the opening zoom (closer only: names read the better)
ZOOMS = (1.0, 1.08, 1.16)
#: a wall, tower or gate square the move takes out of view counts as this many labels
LOST_WEIGHT = 1
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
    out = []
    for x0, y0, x1, y1, w in rects:
        if axis == 0 and y1 > lo and y0 < hi:
            out.append((x0, x1, w))
        elif axis == 1 and x1 > lo and x0 < hi:
            out.append((y0, y1, w))
    return out


def _best_move(spans, held, lo: float, hi: float, blo: float, bhi: float) -> float:
    """The move (scene units, at most SHIFT) of the view's span ``lo``-``hi`` whose edges
    cut the least weight of ``spans`` (each taken as cut when an edge falls within
    TOL of it) plus LOST_WEIGHT for each span of ``held`` it no longer holds whole;
    the smallest such move; never further past ``blo``-``bhi`` than it was."""
    reach = SHIFT + 2 * TOL
    near = [(a - TOL, b + TOL, w) for a, b, w in spans
            if a - reach < lo < b + reach or a - reach < hi < b + reach]
    held = [(a, b) for a, b in held if lo <= a and b <= hi]
    best = None
    steps = int(SHIFT / STEP)
    for i in range(-steps, steps + 1):
        d = i * STEP
        low, high = lo + d, hi + d
        if (d < 0 and low < min(blo, lo)) or (d > 0 and high > max(bhi, hi)):
            continue
        cost = sum(w for a, b, w in near if a < low < b or a < high < b)
        cost += LOST_WEIGHT * sum(1 for a, b in held if a < low or b > high)
        key = (cost, abs(d), d)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else 0.0


def frame_whole(view, rects, board: QRectF, keep: list[QRectF] = ()) -> None:
    """Move ``view`` by at most SHIFT in x, then in y, to where its edges cut the
    least text, losing the fewest of the squares ``keep`` it shows whole (each
    counts as LOST_WEIGHT labels), the smallest such move; never further past
    ``board`` than it was."""
    shown = view.visible_scene_rect()
    centre = shown.center()
    boxes = [(*q.getCoords(), 1) for q in keep]
    dx = _best_move(_spans(rects, 0, shown.top(), shown.bottom()),
                    [(a, b) for a, b, _ in _spans(boxes, 0, shown.top(), shown.bottom())],
                    shown.left(), shown.right(), board.left(), board.right())
    shown.translate(dx, 0)
    dy = _best_move(_spans(rects, 1, shown.left(), shown.right()),
                    [(a, b) for a, b, _ in _spans(boxes, 1, shown.left(), shown.right())],
                    shown.top(), shown.bottom(), board.top(), board.bottom())
    view.centerOn(QPointF(centre.x() + dx, centre.y() + dy))
    view.viewChanged.emit()


def score(view, rects, squares: list[QRectF]) -> int:
    """How well the view frames the set-up (lower is better): the weight of the text
    its edges cut, less LOST_WEIGHT for each set-up square it shows whole."""
    shown = view.visible_scene_rect()
    return _cut(view, rects) - LOST_WEIGHT * sum(1 for q in squares if shown.contains(q))


def _cut(view, rects, weight: int = 0) -> int:
    """The weight of the texts (of ``weight``; any if 0) the view's edges cut."""
    x0, y0, x1, y1 = view.visible_scene_rect().getCoords()
    return sum(w for a, b, c, d, w in rects if (not weight or w == weight)
               and a < x1 and c > x0 and b < y1 and d > y0
               and not (x0 <= a and c <= x1 and y0 <= b and d <= y1))


def open_on_setup(ui, view, zoom: float) -> bool:
    """Open ``view`` on the fort's walls, its edges clear of text: at ``zoom`` or a
    little closer (ZOOMS) where that takes a building name the edge would cut
    wholly out of view at a smaller loss of wall.  False when the fitted board is
    already at least that large."""
    points = setup_points(ui)
    half = 0.5 * UNIT
    squares = [QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half) for p in points]
    rects, board = text_rects(ui), ui.scene.board_rect()
    fitted = view.transform()
    best = None
    for factor in ZOOMS:
        view.setTransform(fitted)
        if not open_on(view, points, zoom * factor, margin=half):
            return False
        frame_whole(view, rects, board, squares)
        found = score(view, rects, squares)
        if best is None or found < best[0]:
            best = (found, view.transform(), view.visible_scene_rect().center())
        if not _cut(view, rects, NAME_WEIGHT):
            break
    view.setTransform(best[1])
    view.centerOn(best[2])
    view.viewChanged.emit()
    return True

