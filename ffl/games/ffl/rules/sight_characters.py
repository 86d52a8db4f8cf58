"""Characters in the way of a line of sight (7.533): a character on the level
the firer and the target share, in a square on the line that the firer sees
(7.534), stops the line; at a corner the line touches, it stops the line when
the other side of the corner is closed too (another such character, or a square
high enough on the chart that the firer sees).

:class:`CharactersInTheWay` holds that search for :class:`.sight.Sight`, which
calls it once a line is clear on the terrain and someone on the shared level
stands on one of its squares.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import sight_verdicts
from .sight_verdicts import SEEN as _SEEN
from .sight_verdicts import SightVerdict


class CharactersInTheWay:
    """7.533 for :class:`.sight.Sight` (its grid, rows of shipped verdicts and
    terrain verdicts)."""

    def _character_between(self, fpos, tl: int, ia: int, ib: int, first: int,
                           occupied: Mapping[str, Mapping[int, str]]) -> SightVerdict | None:
        """7.533 the verdict when a character on the shared level ``fl`` stands
        on the way in a square the firer sees (for a corner: on one side of it,
        the other side closed too); None when none does.  Crossings before the
        one holding ``first`` (the first such character's square) hold nobody
        on that level, so the search starts there."""
        fl = fpos[1]
        grid = self._grid
        k0 = grid[ia + first]
        (ca, ra), (cb, rb), (cx, cy) = self._cells[fpos[0]], self._cells[grid[ib]], self._cells[k0]
        dx, dy = cb - ca, rb - ra
        if 2 * abs(dx * (cy - ra) - dy * (cx - ca)) < abs(dx) + abs(dy):  # crossed_inside
            # the line runs through that square, not by a corner of it: it is
            # stopped there if the firer sees the square
            row = self._rows.get(fpos)              # :meth:`_visible`, its usual case inlined
            j = self._at.get((k0, fl)) if row else None
            if (row[2][row[1][j]] & _SEEN if j is not None else self._visible(fpos, (k0, fl))):
                who = ", ".join((occupied[k0][fl],))
                found = self._blocked.get((fl, k0, who))       # :meth:`_stands_between`
                return found if found is not None else self._stands_between(fl, k0, who)
        started = False
        for corner, px, py, d0, d1, w in self._tmpl(ia, ib)[0]:
            if not started:
                if d0 != first and (not corner or d1 != first):
                    continue
                started = True
            k0 = grid[ia + d0]
            if not corner:
                h = occupied.get(k0)
                if not h or fl not in h or not self._visible(fpos, (k0, fl)):
                    continue
                spot: str | tuple[float, float] = k0
                who = ", ".join((h[fl],))
            else:
                k1 = grid[ia + d1]
                h0, h1 = occupied.get(k0) or {}, occupied.get(k1) or {}
                if k0 is None or k1 is None or not (h0 or h1):
                    continue
                m0 = fl in h0 and self._visible(fpos, (k0, fl))
                m1 = fl in h1 and self._visible(fpos, (k1, fl))
                if not (m0 or m1):
                    continue
                need = self._need_row(fl, tl)[w]
                if not ((m0 or (need is not None and self._high_and_seen(fpos, k0, need)))
                        and (m1 or (need is not None and self._high_and_seen(fpos, k1, need)))):
                    continue
                who = ", ".join(h[fl] for h in (h0, h1) if fl in h)
                ca, ra = self._cells[fpos[0]]
                spot = ((2 * ca + px) / 2, (2 * ra + py) / 2)
            return self._stands_between(fl, spot, who)
        return None

    def _stands_between(self, fl: int, spot, who: str) -> SightVerdict:
        """7.533 the verdict naming who stands in the way, where (kept)."""
        memo = (fl, spot, who)
        found = self._blocked.get(memo)
        if found is None:
            found = self._blocked[memo] = SightVerdict(
                False, "7.533", spot, f"7.533 {who} on level {fl} stands between them")
        return found

    def _visible(self, fpos: tuple[str, int], tpos: tuple[str, int]) -> bool:
        """7.534 whether the firer sees the square of ``tpos`` at that level
        (:meth:`terrain` with ``bulk``; the shipped file keeps that bit too)."""
        row = self._rows.get(fpos)
        if row:
            j = self._at.get(tpos)
            if j is not None:
                return bool(row[2][row[1][j]] & sight_verdicts.SEEN)
        sh = self._shipped
        if sh is not None:
            i, j = sh.index.get(fpos), sh.index.get(tpos)
            seen = None if i is None or j is None else sh.seen(i, j)
            if seen is not None:
                return seen
        return self.terrain(fpos, tpos, bulk=True).clear
