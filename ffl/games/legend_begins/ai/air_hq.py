"""The program's Air HQs (40.11): where they stand, when they go, when one lost is
bought back.

At the air step opening its Combat Phase (the only time the controller takes Air HQ
actions):

* an Air HQ **in danger** (enemy attack strength within reach of its hex, over the
  friendly defence there; an Air HQ defends with one and is lost if it retreats,
  40.11 ELIMINATION) moves to the best safe hex in a Primary Segment, or comes off
  the map (any friendly segment, 40.11);
* where the controller offers taking an Air HQ off the map outside the air step (the
  Supply Phase closing a friendly segment), one in danger comes off;
* in a friendly **Primary Segment** an Air HQ on the map moves forward when another
  hex keeps clearly more of the front within its air units' range
  (:data:`MOVE_GAIN` of the front more): moving costs its Support until the next
  friendly Primary Segment (construction side), so it moves only for a real gain;
* an Air HQ at its base is placed, and one in the Cadre Box is **bought back** for its
  Resource Point (40.11) when the side has the points;
* the hex: a friendly airfield (its Support adds, 40.12) or a hex of friendly combat
  units, safe (out of every enemy unit's reach when one such hex covers as much), with
  the most of the front in range, then the nearest the front.

The front is the enemy stacks within :data:`FRONT_RANGE` hexes of a friendly stack
(else the friendly stacks nearest the objectives).  "In range" is measured with the
range of the side's shorter-ranged air units (the third shortest of them), which are
the ones a far Air HQ leaves idle.  Every action is checked with ``controller.legal``.
"""

from __future__ import annotations

from ffl.engine import Action

from ..rules import air_base as AB
from ..rules.context import ACTIVE, CADRE, READY
from .look import Look, hexes_apart

#: the share of the front an Air HQ's new hex must keep in range over its old one
MOVE_GAIN = 0.3
#: enemy stacks this near a friendly stack are the front
FRONT_RANGE = 3
#: enemy strength over friendly defence from which an Air HQ's hex is in danger
DANGER = 1.0


class AirHQs:
    def __init__(self, controller, look: Look, view) -> None:
        self.controller = controller
        self.look = look
        self.ctx = look.ctx
        self.view = view
        self.side = look.side

    # -- readings ---------------------------------------------------------------------------

    def front(self) -> list[str]:
        look = self.look
        mine = [k for k in look.stacks(self.side)
                if any(not AB.is_air_hq(self.ctx, p) for p in self.ctx.units_at(k, self.side))]
        foes = [f for f in look.stacks(look.foe)
                if any(hexes_apart(f, k) <= FRONT_RANGE for k in mine)]
        if foes:
            return foes
        return sorted(mine, key=lambda k: (-look.pull(k), k))[:6]

    def reach(self) -> int:
        ranges = sorted(int(self.ctx.value(p, "range", 0)) for p in AB.air_units(self.ctx,
                                                                                 self.side))
        ranges = [r for r in ranges if r > 0]
        return ranges[len(ranges) // 3] if ranges else 4

    def coverage(self, key: str, front: list[str], reach: int) -> float:
        if not front or not key[:1].isdigit():
            return 0.0
        return sum(1 for f in front if hexes_apart(key, f) <= reach) / len(front)

    def danger(self, key: str) -> bool:
        look = self.look
        strike = look.foe_strike.get(key, 0.0)
        if not strike:
            return False
        own = [p for p in self.ctx.units_at(key, self.side) if not AB.is_air_hq(self.ctx, p)]
        return strike > DANGER * max(1.0, look.defence_at(key, self.side, own))

    def spots(self) -> list[str]:
        """Friendly airfields and hexes of friendly combat units (40.11 placement)."""
        ctx = self.ctx
        out = [k for k in sorted(ctx.hexmap.airfields)
               if k in ctx.hexmap.terrain and ctx.control(k) == self.side]
        out += [k for k in self.look.stacks(self.side) if k not in out]
        return out

    def best(self, pid: str, front: list[str], reach: int) -> tuple[float, Action] | None:
        """The best legal hex for ``pid`` (coverage, the action)."""
        fields = self.ctx.hexmap.airfields
        scored = []
        foes = self.ctx.occupied[self.look.foe]["any"]
        for key in self.spots():
            # (next to an enemy stack: in danger, and under Fog of War a hidden unit's
            # ZOC would make the hex illegal, 39.0)
            if self.danger(key) or any(n in foes for n in self.ctx.hexmap.neighbours(key)):
                continue
            cov = self.coverage(key, front, reach)
            near = min((hexes_apart(key, f) for f in front), default=0)
            # out of the enemy's reach altogether first: an Air HQ in a stack that is
            # attacked and retreats is lost with an air unit (40.11 ELIMINATION)
            quiet = 0.0 if self.look.foe_strike.get(key) else 0.5
            scored.append((cov + quiet + (0.05 if key in fields else 0.0), -near, key, cov))
        scored.sort(reverse=True)
        for _s, _n, key, cov in scored[:12]:
            a = Action.make("air-hq", self.side, unit=pid, hex=key)
            if self.controller.legal(self.view, a):
                return cov, a
        return None

    # -- the plan -----------------------------------------------------------------------------

    def actions(self) -> list[Action]:
        """The Air HQ actions to take now, in order."""
        ctx = self.ctx
        primary = ctx.seg_type == "primary"
        front, reach = self.front(), self.reach()
        rp = int((ctx.var("rp") or {}).get(self.side, 0))
        cost = int(AB.table(ctx)["hq_cost"])
        out: list[Action] = []
        for pid, q in sorted(ctx.state.pieces.items()):
            if q.side != self.side or not AB.is_air_hq(ctx, pid):
                continue
            if q.status == ACTIVE and q.space in ctx.hexmap.terrain:
                here_cov = self.coverage(q.space, front, reach)
                if self.danger(q.space):
                    found = self.best(pid, front, reach) if primary else None
                    out.append(found[1] if found else
                               Action.make("air-hq", self.side, unit=pid, hex=None))
                elif primary and here_cov < 1.0 - MOVE_GAIN:
                    found = self.best(pid, front, reach)
                    if found and found[0] >= here_cov + MOVE_GAIN:
                        out.append(found[1])
            elif primary and (q.status == READY or (q.status == CADRE and rp >= cost)):
                found = self.best(pid, front, reach)
                if found:
                    out.append(found[1])
                    if q.status == CADRE:
                        rp -= cost                    # 40.11 a Resource Point spent
        return [a for a in out if self.controller.legal(self.view, a)]

    def removals(self, listed: list[Action]) -> list[Action]:
        """40.11 outside the air step (where the controller offers it): the Air HQs in
        danger come off the map."""
        ctx = self.ctx
        out = []
        for a in listed:
            if a.kind != "air-hq" or a.get("hex") is not None:
                continue
            q = ctx.state.pieces.get(a.get("unit"))
            if q is not None and q.status == ACTIVE and q.space in ctx.hexmap.terrain \
                    and self.danger(q.space):
                out.append(a)
        return out

