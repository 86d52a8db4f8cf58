"""The reduced gameboard (FFL rule 24): the whole map on one page, in black and white.

Every space is labelled so it can be named in writing; elevation levels are
grey levels with hatching (legend below the map); walls, crenels, the gate,
doors, windows, stairways and building names are drawn over them.  With
``blank_grid`` the map is an empty labelled grid with the walls faint, for
pencilling tunnels (15.21) and hidden Legion positions (21.11).  Square, hex
and free-polygon boards all print.
"""

from __future__ import annotations

from collections.abc import Callable

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageSize, QPainter, QPainterPath, QPen, QPolygonF
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon

from ffl.engine import Board, Side, Space
from ffl.engine import features as F
from ffl.games import manifest

from . import symbols as sym
from .page import FOOTER, HEADER, MARGIN, PAPERS, Doc
from .source import PrintSource

LEGEND_HEIGHT = 62.0
BLANK_NOTE_HEIGHT = 46.0
#: wall feature -> line width in board units, thin first (the thick ones cover their ends)
WALL_WIDTHS = {F.THIN_WALL: 0.07, F.WALL: 0.12, F.CRENELATED_WALL: 0.12, F.THICK_WALL: 0.15}
QUIET_TERRAIN = {"", "clear", "open", "sand", "fort"}


def top_level(space: Space) -> int:
    """The highest level in a space: the one a printed map shows (FFL 1.12)."""
    levels = space.get("levels")
    if isinstance(levels, list | tuple) and levels:
        return int(max(levels))
    level = space.get("level", space.get("elevation", 0))
    return int(level) if isinstance(level, int | float) else 0


def _extent(board: Board) -> tuple[float, float, float, float]:
    minx, miny, maxx, maxy = board.bounds
    return minx, miny, max(maxx - minx, 1e-6), max(maxy - miny, 1e-6)


def _map_area(paper: str, landscape: bool, legend: float) -> tuple[float, float]:
    size = QPageSize(PAPERS[paper]).sizePoints()
    w, h = float(size.width()), float(size.height())
    if landscape:
        w, h = h, w
    return w - 2 * MARGIN, h - 2 * MARGIN - HEADER - FOOTER - legend - 6


def landscape(source: PrintSource, paper: str) -> bool:
    """The orientation in which the map comes out largest."""
    _, _, bw, bh = _extent(source.game_board)

    def scale(land: bool) -> float:
        w, h = _map_area(paper, land, LEGEND_HEIGHT)
        return min(w / bw, h / bh)
    return scale(True) > scale(False)


def layout(doc: Doc, source: PrintSource, blank_grid: bool = False, **_options) -> None:
    board = source.game_board
    minx, miny, bw, bh = _extent(board)
    below = BLANK_NOTE_HEIGHT if blank_grid else LEGEND_HEIGHT
    avail_h = doc.bottom - doc.top - below - 6
    s = min(doc.frame_width / bw, avail_h / bh)
    mapper = MapPainter(board, source.module.game, s, blank_grid, doc)
    ox = (doc.frame_width - bw * s) / 2

    def draw_map(p: QPainter, rect: QRectF) -> None:
        mapper.paint(p, QPointF(rect.x() + ox - minx * s, rect.y() - miny * s))

    doc.block(bh * s + 6, draw_map)
    if blank_grid:
        doc.paragraph("Blank grid for secret plots. Tunnels (15.21): sixteen squares in "
                      "straight, one-square-wide lines that start at the board edge; number "
                      "each tunnel and note its collapse roll. Hidden Legion positions (21.11): "
                      "write the first letter of the name and the organization (R3 for Pvt. "
                      "Romanov, 3rd Squad) with an arrow for the facing.", size=8)
    else:
        items = mapper.legend_items()
        doc.block(below, lambda p, rect: _legend(p, rect, items, doc))


