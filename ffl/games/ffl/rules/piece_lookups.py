"""The piece lookups an FFL rules context (``context.Ctx``) caches on itself and
how they are built and kept up to date event by event (issue 12): the pieces of
each kind and organization, an id's index in them, the occupancy of the squares
after an event, and a batch's context taking over the lookups of the context it
starts from.  Moved out of ``context.py`` as they were; ``context`` imports
them by name, so the hot paths call them directly as before.

Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING

from ffl.engine import Piece, PieceType
from ffl.engine.pieces import ACTIVE

if TYPE_CHECKING:
    from .context import Ctx

#: the lookups a context caches on itself (:meth:`Ctx.changed` forgets them),
#: which a batch's context takes over from the context it starts from
_PIECE_CACHES = ("_by_kind", "_groups", "_occ", "_grapples", "_chars", "_sides",
                 "_sight_occ")
#: piece fields that move a character in or out of :attr:`Ctx.occupancy`
_PLACING = frozenset({"space", "level", "status", "type"})
#: (piece types, the pieces' ids, their types) -> kind -> ids in id order
_GROUPS: dict[tuple, tuple[Mapping, dict[str, tuple[str, ...]]]] = {}
_TYPE = attrgetter("type")


def _grouping(types: Mapping[str, PieceType], pieces: Mapping[str, Piece]
              ) -> dict[str, tuple[str, ...]]:
    """The piece ids of each kind in id order (shared by every state with the
    same pieces of the same types: the sort is done once, not per state)."""
    key = (id(types), tuple(pieces), tuple(map(_TYPE, pieces.values())))
    found = _GROUPS.get(key)
    if found is not None and found[0] is types:
        return found[1]
    groups: dict[str, list[str]] = {}
    for pid in sorted(pieces):
        groups.setdefault(types[pieces[pid].type].kind, []).append(pid)
    out = {k: tuple(v) for k, v in groups.items()}
    if len(_GROUPS) > 256:
        _GROUPS.clear()
    _GROUPS[key] = (types, out)
    return out


#: id of a grouping's tuple of character ids -> (it, piece types, org -> its ids)
_ORGS: dict[int, tuple[tuple, Mapping, dict[str, tuple[str, ...]]]] = {}


def _org_ids(types: Mapping[str, PieceType], pieces: Mapping[str, Piece],
             ids: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The character ids ``ids`` (a tuple :func:`_grouping` made: the same
    pieces of the same types) by organization, in id order, worked out once
    per grouping."""
    found = _ORGS.get(id(ids))
    if found is not None and found[0] is ids and found[1] is types:
        return found[2]
    by_org: dict[str, list[str]] = {}
    for pid in ids:
        by_org.setdefault(types[pieces[pid].type].org, []).append(pid)
    out = {org: tuple(v) for org, v in by_org.items()}
    if len(_ORGS) > 256:
        _ORGS.clear()
    _ORGS[id(ids)] = (ids, types, out)
    return out


#: id of a grouping's tuple of ids -> (it, id -> its index in it)
_INDEX: dict[int, tuple[tuple, dict[str, int]]] = {}


def _index_of(ids: tuple[str, ...]) -> dict[str, int]:
    """Each id's index in ``ids`` (a tuple :func:`_grouping` made), once per tuple."""
    found = _INDEX.get(id(ids))
    if found is not None and found[0] is ids:
        return found[1]
    out = {pid: i for i, pid in enumerate(ids)}
    if len(_INDEX) > 256:
        _INDEX.clear()
    _INDEX[id(ids)] = (ids, out)
    return out


#: id of a grouping's tuple of rope ids -> (it, the same ids as a frozenset)
_ROPE_IDS: dict[int, tuple[tuple, frozenset]] = {}


def _any_rope(ctx: Ctx, pids) -> bool:
    """Whether any of ``pids`` (pieces of the context's state, of the types
    they had before the event: no type changed) is a rope: read from the
    grouping by kind when the context holds it (a set made once per grouping),
    else piece by piece."""
    groups = ctx.__dict__.get("_groups")
    if groups is None:
        return any(ctx.kind(pid) == "rope" for pid in pids)
    ids = groups.get("rope", ())
    found = _ROPE_IDS.get(id(ids))
    if found is None or found[0] is not ids:
        if len(_ROPE_IDS) > 256:
            _ROPE_IDS.clear()
        found = _ROPE_IDS[id(ids)] = (ids, frozenset(ids))
    return not found[1].isdisjoint(pids)


def _spot(types: Mapping[str, PieceType], piece: Piece) -> tuple[str, int] | None:
    """The key of :attr:`Ctx.occupancy` ``piece`` stands under (an active
    character on the board), or None."""
    if piece.status != ACTIVE or piece.space is None or types[piece.type].kind != "character":
        return None
    return (piece.space, piece.level)


def _occupancy_after(occ: dict, before: list, pieces: Mapping[str, Piece],
                     types: Mapping[str, PieceType]) -> dict | None:
    """The occupancy ``occ`` (of the state before an event) after it: a new
    dict whose lists for the squares the event's pieces left or entered are new
    lists, in id order as :attr:`Ctx.occupancy` builds them, holding the
    pieces' objects now (a batch copies a piece on its first change); ``occ``
    and its lists are left as they were (a caller may still hold them).
    ``before``: (piece id, its key before the event).  None when ``occ`` does
    not hold a piece where it should (the caller builds the occupancy anew)."""
    out = dict(occ)
    for pid, old in before:
        piece = pieces[pid]
        new = _spot(types, piece)
        if old is None and new is None:
            continue
        if old is not None:
            there = out.get(old, ())
            left = [p for p in there if p.id != pid]
            if len(left) != len(there) - 1:
                return None
            if left:
                out[old] = left
            else:
                del out[old]
        if new is not None:
            there = out.get(new, ())
            at = 0
            while at < len(there) and there[at].id < pid:
                at += 1
            out[new] = [*there[:at], piece, *there[at:]]
    return out


def take_over(ctx: Ctx, source: Ctx) -> None:
    """Give ``ctx`` the piece lookups ``source`` holds, which must read the very
    same state object, unchanged since (``FFLController`` checks: identity and
    ``GameState.applied``); each context fills in further its own."""
    mine, theirs = ctx.__dict__, source.__dict__
    for name in _PIECE_CACHES:
        if name in theirs:
            mine[name] = theirs[name]
    if "_chars" in mine:
        mine["_chars"] = dict(mine["_chars"])
