"""A unit's listed steps kept from one listing to the next (issue 12): between
two listings of a movement phase usually one unit has stepped, and the steps
of every other unit of the organization (6.123 its MF left, 4.31 the friends
on the way and a way on from them) are what they were unless a character
came to or left a square they look at.  :func:`.movement_actions.unit_actions`
asks :func:`reused` first and hands what it worked out to :func:`keep`.

What a kept listing read, and what is checked before it is used again:

* the unit's piece (the very object: a state changes a piece only through an
  event, whose batch gives it a new object), the game variables its MF left
  (6.12, 6.123: whether it is ``done``, its ``phase_mf``), its friends (23.3 ``pacts``) and,
  off the board, its edges (6.21: ``entry``, 22.2 ``fixed_edges``) come from
  (compared by value; an event sets a new value, never changes one), the
  scenario's data, the
  fort, board and movement tables (its steps, 6.13-6.6, and 6.22 the exit),
  and the grappled ropes' ends (6.4, compared by value);
* the occupants of the squares its steps lead to and, where a friend stands
  (4.31), of the squares the steps from there lead to: its *watch*.  The
  occupancy (:attr:`.context.Ctx.occupancy`) of the state listed last is
  compared with the one now, list by list (a batch gives a square a new list
  when a character comes, goes or changes there, and shares the others; a
  context of its own builds every list anew), and a kept listing whose watch
  holds a square that changed is dropped.

Only for a unit that is not the one moving (its facings and
finish, 4.2 / 4.3) and without the optional rules (their limits read much
more: 12.2, 11.3, 17.12, 17.322, 18.12).  One memo per thread (the program's
opponent lists in a worker thread).  :data:`ENABLED` False lists everything
anew (the tests compare both).
"""

from __future__ import annotations

import threading

from .context import Ctx

#: False: nothing is kept (every listing works everything out)
ENABLED = True
#: more changed squares than this between two listings: everything is dropped
_MANY = 12
#: a bound on the units kept
_MOST = 256

_LOCAL = threading.local()
#: no MF fixed at the draw for the unit (6.12)
_NONE = object()
#: id of a shared tuple of steps -> (the tuple, the (square, level) keys it leads to)
_RINGS: dict[int, tuple[tuple, frozenset]] = {}

# the fields of a kept listing
(_PIECE, _DONE, _START, _PACTS, _ENTRY, _FIXED, _DATA, _FORT, _TABLES, _BOARD, _ENDS,
 _ACTIONS, _WATCH) = range(13)


class _Memo:
    """The kept listings of one thread, valid for the occupancy ``occ``."""

    __slots__ = ("occ", "units")

    def __init__(self) -> None:
        self.occ: dict | None = None
        #: piece id -> (piece, in ``done``, its ``phase_mf``, pacts, entry,
        #: fixed_edges, data, fort, tables, board, ends, actions, watch)
        self.units: dict[str, tuple] = {}


def _memo() -> _Memo:
    memo = getattr(_LOCAL, "memo", None)
    if memo is None:
        memo = _LOCAL.memo = _Memo()
    return memo


def _advance(memo: _Memo, occ: dict) -> None:
    """Make ``memo`` hold for the occupancy ``occ``: drop the kept listings
    that watch a square whose occupants are not the very list they were."""
    prev, units = memo.occ, memo.units
    memo.occ = occ
    if prev is None or not units:
        units.clear()
        return
    get = prev.get
    changed = []
    new = 0
    for key, there in occ.items():
        before = get(key)
        if before is not there:
            changed.append(key)
            if before is None:
                new += 1
            if len(changed) > _MANY:
                units.clear()
                return
    if len(prev) > len(occ) - new:          # squares emptied since
        changed += [key for key in prev if key not in occ]
        if len(changed) > _MANY:
            units.clear()
            return
    if changed:
        hit = frozenset(changed)
        for pid in [pid for pid, kept in units.items() if not hit.isdisjoint(kept[_WATCH])]:
            del units[pid]


def reused(ctx: Ctx, pid: str, ends) -> list | None:
    """The actions kept for ``pid`` (not the unit moving now) when everything
    they read is as it was (see the module's docstring), as a new list; else
    None.  ``ends``: the grappled ropes' ends (``movement.grapple_ends``)."""
    memo = getattr(_LOCAL, "memo", None) or _memo()
    occ = ctx.occupancy
    if memo.occ is not occ:
        _advance(memo, occ)
    kept = memo.units.get(pid)
    if kept is None:
        return None
    state = ctx.state
    variables = state.vars
    if kept[_PIECE] is not state.pieces[pid] \
            or kept[_DONE] != (pid in variables.get("done", ())) \
            or kept[_START] != (variables.get("phase_mf") or {}).get(pid, _NONE) \
            or kept[_PACTS] != variables.get("pacts") or variables.get("options") \
            or kept[_ENTRY] != variables.get("entry") \
            or kept[_FIXED] != variables.get("fixed_edges") or kept[_DATA] is not ctx.data \
            or kept[_FORT] is not ctx.fort or kept[_TABLES] is not ctx.tables \
            or kept[_BOARD] is not ctx.board or kept[_ENDS] != ends:
        return None
    return list(kept[_ACTIONS])


def keep(ctx: Ctx, pid: str, ends, steps, onward: list, actions: list) -> None:
    """Keep ``actions``, worked out for ``pid`` (on the board, not moving, no
    optional rule) against ``ctx.occupancy``, which :func:`reused` has just
    made the memo's; ``steps``: its steps, ``onward``: the steps from each
    friend's square it looked on from (4.31)."""
    memo = _memo()
    if memo.occ is not ctx.occupancy:
        return
    watch = ring(steps)
    if onward:
        watch = watch.union(*map(ring, onward))
    units = memo.units
    if len(units) >= _MOST:
        units.clear()
    variables = ctx.state.vars
    units[pid] = (ctx.state.pieces[pid], pid in variables.get("done", ()),
                  (variables.get("phase_mf") or {}).get(pid, _NONE),
                  variables.get("pacts"), variables.get("entry"), variables.get("fixed_edges"),
                  ctx.data, ctx.fort, ctx.tables, ctx.board,
                  {key: list(found) for key, found in ends.items()}, tuple(actions), watch)


def ring(steps) -> frozenset:
    """The (square, level) keys ``steps`` lead to (once per shared tuple)."""
    if type(steps) is not tuple:
        return frozenset((s.to, s.level) for s in steps)
    found = _RINGS.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    if len(_RINGS) > 100_000:
        _RINGS.clear()
    out = frozenset((s.to, s.level) for s in steps)
    _RINGS[id(steps)] = (steps, out)
    return out
