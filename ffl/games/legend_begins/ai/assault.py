"""The program's Mobile Assaults (14.0): a motorized stack (or one carried by Trucks)
attacks an adjacent enemy hex in the Movement Phase, from where it stands or after a
move that stops next to the hex (14.3).

A Mobile Assault is read off the Combat Table at the odds the rules give it
(``controller.odds(..., mobile=True)``: the attack halved, 14.4 B), with 14.4's
exceptions: an Advance counts as no result (C), only an Overrun moves the defender,
and the assaulting units stop unless they Overrun.  Its value:

    value = E[defender steps lost] - cost x E[attacker steps lost]
            + P(Overrun) x (1 + breakout + blocking + supply + 2 x objective points)

* ``breakout`` (2): the stack stands in an enemy Active ZOC (7.0), which an Overrun
  lifts;
* ``blocking`` (1): the hex lies nearer the objectives the stack is drawn to
  (:meth:`.look.Look.pull`) than the stack;
* ``supply`` (1.5): no Line of Supply reaches where the stack stands (19.2) and one
  reaches the hex assaulted.

An assault is made when its value is at least :data:`THRESHOLD` and an Overrun comes
at least :data:`MIN_OVERRUN` of the time (the odds are good).  A stack drives next to
an enemy hex within eight hexes to assault it when the move and the assault together
are worth at least the best plain move (the weakest enemy hexes first: steps it
destroys count for victory in several scenarios, and the stack may still attack in
the Combat Phase).  The units that assault
may still attack in the Combat Phase (14.5), so a failed assault costs only its
losses and the rest of the stack's movement.  Every assault and every approach move
is checked with ``controller.legal``; an approach is tried on a copy of the view
(the move applied by the controller) before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ffl.engine import Action, fold

from ..rules import movement as M
from .fight import expected
from .look import Look, hexes_apart

THRESHOLD = 1.0
MIN_OVERRUN = 1 / 3
#: per level: (least value, least chance of an Overrun)
BAR = {"normal": (THRESHOLD, MIN_OVERRUN), "hard": (THRESHOLD, MIN_OVERRUN)}
#: per level: approach hexes tried per stack, enemy hexes tried per stack (more for
#: hard lost it points in Compass: more drives to far enemy hexes instead of moves on)
WIDTH = {"hard": (2, 2), "normal": (2, 2)}


@dataclass
class Plan:
    """A Mobile Assault to make: ``first`` now (the assault itself, or the move to the
    hex it is made from), then ``then`` (the assault after that move)."""
    first: Action
    then: Action | None
    value: float
    column: str


def mobile_expected(crt: dict, column: str, magnitude: int) -> tuple[float, float, float]:
    """(E[attacker losses], E[defender losses], P(Overrun)) of a Mobile Assault: an
    Advance is no result and only an Overrun moves the defender (14.4 C)."""
    ea, ed, _win, _rep = expected(crt, column, magnitude)
    rows = crt["rows"].get(column) or []
    over = sum(1 for r in rows if r[2] == "Overrun") / 6
    return ea, ed, over


class Assaulter:
    def __init__(self, controller, look: Look, state, level: str = "normal",
                 fog: bool = False) -> None:
        self.controller = controller
        self.look = look
        self.ctx = look.ctx
        self.state = state
        self.side = look.side
        self.level = level
        self.fog = fog
        self.crt = self.ctx.tables["crt"]

    # -- which units ------------------------------------------------------------------------

    def able(self, pid: str) -> bool:
        """14.1 a motorized unit or one a Truck carries (its own or its HQ's stack)."""
        ctx = self.ctx
        members = M.movers(ctx, [pid])
        group = M.Group(ctx, [pid])
        return bool(group.check_start()) and all(group.mot[p] for p in members) \
            and any(ctx.is_combat(p) for p in members + M.passengers(ctx, members))

    def attackers(self, ctx, units: list[str]) -> list[str]:
        return [p for p in M.movers(ctx, units) + M.passengers(ctx, units)
                if ctx.is_combat(p)]

    # -- valuing ----------------------------------------------------------------------------

    def value(self, state, units: list[str], target: str) -> tuple[float, float, str] | None:
        """(value, P(Overrun), column) of a Mobile Assault by ``units`` on ``target`` in
        ``state``, or None when the rules refuse it."""
        ctl = self.controller
        action = Action.make("assault", self.side, units=list(units), target=target)
        if not ctl.legal(state, action):
            return None
        ctx = ctl.ctx(state)
        att = self.attackers(ctx, units)
        od = ctl.odds(state, att, [target], mobile=True, seven=False)
        if not od.get("ok"):
            return None
        ea, ed, over = mobile_expected(self.crt, od["column"], int(od.get("magnitude") or 0))
        steps = od.get("steps") or [0, 0]
        ed = min(ed, float(steps[1] or 0) + 0.5)
        ea = min(ea, float(steps[0] or 0))
        look = self.look
        here = ctx.piece(units[0]).space
        bonus = 1.0 + 2.0 * look.objectives.get(target, 0)
        if M.ezoc(ctx, self.side).of(here) == 2:
            bonus += 2.0                                 # 7.0 out of an Active ZOC
        if look.pull(target) > look.pull(here) + 0.05:
            bonus += 1.0                                 # the hex bars the way on
        if here not in look.supplied and target in look.supplied:
            bonus += 1.5                                 # 19.2 toward supply
        keep, gain, _later = self.horizon
        v = ed * gain - look.step_cost * keep * ea + over * bonus
        return v, over, od["column"]

    @cached_property
    def horizon(self) -> tuple[float, float, float]:
        """``hard``: (multiplier of its steps' cost, of the enemy steps' worth, of what
        lasts) in the scenario's last turn (:func:`.horizon.weights`); (1, 1, 1) for the
        other levels."""
        if self.level != "hard":
            return 1.0, 1.0, 1.0
        from .horizon import weights

        return weights(self.ctx, self.side, self.look.foe)

    def good(self, scored: tuple[float, float, str] | None) -> bool:
        least, over = BAR.get(self.level, (THRESHOLD, MIN_OVERRUN))
        least *= self.horizon[0]            # hard, the last turn: losses count less,
        over *= self.horizon[0]             # the steps destroyed as much
        return scored is not None and scored[0] >= least and scored[1] >= over

    # -- plans --------------------------------------------------------------------------------

    def groups(self, pid: str) -> list[list[str]]:
        """``pid`` alone, and the stack of every unit in its hex that may assault with it
        (14.1: one unit or stack)."""
        ctx = self.ctx
        here = ctx.piece(pid).space
        stack = [p for p in ctx.units_at(here, self.side)
                 if not ctx.piece(p).data.get("hq") and not ctx.piece(p).data.get("carried_by")
                 and ctx.kind(p) != "truck" and (p == pid or self.able(p))]
        return [[pid]] + ([sorted(stack)] if len(stack) > 1 else [])

    def from_here(self, pid: str) -> Plan | None:
        """The best Mobile Assault from the hex ``pid`` stands in: by the whole stack of
        units there that may assault, else by ``pid`` (and its followers) alone."""
        ctx = self.ctx
        here = ctx.piece(pid).space
        if here not in ctx.hexmap.terrain:
            return None
        groups = self.groups(pid)
        best: Plan | None = None
        for n in ctx.hexmap.neighbours(here):
            if not ctx.units_at(n, self.look.foe):
                continue
            for units in groups:
                s = self.value(self.state, units, n)
                if self.good(s) and (best is None or s[0] > best.value):
                    best = Plan(Action.make("assault", self.side, units=units, target=n),
                                None, s[0], s[2])
        return best

    def approach(self, pid: str, reach: dict[str, list[str]]) -> Plan | None:
        """The best Mobile Assault after a move that ends next to an enemy hex (14.3):
        the enemy hexes in reach (the weakest first), the approach hexes cheapest in
        enemy strength first; each move applied to a copy of the view and the assault
        valued there."""
        if self.fog:
            return None                      # 39.0 hidden units would spoil the odds
        ctx, look = self.ctx, self.look
        n_hex, n_target = WIDTH.get(self.level, WIDTH["normal"])
        here = ctx.piece(pid).space
        targets = []
        for f in look.stacks(look.foe):
            if here in ctx.hexmap.terrain and hexes_apart(here, f) > 8:
                continue
            near = [n for n in ctx.hexmap.neighbours(f) if n in reach]
            if near:
                targets.append((look.defence_at(f, look.foe), f, near))
        targets.sort()
        # the whole stack first (its strength), then the unit alone
        groups = self.groups(pid)[::-1]
        best: Plan | None = None
        for _d, f, near in targets[:n_target]:
            near.sort(key=lambda k: (look.foe_strike.get(k, 0.0), len(reach[k]), k))
            for key in near[:n_hex]:
                for units in groups:
                    move = Action.make("move", self.side, units=units, path=list(reach[key]))
                    if not self.controller.legal(self.state, move):
                        continue
                    after = fold(self.state, self.controller.apply(self.state, move))
                    s = self.value(after, units, f)
                    if self.good(s) and (best is None or s[0] > best.value):
                        best = Plan(move, Action.make("assault", self.side, units=units,
                                                      target=f), s[0], s[2])
        return best
