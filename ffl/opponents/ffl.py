"""The program playing French Foreign Legion, either side.

It decides from its side's view (``controller.view(state, side)``) and the
controller's documented queries on that view (``prompt``, ``targets``,
``melee_modifiers``, ``movable_pieces``, ``fort``), and only returns one of the
legal actions it is offered.

The plan of both sides is the goal-directed self-play policy
(:class:`ffl.games.ffl.policy.GoalPolicy`): the Legion sets up on the highest
posts facing out (2.31, a set-up by the program) and holds them, turning to
face the nearest attacker; the Bedouin hand out every rope (2.32), enter on the
edge nearest the Legion, close in, grapple and climb the walls (6.3, 6.4), jump
down when it brings them nearer (6.5) and step into melee (6.7).  The levels
add judgement on top:

* ``easy``: every other decision is a random legal one (the Legion's never a
  jump off its walls, 6.5);
* ``normal``: fire at the most dangerous target it is likely to hit (a
  Bedouin on the walls or inside the fort, one carrying a rope, the nearest
  to the Legion's posts), a melee only at good odds (6.71: the roll needed),
  and a Legion unit with nothing to shoot at moves to the wall nearest the
  attackers (reserves to threatened walls);
* ``hard``: as normal, and each shot and melee is first tried on private
  copies of the view with dice of its own drawing (1-ply sampled lookahead,
  "playouts"): it keeps the one that does most harm for least risk, and holds
  back from a melee that loses more than it wins on average.  The hard
  Legion instead scores its shots by the odds (7.6, the leaders' saving roll
  7.8 counted) and moves by :mod:`.ffl_legion`: it keeps to its walls (never
  a jump off them), turns free to face its best target, melees only at good
  odds, sends units that see no foe where they would see one or to the
  threatened wall, and goes out after the last Bedouin (9).

No level wanders: a unit is moved only to get nearer its goal, never onto a
friend's square it could not stop on (4.3), and a Bedouin without a rope that
heads for a grappled rope is not walked back by the general plan's other
measure (``ffl_measure`` counts units that went to and fro for nothing).

With the machinegun and cannon in play (14, option ``heavy_weapons``), at
every level: :mod:`.ffl_weapons` sets them up crewed on the tower tops, keeps
and replaces their crews, turns them toward the foes and fires them first in
the fire phase when they are worth it (the machinegun's five shots spread over
the most dangerous targets, canister or shell only on two foes or more with no
friend reached).

:func:`adjudicate` scores a game stopped at the tournament's turn cap by the
share of each side's characters still standing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from ffl.engine import Action, GameState, fold
from ffl.games.ffl.policy import ROPE_STEPS, GoalPolicy, distances, shortest_steps

from . import Opponent
from .ffl_legion import legion_move
from .ffl_weapons import crew_move, hold_crew, place_weapon, recrew, weapon_fire

LEGION, BEDOUIN = "legion", "bedouin"
NOISE = {"easy": 0.5, "normal": 0.0, "hard": 0.0}
#: the melee roll needed (6.71: that or more on one die, else the attacker is
#: hit) the normal level accepts at most: two chances in three
MELEE_NEEDED = 3
#: samples of each candidate shot or melee (hard): a fixed number, so a seed
#: gives the same choice however busy the machine is
SAMPLES = 6
STEP_KINDS = ("move", "climb", "jump", "enter", "impact-move")
#: how many times the Legion's numbers the Bedouin must have to accept a melee
#: needing one more (then two more) on the die (9: they must wipe it out)
OUTNUMBER = (2.0, 5.0)
#: the last turns before an agreed turn limit, in which the Bedouin accept
#: one more on the die again
LATE_TURNS = 2
#: what a jump down (6.5 injuries) counts as, in steps, for a Bedouin on its way
JUMP_COST = 2
ALIVE = {LEGION: ("active",), BEDOUIN: ("active", "off")}


def make(controller, side: str, level: str = "normal", seed: int = 0) -> Opponent:
    return FFLOpponent(controller, side, level, seed)


class FFLOpponent(Opponent):
    def __init__(self, controller, side: str, level: str = "normal", seed: int = 0) -> None:
        super().__init__(controller, side, level, seed)
        self.policy = GoalPolicy()

    def pick(self, view: GameState, actions: list[Action]) -> Action:
        # 2.1 the side was chosen in the New game dialog: the program never
        # records a choice of side of its own
        actions = [a for a in actions if a.kind != "choose-side"] or actions
        if self.level == "easy" and self.side == LEGION:
            # 6.5 a jump off the walls risks the unit (6.51) for nothing the easy
            # program plans: it may be weak, never suicidal (a jump only when the
            # rules leave nothing else)
            actions = [a for a in actions if a.kind != "jump"] or actions
        if len(actions) == 1:
            return actions[0]
        if self.rng.random() < NOISE.get(self.level, 0.0):
            return self.rng.choice(actions)
        phase = self.controller.prompt(view).phase
        heavy = "heavy_weapons" in (view.vars.get("options") or ())
        if heavy:
            # 14 the machinegun and cannon, at every level
            if phase.startswith("setup"):
                placed = place_weapon(self.controller, view, actions, self.side)
                if placed is not None:
                    return placed
            elif phase == "fire":
                shot = weapon_fire(self, view, actions, self._danger(view))
                if shot is not None:
                    return shot
            elif phase == "movement" and self.side == LEGION:    # 14.2 the Legion's crews
                crewing = (crew_move(self.controller, view, actions, self.side)
                           or recrew(self.controller, view, actions, self.side))
                if crewing is not None:
                    return crewing
                actions = hold_crew(self.controller, view, actions, self.side)
        if self.level != "easy":
            if phase == "fire":
                shot = self._fire(view, actions)
                if shot is not None:
                    return shot
            elif phase == "movement":
                if self.level == "hard" and self.side == LEGION:
                    chosen = legion_move(self, view, actions)
                    if chosen is not None:
                        return chosen
                if self.side == LEGION:
                    # 6.5 no leap from the walls, whatever else it does (normal too: the
                    # general plan's fallback would jump a unit with nothing to do)
                    actions = [a for a in actions if a.kind != "jump"] or actions
                chosen = self._movement(view, actions)
                if chosen is not None:
                    return chosen
        return self.policy.choose(self.controller, view, actions, self.rng)

    # -- 7 fire ---------------------------------------------------------------------------

    def _fire(self, view: GameState, actions: list[Action]) -> Action | None:
        shots = [a for a in actions if a.kind == "fire"]
        if not shots:
            return None
        needed: dict[tuple[str, str], int] = {}
        for firer in {a["piece"] for a in shots}:
            for info in self.controller.targets(view, firer):
                needed[(firer, info.target)] = info.needed
        danger = self._danger(view)

        def worth(a: Action) -> float:
            # 7.6 the chance of a hit, times the target's danger
            return _chance(needed.get((a["piece"], a["target"]), 13)) * danger.get(a["target"], 1)

        if self.level == "hard" and self.side == LEGION:
            # 7.8 a leader's saving roll spares him on 1-4: a hit counts one time in three
            types = self.controller.module.piece_types
            spared = {p.id: (1 / 3 if types[p.type].values.get("leader") else 1.0)
                      for p in view.pieces.values() if p.id in danger}
            return max(shots, key=lambda a: (worth(a) * spared.get(a["target"], 1.0),
                                             self.rng.random()))
        ranked = sorted(shots, key=lambda a: (-worth(a), self.rng.random()))
        if self.level == "hard":
            return self._best_by_samples(view, ranked[:4]) or ranked[0]
        return ranked[0]

    def _danger(self, view: GameState) -> dict[str, float]:
        """How dangerous each foe is to this side: a Bedouin on the walls or in the
        fort, or carrying a rope, most of all; the nearer the posts the worse."""
        fort = self.controller.fort(view)
        types = self.controller.module.piece_types
        mine = [(p.space, p.level) for p in view.pieces.values()
                if p.side == self.side and p.on_board and types[p.type].kind == "character"]
        field = self._mine_field(fort, mine) if mine else {}
        out = {}
        for p in view.pieces.values():
            if p.side in (self.side, "") or not p.on_board or types[p.type].kind != "character":
                continue
            gap = field.get((p.space, p.level), 12)
            value = 1.0 + 2.0 / (1.0 + gap)
            if self.side == LEGION:
                value += 0.6 * bool(p.data.get("ropes")) + 0.8 * (p.level > 0
                                                                  or fort.is_fort(p.space))
            out[p.id] = value
        return out

    # -- 6 movement ----------------------------------------------------------------------

    def _movement(self, view: GameState, actions: list[Action]) -> Action | None:
        """Melee only at good odds; a Legion reserve to the threatened wall."""
        foes = {(p.space, p.level): p.id for p in view.pieces.values()
                if p.side not in (self.side, "") and p.on_board}
        melees = [a for a in actions if a.kind in STEP_KINDS
                  and (a.get("to"), a.get("level", 0)) in foes]
        if melees:
            good = []
            limit = self._melee_limit(view)
            for a in melees:
                info = self.controller.melee_modifiers(view, a["piece"],
                                                       foes[(a["to"], a.get("level", 0))])
                if getattr(info, "possible", False) and info.needed <= limit:
                    good.append((info.needed, self.rng.random(), a))
            if good and self.level == "hard":
                best = self._best_by_samples(view, [g[2] for g in sorted(good)[:3]],
                                             floor=0.0)
                if best is not None:
                    return best
            elif good:
                return min(good, key=lambda g: g[:2])[2]
            # no melee worth it: the policy's choice, unless it is one of them
            bad = {id(a) for a in melees}
            rest = [a for a in actions if id(a) not in bad]
            if rest:
                if self.side == BEDOUIN:
                    push = self._assault(view, rest)
                    if push is not None:
                        return push
                return self.policy.choose(self.controller, view, rest, self.rng)
        if self.side == LEGION:
            return self._reserve(view, actions)
        return self._assault(view, actions)

    # -- 9 the Bedouin push for the last survivors ----------------------------------------

    def _numbers(self, view: GameState) -> tuple[int, int]:
        """(this side's characters in the fight, the foes'), as the view shows them."""
        types = self.controller.module.piece_types
        mine = foes = 0
        for p in view.pieces.values():
            if not p.side or types[p.type].kind != "character" or p.status == "unused":
                continue
            if p.status in ALIVE.get(p.side, ("active",)):
                if p.side == self.side:
                    mine += 1
                else:
                    foes += 1
        return mine, foes

    def _melee_limit(self, view: GameState) -> int:
        """The highest roll needed (6.71) this side accepts for a melee.  The
        Legion keeps to good odds; the Bedouin, who must wipe the Legion out to
        win (9), accept worse odds the more they outnumber it, and in the last
        turns before an agreed turn limit."""
        limit = MELEE_NEEDED
        if self.side != BEDOUIN:
            return limit
        mine, foes = self._numbers(view)
        ratio = mine / max(1, foes)
        limit += (ratio >= OUTNUMBER[0]) + (ratio >= OUTNUMBER[1])
        cap = int(view.vars.get("turn_limit") or 0)
        if cap and int(view.vars.get("turn") or 0) >= cap - LATE_TURNS:
            limit += 1
        return min(limit, 6)

    def _assault(self, view: GameState, actions: list[Action]) -> Action | None:
        """9 a Bedouin without a rope does not wait at rifle range: it makes for
        the nearest Legion unit by the ways open to it (the sand, stairways, the
        gate and the ropes grappled already, 6.3331), so the Bedouin inside the
        fort hunt down the last legionnaires.  A unit with such a way and no
        step nearer now waits (:meth:`_hold`).  None when every unit to move
        has a rope (the plan climbs with it) or no way to the Legion is open."""
        mover = view.vars.get("mover")
        steps = [a for a in actions if a.kind in STEP_KINDS and a.kind != "enter"
                 and (mover is None or a.get("piece") == mover)]
        if not steps:
            return None
        fort = self.controller.fort(view)
        types = self.controller.module.piece_types
        targets = [(p.space, p.level) for p in view.pieces.values()
                   if p.side not in (self.side, "") and p.on_board and p.status == "active"
                   and types[p.type].kind == "character"]
        if not targets:
            return None
        field = self._route_field(view, fort, targets)
        # 4.3 never onto a friend's square: it could not stop there, and stepped
        # straight back off it (the program's units went to and fro at the walls)
        friends = {(p.space, p.level): p.id for p in view.pieces.values()
                   if p.side == self.side and p.on_board and types[p.type].kind == "character"}
        owned = []
        for pid in ([mover] if mover else sorted({a["piece"] for a in steps})):
            piece = view.pieces.get(pid)
            if piece is None or piece.space is None or piece.data.get("ropes"):
                continue
            here = field.get((piece.space, piece.level), math.inf)
            if here == math.inf:
                continue
            mine = [a for a in steps if a["piece"] == pid
                    and friends.get((a["to"], a.get("level", 0)), pid) == pid]
            best = min(mine, key=lambda a: (field.get((a["to"], a.get("level", 0)), math.inf)
                                            + (JUMP_COST if a.kind == "jump" else 0),
                                            self.rng.random()), default=None)
            if best is not None and field.get((best["to"], best.get("level", 0)),
                                              math.inf) < here:
                return best
            owned.append(pid)
        return self._hold(view, actions, set(owned)) if owned else None

    def _hold(self, view: GameState, actions: list[Action], held: set) -> Action | None:
        """Bedouin without a rope that have a way to the Legion (a grappled rope,
        the gate) but no step nearer now wait where they are: the general plan
        decides the rest without their steps (its own measure, a climb anywhere,
        walked them back off the way: to and fro at the walls).  None when the
        unit moving may not stop where it is (4.3) or nothing else is left."""
        mover = view.vars.get("mover")
        if mover in held and not any(a.kind == "finish" and a.get("piece") == mover
                                     for a in actions):
            return None
        rest = [a for a in actions if not (a.kind in STEP_KINDS and a.get("piece") in held)]
        if not rest:
            return None
        return self.policy.choose(self.controller, view, rest, self.rng)

    def _route_field(self, view: GameState, fort, targets):
        """Steps to the nearest Legion unit for a Bedouin without a rope: as
        :func:`distances`, but up a wall only where a rope is grappled."""
        ropes = frozenset(
            ((low[0], int(low[1])), (high[0], int(high[1])))
            for p in view.pieces.values()
            if (ends := p.data.get("grappled")) and len(ends) == 2
            for low, high in [sorted(ends, key=lambda e: int(e[1]))])
        key = (frozenset(targets), ropes)
        if getattr(self, "_route_key", None) != key:
            self._route_key, self._route_map = key, route_distances(fort, targets, ropes)
        return self._route_map

    def _reserve(self, view: GameState, actions: list[Action]) -> Action | None:
        """A Legion unit with no foe in sight steps toward the parapet nearest
        the attackers (reserves to the threatened wall), or, when most foes are
        inside the fort (19, 20, 23, or over the walls), toward them; never onto
        a friend's square (4.3)."""
        mover = view.vars.get("mover")
        steps = [a for a in actions if a.kind == "move" and (mover is None
                                                             or a["piece"] == mover)]
        if not steps:
            return None
        fort = self.controller.fort(view)
        types = self.controller.module.piece_types
        attackers = [(p.space, p.level) for p in view.pieces.values()
                     if p.side not in (self.side, "") and p.on_board
                     and types[p.type].kind == "character"]
        if not attackers:
            return None
        # foes inside the fort (19 and 23's mutineers, 20's Berbers, the Bedouin
        # over the walls): the wall tops near them are no post against them; a
        # unit that sees none goes towards them until it does
        inside = [a for a in attackers if a[1] > 0 or fort.is_fort(a[0])]
        near_posts = len(inside) * 2 < len(attackers)
        friends = {(p.space, p.level) for p in view.pieces.values()
                   if p.side == self.side and p.on_board and types[p.type].kind == "character"}
        for pid in ([mover] if mover else sorted({a["piece"] for a in steps})):
            piece = view.pieces[pid]
            if piece.space is None:
                continue
            sees = [t for t in self.controller.targets(view, pid) if t.possible]
            if sees:
                continue
            posts = self._threatened_posts(fort, attackers) if near_posts else inside
            if not posts:
                return None
            field = self._post_field(fort, posts)
            here = field.get((piece.space, piece.level), math.inf)
            # 4.3 never onto a friend's square: it could not stop there and would
            # have to walk on (units went back and forth along the walls)
            mine = [a for a in steps if a["piece"] == pid
                    and (a["to"], a.get("level", 0)) not in friends]
            best = min(mine, key=lambda a: (field.get((a["to"], a.get("level", 0)), math.inf),
                                            self.rng.random()), default=None)
            if best is not None and field.get((best["to"], best.get("level", 0)),
                                              math.inf) < here:
                return best
        return None

    def _threatened_posts(self, fort, attackers) -> list[tuple[str, int]]:
        """The wall tops nearest the attackers (within a few squares of them)."""
        walls = [(k, fort.top(k)) for k in fort.squares()
                 if fort.area(k) in ("wall", "tower") and fort.top(k) > 0]
        if not walls:
            return []
        gap = {w: min(_chebyshev(fort, w[0], a[0]) for a in attackers) for w in walls}
        near = min(gap.values())
        return [w for w, g in gap.items() if g <= near + 1]

    def _mine_field(self, fort, mine):
        """Steps from every position to this side's nearest unit (cached while
        they stand still)."""
        key = frozenset(mine)
        if getattr(self, "_mine_key", None) != key:
            self._mine_key, self._mine_map = key, distances(fort, mine)
        return self._mine_map

    def _post_field(self, fort, posts):
        key = frozenset(posts)
        if getattr(self, "_posts_key", None) != key:
            self._posts_key, self._posts_map = key, distances(fort, posts)
        return self._posts_map

    # -- hard: sampled lookahead ------------------------------------------------------------

    def _best_by_samples(self, view: GameState, candidates: Sequence[Action],
                         floor: float | None = None) -> Action | None:
        """The candidate whose sampled outcomes score best (the material balance
        after it, from copies of the view with dice of its own); None when even
        the best is below ``floor`` (compared with doing nothing)."""
        if not candidates:
            return None
        start = time.process_time()
        base = material(self.controller, view, self.side)
        scores = {}
        for a in candidates:
            total, n = 0.0, 0
            for _ in range(SAMPLES):
                trial = self.private_copy(view)
                try:
                    after = fold(trial, self.controller.apply(trial, a))
                except Exception:       # noqa: BLE001 - a copy the rules cannot follow
                    break
                total += material(self.controller, after, self.side) - base
                n += 1
                self.playouts += 1
            scores[id(a)] = total / n if n else -math.inf
        self.playout_seconds += time.process_time() - start
        best = max(candidates, key=lambda a: (scores[id(a)], self.rng.random()))
        if floor is not None and scores[id(best)] < floor:
            return None
        return best


