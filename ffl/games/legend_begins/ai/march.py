"""The program's Movement Phase (4.0): one stack at a time, each moved once a segment.

Order: reinforcements and Supply Points in Italy sail to the friendly port nearest the
front (23.1, Primary Segments); the Army HQ, carrying a Supply Point, follows the front
(16.3, 21.5); combat units, strongest first; Trucks bring Supply Points forward (21.0).

A combat stack's destination (any hex ``controller.reachable`` offers) is worth:

* the pull of the objectives (:meth:`.look.Look.pull`) gained over where it stands;
* the points of an objective it takes (ends in, or passes through: 8.1 control);
* next to an enemy stack: the odds all the friendly strength next to it would have --
  a bonus from 1½-1 up, a penalty when the stack would owe a poor attack (9.1);
* minus the enemy strength that could strike it against its defence (stacks that are
  too weak stay back);
* minus a penalty when no Line of Supply reaches it (19.2; not when it takes an
  objective);
* leaving a held objective the enemy threatens bare costs its points.

Staying where it is is worth nothing (an infantry unit that stays on an objective or in
contact builds an Improved Position, 18.2), less :data:`OVERSTAY` in a hex a retreat
left over seven stacking points, where a unit would be eliminated at the phase's end
(5.3, 5.5); the best move is made when it is worth more than :data:`MOVE_GAIN`.
"""

from __future__ import annotations

from functools import cached_property

from ffl.engine import Action

from ..rules import movement as M
from ..rules.stacking import points as stack_points
from .look import Look, hexes_apart
from .transport import Transport

MOVE_GAIN = 0.25
SUPPLY_PENALTY = 3.0
#: what staying in an overstacked hex costs a stack whose leaving helps (5.3: a unit
#: would be eliminated at the end of the phase)
OVERSTAY = 4.0
#: stacks moved at most in one Movement Phase (keeps a turn's thinking short)
MAX_MOVES = 60


