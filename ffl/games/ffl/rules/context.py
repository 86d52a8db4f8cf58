"""Shared plumbing for the FFL rule modules: the read-only context of one call
(state, board, fort, piece types, and the module's and scenario's data the
rules read, ``gamedata.GameData``) and the batch that collects events.

Nothing here decides a rule; the other ``rules/*.py`` modules do, and each cites
the rule numbers it implements.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ffl.engine import Batch as EngineBatch
from ffl.engine import Board, Event, GameState, Piece, PieceType
from ffl.engine.events import apply_event

from .. import roster
from ..gamedata import GameData, default_data
from .piece_lookups import (
    _PLACING,
    _any_rope,
    _grouping,
    _index_of,
    _occupancy_after,
    _org_ids,
    _spot,
    take_over,
)

LEGION = roster.LEGION
BEDOUIN = roster.BEDOUIN
SIDES = (LEGION, BEDOUIN)

#: 1.24 the ten Sequence units: four Legion and six Bedouin organizations.
LEGION_ORGS = tuple(o.id for o in roster.ORGS.values() if o.side == LEGION)
BEDOUIN_ORGS = tuple(o.id for o in roster.ORGS.values() if o.side == BEDOUIN)
ORGS = LEGION_ORGS + BEDOUIN_ORGS
#: The default play names (``roster.ORGS``).  Play reads the module's own
#: (``Ctx.org_name``, ``FFLController.org_name``); kept for older callers.
ORG_NAMES = {o.id: o.sequence_name for o in roster.ORGS.values()}

ACTIVE, OFF, ELIMINATED, EXITED, UNUSED = "active", "off", "eliminated", "exited", "unused"


def org_side(org: str) -> str:
    return LEGION if org in LEGION_ORGS else BEDOUIN


@dataclass
class Ctx:
    """What one rules call reads: the state, the board, its Fort view, piece types
    and the module's data (movement tables, set-up limits, organization names;
    the Basic Game's defaults when a test makes a context by hand)."""

    state: GameState
    board: Board
    fort: Any  # ffl.games.ffl.terrain.Fort
    types: Mapping[str, PieceType]
    data: GameData = field(default_factory=default_data)

    def at(self, state: GameState) -> Ctx:
        """The same context reading another state."""
        return Ctx(state, self.board, self.fort, self.types, self.data)

    @property
    def tables(self):
        """The movement tables (``gamedata.MovementTables``)."""
        return self.data.tables

    def org_name(self, org: str) -> str:
        """The organization's name in play messages (``module.attrs["orgs"]``)."""
        return self.data.org_names.get(org, org)

    # -- pieces ---------------------------------------------------------------------

    def ptype(self, pid: str) -> PieceType:
        return self.types[self.state.pieces[pid].type]

    def kind(self, pid: str) -> str:
        return self.ptype(pid).kind

    def org(self, pid: str) -> str:
        return self.ptype(pid).org

    def name(self, pid: str) -> str:
        return self.ptype(pid).name or pid

    def value(self, pid: str, name: str, default: Any = None) -> Any:
        return self.ptype(pid).get(name, default)

    def pieces_of(self, kind: str) -> Iterator[Piece]:
        """Pieces of one kind (``character``, ``rope``) in id order."""
        by_kind = self.__dict__.get("_by_kind")
        if by_kind is None:  # sorted and grouped once per state (changed() forgets it)
            pieces = self.state.pieces
            groups = _grouping(self.types, pieces)
            by_kind = {k: list(map(pieces.__getitem__, ids)) for k, ids in groups.items()}
            self.__dict__["_by_kind"] = by_kind
            self.__dict__["_groups"] = groups
        return iter(by_kind.get(kind, ()))

    def characters(self, side: str | None = None, org: str | None = None) -> list[Piece]:
        """The characters (of ``side``, of organization ``org``) in id order, a
        new list each call (the lists are cached per state: :meth:`changed`)."""
        cache = self.__dict__.get("_chars")
        if cache is None:
            cache = self.__dict__["_chars"] = {}
        found = cache.get((side, org))
        if found is None:
            if org is None:
                found = [p for p in self.pieces_of("character")
                         if side is None or p.side == side]
            elif side is None and self.pieces_of("character") \
                    and self.__dict__.get("_groups") is not None:
                pieces = self.state.pieces          # the grouping holds its pieces
                found = list(map(pieces.__getitem__, _org_ids(
                    self.types, pieces, self.__dict__["_groups"].get("character", ())
                ).get(org, ())))
            else:
                types = self.types
                found = [p for p in self.pieces_of("character")
                         if (side is None or p.side == side) and types[p.type].org == org]
            cache[(side, org)] = found
        return list(found)

    def ropes(self) -> list[Piece]:
        return list(self.pieces_of("rope"))

    @property
    def occupancy(self) -> dict[tuple[str, int], list[Piece]]:
        """(square, level) -> characters there; rebuilt after the state changes."""
        occ = self.__dict__.get("_occ")
        if occ is None:
            occ = {}
            found = occ.get
            for p in self.pieces_of("character"):
                if p.status == ACTIVE:
                    space = p.space
                    if space is not None:                            # Piece.on_board
                        key = (space, p.level)
                        there = found(key)
                        if there is None:
                            occ[key] = [p]
                        else:
                            there.append(p)
            self.__dict__["_occ"] = occ
        return occ

    def changed(self, event=None) -> None:
        """Forget cached lookups (call after applying an event to ``state``): all
        of them, or those ``event`` may have changed (the grouping by kind holds
        the pieces themselves, so only a new type changes it; the occupancy
        changes with a piece's square, level, status or type; the steps worked
        out with doors in play go after any event)."""
        self.__dict__.pop("_door_steps", None)      # steps._board_steps, 10.2
        self.__dict__.pop("_step_source", None)     # movement_actions._step_source
        self.__dict__.pop("_sharing", None)         # movement.sharing (4.31)
        if event is None:
            self.__dict__.pop("_occ", None)
            self.__dict__.pop("_by_kind", None)
            self.__dict__.pop("_groups", None)
            self.__dict__.pop("_grapples", None)
            self.__dict__.pop("_chars", None)
            self.__dict__.pop("_on_board", None)
            self.__dict__.pop("_rope_index", None)
            self.__dict__.pop("_sides", None)
            self.__dict__.pop("_sight_occ", None)
            return
        fields = {c.field for c in event.changes if c.piece is not None}
        if fields:
            # movement.grapple_ends: the ropes' ids and squares (6.4), changed only
            # with a rope or a piece's type
            if "type" in fields or "_grapples" in self.__dict__ and any(
                    self.kind(pid) == "rope" for pid in event.pieces):
                self.__dict__.pop("_grapples", None)
            self.__dict__.pop("_chars", None)        # characters(side, org)
            self.__dict__.pop("_on_board", None)     # fire._candidates
            self.__dict__.pop("_rope_index", None)   # ropes._rope_index
        if "type" in fields:
            self.__dict__.pop("_by_kind", None)
            self.__dict__.pop("_groups", None)
        if "side" in fields:
            self.__dict__.pop("_sides", None)        # hidden.sides
        if fields & _PLACING:
            self.__dict__.pop("_occ", None)
            self.__dict__.pop("_sight_occ", None)   # fire_listing.sight_occupancy

    def replaced(self, pids: list[str]) -> None:
        """The pieces ``pids`` of the state are new objects (a batch copied them
        on their first change): the grouping by kind takes them in (a list
        shared with another context is copied first); the lookups holding the
        old objects are forgotten."""
        cache = self.__dict__
        by_kind = cache.get("_by_kind")
        if by_kind is not None and "_groups" not in cache:
            del cache["_by_kind"]
        elif by_kind is not None:
            by_kind = cache["_by_kind"] = dict(by_kind)
            pieces, groups, types = self.state.pieces, cache["_groups"], self.types
            copied = set()
            for pid in pids:
                kind = types[pieces[pid].type].kind
                if kind in copied:
                    members = by_kind[kind]
                else:
                    members = by_kind[kind] = list(by_kind[kind])
                    copied.add(kind)
                members[_index_of(groups[kind])[pid]] = pieces[pid]
        cache.pop("_occ", None)
        cache.pop("_chars", None)
        cache.pop("_on_board", None)

    def occupant(self, key: str, level: int, exclude: str | None = None) -> Piece | None:
        """The character at ``(key, level)`` (4.3: at most one once movement ends)."""
        for p in self.occupancy.get((key, level), ()):
            if p.id != exclude:
                return p
        return None

    def occupants(self, key: str, level: int) -> list[Piece]:
        return list(self.occupancy.get((key, level), ()))

    def stuns(self, pid: str) -> int:
        return int(self.state.pieces[pid].markers.get("stun", 0))

    def carried(self, pid: str) -> list[str]:
        return list(self.state.pieces[pid].data.get("ropes", []))

    # -- game variables ---------------------------------------------------------------

    def var(self, name: str, default: Any = None) -> Any:
        return self.state.vars.get(name, default)

    def option(self, name: str) -> bool:
        """Whether optional rule ``name`` (``options.OPTIONAL_RULES``) is on."""
        return name in self.state.vars.get("options", ())

    @property
    def phase(self) -> str:
        return self.state.vars.get("phase", "")

    @property
    def turn(self) -> int:
        return int(self.state.vars.get("turn", 0))

    @property
    def chit(self) -> str | None:
        return self.state.vars.get("chit")

    @property
    def mover(self) -> str | None:
        return self.state.vars.get("mover")

    @property
    def done(self) -> list[str]:
        return list(self.state.vars.get("done", []))


