"""Phantom Fury counters painted from piece data.

USMC and IIF squads show their name and CF (the lighter back after a Step
Loss), a star per 'Hero', a FIRED or PINNED band; CAAT supports their Ammo
left (dots) and Explosives (a charge); the M1A1 its CF 8; 'Insurgents' units
G or M and their CF; 'Suspect' markers a question mark.  A ring shows what the
UI highlights (the selected unit, a target).  Pixmaps are cached per zoom step
by the shell's :class:`~ffl.ui.counters.CounterItem`.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from ffl.engine import Piece, PieceType
from ffl.ui.counters import CounterItem
from ffl.ui.style import UNIT

SIZE = 0.56
#: the type size of a squad's CF, a fraction of the counter's side
CF_TEXT = 0.44
NORMAL, SELECTED, TARGET, ACTIVE = "", "selected", "target", "active"
RING = {SELECTED: QColor("#ff8c1a"), TARGET: QColor("#f5d33b"), ACTIVE: QColor("#7fd1ff")}
COLOURS = {"squad": "#2f5ea8", "iif": "#2e7d4f", "caat": "#3f7f86", "abrams": "#5d6b2f",
           "security": "#6e7480", "suspect": "#e3b23c"}


class PhantomFuryCounterItem(CounterItem):
    """A counter of Phantom Fury (see the module docstring)."""

    def __init__(self, piece: Piece, ptype: PieceType | None, style) -> None:
        self.highlight = NORMAL
        super().__init__(piece, ptype, style)
        self._size = SIZE * UNIT

    def update_piece(self, piece: Piece, ptype: PieceType | None) -> None:
        d = piece.data
        key = (piece.type, piece.status, bool(d.get("reduced")), d.get("fp"), d.get("hero"),
               d.get("ammo"), bool(d.get("explosives")), d.get("face"), bool(d.get("se")),
               self.highlight)
        if getattr(self, "_pf_key", None) != key:
            self._pf_key = key
            self.piece = piece.copy()
            self.ptype = ptype
            self._pixmaps.clear()
            self.setToolTip(self._pf_tooltip())
            self.update()
        else:
            self.piece = piece.copy()

    def set_highlight(self, highlight: str) -> None:
        if highlight != self.highlight:
            self.highlight = highlight
            self.update_piece(self.piece, self.ptype)

    @property
    def kind(self) -> str:
        return self.ptype.kind if self.ptype else ""

    def _pf_tooltip(self) -> str:
        p, t = self.piece, self.ptype
        if t is None:
            return p.id
        k, d = t.kind, p.data
        if k in ("squad", "iif"):
            cf = t.get("reduced_cf") if d.get("reduced") else t.get("cf")
            bits = [f"<b>{t.name}</b>", f"CF {cf}" + (" (reduced)" if d.get("reduced") else "")]
            if d.get("hero"):
                bits.append("Hero: " + ("Medal of Honor +2" if d["hero"] == 2 else
                                        "Silver Star +1"))
            if d.get("se"):
                bits.append("Security Element detached: CF -1")
            if d.get("fp"):
                bits.append(d["fp"].upper())
            if d.get("caat"):
                bits.append(f"with {d['caat']}")
            return "<br>".join(bits)
        if k == "caat":
            return (f"<b>{t.name}</b><br>Ammo: {d.get('ammo', 0)} left<br>Explosives: "
                    f"{'yes' if d.get('explosives') else 'used'}")
        if k == "insurgents":
            face = d.get("face", "guerillas")
            return f"<b>{face.capitalize()}</b> CF {t.get(face)} ({p.id})"
        if k == "suspect":
            order = " ".join(t.get("priority", ()))
            return f"<b>'Suspect' marker</b><br>placement order: {order}"
        if k == "abrams":
            return f"<b>{t.name}</b><br>CF 8; MC rolled when it moves"
        return f"<b>{t.name}</b>"

    # -- painting ---------------------------------------------------------------------

    def draw(self, painter: QPainter) -> None:
        s = self._size
        body = QRectF(-s / 2, -s / 2, s, s)
        t, p = self.ptype, self.piece
        kind = t.kind if t else ""
        d = p.data
        if kind == "insurgents":
            martyrs = d.get("face") == "martyrs"
            fill = QColor("#1f1f1f") if martyrs else QColor("#b0392d")
        else:
            fill = QColor(COLOURS.get(kind, "#888888"))
            if d.get("reduced"):
                fill = fill.lighter(155)
        if self.highlight in RING:
            painter.setPen(QPen(RING[self.highlight], s * 0.14))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-s * 0.06, -s * 0.06, s * 0.06, s * 0.06),
                                    s * 0.14, s * 0.14)
        painter.setPen(QPen(fill.darker(170), 1.5))
        painter.setBrush(fill)
        painter.drawRoundedRect(body, s * 0.1, s * 0.1)
        white = QColor("#ffffff")
        if kind in ("squad", "iif"):
            cf = t.get("reduced_cf") if d.get("reduced") else t.get("cf")
            text = QColor("#10203a") if d.get("reduced") else white
            if d.get("fp"):         # along the foot, the name and CF clear above it
                self._band(painter, s, "FIRED" if d["fp"] == "fired" else "PINNED",
                           QColor("#d08a1e") if d["fp"] == "fired" else QColor("#b3261e"))
            self._text(painter, QRectF(body.left(), body.top() + s * 0.04, s, s * 0.24),
                       p.type.replace("IIF-", "IIF "), text, 0.19, bold=False)
            self._text(painter, QRectF(body.left(), body.top() + s * 0.26, s, s * 0.48),
                       str(cf), text, CF_TEXT)
            for i in range(int(d.get("hero", 0) or 0)):
                self._star(painter, QPointF(-s * 0.32 + i * s * 0.2, s * 0.34), s * 0.1)
            if d.get("se"):
                self._text(painter, QRectF(body.left() + s * 0.55, body.top() + s * 0.74,
                                           s * 0.45, s * 0.24), "-1", QColor("#ffd24a"), 0.2)
        elif kind == "caat":
            self._text(painter, QRectF(body.left(), body.top() + s * 0.05, s, s * 0.3),
                       "CAAT", white, 0.24)
            ammo = int(d.get("ammo", 0) or 0)
            for i in range(4):
                c = QPointF(-s * 0.3 + i * s * 0.2, s * 0.05)
                painter.setPen(QPen(white, 1.2))
                painter.setBrush(white if i < ammo else Qt.BrushStyle.NoBrush)
                painter.drawEllipse(c, s * 0.07, s * 0.07)
            if d.get("explosives"):
                self._text(painter, QRectF(body.left(), body.top() + s * 0.62, s, s * 0.34),
                           "EXPL", QColor("#ffd24a"), 0.2)
        elif kind == "abrams":
            painter.setPen(QPen(white, 1.5))
            painter.setBrush(fill.lighter(130))
            painter.drawRect(QRectF(-s * 0.32, -s * 0.08, s * 0.64, s * 0.24))
            painter.drawEllipse(QPointF(0, -s * 0.08), s * 0.12, s * 0.1)
            painter.drawLine(QPointF(0, -s * 0.1), QPointF(s * 0.38, -s * 0.22))
            self._text(painter, QRectF(body.left(), body.top() + s * 0.66, s, s * 0.3),
                       "M1A1 8", white, 0.19)
        elif kind == "insurgents":
            martyrs = d.get("face") == "martyrs"
            face = d.get("face", "guerillas")
            letter_colour = QColor("#ff5a4a") if martyrs else white
            self._text(painter, QRectF(body.left(), body.top() + s * 0.04, s, s * 0.34),
                       "M" if martyrs else "G", letter_colour, 0.3)
            self._text(painter, QRectF(body.left(), body.top() + s * 0.36, s, s * 0.56),
                       str(t.get(face) if t else "?"), white, 0.46)
        elif kind == "suspect":
            self._text(painter, body, "?", QColor("#3a2a06"), 0.62)
        elif kind == "security":
            self._text(painter, QRectF(body.left(), body.top() + s * 0.1, s, s * 0.44),
                       "SE", white, 0.34)
            self._text(painter, QRectF(body.left(), body.top() + s * 0.55, s, s * 0.36),
                       p.type[3:], white, 0.18, bold=False)
        else:
            self._text(painter, body, (t.name if t else p.id)[:6], white, 0.2)

    def _text(self, painter: QPainter, rect: QRectF, text: str, colour: QColor, size: float,
              bold: bool = True) -> None:
        font = QFont()
        font.setBold(bold)
        font.setPixelSize(max(1, int(self._size * size)))
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _star(self, painter: QPainter, c: QPointF, r: float) -> None:
        import math
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append(QPointF(c.x() + rr * math.cos(a), c.y() + rr * math.sin(a)))
        painter.setPen(QPen(QColor("#7a5b00"), 0.8))
        painter.setBrush(QColor("#ffd54a"))
        painter.drawPolygon(QPolygonF(pts))

    def _band(self, painter: QPainter, s: float, text: str, colour: QColor) -> None:
        """FIRED / PINNED: a strip along the counter's foot, under its CF."""
        painter.save()
        body = QPainterPath()
        body.addRoundedRect(QRectF(-s / 2, -s / 2, s, s), s * 0.1, s * 0.1)
        painter.setClipPath(body)
        band = QRectF(-s / 2, s * 0.25, s, s * 0.25)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRect(band)
        self._text(painter, band, text, QColor("#ffffff"), 0.17)
        painter.restore()