class MapPainter:
    """Draws one board at ``s`` points per board unit."""

    def __init__(self, board: Board, game: str, s: float, blank: bool, doc: Doc) -> None:
        self.board, self.game, self.s, self.blank, self.doc = board, game, s, blank, doc
        self.origin = QPointF(0, 0)
        self.levels = {k: top_level(sp) for k, sp in board.spaces.items()}

    def pt(self, x: float, y: float) -> QPointF:
        return QPointF(self.origin.x() + x * self.s, self.origin.y() + y * self.s)

    def path(self, geom: Polygon | MultiPolygon) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        parts = geom.geoms if isinstance(geom, MultiPolygon) else [geom]
        for poly in parts:
            for ring in (poly.exterior, *poly.interiors):
                path.addPolygon(QPolygonF([self.pt(x, y) for x, y in ring.coords]))
                path.closeSubpath()
        return path

    # -- drawing ------------------------------------------------------------------------

    def paint(self, p: QPainter, origin: QPointF) -> None:
        self.origin = origin
        if not self.blank:
            self._fills(p)
        self._grid(p)
        self._sides(p)
        if not self.blank:
            self._links(p)
        self._labels(p)
        self._names(p)

    def _fills(self, p: QPainter) -> None:
        by_level: dict[int, list[Polygon]] = {}
        for key, space in self.board.spaces.items():
            by_level.setdefault(self.levels[key], []).append(space.polygon)
        for level in sorted(by_level):
            merged = shapely.unary_union(by_level[level])
            sym.fill_area(p, self.path(merged), level, self.s)

    def _grid(self, p: QPainter) -> None:
        p.setPen(QPen(QColor("#7a7a7a"), max(0.3, self.s * 0.012)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for space in self.board.spaces.values():
            p.drawPath(self.path(space.polygon))

    def _ends(self, side: Side) -> tuple[QPointF, QPointF] | None:
        geom = side.geometry
        if geom is None:
            return None
        line = geom if isinstance(geom, LineString) else shapely.line_merge(geom)
        coords = (list(line.coords) if isinstance(line, LineString)
                  else [c for g in MultiLineString(line).geoms for c in g.coords])
        return self.pt(*coords[0]), self.pt(*coords[-1])

    def _sides(self, p: QPainter) -> None:
        sides = [sd for sd in self.board.sides.values() if sd.features and sd.geometry is not None]
        s = self.s
        faint = QColor("#9a9a9a")
        # walls, thin first so the thick ones cover their ends
        for name in WALL_WIDTHS:
            for side in sides:
                ends = self._ends(side)
                if name in side.features and ends:
                    width = WALL_WIDTHS[name] * s * (0.5 if self.blank else 1.0)
                    sym.wall(p, *ends, width, faint if self.blank else sym.BLACK)
        if self.blank:
            return
        for side in sides:
            ends = self._ends(side)
            if not ends:
                continue
            f = side.features
            width = max((WALL_WIDTHS[w] * s for w in WALL_WIDTHS if w in f), default=0.04 * s)
            if F.CRENEL in f:
                sym.crenels(p, *ends, s)
            if F.GATE in f:
                sym.gate(p, *ends, s)
            if F.DOOR in f:
                sym.door(p, *ends, s, width)
            elif F.WINDOW in f:
                sym.window(p, *ends, s, width)
            if f & set(F.WATER):
                p.setPen(QPen(QColor("#505050"), s * 0.08, Qt.PenStyle.DashLine))
                p.drawLine(*ends)
            if f & set(F.RIDGES):
                p.setPen(QPen(sym.BLACK, s * 0.05, Qt.PenStyle.DotLine))
                p.drawLine(*ends)

    def _rect(self, key: str) -> QRectF:
        minx, miny, maxx, maxy = self.board[key].polygon.bounds
        return QRectF(self.pt(minx, miny), self.pt(maxx, maxy))

    def _links(self, p: QPainter) -> None:
        towers: set[str] = set()
        for link in self.board.links:
            if link.kind == "tower-stairway" or (link.a == link.b and "stair" in link.kind):
                towers.add(link.a)
            elif "stair" in link.kind:
                bx, by = self.board[link.b].centre
                sym.stair(p, self._rect(link.a), self.pt(bx, by), self.s)
            else:
                a, b = self.board[link.a].centre, self.board[link.b].centre
                sym.link_arrow(p, self.pt(*a), self.pt(*b), self.s)
        for key in towers:
            sym.tower_stair(p, self._rect(key), self.s)

    def label_font(self) -> QFont:
        return self.doc.font(max(4.5, min(6.5, self.s * 0.24)))

    def _labels(self, p: QPainter) -> None:
        font = self.label_font()
        fm = self.doc.metrics(font)
        p.setFont(font)
        detail_font = self.doc.font(max(5.0, min(16.0, self.s * 0.3)), bold=True)
        small = self.doc.font(max(4.5, min(6.5, self.s * 0.2)))
        for space in self.board.spaces.values():
            text = space.label
            tw, th = fm.horizontalAdvance(text), fm.height()
            minx, miny, _, _ = space.polygon.bounds
            if space.kind == "square":
                at = self.pt(minx, miny) + QPointF(self.s * 0.06, self.s * 0.15)
            else:
                cx, _ = space.centre
                at = self.pt(cx, miny) + QPointF(-tw / 2, self.s * 0.12)
            box = QRectF(at.x() - 0.6, at.y(), tw + 1.2, th)
            p.fillRect(box, sym.WHITE)
            p.setFont(font)
            p.setPen(sym.BLACK)
            p.drawText(QPointF(at.x(), at.y() + fm.ascent()), text)
            self._detail(p, space, detail_font, small)

    def _detail(self, p: QPainter, space: Space, big: QFont, small: QFont) -> None:
        """What else a player must read off a space: a card map's letter and colour,
        or terrain other than open ground."""
        cx, cy = space.centre
        c = self.pt(cx, cy)
        lines: list[tuple[str, QFont]] = []
        if space.get("letter"):
            lines.append((str(space.get("letter")), big))
            if space.get("colour"):
                lines.append((str(space.get("colour")), small))
        elif not self.blank and str(space.get("terrain", "")).lower() not in QUIET_TERRAIN:
            lines.append((str(space.get("terrain")), small))
        y = c.y() - sum(self.doc.metrics(f).height() for _, f in lines) / 2 + self.s * 0.08
        for text, font in lines:
            fm = self.doc.metrics(font)
            p.setFont(font)
            p.setPen(sym.BLACK)
            p.drawText(QPointF(c.x() - fm.horizontalAdvance(text) / 2, y + fm.ascent()), text)
            y += fm.height()

    def _names(self, p: QPainter) -> None:
        """Building (and gate) names centred on their squares, on a white ground."""
        groups: dict[str, list[Polygon]] = {}
        for space in self.board.spaces.values():
            name = space.get("building") or ("Gate" if space.get("gate") else None)
            if name:
                groups.setdefault(str(name), []).append(space.polygon)
        font = self.doc.font(max(5.0, min(8.0, self.s * 0.28)), bold=True)
        fm = self.doc.metrics(font)
        for name, polys in groups.items():
            area = shapely.unary_union(polys)
            minx, miny, maxx, maxy = area.bounds
            width = (maxx - minx) * self.s - 4
            lines = self.doc.wrap(name, font, width)
            cy = (miny + maxy) / 2
            if self.board.attrs.get("grid") == "square" and cy - int(cy) < 0.45:
                cy = int(cy) + 0.58        # below the square labels of that row
            c = self.pt((minx + maxx) / 2, cy)
            h = fm.height() * len(lines)
            y = c.y() - h / 2
            for line in lines:
                tw = fm.horizontalAdvance(line)
                p.fillRect(QRectF(c.x() - tw / 2 - 1.5, y, tw + 3, fm.height()),
                           QColor(255, 255, 255, 235))
                p.setFont(font)
                p.setPen(QColor("#7a7a7a") if self.blank else sym.BLACK)
                p.drawText(QPointF(c.x() - tw / 2, y + fm.ascent()), line)
                y += fm.height()

    # -- legend -------------------------------------------------------------------------

    def legend_items(self) -> list[tuple[Callable[[QPainter, QRectF], None], str]]:
        """(sample drawing, text) for every level and feature this board has."""
        s = 22.0
        game = manifest(self.game)     # the level names are the game's (GameManifest)
        names = dict(game.level_names) if game is not None else {}
        items: list = []
        levels = sorted(set(self.levels.values()))
        if len(levels) > 1:
            for lv in levels:
                def sample(p, r, lv=lv):
                    path = QPainterPath()
                    path.addRect(r)
                    sym.fill_area(p, path, lv, s)
                    p.setPen(QPen(QColor("#7a7a7a"), 0.4))
                    p.drawRect(r)
                items.append((sample, names.get(lv, f"level {lv}")))
        feats = set().union(*(sd.features for sd in self.board.sides.values()))
        kinds = {lk.kind for lk in self.board.links}

        def line_sample(fn):
            return lambda p, r: fn(p, QPointF(r.left(), r.center().y()),
                                   QPointF(r.right(), r.center().y()))
        for name, text in ((F.THICK_WALL, "thick wall"), (F.THIN_WALL, "thin wall"),
                           (F.WALL, "wall")):
            if name in feats:
                items.append((line_sample(lambda p, a, b, n=name: sym.wall(
                    p, a, b, WALL_WIDTHS[n] * s)), text))
        if F.CRENEL in feats:
            items.append((line_sample(lambda p, a, b: sym.crenels(p, a, b, s)),
                          "crenelated edge (7.52)"))
        if F.GATE in feats:
            items.append((line_sample(lambda p, a, b: sym.gate(p, a, b, s)), "main gate (2.2)"))
        if F.DOOR in feats:
            items.append((line_sample(lambda p, a, b: (sym.wall(p, a, b, 0.07 * s),
                                                       sym.door(p, a, b, s, 0.07 * s))),
                          "door (6.13)"))
        if F.WINDOW in feats:
            items.append((line_sample(lambda p, a, b: (sym.wall(p, a, b, 0.07 * s),
                                                       sym.window(p, a, b, s, 0.07 * s))),
                          "window (6.1244)"))
        if any("stair" in k and k != "tower-stairway" for k in kinds):
            items.append((lambda p, r: sym.stair(p, _square(r), _square(r).center()
                                                 + QPointF(0, -10), s),
                          "stairway, arrow up (6.62)"))
        if "tower-stairway" in kinds:
            items.append((lambda p, r: sym.tower_stair(p, _square(r), s),
                          "tower stairway 0-3 (6.61)"))
        return items


def _square(r: QRectF) -> QRectF:
    side = min(r.width(), r.height())
    return QRectF(r.center().x() - side / 2, r.center().y() - side / 2, side, side)


def _legend(p: QPainter, rect: QRectF, items, doc: Doc) -> None:
    font = doc.font(7)
    fm = doc.metrics(font)
    sw, sh = 22.0, 14.0
    x, y = rect.left(), rect.top() + 4
    p.setFont(font)
    for draw, text in items:
        width = sw + 4 + fm.horizontalAdvance(text) + 12
        if x + width > rect.right() and x > rect.left():
            x, y = rect.left(), y + sh + 5
        p.save()
        draw(p, QRectF(x, y, sw, sh))
        p.restore()
        p.setFont(font)
        p.setPen(sym.BLACK)
        p.drawText(QPointF(x + sw + 4, y + sh / 2 + fm.ascent() / 2 - 1), text)
        x += width
