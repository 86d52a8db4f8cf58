"""What is printed on the Jolan District map beyond the outlines, drawn from the board.

Block outlines (solid; Zones inside a Block are parted by dashed lines), each
Zone's Control box (its number in a black, white or red circle; the park's
"no entry"), its Egress Routes (white figures on red chips under the circle), target
symbols (a crosshair and the Zones it reaches), Location boxes with their
labels, arrows, door symbols (a brown door), entry symbols (a blue chevron) and
the matching door / roof symbols that join two Zones (a numbered tag).
Everything comes from the board's spaces and links, so an edited map is drawn
as it is.  Static: built once, cached in device coordinates.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem
from shapely import union_all

from ffl.games.phantom_fury.citymap import CityMap
from ffl.games.phantom_fury.mapdata import LABELS
from ffl.ui.board_scene import polygon_path
from ffl.ui.style import UNIT

INK = QColor("#3d3327")
DOOR = QColor("#7a4a22")
ENTRY = QColor("#2f5ea8")
SYMBOL = {"door-symbol": QColor("#8a5a2b"), "roof-symbol": QColor("#5b6f8a")}
Z_DECOR = 1
#: the type size of a Zone's number in its Control box (board units)
ZONE_NUMBER = 0.2
#: 4.1.7 the Egress Routes' band at the foot of a Control box: its height and the
#: largest type of its figures (board units)
EGRESS_BAND, EGRESS_TEXT = 0.18, 0.17
#: a Control box's paper and frame
BOX_PAPER, BOX_FRAME = "#f3ead6", "#6b5a40"
EGRESS = QColor("#8a2a1c")


def _text(scene, text: str, x: float, y: float, size: float, colour: QColor,
          bold: bool = False, centre: bool = False, z: float = Z_DECOR + 2
          ) -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem(text)
    font = QFont()
    font.setPixelSize(max(1, int(size * UNIT)))
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(colour)
    r = item.boundingRect()
    if centre:
        item.setPos(x * UNIT - r.width() / 2, y * UNIT - r.height() / 2)
    else:
        item.setPos(x * UNIT, y * UNIT)
    item.setZValue(z)
    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    scene.addItem(item)
    return item


def _path_item(scene, path: QPainterPath, pen: QPen, brush=None, z: float = Z_DECOR
               ) -> QGraphicsPathItem:
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
    item.setZValue(z)
    # drawn, not cached (issue 12): the decor's ~480 paths blitted from their device
    # pictures made a full repaint at the opening zoom ~60 ms, drawn ~20-25 ms (three of
    # them span the whole map); its text stays cached, a glyph run costs more
    scene.addItem(item)
    return item


def _edge_point(rect: QRectF, towards: QPointF) -> QPointF:
    """Where the line from the rectangle's centre to ``towards`` leaves it."""
    c = rect.center()
    dx, dy = towards.x() - c.x(), towards.y() - c.y()
    if dx == 0 and dy == 0:
        return c
    sx = rect.width() / 2 / abs(dx) if dx else math.inf
    sy = rect.height() / 2 / abs(dy) if dy else math.inf
    s = min(sx, sy)
    return QPointF(c.x() + dx * s, c.y() + dy * s)


def _arrowhead(path: QPainterPath, tip: QPointF, frm: QPointF, size: float) -> None:
    d = tip - frm
    length = math.hypot(d.x(), d.y()) or 1.0
    u = QPointF(d.x() / length, d.y() / length)
    n = QPointF(-u.y(), u.x())
    base = tip - u * size
    path.addPolygon(QPolygonF([tip, base + n * size * 0.55, base - n * size * 0.55, tip]))
    path.closeSubpath()


def box_rect(board, key: str) -> QRectF:
    minx, miny, maxx, maxy = board[key].polygon.bounds
    return QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)


