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
from shapely.geometry import MultiPolygon, Polygon

from ffl.engine import Board, Side, Space
from ffl.engine import features as F
from ffl.games import manifest

from . import plot_marks
from . import symbols as sym
from .board_layout import WALL_WIDTHS, BoardLayout, side_ends
from .page import FOOTER, HEADER, MARGIN, PAPERS, Doc
from .source import PrintSource

LEGEND_HEIGHT = 62.0
#: the map sheet's left and right margins (points): a quarter inch, so the map,
#: which its width bounds on both papers, comes out as large as a printer allows
SIDE_MARGIN = 18.0
#: height of a ruled line for notes under the legend (the room the map cannot use)
NOTE_LINE = 17.0
BLANK_NOTE_HEIGHT = 46.0
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
    return w - 2 * SIDE_MARGIN, h - 2 * MARGIN - HEADER - FOOTER - legend - 6


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
    plot = plot_marks.plot_for(source)          # 21.11 the side's own secret plot
    below = (BLANK_NOTE_HEIGHT if blank_grid else LEGEND_HEIGHT) + \
        (plot_marks.NOTE_HEIGHT if plot else 0)
    avail_h = doc.bottom - doc.top - below - 6
    s = min(doc.frame_width / bw, avail_h / bh)
    terrains = source.module.attrs.get("terrains")
    mapper = MapPainter(board, source.module.game, s, blank_grid, doc,
                        terrains if isinstance(terrains, dict) else None)
    ox = (doc.frame_width - bw * s) / 2

    def levels_of(key: str) -> tuple[int, ...]:
        levels = board[key].get("levels")
        return tuple(levels) if isinstance(levels, list | tuple) and levels else (0,)

    def draw_map(p: QPainter, rect: QRectF) -> None:
        mapper.paint(p, QPointF(rect.x() + ox - minx * s, rect.y() - miny * s))
        if plot:
            plot_marks.draw(p, mapper, plot, levels_of)

    doc.block(bh * s + 6, draw_map)
    if plot:
        doc.paragraph(plot_marks.note(_side_name(source), plot), size=7.5, bold=True,
                      space_after=2.0)
    if blank_grid:
        doc.paragraph("Blank grid for secret plots. Tunnels (15.21): sixteen squares in "
                      "straight, one-square-wide lines that start at the board edge; number "
                      "each tunnel and note its collapse roll. Hidden Legion positions (21.11): "
                      "write the first letter of the name and the organization (R3 for Pvt. "
                      "Romanov, 3rd Squad) with an arrow for the facing.", size=8)
    else:
        if mapper.layout.crowded:
            sections = [sheet.title for sheet in manifest(source.module.game).sheets
                        if sheet.id not in ("gameboard", "setup-sheet")] \
                if manifest(source.module.game) is not None else []
            doc.paragraph(f"{len(board)} spaces are too small at this size to be numbered: "
                          "this page shows the whole map at a glance"
                          + (f"; the {sections[0]} sheet prints them readable."
                             if sections and "map" in sections[0].lower() else "."),
                          size=8, space_after=3)
        items = mapper.legend_items()
        height = min(LEGEND_HEIGHT, _legend_height(items, doc.frame_width, doc))
        doc.block(height, lambda p, rect: _legend(p, rect, items, doc))
        _notes(doc)


def _side_name(source: PrintSource) -> str:
    controller = manifest(source.module.game).controller_class()(source.module)
    named = getattr(controller, "scenario_side_name", None)
    return named(source.state, source.side) if named else source.side.capitalize()


