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

#: marker edge (board units): at the opening zoom (the space names at 10 px, 0.5
#: screen px a scene unit) a marker is 18 px, its count and number 10 px (COUNT_TEXT)
SIZE = 0.36
GAP = 0.04
#: the height of a marker's count or number, and of the line under it (board units)
COUNT_TEXT = 0.2
PER_ROW = 4
#: where a space's markers may move (board units, tried in this order) when where they
#: would stand covers what is printed for a space
NUDGES = [(0.0, 0.0)] + [(dx * r, dy * r) for r in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
                         for dx, dy in ((-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1), (0, -1),
                                        (-1, -1), (1, -1))]
#: the height of a line under a marker (a commander's name and glory, a fleet's home)
SUB_LINE = 0.22
Z_MARKERS = 12
#: how much worse covering what is printed is than touching another space's markers
#: or standing out of the space (a marker's area out counts once)
PRINT_WEIGHT = 4.0
FRENCH_MOMENTUM = QColor("#7b3fa0")
ALLIED_MOMENTUM = QColor("#e0b422")
WALL = QColor("#7a4a22")
SUB_GROUND = QColor(255, 250, 236, 200)


def short_name(name: str) -> str:
    """A commander's name as it fits under his marker ("Murad Bey" -> "Murad")."""
    for cut in (" Bey", " Pasha", "Lord ", "Sydney ", "Hely-", "Captain ", "Grand "):
        name = name.replace(cut, "")
    return name.split()[0] if name else name


