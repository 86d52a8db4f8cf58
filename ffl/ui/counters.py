"""CounterItem: one piece on the map, painted from its data.

A counter is drawn once per zoom step into a pixmap at the screen's device
pixel ratio and then blitted; it is re-rendered only when the piece changes or
the zoom moves to another step, never on every paint.

The facing arrow points at one of :attr:`CounterItem.facings` directions,
clockwise from north: 8 on squares (the compass points), 6 on a hex board (one
per side of a flat-topped hex, 60 degrees apart); the scene sets it from
``Board.facings``.  A counter is never larger than a space of its board: its
edge is the smaller of the usual size (a little smaller on hexes) and the
largest square that fits, centred, in the board's smallest space
(:func:`largest_counter`), so counters shrink on a board of small free
polygons.  A piece whose ``data["flipped"]`` is set shows its back: the
type's ``back`` value as its name on a lighter counter, or, for a type with no
printed back, a lighter hatched counter marked "flipped".

What the generic counter prints is the module's **counter layout** for the
piece's kind (``module.attrs["counters"][kind]``, :class:`CounterLayout`,
edited in the editor's Pieces dock): the name line (the type's name, one of
its values, or none), which values print and in what order (``4-3-5``) and
which values sit in corner badges.  A kind without a layout prints the
style's lines (the name, then the whole numbers in the order entered, or the
type's own ``counter_values``).  The counter reads the layout from its scene's
module; the printed sheets draw the same item with :func:`paint_counter`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ffl.engine import Board, Piece, PieceType
from ffl.engine.pieces import FACING_VECTORS, FACINGS, HEX_FACINGS

from .counter_layout import (
    CORNERS,
    LEVEL_CORNERS,
    CounterLayout,
    counter_layouts,
    largest_counter,
    value_text,
)
from .style import UNIT, BoardStyle

__all__ = ["CORNERS", "CounterItem", "CounterLayout", "counter_layouts", "facing_name",
           "is_flipped", "largest_counter", "paint_counter", "value_text", "zoom_bucket"]

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


#: each style's key by id while :func:`style_keys_kept` runs (None: not running)
_STYLE_KEYS: dict[int, tuple[object, tuple]] | None = None


@contextmanager
def style_keys_kept() -> Iterator[None]:
    """Inside the block :func:`style_key` works out each style's key once (issue
    12: a scene making its counters compares every new counter's image key with
    the old one's, and nothing changes a style meanwhile)."""
    global _STYLE_KEYS
    outer = _STYLE_KEYS
    if outer is None:
        _STYLE_KEYS = {}
    try:
        yield
    finally:
        _STYLE_KEYS = outer


def style_key(style: object) -> tuple:
    """What a style draws counters from, as plain values (its class and its own
    colours and sides): two styles with equal keys draw a piece alike."""
    kept = _STYLE_KEYS
    if kept is not None:
        found = kept.get(id(style))
        if found is not None and found[0] is style:
            return found[1]
        key = kept[id(style)] = (style, _style_key(style))
        return key[1]
    return _style_key(style)


def _style_key(style: object) -> tuple:
    def plain(value):
        if isinstance(value, QColor):
            return value.name(QColor.NameFormat.HexArgb)
        if isinstance(value, Mapping):
            return tuple(sorted((str(k), plain(v)) for k, v in value.items()))
        if isinstance(value, list | tuple):
            return tuple(plain(v) for v in value)
        return repr(value)
    return (type(style), plain(vars(style)))


