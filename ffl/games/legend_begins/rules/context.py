"""What one rules call reads: the state, the map, the counters' printed values and the
module's tables and scenario data.  Nothing here decides a rule.

State kept by the rules (``state.vars``):

``turn`` (index into the scenario's turns), ``phase`` (recovery, organization,
movement, arrange, combat, supply, over), ``side`` (who acts in the phase), ``seg``
(the segment being played: ``side``, ``type`` primary/secondary/tertiary, ``chit``,
``n`` its number in the turn, ``id`` a running number), ``cup`` (chits left), ``drawn``
(this turn's chits in order), ``history`` ([turn, chit] of every segment played),
``last`` (sides of the last two segments, 3.1), ``mv`` (per unit this segment:
[sixths spent, hexes entered, non-route hexes entered, consecutive desert hexes,
flags]), ``mover`` (the units moving now, 4.1), ``done`` (units whose movement is over),
``quiet`` (hexes no attack may come from: a Replacement absorbed or a Field Work built),
``attacked`` / ``defended`` (units that attacked / were attacked this segment, 9.1),
``retreated`` (units retreated in this combat phase, 11.6), ``regular`` (a regular
attack was resolved, 9.6), ``pending`` (decisions the rules wait for: losses,
retreats, advances, ...), ``rp`` (Resource Points), ``recovered`` (recovered step
twelfths per side and kind, 29.2), ``recovery`` (steps returned this Recovery
Segment), ``repaired`` (tank steps returned this turn, 29.5), ``malta``,
``luftwaffe``, ``crete``, ``ports`` (port hex -> Port Track box), ``rail_broken``,
``works`` (hex -> field work), ``control`` (hex -> side, for the hexes whose control
matters), ``shipping`` (shipping points used this segment), ``auto`` (33.0 counts),
``result`` (the end), ``ver`` (a fingerprint of the history, for caches).

Piece data: ``steps``, ``hq`` (the HQ whose display holds it, 6.1), ``carried_by``
(its truck or HQ, 21.0), ``deployed`` (artillery on its zero-MA side, 16.2),
``disrupted`` (13.0; ``repulsed`` the segment id of a Repulsed result), ``oos``
(19.5), ``support`` (Direct Support, 15.2), ``arrives`` (31.1), ``cadre_repl`` (28.9).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ffl.engine import GameState, Piece, PieceType

from ..tables import ALLIED, AXIS, SIDES
from ..units import INFANTRY_TYPES
from .hexmap import HexMap

ACTIVE, OFF, CADRE, POOL = "active", "off", "cadre", "pool"
WITHDRAWN, REMOVED = "withdrawn", "removed"
#: 40.2 air units (and Air HQs) at their bases, off the map, ready to fly
READY = "ready"
#: Off Map Box entry boxes (27.3, 27.4)
ENTRY_BOX = {AXIS: "Italy", ALLIED: "Nile Delta"}


def enemy(side: str) -> str:
    return ALLIED if side == AXIS else AXIS


@dataclass
class Ctx:
    state: GameState
    hexmap: HexMap
    types: Mapping[str, PieceType]
    tables: Mapping[str, Any]
    setup: Mapping[str, Any]
    _memo: dict = field(default_factory=dict)

    def at(self, state: GameState) -> Ctx:
        return Ctx(state, self.hexmap, self.types, self.tables, self.setup)

    # -- variables --------------------------------------------------------------------------

    def var(self, name: str, default: Any = None) -> Any:
        return self.state.vars.get(name, default)

    def table(self, name: str) -> Any:
        """A table of the module, or its default when an older module lacks it (the
        tables of the advanced and special rules came later)."""
        found = self.tables.get(name)
        if found is None:
            from ..tables import default_tables

            found = default_tables()[name]
        return found

    def option(self, name: str) -> bool:
        """An advanced rule switched on for this game (34.0 - 41.0, 52.0)."""
        return name in (self.state.vars.get("options") or ())

    def special(self, rule: str) -> bool:
        """A special rule (42.0 - 51.0) of this scenario: ``"42"`` ... ``"51"``."""
        return rule in (self.state.vars.get("special") or ())

    def date(self, turn: int | None = None) -> int:
        """The calendar index of a turn (the Turn Record Track, 31.0)."""
        from ..tables import date_index

        return date_index(self.turn_name(turn))

    def since(self, name: str) -> bool:
        """The current turn is ``name`` ("Oct I 1942") or later."""
        from ..tables import date_index

        return self.date() >= date_index(name)

    @property
    def phase(self) -> str:
        return self.state.vars.get("phase", "")

    @property
    def side(self) -> str:
        return self.state.vars.get("side", "")

    @property
    def seg(self) -> dict:
        return self.state.vars.get("seg") or {}

    @property
    def seg_type(self) -> str:
        return self.seg.get("type", "primary")

    @property
    def turn(self) -> int:
        return int(self.state.vars.get("turn", 0))

    def turn_name(self, turn: int | None = None) -> str:
        turns = self.setup.get("turns") or []
        t = self.turn if turn is None else turn
        return turns[t] if 0 <= t < len(turns) else f"Turn {t + 1}"

    def year(self) -> int:
        year = (self.setup.get("year") or {}).get(str(self.turn))
        if year is None:
            return int(self.turn_name().split()[-1]) if self.turn_name()[-4:].isdigit() \
                else 1940
        return int(year)

    @property
    def pending(self) -> list[dict]:
        return self.state.vars.get("pending") or []

    # -- pieces -----------------------------------------------------------------------------

    def piece(self, pid: str) -> Piece:
        return self.state.pieces[pid]

    def ptype(self, pid: str) -> PieceType:
        return self.types[self.state.pieces[pid].type]

    def value(self, pid: str, name: str, default: Any = None) -> Any:
        return self.types[self.state.pieces[pid].type].values.get(name, default)

    def kind(self, pid: str) -> str:
        """combat, army_hq, hq_marker, truck, sp, repl."""
        return self.ptype(pid).kind

    def utype(self, pid: str) -> str:
        return self.value(pid, "utype", "")

    def nat(self, pid: str) -> str:
        return self.value(pid, "nat", "")

    def label(self, pid: str) -> str:
        return str(self.value(pid, "label") or self.ptype(pid).name)

    def is_combat(self, pid: str) -> bool:
        return self.kind(pid) == "combat"

    def steps(self, pid: str) -> int:
        p = self.state.pieces[pid]
        return int(p.data.get("steps", self.value(pid, "steps", 0)))

    def max_steps(self, pid: str) -> int:
        return int(self.value(pid, "steps", 0))

    def rebuild_limit(self, pid: str) -> int:
        """The steps Replacements may bring a unit back to: its full strength, but 45.0
        Sonderverband 288 (``rebuild_cap``: the step level it stops at) no higher than
        its third step once it has lost one."""
        full = self.max_steps(pid)
        cap = self.value(pid, "rebuild_cap")
        if cap and self.special("45") and self.steps(pid) < full:
            return min(full, full - int(cap) + 1)
        return full

    def factors(self, pid: str) -> tuple[int, int]:
        """Printed (attack, defence) at the unit's current step level (artillery on its
        zero-MA side reads that side, 16.2)."""
        if self.piece(pid).data.get("deployed") and self.value(pid, "deployed"):
            a, d = self.value(pid, "deployed")
            return int(a), int(d)
        levels = self.value(pid, "factors") or [[0, 0]]
        full = len(levels)
        n = max(1, min(full, self.steps(pid)))
        a, d = levels[full - n]
        return int(a), int(d)

    def aer(self, pid: str) -> int | None:
        if self.piece(pid).data.get("six") and self.value(pid, "aer6") is not None:
            return int(self.value(pid, "aer6"))                      # 47.0 6 pounders
        levels = self.value(pid, "aer")
        if levels is None:
            return 1 if self.utype(pid) == "arm_inf" else None      # 16.4
        full = len(levels)
        n = max(1, min(full, self.steps(pid)))
        return int(levels[full - n])

    def ma(self, pid: str) -> int:
        if self.piece(pid).data.get("deployed"):
            return 0
        return int(self.value(pid, "ma", 0))

    def motorized(self, pid: str) -> bool:
        """2.1 MA of 5 or more (an HQ marker moves with its units: see :meth:`stack_mot`);
        37.0 a Combat Motorized unit while it is on its formation's display."""
        if self.combat_motorized(pid):
            return True
        return int(self.value(pid, "ma", 0)) > 4

    def combat_motorized(self, pid: str) -> bool:
        """37.0 a non-motorized brigade or regiment on a motorized formation's display
        with a Truck (``data.cm`` names the Truck)."""
        d = self.state.pieces[pid].data
        return bool(d.get("cm") and d.get("hq"))

    def infantry_type(self, pid: str) -> bool:
        return self.utype(pid) in INFANTRY_TYPES

    def is_tank(self, pid: str) -> bool:
        return self.utype(pid) == "tank"

    def stack_points(self, pid: str) -> int:
        if not self.is_combat(pid) or self.utype(pid) in ("div_hq",):
            return 0
        return int(self.tables["stack_points"].get(self.value(pid, "size", "bn"), 0))

    # -- where things are ---------------------------------------------------------------------

    @cached_property
    def at_space(self) -> dict[str, list[str]]:
        """Active pieces by space (hex or Off Map Box), in id order; air units flying a
        mission (40.2) are above the hex, not in it, and are left out."""
        out: dict[str, list[str]] = {}
        air = self.option("air_game")
        for pid in sorted(self.state.pieces):
            p = self.state.pieces[pid]
            if p.status == ACTIVE and p.space is not None:
                if air and self.types[p.type].kind == "air":
                    continue
                out.setdefault(p.space, []).append(pid)
        return out

    def pieces_at(self, space: str) -> list[str]:
        return self.at_space.get(space, [])

    def units_at(self, space: str, side: str | None = None) -> list[str]:
        """Combat units in a space (of one side)."""
        return [p for p in self.at_space.get(space, ())
                if self.is_combat(p) and (side is None or self.piece(p).side == side)]

    def side_at(self, space: str) -> str | None:
        """The side whose pieces are in a space (they never share one)."""
        for pid in self.at_space.get(space, ()):
            return self.piece(pid).side
        return None

    @cached_property
    def occupied(self) -> dict[str, dict[str, set[str]]]:
        """side -> {"combat": hexes with its combat units, "any": hexes with any piece}."""
        out = {s: {"combat": set(), "any": set()} for s in SIDES}
        for space, pids in self.at_space.items():
            if space not in self.hexmap.terrain:
                continue
            for pid in pids:
                side = self.piece(pid).side
                if side not in out:
                    continue
                out[side]["any"].add(space)
                if self.is_combat(pid):
                    out[side]["combat"].add(space)
        return out

    def units(self, side: str, statuses: Iterable[str] = (ACTIVE,)) -> list[str]:
        wanted = set(statuses)
        return [pid for pid in sorted(self.state.pieces)
                if self.state.pieces[pid].side == side and self.state.pieces[pid].status in wanted
                and self.is_combat(pid)]

    def on_map(self, pid: str) -> bool:
        p = self.state.pieces[pid]
        return p.status == ACTIVE and p.space in self.hexmap.terrain

    def followers(self, pid: str) -> list[str]:
        """Pieces that go wherever ``pid`` goes: its display units and its cargo."""
        out = []
        for other, p in self.state.pieces.items():
            if p.status == ACTIVE and (p.data.get("hq") == pid or p.data.get("carried_by") == pid):
                out.append(other)
                out.extend(self.followers(other))
        return out

    def control(self, key: str) -> str | None:
        """8.1 the side controlling a hex: an occupant, else the last to pass through."""
        side = self.side_at(key)
        if side is not None and self.units_at(key):
            return side
        return (self.state.vars.get("control") or {}).get(key)

    def work(self, key: str) -> dict | None:
        """The Field Work in a hex (18.0), or a permanent Fortification (18A)."""
        return (self.state.vars.get("works") or {}).get(key)

    def disrupted(self, pid: str) -> bool:
        return bool(self.piece(pid).data.get("disrupted"))

    def oos(self, pid: str) -> bool:
        return bool(self.piece(pid).data.get("oos"))

    def memo(self, key: Any, make):
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]


class RBatch:
    """An engine :class:`~ffl.engine.Batch` with the rules' context of its scratch state
    (made again after every event)."""

    def __init__(self, batch, make_ctx) -> None:
        self.batch = batch
        self._make = make_ctx
        self._ctx: Ctx | None = None
        self._seen = -1

    @property
    def state(self) -> GameState:
        return self.batch.state

    @property
    def events(self):
        return self.batch.events

    @property
    def ctx(self) -> Ctx:
        if self._ctx is None or self._seen != len(self.batch.events):
            self._ctx = self._make(self.batch.state)
            self._seen = len(self.batch.events)
        return self._ctx

    def add(self, kind, rule, text, changes=(), side="", **info):
        return self.batch.add(kind, rule, text, changes, side, **info)

    def roll(self, rule, purpose, n=1, sides=6, side="", **info):
        return self.batch.roll(rule, purpose, n, sides, side, **info)

    def die(self, rule, purpose, sides=6, side="", **info):
        return self.batch.die(rule, purpose, sides, side, **info)