def material(controller, state: GameState, side: str) -> float:
    """The share of this side's characters still in the fight minus the foes'
    (on average, where a scenario has more sides: 19's mutineers); a stun
    counts a little."""
    types = controller.module.piece_types
    count: dict[str, list] = {}
    for p in state.pieces.values():
        if not p.side or types[p.type].kind != "character" or p.status == "unused":
            continue
        c = count.setdefault(p.side, [0, 0.0])
        c[0] += 1
        if p.status in ALIVE.get(p.side, ("active",)):
            c[1] += 1.0 - 0.2 * min(2, int(p.markers.get("stun", 0) or 0))
    share = {s: (c[1] / c[0] if c[0] else 0.0) for s, c in count.items()}
    foes = [v for s, v in share.items() if s != side]
    return share.get(side, 0.0) - (sum(foes) / len(foes) if foes else 0.0)


def adjudicate(controller, state: GameState) -> str | None:
    """The side ahead on the share of characters still standing (a game stopped at
    the tournament's turn cap), or None when level."""
    balance = material(controller, state, LEGION)
    if abs(balance) < 1e-9:
        return None
    return LEGION if balance > 0 else BEDOUIN


def _chance(needed: int) -> float:
    """7.6 the chance that one die rolls ``needed`` or more."""
    return max(0, min(6, 7 - needed)) / 6


