"""The program's decisions, phase by phase (see the package docstring)."""

from __future__ import annotations

import random

from ffl.engine import Action, GameState

from ..rules.stacking import points as stack_points
from .air import Air
from .fight import Fighter
from .look import Look, hexes_apart
from .march import Marcher
from .react import Reactor

#: the action kinds that end a step of the sequence (passed to when nothing is better)
ENDS = ("end-recovery", "end-organization", "end-arrange", "end-movement", "end-combat",
        "supply")
#: what the program's loss choices hold an Air HQ worth (:meth:`Planner.worth`)
AIR_HQ_WORTH = 15.0


class Planner:
    def __init__(self, controller, side: str, level: str, rng: random.Random) -> None:
        self.controller = controller
        self.side = side
        self.level = level
        self.rng = rng
        self._memory: dict = {}
        self._memory_key = None

    # -- the contract -------------------------------------------------------------------------

    def accept(self, view: GameState, action: Action) -> bool:
        """Whether an action the program made up (not in the listed sample) may be played:
        the rules accept it on the view (without Fog of War the view is the game)."""
        return bool(self.controller.legal(view, action))

    def memory(self, ctx) -> dict:
        key = (ctx.turn, tuple(sorted((ctx.seg or {}).items())), ctx.phase)
        if key != self._memory_key:
            self._memory_key = key
            self._memory = {}
        return self._memory

    def choose(self, view: GameState, actions: list[Action],
               listed_only: bool = False) -> Action:
        """The action to play; with ``listed_only`` one of ``actions`` itself."""
        choice = self._choose(view, actions)
        if listed_only and choice not in actions:
            ends = [a for a in actions if a.kind in ENDS or a.kind.startswith("end")]
            return (ends or actions)[0]
        return choice

    def _choose(self, view: GameState, actions: list[Action]) -> Action:
        ctx = self.controller.ctx(view)
        kinds: dict[str, list[Action]] = {}
        for a in actions:
            kinds.setdefault(a.kind, []).append(a)
        look = Look(ctx, self.side)
        item = ctx.pending[0] if ctx.pending else None
        if item is not None and item.get("kind") in ("air", "air-lost", "air-replace") \
                and item.get("side") == self.side:
            # 40.0 the air sub-phase (:mod:`.air`)
            return Air(self.controller, look, view, item,
                       bool(ctx.option("fog_of_war"))).choose(actions)
        if item is not None and item.get("kind") == "reaction" \
                and item.get("side") == self.side:
            # 41.0 Reaction (:mod:`.react`)
            return Reactor(self.controller, look, view, item).choose(actions)
        if "loss" in kinds:
            return self.loss(look, kinds["loss"])
        if "retreat" in kinds or "advance" in kinds or "stay" in kinds:
            return self.after_combat(look, kinds)
        if "eliminate" in kinds:
            return min(kinds["eliminate"], key=lambda a: (self.worth(look, a.get("unit")),
                                                          a.get("unit")))
        if "aside" in kinds:                    # 5.5 the least worth sits out the combat
            return min(kinds["aside"], key=lambda a: (
                self.worth(look, a.get("unit"), air_hq=False), a.get("unit")))
        if "demolish" in kinds:
            return kinds["demolish"][0]
        if "release" in kinds:
            return kinds["release"][0]
        if ctx.phase == "recovery":
            for k in ("restore", "convert", "end-recovery"):
                if k in kinds:
                    return kinds[k][0]
        if ctx.phase == "organization":
            for k in ("six-pounder", "end-organization"):
                if k in kinds:
                    return kinds[k][0]
        fog = bool(ctx.option("fog_of_war"))
        if ctx.phase == "combat" and ("attack" in kinds or "end-combat" in kinds):
            choice = Fighter(self.controller, look, view, fog, self.level).choose(actions)
            if choice is not None:
                return choice
            if "end-combat" in kinds:
                return kinds["end-combat"][0]
            return self.owed_fallback(look, view, kinds.get("attack") or actions)
        if ctx.phase == "movement" and "end-movement" in kinds:
            choice = Marcher(self.controller, look, view, self.memory(ctx), fog,
                             self.level).next_action()
            # (39.0: the Marcher's moves under Fog of War keep off the enemy's stacks, so
            # that a hidden unit's ZOC cannot make them illegal)
            if choice is not None and (choice in actions or self.accept(view, choice)):
                return choice
            return kinds["end-movement"][0]
        if ctx.phase == "supply" and "air-hq" in kinds:
            # 40.11 the segment closes: an Air HQ in danger comes off the map
            from .air_hq import AirHQs

            off = AirHQs(self.controller, look, view).removals(kinds["air-hq"])
            if off:
                return off[0]
        for k in ENDS:
            if k in kinds:
                return kinds[k][0]
        for a in actions:                  # an action kind the program does not know: pass
            if a.kind.startswith("end") or a.kind in ("pass", "done", "decline", "stay"):
                return a
        return actions[0]

    # -- pending decisions --------------------------------------------------------------------

    def throws_away(self, view: GameState, action: Action) -> bool:
        """Whether an action gives up one of the program's Air HQs (40.11): taking it off
        the map, or choosing it for a step loss or an elimination.  ``easy``'s random
        moves leave these out: losing an Air HQ costs an air unit with it and the
        Support of the rest, never something to do for no reason."""
        from ..rules.air_base import is_air_hq

        pid = action.get("unit")
        if pid not in view.pieces or view.pieces[pid].side != self.side:
            return False
        if action.kind == "air-hq":
            return action.get("hex") is None
        if action.kind in ("loss", "eliminate"):
            return is_air_hq(self.controller.ctx(view), pid)
        return False

    def worth(self, look: Look, pid, air_hq: bool = True) -> float:
        """What a unit's next step is worth to its side (losses go to the cheapest).  An
        Air HQ (with ``air_hq``) is worth a tank battalion's last step or so: it takes an
        air unit to the Cadre Box with it and the Support of the others (40.11), though
        its own strength is a single defence point."""
        ctx = look.ctx
        if pid not in ctx.state.pieces:
            return 0.0
        if air_hq and ctx.utype(pid) == "air_hq":
            return AIR_HQ_WORTH
        a, d = ctx.factors(pid) if ctx.is_combat(pid) else (0, 0)
        steps = max(1, ctx.steps(pid))
        w = (a + d) / steps
        if ctx.is_tank(pid):
            w *= 1.5
        if ctx.steps(pid) <= 1:
            w *= 1.6                                 # its last step: the unit goes
        return w

    def loss(self, look: Look, options: list[Action]) -> Action:
        pieces = look.ctx.state.pieces
        mine = [a for a in options if a.get("unit") in pieces
                and pieces[a.get("unit")].side == self.side]
        if len(mine) == len(options):
            return min(options, key=lambda a: (self.worth(look, a.get("unit")), a.get("unit")))
        # 9.5 the opponent picks the odd losses: the enemy's most valuable step
        return max(options, key=lambda a: (self.worth(look, a.get("unit")), a.get("unit")))

    def after_combat(self, look: Look, kinds: dict[str, list[Action]]) -> Action:
        advances = kinds.get("advance") or []
        if advances:
            def over(a: Action) -> bool:
                """5.3 the advance would leave its hex over seven stacking points (an
                advance is no retreat: 5.5 does not excuse it, a unit is lost at the end
                of the next Movement Phase unless one moves out)."""
                ctx, end = look.ctx, list(a["path"])[-1]
                moved = list(a["units"]) + [f for u in a["units"] for f in ctx.followers(u)]
                here = [p for p in ctx.units_at(end, self.side) if p not in moved]
                return stack_points(ctx, end, self.side, here + moved) > \
                    int(ctx.tables["stack_limit"])

            def adv(a: Action) -> tuple:
                path = list(a["path"])
                end = path[-1]
                took = sum(look.wanted.get(h, 0) for h in path)
                return (not over(a), took,
                        -look.foe_strike.get(end, 0.0) + 3 * (end in look.supplied), -len(path))
            best = max(advances, key=adv)
            end = list(best["path"])[-1]
            if over(best) and "stay" in kinds:
                return kinds["stay"][0]
            if adv(best)[1] > 0 or look.foe_strike.get(end, 0.0) <= 2 * (
                    look.defence_at(end, self.side, list(best["units"])) or 1):
                return best
            if "stay" in kinds:
                return kinds["stay"][0]
            return best
        retreats = kinds.get("retreat") or []
        if retreats and "stay" in kinds:
            return kinds["stay"][0]          # a Repulsed attacker holds its ground
        if retreats:
            def ret(a: Action) -> tuple:
                path = list(a["path"])
                end = path[-1] if path else ""
                foes = look.stacks(look.foe)
                near = min((hexes_apart(end, f) for f in foes), default=99)
                return (end in look.supplied, -look.foe_zoc.of(end), near, -len(path))
            return max(retreats, key=ret)
        return (kinds.get("stay") or [next(iter(kinds.values()))[0]])[0]

    def owed_fallback(self, look: Look, view: GameState, attacks: list[Action]) -> Action:
        return attacks[0]
