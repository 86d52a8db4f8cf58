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

import numpy as np

from ffl.engine.board import Board
from ffl.engine.features import CRENEL

from .. import tables
from ..terrain import SIGHT_BLOCKERS, SIGHT_OPENINGS, Fort
from . import sight_verdicts
from .interiors import Interiors
from .overlay import StateFort
from .sight_characters import CharactersInTheWay
from .sight_grid import _WHERE, Crossing, SightGrid, Walk  # noqa: F401 (re-exported)
from .sight_verdicts import SightVerdict, made  # noqa: F401 (re-exported)

#: Side features that stop a line at their level unless an opening is there.
WALLS = SIGHT_BLOCKERS
#: Side features a line may pass through (7.721 lists them as partial cover).
OPENINGS = SIGHT_OPENINGS
#: Our reading: solid walls of the firer's and target's squares stop sight.
WALLS_BLOCK = True
#: Our reading: an end inside a room (:mod:`.interiors`) sees out only through
#: the room's openings, whichever room square the line crosses first.  (Read
#: when a :class:`Sight` is made.)
ROOM_WALLS = True


#: the verdict number in a shipped palette entry (:mod:`.sight_verdicts`)
_NUMBER = np.uint16(sight_verdicts.SEEN - 1)
_CLEAR_51 = SightVerdict(True, "7.51", None, "7.51 nothing of level 1-3 on the way")
_CLEAR_53 = SightVerdict(True, "7.53", None, "7.53 no square on the way is high enough to block")
_CROWDED = SightVerdict(True, "7.53", None, "7.53 characters on the way, none on the firing level")
_NONE_HIGH, _NONE_BLOCKS = -2, -1