def sub_font() -> QFont:
    """The line under a marker: a commander's name and glory, a fleet's home."""
    font = QFont("sans-serif")
    font.setPixelSize(int(COUNT_TEXT * UNIT))
    return font


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
        #: the width of the line under the marker (its ground), written whole
        self.sub_width = QFontMetricsF(sub_font()).horizontalAdvance(sub) + 6 if sub else 0.0
        #: how many lines lower the line under this marker goes, clear of its neighbours'
        self.sub_row = 0
        #: where the line under the marker is centred (from the marker's centre): the
        #: first of a row's lines starts at the row's left edge, the last ends at its right
        self.sub_shift = 0.0
        self.setZValue(Z_MARKERS)
        self.setToolTip(tip)
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = self._s
        below = (1 + self.sub_row) * SUB_LINE * UNIT if self.sub else 0
        half = max(1.5 * s, self.sub_width / 2 + abs(self.sub_shift))
        return QRectF(-half - 3, -s / 2 - 3, 2 * half + 6, s + 6 + below)

    def sub_rect(self) -> QRectF:
        """Where the line under the marker is written (from its centre; its own line
        and the one above it when it dropped a line)."""
        width = self.sub_width
        return QRectF(self.sub_shift - width / 2, self._s / 2, width,
                      (1 + self.sub_row) * SUB_LINE * UNIT)

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
        if self.text:       # the count (number) under the symbol, or a commander's number
            font = QFont("sans-serif")
            font.setPixelSize(int(COUNT_TEXT * UNIT))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("white"))
            where = rect if self.form == "round" and self.symbol != "bedouin" else \
                rect.adjusted(0, s * 0.47, 0, 0)
            painter.drawText(where, int(Qt.AlignmentFlag.AlignCenter), self.text)
        if self.sub:
            painter.setFont(sub_font())
            width = self.sub_width
            line = QRectF(self.sub_shift - width / 2, s / 2 + self.sub_row * SUB_LINE * UNIT,
                          width, SUB_LINE * UNIT)
            painter.setPen(Qt.PenStyle.NoPen)       # a light ground: readable over rivers
            painter.setBrush(SUB_GROUND)
            painter.drawRoundedRect(QRectF(line.left(), line.top() + 1, width,
                                           line.height() - 2), 4, 4)
            painter.setPen(QColor("#111"))
            painter.drawText(line, int(Qt.AlignmentFlag.AlignCenter), self.sub)

    def _symbol(self, p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(r.width() * 0.22, r.height() * 0.1, -r.width() * 0.22,
                           -r.height() * 0.57)      # the upper half: the count goes below
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
            font.setPixelSize(int(r.height() * (0.36 if self.text else 0.5)))
            font.setBold(True)
            p.setFont(font)
            p.drawText(r.adjusted(0, 0, 0, -r.height() * 0.5) if self.text else r,
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
        #: where the markers of the spaces drawn so far stand (the next keep off them)
        self._placed: list[QRectF] = []

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()
        self.by_space.clear()
        self._placed = []

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
        """Rows of PER_ROW markers under the space's centre, or of 3, 2 or 5 when that
        keeps them off what is printed and inside the space (a narrow space), in
        their order or with the markers that have a line under them spread over the
        rows (fewer lines stacked under one row); each layout moved by the best of
        NUDGES (:meth:`_nudge`).  A space too crowded for the lines under its
        commanders and fleets (every layout covers something) goes without them when
        that covers less: the marker's tooltip and the Commanders table give them."""
        x, y = self.scene.board[key].centre
        lines = [(m, m.sub, m.sub_width) for m in markers if m.sub]
        best = None
        for shown in (True, False) if lines else (True,):
            for m, sub, width in lines:
                m.sub, m.sub_width = (sub, width) if shown else ("", 0.0)
            for per_row in dict.fromkeys(min(k, len(markers)) or 1
                                         for k in (PER_ROW, 3, 2, 5)):
                for order in dict.fromkeys((tuple(markers), _spread(markers, per_row))):
                    spots, rows, shifts = _layout(x * UNIT, y * UNIT, list(order), per_row)
                    for m, spot, row, shift in zip(order, spots, rows, shifts, strict=True):
                        m.sub_row, m.sub_shift = row, shift
                        m.setPos(spot)
                    cost, shift, rects = self._nudge(key, list(order))
                    if best is None or cost < best[0]:
                        best = (cost, order, spots, rows, shifts, shift, rects, shown)
                    if cost == 0:
                        break
                if best[0] == 0:
                    break
            if best[0] == 0:
                break
        _, order, spots, rows, shifts, shift, rects, shown = best
        for m, sub, width in lines:     # too crowded for them: the tooltip tells
            m.sub, m.sub_width = (sub, width) if shown else ("", 0.0)
        for i, (m, spot, row, sub_shift) in enumerate(zip(order, spots, rows, shifts,
                                                          strict=True)):
            m.sub_row, m.sub_shift = row, sub_shift
            m.setPos(spot + shift)
            m.setZValue(Z_MARKERS + i * 0.01)
            self._add(m)
        self._placed.extend(rects)
        self.by_space[key] = list(order)

    def _nudge(self, key: str, markers: list[Marker]) -> tuple[float, QPointF, list[QRectF]]:
        """The first of NUDGES that keeps ``key``'s markers (where they stand now)
        inside their space and off what is printed (for it and the others) and off
        the markers of the spaces placed before; when none is clear, the one covering
        least (print weighs PRINT_WEIGHT; a marker out of its space as much as a whole
        marker on print, the line under it as a marker beside another).  Returns
        (what it covers, the shift, the rectangles the markers then take)."""
        polygon = self.scene.board[key].polygon
        s = SIZE * UNIT
        zone = QRectF()
        for m in markers:
            zone = zone.united(m.mapRectToScene(m.boundingRect()))
        reach = max(abs(d) for nudge in NUDGES for d in nudge) * UNIT
        zone = zone.adjusted(-reach, -reach, reach, reach)
        # covering print (a name, a value, VPs) weighs more than touching a marker
        others = [(o, PRINT_WEIGHT) for o in self.avoid.values() if o.intersects(zone)] + \
            [(o, 1.0) for o in self._placed if o.intersects(zone)]
        best: tuple[float, QPointF, list[QRectF]] | None = None
        for dx, dy in NUDGES:
            d = QPointF(dx * UNIT, dy * UNIT)
            rects, squares = [], set()
            for m in markers:
                p = m.pos() + d
                squares.add(len(rects))
                rects.append(QRectF(p.x() - s / 2, p.y() - s / 2, s, s))
                if m.sub:
                    rects.append(m.sub_rect().translated(p))
            cost = 0.0
            for n, r in enumerate(rects):
                for o, weight in others:
                    if r.intersects(o):
                        cut = r.intersected(o)
                        cost += cut.width() * cut.height() * weight
                if not contains_xy(polygon, r.center().x() / UNIT, r.center().y() / UNIT):
                    # a marker out of its space misleads as much as print covered
                    cost += s * s * (PRINT_WEIGHT if n in squares else 1)
            if best is None or cost < best[0]:
                best = (cost, d, rects)
            if cost == 0:
                break
        return best

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


def _layout(x: float, y: float, markers: list[Marker], per_row: int):
    """Where ``markers`` stand in rows of ``per_row`` centred under (x, y) (scene
    units), how many lines lower each one's line goes (to the first where it runs
    into none already written in its row) and where it is centred (Marker.sub_shift).  The next row clears the lines above it."""
    step = (SIZE + GAP) * UNIT
    spots: list[QPointF] = []
    rows: list[int] = []
    shifts: list[float] = []
    top = y + 0.02 * UNIT
    for first in range(0, len(markers), per_row):
        row = markers[first:first + per_row]
        left = x - (len(row) - 1) * step / 2
        written: dict[int, list[tuple[float, float]]] = {}
        drops = []
        for c, m in enumerate(row):
            mx = left + c * step
            spots.append(QPointF(mx, top))
            over = max(0.0, m.sub_width / 2 - SIZE * UNIT / 2)
            shift = over if c == 0 and len(row) > 1 else \
                -over if c == len(row) - 1 and len(row) > 1 else 0.0
            shifts.append(shift)
            if not m.sub:
                drops.append(0)
                continue
            x0, x1 = mx + shift - m.sub_width / 2, mx + shift + m.sub_width / 2
            level = 0           # the first line down where it runs into none
            while any(a < x1 and x0 < b for a, b in written.get(level, [])):
                level += 1
            drops.append(level)
            written.setdefault(level, []).append((x0, x1))
        rows += drops
        top += step + 0.05 * UNIT + max(
            ((1 + d) * SUB_LINE for m, d in zip(row, drops, strict=True) if m.sub),
            default=0) * UNIT
    return spots, rows, shifts


def _spread(markers: list[Marker], per_row: int) -> tuple[Marker, ...]:
    """``markers`` with those that have a line under them dealt over the rows in
    turn (each row then the others), so that fewer lines stack under one row."""
    rows_n = -(-len(markers) // per_row)
    lined = [m for m in markers if m.sub]
    rows: list[list[Marker]] = [[] for _ in range(rows_n)]
    for i, m in enumerate(lined):
        rows[i % rows_n].append(m)
    rest = iter(m for m in markers if not m.sub)
    out: list[Marker] = []
    for row in rows:
        while len(row) < per_row:
            m = next(rest, None)
            if m is None:
                break
            row.append(m)
        out += row
    out += list(rest)
    return tuple(out)
