"""FFL counters painted from piece data: side colour, name, weapon letter,
Fire-Melee numbers, organization code, facing arrow and markers (stuns,
moved/inverted, ropes carried).  Pixmaps are cached per zoom step by the
shell's :class:`~ffl.ui.counters.CounterItem`; the cache key here also covers
the markers and highlight state, so a counter repaints only when they change.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from ffl.engine import Piece, PieceType
from ffl.engine.pieces import FACING_VECTORS, FACINGS
from ffl.ui.counters import ARROW_OUTSIDE, CounterItem

#: highlight states a counter can show
NORMAL, ACTIVE, SELECTED, TARGET = "", "active", "selected", "target"
RING = {ACTIVE: QColor("#f7d23e"), SELECTED: QColor("#ff7a1a"), TARGET: QColor("#e0311f")}
STUN_RED = QColor("#b3261e")
ROPE_BROWN = QColor("#8a6a3a")


#: the optional rules' marks drawn along the counter's lower edge: text -> colour
MARKS = {"EX": QColor("#c77d12"),      # 11.1 exposed
         "FC": QColor("#2f6f3a"),      # 11.3 full cover
         "W1": QColor("#8b1a1a"),      # 18.12 wound -1,-1
         "W0": QColor("#5e0d0d"),      # 18.13 wound -1,0
         "MT": QColor("#6b4f2a"),      # 12 mounted
         "LC": QColor("#5a2a7a"),      # 17.3 Le Cafard
         "DY": QColor("#b01f1f"),      # 15.1 dynamite
         "CR": QColor("#2a4a7a"),      # 14.2 crew
         "MU": QColor("#a0521d")}      # 19.12, 23.12 marked a mutineer


#: a counter drawn smaller than this on screen (pixels) uses the compact layout:
#: the name across the whole counter in larger type, fewer small figures
COMPACT_PX = 90
#: the number needed to hit (7.6): a disc over the top left corner, radius in counter edges
NOTE_RADIUS = 0.3


def fitted_font(text: str, width: float, height: float, bold: bool = True,
                condense: bool = False) -> QFont:
    """The largest font (pixel size about 80% of ``height``) in which ``text``
    fits ``width``; with ``condense`` a narrower face is tried before shrinking."""
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(max(1, int(height * 0.8)))
    advance = QFontMetricsF(font).horizontalAdvance(text)
    if advance > width and condense:
        font.setStretch(QFont.Stretch.Condensed)
        advance = QFontMetricsF(font).horizontalAdvance(text)
    if advance > width:
        font.setPixelSize(max(1, int(font.pixelSize() * width / advance)))
    return font


def name_rect(size: float, compact: bool) -> QRectF:
    """The white band holding a unit's name on a counter of edge ``size``."""
    s = size
    if compact:
        return QRectF(-s * 0.49, -s * 0.24, s * 0.98, s * 0.44)
    return QRectF(-s * 0.45, -s * 0.18, s * 0.9, s * 0.32)


def name_font(name: str, size: float, compact: bool) -> QFont:
    """The font a unit's name is printed in on a counter of edge ``size``."""
    band = name_rect(size, compact)
    return fitted_font(name, band.width() * 0.97, band.height(), condense=compact)


def _data_key(piece: Piece) -> tuple:
    d = piece.data
    return (bool(d.get("moved")), len(d.get("ropes") or ()), int(d.get("fired", 0) or 0),
            bool(d.get("grappled")), bool(d.get("used")), d.get("status"),
            d.get("attitude"), d.get("wound"), d.get("cafard"),
            d.get("fired_turn"), bool(d.get("lit")))       # 14.7 inverted, 15.1 lit


def piece_marks(piece: Piece) -> list[str]:
    """The marks a unit's own data asks for (11 attitude, 18 wound, 17.3 madness)."""
    d = piece.data
    out = []
    if d.get("attitude"):
        out.append("EX" if d["attitude"] == "exposed" else "FC")
    if d.get("wound"):
        out.append("W1" if d["wound"] == "-1,-1" else "W0")
    if d.get("cafard"):
        out.append("LC")
    return out


