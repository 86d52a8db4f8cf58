"""CounterItem: one piece on the map, painted from its data.

A counter is drawn once per zoom step into a pixmap at the screen's device
pixel ratio and then blitted; it is re-rendered only when the piece changes or
the zoom moves to another step, never on every paint.

The facing arrow points at one of :attr:`CounterItem.facings` directions,
clockwise from north: 8 on squares (the compass points), 6 on a hex board (one
per side of a flat-topped hex, 60 degrees apart); the scene sets it from
``Board.facings``; counters on a hex board are a little smaller, to sit inside
their hexes.  A piece whose ``data["flipped"]`` is set shows its back: the
type's ``back`` value as its name on a lighter counter, or, for a type with no
printed back, a lighter hatched counter marked "flipped".
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ffl.engine import Piece, PieceType
from ffl.engine.pieces import FACING_VECTORS, FACINGS, HEX_FACINGS

from .style import UNIT, BoardStyle

#: counter edge in board units
COUNTER_SIZE = 0.74
#: counter edge on a hex board (board units; a hex is 1.0 across its corners,
#: 0.87 across its sides): small enough that counters on neighbouring hexes and
#: their facing arrows do not cover each other
HEX_COUNTER_SIZE = 0.62
#: zoom steps: the rendering scale is rounded to a power of this factor
ZOOM_STEP = 2 ** 0.25
#: how far the facing arrow sticks out of the counter (fraction of its edge)
ARROW_OUTSIDE = 0.16


def facing_name(facing: int, facings: int = 8) -> str:
    """N, NE, E... on squares; N, NE, SE, S, SW, NW on hexes."""
    names = HEX_FACINGS if facings == 6 else FACINGS
    return names[facing % len(names)]


def is_flipped(piece: Piece) -> bool:
    return bool(piece.data.get("flipped"))


def zoom_bucket(scale: float) -> int:
    """The zoom step a device scale falls in (pixmaps are cached per step)."""
    return round(math.log(max(scale, 1e-3), ZOOM_STEP))


class CounterItem(QGraphicsItem):
    """A piece's counter: side colour, name, facing arrow, level and markers."""

    #: how many facings a counter has on its board (the scene sets it, see set_facings)
    facings = 8

    def __init__(self, piece: Piece, ptype: PieceType | None, style: BoardStyle) -> None:
        super().__init__()
        self.piece_id = piece.id
        self.style = style
        self._size = COUNTER_SIZE * UNIT
        self._pixmaps: dict[int, QPixmap] = {}
        self.renders = 0  # how many times a pixmap was drawn (for tests and profiling)
        self.setZValue(10)
        self.setAcceptHoverEvents(True)
        self.update_piece(piece, ptype)

    # -- data -----------------------------------------------------------------------

    def update_piece(self, piece: Piece, ptype: PieceType | None) -> None:
        """Take the piece's current data; drops the cached pixmaps if it changed."""
        key = (piece.type, piece.side, piece.facing, piece.level,
               tuple(sorted(piece.markers.items())), ptype.name if ptype else "",
               str(piece.data.get("label", "")), is_flipped(piece))
        if getattr(self, "_key", None) != key:
            self._key = key
            self.piece = piece.copy()
            self.ptype = ptype
            self._pixmaps.clear()
            self.setToolTip(self._tooltip())
            self.update()
        else:
            self.piece = piece.copy()

    def set_facings(self, facings: int) -> None:
        """Draw the facing arrow in ``facings`` directions (6 on hexes, 8 on squares)."""
        if facings == self.facings:
            return
        self.prepareGeometryChange()
        self.facings = facings
        self._size = (HEX_COUNTER_SIZE if facings == 6 else COUNTER_SIZE) * UNIT
        self._pixmaps.clear()
        self._key = None
        self.update_piece(self.piece, self.ptype)
        self.update()

    @property
    def size(self) -> float:
        """The counter's edge in scene units."""
        return self._size

    def draws_flipped(self) -> bool:
        """Whether this class paints a flipped piece's back (a game's own counter
        class that replaces :meth:`draw` may not)."""
        return type(self).draw is CounterItem.draw

    def _tooltip(self) -> str:
        p, t = self.piece, self.ptype
        lines = [f"<b>{t.name if t else p.type}</b> ({p.id})"]
        if is_flipped(p):
            back = t.get("back") if t else None
            lines.append(f"flipped: {back}" if back else "flipped (its back is up)")
        if p.side:
            lines.append(f"side: {p.side}")
        lines.append(f"at {p.space}, level {p.level}")
        if p.facing is not None:
            lines.append(f"facing {facing_name(p.facing, self.facings)}")
        for name, count in sorted(p.markers.items()):
            lines.append(f"{name}: {count}")
        return "<br>".join(lines)

    # -- QGraphicsItem ----------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = self._size * (1 + 2 * ARROW_OUTSIDE)
        return QRectF(-s / 2 - 2, -s / 2 - 2, s + 4, s + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        bucket = zoom_bucket(scale * dpr)
        pixmap = self._pixmaps.get(bucket)
        if pixmap is None:
            pixmap = self._render(ZOOM_STEP ** bucket, dpr)
            self._pixmaps[bucket] = pixmap
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(self.boundingRect(), pixmap, QRectF(pixmap.rect()))

    # -- rendering --------------------------------------------------------------------

    def _render(self, device_scale: float, dpr: float) -> QPixmap:
        rect = self.boundingRect()
        w = max(2, math.ceil(rect.width() * device_scale))
        h = max(2, math.ceil(rect.height() * device_scale))
        pixmap = QPixmap(w, h)
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.scale(w / dpr / rect.width(), h / dpr / rect.height())
        painter.translate(-rect.topLeft())
        self.draw(painter)
        painter.end()
        self.renders += 1
        return pixmap

    def draw(self, painter: QPainter) -> None:
        """Paint the counter in item coordinates (centre at 0, 0)."""
        s = self._size
        body = QRectF(-s / 2, -s / 2, s, s)
        base = self.style.side_colour(self.piece.side)
        flipped = is_flipped(self.piece)
        painter.setPen(QPen(base.darker(170), 2.0))
        painter.setBrush(base.lighter(150) if flipped else base)
        painter.drawRoundedRect(body, s * 0.08, s * 0.08)
        if flipped and not self._back_text():
            # no printed back: hatch the whole counter so it cannot be mistaken
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(base.darker(130), Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(body, s * 0.08, s * 0.08)
        # a lighter band for the text
        band = QRectF(body.left() + s * 0.06, body.top() + s * 0.28, s * 0.88, s * 0.44)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(band, s * 0.04, s * 0.04)
        self._draw_text(painter, band)
        if self.piece.facing is not None:
            self._draw_facing(painter, s)
        if self.piece.level:
            self._draw_badge(painter, QPointF(s * 0.32, -s * 0.32), f"L{self.piece.level}",
                             QColor("#1f1f1f"))
        self._draw_markers(painter, s)

    def _back_text(self) -> str:
        back = self.ptype.get("back") if self.ptype else None
        return str(back) if back not in (None, "") else ""

    def _lines(self) -> list[str]:
        """The text on the counter: the style's lines, or the back when flipped."""
        lines = self.style.piece_lines(self.piece, self.ptype)[:2]
        if not is_flipped(self.piece):
            return lines
        back = self._back_text()
        if back:
            return [back, *lines[1:]]
        return [lines[0], "flipped"]

    def _draw_text(self, painter: QPainter, band: QRectF) -> None:
        lines = self._lines()
        painter.setPen(QColor("#1b1b1b"))
        heights = [band.height() * (0.5 if len(lines) > 1 else 0.62)] * len(lines)
        y = band.top() + (band.height() - sum(heights)) / 2
        for i, (text, h) in enumerate(zip(lines, heights, strict=True)):
            font = QFont()
            font.setBold(i == 0)
            font.setPixelSize(max(1, int(h * 0.78)))
            metrics = QFontMetricsF(font)
            width = metrics.horizontalAdvance(text)
            if width > band.width() * 0.96:  # shrink long names to fit
                font.setPixelSize(max(1, int(font.pixelSize() * band.width() * 0.96 / width)))
            painter.setFont(font)
            painter.drawText(QRectF(band.left(), y, band.width(), h),
                             Qt.AlignmentFlag.AlignCenter, text)
            y += h

    def _draw_facing(self, painter: QPainter, s: float) -> None:
        if self.facings == 8:
            dx, dy = FACING_VECTORS[self.piece.facing % 8]
        else:   # n directions, clockwise from north (60 degrees apart on hexes)
            angle = 2 * math.pi * (self.piece.facing % self.facings) / self.facings
            dx, dy = math.sin(angle), -math.cos(angle)
            dx, dy = (0 if abs(dx) < 1e-9 else dx), (0 if abs(dy) < 1e-9 else dy)
        norm = math.hypot(dx, dy)
        ux, uy = dx / norm, dy / norm
        edge = 0.5 * s / max(abs(ux), abs(uy))  # where the direction leaves the square
        if dx and dy and abs(abs(ux) - abs(uy)) < 1e-6:
            edge -= s * 0.08  # the rounded corner
        # on hexes a slimmer, longer arrow: it leaves a side of the square at a
        # slant, where a squat triangle would seem to point along that side
        inside, half = (0.02, 0.11) if self.facings == 8 else (0.1, 0.075)
        tip = QPointF(ux * (edge + s * ARROW_OUTSIDE), uy * (edge + s * ARROW_OUTSIDE))
        back = QPointF(ux * (edge - s * inside), uy * (edge - s * inside))
        px, py = -uy * s * half, ux * s * half
        arrow = QPolygonF([tip, back + QPointF(px, py), back - QPointF(px, py)])
        painter.setPen(QPen(QColor("#111111"), 1.5))
        painter.setBrush(QColor("#ffd84a"))
        painter.drawPolygon(arrow)

    def _draw_badge(self, painter: QPainter, centre: QPointF, text: str, colour: QColor) -> None:
        r = self._size * 0.12
        painter.setPen(QPen(QColor("white"), 1.5))
        painter.setBrush(colour)
        painter.drawEllipse(centre, r, r)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(r * 1.1)))
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
                         Qt.AlignmentFlag.AlignCenter, text)

    def _draw_markers(self, painter: QPainter, s: float) -> None:
        markers = sorted(self.piece.markers.items())
        for i, (name, count) in enumerate(markers[:4]):
            centre = QPointF(-s * 0.33 + i * s * 0.22, s * 0.33)
            text = f"{name[:1].upper()}{count if count != 1 else ''}"
            self._draw_badge(painter, centre, text, QColor("#b3261e"))