@dataclass
class Batch(EngineBatch):
    """The engine's :class:`~ffl.engine.Batch` with the FFL context kept on its
    scratch state, so every rule reads the results of the events before it."""

    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx.state)
        self.ctx = ctx.at(self.state)
        if not EngineBatch.check_stale:
            # the scratch state starts with the very pieces of ``ctx.state``: the
            # lookups ``ctx`` holds hold for it until an event replaces a piece
            take_over(self.ctx, ctx)

    def record(self, event: Event) -> Event:
        """The engine's :meth:`~ffl.engine.Batch.record`, forgetting only the
        lookups ``event`` may have changed, and taking in the copies of the
        pieces it changed first (the lookups hold the pieces themselves); the
        occupancy is brought up to date for the pieces the event changed
        (:func:`_occupancy_after`) rather than built again, and left as it is
        when the event moves no character and copies no piece (issue 12: the
        event's changes are looked through once)."""
        state, ctx = self.state, self.ctx
        pids: dict[str, None] = {}          # the pieces changed (Event.pieces), in order
        placing = typed = sided = False
        for pid, name, _ in event.changes:
            if pid is not None:
                pids[pid] = None
                if name in _PLACING:
                    placing = True
                    typed = typed or name == "type"
                elif name == "side":
                    sided = True
        occ = None
        if pids:
            owned = state._owned
            fresh = [pid for pid in pids if pid not in owned]
            if (placing or fresh) and not typed:       # a new kind: built anew
                occ = ctx.__dict__.get("_occ")
                if occ is not None:
                    pieces, types = state.pieces, ctx.types
                    before = [(pid, _spot(types, pieces[pid])) for pid in pids]
        apply_event(state, event)
        self.events.append(event)
        # Ctx.changed(event), from what the loop above found (issue 12)
        cache = ctx.__dict__
        pop = cache.pop
        pop("_door_steps", None)
        pop("_step_source", None)
        pop("_sharing", None)
        if pids:
            if typed or "_grapples" in cache and _any_rope(ctx, pids):
                pop("_grapples", None)
            pop("_chars", None)
            pop("_on_board", None)
            pop("_rope_index", None)
            if typed:
                pop("_by_kind", None)
                pop("_groups", None)
            if sided:
                pop("_sides", None)
            if placing:
                pop("_occ", None)
                pop("_sight_occ", None)
        if pids and fresh:
            ctx.replaced(fresh)
        if occ is not None:
            occ = _occupancy_after(occ, before, state.pieces, ctx.types)
            if occ is not None:
                ctx.__dict__["_occ"] = occ
        return event

    def changed(self) -> None:
        self.ctx.changed()


