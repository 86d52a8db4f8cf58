"""The enclosed parts of the fort (7.5, our reading): where a line of sight
into or out of a room must pass its walls.

A position ``(square, level)`` is *interior* when the square has a level
above it: the floor of a building (a roof overhead), the floors of a tower
below its top, the gate passage under the parapet.  Interior squares that
touch at one level with nothing between them (no wall, door or window on the
shared side at that level) form one *room*: a building's floor, a tower's
floor, the gate passage.

A line of sight with an end inside a room leaves the room somewhere: where,
following the line from that end, it first reaches a square that is not in
the room.  That crossing is judged like a wall of the end square itself (our
reading of 7.5 with 7.721): a solid wall at the room's level stops the line,
a door, window or crenel lets it through as partial cover.  It matters when
the line reaches the end square through another square of the same room,
whose own walls the chart never asks about (and which 7.534 may hide): a
unit on a tower's ground floor is not seen from the sand through the tower's
solid walls.

A line crossing a corner of the room crosses the sides meeting at that corner
that separate a room square from an outside square: it is stopped only when
every one of them is solid at that level (as at the firer's and target's own
squares, a corner is open when any side meeting there is).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..terrain import SIGHT_BLOCKERS, SIGHT_OPENINGS

#: An item of a line, from one end to the other: ``("sq", key)`` for a square
#: it passes through, ``("corner", (flank, flank))`` for a corner it touches
#: (the two squares beside the corner that it neither leaves nor enters).
Item = tuple[str, object]


class Interiors:
    """Rooms of one board (cached per level)."""

    def __init__(self, fort) -> None:
        self.fort = fort
        self._room: dict[tuple[str, int], int | None] = {}
        self._names: dict[int, str] = {}

    def interior(self, key: str, level: int) -> bool:
        """Something is overhead: the position is inside a room."""
        levels = self.fort.levels(key)
        return level in levels and level < levels[-1]

    def room(self, key: str | None, level: int) -> int | None:
        """The room ``(key, level)`` belongs to (an id), or None outside."""
        if key is None:
            return None
        found = self._room.get((key, level), -1)
        if found == -1:
            found = self._fill(key, level)
        return found

    def name(self, room: int) -> str:
        """How a message names the room: the building, ``tower`` or ``gate``."""
        return self._names.get(room, "room")

    def _fill(self, key: str, level: int) -> int | None:
        if not self.interior(key, level):
            self._room[(key, level)] = None
            return None
        rid = len(self._names) + 1
        fort = self.fort
        self._names[rid] = fort.building(key) or fort.area(key)
        todo = [key]
        self._room[(key, level)] = rid
        while todo:
            k = todo.pop()
            for n in fort.board.orthogonal(k):
                if (n, level) in self._room or not self.interior(n, level):
                    continue
                if fort.side_features(k, n, level) & (SIGHT_BLOCKERS | SIGHT_OPENINGS):
                    continue
                self._room[(n, level)] = rid
                todo.append(n)
        return rid

    def crossing(self, items: Sequence[Item], level: int) -> tuple[str, list[tuple[str, str]]]:
        """Where a line leaves the room of its first square: the last room
        square it passes and the sides it crosses, each as ``(inside,
        outside)``.  ``items`` run from the room end to the other end; the
        first is a square of a room at ``level``.  Returns ``(last, [])`` when
        the line never leaves the room."""
        room = self.room(items[0][1], level)
        cur = items[0][1]
        for i in range(1, len(items)):
            kind, value = items[i]
            if kind == "sq":
                if self.room(value, level) == room:
                    cur = value
                    continue
                return cur, [(cur, value)]
            nxt = items[i + 1][1]
            if self.room(nxt, level) == room:
                continue
            flanks = [f for f in value if f is not None]
            inside = {k for k in (cur, *flanks) if self.room(k, level) == room}
            pairs = [(x, y) for x, y in [(cur, f) for f in flanks] + [(f, nxt) for f in flanks]
                     if (x in inside) != (y in inside)]
            return cur, [(x, y) if x in inside else (y, x) for x, y in pairs]
        return cur, []

    def judge(self, sides: list[tuple[str, str]], level: int) -> tuple[bool, frozenset[str]]:
        """(open, features): the line passes unless every side crossed has a
        wall at ``level`` and no opening; ``features`` are those of the sides
        it passes (7.721 cover when a door, window or crenel is among them)."""
        passed: set[str] = set()
        open_ = False
        for a, b in sides:
            feats = self.fort.side_features(a, b, level)
            if not feats & SIGHT_BLOCKERS or feats & SIGHT_OPENINGS:
                open_ = True
                passed |= feats
        return open_, frozenset(passed)