#: how low a counter lies in its Location's stack, by kind: a detached Security
#: Element and a CAAT support under the unit whose CF the player reads
STACK_RANK = {"security": 0, "caat": 1}


def order_stacks(scene, state, kind_of) -> None:
    """Lay each stack on the map out again (the shell's spacing) with the markers
    underneath: a squad that detached its Security Element in its Location stands
    on top of the 'SE' marker, its name and CF readable (the shell orders by id,
    which put 'SE-…' over it).  Boxes beside the map are laid out elsewhere."""
    from ffl.ui.board_scene import STACK_OFFSET

    board = scene.board
    stacks: dict[str, list] = {}
    for piece in state.active():
        if piece.space in board and not board[piece.space].get("holding"):
            stacks.setdefault(piece.space, []).append(piece)
    for key, pieces in stacks.items():
        if len(pieces) < 2 or not any(kind_of(p.id) in STACK_RANK for p in pieces):
            continue
        pieces.sort(key=lambda p: (p.level, STACK_RANK.get(kind_of(p.id), 2), p.id))
        centre, n = scene.space_centre(key), len(pieces)
        for i, piece in enumerate(pieces):
            item = scene.counter(piece.id)
            if item is None:
                continue
            shift = (i - (n - 1) / 2) * STACK_OFFSET * UNIT
            item.setPos(centre + QPointF(shift, -shift))
            item.setZValue(10 + i)
