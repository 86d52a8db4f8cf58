"""The Legend Begins counters: nationality colour, the white band of an Active ZOC
(7.1), a NATO unit-type symbol with the unit size above it, the steps in the top
corner, the factors along the bottom (attack-defence-MA, or combat factor with the
Armor Effect Rating raised, 2.1) and markers: Disrupted, Out of Supply, Direct Support,
the artillery's zero-MA side, and how many more pieces a stack or a display holds.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from ffl.engine import Piece, PieceType
from ffl.ui.counters import CounterItem

from .style import NATION_COLOURS, SIDE_COLOURS

SIZE_MARKS = {"bn": "II", "rgt": "III", "bde": "X", "div": "XX", "army": "XXXX"}
#: where a counter's unit symbol and its size mark are drawn: (left, top, width,
#: height) as fractions of the counter's side, from its centre
SYMBOL_BOX = (-0.26, -0.06, 0.52, 0.3)
SIZE_MARK_BOX = (0.2, -0.3, 0.28, 0.16)
#: the type size of the factor line and of the name, fractions of the counter's side
#: (a line too wide for the counter is set smaller, :func:`fitted`)
FACTOR_TEXT = 0.24
NAME_TEXT = 0.21
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def factor_text(ptype: PieceType | None, piece: Piece) -> str:
    """2.1 the bottom line: 6-8-4, or 5²-12 with the Armor Effect Rating."""
    if ptype is None:
        return ""
    v = ptype.values
    kind = ptype.kind
    if kind in ("sp", "truck", "repl", "hq_marker", "army_hq"):
        return {"sp": "Supply", "truck": "0-12", "repl": "0-4", "hq_marker": "HQ",
                "army_hq": "Army HQ"}[kind]
    if kind == "air":                  # 40.1 Air-to-Air Factor(s), range and GSF
        a, d = v.get("a2a") or [0, 0]
        return f"{a if a == d else f'{a}/{d}'}·{v.get('range', 0)}·{v.get('gsf', 0)}"
    levels = v.get("factors") or [[0, 0]]
    steps = int(piece.data.get("steps", v.get("steps", 1)) or 1)
    full = len(levels)
    a, d = levels[full - max(1, min(full, steps))]
    ma = v.get("ma", 0)
    if piece.data.get("deployed") and v.get("deployed"):
        a, d = v["deployed"]
        ma = 0
    aer = v.get("aer")
    mark = ""
    if aer:
        mark = str(aer[full - max(1, min(full, steps))]).translate(SUPERSCRIPT)
    if a == d:
        return f"{a}{mark}-{ma}"
    return f"{a}{mark}-{d}-{ma}"


def fitted(font: QFont, text: str, width: float, px: float) -> QFont:
    """``font`` at ``px`` pixels, or smaller until ``text`` fits ``width``."""
    out = QFont(font)
    size = max(1, int(px))
    out.setPixelSize(size)
    while size > 1 and QFontMetricsF(out).horizontalAdvance(text) > width:
        size -= 1
        out.setPixelSize(size)
    return out


class LegendCounterItem(CounterItem):
    """A counter of The Legend Begins (see the module docstring)."""

    #: what the play window marks on a counter besides the piece's own data (the badge
    #: counting the pieces under it, the 8.4 Isolated mark); kept while a piece's data
    #: given without them (the scene's update from the state) leaves them out
    MARKS = ("badge", "isolated")

    def update_piece(self, piece: Piece, ptype: PieceType | None) -> None:
        d = piece.data
        kept = getattr(self, "_window_marks", None)
        if kept is None:
            kept = self._window_marks = {}
        if any(m in d for m in self.MARKS):
            kept.update((m, d[m]) for m in self.MARKS if m in d)
        missing = [m for m in self.MARKS if m not in d and kept.get(m) is not None]
        if missing:         # the scene's update: the marks stay, the counter unchanged
            piece = piece.copy()
            piece.data = d = {**d, **{m: kept[m] for m in missing}}
        key = (piece.type, piece.side, piece.status, d.get("steps"), d.get("disrupted"),
               d.get("oos"), d.get("support"), d.get("deployed"), d.get("badge"),
               d.get("isolated"), d.get("mission"), d.get("inop"), d.get("building"),
               ptype.name if ptype else "")
        if getattr(self, "_key", None) != key:
            self._key = key
            self.piece = piece.copy()
            self.ptype = ptype
            self._pixmaps.clear()
            self.setToolTip(self._tooltip())
            self.update()
        else:
            self.piece = piece.copy()

    def set_badge(self, text: str) -> None:
        """A small count in the corner: how many more pieces lie under this one."""
        if self.piece.data.get("badge") != (text or None):
            data = dict(self.piece.data)
            data["badge"] = text or None
            piece = self.piece.copy()
            piece.data = data
            self.update_piece(piece, self.ptype)

    def _tooltip(self) -> str:
        p, t = self.piece, self.ptype
        if t is None:
            return p.id
        lines = [f"<b>{t.name}</b>", f"{factor_text(t, p)}  ({p.id})"]
        if t.kind == "combat":
            lines.append(f"steps {p.data.get('steps', t.get('steps'))} of {t.get('steps')}"
                         f" · ZOC {t.get('zoc')}" + (f" · division {t.get('div')}"
                                                     if t.get('div') else ""))
        if d_mission := p.data.get("mission"):
            lines.append(f"flying {d_mission} (40.3), Support from {p.data.get('base')}")
        for name, text in (("disrupted", "Disrupted (13.0)"), ("oos", "Out of Supply (19.5)"),
                           ("building", "Air HQ on its construction side (40.11)"),
                           ("support", "in Direct Support (15.2)"),
                           ("deployed", "on its zero-MA side (16.2)"),
                           ("isolated", "Isolated: no LOC (8.4)")):
            if p.data.get(name):
                lines.append(text)
        return "<br>".join(lines)

    def part_rect(self, box: tuple[float, float, float, float]) -> QRectF:
        """:data:`SYMBOL_BOX` or :data:`SIZE_MARK_BOX` in the counter's coordinates."""
        s = self._size
        return QRectF(box[0] * s, box[1] * s, box[2] * s, box[3] * s)

    def size_mark_ink(self) -> QRectF:
        """Where the size mark's letters are painted (their tight bounds, counter
        coordinates; empty for a counter without one)."""
        text = SIZE_MARKS.get((self.ptype.values if self.ptype else {}).get("size"), "")
        if not text or (self.ptype and self.ptype.kind != "combat"):
            return QRectF()
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(self._size * 0.13)))
        metrics = QFontMetricsF(font)
        box = self.part_rect(SIZE_MARK_BOX)
        ink = metrics.tightBoundingRect(text)
        return ink.translated(box.right() - metrics.horizontalAdvance(text),
                              box.top() + metrics.ascent())

    def draw(self, painter: QPainter) -> None:
        s = self._size
        t = self.ptype
        v = t.values if t else {}
        body = QRectF(-s / 2, -s / 2, s, s)
        colour = QColor(NATION_COLOURS.get(v.get("nat", ""), SIDE_COLOURS.get(
            self.piece.side, QColor("#cccccc"))))
        painter.setPen(QPen(colour.darker(180), 1.6))
        painter.setBrush(colour)
        painter.drawRoundedRect(body, s * 0.07, s * 0.07)
        if v.get("zoc") == "active" and not self.piece.data.get("support"):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 235))           # 7.1 the white band
            painter.drawRect(QRectF(-s / 2 + 1, -s * 0.17, s - 2, s * 0.1))
        kind = t.kind if t else ""
        ink = QColor("#111111")
        font = QFont()
        font.setBold(True)
        label = str(v.get("label") or (t.name if t else self.piece.id))
        room = s * (0.78 if self.piece.data.get("badge") else 1.0)   # clear of the count
        painter.setFont(fitted(font, label, room - s * 0.06, s * NAME_TEXT))
        painter.setPen(ink)
        painter.drawText(QRectF(-s / 2, -s * 0.5, room, s * 0.22), Qt.AlignmentFlag.AlignCenter,
                         label)
        if kind == "combat":
            steps = self.piece.data.get("steps", v.get("steps"))
            small = QFont(font)
            small.setPixelSize(max(1, int(s * 0.13)))
            painter.setFont(small)
            painter.drawText(QRectF(-s / 2 + 2, -s * 0.3, s * 0.3, s * 0.16),
                             Qt.AlignmentFlag.AlignLeft, str(steps))
            painter.drawText(self.part_rect(SIZE_MARK_BOX), Qt.AlignmentFlag.AlignRight,
                             SIZE_MARKS.get(v.get("size"), ""))
        self._symbol(painter, self.part_rect(SYMBOL_BOX), v, kind)
        line = factor_text(t, self.piece)
        painter.setFont(fitted(font, line, s * 0.96, s * FACTOR_TEXT))
        painter.setPen(ink)
        painter.drawText(QRectF(-s / 2, s * 0.24, s, s * 0.26), Qt.AlignmentFlag.AlignCenter,
                         line)
        self._marks(painter, s)

    def _symbol(self, painter: QPainter, r: QRectF, v: dict, kind: str) -> None:
        painter.setPen(QPen(QColor("#111111"), max(1.0, r.height() * 0.06)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ut = v.get("utype", kind)
        if kind == "sp":
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, "SP")
            return
        if kind == "truck":
            painter.drawRect(QRectF(r.left(), r.top() + r.height() * 0.2, r.width() * 0.7,
                                    r.height() * 0.5))
            painter.drawEllipse(QPointF(r.left() + r.width() * 0.2, r.bottom() - 2), 2.5, 2.5)
            painter.drawEllipse(QPointF(r.left() + r.width() * 0.6, r.bottom() - 2), 2.5, 2.5)
            return
        if kind == "repl":
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, "Repl")
            return
        if kind == "air":                                   # 40.1 the type letter(s)
            path = QPainterPath()
            path.moveTo(r.left(), r.center().y())
            path.lineTo(r.right(), r.center().y())
            path.moveTo(r.center().x(), r.top())
            path.lineTo(r.center().x(), r.bottom())
            painter.drawPath(path)
            painter.drawText(r.adjusted(r.width() * 0.55, 0, 0, 0),
                             Qt.AlignmentFlag.AlignCenter, str(v.get("air_type", "")))
            return
        if ut == "air_hq":
            painter.drawRect(r)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, "AHQ")
            return
        if ut in ("army_hq", "div_hq", "hq_marker"):
            painter.drawRect(r)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, "HQ")
            return
        painter.drawRect(r)
        path = QPainterPath()
        if ut in ("inf", "mot_inf", "mg", "eng", "arm_inf"):
            path.moveTo(r.topLeft())
            path.lineTo(r.bottomRight())
            path.moveTo(r.bottomLeft())
            path.lineTo(r.topRight())
        if ut in ("tank", "arm_inf"):
            path.addRoundedRect(r.adjusted(r.width() * 0.15, r.height() * 0.22,
                                           -r.width() * 0.15, -r.height() * 0.22),
                                r.height() * 0.25, r.height() * 0.25)
        if ut == "recon":
            path.moveTo(r.bottomLeft())
            path.lineTo(r.topRight())
        if ut == "art":
            painter.setBrush(QColor("#111111"))
            painter.drawEllipse(r.center(), r.height() * 0.15, r.height() * 0.15)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        if ut == "mot_inf":
            for x in (0.3, 0.7):
                painter.drawEllipse(QPointF(r.left() + r.width() * x, r.bottom() + 3), 2, 2)
        painter.drawPath(path)

    def _marks(self, painter: QPainter, s: float) -> None:
        d = self.piece.data
        marks = []
        if d.get("disrupted"):
            marks.append(("D", QColor("#c0392b")))
        if d.get("oos"):
            marks.append(("OS", QColor("#7d3c98")))
        if d.get("isolated"):
            marks.append(("Is", QColor("#1f3b73")))
        if d.get("support"):
            marks.append(("DS", QColor("#5d6d7e")))
        mission = {"gs": "GS", "interdict": "Int", "escort": "Esc", "intercept": "Icp"}.get(
            d.get("mission") or "")
        if mission:                                          # 40.3 the air mission
            marks.append((mission, QColor("#17607d")))
        if d.get("inop") is not None:
            marks.append(("Inop", QColor("#7f7f7f")))        # 40.8
        if d.get("building"):
            marks.append(("Con", QColor("#9a6a00")))         # 40.11 construction side
        # an air counter's marks go down its left side, clear of its wide factor line
        air = self.ptype is not None and self.ptype.kind == "air"
        for i, (text, colour) in enumerate(marks[:3]):
            at = QPointF(-s * 0.36, -s * 0.13 + i * s * 0.25) if air else \
                QPointF(-s * 0.36 + i * s * 0.25, s * 0.37)
            self._draw_badge(painter, at, text, colour)
        badge = d.get("badge")
        if badge:
            self._draw_badge(painter, QPointF(s * 0.38, -s * 0.38), str(badge),
                             QColor("#1d1d1d"))