def draw(scene, cmap: CityMap) -> list[QGraphicsItem]:
    """Add the map's printed decor to ``scene``; returns the items."""
    board = scene.board
    items: list[QGraphicsItem] = []
    # -- Block outlines --------------------------------------------------------------------
    blocks = {frozenset(b) for b in cmap.block.values()}
    outline = QPainterPath()
    for block in blocks:
        shape = union_all([board[f"Z{n}"].polygon for n in block])
        for part in getattr(shape, "geoms", [shape]):
            outline.addPath(polygon_path(part))
    pen = QPen(QColor("#4a3a26"), 2.2)
    pen.setCosmetic(True)
    items.append(_path_item(scene, outline, pen, z=Z_DECOR + 1))
    # -- arrows between Locations of a Zone -------------------------------------------------
    arrows = QPainterPath()
    heads = QPainterPath()
    for link in board.links:
        if link.kind != "arrow":
            continue
        ra, rb = box_rect(board, link.a), box_rect(board, link.b)
        a = _edge_point(ra, rb.center())
        b = _edge_point(rb, ra.center())
        arrows.moveTo(a)
        arrows.lineTo(b)
        size = 0.05 * UNIT
        _arrowhead(heads, b, a, size)
        _arrowhead(heads, a, b, size)
    pen = QPen(QColor("#5a4a36"), 0.018 * UNIT)
    items.append(_path_item(scene, arrows, pen, z=Z_DECOR + 1))
    items.append(_path_item(scene, heads, QPen(QColor("#5a4a36"), 0.5), QBrush(QColor("#5a4a36")),
                            z=Z_DECOR + 1))
    # -- Location labels, doors, entry symbols ----------------------------------------------
    for key in cmap.zone_of:
        space = board[key]
        r = box_rect(board, key)
        label = _text(scene, LABELS.get(cmap.code[key], space.label),
                      r.left() / UNIT + 0.03, r.top() / UNIT + 0.01, 0.15, INK)
        label.setData(0, key)           # hidden under a counter standing there (COVERED)
        items.append(label)
        # the door and entry symbols, like the label, lie wholly under a counter put on
        # the Location (hidden with it), never half-covered by one
        if space.get("door"):
            w, h = 0.09 * UNIT, 0.15 * UNIT
            door = QPainterPath()
            door.addRoundedRect(QRectF(r.right() - w - 0.03 * UNIT, r.bottom() - h, w, h), 2, 2)
            item = _path_item(scene, door, QPen(DOOR.darker(140), 0.6), QBrush(DOOR),
                              z=Z_DECOR + 2)
            item.setData(0, key)
            items.append(item)
        if space.get("entry"):
            tip = QPointF(r.right() - 0.1 * UNIT, r.top() + 0.04 * UNIT)
            entry = QPainterPath()
            entry.addPolygon(QPolygonF([tip, tip + QPointF(0.07 * UNIT, 0.09 * UNIT),
                                        tip + QPointF(-0.07 * UNIT, 0.09 * UNIT), tip]))
            entry.closeSubpath()
            item = _path_item(scene, entry, QPen(ENTRY.darker(140), 0.6), QBrush(ENTRY),
                              z=Z_DECOR + 2)
            item.setData(0, key)
            items.append(item)
    # -- door and roof symbols joining two Zones ------------------------------------------
    seen: dict[str, int] = {}
    for link in board.links:
        if link.kind not in SYMBOL:
            continue
        tag = ("D" if link.kind == "door-symbol" else "R") + str(link.attrs.get("symbol", ""))
        for key in (link.a, link.b):
            r = box_rect(board, key)
            i = seen[key] = seen.get(key, -1) + 1
            item = _tag(scene, tag, QPointF(r.left() + (0.16 + 0.26 * i) * UNIT,
                                            r.bottom() - 0.09 * UNIT), SYMBOL[link.kind])
            item.setData(0, key)
            items.append(item)
    # -- the boxes beside the map and the EXIT ------------------------------------------------
    for space in board.spaces.values():
        if space.get("holding") or space.get("exit"):
            minx, miny, maxx, maxy = space.polygon.bounds
            if space.get("exit"):
                items.append(_text(scene, "EXIT  (13.6.6: Guerillas leaving the south edge)",
                                   (minx + maxx) / 2, (miny + maxy) / 2, 0.3,
                                   QColor("#ffffff"), bold=True, centre=True))
            else:
                items.append(_text(scene, space.label, (minx + maxx) / 2, miny + 0.22, 0.17,
                                   QColor("#1f2a3a"), bold=True, centre=True))
    # -- Control boxes, Egress Routes, target symbols ---------------------------------------
    for n in cmap.zones:
        items += _control_box(scene, board, cmap, n)
    for s in cmap.streets:
        extra = sorted(cmap.street_fire_zones[s] - cmap.street_zones[s])
        if extra:
            x, y = board[s].centre
            items += _target(scene, x, y, extra, QColor("#f4efe2"))
    return items


def _tag(scene, text: str, centre: QPointF, colour: QColor) -> QGraphicsItem:
    path = QPainterPath()
    w, h = 0.24 * UNIT, 0.13 * UNIT
    path.addRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), 4, 4)
    item = _path_item(scene, path, QPen(colour.darker(150), 0.6), QBrush(colour), Z_DECOR + 2)
    _text(scene, text, centre.x() / UNIT, centre.y() / UNIT, 0.1, QColor("#ffffff"),
          bold=True, centre=True, z=Z_DECOR + 3).setParentItem(item)
    return item


def _target(scene, x: float, y: float, zones: list[int], colour: QColor,
            right: float | None = None) -> list:
    """A crosshair at (x, y) with the Zones it reaches under it (centred, or ending at
    ``right`` when they would pass it)."""
    path = QPainterPath()
    r = 0.07 * UNIT
    c = QPointF(x * UNIT, y * UNIT)
    path.addEllipse(c, r, r)
    path.moveTo(c.x() - r * 1.5, c.y())
    path.lineTo(c.x() + r * 1.5, c.y())
    path.moveTo(c.x(), c.y() - r * 1.5)
    path.lineTo(c.x(), c.y() + r * 1.5)
    item = _path_item(scene, path, QPen(QColor("#b3261e"), 1.2), z=Z_DECOR + 3)
    size = 0.11 if right is None or len(zones) < 2 else 0.085    # two clear the circle
    text = _text(scene, " ".join(str(z) for z in zones), x, y + 0.17, size, colour,
                 bold=True, centre=True, z=Z_DECOR + 3)
    if right is not None and text.sceneBoundingRect().right() > right * UNIT:
        text.setX(right * UNIT - text.boundingRect().width())
    return [item, text]


