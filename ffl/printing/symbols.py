"""Black-and-white map symbols for the reduced gameboard and its legend.

Each function draws one symbol in points with a QPainter: elevation fills
(grey levels with hatching, so they survive a photocopier), walls, crenels,
the gate, doors, windows and stairways.  ``s`` is the size of one board unit
(a square) in points.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

#: level -> (grey fill, hatching): "" none, "/" single diagonal, "x" cross, "." dots.
#: Every level above the ground has a hatching as well as its grey, so a
#: photocopier that drops light greys still shows it.
LEVEL_FILLS: dict[int, tuple[str, str]] = {
    -1: ("#ffffff", "."), 0: ("#ffffff", ""), 1: ("#d2d2d2", "-"),
    2: ("#b4b4b4", "/"), 3: ("#8c8c8c", "x"),
}
#: a module's own terrain patterns (``attrs["terrains"][name]["pattern"]``)
PATTERNS = ("dots", "lines", "cross", "grid", "waves", "solid")
BLACK = QColor("black")
WHITE = QColor("white")


def level_fill(level: int) -> tuple[QColor, str]:
    grey, hatch = LEVEL_FILLS.get(max(-1, min(3, level)), ("#808080", "x"))
    return QColor(grey), hatch


def fill_area(p: QPainter, path: QPainterPath, level: int, s: float) -> None:
    """Fill an area with its level's grey and hatching (clipped to the area)."""
    colour, hatch = level_fill(level)
    p.fillPath(path, colour)
    if not hatch:
        return
    p.save()
    p.setClipPath(path, Qt.ClipOperation.IntersectClip)
    r = path.boundingRect()
    step = max(2.5, s * 0.16)
    p.setPen(QPen(QColor("#303030"), max(0.35, s * 0.018)))
    if hatch == ".":
        p.setBrush(QColor("#303030"))
        y = r.top() + step / 2
        while y < r.bottom():
            x = r.left() + step / 2
            while x < r.right():
                p.drawEllipse(QPointF(x, y), 0.4, 0.4)
                x += step
            y += step
    elif hatch == "-":
        p.setPen(QPen(QColor("#505050"), max(0.3, s * 0.012)))
        y = r.top() + step * 0.6
        while y < r.bottom():
            p.drawLine(QLineF(r.left(), y, r.right(), y))
            y += step * 1.4
    else:
        d = -r.height()
        while d < r.width():
            p.drawLine(QLineF(r.left() + d, r.bottom(), r.left() + d + r.height(), r.top()))
            if hatch == "x":
                p.drawLine(QLineF(r.left() + d, r.top(), r.left() + d + r.height(), r.bottom()))
            d += step * 1.2
    p.restore()


def _unit(a: QPointF, b: QPointF) -> tuple[QPointF, QPointF, float]:
    d = b - a
    length = math.hypot(d.x(), d.y()) or 1.0
    u = QPointF(d.x() / length, d.y() / length)
    return u, QPointF(-u.y(), u.x()), length


def wall(p: QPainter, a: QPointF, b: QPointF, width: float, colour: QColor = BLACK) -> None:
    p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
    p.drawLine(QLineF(a, b))


def crenels(p: QPainter, a: QPointF, b: QPointF, s: float) -> None:
    """Merlons: black blocks standing across the line, four to a square side."""
    u, n, length = _unit(a, b)
    count = max(2, round(4 * length / s))
    step = length / count
    half_h = s * 0.14
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(BLACK)
    for i in range(count):
        c0 = a + u * (step * (i + 0.25))
        c1 = a + u * (step * (i + 0.75))
        block = QPainterPath(c0 + n * half_h)
        for q in (c1 + n * half_h, c1 - n * half_h, c0 - n * half_h):
            block.lineTo(q)
        block.closeSubpath()
        p.drawPath(block)
    p.setPen(QPen(BLACK, max(0.6, s * 0.03)))
    p.drawLine(QLineF(a, b))


def gate(p: QPainter, a: QPointF, b: QPointF, s: float) -> None:
    """The main gate: a heavy hollow bar across the gateway."""
    _framed_bar(p, a, b, s * 0.11, max(0.8, s * 0.05))


