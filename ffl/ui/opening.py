"""Opening a map on where the player acts, at a zoom whose text reads.

A game UI whose whole map, fitted to the window, prints its text too small to
read (Phantom Fury, Limits of Glory) calls :func:`open_on` from its
``default_view``: the view is zoomed so that text of a given scene size reads at
a given pixel size, and centred on the part of the map holding the most of the
given points (the player's units, the places the current choice names).  View ›
Fit and the Overview still show the whole map.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

#: the pixel size at which the map's names and numbers are taken to read
LEGIBLE_PX = 10.0


def reading_zoom(text_size: float, px: float = LEGIBLE_PX) -> float:
    """The zoom at which text of ``text_size`` scene pixels is ``px`` screen pixels."""
    return px / text_size


def densest_window(points: list[QPointF], width: float, height: float) -> list[QPointF]:
    """The points inside the ``width`` x ``height`` window (scene units) that holds the
    most of them (the window's left and top edges tried at every point's; ties: the
    group whose middle is nearest the points' mean)."""
    if not points:
        return []
    mx = sum(p.x() for p in points) / len(points)
    my = sum(p.y() for p in points) / len(points)
    best: tuple[int, float] | None = None
    chosen: list[QPointF] = []
    for left in sorted({p.x() for p in points}):
        column = [p for p in points if left <= p.x() <= left + width]
        for top in sorted({p.y() for p in column}):
            inside = [p for p in column if top <= p.y() <= top + height]
            cx = sum(p.x() for p in inside) / len(inside)
            cy = sum(p.y() for p in inside) / len(inside)
            key = (len(inside), -((cx - mx) ** 2 + (cy - my) ** 2))
            if best is None or key > best:
                best, chosen = key, inside
    return chosen


def open_on(view, points: list[QPointF], zoom: float, margin: float = 0.0,
            context: list[QPointF] = ()) -> bool:
    """Zoom ``view`` (a MapView) to ``zoom`` (within its limits; never below the fitted
    zoom it has) and centre it on the points of the densest view-sized window, kept
    inside the board where the board is larger than the view.  ``margin`` (scene
    units) is the room kept round the points.  ``context``: other points worth seeing
    (the pieces round about): the view moves towards those within half a view of the
    chosen points as far as it can while keeping these in sight.  False when nothing changed (no
    points, or the fitted map is already at least that large)."""
    scene = view.board_scene()
    if scene is None or not points:
        return False
    zoom = min(zoom, view.zoom_limits()[1])
    if zoom <= view.zoom * 1.05:
        return False
    port = view.viewport().rect()
    w, h = port.width() / zoom, port.height() / zoom
    group = densest_window(points, max(1.0, w - 2 * margin), max(1.0, h - 2 * margin))
    xs, ys = [p.x() for p in group], [p.y() for p in group]
    area = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    cx, cy = area.center().x(), area.center().y()
    near = [p for p in context if abs(p.x() - cx) <= w / 2 and abs(p.y() - cy) <= h / 2]
    if near:
        whole = area.united(QRectF(min(p.x() for p in near), min(p.y() for p in near),
                                   max(p.x() for p in near) - min(p.x() for p in near),
                                   max(p.y() for p in near) - min(p.y() for p in near)))
        # towards the middle of everything near, the chosen points still in sight
        span_x, span_y = w / 2 - margin, h / 2 - margin
        cx = min(max(whole.center().x(), area.right() - span_x), area.left() + span_x)
        cy = min(max(whole.center().y(), area.bottom() - span_y), area.top() + span_y)
    board = scene.board_rect()
    pad = 8 / zoom
    if w < board.width() + 2 * pad:
        cx = min(max(cx, board.left() - pad + w / 2), board.right() + pad - w / 2)
    if h < board.height() + 2 * pad:
        cy = min(max(cy, board.top() - pad + h / 2), board.bottom() + pad - h / 2)
    view.resetTransform()
    view.scale(zoom, zoom)
    view.centerOn(QPointF(cx, cy))
    view.viewChanged.emit()
    return True
