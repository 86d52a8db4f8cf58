"""One marker on the Limits of Glory map (see :mod:`.markers`): a square element
marker (symbol and count), a round commander, fleet or Bedouin marker (number, and
the line under it: name and glory, or a fleet's home), or a crowded space's
summary of one side (the leader's disc, then each kind's symbol and count).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

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
#: the kinds a summary counts, in this order, and how it writes them
KIND_ORDER = ("infantry", "cavalry", "artillery", "sq", "savants", "garrison", "bedouin")
WORDS = {"infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery",
         "sq": "squadrons", "savants": "savants", "garrison": "garrison",
         "bedouin": "Bedouin", "commander": "commanders"}
#: a summary's kind symbols (board units wide) and the height of its rows (markers)
MINI = 0.2
STACK_ROW = 0.72


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
        #: the marker's own width and height (a stack summary is larger: it grows
        #: right and down from where a square marker would stand)
        self._w = self._h = self._s
        #: a stack summary (``shape`` "stack"): the leader's nation and number, and
        #: (kind, count) of its elements, drawn in ``grid`` (columns, rows) cells
        self.lead_nation, self.lead_text = "", ""
        self.entries: list[tuple[str, int]] = []
        self.grid = (0, 0)
        self._cell = 0.0
        #: the width of the line under the marker (its ground), written whole
        self.sub_width = QFontMetricsF(sub_font()).horizontalAdvance(sub) + 6 if sub else 0.0
        #: the line under it as made (a crowded layout may leave it out)
        self.whole_sub = (self.sub, self.sub_width)
        #: how many lines lower the line under this marker goes, clear of its neighbours'
        self.sub_row = 0
        #: where the line under the marker is centred (from the marker's centre): the
        #: first of a row's lines starts at the row's left edge, the last ends at its right
        self.sub_shift = 0.0
        self.setZValue(Z_MARKERS)
        self.setToolTip(tip)
        self.setAcceptHoverEvents(True)

    @property
    def width(self) -> float:
        return self._w

    @property
    def height(self) -> float:
        return self._h

    def make_stack(self, entries: list[tuple[str, int]], lead_nation: str,
                   lead_text: str) -> None:
        """Make this marker a summary: the leader's disc, then each kind's symbol
        and count, in one row or, for three kinds or more, two."""
        self.prepareGeometryChange()
        self.entries, self.lead_nation, self.lead_text = entries, lead_nation, lead_text
        rows = 1 if len(entries) <= 2 else 2
        cols = max(1, -(-len(entries) // rows))
        digits = max((QFontMetricsF(_bold_font()).horizontalAdvance(str(n))
                      for _k, n in entries), default=0.0)
        self._cell = MINI * UNIT + digits + 4
        disc = self._s if lead_text else 0
        self.grid = (cols, rows)
        self._w = disc + cols * self._cell + 4
        self._h = rows * self._s * STACK_ROW

    def body(self) -> QRectF:
        """The marker itself (from its centre: a summary grows right and down)."""
        s = self._s
        return QRectF(-self._w / 2, -s / 2, self._w, self._h)

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = self._s
        below = (1 + self.sub_row) * SUB_LINE * UNIT if self.sub else 0
        half = max(1.5 * s, self._w / 2, self.sub_width / 2 + abs(self.sub_shift))
        return QRectF(-half - 3, -s / 2 - 3, 2 * half + 6, self._h + 6 + below)

    def sub_rect(self) -> QRectF:
        """Where the line under the marker is written (from its centre; its own line
        and the one above it when it dropped a line)."""
        width = self.sub_width
        return QRectF(self.sub_shift - width / 2, self._h - self._s / 2, width,
                      (1 + self.sub_row) * SUB_LINE * UNIT)

    def shape(self) -> QPainterPath:
        """Only the marker itself answers the mouse (not the line under it)."""
        path = QPainterPath()
        path.addRect(self.body().adjusted(-3, -3, 3, 3))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        s = self._s
        rect = QRectF(-s / 2, -s / 2, s, s)
        if self.form == "stack":
            self._paint_stack(painter)
            self._paint_sub(painter)
            return
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
        self._paint_sub(painter)

    def _paint_stack(self, painter: QPainter) -> None:
        """A crowded space's summary: the leader's number in his nation's disc, then
        the counts of each kind, on a card of the side's main nation."""
        s = self._s
        rect = self.body()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim = QPen(WALL if self.inside else QColor("#1b1b1b"), 3.0 if self.inside else 1.2)
        if self.highlight:
            rim = QPen(QColor("#ffd23c"), 3.0)
        painter.setPen(rim)
        painter.setBrush(QBrush(NATION_COLOURS.get(self.nation, QColor("#555"))))
        painter.drawRoundedRect(rect, 4, 4)
        font = QFont("sans-serif")
        font.setPixelSize(int(COUNT_TEXT * UNIT))
        font.setBold(True)
        painter.setFont(font)
        left = rect.left() + 2
        if self.lead_text:
            disc = QRectF(left, rect.center().y() - (s - 4) / 2, s - 4, s - 4)
            painter.setPen(QPen(QColor("white"), 1.2))
            painter.setBrush(QBrush(NATION_COLOURS.get(self.lead_nation, QColor("#555"))))
            painter.drawEllipse(disc)
            painter.setPen(QColor("white"))
            painter.drawText(disc, int(Qt.AlignmentFlag.AlignCenter), self.lead_text)
            left = disc.right() + 4
        cols, rows = self.grid
        row_h = rect.height() / max(1, rows)
        mini = MINI * UNIT
        for i, (kind, n) in enumerate(self.entries):
            col, row = i // rows, i % rows
            x, y = left + col * self._cell, rect.top() + row * row_h
            box = QRectF(x, y + (row_h - mini * 0.75) / 2, mini, mini * 0.75)
            painter.setPen(QPen(QColor("white"), 1.3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            _mini_symbol(painter, kind, box)
            painter.setPen(QColor("white"))
            painter.drawText(QRectF(box.right() + 2, y, self._cell - mini - 2, row_h),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                             str(n))

    def _paint_sub(self, painter: QPainter) -> None:
        if self.sub:
            painter.setFont(sub_font())
            width = self.sub_width
            line = QRectF(self.sub_shift - width / 2,
                          self._h - self._s / 2 + self.sub_row * SUB_LINE * UNIT,
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


def _mini_symbol(p: QPainter, kind: str, box: QRectF) -> None:
    """A kind's symbol in a summary: infantry crossed, cavalry slashed, artillery
    dotted, squadrons a hull, savants and garrisons their letter."""
    if kind in ("savants", "garrison", "bedouin"):
        if kind == "bedouin":
            p.setBrush(NATION_COLOURS["bedouin"])
            p.drawEllipse(box.center(), box.height() * 0.7, box.height() * 0.7)
            p.setBrush(Qt.BrushStyle.NoBrush)
        font = _bold_font()
        font.setPixelSize(int(box.height() * (0.95 if kind == "bedouin" else 1.25)))
        p.setFont(font)
        p.drawText(box.adjusted(-2, -3, 2, 3), int(Qt.AlignmentFlag.AlignCenter),
                   {"savants": "S", "garrison": "G", "bedouin": "B"}[kind])
        p.setFont(_bold_font())
        return
    if kind == "commander":
        p.drawEllipse(box.center(), box.height() * 0.55, box.height() * 0.55)
        return
    if kind == "sq":
        hull = QPainterPath()
        hull.moveTo(box.left(), box.center().y())
        hull.lineTo(box.right(), box.center().y())
        hull.lineTo(box.right() - box.width() * 0.2, box.bottom())
        hull.lineTo(box.left() + box.width() * 0.2, box.bottom())
        hull.closeSubpath()
        hull.moveTo(box.center().x(), box.center().y())
        hull.lineTo(box.center().x(), box.top())
        p.drawPath(hull)
        return
    p.drawRect(box)
    if kind == "infantry":
        p.drawLine(box.topLeft(), box.bottomRight())
        p.drawLine(box.bottomLeft(), box.topRight())
    elif kind == "cavalry":
        p.drawLine(box.bottomLeft(), box.topRight())
    elif kind == "artillery":
        p.setBrush(QColor("white"))
        p.drawEllipse(box.center(), box.height() * 0.2, box.height() * 0.2)
        p.setBrush(Qt.BrushStyle.NoBrush)


def _bold_font() -> QFont:
    font = QFont("sans-serif")
    font.setPixelSize(int(COUNT_TEXT * UNIT))
    font.setBold(True)
    return font


def layout(x: float, y: float, markers: list[Marker], per_row: int):
    """Where ``markers`` stand in rows of ``per_row`` centred under (x, y) (scene
    units), how many lines lower each one's line goes (to the first where it runs
    into none already written in its row) and where it is centred (Marker.sub_shift).  The next row clears the lines above it."""
    spots: list[QPointF] = []
    rows: list[int] = []
    shifts: list[float] = []
    top = y + 0.02 * UNIT
    for first in range(0, len(markers), per_row):
        row = markers[first:first + per_row]
        edge = x - (sum(m.width for m in row) + GAP * UNIT * (len(row) - 1)) / 2
        written: dict[int, list[tuple[float, float]]] = {}
        drops = []
        for c, m in enumerate(row):
            mx = edge + m.width / 2
            edge += m.width + GAP * UNIT
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
        top += max(m.height for m in row) + GAP * UNIT + 0.05 * UNIT + max(
            ((1 + d) * SUB_LINE for m, d in zip(row, drops, strict=True) if m.sub),
            default=0) * UNIT
    return spots, rows, shifts


def spread(markers: list[Marker], per_row: int) -> tuple[Marker, ...]:
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