def _framed_bar(p: QPainter, a: QPointF, b: QPointF, half: float, pen: float) -> None:
    """A white box ``2 * half`` wide from ``a`` to ``b``, outlined, with its centre line."""
    n = _unit(a, b)[1]
    box = QPainterPath(a + n * half)
    for q in (b + n * half, b - n * half, a - n * half):
        box.lineTo(q)
    box.closeSubpath()
    p.setPen(QPen(BLACK, pen))
    p.setBrush(WHITE)
    p.drawPath(box)
    p.drawLine(QLineF(a, b))


#: how much of a side a door's opening takes (its leaf swings that far out)
DOOR_PART = 1 / 3


def _gap(p: QPainter, a: QPointF, b: QPointF, thick: float,
         part: float = 0.5) -> tuple[QPointF, QPointF]:
    """Clear the middle ``part`` of a side; returns the ends of the opening."""
    u, n, length = _unit(a, b)
    mid = (a + b) / 2
    g1, g2 = mid - u * (length * part / 2), mid + u * (length * part / 2)
    p.setPen(QPen(WHITE, thick, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLine(QLineF(g1, g2))
    return g1, g2


def door(p: QPainter, a: QPointF, b: QPointF, s: float, wall_width: float,
         towards: QPointF | None = None) -> None:
    """An opening with jambs and a quarter-circle leaf swing (into the side of
    the line where ``towards`` is, when given)."""
    u, n, length = _unit(a, b)
    mid = (a + b) / 2
    if towards is not None and ((towards.x() - mid.x()) * n.x()
                                + (towards.y() - mid.y()) * n.y()) < 0:
        n = -n
    g1, g2 = _gap(p, a, b, wall_width + 1.0, DOOR_PART)
    jamb = max(wall_width, s * 0.06) / 2 + 1.0
    line = max(0.5, s * 0.025)
    p.setPen(QPen(BLACK, line * 1.6))
    p.drawLine(QLineF(g1 - n * jamb, g1 + n * jamb))
    p.drawLine(QLineF(g2 - n * jamb, g2 + n * jamb))
    leaf = (g2 - g1)
    r = math.hypot(leaf.x(), leaf.y())
    tip = g1 + n * r
    p.setPen(QPen(BLACK, line))
    p.drawLine(QLineF(g1, tip))
    path = QPainterPath(tip)
    steps = 8
    for i in range(1, steps + 1):
        t = (math.pi / 2) * i / steps
        path.lineTo(g1 + n * (r * math.cos(t)) + u * (r * math.sin(t)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(BLACK, line * 0.8, Qt.PenStyle.DotLine)
    p.setPen(pen)
    p.drawPath(path)


def window(p: QPainter, a: QPointF, b: QPointF, s: float, wall_width: float) -> None:
    """A framed pane: an outlined box in the wall with a line along its middle."""
    g1, g2 = _gap(p, a, b, wall_width + 1.0)
    _framed_bar(p, g1, g2, max(wall_width / 2 + 0.8, s * 0.07), max(0.5, s * 0.025))


def stair(p: QPainter, rect: QRectF, towards: QPointF, s: float) -> None:
    """A flight of steps filling ``rect``, climbing towards the point ``towards``."""
    c = rect.center()
    u, n, _ = _unit(c, towards)
    # the room along the climb and across it, for a rectangle of any shape
    along = abs(u.x()) * rect.width() + abs(u.y()) * rect.height()
    across = abs(n.x()) * rect.width() + abs(n.y()) * rect.height()
    half = along / 2 / 1.3
    w = min(across / 2 * 0.9, half * 1.1)
    p.setPen(QPen(BLACK, max(0.5, s * 0.028)))
    for i in range(5):
        t = -half + i * (2 * half / 4)
        m = c + u * (t - half * 0.15)
        p.drawLine(QLineF(m - n * w, m + n * w))
    # the arrow points up the stair
    tip = c + u * (half * 1.25)
    p.drawLine(QLineF(c - u * half, tip))
    head = min(s * 0.12, half * 0.5)
    arrow = QPainterPath(tip)
    arrow.lineTo(tip - u * head + n * (head * 0.6))
    arrow.lineTo(tip - u * head - n * (head * 0.6))
    arrow.closeSubpath()
    p.setBrush(BLACK)
    p.drawPath(arrow)


def tower_stair(p: QPainter, rect: QRectF, s: float) -> None:
    """A spiral stair: a circle with radial steps."""
    c = rect.center()
    r = min(rect.width(), rect.height()) * 0.45
    p.setPen(QPen(BLACK, max(0.5, s * 0.028)))
    p.setBrush(WHITE)
    p.drawEllipse(c, r, r)
    for i in range(6):
        t = math.pi * 2 * i / 6
        p.drawLine(QLineF(c + QPointF(math.cos(t), math.sin(t)) * (r * 0.25),
                          c + QPointF(math.cos(t), math.sin(t)) * r))


def link_arrow(p: QPainter, a: QPointF, b: QPointF, s: float) -> None:
    """Any other link: a dashed arrow between two space centres."""
    p.setPen(QPen(QColor("#404040"), max(0.5, s * 0.025), Qt.PenStyle.DashLine))
    p.drawLine(QLineF(a, b))
    u, n, _ = _unit(a, b)
    head = QPainterPath(b)
    head.lineTo(b - u * (s * 0.15) + n * (s * 0.07))
    head.lineTo(b - u * (s * 0.15) - n * (s * 0.07))
    head.closeSubpath()
    p.setBrush(QBrush(QColor("#404040")))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPath(head)


def river(p: QPainter, a: QPointF, b: QPointF, s: float) -> None:
    """A river along a side: a grey band with a wavy line in it (not a wall)."""
    u, n, length = _unit(a, b)
    p.setPen(QPen(QColor("#c8c8c8"), s * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLine(QLineF(a, b))
    wave = QPainterPath(a)
    steps = max(8, int(length / 1.5))
    for i in range(1, steps + 1):
        t = i / steps
        wave.lineTo(a + u * (length * t) + n * (s * 0.05 * math.sin(t * math.pi * 2 *
                                                                     max(1, round(length / s * 2)))))
    p.setPen(QPen(QColor("#303030"), max(0.5, s * 0.03)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(wave)


def pattern_area(p: QPainter, path: QPainterPath, pattern: str, s: float) -> None:
    """A module's own terrain pattern (one of :data:`PATTERNS`), clipped to ``path``."""
    if pattern not in PATTERNS:
        return
    p.save()
    p.setClipPath(path, Qt.ClipOperation.IntersectClip)
    r = path.boundingRect()
    step = max(3.0, s * 0.2)
    ink = QColor("#404040")
    p.setPen(QPen(ink, max(0.35, s * 0.015)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if pattern == "solid":
        p.fillPath(path, QColor("#a0a0a0"))
    elif pattern == "dots":
        p.setBrush(ink)
        y = r.top() + step / 2
        row = 0
        while y < r.bottom():
            x = r.left() + step / 2 + (step / 2 if row % 2 else 0)
            while x < r.right():
                p.drawEllipse(QPointF(x, y), 0.55, 0.55)
                x += step
            y += step
            row += 1
    elif pattern in ("lines", "grid", "cross"):
        if pattern in ("lines", "grid"):
            x = r.left() + step / 2
            while x < r.right():
                p.drawLine(QLineF(x, r.top(), x, r.bottom()))
                x += step
        if pattern == "grid":
            y = r.top() + step / 2
            while y < r.bottom():
                p.drawLine(QLineF(r.left(), y, r.right(), y))
                y += step
        if pattern == "cross":
            d = -r.height()
            while d < r.width():
                p.drawLine(QLineF(r.left() + d, r.top(), r.left() + d + r.height(), r.bottom()))
                p.drawLine(QLineF(r.left() + d, r.bottom(), r.left() + d + r.height(), r.top()))
                d += step * 1.5
    elif pattern == "waves":
        y = r.top() + step / 2
        while y < r.bottom():
            wave = QPainterPath(QPointF(r.left(), y))
            x = r.left()
            while x < r.right():
                wave.quadTo(QPointF(x + step / 2, y - step * 0.3), QPointF(x + step, y))
                x += step
            p.drawPath(wave)
            y += step
    p.restore()