class Sight(CharactersInTheWay, SightGrid):
    """Line-of-sight verdicts for one board, with the terrain part cached.

    Build one per board with :func:`sight_for` (cached); ``fort`` is the
    :class:`~ffl.games.ffl.terrain.Fort` of the same board.  Squares are
    handled as grid indices (``row * columns + column``) and walks as
    templates of index offsets, so a verdict creates no objects until it is
    returned; which squares the firer sees (7.534) is kept per firer position.

    On the fort read through a plain :class:`~ffl.games.ffl.terrain.Fort` the
    terrain verdicts are looked up in the shipped file (:mod:`.sight_verdicts`)
    instead of being worked out; ``shipped=False`` always works them out (the
    file's generator and its test).
    """

    def __init__(self, board: Board, fort, shipped: bool = True) -> None:
        super().__init__(board, fort)
        self._needs: dict[tuple[int, int], tuple] = {}
        self._seen: dict[tuple[int, int], bytearray] = {}
        self._terrain: dict[tuple, SightVerdict] = {}
        self._walls: dict[tuple, bool] = {}
        self.interiors = Interiors(fort)
        self.rooms = WALLS_BLOCK and ROOM_WALLS
        #: 7.533 verdicts of a character in the way, by (level, spot, who)
        self._blocked: dict[tuple, SightVerdict] = {}
        self._shipped: sight_verdicts.Shipped | None = None
        if shipped and type(fort) is Fort and self.rooms and WALLS_BLOCK:
            # the fort's fingerprint covers its squares' shapes: a grid of unit squares
            self._shipped = sight_verdicts.for_board(board, fort, made)
            if self._shipped is not None:
                self._fast = True
        #: position -> its number in the shipped file (empty without one)
        self._at: dict[tuple[str, int], int] = {} if self._shipped is None \
            else self._shipped.index
        #: firing position -> the shipped verdicts from it (:meth:`_row`)
        self._rows: dict[tuple[str, int], tuple | bool] = {}
        #: the shipped verdicts made so far by number (:meth:`_row`)
        self._verdicts: list = [] if self._shipped is None else self._shipped.verdicts

    def _features(self, a: str, via: tuple[str, ...], level: int) -> list[frozenset[str]]:
        return [frozenset(self.fort.side_features(a, n, level)) for n in via]

    def room_crossing(self, a: str, b: str, level: int) -> list[tuple[str, str]]:
        """The sides (inside, outside) where the line from ``a`` (in a room at
        ``level``) towards ``b`` leaves the room; empty if ``a`` is in no room
        or ``b`` is in the same one."""
        if self.interiors.room(a, level) is None:
            return []
        return self.interiors.crossing(self._items(self._idx[a], self._idx[b]), level)[1]

    def entry_features(self, a: str, b: str, level: int) -> frozenset[str]:
        """Features at ``level`` on the sides of ``b`` the line from ``a`` enters by;
        for ``b`` inside a room (:mod:`.interiors`), those of the room's sides the
        line passes where it enters the room."""
        ia = self._idx[a]
        room = self.interiors.room(b, level) if self.rooms else None
        if room is not None and self.interiors.room(a, level) != room:
            _last, sides = self.interiors.crossing(self._items(ia, self._idx[b])[::-1], level)
            if sides:
                return frozenset().union(*(self.fort.side_features(x, y, level)
                                           for x, y in sides))
        out: frozenset[str] = frozenset()
        for feats in self._features(b, self._keys(ia, self._tmpl(ia, self._idx[b])[2]), level):
            out |= feats
        return out

    def _room_wall(self, ia: int, ib: int, level: int, end: str) -> SightVerdict | None:
        """The blocked verdict when the line from the end at grid index ``ia`` (a
        room square at ``level``) towards ``ib`` leaves the room through solid
        walls only (:mod:`.interiors`); None when it passes an opening, or when
        the other end is in the same room."""
        items = self._items(ia, ib)
        last, sides = self.interiors.crossing(items, level)
        if not sides or self.interiors.judge(sides, level)[0]:
            return None
        if last == items[0][1]:
            return SightVerdict(False, "7.5", last,
                                f"7.5 a wall of the {end}'s square stands in the way")
        room = self.interiors.name(self.interiors.room(last, level))
        return SightVerdict(False, "7.5", last,
                            f"7.5 the walls of the {end}'s {room} stand in the way at {last}")

    def _solid(self, key: str, via: tuple[str, ...], level: int, other: str) -> bool:
        """Whether the line crossing ``key``'s border towards ``via`` hits a wall.

        A wall face at ``level`` on the side towards ``other`` (the square at the
        far end of the line) that lies below ``other``'s lowest level is the
        solid body ``other``'s unit stands on (the face under a parapet), not a
        wall between the two units: the line passes over it (7.51, 7.52)."""
        if not via:
            return False
        memo = (key, via, level, other if other in via else None)
        found = self._walls.get(memo)
        if found is None:
            found = self._walls[memo] = self._solid_now(key, via, level, other)
        return found

    def _solid_now(self, key: str, via: tuple[str, ...], level: int, other: str) -> bool:
        for n, f in zip(via, self._features(key, via, level), strict=True):
            if not f & WALLS or f & OPENINGS:
                return False
            if n == other and level < self.fort.bottom(other):
                return False
        return True

    # -- verdicts ---------------------------------------------------------------------

    def terrain(self, fpos: tuple[str, int], tpos: tuple[str, int],
                bulk: bool = False, exposed: bool = False) -> SightVerdict:
        """The verdict from the board alone (no characters), cached.

        ``bulk`` asks whether the square itself can be seen (7.534): the
        crenel and wall checks of the end squares are left out.
        """
        key = (fpos, tpos, bulk, exposed)
        v = self._terrain.get(key)
        if v is None:
            v = None if bulk else self._lookup(fpos, tpos, exposed)
            if v is None:
                v = self._compute(fpos, tpos, bulk, exposed)
            self._terrain[key] = v
        return v

    def _lookup(self, fpos, tpos, exposed: bool) -> SightVerdict | None:
        """The shipped terrain verdict (:mod:`.sight_verdicts`), or None (no file
        for this board, a position not on it, a damaged row or line, or an exposed
        unit beside a crenel, 7.52, which the file does not hold: with nothing to
        stop it there the line is judged on as for any other)."""
        row = self._rows.get(fpos)
        if row is None:
            row = self._row(fpos)
        j = self._at.get(tpos)
        if row is False or j is None:
            return None
        number = row[0][row[1][j]]
        v = self._verdicts[number]
        if v is None:
            v = self._shipped.load(number)
        return None if v is None or (exposed and v.rule == "7.52") else v

    def _row(self, fpos) -> tuple | bool:
        """What :meth:`verdict` keeps of the shipped verdicts from ``fpos`` (kept):
        ``(numbers, row, codes)``: the verdict number of each entry of the
        firer's palette (the verdict itself is ``Shipped.verdicts[number]`` once
        made, by :meth:`.sight_verdicts.Shipped.load`), its row of palette
        entries by target number, and the palette's codes (the number, with
        :data:`~.sight_verdicts.SEEN` where the target square is seen); or
        False (no file, not a position of the file, a damaged row)."""
        sh = self._shipped
        i = None if sh is None else sh.index.get(fpos)
        if i is None or not sh.check(i):
            row: tuple | bool = False
        else:
            codes = np.frombuffer(sh.palette[sh.starts[i]:sh.starts[i + 1]], np.uint16)
            row = ((codes & _NUMBER).tolist(), bytes(sh.cells[i * sh.n:(i + 1) * sh.n]),
                   codes.tolist())
        self._rows[fpos] = row
        return row

    def _compute(self, fpos, tpos, bulk: bool, exposed: bool = False) -> SightVerdict:
        (a, fl), (b, tl) = fpos, tpos
        if a == b:
            return SightVerdict(False, "7.5", b, "7.5 same square, another level")
        ia, ib = self._idx[a], self._idx[b]
        mid, exit_d, entry_d = self._tmpl(ia, ib)
        if not bulk:
            exit_via, entry_via = self._keys(ia, exit_d), self._keys(ia, entry_d)
            # 7.52 adjacent and lower through a crenel (either way round)
            if fl != tl and not exposed and self.board.adjacent(a, b):
                hi = max(fl, tl)
                crossed = self._features(a, exit_via, hi) if not mid \
                    else [frozenset(self.fort.corner_features(a, b, hi))]
                if any(CRENEL in f for f in crossed):
                    return SightVerdict(False, "7.52", b,
                                        "7.52 adjacent and lower, across a crenelated wall")
            if WALLS_BLOCK and self._solid(a, exit_via, fl, b):
                return SightVerdict(False, "7.5", a,
                                    "7.5 a wall of the firer's square stands in the way")
            if WALLS_BLOCK and self._solid(b, entry_via, tl, a):
                return SightVerdict(False, "7.5", b,
                                    "7.5 a wall of the target's square stands in the way")
        k = self._scan(ia, fl, mid, tl)
        if k < 0:
            # clear on the chart: an end inside a room still sees only through the
            # room's doors, windows and crenels (:mod:`.interiors`)
            for i, j, lv, end in ((ia, ib, fl, "firer"), (ib, ia, tl, "target")):
                if self.rooms and not bulk and self.interiors.room(self._grid[i], lv):
                    v = self._room_wall(i, j, lv, end)
                    if v is not None:
                        return v
            return _CLEAR_51 if k == _NONE_HIGH else _CLEAR_53
        corner, px, py, d0, d1, w = mid[k]
        need = self._need_row(fl, tl)[w]
        grid, tops = self._grid, self._tops
        if corner:
            name = "the corner between " + " and ".join(
                f"{grid[i]} (level {tops[i]})" for i in (ia + d0, ia + d1))
            ca, ra = self._cells[a]
            spot: str | tuple[float, float] = ((2 * ca + px) / 2, (2 * ra + py) / 2)
        else:
            spot = grid[ia + d0]
            name = f"{spot} (level {tops[ia + d0]})"
        return SightVerdict(False, "7.53", spot,
                            f"7.53 {name} {_WHERE[w]}: level {need}+ blocks "
                            f"from level {fl} to level {tl}")

    def _need_row(self, fl: int, tl: int) -> tuple:
        """7.531 the blocking level at CF, MW and CT for these two levels."""
        row = self._needs.get((fl, tl))
        if row is None:
            row = self._needs[(fl, tl)] = tuple(chart_level(fl, tl, w) for w in _WHERE)
        return row

    def _scan(self, ia: int, fl: int, mid: tuple, tl: int) -> int:
        """7.51/7.53 over the crossings of one line from grid index ``ia`` at
        ``fl``: the index in ``mid`` of the first crossing that blocks, or
        ``_NONE_HIGH`` (nothing of level 1-3) or ``_NONE_BLOCKS``.

        A square blocks when it reaches the chart's level and the firer sees it
        (7.534); a corner when both its flanking squares do."""
        tops, grid = self._tops, self._grid
        needs = self._need_row(fl, tl)
        high = False
        for k, (corner, _px, _py, d0, d1, w) in enumerate(mid):
            i = ia + d0
            if corner:
                j = ia + d1
                if grid[i] is None or grid[j] is None:
                    continue                  # a corner on the board's edge: level 0
                lv = min(tops[i], tops[j])
            else:
                lv = tops[i]
            if lv < 1:
                continue
            high = True
            need = needs[w]
            if need is None or lv < need:
                continue
            if self._sees(ia, fl, i) and (not corner or self._sees(ia, fl, j)):
                return k
        return _NONE_BLOCKS if high else _NONE_HIGH

    def _sees(self, ia: int, fl: int, i: int) -> bool:
        """7.534 whether the firer at grid index ``ia``, level ``fl`` sees square
        ``i`` at its top level (terrain only, the end squares' walls left out)."""
        row = self._seen.get((ia, fl))
        if row is None:
            row = self._seen[(ia, fl)] = bytearray(len(self._grid))
        s = row[i]
        if not s:
            if i == ia:
                s = 2
            else:
                s = 1 if self._scan(ia, fl, self._tmpl(ia, i)[0], self._tops[i]) < 0 else 2
            row[i] = s
        return s == 1

    def _high_and_seen(self, fpos, sq: str, need: int) -> bool:
        """Square ``sq`` reaches ``need`` and the firer sees it (7.534)."""
        return self._top[sq] >= need and self._sees(self._idx[fpos[0]], fpos[1], self._idx[sq])

    def verdict(self, fpos: tuple[str, int], tpos: tuple[str, int],
                occupied: Mapping[str, Mapping[int, str]] | None = None,
                exposed: bool = False) -> SightVerdict:
        """The full verdict: terrain, then characters on the way (7.533).

        ``occupied`` maps square -> level -> character id for every character
        on the board (see :func:`occupancy`).  ``exposed``: the upper of two
        adjacent units stands exposed behind its battlement (11.1), so 7.52
        does not block.
        """
        row = self._rows.get(fpos)            # :meth:`_lookup`, its usual case inlined
        if row and not exposed:
            j = self._at.get(tpos)
            if j is not None:
                number = row[0][row[1][j]]
                v = self._verdicts[number]
                if v is None:
                    v = self._shipped.load(number)
            else:
                v = None
            if v is not None and (not v.clear or not occupied):
                return v
        else:
            v = None
        if v is None:
            v = self._lookup(fpos, tpos, exposed)
            if v is None:
                v = self._terrain.get((fpos, tpos, False, exposed))   # :meth:`terrain`
                if v is None:
                    v = self.terrain(fpos, tpos, exposed=exposed)
            if not v.clear or not occupied:
                return v
        (a, fl), (b, tl) = fpos, tpos
        if fl != tl and v.rule != "7.51":
            return v          # 7.533 needs a shared level; the chart (7.53) already decided
        ia, ib = self._idx[a], self._idx[b]
        grid = self._grid
        crowded = False
        first = None              # the first square on the way with someone on level fl
        on = self._on_at.get(self._spread[ib] - self._spread[ia])      # :meth:`_on` inlined
        if on is None:
            on = self._on(ia, ib)
        for d in on:                          # the squares between, corners' included
            h = occupied.get(grid[ia + d])
            if h:
                crowded = True
                if fl != tl:
                    break
                if fl in h:
                    first = d
                    break
        if first is None:
            # nobody on the firing level in the way: the terrain decides, but a
            # line with characters on it goes to the chart (7.51, 7.53)
            return _CROWDED if crowded and v.rule == "7.51" else v
        found = self._character_between(fpos, tl, ia, ib, first, occupied)
        if found is not None:
            return found
        return _CROWDED if v.rule == "7.51" else v


