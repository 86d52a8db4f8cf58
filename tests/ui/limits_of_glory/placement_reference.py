"""The placement search of the Limits of Glory markers as it was before issue 12's
vectorised search (ffl.ui.limits_of_glory.placement), kept verbatim: each candidate
place weighed one by one with QRectF and shapely.  test_placement_reference lays the
same positions out with both and asks for exactly the same placements."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from shapely import box as shapely_box
from shapely import contains_xy

from ffl.ui.limits_of_glory.marker_item import (
    NUDGES,
    PER_ROW,
    PRINT_WEIGHT,
    SIZE,
    Marker,
    layout,
    spread,
)
from ffl.ui.limits_of_glory.markers import (
    ANCHOR_REACH,
    ANCHOR_STEP,
    FINE,
    REACH,
    STACK_PRINT,
    MarkerLayer,
)
from ffl.ui.style import UNIT


class ReferenceLayer(MarkerLayer):
    """A marker layer searching as before (the methods below are the old ones)."""

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
        points = [p for p in points if contains_xy(near, *p)]
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
        others = [(o, weight) for o in self.avoid.values() if o.intersects(zone)] + \
            [(o, 1.0) for o in self._placed if o.intersects(zone)]
        total, rects_all, spots = 0.0, [], []
        for m in markers:
            m.sub_row, m.sub_shift = 0, 0.0
            mine = None
            for x, y in points:
                m.setPos(QPointF(x * UNIT, y * UNIT))
                cost, _, rects = self._nudge(key, [m], ((0.0, 0.0),), others,
                                             None if mine is None else mine[0])
                if mine is None or cost < mine[0]:
                    mine = (cost, m.pos(), rects)
                if cost == 0:
                    break
            for dx in FINE if mine[0] else ():      # finer round the best point
                for dy in FINE:
                    m.setPos(mine[1] + QPointF(dx * UNIT, dy * UNIT))
                    cost, _, rects = self._nudge(key, [m], ((0.0, 0.0),), others, mine[0])
                    if cost < mine[0]:
                        mine = (cost, m.pos(), rects)
            total += mine[0]
            spots.append(mine[1])
            rects_all += mine[2]
            others += [(r, 1.0) for r in mine[2]]
        if len(self._anchored) > 64:
            self._anchored.clear()
        self._anchored[sign] = (total, list(spots), list(rects_all))
        if total < best[0]:
            best = (total, tuple(markers), spots, [0] * len(markers), [0.0] * len(markers),
                    QPointF(0.0, 0.0), rects_all, shown)
        return best

    def _nudge(self, key: str, markers: list[Marker], nudges=NUDGES, others=None,
               bound: float | None = None) -> tuple[float, QPointF, list[QRectF]]:
        """The first of NUDGES that keeps ``key``'s markers (where they stand now)
        inside their space and off what is printed (for it and the others) and off
        the markers of the spaces placed before; when none is clear, the one covering
        least (print weighs PRINT_WEIGHT; a marker out of its space as much as a whole
        marker on print, the line under it as a marker beside another).  Returns
        (what it covers, the shift, the rectangles the markers then take)."""
        polygon = self._outline(key)
        s = SIZE * UNIT
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
        rivers = self._rivers_near(key) if stacked else None
        if others is None:
            self._looked = self._looked.united(zone)
            others = [(o, weight) for o in self.avoid.values() if o.intersects(zone)] + \
                [(o, 1.0) for o in self._placed if o.intersects(zone)]
        best: tuple[float, QPointF, list[QRectF]] | None = None
        for dx, dy in nudges:
            d = QPointF(dx * UNIT, dy * UNIT)
            rects, squares = [], set()
            for m in markers:
                p = m.pos() + d
                squares.add(len(rects))
                rects.append(m.body().translated(p))
                if m.sub:
                    rects.append(m.sub_rect().translated(p))
            cost = 0.0
            for n, r in enumerate(rects):
                for o, w in others:
                    if r.intersects(o):
                        cut = r.intersected(o)
                        cost += cut.width() * cut.height() * w
                if bound is not None and cost >= bound:
                    break           # no better than the best found: enough
                if stacked:
                    # a summary is wide: the part of it out of its space counts, and
                    # the part of it (or of its leader's name) on a river (the Nile is
                    # Cairo's border) as much as print covered: it stays on land
                    body = shapely_box(r.left() / UNIT, r.top() / UNIT, r.right() / UNIT,
                                       r.bottom() / UNIT)
                    wet = body.intersection(rivers).area if rivers.intersects(body) else 0.0
                    if n in squares and not polygon.contains(body):
                        wet += (body.area - body.intersection(polygon).area) / STACK_PRINT
                    cost += r.width() * r.height() * wet / max(body.area, 1e-9) * weight
                elif not contains_xy(polygon, r.center().x() / UNIT, r.center().y() / UNIT):
                    # a marker out of its space misleads as much as print covered
                    cost += s * s * (PRINT_WEIGHT if n in squares else 1)
            if best is None or cost < best[0]:
                best = (cost, d, rects)
            if cost == 0:
                break
        return best