def invariants(ctx: Ctx) -> list[str]:
    """Broken state invariants (empty when all hold), checked after every event."""
    out: list[str] = []
    seen: dict[tuple[str, int], str] = {}
    mover = ctx.mover
    top = None          # 6.123 the most MF of any rate, once a unit has some left
    types, board, has_level = ctx.types, ctx.board, ctx.fort.has_level
    gone = (ELIMINATED, EXITED, UNUSED)
    for piece in ctx.state.pieces.values():
        status, space = piece.status, piece.space
        if status in gone and space is not None and types[piece.type].kind == "character":
            out.append(f"{piece.id} is {status} but still on {space}")
        on_board = status == ACTIVE and space is not None        # Piece.on_board
        if on_board:
            if space not in board:
                out.append(f"{piece.id} on unknown square {space}")
                continue
            if not has_level(space, piece.level):
                out.append(f"{piece.id} on {space} at missing level {piece.level}")
        if types[piece.type].kind != "character" or not on_board:
            continue
        if piece.facing is None or not 0 <= piece.facing <= 7:
            out.append(f"4.2 {piece.id} has no facing")
        pos = (space, piece.level)
        if pos in seen:
            pair = (piece.id, seen[pos])
            passing = mover in pair      # 4.31 passing through a friend
            pending = (ctx.var("pending") or {}).get("piece") in pair   # 6.5224
            if not (passing or pending):
                out.append(f"4.3 {pair[0]} and {pair[1]} share {pos}")
        seen[pos] = piece.id
        left = piece.data.get("mf_left")
        if left is not None and top is None:
            top = max(r for rates in ctx.tables.rates.values() for r in rates.values())
        if left is not None and not 0 <= int(left) <= top:
            out.append(f"6.123 {piece.id} has {left} MF left")
    spots = [(p.space, p.level) for p in ctx.pieces_of("weapon") if p.on_board]
    if len(spots) != len({s for s, _ in spots}):
        out.append("14.2 both Weapon units in one square")
    if mover:
        mp = ctx.state.pieces.get(mover)
        if mp is None or mp.status not in (ACTIVE,) or ctx.org(mover) != ctx.chit:
            out.append(f"6.11 mover {mover} cannot be acting")
        if mover in ctx.done:
            out.append(f"6.11 {mover} is both moving and done")
    for pid in ctx.done if ctx.phase != "over" else ():    # 9: a game over has no phase
        if pid in ctx.state.pieces and ctx.org(pid) != ctx.chit:
            out.append(f"4.5 {pid} marked done outside its organization's phase")
    return out


def units_text(n: int) -> str:
    """"one unit", "3 units": a count as a sentence says it (not "unit(s)")."""
    return "one unit" if n == 1 else f"{n} units"