def chart_level(firing: int, target: int, where: str) -> int | None:
    """7.531 the level at which a square at ``where`` blocks (None: nothing can)."""
    return tables.los_block_level(firing, target, where)


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _fort_key(fort) -> tuple:
    """What a fort's answers depend on beyond its board: nothing for the plain
    :class:`~ffl.games.ffl.terrain.Fort`, the siege's and doors' changes for a
    :class:`~.overlay.StateFort`; any other kind of fort is its own key."""
    if type(fort) is Fort:
        return ("fort",)
    if type(fort) is StateFort:
        return ("state", *(frozenset(x) for x in (fort.closed, fort.opened, fort.breached,
                                                   fort.collapsed, fort.tunnels)))
    return ("object", id(fort))


def sight_for(board: Board, fort) -> Sight:
    """The cached :class:`Sight` of ``board`` as ``fort`` describes it: one per
    board and fort content (a new game's fort of the same board shares the
    verdicts already worked out; a fort changed by the siege, 15, has its own)."""
    by_fort = _CACHE.setdefault(board, {})
    key = (_fort_key(fort), WALLS_BLOCK and ROOM_WALLS)
    s = by_fort.get(key)
    if s is None or (key[0][0] == "object" and s.fort is not fort):
        if len(by_fort) > 64:
            by_fort.clear()
        s = by_fort[key] = Sight(board, fort)
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