def _chebyshev(fort, a: str, b: str) -> int:
    (ca, ra), (cb, rb) = fort.coords(a), fort.coords(b)
    return max(abs(ca - cb), abs(ra - rb))


def route_distances(fort, sources, ropes) -> dict[tuple[str, int], float]:
    """Steps from every (square, level) to the nearest of ``sources`` for a unit
    without a rope: the moves of :func:`ffl.games.ffl.policy.distances`, with a
    climb from the sand to a wall top only up a grappled rope (``ropes``: pairs
    of (square, level) ends, the lower first).  An estimate for choosing moves,
    not the rules' movement."""
    board = fort.board

    def links(key, level):
        here_top = fort.top(key)
        for n in board.orthogonal(key):
            if fort.has_level(n, level) and not fort.blocks(key, n, level):
                yield (n, level), 1
            top = fort.top(n)
            if top > level:
                yield (n, top), 1 + top - level                   # a jump down from n
            elif top < level and level == here_top and ((n, top), (key, level)) in ropes:
                yield (n, top), ROPE_STEPS                        # up a grappled rope
        for n in board.diagonal(key):
            if fort.has_level(n, level) and not fort.corner_features(key, n, level):
                yield (n, level), 1
        for to, lvl, _kind in fort.stairways(key, level):
            yield (to, lvl), 1

    return shortest_steps(sources, links)