class FFLCounterItem(CounterItem):
    """A counter of French Foreign Legion (characters, ropes and gate units)."""

    def __init__(self, piece: Piece, ptype: PieceType | None, style) -> None:
        self.highlight = NORMAL
        self.note = ""          # a short text drawn under the counter (target number...)
        self.marks: tuple[str, ...] = ()   # marks the game UI asks for (12 mounted...)
        super().__init__(piece, ptype, style)

    # -- data -------------------------------------------------------------------------

    def update_piece(self, piece: Piece, ptype: PieceType | None) -> None:
        key = (piece.type, piece.side, piece.facing, piece.level,
               tuple(sorted(piece.markers.items())), _data_key(piece), self.highlight,
               self.note, self.marks)
        if getattr(self, "_ffl_key", None) != key:
            self._ffl_key = key
            self.piece = piece.copy()
            self.ptype = ptype
            self._pixmaps.clear()
            self.setToolTip(self._ffl_tooltip())
            self.update()
        else:
            self.piece = piece.copy()

    def image_key(self) -> tuple | None:
        """The shell's key with what this class draws besides (highlight, note, marks)."""
        return (*super().image_key(), self.highlight, self.note, self.marks)

    def set_marks(self, marks) -> None:
        """Extra marks from the game UI (12 mounted, 15.1 a known dynamite carrier)."""
        marks = tuple(marks)
        if marks != self.marks:
            self.marks = marks
            self.update_piece(self.piece, self.ptype)

    def set_highlight(self, highlight: str, note: str = "") -> None:
        if (highlight, note) != (self.highlight, self.note):
            self.highlight, self.note = highlight, note
            self.update_piece(self.piece, self.ptype)

    @property
    def kind(self) -> str:
        return self.ptype.kind if self.ptype else ""

    def _ffl_tooltip(self) -> str:
        p, t = self.piece, self.ptype
        if t is not None and t.kind == "weapon":
            crew = t.get("crew")
            fired = " · fired this turn (inverted, 14.7)" if p.data.get("fired_turn") else ""
            return (f"<b>{t.name}</b> — full crew {crew} (14.2){fired}<br>{p.space} level "
                    f"{p.level}, facing {FACINGS[p.facing % 8] if p.facing is not None else '—'}")
        if t is None or t.kind != "character":
            return f"<b>{t.name if t else p.type}</b> ({p.id}) at {p.space}"
        side = "Mutineer" if t.get("mutineer") else p.side.capitalize()   # 19.12, 23.12
        lines = [f"<b>{t.name}</b> — {side}, {t.org}",
                 f"Weapon {t.get('weapon')} · Fire {t.get('fire')} · Melee {t.get('melee')}"
                 + (" · leader" if t.get("leader") else ""),
                 f"{p.space} level {p.level}, facing "
                 f"{FACINGS[p.facing % 8] if p.facing is not None else '—'}"]
        if p.markers.get("stun"):
            lines.append(f"stunned ({p.markers['stun']})")
        if p.data.get("moved"):
            lines.append("has moved this turn (inverted)")
        if p.data.get("ropes"):
            lines.append(f"carries {len(p.data['ropes'])} rope(s)")
        att = {"exposed": "exposed (11.1)", "full-cover": "in full cover (11.3)"}
        if p.data.get("attitude") in att:
            lines.append(att[p.data["attitude"]])
        if p.data.get("wound"):
            lines.append(f"wounded {p.data['wound']} (18.2)")
        if "MT" in self.marks:
            lines.append("mounted (12)")
        if "MU" in self.marks:
            lines.append("marked a mutineer (19.12, 23.12)")
        return "<br>".join(lines)

    # -- painting ----------------------------------------------------------------------

    def draw(self, painter: QPainter) -> None:
        if self.kind == "rope":
            self._draw_rope(painter)
        elif self.kind == "gate":
            self._draw_gate(painter)
        elif self.kind in ("weapon", "dynamite"):
            self._draw_equipment(painter)
        else:
            self._draw_character(painter)

    def _draw_equipment(self, painter: QPainter) -> None:
        """14 a Weapon unit (its printed values, its facing) or 15.1 Dynamite."""
        s = self._size * 0.8
        body = QRectF(-s / 2, -s / 2, s, s)
        t = self.ptype
        dyn = self.kind == "dynamite"
        fill = QColor("#b01f1f") if dyn else QColor("#34495e")
        if self.highlight:
            painter.setPen(QPen(RING[self.highlight], s * 0.1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-s * 0.06, -s * 0.06, s * 0.06, s * 0.06),
                                    s * 0.12, s * 0.12)
        painter.setPen(QPen(fill.darker(160), s * 0.04))
        painter.setBrush(fill.darker(130) if self.piece.data.get("fired_turn") else fill)
        painter.drawRoundedRect(body, s * 0.1, s * 0.1)
        if dyn:
            label, values = "DYNAMITE", ("LIT" if self.piece.data.get("lit") else "")
        elif self.piece.type == "machinegun":
            label, values = "MG", "5x4"
        else:
            label, values = "CANNON", "C3 S4"
        self._text(painter, QRectF(body.left(), body.top() + s * 0.1, s, s * 0.35), label,
                   QColor("white"), bold=True)
        self._text(painter, QRectF(body.left(), body.top() + s * 0.52, s, s * 0.3), values,
                   QColor("white"), bold=True)
        if self.piece.facing is not None and not dyn:
            self._draw_facing(painter, self._size)
        if self.piece.level:
            self._draw_badge(painter, QPointF(s * 0.45, s * 0.45), f"L{self.piece.level}",
                             QColor("#1f1f1f"))
        del t

    def name_rect(self, compact: bool) -> QRectF:
        return name_rect(self._size, compact)

    def name_font(self, compact: bool) -> QFont:
        """The font the unit's name is printed in (pixel size in item units)."""
        return name_font(self.style.piece_lines(self.piece, self.ptype)[0], self._size, compact)

    def name_font_px(self, zoom: float) -> float:
        """The name's type size on screen, in pixels, at view zoom ``zoom``
        (the item's own scale included): what the player reads."""
        screen = self._size * zoom * self.scale()
        return self.name_font(screen < COMPACT_PX).pixelSize() * zoom * self.scale()

    def _draw_character(self, painter: QPainter) -> None:
        s = self._size
        t = self.ptype
        compact = s * painter.worldTransform().m11() < COMPACT_PX
        body = QRectF(-s / 2, -s / 2, s, s)
        base = self.style.side_colour(self.piece.side)
        moved = bool(self.piece.data.get("moved"))
        if self.highlight:
            painter.setPen(QPen(RING[self.highlight], s * 0.1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-s * 0.05, -s * 0.05, s * 0.05, s * 0.05),
                                    s * 0.12, s * 0.12)
        painter.setPen(QPen(base.darker(180), s * 0.03))
        painter.setBrush(base.darker(135) if moved else base)
        painter.drawRoundedRect(body, s * 0.08, s * 0.08)
        ink = QColor("white") if self.piece.side == "legion" else QColor("#2a1d0e")
        code = str(t.get("code", "")) if t else ""
        weapon = str(t.get("weapon", "")) if t else ""
        numbers = f"{t.get('fire', '')}-{t.get('melee', '')}" if t else ""
        top = 0.24 if compact else 0.27
        self._text(painter, QRectF(body.left() + s * 0.07, body.top() + s * 0.03, s * 0.4,
                                   s * top), code, ink, bold=True,
                   align=Qt.AlignmentFlag.AlignLeft)
        self._text(painter, QRectF(body.right() - s * 0.47, body.top() + s * 0.03, s * 0.4,
                                   s * top), weapon, ink, bold=True,
                   align=Qt.AlignmentFlag.AlignRight)
        band = self.name_rect(compact)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 170 if moved else 235))
        painter.drawRoundedRect(band, s * 0.04, s * 0.04)
        name = self.style.piece_lines(self.piece, t)[0]
        painter.setFont(self.name_font(compact))
        painter.setPen(QColor("#161616"))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, name)
        low = 0.28 if compact else 0.32
        self._text(painter, QRectF(body.left(), body.bottom() - s * low, s, s * (low - 0.02)),
                   numbers, ink, bold=True)
        if self.piece.facing is not None:
            self._draw_facing(painter, s)
        if self.piece.level:
            self._draw_badge(painter, QPointF(s * 0.36, s * 0.36), f"L{self.piece.level}",
                             QColor("#1f1f1f"))
        stun = int(self.piece.markers.get("stun", 0))
        if stun:
            self._draw_badge(painter, QPointF(-s * 0.36, -s * 0.36), f"S{stun}", STUN_RED)
        ropes = len(self.piece.data.get("ropes") or ())
        if ropes:
            self._draw_badge(painter, QPointF(-s * 0.36, s * 0.36), f"R{ropes}", ROPE_BROWN)
        if moved:
            self._draw_badge(painter, QPointF(s * 0.36, -s * 0.36), "M", QColor("#555555"))
        marks = piece_marks(self.piece) + [m for m in self.marks if m in MARKS]
        spots = ((-0.46, 0.02), (0.46, 0.02), (-0.46, -0.24), (0.46, -0.24))
        for (x, y), mark in zip(spots, marks, strict=False):   # on the side edges
            self._draw_badge(painter, QPointF(x * s, y * s), mark, MARKS[mark])
        if self.note:   # the number needed to hit: a large disc over the top left corner
            c, r = QPointF(-s * 0.36, -s * 0.36), s * NOTE_RADIUS
            painter.setPen(QPen(QColor("white"), s * 0.04))
            painter.setBrush(QColor(200, 30, 20, 245))
            painter.drawEllipse(c, r, r)
            self._text(painter, QRectF(c.x() - r, c.y() - r * 0.95, 2 * r, 2 * r), self.note,
                       QColor("white"), bold=True)

    def _draw_facing(self, painter: QPainter, s: float) -> None:
        """The facing triangle, broader than the shell's on a small counter so
        it reads at the default view (it stays inside the item's bounds)."""
        if s * painter.worldTransform().m11() >= COMPACT_PX or self.facings != 8:
            super()._draw_facing(painter, s)
            return
        dx, dy = FACING_VECTORS[self.piece.facing % 8]
        norm = math.hypot(dx, dy)
        ux, uy = dx / norm, dy / norm
        edge = 0.5 * s / max(abs(ux), abs(uy))
        if dx and dy:
            edge -= s * 0.08   # the rounded corner
        tip = QPointF(ux * (edge + s * ARROW_OUTSIDE), uy * (edge + s * ARROW_OUTSIDE))
        back = QPointF(ux * (edge - s * 0.08), uy * (edge - s * 0.08))
        px, py = -uy * s * 0.17, ux * s * 0.17
        painter.setPen(QPen(QColor("#111111"), s * 0.025))
        painter.setBrush(QColor("#ffd84a"))
        painter.drawPolygon(QPolygonF([tip, back + QPointF(px, py), back - QPointF(px, py)]))

    def _draw_badge(self, painter: QPainter, centre: QPointF, text: str, colour: QColor) -> None:
        """A marker disc (stun, ropes, moved, level, optional marks): larger than
        the shell's on a small counter, so it reads at the default view."""
        if self._size * painter.worldTransform().m11() >= COMPACT_PX:
            super()._draw_badge(painter, centre, text, colour)
            return
        r = self._size * 0.16
        painter.setPen(QPen(QColor("white"), self._size * 0.02))
        painter.setBrush(colour)
        painter.drawEllipse(centre, r, r)
        painter.setFont(fitted_font(text, r * 1.8, r * 1.4))
        painter.setPen(QColor("white"))
        painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
                         Qt.AlignmentFlag.AlignCenter, text)

    def _draw_rope(self, painter: QPainter) -> None:
        s = self._size * 0.55
        pen = QPen(ROPE_BROWN, s * 0.1)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for r in (0.18, 0.3, 0.42):
            painter.drawEllipse(QPointF(0, 0), s * r, s * r * 0.8)
        if self.piece.data.get("used"):
            self._text(painter, QRectF(-s / 2, -s / 2, s, s), "×", STUN_RED, bold=True)

    def _draw_gate(self, painter: QPainter) -> None:
        s = self._size
        rect = QRectF(-s * 0.42, s * 0.12, s * 0.84, s * 0.3)
        painter.setPen(QPen(QColor("#3b1d10"), s * 0.03))
        painter.setBrush(QColor("#8c4a2a"))
        painter.drawRoundedRect(rect, s * 0.05, s * 0.05)
        closed = self.piece.data.get("status", "closed")
        self._text(painter, rect, f"GATE {closed}", QColor("white"), bold=True)

    def _text(self, painter: QPainter, rect: QRectF, text: str, colour: QColor,
              bold: bool = False, align=Qt.AlignmentFlag.AlignHCenter) -> None:
        if not text:
            return
        painter.setFont(fitted_font(text, rect.width() * 0.96, rect.height(), bold))
        painter.setPen(colour)
        painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, text)