class CounterItem(QGraphicsItem):
    """A piece's counter: side colour, name, facing arrow, level and markers."""

    #: how many facings a counter has on its board (the scene sets it, see set_facings)
    facings = 8

    def __init__(self, piece: Piece, ptype: PieceType | None, style: BoardStyle) -> None:
        super().__init__()
        self.piece_id = piece.id
        self.style = style
        self._size = COUNTER_SIZE * UNIT
        #: the edge without a board's limit, and the last edge this class set (a
        #: subclass that sets ``_size`` itself chooses its own usual size)
        self._usual = self._applied = self._size
        #: the largest edge the board allows (board units; None: no board yet)
        self._fit: float | None = None
        #: counter layouts by piece kind given to this item (None: its scene's module's)
        self.layouts: Mapping[str, CounterLayout] | None = None
        self.layout: CounterLayout | None = None
        self._pixmaps: dict[int, QPixmap] = {}
        self.renders = 0  # how many times a pixmap was drawn (for tests and profiling)
        # the view keeps the counter as drawn on screen (issue 12): a repaint blits
        # it without calling this Python paint; ``update`` (a change) drops it
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10)
        self.setAcceptHoverEvents(True)
        self.update_piece(piece, ptype)

    # -- data -----------------------------------------------------------------------

    def update_piece(self, piece: Piece, ptype: PieceType | None) -> None:
        """Take the piece's current data; drops the cached pixmaps if it changed."""
        layout = self.layout_for(ptype)
        key = (piece.type, piece.side, piece.facing, piece.level,
               tuple(sorted(piece.markers.items())), ptype.name if ptype else "",
               str(piece.data.get("label", "")), is_flipped(piece), layout,
               tuple(ptype.values.items()) if ptype and layout else ())
        if getattr(self, "_key", None) != key:
            self._key = key
            self.piece = piece.copy()
            self.ptype = ptype
            self.layout = layout
            self._pixmaps.clear()
            self.setToolTip(self._tooltip())
            self.update()
        else:
            self.piece = piece.copy()

    def image_key(self) -> tuple | None:
        """Everything the counter's pictures are drawn from (None: a class whose
        own drawing does not say what it reads; its pictures are never handed
        on).  A new item whose key equals another's draws the same pictures."""
        cls = type(self)
        if cls.draw is not CounterItem.draw and cls.image_key is CounterItem.image_key:
            return None
        p = self.piece
        return (cls, style_key(self.style), self._size, self.facings, p.type, p.side,
                p.facing, p.level, tuple(sorted(p.markers.items())),
                repr(sorted(p.data.items())), id(self.ptype), self.layout)

    def take_images(self, other: CounterItem) -> bool:
        """Take the pictures ``other`` (alive: the same piece on the scene this
        one replaces) has drawn, if it draws exactly as this item does now: a
        reopened game does not draw its counters again (issue 12).  True if
        any were taken."""
        key = self.image_key()
        if key is None or other.image_key() != key:
            return False
        self._pixmaps = dict(other._pixmaps)    # QPixmaps are shared values
        return bool(self._pixmaps)

    def layout_for(self, ptype: PieceType | None) -> CounterLayout | None:
        """The counter layout of the piece's kind: given to the item, else the
        one in its scene's module (None: the style's lines)."""
        layouts = self.layouts
        if layouts is None:
            scene = self.scene()
            module = getattr(scene, "module", None) if scene is not None else None
            layouts = counter_layouts(getattr(module, "attrs", None))
        return layouts.get(ptype.kind) if ptype is not None else None

    def set_layouts(self, layouts: Mapping[str, CounterLayout] | None) -> None:
        """Draw with these layouts by piece kind (None: the scene module's)."""
        self.layouts = layouts
        self._key = None
        self.update_piece(self.piece, self.ptype)

    def set_facings(self, facings: int) -> None:
        """Draw the facing arrow in ``facings`` directions (6 on hexes, 8 on squares)."""
        if facings == self.facings:
            return
        self.facings = facings
        self._usual = (HEX_COUNTER_SIZE if facings == 6 else COUNTER_SIZE) * UNIT
        self._applied = self._size
        self._resize()
        self._key = None
        self.update_piece(self.piece, self.ptype)
        self.update()

    def _resize(self) -> None:
        """The counter's edge: the usual size, no larger than the board allows."""
        if self._size != self._applied:         # set by a subclass: its own usual size
            self._usual = self._size
        size = min(self._usual, self._fit * UNIT) if self._fit is not None else self._usual
        if size != self._size:
            self.prepareGeometryChange()
            self._size = size
            self._pixmaps.clear()
            self.update()
        self._applied = size

    def set_board(self, board: Board | None) -> None:
        """Draw as on ``board``: its facings, no larger than its smallest space
        (a scene showing a board does this when the counter is added to it)."""
        if board is not None:
            self.set_facings(board.facings)
        self._fit = largest_counter(board) if isinstance(board, Board) else None
        self._resize()
        self._key = None
        self.update_piece(self.piece, self.ptype)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value):  # noqa: N802
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            board = getattr(self.scene(), "board", None)
            self._fit = largest_counter(board) if isinstance(board, Board) else None
            self._resize()
            self._key = None
            self.update_piece(self.piece, self.ptype)
        return super().itemChange(change, value)

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
            # the same piece's counter on the scene this one replaced may have drawn
            # exactly this (a reopened game's lit units, issue 12)
            late = getattr(self.scene(), "late_donor", None)
            donor = late(self.piece_id) if late is not None else None
            if donor is not None and self.take_images(donor):
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
        painter.setPen(QPen(base.darker(170), 2.0 * s / (COUNTER_SIZE * UNIT)))
        painter.setBrush(base.lighter(150) if flipped else base)
        painter.drawRoundedRect(body, s * 0.08, s * 0.08)
        if flipped and not self._back_text():
            # no printed back: hatch the whole counter so it cannot be mistaken
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(base.darker(130), Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(body, s * 0.08, s * 0.08)
        lines = self._lines()
        if lines:           # a lighter band for the text
            band = QRectF(body.left() + s * 0.06, body.top() + s * 0.28, s * 0.88, s * 0.44)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 215))
            painter.drawRoundedRect(band, s * 0.04, s * 0.04)
            self._draw_text(painter, band, lines)
        if self.piece.facing is not None:
            self._draw_facing(painter, s)
        taken = set()
        for corner, key in (self.layout.badges if self.layout and self.ptype else ()):
            text = value_text(self.ptype.get(key))
            if text:
                x, y = CORNERS[corner]
                self._draw_value_badge(painter, QPointF(s * x, s * y), text)
                taken.add(corner)
        if self.piece.level:
            corner = next((c for c in LEVEL_CORNERS if c not in taken), LEVEL_CORNERS[0])
            x, y = CORNERS[corner]
            self._draw_badge(painter, QPointF(s * x, s * y), f"L{self.piece.level}",
                             QColor("#1f1f1f"))
            taken.add(corner)
        self._draw_markers(painter, s, taken)

    def _back_text(self) -> str:
        back = self.ptype.get("back") if self.ptype else None
        return str(back) if back not in (None, "") else ""

    def _lines(self) -> list[str]:
        """The text on the counter: the layout's (else the style's) lines, or the
        back when flipped."""
        if self.layout is not None:
            name = self.layout.name_line(self.piece, self.ptype)
            values = self.layout.values_line(self.ptype)
            lines = [t for t in (name, values) if t]
        else:
            name = ""
            lines = self.style.piece_lines(self.piece, self.ptype)[:2]
        if not is_flipped(self.piece):
            return lines
        back = self._back_text()
        if back:
            return [back, *(lines[1:] if self.layout is None or name else lines)]
        return [lines[0] if lines else (self.ptype.name if self.ptype else self.piece.type),
                "flipped"]

    def _draw_text(self, painter: QPainter, band: QRectF, lines: list[str]) -> None:
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

    def _draw_value_badge(self, painter: QPainter, centre: QPointF, text: str) -> None:
        """A printed value in a corner: dark figures in a white ring."""
        r = self._size * 0.13
        painter.setPen(QPen(QColor("#1b1b1b"), max(0.5, r * 0.12)))
        painter.setBrush(QColor("white"))
        painter.drawEllipse(centre, r, r)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(r * (1.15 if len(text) < 3 else 0.8))))
        painter.setFont(font)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
                         Qt.AlignmentFlag.AlignCenter, text)

    def _draw_markers(self, painter: QPainter, s: float, taken: set[str] = frozenset()) -> None:
        """Markers along the bottom edge, leaving out a bottom corner a badge holds."""
        slots = [i for i in range(4)
                 if not (i == 0 and "bottom-left" in taken)
                 and not (i == 3 and "bottom-right" in taken)]
        markers = sorted(self.piece.markers.items())
        for i, (name, count) in zip(slots, markers, strict=False):
            centre = QPointF(-s * 0.33 + i * s * 0.22, s * 0.33)
            text = f"{name[:1].upper()}{count if count != 1 else ''}"
            self._draw_badge(painter, centre, text, QColor("#b3261e"))


def paint_counter(painter: QPainter, rect: QRectF, item: CounterItem) -> None:
    """Draw ``item``'s counter (facing arrow included) centred in ``rect``, as
    large as fits: the printed sheets draw counters exactly as the map does."""
    whole = item.size * (1 + 2 * ARROW_OUTSIDE)
    scale = min(rect.width(), rect.height()) / whole
    painter.save()
    painter.translate(rect.center())
    painter.scale(scale, scale)
    item.draw(painter)
    painter.restore()