def _egress(scene, n: int, routes: list, bx: float, by: float, bw: float, bh: float
            ) -> list:
    """4.1.7 the Zone's Egress Routes, first choice on the left, as white figures on red
    chips (one a route, parted by the box's own colour) across the foot of its Control
    box: below the circle (and the USMC Control cover over it), above no Location, so
    no counter or label ever lies on them.  The figures are as large as the box's width
    allows (:data:`EGRESS_TEXT` at most)."""
    named = "off the map (EXIT)" if routes == ["EXIT"] else \
        ", then ".join(f"Zone {z}" if z != "EXIT" else "EXIT" for z in routes)
    tip = f"Zone {n}: Egress Routes (4.1.7), first choice first: {named}"
    gap = 0.03 * UNIT
    width = ((bw - 0.04) * UNIT - gap * (len(routes) - 1)) / len(routes)
    top = (by + bh - EGRESS_BAND - 0.015) * UNIT
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setStretch(QFont.Stretch.Condensed)
    size = EGRESS_TEXT * UNIT
    while True:         # the largest type whose every figure fits its chip
        font.setPixelSize(max(1, int(size)))
        widest = max(QFontMetricsF(font).horizontalAdvance(str(z)) for z in routes)
        if widest <= width - 3 or size <= 6:
            break
        size -= 1
    out = []
    for i, z in enumerate(routes):
        rect = QRectF((bx + 0.02) * UNIT + i * (width + gap), top, width, EGRESS_BAND * UNIT)
        path = QPainterPath()
        path.addRoundedRect(rect, 3, 3)
        chip = _path_item(scene, path, QPen(EGRESS.darker(140), 0.6), QBrush(EGRESS),
                          Z_DECOR + 2)
        chip.setToolTip(tip)
        item = QGraphicsSimpleTextItem(str(z), chip)      # the chip's figure
        item.setFont(font)
        item.setBrush(QColor("#ffffff"))
        r = item.boundingRect()
        item.setPos(rect.center().x() - r.width() / 2, rect.center().y() - r.height() / 2)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        out.append(chip)
    return out


def _control_box(scene, board, cmap: CityMap, n: int) -> list:
    space = board[f"Z{n}"]
    bx, by, bw, bh = space.get("control_box", [0, 0, 0.7, 0.7])
    out = []
    frame = QPainterPath()
    frame.addRect(QRectF(bx * UNIT, by * UNIT, bw * UNIT, bh * UNIT))
    out.append(_path_item(scene, frame, QPen(QColor(BOX_FRAME), 1.0),
                          QBrush(QColor(BOX_PAPER)), Z_DECOR))
    circle = cmap.circle.get(n, "white")
    cx, cy, r = bx + bw * 0.36, by + bh * 0.36, bw * 0.27
    if circle == "none":        # Zone 27: no entry, never controlled
        c = QPointF((bx + bw / 2) * UNIT, (by + bh / 2) * UNIT)
        ring = QPainterPath()
        ring.addEllipse(c, 0.28 * UNIT, 0.28 * UNIT)
        out.append(_path_item(scene, ring, QPen(QColor("#b3261e"), 0.05 * UNIT),
                              z=Z_DECOR + 2))
        out.append(_text(scene, str(n), bx + bw / 2, by + bh / 2, ZONE_NUMBER, INK,
                         bold=True, centre=True))
        minx, miny, maxx, maxy = space.polygon.bounds
        out.append(_text(scene, "Jolan Park - no entry", (minx + maxx) / 2,
                         (miny + maxy) / 2, 0.3, QColor("#2f4a22"), bold=True, centre=True))
        return out
    fill = {"black": QColor("#141414"), "red": QColor("#c0271d")}.get(circle, QColor("#ffffff"))
    ink = QColor("#141414") if circle == "white" else QColor("#ffffff")
    disc = QPainterPath()
    disc.addEllipse(QPointF(cx * UNIT, cy * UNIT), r * UNIT, r * UNIT)
    out.append(_path_item(scene, disc, QPen(QColor("#141414"), 1.2), QBrush(fill), Z_DECOR + 2))
    out.append(_text(scene, str(n), cx, cy, ZONE_NUMBER, ink, bold=True, centre=True,
                     z=Z_DECOR + 3))
    routes = cmap.egress.get(n, [])
    if routes:
        out += _egress(scene, n, routes, bx, by, bw, bh)
    lof = sorted(cmap.fire_targets[n] - cmap.adjacent[n] - cmap.neighbouring[n])
    if lof:      # top right, its Zones kept inside the box (the overlay's tags go below)
        out += _target(scene, bx + bw * 0.82, by + bh * 0.2, lof, INK, right=bx + bw - 0.015)
    if circle == "red":
        minx, miny, maxx, maxy = space.polygon.bounds
        out.append(_text(scene, "mosque", bx + bw + 0.85, by + 0.12, 0.16, QColor("#2d5a2a"),
                         bold=True, centre=True))
    return out