def _notes(doc: Doc) -> None:
    """Ruled lines for pencilled notes in the room the map cannot take (the map's
    width bounds it; on Letter paper that leaves a band under the legend)."""
    lines = int((doc.left() - 16) // NOTE_LINE)
    if lines < 2:
        return
    font = doc.font(7.5, bold=True)
    doc.text_at(doc.x, doc.y, "Notes", font)
    top = doc.y + 4

    def rule(p: QPainter, rect: QRectF) -> None:
        p.setPen(QPen(QColor("#9a9a9a"), 0.5))
        for i in range(1, lines + 1):
            y = top + i * NOTE_LINE
            p.drawLine(QPointF(rect.left() + 30, y), QPointF(rect.right(), y))
    doc.block(doc.left(), rule)


class MapPainter:
    """Draws one board at ``s`` points per board unit, as its :class:`BoardLayout` says."""

    def __init__(self, board: Board, game: str, s: float, blank: bool, doc: Doc,
                 terrains: dict | None = None) -> None:
        self.board, self.game, self.s, self.blank, self.doc = board, game, s, blank, doc
        self.terrains = terrains or {}
        self.origin = QPointF(0, 0)
        self.levels = {k: top_level(sp) for k, sp in board.spaces.items()}
        self.name_font = doc.font(max(5.0, min(8.0, s * 0.28)), bold=True)
        self.small = doc.font(max(4.5, min(6.5, s * 0.2)))
        self.layout = BoardLayout(board, s, doc.metrics(self.label_font()), self.name_font,
                                  doc.metrics(self.name_font), doc.metrics(self.small),
                                  doc.wrap)
        self._place()

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

    def label_font(self) -> QFont:
        return self.doc.font(max(4.5, min(6.5, self.s * 0.24)))

    def _place(self) -> None:
        """Put the symbols that may go anywhere in their space, then the names."""
        lay = self.layout
        if not self.blank:
            towers: set[str] = set()
            for link in self.board.links:
                if link.kind == "tower-stairway" or (link.a == link.b and "stair" in link.kind):
                    towers.add(link.a)
                elif "stair" in link.kind:
                    lay.place_symbol("stair", link.a, {"towards": link.b}, square=False)
            for key in sorted(towers):
                lay.place_symbol("tower", key)
            for key, space in self.board.spaces.items():
                terrain = str(space.get("terrain", "")).lower()
                if (not lay.crowded and not space.get("letter") and terrain not in QUIET_TERRAIN
                        and not self._pattern(terrain)):
                    lay.place_text("terrain", key, str(space.get("terrain")))
        groups: dict[str, list[Polygon]] = {}
        for space in self.board.spaces.values():
            name = space.get("building") or ("Gate" if space.get("gate") else None)
            if name:
                groups.setdefault(str(name), []).append(space.polygon)
        grid = self.board.attrs.get("grid") == "square"
        for name, polys in groups.items():
            lay.place_name(name, polys, grid)

    def _pattern(self, terrain: str) -> str:
        info = self.terrains.get(terrain)
        return str(info.get("pattern", "")) if isinstance(info, dict) else ""

    def _space_pattern(self, space: Space) -> str:
        """A space's pattern: its terrain's, else waves for a sea space (Limits of
        Glory's ``region: sea``, The Legend Begins' sea hexes: sea and land read
        apart on the sheet)."""
        own = self._pattern(str(space.get("terrain", "")).lower())
        sea = "sea" in (str(space.get("region", "")).lower(), str(space.get("terrain", "")).lower())
        return own or ("waves" if sea else "")

    # -- drawing ------------------------------------------------------------------------

    def paint(self, p: QPainter, origin: QPointF) -> None:
        p.translate(origin)
        if not self.blank:
            self._fills(p)
            self._patterns(p)
        self._grid(p)
        self._sides(p)
        for placed in self.layout.free:
            if placed.kind in ("stair", "tower") and not self.blank:
                self._symbol(p, placed)
        self._labels(p)
        self._names(p)

    def _fills(self, p: QPainter) -> None:
        by_level: dict[int, list[Polygon]] = {}
        for key, space in self.board.spaces.items():
            by_level.setdefault(self.levels[key], []).append(space.polygon)
        for level in sorted(by_level):
            merged = shapely.unary_union(by_level[level])
            sym.fill_area(p, self.path(merged), level, self.s)

    def _patterns(self, p: QPainter) -> None:
        """A module's own terrains print with their pattern (``attrs["terrains"]``)."""
        by_pattern: dict[str, list[Polygon]] = {}
        for space in self.board.spaces.values():
            pattern = self._space_pattern(space)
            if pattern:
                by_pattern.setdefault(pattern, []).append(space.polygon)
        for pattern, polys in by_pattern.items():
            sym.pattern_area(p, self.path(shapely.unary_union(polys)), pattern, self.s)

    def _grid(self, p: QPainter) -> None:
        p.setPen(QPen(QColor("#7a7a7a"), max(0.3, self.s * 0.012)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for space in self.board.spaces.values():
            p.drawPath(self.path(space.polygon))

    def _ends(self, side: Side) -> tuple[QPointF, QPointF] | None:
        ends = side_ends(side)
        return None if ends is None else (self.pt(*ends[0]), self.pt(*ends[1]))

    def _sides(self, p: QPainter) -> None:
        sides = [sd for sd in self.board.sides.values() if sd.features and sd.geometry is not None]
        s = self.s
        faint = QColor("#9a9a9a")
        for side in sides:
            ends = self._ends(side)
            if ends and side.features & set(F.WATER) and not self.blank:
                sym.river(p, *ends, s)
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
                towards = self.board[self.layout.swing_side(side)].centre
                sym.door(p, *ends, s, width, self.pt(*towards))
            elif F.WINDOW in f:
                sym.window(p, *ends, s, width)
            if f & set(F.RIDGES):
                p.setPen(QPen(sym.BLACK, s * 0.05, Qt.PenStyle.DotLine))
                p.drawLine(*ends)

    def _symbol(self, p: QPainter, placed) -> None:
        rect = placed.rect
        if placed.kind == "tower":
            sym.tower_stair(p, rect, self.s)
        else:   # climbing the way the link goes, from its space to the other
            ax, ay = self.board[placed.key].centre
            bx, by = self.board[placed.extra["towards"]].centre
            sym.stair(p, rect, rect.center() + self.pt(bx, by) - self.pt(ax, ay), self.s)

    def _labels(self, p: QPainter) -> None:
        font = self.label_font()
        fm = self.doc.metrics(font)
        detail_font = self.doc.font(max(5.0, min(16.0, self.s * 0.3)), bold=True)
        for key, placed in self.layout.labels.items():
            box = placed.rect
            p.fillRect(box, sym.WHITE)
            scale = placed.extra.get("scale", 1.0)
            if scale != 1.0:
                small = QFont(font)
                small.setPointSizeF(font.pointSizeF() * scale)
                p.setFont(small)
            else:
                p.setFont(font)
            p.setPen(sym.BLACK)
            p.drawText(QPointF(box.left() + 0.6 * scale, box.top() + fm.ascent() * scale),
                       self.board[key].label)
            self._detail(p, self.board[key], detail_font)
        fm = self.doc.metrics(self.small)
        for placed in self.layout.free:
            if placed.kind == "terrain" and not self.blank:
                p.setFont(self.small)
                p.setPen(sym.BLACK)
                p.drawText(QPointF(placed.rect.left(), placed.rect.top() + fm.ascent()),
                           placed.extra["text"])

    def _detail(self, p: QPainter, space: Space, big: QFont) -> None:
        """A card map's letter and colour, big in the middle of the space."""
        if not space.get("letter"):
            return
        cx, cy = space.centre
        c = self.pt(cx, cy)
        lines = [(str(space.get("letter")), big)]
        if space.get("colour"):
            lines.append((str(space.get("colour")), self.small))
        y = c.y() - sum(self.doc.metrics(f).height() for _, f in lines) / 2 + self.s * 0.08
        for text, font in lines:
            fm = self.doc.metrics(font)
            p.setFont(font)
            p.setPen(sym.BLACK)
            p.drawText(QPointF(c.x() - fm.horizontalAdvance(text) / 2, y + fm.ascent()), text)
            y += fm.height()

    def _names(self, p: QPainter) -> None:
        """Building (and gate) names where the layout put them, on a white ground."""
        for placed in self.layout.free:
            if placed.kind != "name":
                continue
            font = self.name_font
            if placed.extra.get("scale", 1.0) != 1.0:
                font = QFont(font)
                font.setPointSizeF(font.pointSizeF() * placed.extra["scale"])
            fm = self.doc.metrics(font)
            rect = placed.rect
            y = rect.top()
            for line in placed.extra["lines"]:
                tw = fm.horizontalAdvance(line)
                x = rect.center().x() - tw / 2
                p.fillRect(QRectF(x - 1.5, y, tw + 3, fm.height()), QColor(255, 255, 255, 235))
                p.setFont(font)
                p.setPen(QColor("#7a7a7a") if self.blank else sym.BLACK)
                p.drawText(QPointF(x, y + fm.ascent()), line)
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
        if feats & set(F.WATER):
            items.append((line_sample(lambda p, a, b: sym.river(p, a, b, s)), "river"))
        if feats & set(F.RIDGES):
            def ridge(p, a, b):
                p.setPen(QPen(sym.BLACK, s * 0.05, Qt.PenStyle.DotLine))
                p.drawLine(a, b)
            items.append((line_sample(ridge), "ridge or escarpment"))
        used = {str(sp.get("terrain", "")).lower() for sp in self.board.spaces.values()}
        for name, info in self.terrains.items():
            pattern = self._pattern(name)
            if name in used and pattern:
                def swatch(p, r, pattern=pattern):
                    path = QPainterPath()
                    path.addRect(r)
                    sym.pattern_area(p, path, pattern, s)
                    p.setPen(QPen(QColor("#7a7a7a"), 0.4))
                    p.drawRect(r)
                items.append((swatch, str(info.get("legend") or name)))
        if any(self._space_pattern(sp) == "waves" and not self._pattern(
                str(sp.get("terrain", "")).lower()) for sp in self.board.spaces.values()):
            def sea(p, r):
                path = QPainterPath()
                path.addRect(r)
                sym.pattern_area(p, path, "waves", s)
                p.setPen(QPen(QColor("#7a7a7a"), 0.4))
                p.drawRect(r)
            items.append((sea, "sea space"))
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


def _legend_height(items, width: float, doc: Doc) -> float:
    """The height the legend takes in ``width`` (rows as :func:`_legend` wraps them)."""
    fm = doc.metrics(doc.font(7))
    x, rows = 0.0, 1
    for _, text in items:
        w = 22.0 + 4 + fm.horizontalAdvance(text) + 12
        if x + w > width and x > 0:
            x, rows = 0.0, rows + 1
        x += w
    return 4 + rows * 19.0 + 6


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
