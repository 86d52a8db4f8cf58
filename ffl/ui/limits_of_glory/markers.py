"""The markers on the map, drawn from the state a player may see.

Square markers are elements (one per nationality and type, showing how many, as
the printed markers are exchanged like currency); round markers are commanders
(seniority number and name, glory beside them), the invasion fleets, the
frigate Muiron and the Bedouin.  Momentum markers are small purple (French) and
yellow (Allied) discs; an uprising is a red star.  Elements inside a BUA under
siege are drawn with a wall-coloured rim.

The engine's own counters are hidden: the game's pieces are many single
elements, shown here grouped.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QStyleOptionGraphicsItem
from shapely import contains_xy

from ffl.engine import GameState, Module
from ffl.ui.style import UNIT

from .style import NATION_COLOURS

SIZE = 0.3          # marker edge (board units)
GAP = 0.035
PER_ROW = 4
#: where a space's markers may move (board units, tried in this order) when where they
#: would stand covers what is printed for a space
NUDGES = [(0.0, 0.0)] + [(dx * r, dy * r) for r in (0.1, 0.2, 0.3, 0.4)
                         for dx, dy in ((-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1), (0, -1))]
#: the height of a line under a marker (a commander's name and glory, a fleet's home)
SUB_LINE = 0.12
Z_MARKERS = 12
FRENCH_MOMENTUM = QColor("#7b3fa0")
ALLIED_MOMENTUM = QColor("#e0b422")
WALL = QColor("#7a4a22")


def short_name(name: str) -> str:
    """A commander's name as it fits under his marker ("Murad Bey" -> "Murad")."""
    for cut in (" Bey", " Pasha", "Lord ", "Sydney ", "Hely-", "Captain ", "Grand "):
        name = name.replace(cut, "")
    return name.split()[0] if name else name