class Marcher(Transport):
    def __init__(self, controller, look: Look, state, memory: dict, fog: bool,
                 level: str = "normal") -> None:
        self.controller = controller
        self.level = level
        self.look = look
        self.ctx = look.ctx
        self.state = state
        self.memory = memory            # this segment's: "tried" (unit ids), "moves"
        self.fog = fog
        self.side = look.side

    @cached_property
    def focus(self) -> dict[str, float]:
        """The enemy stacks to concentrate on this segment (:meth:`.look.Look.focus`)."""
        seg = self.ctx.seg_type or "primary"
        mot, foot = {"primary": (8, 2), "secondary": (5, 2)}.get(seg, (3, 1))
        return self.look.focus(lambda p: mot if self.ctx.motorized(p) else foot)

    # -- which piece next ---------------------------------------------------------------------

    def movable(self) -> list[str]:
        ctx, side = self.ctx, self.side
        done = set(ctx.var("done") or [])
        tried = self.memory.setdefault("tried", set())
        out = []
        for pid, p in ctx.state.pieces.items():
            if p.side != side or p.status != "active" or p.space is None or pid in done:
                continue
            if pid in tried or p.data.get("hq") or p.data.get("carried_by"):
                continue
            kind = ctx.kind(pid)
            if not (ctx.is_combat(pid) or kind in ("truck", "army_hq", "hq_marker")):
                continue
            if M.record(ctx, pid)[4] & (M.STOPPED | M.NO_MOVE | M.OTHER):
                continue
            out.append(pid)

        def order(pid: str) -> tuple:
            kind = ctx.kind(pid)
            rank = 0 if kind == "army_hq" else 3 if kind == "truck" else \
                1 if ctx.motorized(pid) or kind == "hq_marker" else 2
            return (rank, -self.strength(pid), pid)

        return sorted(out, key=order)

    def strength(self, pid: str) -> int:
        members = [pid] + list(self.ctx.followers(pid))
        return sum(self.look.attack_of(p) for p in members)

    def next_action(self) -> Action | None:
        """The next move of the phase, or None when the phase may end."""
        moves = self.memory.setdefault("moves", 0)
        if moves >= MAX_MOVES:
            return None
        if self.ctx.seg_type == "primary":
            sail = self.sail()
            if sail is not None:
                return sail
        tried = self.memory.setdefault("tried", set())
        then = self.planned_assault()
        if then is not None:
            self.memory["moves"] = moves + 1
            return then
        off = self.unload()
        if off is not None:
            return off
        for pid in self.movable():
            action = self.for_piece(pid)
            if action is None:
                tried.add(pid)
                continue
            if action.kind == "assault":
                # 14.5 after an Overrun the stack may go on (a failed one stops it)
                self.memory["assaults"] = self.memory.get("assaults", 0) + 1
            elif action.kind != "load":
                tried.add(pid)
            self.memory["moves"] = moves + 1
            return action
        return None

    # -- a combat stack -----------------------------------------------------------------------

    # -- Mobile Assaults (14.0, :mod:`.assault`) ----------------------------------------------

    def assaulter(self):
        from .assault import Assaulter

        return Assaulter(self.controller, self.look, self.state, self.level, self.fog)

    def planned_assault(self) -> Action | None:
        """14.3 the Mobile Assault planned with the move just made (its stack is still
        the one moving)."""
        planned = self.memory.pop("assault", None)
        if planned is None:
            return None
        mover = self.ctx.var("mover") or []
        if planned["units"][0] not in mover:
            return None
        return planned if self.controller.legal(self.state, planned) else None

    def for_piece(self, pid: str) -> Action | None:
        kind = self.ctx.kind(pid)
        if kind == "army_hq":
            return self.army_hq(pid)
        if kind == "truck":
            return self.truck(pid)
        return self.combat(pid)

    def reach(self, units: list[str]) -> dict[str, list[str]]:
        reach = self.controller.reachable(self.state, units)
        if not self.fog:
            return reach
        # 39.0: enemy units hidden under a stack's top may exert a ZOC the view does not
        # show; only paths that keep off every enemy stack's neighbours until the last
        # hex are sure to be legal
        foe = self.look.foe
        seen = {k for k in self.ctx.occupied[foe]["any"] if k in self.ctx.hexmap.terrain}
        near = set(seen)
        for f in seen:
            near.update(self.ctx.hexmap.neighbours(f))
        alone_ok = not any(self.ctx.disrupted(p) for p in units)
        out = {k: p for k, p in reach.items() if k not in seen
               and not any(h in near for h in p[:-1]) and (alone_ok or k not in near)}
        if self.ctx.piece(units[0]).space in near:     # 2 MPs in hand: a hidden unit's
            out = {k: p for k, p in out.items()          # Active ZOC may cost them (7.0)
                   if self._spare(self.ctx, units, p, 12)}
        return out

    @staticmethod
    def _spare(ctx, units: list[str], path: list[str], mps: int) -> bool:
        verdict, recs = M.check_path(ctx, units, list(path))
        return bool(verdict) and all(r[0] + mps <= M.allowance(ctx, p)
                                     for p, r in recs.items())

    def combat(self, pid: str) -> Action | None:
        ctx = self.ctx
        here = ctx.piece(pid).space
        members = [pid] + list(ctx.followers(pid))
        assaulter = self.assaulter() if ctx.motorized(pid) or self.carried(pid) else None
        if assaulter is not None and assaulter.able(pid):
            plan = assaulter.from_here(pid)
            if plan is not None:
                return plan.first
        else:
            assaulter = None
        reach = self.reach([pid])
        base = self.stay_value(pid, here, members)
        best, score = None, base + MOVE_GAIN
        for key, path in reach.items():
            if key not in ctx.hexmap.terrain:
                continue
            v = self.worth(pid, members, here, key, path)
            if v > score:
                best, score = path, v
        if assaulter is not None and here in ctx.hexmap.terrain:
            plan = assaulter.approach(pid, reach)
            if plan is not None:
                end = plan.first["path"][-1]
                if self.worth(pid, members, here, end, list(plan.first["path"])) \
                        + plan.value >= score:
                    self.memory["assault"] = plan.then
                    return plan.first
        if best is None:
            return self.dig_in(pid, here)
        action = Action.make("move", self.side, units=[pid], path=list(best))
        return action if self.controller.legal(self.state, action) else None

    def carried(self, pid: str) -> bool:
        """21.0 a Truck carries this unit's stack (14.1)."""
        return any(self.ctx.piece(p).data.get("carried_by") for p in self.ctx.followers(pid))

    def stay_value(self, pid: str, here: str, members: list[str]) -> float:
        if here not in self.ctx.hexmap.terrain:
            return -2.0                              # in an Off Map Box: come on
        return -self.danger(here, members, stays=True) - self.overstack_cost(here, members)

    def overstack_cost(self, here: str, members: list[str]) -> float:
        """5.3 / 5.5 a hex left over seven stacking points by a retreat loses a unit at the
        end of this Movement Phase unless it is put right: staying in it costs
        :data:`OVERSTAY` while the stack's leaving lowers the points."""
        ctx = self.ctx
        units = ctx.units_at(here, self.side)
        limit = int(ctx.tables["stack_limit"])
        now = stack_points(ctx, here, self.side, units)
        if now <= limit:
            return 0.0
        rest = [p for p in units if p not in members]
        return OVERSTAY if stack_points(ctx, here, self.side, rest) < now else 0.0

    def danger(self, key: str, members: list[str], stays: bool = False) -> float:
        look = self.look
        strike = look.foe_strike.get(key, 0.0)
        if not strike:
            return 0.0
        extra = [] if stays else members
        d = look.defence_at(key, self.side, extra) or 0.5
        ratio = strike / d
        return max(0.0, ratio - 2.0) * 0.6 * self.horizon[0]

    @cached_property
    def horizon(self) -> tuple[float, float, float]:
        """``hard``: (multiplier of its steps' cost, of the enemy steps' worth) in the
        scenario's last turn (:func:`.horizon.weights`): a stack fears less for steps
        that no longer count, seeks less the contact whose kills no longer count; (1, 1,
        1) for the other levels."""
        if self.level != "hard":
            return 1.0, 1.0, 1.0
        from .horizon import weights

        return weights(self.ctx, self.side, self.look.foe)

    def worth(self, pid: str, members: list[str], here: str, key: str,
              path: list[str]) -> float:
        ctx, look = self.ctx, self.look
        limit = int(ctx.tables["stack_limit"])
        now = [p for p in ctx.units_at(key, self.side) if p not in members]
        if stack_points(ctx, key, self.side, now + members) > limit:
            return -99.0
        v = look.pull(key) - look.pull(here) if here in ctx.hexmap.terrain else \
            look.pull(key) + 1.0
        v *= 2.0
        took = 0.0
        for h in path:
            if h in look.wanted and not ctx.units_at(h, look.foe):
                took = max(took, look.wanted[h] * (2.0 if h == key else 1.2))
        v += took
        if here in look.threatened and not [p for p in ctx.units_at(here, self.side)
                                            if p not in members]:
            v -= 2.0 * look.threatened[here]
        v += self.contact(members, key)
        focused = any(n in self.focus for n in ctx.hexmap.neighbours(key))
        v -= self.danger(key, members) * (0.3 if focused else 1.0)
        if key not in look.supplied and not took:
            v -= SUPPLY_PENALTY
        if key in look.held and key in look.threatened:
            v += 0.5 * look.held[key] / (1 + len(ctx.units_at(key, self.side)))
        return v

    def contact(self, members: list[str], key: str) -> float:
        """Next to enemy stacks: the odds the friendly strength around each would have."""
        ctx, look = self.ctx, self.look
        out = 0.0
        zoc = look.foe_zoc.of(key)
        for n in ctx.hexmap.neighbours(key):
            foes = ctx.units_at(n, look.foe)
            if not foes:
                continue
            d = look.defence_at(n, look.foe) or 0.5
            att = sum(look.attack_of(p) for p in members if not ctx.disrupted(p))
            for m in ctx.hexmap.neighbours(n):
                if m == key:
                    continue
                att += sum(look.attack_of(p) for p in ctx.units_at(m, self.side)
                           if not ctx.disrupted(p))
            ratio = max(att / d, self.focus.get(n, 0.0))
            worth = look.objectives.get(n, 0)
            gain = self.horizon[1]
            if n in self.focus and att:
                out += (1.0 + min(ratio, 4.0) * 0.6) * gain + worth * 0.5
            elif ratio >= 1.5:
                out += min(ratio, 4.0) * 0.6 * gain + worth * 0.5
            elif zoc == 2:
                out -= (1.5 - ratio) * 3.0
            else:
                out -= 0.3
        return out

    def dig_in(self, pid: str, here: str) -> Action | None:
        """18.2 an infantry unit that stays on an objective or next to the enemy builds
        an Improved Position."""
        ctx, look = self.ctx, self.look
        if here not in ctx.hexmap.terrain or ctx.work(here) or not ctx.infantry_type(pid):
            return None
        near_foe = any(ctx.units_at(n, look.foe) for n in ctx.hexmap.neighbours(here))
        if here not in look.objectives and not near_foe and here not in look.threatened:
            return None
        action = Action.make("build", self.side, unit=pid, work="ip")
        return action if self.controller.legal(self.state, action) else None

    # -- the Army HQ and the Trucks -----------------------------------------------------------

    def front(self) -> list[str]:
        """Friendly combat stacks nearest the wanted objectives (the front)."""
        look = self.look
        mine = look.stacks(self.side)
        if not mine:
            return []
        mine.sort(key=lambda k: -look.pull(k))
        return mine[:6]


    def army_hq(self, pid: str) -> Action | None:
        ctx, look = self.ctx, self.look
        if not self.carrying(pid):
            a = self.load(pid)
            if a is not None:
                return a
        front = self.front()
        if not front:
            return None
        here = ctx.piece(pid).space
        reach = self.reach([pid])
        foes = look.stacks(look.foe)

        def value(key: str) -> float:
            if key not in ctx.hexmap.terrain or key not in look.loc:
                return -99.0
            near = min((hexes_apart(key, f) for f in foes), default=99)
            if near <= 2:
                return -50.0
            return -sum(min(hexes_apart(key, f), 8) for f in front) / len(front) \
                - (3.0 if near <= 3 else 0.0)

        return self.best_move(pid, here, reach, value)

    def best_move(self, pid: str, here: str, reach: dict, value) -> Action | None:
        """The legal move of ``pid`` to the hex of ``reach`` ({hex: path}) that
        ``value`` rates best, if one beats staying at ``here`` by more than 1."""
        best, score = None, value(here) + 1.0
        for key, path in reach.items():
            v = value(key)
            if v > score:
                best, score = path, v
        if best is None:
            return None
        action = Action.make("move", self.side, units=[pid], path=list(best))
        return action if self.controller.legal(self.state, action) else None
