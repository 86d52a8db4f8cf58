"""The program's Combat Phase (9.0): which attack to make next, or none.

Every enemy hex next to a unit that may still attack is a candidate, attacked by every
such unit adjacent to it (from as many hexes as there are, 9.1 case B) with the Supply
Point the most of them reach (20.3).  The odds, shifts and Magnitude come from the
rules (``controller.odds``); the value of an attack is read off the Combat Table:

    value = E[defender steps lost] - cost x E[attacker steps lost]
            (cost: the enemy's steps on the map over the friendly ones, 0.8 - 2.5)
            + P(retreat) x (2 + 2 x the objective's points in the hex)
            - P(Repulsed) x 0.5

(each white die of the Magnitude reads one row; Sub-one takes one off each side's
losses, 9.3; a Fortification doubles the attacker's, 18.3; a Poor Odds attack is A1
Repulsed, 9.6).  An attack worth more than :data:`THRESHOLD` is made, the best first.
An attack owed (9.1 case 2) is made even when it is worth less, the cheapest way: with
all the units next to the hex, or with one small unit when that costs less.  At level
``hard`` in the scenario's last turn the attacks from only some of the hexes around an
enemy hex are weighed too, and the attack made is the best of the set of attacks worth
most together (:mod:`.search`); in that turn too the steps of each side, and what lasts
beyond the segment (a retreat, a disruption), are weighed by what they still count for
(:mod:`.horizon`), and the threshold falls with the cost of its own steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ffl.engine import Action

from ..rules.combat import vacant_fort
from ..rules.fight import able, best_supply, owed
from .look import Look

#: the value from which the program attacks of its own accord
THRESHOLD = 0.35
WINS = ("Advance", "Overrun")


@dataclass
class Sizing:
    action: Action
    value: float
    column: str


def expected(crt: dict, column: str, magnitude: int, fort: bool = False) -> tuple[float, float,
                                                                                     float, float]:
    """(E[attacker losses], E[defender losses], P(attacker wins), P(Repulsed)) of an
    attack on ``column`` with ``magnitude`` (9.3, 9.4)."""
    if column not in crt["rows"]:
        return 1.0, 0.0, 0.0, 1.0                     # 9.6 Poor Odds: A1 Repulsed
    rows = crt["rows"][column]
    dice = max(1, int(magnitude))
    sub = int(magnitude) == 0
    ea = ed = 0.0
    for a, d, _w in rows:
        a, d = int(a or 0), int(d or 0)
        if sub:
            a, d = max(0, a - 1), max(0, d - 1)
        ea += a / 6
        ed += d / 6
    win = sum(1 for r in rows if r[2] in WINS) / 6
    rep = sum(1 for r in rows if r[2] == "Repulsed") / 6
    ea *= dice
    ed *= dice
    if fort:
        ea *= 2
    return ea, ed, win, rep


class Fighter:
    def __init__(self, controller, look: Look, state, fog: bool = False,
                 level: str = "normal") -> None:
        self.fog = fog
        self.level = level
        self.controller = controller
        self.look = look
        self.ctx = look.ctx
        self.state = state
        self.crt = self.ctx.tables["crt"]

    @cached_property
    def horizon(self) -> tuple[float, float, float]:
        """``hard``: (multiplier of its steps' cost, of the enemy steps' worth, of what
        lasts beyond the segment) in the scenario's last turn (:func:`.horizon.weights`);
        (1, 1, 1) for the other levels."""
        if self.level != "hard":
            return 1.0, 1.0, 1.0
        from .horizon import weights

        return weights(self.ctx, self.look.side, self.look.foe)

    @cached_property
    def searches(self) -> bool:
        """``hard`` searches the plans of attacks (:mod:`.search`) in the scenario's last
        turn (31.0): the plans add up what the attacks take in this segment, and only
        then does that outweigh what whole-stack attacks leave for later (the
        retreats, Overruns and advances that open the way, the supply kept).  Played
        all game long, the search lost Compass seed 5 (the Mersa Matruh counter-attack
        left undone in the first turn) and won nothing before the last turn."""
        from .horizon import last_turn

        return self.level == "hard" and last_turn(self.ctx)

    @property
    def threshold(self) -> float:
        """The value from which an attack is made: lower for ``hard`` when its own
        losses count for less (the last turn's last segments)."""
        return THRESHOLD * (self.horizon[0] if self.level == "hard" else 1.0)

    def candidates(self) -> list[Action]:
        ctx, side = self.ctx, self.look.side
        foe = self.look.foe
        hm = ctx.hexmap
        mine: dict[str, list[str]] = {}
        for key in self.look.stacks(side):
            units = [p for p in ctx.units_at(key, side) if able(ctx, p)]
            if units:
                mine[key] = units
        targets: dict[str, list[str]] = {}
        for key, units in mine.items():
            for n in hm.neighbours(key):
                if ctx.units_at(n, foe) or vacant_fort(ctx, side, n):
                    targets.setdefault(n, []).extend(units)
        out: list[Action] = []
        due = {src for _pid, src in owed(ctx, side)}
        for n, units in sorted(targets.items()):
            units = sorted(set(units))
            sp = best_supply(ctx, side, units)
            out.append(Action.make("attack", side, attackers=units, targets=[n], supply=sp))
            if n in due and len(units) > 1:
                small = min(units, key=lambda p: (self.look.attack_of(p), ctx.steps(p), p))
                out.append(Action.make("attack", side, attackers=[small], targets=[n],
                                       supply=best_supply(ctx, side, [small])))
        return out

    def value(self, action: Action) -> Sizing | None:
        od = self.controller.odds(self.state, list(action["attackers"]), list(action["targets"]),
                                  group=action.get("group") or "all",
                                  supply=action.get("supply"), seven=False)
        if not od.get("ok"):
            return None
        target = action["targets"][0]
        work = self.ctx.work(target)
        fort = bool(work and work.get("type") == "fort" and work.get("side") != self.look.side)
        ea, ed, win, rep = expected(self.crt, od["column"], int(od.get("magnitude") or 0), fort)
        steps = od.get("steps") or [0, 0]
        ed = min(ed, float(steps[1] or 0) + 0.5)
        ea = min(ea, float(steps[0] or 0))
        cost = self.look.step_cost
        vic = self.ctx.setup.get("victory") or {}
        if self.look.side == "axis" and vic.get("steps_per_vp"):
            cost *= 1.3                                 # Italian steps lost score for him
        worth = self.look.objectives.get(target, 0)
        keep, gain, later = self.horizon                # 31.0 the last turn (hard)
        v = gain * ed - keep * cost * ea + win * (2 * later + 2 * worth) - rep * 0.5 * later
        return Sizing(action, v, od["column"])

    def choose(self, listed: list[Action]) -> Action | None:
        """The attack to make now, or None to end the Combat Phase (when it may end)."""
        ctx, side = self.ctx, self.look.side
        due = {src for _pid, src in owed(ctx, side)}
        seen = set()
        sized: list[Sizing] = []
        # 39.0: under Fog of War an attack is made up only on a hex the listed attacks
        # (worked out on the game itself) show may still be attacked
        open_targets = {x["targets"][0] for x in listed if x.kind == "attack"}
        made = self.candidates()
        partial: set = set()
        if self.searches:
            from .search import partial_attacks

            extra = partial_attacks(self, made)          # wider: some hexes only
            whole = {(tuple(a["attackers"]), tuple(a["targets"]))
                     for a in made + [x for x in listed if x.kind == "attack"]}
            partial = {(tuple(a["attackers"]), tuple(a["targets"])) for a in extra} - whole
            made += extra
        for a in made + [x for x in listed if x.kind == "attack"]:
            if a.get("diversion"):
                continue
            if self.fog and a not in listed and a["targets"][0] not in open_targets:
                continue
            key = (tuple(a["attackers"]), tuple(a["targets"]), a.get("group"))
            if key in seen:
                continue
            seen.add(key)
            s = self.value(a)
            if s is not None and self.controller.legal(self.state, a):
                sized.append(s)
        if not sized:
            return None
        if self.searches:
            from .search import best_plan

            plan = best_plan(sized, self.threshold, due, partial)  # deeper: a set of attacks
            if plan:
                return plan[0].action
            # no clearly better set: as normal, with the whole attacks only
            sized = [s for s in sized if (tuple(s.action["attackers"]),
                                          tuple(s.action["targets"])) not in partial]
            if not sized:
                return None
        best = max(sized, key=lambda s: s.value)
        if best.value >= self.threshold:
            return best.action
        if due:
            owed_ones = [s for s in sized if s.action["targets"][0] in due]
            if owed_ones:
                return max(owed_ones, key=lambda s: s.value).action
        return None