class Marker(QGraphicsItem):
    """One marker: ``shape`` square or round, a symbol, a count or number, a label."""

    def __init__(self, *, space: str, side: str, nation: str, shape: str, symbol: str,
                 text: str = "", sub: str = "", pids: tuple[str, ...] = (), ptype: str = "",
                 inside: bool = False, highlight: bool = False, tip: str = "") -> None:
        super().__init__()
        self.space, self.side, self.nation = space, side, nation
        self.form, self.symbol, self.text, self.sub = shape, symbol, text, sub
        self.pids, self.ptype, self.inside, self.highlight = pids, ptype, inside, highlight
        self._s = SIZE * UNIT
        #: 1: the line under this marker drops a line lower, clear of its neighbour's
        self.sub_row = 0
        self.setZValue(Z_MARKERS)
        self.setToolTip(tip)
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = self._s
        below = (1 + self.sub_row) * SUB_LINE * UNIT if self.sub else 0
        return QRectF(-1.5 * s - 3, -s / 2 - 3, 3 * s + 6, s + 6 + below)

    def sub_rect(self) -> QRectF:
        """Where the line under the marker is written (from its centre; its own line
        and the one above it when it dropped a line)."""
        font = QFont("sans-serif")
        font.setPixelSize(int(0.1 * UNIT))
        width = min(QFontMetricsF(font).horizontalAdvance(self.sub), 3 * self._s)
        return QRectF(-width / 2, self._s / 2, width, (1 + self.sub_row) * SUB_LINE * UNIT)

    def shape(self) -> QPainterPath:
        """Only the marker itself answers the mouse (not the line under it)."""
        s = self._s
        path = QPainterPath()
        path.addRect(QRectF(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        s = self._s
        rect = QRectF(-s / 2, -s / 2, s, s)
        colour = NATION_COLOURS.get(self.nation, QColor("#555"))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim = QPen(WALL if self.inside else QColor("#1b1b1b"), 3.0 if self.inside else 1.2)
        if self.highlight:
            rim = QPen(QColor("#ffd23c"), 3.0)
        painter.setPen(rim)
        painter.setBrush(QBrush(colour))
        if self.form == "round":
            painter.drawEllipse(rect)
        else:
            painter.drawRoundedRect(rect, 3, 3)
        painter.setPen(QPen(QColor("white"), 1.6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        self._symbol(painter, rect)
        if self.text:
            font = QFont("sans-serif")
            font.setPixelSize(int(0.15 * UNIT))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("white"))
            where = rect if self.form == "round" else rect.adjusted(0, s * 0.42, 0, 0)
            if self.symbol == "bedouin":        # the count under the B, not on it
                font.setPixelSize(int(0.12 * UNIT))
                painter.setFont(font)
                where = rect.adjusted(0, s * 0.5, 0, -s * 0.04)
            align = Qt.AlignmentFlag.AlignCenter if self.form == "round" else (
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            painter.drawText(where.adjusted(2, 0, -3, 0), int(align), self.text)
        if self.sub:
            font = QFont("sans-serif")
            font.setPixelSize(int(0.1 * UNIT))
            painter.setFont(font)
            painter.setPen(QColor("#111"))
            painter.drawText(QRectF(-1.5 * s, s / 2 + self.sub_row * SUB_LINE * UNIT, 3 * s,
                                    SUB_LINE * UNIT), int(Qt.AlignmentFlag.AlignCenter),
                             self.sub)

    def _symbol(self, p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(r.width() * 0.18, r.height() * 0.16, -r.width() * 0.18,
                           -r.height() * 0.42)
        sym = self.symbol
        if sym == "infantry":
            p.drawRect(inner)
            p.drawLine(inner.topLeft(), inner.bottomRight())
            p.drawLine(inner.bottomLeft(), inner.topRight())
        elif sym == "cavalry":
            p.drawRect(inner)
            p.drawLine(inner.bottomLeft(), inner.topRight())
        elif sym == "artillery":
            p.drawRect(inner)
            p.setBrush(QColor("white"))
            p.drawEllipse(inner.center(), inner.height() * 0.18, inner.height() * 0.18)
        elif sym in ("squadron", "fleet", "frigate"):
            hull = QPainterPath()
            c = inner.center() if self.form == "square" else r.center() - QPointF(0, r.height() * 0.1)
            w = inner.width() * 0.5
            hull.moveTo(c + QPointF(-w, 0))
            hull.lineTo(c + QPointF(w, 0))
            hull.lineTo(c + QPointF(w * 0.7, w * 0.4))
            hull.lineTo(c + QPointF(-w * 0.7, w * 0.4))
            hull.closeSubpath()
            hull.moveTo(c)
            hull.lineTo(c + QPointF(0, -w))
            hull.lineTo(c + QPointF(w * 0.6, -w * 0.2))
            p.drawPath(hull)
        elif sym in ("savants", "garrison"):
            font = QFont("serif")
            font.setPixelSize(int(inner.height() * 0.95))
            font.setBold(True)
            p.setFont(font)
            p.drawText(inner, int(Qt.AlignmentFlag.AlignCenter), "S" if sym == "savants" else "G")
        elif sym == "bedouin":
            font = QFont("sans-serif")
            font.setPixelSize(int(r.height() * (0.42 if self.text else 0.5)))
            font.setBold(True)
            p.setFont(font)
            p.drawText(r.adjusted(0, 0, 0, -r.height() * 0.38) if self.text else r,
                       int(Qt.AlignmentFlag.AlignHCenter | (Qt.AlignmentFlag.AlignBottom
                                                            if self.text else
                                                            Qt.AlignmentFlag.AlignVCenter)),
                       "B")


class MarkerLayer:
    """All markers, rebuilt from a state (cheap: a few hundred items at most)."""

    def __init__(self, scene, module: Module) -> None:
        self.scene = scene
        self.module = module
        self.items: list[QGraphicsItem] = []
        self.by_space: dict[str, list[Marker]] = {}
        #: what is printed for each space (the decor's ``print_rects``): a space's
        #: markers move a little (NUDGES, within the space) to leave it all readable
        self.avoid: dict[str, QRectF] = {}

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()
        self.by_space.clear()

    def _add(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self.items.append(item)

    def rebuild(self, state: GameState, *, real: str | None = None,
                activated: str | None = None) -> None:
        self.clear()
        self._state = state
        types = self.module.piece_types
        spaces: dict[str, list] = {}
        for p in state.pieces.values():
            if p.status == "active" and p.space in self.scene.board.spaces:
                spaces.setdefault(p.space, []).append(p)
        for key in sorted(spaces):
            self._space(key, spaces[key], types, real, activated == key)
        self._momentum(state)
        self._uprisings(state)

    def _space(self, key: str, pieces: list, types, real: str | None, active: bool) -> None:
        markers: list[Marker] = []
        by: dict[tuple, list] = {}
        for p in sorted(pieces, key=lambda p: (p.side != "french", p.id)):
            t = types[p.type]
            if t.kind == "commander":
                glory = p.data.get("glory")
                six = p.data.get("auto6", 0)
                g = "" if glory is None else f"{glory}" + (f"+{six}" if six else "")
                sq = p.data.get("squadrons", 0)
                with_ = [q for q in self._juniors(p.id, pieces)]
                tip = (f"{t.name} ({t.get('nation')}, seniority {t.get('seniority')})"
                       f"{', glory ' + g if g else ''}"
                       f"{f', {sq} squadrons' if sq else ''}"
                       f"{', with ' + ', '.join(with_) if with_ else ''}")
                markers.append(Marker(space=key, side=p.side, nation=t.get("nation"),
                                      shape="round", symbol="", text=str(t.get("seniority")),
                                      sub=f"{short_name(t.name)} {g}".strip(), pids=(p.id,),
                                      ptype=p.type, inside=p.level == 1, highlight=active,
                                      tip=tip))
            elif t.kind in ("fleet", "frigate"):
                label = "REAL" if p.id == real else ""
                home = p.data.get("home", "")
                markers.append(Marker(space=key, side=p.side, nation="french", shape="round",
                                      symbol=t.kind, sub=label or home.title()[:6], pids=(p.id,),
                                      ptype=p.type, highlight=active or p.id == real,
                                      tip=f"{t.name}{' from ' + home.title() if home else ''}"
                                          f"{' (the real fleet)' if p.id == real else ''}"
                                          f"{' - visited Malta' if p.data.get('malta') else ''}"))
            elif t.kind == "bedouin":
                by.setdefault(("bedouin", "", "bedouin", 0), []).append(p)
            else:
                by.setdefault((p.side, t.get("nation"), p.type, p.level), []).append(p)
        for (side, nation, tid, level), group in sorted(by.items(), key=lambda kv: (
                kv[0][0] != "french", kv[0][1], kv[0][2], kv[0][3])):
            if side == "bedouin":
                markers.append(Marker(space=key, side="allied", nation="bedouin", shape="round",
                                      symbol="bedouin", text=str(len(group)) if len(group) > 1
                                      else "", pids=tuple(p.id for p in group), ptype="bedouin",
                                      tip=f"{len(group)} Bedouin marker(s)"))
                continue
            t = types[tid]
            markers.append(Marker(space=key, side=side, nation=nation, shape="square",
                                  symbol=str(t.get("kind")), text=str(len(group)),
                                  pids=tuple(p.id for p in group), ptype=tid,
                                  inside=level == 1, highlight=active,
                                  tip=f"{len(group)} {t.name}"
                                      f"{' inside the BUA' if level == 1 else ''}"))
        self._place(key, markers)

    def _juniors(self, cid: str, pieces) -> list[str]:
        types = self.module.piece_types
        return [types[p.type].name for p in self._state.pieces.values()
                if p.status == "with" and p.data.get("with") == cid]

    def _place(self, key: str, markers: list[Marker]) -> None:
        space = self.scene.board[key]
        x, y = space.centre
        step = (SIZE + GAP) * UNIT
        n = len(markers)
        cols = min(PER_ROW, n) or 1
        left = x * UNIT - (cols - 1) * step / 2
        top = y * UNIT + 0.02 * UNIT
        for i, m in enumerate(markers):     # a line under two neighbours: the second drops
            before = markers[i - 1] if i % PER_ROW else None
            m.sub_row = 1 if m.sub and before is not None and before.sub and \
                not before.sub_row else 0
        y = top
        for i, m in enumerate(markers):
            r, c = divmod(i, PER_ROW)
            row_n = min(PER_ROW, n - r * PER_ROW)
            row_left = x * UNIT - (row_n - 1) * step / 2 if r else left
            if r and not c:
                above = markers[i - PER_ROW:i]
                y += step + 0.1 * UNIT + max(a.sub_row for a in above) * SUB_LINE * UNIT
            m.setPos(row_left + c * step, y)
            m.setZValue(Z_MARKERS + i * 0.01)
            self._add(m)
        self._nudge(key, markers)
        self.by_space[key] = markers

    def _nudge(self, key: str, markers: list[Marker]) -> None:
        """Move ``key``'s markers by the first of NUDGES that keeps them inside their
        space and off what is printed (for it and the others; none fits: they stay)."""
        others = list(self.avoid.values())
        polygon = self.scene.board[key].polygon
        s = SIZE * UNIT
        for dx, dy in NUDGES:
            d = QPointF(dx * UNIT, dy * UNIT)
            rects = []
            for m in markers:
                p = m.pos() + d
                rects.append(QRectF(p.x() - s / 2, p.y() - s / 2, s, s))
                if m.sub:
                    rects.append(m.sub_rect().translated(p))
            if any(r.intersects(o) for r in rects for o in others):
                continue
            if all(contains_xy(polygon, r.center().x() / UNIT, r.center().y() / UNIT)
                   for r in rects):
                for m in markers:
                    m.setPos(m.pos() + d)
                return

    def _momentum(self, state: GameState) -> None:
        for key, marks in state.vars.get("markers", {}).items():
            if key not in self.scene.board.spaces:
                continue
            x, y = self.scene.board[key].centre
            i = 0
            for side, colour in (("french", FRENCH_MOMENTUM), ("allied", ALLIED_MOMENTUM)):
                for _ in range(int(marks.get(side, 0))):
                    d = 0.17 * UNIT
                    item = self.scene.addEllipse(
                        QRectF(x * UNIT - 0.75 * UNIT + i * d * 1.1, y * UNIT - 0.62 * UNIT, d, d),
                        QPen(QColor("#222"), 1.0), QBrush(colour))
                    item.setZValue(Z_MARKERS + 1)
                    item.setToolTip(f"{side.title()} momentum marker")
                    self.items.append(item)
                    i += 1

    def _uprisings(self, state: GameState) -> None:
        for key in state.vars.get("uprisings", []):
            if key not in self.scene.board.spaces:
                continue
            x, y = self.scene.board[key].centre
            star = QGraphicsSimpleTextItem("✸")
            font = QFont("sans-serif")
            font.setPixelSize(int(0.3 * UNIT))
            star.setFont(font)
            star.setBrush(QColor("#c0202a"))
            star.setPos(x * UNIT + 0.45 * UNIT, y * UNIT - 0.75 * UNIT)
            star.setZValue(Z_MARKERS + 1)
            star.setToolTip("Uprising this turn")
            self._add(star)

    def marker_at(self, pos: QPointF) -> Marker | None:
        for item in self.scene.items(pos):
            if isinstance(item, Marker):
                return item
        return None
