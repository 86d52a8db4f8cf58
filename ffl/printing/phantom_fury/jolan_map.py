"""The Jolan District map on one landscape page, in black and white, with everything
the rules read from it: Blocks (solid) and Zones (dashed), each Zone's number in its
Control box (black circle: a start Zone; a double ring: the mosque), its Egress
Routes under the circle, target symbols (a crosshair and the Zones it reaches),
Location boxes with their labels, arrows, street doors (a small door), entry
symbols (a triangle) and the door / roof symbols joining two Zones (D1, R1...).
Printed from a game in progress it also shows each Zone's Control (a U on the
circle), its markers, and the counters in the Locations (4, 6.3, 7).

Drawn from the module's board, so an edited map prints as it is.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from shapely import union_all

from ffl.games.phantom_fury.citymap import CityMap
from ffl.games.phantom_fury.mapdata import LABELS

from ..page import Doc
from ..source import PrintSource

INK = QColor("#000000")
GREY = QColor("#bdbdbd")
LIGHT = QColor("#ececec")


def landscape(source: PrintSource, paper: str) -> bool:
    return True


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    board = source.game_board
    cmap = CityMap.of(board)
    minx, miny, maxx, maxy = board.bounds
    width, height = maxx - minx, maxy - miny
    room = doc.bottom - doc.y - 4
    scale = min(doc.frame_width / width, room / height)

    def draw(p: QPainter, rect: QRectF) -> None:
        p.save()
        p.translate(rect.left() + (rect.width() - width * scale) / 2, rect.top())
        p.scale(scale, scale)
        p.translate(-minx, -miny)
        _paint(p, doc, board, cmap, source, scale)
        p.restore()

    doc.block(height * scale, draw)


def _poly(polygon) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in polygon.exterior.coords])


def _rect(board, key: str) -> QRectF:
    x0, y0, x1, y1 = board[key].polygon.bounds
    return QRectF(x0, y0, x1 - x0, y1 - y0)


def _text(p: QPainter, doc: Doc, rect: QRectF, text: str, size: float, scale: float,
          bold: bool = False, align=Qt.AlignmentFlag.AlignCenter, colour: QColor = INK,
          fit: bool = False) -> None:
    """Text ``size`` points high in a rectangle given in board units; with ``fit``
    made smaller (down to 3 points) so its widest line stays inside the rectangle."""
    p.save()
    p.scale(1 / scale, 1 / scale)
    r = QRectF(rect.left() * scale, rect.top() * scale, rect.width() * scale,
               rect.height() * scale)
    font = doc.font(size, bold=bold)
    if fit:
        wide = max(doc.metrics(font).horizontalAdvance(line) for line in text.split("\n"))
        if wide > r.width() > 0:
            font = doc.font(max(3.0, size * r.width() / wide), bold=bold)
    p.setFont(font)
    p.setPen(colour)
    p.drawText(r, align, text)
    p.restore()


def _edge(rect: QRectF, towards: QPointF) -> QPointF:
    c = rect.center()
    dx, dy = towards.x() - c.x(), towards.y() - c.y()
    if dx == 0 and dy == 0:
        return c
    s = min(rect.width() / 2 / abs(dx) if dx else math.inf,
            rect.height() / 2 / abs(dy) if dy else math.inf)
    return QPointF(c.x() + dx * s, c.y() + dy * s)


def _paint(p: QPainter, doc: Doc, board, cmap: CityMap, source: PrintSource,
           scale: float) -> None:
    thin = 0.6 / scale
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    state = source.state
    zones_state = state.vars.get("zones", {}) if state is not None else {}
    for space in board.spaces.values():
        poly = _poly(space.polygon)
        if space.kind == "street":
            p.setPen(QPen(GREY.darker(130), thin, Qt.PenStyle.DotLine))
            p.setBrush(GREY)
        elif space.kind == "zone":
            p.setPen(QPen(INK, thin, Qt.PenStyle.DashLine))
            if space.get("no_entry"):
                p.setBrush(QBrush(INK, Qt.BrushStyle.Dense7Pattern))
            elif zones_state.get(str(space.get("number")), {}).get("ruins"):
                p.setBrush(QBrush(INK, Qt.BrushStyle.BDiagPattern))
            else:
                p.setBrush(LIGHT if space.get("circle") != "red" else QColor("#f7f7f7"))
        else:
            continue
        p.drawPolygon(poly)
    blocks = {frozenset(b) for b in cmap.block.values()}
    p.setPen(QPen(INK, 1.6 / scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for block in blocks:
        shape = union_all([board[f"Z{n}"].polygon for n in block])
        for part in getattr(shape, "geoms", [shape]):
            p.drawPolygon(_poly(part))
    # Location boxes, labels, doors and entry symbols
    for key in cmap.zone_of:
        r = _rect(board, key)
        p.setPen(QPen(INK, thin))
        p.setBrush(QColor("#ffffff"))
        p.drawRect(r)
        _text(p, doc, QRectF(r.left() + 0.03, r.top() + 0.01, r.width(), 0.2),
              LABELS.get(cmap.code[key], key), 4.5, scale, align=Qt.AlignmentFlag.AlignLeft)
        space = board[key]
        if space.get("door"):
            p.setBrush(INK)
            p.drawRect(QRectF(r.right() - 0.12, r.bottom() - 0.15, 0.08, 0.15))
        if space.get("entry"):
            tip = QPointF(r.right() - 0.1, r.top() + 0.04)
            p.setBrush(INK)
            p.drawPolygon(QPolygonF([tip, tip + QPointF(0.07, 0.09), tip + QPointF(-0.07, 0.09)]))
    # arrows between Locations of a Zone
    p.setPen(QPen(INK, thin))
    for link in board.links:
        if link.kind != "arrow":
            continue
        ra, rb = _rect(board, link.a), _rect(board, link.b)
        p.drawLine(_edge(ra, rb.center()), _edge(rb, ra.center()))
    # door and roof symbols
    seen: dict[str, int] = {}
    for link in board.links:
        if link.kind not in ("door-symbol", "roof-symbol"):
            continue
        tag = ("D" if link.kind == "door-symbol" else "R") + str(link.attrs.get("symbol", ""))
        for key in (link.a, link.b):
            r = _rect(board, key)
            i = seen[key] = seen.get(key, -1) + 1
            box = QRectF(r.left() + 0.04 + 0.26 * i, r.bottom() - 0.16, 0.24, 0.13)
            p.setPen(QPen(INK, thin))
            p.setBrush(QColor("#ffffff"))
            p.drawRoundedRect(box, 0.03, 0.03)
            _text(p, doc, box.adjusted(0.01, 0, -0.01, 0), tag, 4.0, scale, bold=True,
                  fit=True)     # R10 and R11 side by side no longer run into each other
    # Control boxes, Egress Routes, target symbols
    for n in cmap.zones:
        _control(p, doc, board, cmap, n, zones_state.get(str(n), {}), scale)
    for s in cmap.streets:
        extra = sorted(cmap.street_fire_zones[s] - cmap.street_zones[s])
        if extra:
            x, y = board[s].centre
            _crosshair(p, doc, x, y, extra, scale, QRectF(x - 0.4, y + 0.08, 0.8, 0.16))
    # the EXIT and the boxes beside the map
    for key, space in board.spaces.items():
        if space.get("exit") or space.get("holding"):
            r = _rect(board, key)
            p.setPen(QPen(INK, thin))
            p.setBrush(GREY if space.get("exit") else QColor("#ffffff"))
            p.drawRect(r)
            title = "EXIT (13.6.6)" if space.get("exit") else space.label
            _text(p, doc, QRectF(r.left(), r.top() + 0.05, r.width(), 0.4), title, 5.5, scale,
                  bold=True, align=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    if state is not None:
        _counters(p, doc, board, source, scale)


def _control(p, doc, board, cmap, n, record, scale) -> None:
    bx, by, bw, bh = board[f"Z{n}"].get("control_box", [0, 0, 0.7, 0.7])
    p.setPen(QPen(INK, 0.6 / scale))
    p.setBrush(QColor("#ffffff"))
    p.drawRect(QRectF(bx, by, bw, bh))
    circle = cmap.circle.get(n, "white")
    c, r = QPointF(bx + bw * 0.36, by + bh * 0.36), bw * 0.27
    if circle == "none":
        _text(p, doc, QRectF(bx - 0.3, by, bw + 0.6, bh), f"{n}\nno entry", 5.0, scale,
              bold=True)
        return
    p.setBrush(INK if circle == "black" else QColor("#ffffff"))
    p.drawEllipse(c, r, r)
    if circle == "red":
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, r * 0.8, r * 0.8)
    _text(p, doc, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), str(n), 6.5, scale, bold=True,
          colour=QColor("#ffffff") if circle == "black" else INK)
    routes = cmap.egress.get(n, [])
    if routes:
        words = "EXIT" if routes == ["EXIT"] else " ".join(str(z) for z in routes)
        _text(p, doc, QRectF(bx + 0.02, by + bh - 0.17, bw - 0.04, 0.16), words, 4.5, scale,
              bold=True, fit=True)      # inside the box, not cut off at its sides
    lof = sorted(cmap.fire_targets[n] - cmap.adjacent[n] - cmap.neighbouring[n])
    if lof:
        _crosshair(p, doc, bx + bw * 0.82, by + bh * 0.16, lof, scale,
                   QRectF(c.x() + r + 0.01, by + bh * 0.16 + 0.07, bx + bw - c.x() - r - 0.03,
                          0.12 * len(lof)), "\n")
    marks = []
    if record.get("usmc"):
        marks.append("U")
    elif record.get("act"):
        marks.append({"start": "S", "normal": "A", "fortified": "SP"}[record["act"]])
    for flag, text in (("fan", "F"), ("pf", "PF"), ("noev", "NE")):
        if record.get(flag):
            marks.append(text)
    if marks:
        top = by + bh * 0.16 + 0.07 + 0.12 * len(lof) if lof else by + 0.3   # under the Zones
        _text(p, doc, QRectF(c.x() + r + 0.01, top, bx + bw - c.x() - r - 0.03, 0.14),
              " ".join(marks), 4.5, scale, bold=True, fit=True)


def _crosshair(p, doc, x, y, zones, scale, room: QRectF, between: str = " ") -> None:
    """The line-of-fire sign, the distant Zones it reaches written in ``room``
    (in a Control box: beside the Zone's number, never over it)."""
    p.setPen(QPen(INK, 0.5 / scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    r = 0.06
    p.drawEllipse(QPointF(x, y), r, r)
    p.drawLine(QPointF(x - r * 1.6, y), QPointF(x + r * 1.6, y))
    p.drawLine(QPointF(x, y - r * 1.6), QPointF(x, y + r * 1.6))
    _text(p, doc, room, between.join(str(z) for z in zones), 4.5, scale, bold=True, fit=True)


def _counters(p, doc, board, source, scale) -> None:
    """The counters of a game in progress, as short names in their Locations."""
    types = source.module.piece_types
    by_space: dict[str, list[str]] = {}
    for _, piece in sorted(source.state.pieces.items()):
        if piece.status != "active" or piece.space not in board:
            continue
        t = types[piece.type]
        if t.kind == "suspect":
            name = "?"
        elif t.kind == "insurgents":
            face = piece.data.get("face", "guerillas")
            name = f"{face[0].upper()}{t.get(face)}"
        elif t.kind == "security":
            name = "SE"
        else:
            name = piece.type + ("*" if piece.data.get("reduced") else "")
        by_space.setdefault(piece.space, []).append(name)
    for key, names in by_space.items():
        r = _rect(board, key)
        _text(p, doc, QRectF(r.left(), r.top() + 0.2, r.width(), r.height() - 0.3),
              "\n".join(names[:3]), 5.0, scale, bold=True)
