"""Terrain queries over the French Foreign Legion fort board (``Fort``).

The board is an engine ``square_grid`` (``A1`` top left, ``AF16`` bottom right).
How the fort is encoded, so the rules can ask questions without knowing it:

Square attributes (``Space.attrs``)
    ``levels``   sorted list of the elevation levels present in the square
                 (1.12): ``[0]`` sand or parade ground, ``[0, 1]`` a building
                 (floor and rooftop), ``[2]`` an outer wall (its parapet),
                 ``[0, 2]`` a gate square (passage and parapet above),
                 ``[0, 1, 2, 3]`` a tower, ``[1]`` a raised stair landing.
    ``terrain``  ``"sand"`` outside the fort (3 MF start, 6.121) or ``"fort"``
                 (5 MF start, 6.122).
    ``area``     ``"sand"``, ``"parade"``, ``"wall"``, ``"tower"``, ``"gate"``,
                 ``"building"`` or ``"stairway"`` (a raised landing).
    ``building`` the building's name on building squares.
    ``gate``     true on the two gate squares.
    ``edge``     ``"N"``/``"S"``/``"E"``/``"W"`` on board-edge squares (a corner
                 square has its first edge here and both in ``edges``).

Side features (``Side.features``), with ``Side.attrs["levels"]`` mapping each
feature to the levels it is present at (a feature missing from that mapping is
present at every level):
    ``thick-wall`` the outer walls and the wall faces under a parapet,
    ``thin-wall``  building and tower walls,
    ``crenel``     a crenelated parapet edge (7.52, 7.721),
    ``door``, ``window`` openings in a wall at the listed levels (6.13),
    ``gate``       the main gate between a gate square and the sand (2.2).
A side that has a wall feature at a level blocks movement at that level
unless it also has a door or window there.

Links
    ``stairway``        ``Link(a, b)`` with ``attrs`` ``from_level`` (at ``a``,
                        the lower end) and ``to_level`` (at ``b``, one higher).
                        ``a`` is the stairway square (6.62): a piece in it
                        stands at ``from_level``; climbing takes it to ``b`` at
                        ``to_level``, and back.
    ``tower-stairway``  ``Link(t, t)`` inside one tower square, ``from_level`` L
                        to ``to_level`` L+1 (6.61).
Stairway links cross whatever wall features the side between their squares
has: the stair is the way through.
"""

from __future__ import annotations

from functools import cached_property

from ffl.engine import features as F
from ffl.engine.board import Board

#: The side features of the fort board (fort.py builds them; the rules read them).
FEATURES = (F.THICK_WALL, F.THIN_WALL, F.CRENEL, F.DOOR, F.WINDOW, F.GATE)
#: 6.13 features that close a side to a step at their level (the gate stays
#: closed in the Basic Game, 2.2).  A crenel stops walking only (a jump goes
#: over the battlement, 6.5).
MOVE_BLOCKERS = frozenset({F.THICK_WALL, F.THIN_WALL, F.GATE})
#: 6.13 the openings a step may pass, orthogonally only.
MOVE_OPENINGS = frozenset({F.DOOR, F.WINDOW})
#: 7.5 (our reading) features that stop a line of sight at their level unless
#: an opening is there.
SIGHT_BLOCKERS = MOVE_BLOCKERS
#: 7.721 features a line of sight may pass through; entering the target's
#: square through one of them gives partial cover.
SIGHT_OPENINGS = frozenset({F.DOOR, F.WINDOW, F.CRENEL})
COVER_FEATURES = SIGHT_OPENINGS
#: Every kind of wall: it can be grappled (6.32) and is drawn as a wall.
WALL_FEATURES = MOVE_BLOCKERS | {F.CRENEL}
OPENINGS = MOVE_OPENINGS
STAIR_KINDS = ("stairway", "tower-stairway")
EDGES = ("N", "S", "E", "W")


