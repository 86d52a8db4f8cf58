"""What the program reads off its side's view before it decides: the scenario's
objectives and their worth, where each side's combat strength stands, which hexes a
Line of Supply reaches, and how strongly the enemy could strike each hex.

Everything here is a reading of the view through the rules' own queries
(:mod:`..rules.supply`, :mod:`..rules.zoc`); nothing changes the game.
"""

from __future__ import annotations

from functools import cached_property

from .. import hexgeo as g
from ..rules import supply as S
from ..rules.context import Ctx, enemy
from ..rules.zoc import zoc_map

#: a place the enemy holds within this many hexes is "threatened" (kept garrisoned)
THREAT_RANGE = 6
#: how far (hexes) enemy strength counts against a hex (one enemy segment's reach)
STRIKE_RANGE = 3
#: an objective draws stacks from up to this many hexes away
PULL_RANGE = 40


def hexes_apart(a: str, b: str) -> int:
    if not (a[:1].isdigit() and b[:1].isdigit()):
        return 99
    return g.distance(a, b)


class Look:
    """The program's reading of one view for ``side`` (made afresh for each decision)."""

    def __init__(self, ctx: Ctx, side: str) -> None:
        self.ctx = ctx
        self.side = side
        self.foe = enemy(side)
        self.hm = ctx.hexmap

    # -- objectives ---------------------------------------------------------------------------

    @cached_property
    def objectives(self) -> dict[str, int]:
        """Victory hexes -> points (31.0 scenario conditions): each side wants every one
        of them (for one to score, for the other to deny), and the enemy's map edge
        (33.0 Automatic Victory) a little."""
        vic = self.ctx.setup.get("victory") or {}
        out: dict[str, int] = {}
        for table in ("hexes", "axis_hexes"):
            for key, n in (vic.get(table) or {}).items():
                if key in self.hm.terrain:
                    out[key] = out.get(key, 0) + int(n)
        return out

    @cached_property
    def wanted(self) -> dict[str, int]:
        """Objectives not held by ``side``."""
        return {k: v for k, v in self.objectives.items() if self.ctx.control(k) != self.side}

    @cached_property
    def held(self) -> dict[str, int]:
        return {k: v for k, v in self.objectives.items() if self.ctx.control(k) == self.side}

    @cached_property
    def threatened(self) -> dict[str, int]:
        """Held objectives with enemy combat units within :data:`THREAT_RANGE` hexes."""
        foes = self.stacks(self.foe)
        return {k: v for k, v in self.held.items()
                if any(hexes_apart(k, f) <= THREAT_RANGE for f in foes)}

    def pull(self, key: str) -> float:
        """How much a hex draws the side's stacks: the best of the wanted objectives'
        points (plus two) times how near it is (nothing from :data:`PULL_RANGE` hexes
        on), the enemy's stacks when no objective is left to take."""
        if not key[:1].isdigit():
            return 0.0
        best = 0.0
        take, keep = (0.4, 1.0) if self.outmatched else (1.0, 0.5)
        for o, v in self.wanted.items():
            best = max(best, take * (v + 2) * max(0.0, 1 - hexes_apart(key, o) / PULL_RANGE))
        for o, v in self.threatened.items():
            best = max(best, keep * (v + 2) * max(0.0, 1 - hexes_apart(key, o) / PULL_RANGE))
        if not self.wanted:
            for f in self.stacks(self.foe):
                best = max(best, 2 * max(0.0, 1 - hexes_apart(key, f) / PULL_RANGE))
        return best

    def focus(self, reach_of) -> dict[str, float]:
        """Enemy stacks worth concentrating on this segment -> the odds (attack over
        defence) that the friendly strength able to get next to them could have:
        ``reach_of(pid)`` is how many hexes a unit can cover now."""
        ctx = self.ctx
        mine = []
        for key in self.stacks(self.side):
            for p in ctx.units_at(key, self.side):
                a = self.attack_of(p)
                if a and not ctx.disrupted(p):
                    mine.append((key, a, reach_of(p)))
        out: dict[str, float] = {}
        for f in self.stacks(self.foe):
            d = self.defence_at(f, self.foe) or 0.5
            att = sum(a for key, a, r in mine if hexes_apart(key, f) <= r + 1)
            if att / d >= 2.0:
                out[f] = att / d
        return out

    # -- strength -----------------------------------------------------------------------------

    @cached_property
    def power(self) -> dict[str, tuple[int, int]]:
        """Side -> (attack factors, steps) of its combat units on the map."""
        ctx = self.ctx
        out = {}
        for side in (self.side, self.foe):
            units = [p for p in ctx.units(side) if ctx.on_map(p) and ctx.is_combat(p)]
            out[side] = (sum(self.attack_of(p) for p in units),
                         sum(ctx.steps(p) for p in units))
        return out

    @cached_property
    def outmatched(self) -> bool:
        """The enemy's army on the map is much the stronger: hold, do not take."""
        return self.power[self.foe][0] > 1.4 * max(1, self.power[self.side][0])

    @cached_property
    def step_cost(self) -> float:
        """What one friendly step is worth against one enemy step: more to the side with
        fewer steps on the map (from 0.8 to 2.5)."""
        mine = max(1, self.power[self.side][1])
        return min(2.5, max(0.8, self.power[self.foe][1] / mine))

    def stacks(self, side: str) -> list[str]:
        return sorted(k for k in self.ctx.occupied[side]["combat"] if k in self.hm.terrain)

    def attack_of(self, pid: str) -> int:
        return self.ctx.factors(pid)[0] if self.ctx.is_combat(pid) else 0

    def defence_at(self, key: str, side: str, extra: list[str] = ()) -> float:
        """The defence factors of ``side`` in a hex with its Field Work or terrain (18.0,
        10.2 as about half a column)."""
        ctx = self.ctx
        pids = [p for p in ctx.units_at(key, side)] + [p for p in extra
                                                        if p not in ctx.units_at(key, side)]
        total = 0.0
        work = ctx.work(key) if key in self.hm.terrain else None
        mult = 1.0
        if work:
            mult = 3.0 if work.get("type") == "fort" else 2.0
        for p in pids:
            if not ctx.is_combat(p):
                continue
            d = ctx.factors(p)[1]
            if ctx.disrupted(p):
                d = (d + 1) // 2
            total += d * (mult if not ctx.is_tank(p) else max(1.0, mult / 2))
        if key in self.hm.terrain and (self.hm.terrain.get(key) == "jebel"
                                       or self.hm.is_city(key)):
            total *= 1.4
        return total

    @cached_property
    def foe_strike(self) -> dict[str, float]:
        """Hex -> the attack factors of enemy combat units within :data:`STRIKE_RANGE`
        hexes (motorized) or 1 hex (on foot): what could fall on a stack there next."""
        ctx = self.ctx
        out: dict[str, float] = {}
        for key in self.stacks(self.foe):
            for p in ctx.units_at(key, self.foe):
                a = self.attack_of(p)
                if not a or ctx.disrupted(p):
                    continue
                reach = STRIKE_RANGE if ctx.motorized(p) else 1
                out.setdefault(key, 0.0)
                for h in self._ring(key, reach):
                    out[h] = out.get(h, 0.0) + a
        return out

    def _ring(self, key: str, radius: int) -> list[str]:
        seen = {key}
        frontier = [key]
        for _ in range(radius):
            nxt = []
            for h in frontier:
                for n in self.hm.neighbours(h):
                    if n not in seen and n in self.hm.terrain:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        seen.discard(key)
        return sorted(seen)

    @cached_property
    def foe_zoc(self):
        return zoc_map(self.ctx, self.foe)

    # -- supply -------------------------------------------------------------------------------

    @cached_property
    def supplied(self) -> set[str]:
        """Map hexes from which ``side`` could trace a Line of Supply now (19.2, 19.3):
        within reach of the Army HQ (if it has its LOC), or 4 MPs / 2 hexes of the map
        edge, a Supply Point with a LOC or a friendly port."""
        ctx, side = self.ctx, self.side
        src = S.sources(ctx, side)
        out: set[str] = set()
        for h in src["hq"]:
            out |= S.hq_reach(ctx, side, h)
        plain = src["edge"] | src["sp"] | src["port"]
        if plain:
            stop = S.blocked(ctx, side)
            limit, hops = ctx.tables["supply_range"]["source"]
            out |= set(S._reverse(ctx, dict.fromkeys(plain, 0), int(limit), stop, desert=True))
            out |= S._hops(ctx, plain, int(hops), stop)
        return out

    @cached_property
    def loc(self) -> set[str]:
        """8.3 hexes with a LOC to the friendly map edge."""
        return S.loc_hexes(self.ctx, self.side)

    def army_hq(self) -> str | None:
        return S.army_hq(self.ctx, self.side)
