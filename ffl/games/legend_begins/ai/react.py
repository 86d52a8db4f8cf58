"""The program's Reaction (41.0): which motorized stack moves where, or none.

* **an attack declared on it** (41.2, the defending hexes in the item's ``centers``):
  the odds the attack has now are read off the rules (``controller.odds``) and valued
  off the Combat Table (:func:`.fight.expected`).  A bad combat (the defender expects
  to lose a step or more, or likely to be made to retreat) in a hex that is no
  objective is left by a defending stack that is all motorized, to the reachable hex
  the enemy could strike least (41.4: the attack then falls on an empty hex); else a
  motorized stack nearby joins the defenders when the hex has room and it lowers the
  odds (the attack's factors over the defence with it, :meth:`.look.Look.defence_at`).
* **two segments in a row** (41.2, any units): a motorized stack next to the enemy
  whose defence is far below the strength that could strike it pulls back to the
  safest reachable hex; a threatened objective with room is reinforced.

Paths come from the controller's ``reaction_reach`` (legal paths, fewest MPs first);
every move is checked with ``controller.legal``.  Nothing worth it: ``end-reaction``.
"""

from __future__ import annotations

from ffl.engine import Action

from ..rules.reaction import groups
from .fight import expected
from .look import Look

#: a combat is bad for the defender from these expected steps lost / chance of retreat
BAD_LOSS = 1.0
BAD_RETREAT = 0.5
#: a stack in the open pulls back when the strength that could strike it is this much
#: more than its defence
EXPOSED = 3.0


class Reactor:
    def __init__(self, controller, look: Look, view, item: dict) -> None:
        self.controller = controller
        self.look = look
        self.ctx = look.ctx
        self.view = view
        self.item = item
        self.side = look.side
        self.foe = look.foe

    def choose(self, listed: list[Action]) -> Action:
        end = next((a for a in listed if a.kind == "end-reaction"), listed[0])
        plan = self.combat() if self.item.get("attack") else self.between()
        for a in plan:
            if a in listed or self.controller.legal(self.view, a):
                return a
        return end

    # -- helpers ----------------------------------------------------------------------------

    def stacks(self) -> list[list[str]]:
        """The groups that may react (each hex's reacting units together first)."""
        return groups(self.ctx, self.item)

    def reach(self, units: list[str]) -> dict[str, list[str]]:
        return self.controller.reaction_reach(self.view, units)

    def safe(self, where: dict[str, list[str]], units: list[str]) -> str | None:
        """The reachable hex with the least enemy strength against the stack's defence,
        in supply, no objective left bare."""
        look, ctx = self.look, self.ctx
        best, pick = None, None
        for key in where:
            if any(ctx.units_at(n, self.foe) for n in ctx.hexmap.neighbours(key)):
                continue
            d = look.defence_at(key, self.side, units) or 0.5
            score = (look.foe_strike.get(key, 0.0) / d - 2 * (key in look.supplied)
                     - 0.5 * (key in look.objectives))
            if best is None or score < best:
                best, pick = score, key
        return pick

    def move(self, units: list[str], path: list[str]) -> Action:
        return Action.make("react", self.side, units=list(units), path=list(path))

    # -- a Reaction to an attack -------------------------------------------------------------

    def combat(self) -> list[Action]:
        ctx, look = self.ctx, self.look
        attack = dict(self.item["attack"])
        attackers = [p for p in attack.get("attackers") or [] if ctx.on_map(p)]
        targets = [t for t in attack.get("targets") or [] if ctx.units_at(t, self.side)]
        if not attackers or not targets:
            return []
        od = self.controller.odds(self.view, attackers, targets,
                                  group=attack.get("group") or "all",
                                  supply=attack.get("supply"), seven=False)
        out: list[Action] = []
        att = float(od.get("attack") or sum(look.attack_of(p) for p in attackers))
        if od.get("ok"):
            ea, ed, win, _rep = expected(ctx.tables["crt"], od["column"],
                                         int(od.get("magnitude") or 0))
            bad = ed >= BAD_LOSS or win >= BAD_RETREAT
        else:
            bad = False
        for t in targets:
            here = ctx.units_at(t, self.side)
            combat_units = [p for p in here if ctx.is_combat(p)]
            # pull out: the whole stack motorized and able to react, the hex no objective
            if bad and t not in look.objectives and combat_units:
                whole = next((gp for gp in self.stacks()
                              if set(gp) == set(here) or set(gp) >= set(combat_units)), None)
                if whole is not None:
                    where = self.reach(whole)
                    key = self.safe(where, whole)
                    if key is not None:
                        out.append(self.move(whole, where[key]))
        # reinforce: a stack nearby that lowers the odds
        d_now = sum(look.defence_at(t, self.side) for t in targets) or 0.5
        options = []
        for gp in self.stacks():
            start = ctx.piece(gp[0]).space
            if start in targets or not any(ctx.is_combat(p) for p in gp):
                continue
            if any(ctx.units_at(n, self.foe) for n in ctx.hexmap.neighbours(start)) \
                    and look.objectives.get(start):
                continue                         # holding a threatened objective itself
            where = self.reach(gp)
            for t in targets:
                if t not in where:
                    continue
                d_new = d_now - look.defence_at(t, self.side) + \
                    look.defence_at(t, self.side, gp)
                before, after = att / d_now, att / max(0.5, d_new)
                if after < before * 0.85 and before >= 1.0:
                    options.append((after, -len(gp), self.move(gp, where[t])))
        options.sort(key=lambda o: (o[0], o[1]))
        out += [o[2] for o in options]
        return out

    # -- a Reaction between two enemy segments -----------------------------------------------

    def between(self) -> list[Action]:
        ctx, look = self.ctx, self.look
        out = []
        for gp in self.stacks():
            start = ctx.piece(gp[0]).space
            here = ctx.units_at(start, self.side)
            if set(gp) != set(here) or start in look.objectives:
                continue
            if not any(ctx.units_at(n, self.foe) for n in ctx.hexmap.neighbours(start)):
                continue
            d = look.defence_at(start, self.side) or 0.5
            if look.foe_strike.get(start, 0.0) < EXPOSED * d:
                continue
            where = self.reach(gp)
            key = self.safe(where, gp)
            if key is not None:
                out.append(self.move(gp, where[key]))
        for key in sorted(look.threatened, key=lambda k: -look.threatened[k]):
            if look.foe_strike.get(key, 0.0) <= look.defence_at(key, self.side):
                continue
            for gp in self.stacks():
                start = ctx.piece(gp[0]).space
                if start == key or start in look.objectives:
                    continue
                where = self.reach(gp)
                if key in where:
                    out.append(self.move(gp, where[key]))
        return out