class Fort:
    """Read-only terrain questions about one FFL board (all answers cached)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._side_cache: dict[tuple[str, str, int], frozenset[str]] = {}
        self._levels: dict[str, tuple[int, ...]] = {}

    # -- squares ------------------------------------------------------------------

    def levels(self, key: str) -> tuple[int, ...]:
        """The elevation levels present in the square, lowest first (1.12)."""
        found = self._levels.get(key)
        if found is None:  # asked for on every step and sight line: read the attrs once
            found = self._levels[key] = tuple(self.board[key].attrs.get("levels", (0,)))
        return found

    def top(self, key: str) -> int:
        """The highest level of the square: the one the printed board shows (1.12)."""
        return self.levels(key)[-1]

    def bottom(self, key: str) -> int:
        return self.levels(key)[0]

    def has_level(self, key: str, level: int) -> bool:
        return level in self.levels(key)

    def terrain(self, key: str) -> str:
        return self.board[key].attrs.get("terrain", "sand")

    def is_fort(self, key: str) -> bool:
        """Inside the fort or on its walls (5 MF start, 6.122)."""
        return self.terrain(key) == "fort"

    def is_sand(self, key: str) -> bool:
        """Desert outside the fort (3 MF start 6.121; soft landing 6.512)."""
        return self.terrain(key) == "sand"

    def area(self, key: str) -> str:
        return self.board[key].attrs.get("area", "sand")

    def building(self, key: str) -> str | None:
        return self.board[key].attrs.get("building")

    def is_gate(self, key: str) -> bool:
        return bool(self.board[key].attrs.get("gate"))

    def squares(self, area: str | None = None) -> list[str]:
        """Every square key (of one area if given), in board order."""
        return [k for k in self.board.keys() if area is None or self.area(k) == area]

    @cached_property
    def buildings(self) -> dict[str, list[str]]:
        """Building name -> its squares."""
        out: dict[str, list[str]] = {}
        for key in self.board.keys():
            name = self.building(key)
            if name:
                out.setdefault(name, []).append(key)
        return out

    @cached_property
    def _edges(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {e: [] for e in EDGES}
        for key in self.board.keys():
            attrs = self.board[key].attrs
            for edge in attrs.get("edges", [attrs["edge"]] if "edge" in attrs else []):
                out[edge].append(key)
        return out

    def edge_squares(self, edge: str) -> list[str]:
        """The squares along one side of the board, where units enter (6.21)."""
        return list(self._edges[edge])

    def coords(self, key: str) -> tuple[int, int]:
        attrs = self.board[key].attrs
        return int(attrs["col"]), int(attrs["row"])

    # -- sides ----------------------------------------------------------------------

    def side_features(self, a: str, b: str, level: int) -> frozenset[str]:
        """Features on the side between orthogonal neighbours ``a`` and ``b`` at ``level``."""
        cache_key = (a, b, level) if a <= b else (b, a, level)
        found = self._side_cache.get(cache_key)
        if found is None:
            side = self.board.side(a, b)
            if side is None:
                found = frozenset()
            else:
                per_level = side.attrs.get("levels", {})
                found = frozenset(
                    f for f in side.features
                    if f not in per_level or level in per_level[f]
                )
            self._side_cache[cache_key] = found
        return found

    def blocks(self, a: str, b: str, level: int) -> bool:
        """True if a wall (or the gate) closes the side at ``level`` with no door
        or window in it (6.13)."""
        feats = self.side_features(a, b, level)
        return bool(feats & WALL_FEATURES) and not feats & OPENINGS

    def corner_sides(self, a: str, b: str) -> list[tuple[str, str]]:
        """The four sides meeting at the corner shared by diagonal neighbours."""
        (ca, ra), (cb, rb) = self.coords(a), self.coords(b)
        by_coord = self._by_coord
        c1, c2 = by_coord[(ca, rb)], by_coord[(cb, ra)]
        return [(a, c1), (a, c2), (b, c1), (b, c2)]

    def corner_features(self, a: str, b: str, level: int) -> frozenset[str]:
        """Features at ``level`` on the sides meeting at the corner between
        diagonal neighbours ``a`` and ``b`` (a diagonal step crosses that corner)."""
        out: set[str] = set()
        for x, y in self.corner_sides(a, b):
            out |= self.side_features(x, y, level)
        return frozenset(out)

    @cached_property
    def _by_coord(self) -> dict[tuple[int, int], str]:
        return {self.coords(k): k for k in self.board.keys()}

    def wall_sides(self, key: str, level: int) -> list[tuple[str, int]]:
        """Walls a rope in ``key`` at ``level`` could be grappled to (6.32, 6.332).

        Each entry is (neighbour across the wall side, level of the wall top).
        A wall top above ``level`` is a climb up onto the neighbour's top; a wall
        top equal to ``level`` is a drop down onto the neighbour's top (a
        building's rooftop, never the floor under it: 6.13).  Only from the top
        of a square (nothing overhead) can a rope be thrown.
        """
        if level != self.top(key):
            return []
        out = []
        for n in sorted(self.board.orthogonal(key)):
            side = self.board.side(key, n)
            if side is None or not side.features & WALL_FEATURES:
                continue
            if self.top(n) > level:
                out.append((n, self.top(n)))
            elif self.top(n) < level:
                out.append((n, level))
        return out

    # -- stairways ------------------------------------------------------------------

    def stairways(self, key: str, level: int) -> list[tuple[str, int, str]]:
        """Where a climb from ``(key, level)`` leads: (to_key, to_level, kind) (6.6)."""
        out = []
        seen: set[int] = set()
        for link in self.board.links_from(key):
            if link.kind not in STAIR_KINDS or id(link) in seen:
                continue
            seen.add(id(link))
            lo, hi = int(link.attrs["from_level"]), int(link.attrs["to_level"])
            if link.a == key and lo == level:
                out.append((link.b, hi, link.kind))
            if link.b == key and hi == level:
                out.append((link.a, lo, link.kind))
        return out

    def climbs(self, key: str, level: int) -> list[tuple[str, int, str]]:
        """Every climb from ``(key, level)``: :meth:`stairways` plus the diagonal
        ones of 6.62's note (a stairway square may be entered and left
        diagonally).  A stair from square S up to square T also leads from S up
        to each square diagonal to S and beside T that has T's level, and down
        from such a square into S, across a corner with no wall, door or window
        at the upper level."""
        out = self.stairways(key, level)
        for link in self.board.links_from(key, "stairway"):
            lo, hi = int(link.attrs["from_level"]), int(link.attrs["to_level"])
            s, t = link.a, link.b
            if key == s and level == lo:
                out += [(d, hi, "stairway") for d in self._flank(s, t, hi)]
        for n in self.board.diagonal(key):
            for link in self.board.links_from(n, "stairway"):
                lo, hi = int(link.attrs["from_level"]), int(link.attrs["to_level"])
                if link.a == n and level == hi and key in self._flank(n, link.b, hi):
                    out.append((n, lo, "stairway"))
        return out

    def _flank(self, s: str, t: str, level: int) -> list[str]:
        """Squares diagonal to stairway square ``s``, beside its top square ``t``,
        with ``level``, reached across an open corner (6.62 NOTE)."""
        out = []
        for d in sorted(self.board.diagonal(s)):
            if t in self.board.orthogonal(d) and self.has_level(d, level) \
                    and not self.corner_features(s, d, level) & (WALL_FEATURES | OPENINGS):
                out.append(d)
        return out

    def is_stairway(self, key: str, level: int) -> bool:
        """A stairway square at that level: the lower end of a stair (6.62, 7.722)."""
        for link in self.board.links_from(key):
            if (link.kind in STAIR_KINDS and link.a == key
                    and int(link.attrs["from_level"]) == level):
                return True
        return False
