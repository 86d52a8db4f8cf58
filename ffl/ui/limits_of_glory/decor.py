"""The printed map around and over the spaces: coasts, the Nile, the border, the
inset's frame, space names and values, BUAs with their VP banners, safe harbours.

Everything is read from the board (its ``attrs``: decoration outlines, rivers,
border, inset frame; each space's ``value``, ``bua``, ``harbour``, ``ship`` and
``dot``) and built once as ordinary scene items.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from ffl.engine import Board
from ffl.ui.style import UNIT

from .style import (
    BORDER_RED,
    DECOR_LAND,
    INK,
    NATION_COLOURS,
    NILE,
    SEA,
    SEA_INK,
)

Z_UNDER, Z_LINES, Z_TEXT = -5, 2, 3
#: the type size of a land space's name (board units; a sea's is a little larger)
NAME_TEXT = 0.2


def _pt(p) -> QPointF:
    return QPointF(p[0] * UNIT, p[1] * UNIT)


def _poly_path(points) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([_pt(p) for p in points]))
    path.closeSubpath()
    return path


def _line_path(points) -> QPainterPath:
    path = QPainterPath(_pt(points[0]))
    for p in points[1:]:
        path.lineTo(_pt(p))
    return path


def _text(text: str, size: float, colour: QColor, *, bold=False, italic=False,
          family="serif") -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem(text)
    font = QFont(family)
    font.setPixelSize(max(1, int(size * UNIT)))
    font.setBold(bold)
    font.setItalic(italic)
    item.setFont(font)
    item.setBrush(colour)
    item.setZValue(Z_TEXT)
    return item


class MapDecor:
    """The map's printed look, as scene items (kept to remove them again)."""

    def __init__(self, scene, board: Board) -> None:
        self.scene = scene
        self.board = board
        self.items: list[QGraphicsItem] = []
        self.label_rects: dict[str, QRectF] = {}
        #: what is printed for each space (value, name, BUA banner, harbour), scene rect
        self.print_rects: dict[str, QRectF] = {}
        self._coasts()
        self._inset()
        self._rivers()
        self._names()
        self._title()

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def remove(self) -> None:
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()

    # -- layers ---------------------------------------------------------------------------

    def _coasts(self) -> None:
        for d in self.board.attrs.get("decor", {}).values():
            item = QGraphicsPathItem(_poly_path(d["points"]))
            if d.get("kind") == "water":
                item.setBrush(QBrush(SEA.darker(108)))
                item.setPen(QPen(Qt.PenStyle.NoPen))
            else:
                item.setBrush(QBrush(DECOR_LAND))
                pen = QPen(QColor("#8a7450"), 1.0)
                pen.setCosmetic(True)
                item.setPen(pen)
            item.setZValue(Z_UNDER)
            self._add(item)
        names = {"Europe": (4.2, 0.9), "Italy": (9.2, 1.4), "Greece": (14.6, 3.2),
                 "Anatolia": (26.5, 2.2), "Africa": (3.2, 9.0), "Arabia": (29.0, 18.5),
                 "Red Sea": (24.2, 19.2)}
        for text, (x, y) in names.items():
            t = _text(text.upper(), 0.32, QColor(110, 90, 60, 150), italic=True)
            t.setPos(x * UNIT, y * UNIT)
            self._add(t)
        sea = _text("MARE  MEDITERRANEUM", 0.42, QColor(36, 74, 102, 120), italic=True)
        sea.setPos(7.2 * UNIT, 9.6 * UNIT)
        self._add(sea)

    def _inset(self) -> None:
        frame = self.board.attrs.get("inset")
        if not frame:
            return
        x0, y0, x1, y1 = frame
        rect = QRectF(x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT)
        for grow, width in ((0.0, 3.0), (0.08, 1.2)):
            item = self.scene.addRect(rect.adjusted(-grow * UNIT, -grow * UNIT, grow * UNIT,
                                                    grow * UNIT), QPen(INK, width))
            item.setZValue(Z_LINES)
            self.items.append(item)
        title = _text("UPPER EGYPT", 0.3, INK, bold=True)
        title.setPos(rect.left() + 0.1 * UNIT, rect.top() - 0.42 * UNIT)
        self._add(title)

    def _rivers(self) -> None:
        pen = QPen(NILE, 0.09 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                   Qt.PenJoinStyle.RoundJoin)
        for line in self.board.attrs.get("rivers", []):
            item = QGraphicsPathItem(_line_path(line))
            item.setPen(pen)
            item.setZValue(Z_LINES)
            self._add(item)
        border = self.board.attrs.get("border")
        if border:
            for off, w in ((-0.05, 0.03), (0.05, 0.03)):
                item = QGraphicsPathItem(_line_path([(x + off, y) for x, y in border]))
                item.setPen(QPen(BORDER_RED, w * UNIT, Qt.PenStyle.DashLine))
                item.setZValue(Z_LINES)
                self._add(item)

    def _names(self) -> None:
        for key, space in self.board.spaces.items():
            x, y = space.centre
            sea = space.kind == "sea"
            first = len(self.items)
            name = _text(space.label, NAME_TEXT if not sea else NAME_TEXT + 0.01,
                         SEA_INK if sea else INK, bold=not sea, italic=sea)
            r = name.boundingRect()
            top = y * UNIT - 0.42 * UNIT
            name.setPos(x * UNIT - r.width() / 2 + 0.14 * UNIT, top)
            name.setData(0, key)
            self._add(name)
            self._value(QPointF(x * UNIT - r.width() / 2 - 0.06 * UNIT, top + r.height() / 2),
                        space, sea)
            self.label_rects[key] = QRectF(x * UNIT - r.width() / 2, top, r.width(), r.height())
            bua = space.get("bua")
            if bua:
                self._bua(QPointF(x * UNIT + r.width() / 2 + 0.3 * UNIT, top + r.height() / 2),
                          bua)
            harbour = space.get("harbour")
            if harbour:
                self._anchor(QPointF(x * UNIT, top - 0.16 * UNIT), harbour)
            printed = QRectF()
            for item in self.items[first:]:
                printed = printed.united(item.sceneBoundingRect())
            self.print_rects[key] = printed

    def _value(self, at: QPointF, space, sea: bool) -> None:
        size = 0.24 * UNIT
        circle = self.scene.addEllipse(QRectF(at.x() - size / 2, at.y() - size / 2, size, size),
                                       QPen(SEA_INK if sea else INK, 1.5),
                                       QBrush(QColor("#fbf6e6")))
        circle.setZValue(Z_TEXT)
        self.items.append(circle)
        t = _text(str(space.get("value", "")), 0.17, SEA_INK if sea else INK, bold=True,
                  family="sans-serif")
        r = t.boundingRect()
        t.setPos(at.x() - r.width() / 2, at.y() - r.height() / 2)
        t.setZValue(Z_TEXT + 0.1)
        self._add(t)

    def _bua(self, at: QPointF, bua: dict) -> None:
        s = 0.09 * UNIT
        path = QPainterPath()
        for dx, dy, h in ((-1.2, 0, 1.0), (0, -0.4, 1.4), (1.2, 0, 1.0)):
            path.addRect(QRectF(at.x() + dx * s - s / 2, at.y() + dy * s - h * s / 2, s, h * s))
        item = QGraphicsPathItem(path)
        item.setBrush(QBrush(QColor("#8a3b22")))
        item.setPen(QPen(QColor("#3b1a0e"), 1))
        item.setZValue(Z_TEXT)
        self._add(item)
        vp = bua.get("vp", {})
        x = at.x() + 0.22 * UNIT
        for nation in ("french", "mamluk", "ottoman", "british"):
            n = vp.get(nation)
            if not n:
                continue
            rect = QRectF(x, at.y() - 0.12 * UNIT, 0.2 * UNIT, 0.24 * UNIT)
            flag = self.scene.addRect(rect, QPen(QColor("#222"), 0.8),
                                      QBrush(NATION_COLOURS[nation]))
            flag.setZValue(Z_TEXT)
            self.items.append(flag)
            # the VPs at 10 px on screen at the opening zoom, as the markers' counts
            t = _text(str(n), 0.2, QColor("white"), bold=True, family="sans-serif")
            r = t.boundingRect()
            t.setPos(rect.center().x() - r.width() / 2, rect.center().y() - r.height() / 2)
            t.setZValue(Z_TEXT + 0.1)
            self._add(t)
            x += 0.22 * UNIT

    def _anchor(self, at: QPointF, side: str) -> None:
        colour = NATION_COLOURS["french" if side == "french" else "british"]
        s = 0.09 * UNIT
        path = QPainterPath()
        path.moveTo(at + QPointF(0, -s))
        path.lineTo(at + QPointF(0, s))
        path.moveTo(at + QPointF(-s * 0.6, -s * 0.5))
        path.lineTo(at + QPointF(s * 0.6, -s * 0.5))
        path.moveTo(at + QPointF(-s, s * 0.2))
        path.quadTo(at + QPointF(0, s * 1.6), at + QPointF(s, s * 0.2))
        path.addEllipse(at + QPointF(0, -s * 1.2), s * 0.25, s * 0.25)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, 0.03 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        item.setZValue(Z_TEXT)
        self._add(item)

    def _title(self) -> None:
        title = _text("BONAPARTE'S EASTERN EMPIRE", 0.5, INK, bold=True)
        title.setPos(19.8 * UNIT, 0.35 * UNIT)
        self._add(title)
        sub = _text("Egypt and Syria, 1798-1801", 0.32, INK, italic=True)
        sub.setPos(22.6 * UNIT, 1.05 * UNIT)
        self._add(sub)
