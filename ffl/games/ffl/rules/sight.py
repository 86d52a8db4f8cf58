"""Line of sight (7.5): from the sighting dot of one square to another's.

The line runs from the centre of the firer's square to the centre of the
target's square.  Along it we collect, in order, every square it passes
through and every square corner it touches exactly (a centre-to-centre line on
a square grid never runs along a side).  Then:

* 7.52  an adjacent target on a lower level seen through a crenelated side or
  corner is never visible, and neither is the reverse;
* walls (our reading of 7.5 with 7.721): the line leaves the firer's square
  and enters the target's square at their own levels; a side carrying a wall
  at that level with no door, window or crenel there stops it (a corner stops
  it only when both sides of the square meeting there are such walls), except
  the wall face under the other unit's own raised square (a parapet seen from
  the foot of its inner wall, or a rooftop from the parapet above it);
* 7.51  with no crossed square or corner of level 1-3 and no other character
  on the way, the line is clear;
* 7.53  otherwise every crossed square and corner is checked on the Line of
  Sight Chart: firing level x target level x where the square lies (CF/MW/CT,
  by comparing firing ranges firer->square and square->target, 7.532) gives
  the level at which the square blocks;
* 7.533 when firer and target share a level, a character on that level in a
  crossed square blocks;
* 7.534 a square that cannot itself be seen from the firer (at its top level)
  blocks nothing.

Corners: the line touching a corner exactly passes *between* two squares (the
two that share the corner but are neither left nor entered there).  It is
stopped there only when both of them would stop it (each high enough on the
chart and visible from the firer, or each holding a character on the shared
level): a line grazing one building's corner is not blocked, a line squeezing
between two diagonal buildings is.  This keeps the 45-degree edges of the
firing arc (7.3) open from a parapet, which the wedge-shaped arc suggests is
meant.  A corner on the board's edge has one flank and never blocks.

A square's level for blocking is its top level (the one printed on the map).
The terrain part of a verdict depends only on the board and is cached per
board; characters are checked per call.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ffl.engine import los
from ffl.engine.board import Board

from .. import tables
from .arc import coords

#: Side features that stop a line at their level unless an opening is there.
WALLS = frozenset({"thin-wall", "thick-wall", "gate"})
#: Side features a line may pass through (7.721 lists them as partial cover).
OPENINGS = frozenset({"door", "window", "crenel"})
#: Our reading: solid walls of the firer's and target's squares stop sight.
WALLS_BLOCK = True


@dataclass(frozen=True)
class SightVerdict:
    """Whether a line of sight is clear, the rule that decided, and where.

    ``deciding`` is the square key that blocked (or, for a corner, the corner
    as board coordinates ``(x, y)``), or None when nothing on the way decided.
    """

    clear: bool
    rule: str
    deciding: str | tuple[float, float] | None
    reason: str

    def __bool__(self) -> bool:
        return self.clear


class Crossing(NamedTuple):
    """One square or corner on a line, in order from the firer.

    ``point`` is in doubled grid units (square centres odd, corners even) so
    every comparison stays in integers.  ``squares`` are the squares whose
    level counts: the square itself, or the two squares flanking a corner.
    """

    kind: str                       # "square" or "corner"
    point: tuple[int, int]
    squares: tuple[str, ...]


class Walk(NamedTuple):
    """The line from square ``a`` to square ``b``: what lies between, and how
    the line leaves ``a`` and enters ``b`` (the neighbour squares across the
    side or corner it goes through)."""

    a: str
    b: str
    middle: tuple[Crossing, ...]
    exit_via: tuple[str, ...]       # a's orthogonal neighbours across the exit
    entry_via: tuple[str, ...]      # b's orthogonal neighbours across the entry


#: Walk templates by (grid columns, dx, dy), shared by every board of that width.
_TEMPLATES: dict[tuple[int, int, int], tuple] = {}


class Sight:
    """Line-of-sight verdicts for one board, with the terrain part cached.

    Build one per board with :func:`sight_for` (cached); ``fort`` is the
    :class:`~ffl.games.ffl.terrain.Fort` of the same board.
    """

    def __init__(self, board: Board, fort) -> None:
        self.board = board
        self.fort = fort
        self._table = los.sight_table(board)
        self._cells = {k: coords(board, k) for k in board.keys()}
        self._at = {v: k for k, v in self._cells.items()}
        self._cols = max(c for c, _ in self._cells.values()) + 1
        rows = max(r for _, r in self._cells.values()) + 1
        self._grid: list = [None] * (self._cols * rows)
        for k, (c, r) in self._cells.items():
            self._grid[r * self._cols + c] = k
        self._top = {k: fort.top(k) for k in board.keys()}
        self._walks: dict[tuple[str, str], Walk] = {}
        self._terrain: dict[tuple, SightVerdict] = {}

    # -- geometry ---------------------------------------------------------------------

    def walk(self, a: str, b: str) -> Walk:
        """The squares and corners between ``a`` and ``b`` (exact, cached)."""
        w = self._walks.get((a, b))
        if w is None:
            fast = self._table.fast
            w = self._walks[(a, b)] = self._shifted(a, b) if fast else self._grid_walk(a, b)
        return w

    def _template(self, dx: int, dy: int) -> tuple:
        """The walk for an offset, in cells relative to the firer's square:
        built once per offset from the engine's exact template
        (:func:`ffl.engine.los.offset_template`)."""
        cols = self._cols
        t = _TEMPLATES.get((cols, dx, dy))
        if t is not None:
            return t
        items = los.offset_template(dx, dy)
        last = len(items) - 1
        mid: list[tuple] = []
        exit_via: tuple = ()
        entry_via: tuple = ()

        def deltas(cells) -> tuple[int, ...]:
            return tuple(r * cols + c for c, r in cells)

        for i, (kind, cells, _t0, _t1) in enumerate(items):
            if kind == los.SPACE:
                if 0 < i < last:
                    c, r = cells[0]
                    mid.append(("square", (2 * c + 1, 2 * r + 1), deltas(cells)))
                continue
            prev, nxt = items[i - 1][1][0], items[i + 1][1][0]
            across = tuple(c for c in cells if c not in (prev, nxt))
            if kind == los.CORNER:
                point = (2 * max(c for c, _ in cells), 2 * max(r for _, r in cells))
                mid.append(("corner", point, deltas(across)))
            if i == 1:
                exit_via = deltas(across if kind == los.CORNER else (nxt,))
            if i == last - 1:
                entry_via = deltas(across if kind == los.CORNER else (prev,))
        t = _TEMPLATES[(cols, dx, dy)] = (tuple(mid), exit_via, entry_via)
        return t

    def _shifted(self, a: str, b: str) -> Walk:
        """The template of the offset from ``a`` to ``b`` placed at ``a``.

        Every cell of a walk lies in the rectangle spanned by its two end
        squares, so on a full grid no index falls off the board."""
        (ca, ra), (cb, rb) = self._cells[a], self._cells[b]
        mid, exit_via, entry_via = self._template(cb - ca, rb - ra)
        grid, o, x0, y0 = self._grid, ra * self._cols + ca, 2 * ca, 2 * ra

        def keys(ds: tuple[int, ...]) -> tuple[str, ...]:
            return tuple(k for d in ds if (k := grid[o + d]) is not None)

        seq = []
        for kind, (px, py), ds in mid:
            if len(ds) == 1:
                ks = (grid[o + ds[0]],)       # squares between two squares are on the board
            else:
                ks = keys(ds)
            seq.append(Crossing(kind, (x0 + px, y0 + py), ks))
        return Walk(a, b, tuple(seq), keys(exit_via), keys(entry_via))

    def level_of(self, crossing: Crossing) -> int:
        """The elevation a crossing counts at: its square's top, or for a
        corner the lower of its two flanking squares (0 on the board edge)."""
        if crossing.kind == "square":
            return self._top[crossing.squares[0]] if crossing.squares else 0
        if len(crossing.squares) < 2:
            return 0
        return min(self._top[k] for k in crossing.squares)

    @staticmethod
    def _where(fp: tuple[int, int], xp: tuple[int, int], tp: tuple[int, int]) -> str:
        """7.532 CF / MW / CT: firing range firer->square against square->target."""
        df = max(abs(xp[0] - fp[0]), abs(xp[1] - fp[1]))
        dt = max(abs(tp[0] - xp[0]), abs(tp[1] - xp[1]))
        return tables.los_position(df, dt)

    def _centre2(self, key: str) -> tuple[int, int]:
        c, r = self._cells[key]
        return (2 * c + 1, 2 * r + 1)

    def _features(self, a: str, via: tuple[str, ...], level: int) -> list[frozenset[str]]:
        return [frozenset(self.fort.side_features(a, n, level)) for n in via]

    def entry_features(self, a: str, b: str, level: int) -> frozenset[str]:
        """Features at ``level`` on the sides of ``b`` the line from ``a`` enters by."""
        out: frozenset[str] = frozenset()
        for feats in self._features(b, self.walk(a, b).entry_via, level):
            out |= feats
        return out

    def _solid(self, key: str, via: tuple[str, ...], level: int, other: str) -> bool:
        """Whether the line crossing ``key``'s border towards ``via`` hits a wall.

        A wall face at ``level`` on the side towards ``other`` (the square at the
        far end of the line) that lies below ``other``'s lowest level is the
        solid body ``other``'s unit stands on (the face under a parapet), not a
        wall between the two units: the line passes over it (7.51, 7.52)."""
        if not via:
            return False
        for n, f in zip(via, self._features(key, via, level), strict=True):
            if not f & WALLS or f & OPENINGS:
                return False
            if n == other and level < self.fort.bottom(other):
                return False
        return True

    # -- verdicts ---------------------------------------------------------------------

    def terrain(self, fpos: tuple[str, int], tpos: tuple[str, int],
                bulk: bool = False) -> SightVerdict:
        """The verdict from the board alone (no characters), cached.

        ``bulk`` asks whether the square itself can be seen (7.534): the
        crenel and wall checks of the end squares are left out.
        """
        key = (fpos, tpos, bulk)
        v = self._terrain.get(key)
        if v is None:
            v = self._terrain[key] = self._compute(fpos, tpos, bulk)
        return v

    def _compute(self, fpos, tpos, bulk: bool) -> SightVerdict:
        (a, fl), (b, tl) = fpos, tpos
        if a == b:
            return SightVerdict(False, "7.5", b, "7.5 same square, another level")
        w = self.walk(a, b)
        if not bulk:
            # 7.52 adjacent and lower through a crenel (either way round)
            if fl != tl and self.board.adjacent(a, b):
                hi = max(fl, tl)
                crossed = self._features(a, w.exit_via, hi) if not w.middle \
                    else [frozenset(self.fort.corner_features(a, b, hi))]
                if any("crenel" in f for f in crossed):
                    return SightVerdict(False, "7.52", b,
                                        "7.52 adjacent and lower, across a crenelated wall")
            if WALLS_BLOCK and self._solid(a, w.exit_via, fl, b):
                return SightVerdict(False, "7.5", a,
                                    "7.5 a wall of the firer's square stands in the way")
            if WALLS_BLOCK and self._solid(b, w.entry_via, tl, a):
                return SightVerdict(False, "7.5", b,
                                    "7.5 a wall of the target's square stands in the way")
        high = [x for x in w.middle if self.level_of(x) >= 1]
        if not high:
            return SightVerdict(True, "7.51", None, "7.51 nothing of level 1-3 on the way")
        for x in high:
            where, need = self._need(fpos, tpos, x)
            if need is None:
                continue
            if all(self._high_and_seen(fpos, sq, need) for sq in x.squares):
                return SightVerdict(False, "7.53", self._spot(x),
                                    f"7.53 {self._name(x)} {where}: level {need}+ blocks "
                                    f"from level {fl} to level {tl}")
        return SightVerdict(True, "7.53", None,
                            "7.53 no square on the way is high enough to block")

    def _need(self, fpos, tpos, x: Crossing) -> tuple[str, int | None]:
        """7.531 where the crossing lies (CF/MW/CT) and the level that blocks there."""
        where = self._where(self._centre2(fpos[0]), x.point, self._centre2(tpos[0]))
        return where, chart_level(fpos[1], tpos[1], where)

    def _high_and_seen(self, fpos, sq: str, need: int) -> bool:
        """Square ``sq`` reaches ``need`` and the firer sees it (7.534)."""
        top = self._top[sq]
        return top >= need and self.terrain(fpos, (sq, top), bulk=True).clear

    @staticmethod
    def _spot(x: Crossing) -> str | tuple[float, float]:
        return x.squares[0] if x.kind == "square" else (x.point[0] / 2, x.point[1] / 2)

    def _name(self, x: Crossing) -> str:
        if x.kind == "square":
            return f"{x.squares[0]} (level {self._top[x.squares[0]]})"
        return "the corner between " + " and ".join(
            f"{k} (level {self._top[k]})" for k in x.squares)

    def verdict(self, fpos: tuple[str, int], tpos: tuple[str, int],
                occupied: Mapping[str, Mapping[int, str]] | None = None) -> SightVerdict:
        """The full verdict: terrain, then characters on the way (7.533).

        ``occupied`` maps square -> level -> character id for every character
        on the board (see :func:`occupancy`).
        """
        v = self.terrain(fpos, tpos)
        if not v.clear or not occupied:
            return v
        (a, fl), (b, tl) = fpos, tpos
        crowded = False
        for x in self.walk(a, b).middle:
            here = [occupied.get(sq) or {} for sq in x.squares]
            if not any(here):
                continue
            crowded = True
            if fl != tl:
                continue
            # 7.533 a character on the shared level, in a square the firer sees
            manned = [fl in h and self.terrain(fpos, (sq, fl), bulk=True).clear
                      for sq, h in zip(x.squares, here, strict=True)]
            if x.kind == "corner":
                if len(x.squares) < 2 or not any(manned):
                    continue
                _, need = self._need(fpos, tpos, x)
                closed = all(m or (need is not None and self._high_and_seen(fpos, sq, need))
                             for sq, m in zip(x.squares, manned, strict=True))
            else:
                closed = manned[0]
            if closed:
                who = ", ".join(h[fl] for h in here if fl in h)
                return SightVerdict(False, "7.533", self._spot(x),
                                    f"7.533 {who} on level {fl} stands between them")
        if crowded and v.rule == "7.51":
            return SightVerdict(True, "7.53", None,
                                "7.53 characters on the way, none on the firing level")
        return v


def chart_level(firing: int, target: int, where: str) -> int | None:
    """7.531 the level at which a square at ``where`` blocks (None: nothing can)."""
    return tables.los_block_level(firing, target, where)


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def sight_for(board: Board, fort) -> Sight:
    """The cached :class:`Sight` of ``board`` (one per board object)."""
    s = _CACHE.get(board)
    if s is None:
        s = _CACHE[board] = Sight(board, fort)
    return s


def occupancy(state, types) -> dict[str, dict[int, str]]:
    """square -> level -> id of every character on the board."""
    out: dict[str, dict[int, str]] = {}
    for p in state.active():
        t = types.get(p.type)
        if t is None or t.kind != "character":
            continue
        out.setdefault(p.space, {})[p.level] = p.id
    return out
