"""The fort as the game has changed it (10, 15): closed doors and windows, open
Gate units, breached walls, collapsed floors, tunnels.

:class:`StateFort` is a :class:`~ffl.games.ffl.terrain.Fort` whose answers
take those changes in: a collapsed square keeps only its ground level (15.142:
floors and ramparts gone), a breached side or a destroyed or open gate has no
wall left on it (15.141, 15.142, 10.2), a closed door or window is a plain wall
to sight (10.16), a tunnel square has a level -1 (15.21).  Forts are cached
per board and per set of changes (:func:`fort_for`), so the line-of-sight
caches (one :class:`~.sight.Sight` per fort) survive from one action to the
next.
"""

from __future__ import annotations

import weakref

from ffl.engine.features import CRENEL, DOOR, GATE, THICK_WALL, THIN_WALL, WINDOW

from ..terrain import Fort

ALL_SIDE = frozenset({THICK_WALL, THIN_WALL, GATE, CRENEL, DOOR, WINDOW})


class StateFort(Fort):
    def __init__(self, board, closed=frozenset(), opened=frozenset(), breached=frozenset(),
                 collapsed=frozenset(), tunnels=frozenset()) -> None:
        super().__init__(board)
        self.closed, self.opened, self.breached = closed, opened, breached
        self.collapsed, self.tunnels = collapsed, tunnels

    def levels(self, key: str) -> tuple[int, ...]:
        base = super().levels(key)
        if key in self.collapsed:
            base = (0,)                      # 15.142 rubble on the ground
        if key in self.tunnels and -1 not in base:
            base = (-1, *base)               # 15.21 a tunnel under the square
        return base

    def side_features(self, a: str, b: str, level: int) -> frozenset[str]:
        feats = super().side_features(a, b, level)
        x, y = (a, b) if a <= b else (b, a)
        if (x, y) in self.breached:
            return frozenset(feats - ALL_SIDE)         # 15.142 blown open
        if (x, y) in self.opened:
            feats = feats - {GATE}                      # 10.2, 15.141
        if f"{x}|{y}|{level}" in self.closed:
            feats = (feats - {DOOR, WINDOW}) | {THIN_WALL}   # 10.16 shut
        return feats

    def stairways(self, key: str, level: int) -> list[tuple[str, int, str]]:
        out = super().stairways(key, level)
        if not self.collapsed:
            return out
        return [(k, lv, kind) for k, lv, kind in out
                if key not in self.collapsed and k not in self.collapsed]


_FORTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def fort_for(board, **changes) -> StateFort:
    """The cached :class:`StateFort` of ``board`` with ``changes`` (frozensets)."""
    key = tuple(sorted((k, v) for k, v in changes.items() if v))
    by_key = _FORTS.setdefault(board, {})
    found = by_key.get(key)
    if found is None:
        if len(by_key) > 64:
            by_key.clear()
        found = by_key[key] = StateFort(board, **dict(key))
    return found


def siege_changes(state) -> dict:
    """The siege's changes to the fort in ``state`` (15): breached sides, collapsed
    squares, destroyed gates, and the tunnels that did not collapse."""
    siege = state.vars.get("siege") or {}
    secret = state.vars.get("siege_secret") or {}
    tunnels = set()
    for t in secret.get("tunnels") or ():
        if not t.get("collapsed"):
            tunnels.update(t["squares"])
    for t in (siege.get("revealed") or {}).values():
        tunnels.update(t["squares"])
    return {"breached": frozenset(tuple(s) for s in siege.get("breached") or ()),
            "collapsed": frozenset(siege.get("collapsed") or ()),
            "opened": frozenset(tuple(s) for s in siege.get("gates_gone") or ()),
            "tunnels": frozenset(tunnels)}
