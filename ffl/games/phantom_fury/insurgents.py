"""The insurgents' decisions: the program plays the side the player does not.

Phantom Fury is solitaire: the rules drive the insurgents through draws and
tables, and where they leave a choice to "the player" on the insurgents'
behalf, the program makes it here.  The rules modules call one object with
these methods (``ctx.opponent``); each returns its choice and a short reason
that the caller logs with the rule number.  :class:`ByTheBook` follows the
rules' own priority orders and, where the book gives none, a fixed order
chosen to favour the insurgents (listed in docs/games/phantom_fury-reconstructions.md).
A stronger opponent subclasses it and is registered in :data:`OPPONENTS`
(the scenario option ``opponent`` names it).

No Qt, no database; the methods only read the state (``ctx``) and never roll:
where the rules want a random choice among equals, they return every equal
candidate and the caller draws among them with the dice.
"""

from __future__ import annotations

from typing import Any

from ...engine import Piece
from . import mapdata as M

#: height of a Location type (used to break ties: higher ground first)
HEIGHT = {"R": 4, "2": 3, "1": 2, "C": 1, "OG": 0}


class ByTheBook:
    """The rules' priority orders (see the module docstring)."""

    name = "by the book"

    def defensive_fire_order(self, ctx: Any, units: list[Piece]) -> tuple[list[Piece], str]:
        """12.7.1: every 'Insurgents' unit of the Zone fires; the strongest first (so a
        squad hit early has met the best shots)."""
        order = sorted(units, key=lambda p: (-ctx.ins_cf(p), M.CODES.index(ctx.map.code[p.space]),
                                             p.id))
        return order, "the highest CF fires first"

    def replacement_counter(self, ctx: Any, candidates: list[Piece], face: str
                            ) -> tuple[Piece, str]:
        """'Select a corresponding counter from the draw pool': any counter showing
        the CF asked on that side will do; the one whose other side is weakest is
        taken, keeping the strongest counters in the container for later draws."""
        other = "martyrs" if face == "guerillas" else "guerillas"
        chosen = min(candidates, key=lambda p: (int(ctx.types[p.type].get(other)), p.id))
        return chosen, f"counter {chosen.id}: its other side is the weakest available"

    def counter_attack_units(self, ctx: Any, guerillas: list[Piece]) -> list[Piece]:
        """9.4 Counter-attack: the 'Guerillas' unit(s) with the highest CF (the rules
        draw at random among several)."""
        best = max(ctx.ins_cf(p) for p in guerillas)
        return [p for p in guerillas if ctx.ins_cf(p) == best]

    def counter_attack_target(self, ctx: Any, squads: list[Piece]) -> tuple[Piece, str]:
        """9.4: the squad attacked where a Zone holds several (the mosque's IIF): the
        weakest."""
        chosen = min(squads, key=lambda p: (ctx.cf(p), p.id))
        return chosen, "the weakest squad"

    def counter_attack_location(self, ctx: Any, unit: Piece, squad: Piece,
                                free: list[str]) -> tuple[str | None, str]:
        """9.4: where the attacking unit goes, Adjacent to the squad: it stays put if
        it already is; else the free Adjacent Location nearest to it inside the
        Zone, higher ground first."""
        if unit.space in ctx.map.loc_adjacent.get(squad.space, ()):
            return unit.space, "it is already Adjacent"
        if not free:
            return None, "no free Location Adjacent to the squad"
        dist = _distances(ctx, unit.space)
        chosen = min(free, key=lambda loc: (dist.get(loc, 99), -HEIGHT.get(ctx.map.kind[loc], 0),
                                            M.CODES.index(ctx.map.code[loc])))
        return chosen, "the nearest free Location Adjacent to the squad, higher ground first"

    def ordered_zones(self, ctx: Any, zones: list[int]) -> list[int]:
        """Zones handled one after the other (reactions, infiltration): by number."""
        return sorted(zones)


def _distances(ctx: Any, start: str) -> dict[str, int]:
    """Steps between Locations of one Zone (arrows only), from ``start``."""
    zone = ctx.map.zone_of[start]
    out, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for loc in frontier:
            for other in ctx.map.loc_adjacent.get(loc, ()):
                if ctx.map.zone_of.get(other) == zone and other not in out:
                    out[other] = out[loc] + 1
                    nxt.append(other)
        frontier = nxt
    return out


OPPONENTS: dict[str, type[ByTheBook]] = {"book": ByTheBook}


def opponent(name: str = "book") -> ByTheBook:
    """The insurgent player named by a scenario's ``opponent`` option."""
    return OPPONENTS.get(name, ByTheBook)()
