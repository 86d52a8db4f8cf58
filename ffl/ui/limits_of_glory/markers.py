"""The markers on the map, drawn from the state a player may see.

Square markers are elements (one per nationality and type, showing how many, as
the printed markers are exchanged like currency); round markers are commanders
(seniority number and name, glory beside them), the invasion fleets, the
frigate Muiron and the Bedouin.  Momentum markers are small purple (French) and
yellow (Allied) discs; an uprising is a red star.  Elements inside a BUA under
siege are drawn with a wall-coloured rim.

The engine's own counters are never made (the UI's ``draws_own_pieces``): the game's pieces are many single
elements, shown here grouped.  A crowded space shows a summary per side instead,
and a click on it shows them all on a card (:mod:`.stacks`); one marker is a
:class:`.marker_item.Marker`.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem
from shapely import contains_xy, from_wkb, prepare

from ffl.engine import GameState, Module
from ffl.ui.style import UNIT

from .marker_item import (  # noqa: F401  (SUB_LINE, sub_font: read by the tests)
    ALLIED_MOMENTUM,
    FRENCH_MOMENTUM,
    NUDGES,
    PER_ROW,
    PRINT_WEIGHT,
    SIZE,
    SUB_LINE,
    Z_MARKERS,
    Marker,
    layout,
    short_name,
    spread,
    sub_font,
)
from .placement import STACK_PRINT, Others, board_of, weigh
from .stacks import CROWDED, CROWDED_IF_COVERING, Z_CARD, card, summaries

#: the farthest a nudge moves markers (board units)
REACH = max(abs(d) for nudge in NUDGES for d in nudge)
#: NUDGES in scene units
_NUDGE_X = np.array([dx for dx, _dy in NUDGES]) * UNIT
_NUDGE_Y = np.array([dy for _dx, dy in NUDGES]) * UNIT
#: summaries with no clear place round the centre try points this far apart
ANCHOR_STEP = 0.12
#: ... from the space and as far round it (board units; standing out costs)
ANCHOR_REACH = 0.5
#: ... and then this much round the best of them
FINE = (-0.06, -0.04, -0.02, -0.01, 0.0, 0.01, 0.02, 0.04, 0.06)

def _placements_of(board) -> dict[tuple, tuple]:
    return board_of(board).placements


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
        #: crowded spaces (shown as a summary per side): key -> their markers in full
        self.crowded: dict[str, list[Marker]] = {}
        #: the crowded space whose markers are shown in full on a card beside it
        self.expanded: str | None = None
        #: the card (its background item) of the expanded space, when shown
        self.card: QGraphicsRectItem | None = None
        #: where crowded spaces' summaries were placed by :meth:`_anchor` (a search),
        #: by what was measured: a rebuild of the same finds them at once
        self._anchored: dict[tuple, tuple] = {}
        #: each space's placement by :meth:`_arrange` (a search), by its markers as
        #: measured, with the zone the search looked at and what stood in it then:
        #: a rebuild redoes only the spaces whose markers or surroundings changed
        self._board = board_of(scene.board)
        self._placements = self._board.placements
        #: the zone the search of the space being placed looked at (scene units)
        self._looked = QRectF()
        #: the rivers near each space, and each space's outline, a copy prepared for
        #: the many questions of the search (made once per board)
        self._river_cache = self._board.rivers_near
        self._outlines = self._board.outlines
        #: where the player dragged each space's card (its top left corner)
        self.card_at: dict[str, QPointF] = {}
        #: the spaces the player may click next (his choices name them, or the
        #: activated space's markers may move there): the card keeps off their print
        self.targets: set[str] = set()

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()
        self.by_space.clear()
        self.crowded.clear()
        self.card = None
        self._placed = []

    def add(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self.items.append(item)

    def rebuild(self, state: GameState, *, real: str | None = None,
                activated: str | None = None) -> None:
        self.clear()
        self._state, self._real, self._activated = state, real, activated
        types = self.module.piece_types
        spaces: dict[str, list] = {}
        for p in state.pieces.values():
            if p.status == "active" and p.space in self.scene.board.spaces:
                spaces.setdefault(p.space, []).append(p)
        for key in sorted(spaces):
            self._space(key, spaces[key], types, real, activated == key)
        if self.expanded not in self.crowded:
            self.expanded = None
        if self.expanded is not None:
            card(self, self.expanded)
        self._momentum(state)
        self._uprisings(state)

    def toggle(self, key: str | None) -> None:
        """Show the markers of crowded space ``key`` in full on a card beside it (or
        fold them back into the summary when it is the card shown; None folds any)."""
        self.expanded = None if key is None or key == self.expanded else key
        self.rebuild(self._state, real=self._real, activated=self._activated)

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
        best = self._arranged(key, markers)
        if len(markers) >= CROWDED or (len(markers) >= CROWDED_IF_COVERING and best[0] > 0):
            self.crowded[key] = markers
            best = self._arranged(key, summaries(self, key, pieces, markers, types, active))
        self._commit(key, best)

    def _juniors(self, cid: str, pieces) -> list[str]:
        types = self.module.piece_types
        return [types[p.type].name for p in self._state.pieces.values()
                if p.status == "with" and p.data.get("with") == cid]

    def _near(self, zone: QRectF) -> tuple:
        """What a placement search in ``zone`` weighs: the print and the markers
        placed so far there (in the order the search meets them)."""
        return (tuple(r.getRect() for r in self.avoid.values() if r.intersects(zone)),
                tuple(r.getRect() for r in self._placed if r.intersects(zone)))

    def _arranged(self, key: str, markers: list[Marker]):
        """:meth:`_arrange`, or its answer for the same markers of the same space
        among the same print and placed markers (the search is then not run again:
        the markers take exactly the places and lines it gave them before)."""
        space = self.scene.board[key]
        sign = (key, space.centre, space.polygon.bounds, tuple((m.form, m.side, m.nation, m.symbol, m.text, m.sub, m.sub_width,
                            m.width, m.height, m.inside, m.highlight, m.lead_nation,
                            m.lead_text, tuple(m.entries)) for m in markers))
        hit = self._placements.get(sign)
        if hit is not None and self._near(hit[0]) == hit[1]:
            _, _, (cost, order, spots, rows, shifts, shift, rects, shown, lines), states = hit
            for m, (pos, sub, width, row, sub_shift) in zip(markers, states, strict=True):
                m.sub, m.sub_width, m.sub_row, m.sub_shift = sub, width, row, sub_shift
                m.setPos(pos)
            return (cost, tuple(markers[i] for i in order), [QPointF(p) for p in spots],
                    list(rows), list(shifts), QPointF(shift), [QRectF(r) for r in rects],
                    shown, [(markers[i], sub, width) for i, sub, width in lines])
        self._looked = QRectF()
        best = self._arrange(key, markers)
        cost, order, spots, rows, shifts, shift, rects, shown, lines = best
        at = {id(m): i for i, m in enumerate(markers)}
        if len(self._placements) > 512:
            self._placements.clear()
        self._placements[sign] = (
            QRectF(self._looked), self._near(self._looked),
            (cost, tuple(at[id(m)] for m in order), [QPointF(p) for p in spots], list(rows),
             list(shifts), QPointF(shift), [QRectF(r) for r in rects], shown,
             [(at[id(m)], sub, width) for m, sub, width in lines]),
            [(QPointF(m.pos()), m.sub, m.sub_width, m.sub_row, m.sub_shift) for m in markers])
        return best

    def _arrange(self, key: str, markers: list[Marker]):
        """Rows of PER_ROW markers under the space's centre, or of 3, 2 or 5 when that
        keeps them off what is printed and inside the space (a narrow space), in
        their order or with the markers that have a line under them spread over the
        rows (fewer lines stacked under one row); each layout moved by the best of
        NUDGES (:meth:`_nudge`).  A space too crowded for the lines under its
        commanders and fleets (every layout covers something) goes without them when
        that covers less: the marker's tooltip and the Commanders table give them."""
        x, y = self.scene.board[key].centre
        lines = [(m, m.sub, m.sub_width) for m in markers if m.sub]
        # a summary always names its leader (that is most of what it is for)
        stacked = any(m.form == "stack" for m in markers)
        best = None
        for shown in (True, False) if lines and not stacked else (True,):
            for m, sub, width in lines:
                m.sub, m.sub_width = (sub, width) if shown else ("", 0.0)
            stacks = (1,) if any(m.form == "stack" for m in markers) else ()
            for per_row in dict.fromkeys(min(k, len(markers)) or 1
                                         for k in (PER_ROW, 3, 2, 5, *stacks)):
                for order in dict.fromkeys((tuple(markers), spread(markers, per_row))):
                    spots, rows, shifts = layout(x * UNIT, y * UNIT, list(order), per_row)
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
            if best[0] > 0 and stacked:
                best = self._anchor(key, markers, best, shown)
            if best[0] == 0:
                break
        return (*best, lines)

    def _anchor(self, key: str, markers: list[Marker], best, shown: bool):
        """A crowded space's summaries with no clear place round its centre (a narrow
        space such as Cairo, the Nile its western border): each placed on its own at
        the point (ANCHOR_STEP apart over the space and ANCHOR_REACH round it, the
        nearest the centre first) where it covers least, kept when that is better."""
        polygon = self.scene.board[key].polygon
        cx, cy = self.scene.board[key].centre
        near = polygon.buffer(ANCHOR_REACH)
        minx, miny, maxx, maxy = near.bounds
        points = [(minx + i * ANCHOR_STEP, miny + j * ANCHOR_STEP)
                  for i in range(int((maxx - minx) / ANCHOR_STEP) + 1)
                  for j in range(int((maxy - miny) / ANCHOR_STEP) + 1)]
        inside = contains_xy(near, [p[0] for p in points], [p[1] for p in points])
        points = [p for p, yes in zip(points, inside, strict=True) if yes]
        points.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
        # each summary on its own, the first where it covers least, then the next
        # keeping off it too (the French below Cairo's name, the Allies above)
        zone = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
        zone = zone.adjusted(-4 * UNIT, -2 * UNIT, 4 * UNIT, 2 * UNIT)
        self._looked = self._looked.united(zone)
        sign = (key, shown, tuple((m.width, m.height, m.sub_width) for m in markers),
                tuple((r.x(), r.y(), r.width(), r.height()) for r in self._placed))
        if sign in self._anchored:      # the same summaries among the same markers
            total, spots, rects_all = self._anchored[sign]
            if total < best[0]:
                best = (total, tuple(markers), list(spots), [0] * len(markers),
                        [0.0] * len(markers), QPointF(0.0, 0.0), list(rects_all), shown)
            return best
        weight = PRINT_WEIGHT * STACK_PRINT
        others = Others([(o, weight) for o in self.avoid.values() if o.intersects(zone)] +
                        [(o, 1.0) for o in self._placed if o.intersects(zone)])
        xs = np.array([p[0] for p in points]) * UNIT
        ys = np.array([p[1] for p in points]) * UNIT
        fine_x = np.array([dx for dx in FINE for _dy in FINE]) * UNIT
        fine_y = np.array([dy for _dx in FINE for dy in FINE]) * UNIT
        total, rects_all, spots = 0.0, [], []
        for m in markers:
            m.sub_row, m.sub_shift = 0, 0.0
            # every point at once: the first where it covers least
            found = self._weigh(key, [m], [xs], [ys], others)
            k = found.best()
            mine = (float(found.cost[k]), QPointF(xs[k], ys[k]), found.rects(k))
            # then finer round the best point: each step round the best found so far
            # (from the first better step on, the rest round it)
            done = 0
            while mine[0] and done < len(fine_x):
                at_x, at_y = mine[1].x() + fine_x[done:], mine[1].y() + fine_y[done:]
                found = self._weigh(key, [m], [at_x], [at_y], others, mine[0])
                better = np.flatnonzero(found.cost < mine[0])
                if not len(better):
                    break
                k = int(better[0])
                mine = (float(found.cost[k]), QPointF(at_x[k], at_y[k]), found.rects(k))
                done += k + 1
            m.setPos(mine[1])
            total += mine[0]
            spots.append(mine[1])
            rects_all += mine[2]
            others = others.plus(mine[2], 1.0)
        if len(self._anchored) > 64:
            self._anchored.clear()
        self._anchored[sign] = (total, list(spots), list(rects_all))
        if total < best[0]:
            best = (total, tuple(markers), spots, [0] * len(markers), [0.0] * len(markers),
                    QPointF(0.0, 0.0), rects_all, shown)
        return best

    def _weigh(self, key: str, markers: list[Marker], xs, ys, others: Others,
               below: float | None = None):
        """:func:`.placement.weigh` for space ``key``'s markers."""
        stacked = any(m.form == "stack" for m in markers)
        return weigh(markers, xs, ys, others, self._outline(key),
                     self._rivers_near(key) if stacked else None, below)

    def _rivers_near(self, key: str):
        """The rivers round space ``key`` (a small piece of them, prepared: quick)."""
        near = self._river_cache.get(key)
        if near is None:
            near = self._board.rivers.intersection(self.scene.board[key].polygon.buffer(3.0))
            prepare(near)
            self._river_cache[key] = near
        return near

    def _outline(self, key: str):
        """Space ``key``'s polygon (the same points), prepared: quick to ask whether
        a point or a marker is inside."""
        outline = self._outlines.get(key)
        if outline is None:
            outline = from_wkb(self.scene.board[key].polygon.wkb)
            prepare(outline)
            self._outlines[key] = outline
        return outline

    def _commit(self, key: str, best) -> None:
        """Put the markers where :meth:`_arrange` found best."""
        _, order, spots, rows, shifts, shift, rects, shown, lines = best
        for m, sub, width in lines:     # too crowded for them: the tooltip tells
            m.sub, m.sub_width = (sub, width) if shown else ("", 0.0)
        for i, (m, spot, row, sub_shift) in enumerate(zip(order, spots, rows, shifts,
                                                          strict=True)):
            m.sub_row, m.sub_shift = row, sub_shift
            m.setPos(spot + shift)
            m.setZValue(Z_MARKERS + i * 0.01)
            self.add(m)
        self._placed.extend(rects)
        self.by_space[key] = list(order)

    def _nudge(self, key: str, markers: list[Marker]) -> tuple[float, QPointF, list[QRectF]]:
        """The first of NUDGES that keeps ``key``'s markers (where they stand now)
        inside their space and off what is printed (for it and the others) and off
        the markers of the spaces placed before; when none is clear, the one covering
        least (:func:`.placement.weigh`: print weighs PRINT_WEIGHT; a marker out of its
        space as much as a whole marker on print, the line under it as a marker beside
        another).  Returns (what it covers, the shift, the rectangles the markers then
        take)."""
        zone = QRectF()
        for m in markers:
            zone = zone.united(m.mapRectToScene(m.boundingRect()))
        reach = REACH * UNIT
        zone = zone.adjusted(-reach, -reach, reach, reach)
        # covering print (a name, a value, VPs) weighs more than touching a marker
        # a summary is made so that what is printed shows: standing out of its space
        # a little is the lesser harm
        stacked = any(m.form == "stack" for m in markers)
        weight = PRINT_WEIGHT * (STACK_PRINT if stacked else 1)
        self._looked = self._looked.united(zone)
        others = Others([(o, weight) for o in self.avoid.values() if o.intersects(zone)] +
                        [(o, 1.0) for o in self._placed if o.intersects(zone)])
        found = self._weigh(key, markers, [m.pos().x() + _NUDGE_X for m in markers],
                            [m.pos().y() + _NUDGE_Y for m in markers], others)
        k = found.best()
        return float(found.cost[k]), QPointF(_NUDGE_X[k], _NUDGE_Y[k]), found.rects(k)

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
            self.add(star)

    def marker_at(self, pos: QPointF) -> Marker | None:
        for item in self.scene.items(pos):
            if isinstance(item, Marker):
                return item
        return None

    def fade_card(self, faded: bool) -> None:
        """While a marker is dragged off the card, the card lets the map show through."""
        if self.card is None:
            return
        for item in self.items:
            if item.zValue() >= Z_CARD:
                item.setOpacity(0.3 if faded else 1.0)

    def shift_card(self, d: QPointF) -> None:
        """Move the card shown by ``d`` (the player drags it by its ground); it stays
        there, for that space, when the map is redrawn."""
        if self.card is None or self.expanded is None:
            return
        for item in self.items:
            if item.zValue() >= Z_CARD:
                item.moveBy(d.x(), d.y())
        self.card_at[self.expanded] = self.card.rect().translated(self.card.pos()).topLeft()

    def on_card(self, pos: QPointF) -> bool:
        """Is ``pos`` on the card of the expanded space (not on one of its markers)?"""
        return self.card is not None and self.card.contains(self.card.mapFromScene(pos))
