"""A self-play policy that plays French Foreign Legion toward its goal (9: the
side with the last survivors wins), so that self-play reaches the victory
rules instead of always stopping at the turn cap.

It decides only from controller queries and the legal actions it is offered
(``prompt``, ``movable_pieces``, ``targets``, ``fort``, ``board``,
``legal_actions``); it never changes or reads the rules' internals, and every
action it returns is one of those offered, so the rules are exactly those of
uniform random self-play.  Where several actions are equally good it draws
among them with the self-play generator, so a seed reproduces a game.

* 2.1, 2.3 set-up: the Legion on the highest positions (parapets, towers),
  each facing away from the middle of the fort; every rope handed out;
* 6 movement: the Bedouin enter on the edge nearest the Legion and step toward
  the nearest Legion unit (a step onto it is a melee, 6.7; onto a rope's wall a
  grapple, 6.3); the Legion holds its positions, turns to face the nearest
  enemy and steps out only to a melee two squares away or less;
* 7 fire: each unit fires at the target it is likeliest to hit.

:meth:`GoalPolicy.capped` tells a game stopped by the self-play turn cap from
one decided by rule 9 (both sides still have survivors).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ffl.engine import Action, GameState

LEGION, BEDOUIN = "legion", "bedouin"
STEP_KINDS = ("move", "climb", "jump", "enter", "impact-move")
#: squares from a Legion unit at which it leaves its post for a melee
SALLY = 2
#: what a jump's risk (6.5 injuries) counts as, in squares
JUMP_PENALTY = 2
#: squares from the nearest Legion unit at which a Bedouin without a rope stops
#: to fire (it could not climb the wall anyway)
STANDOFF = 3


class GoalPolicy:
    """Choose one of ``actions`` (the legal actions now) for ``state``."""

    def choose(self, controller, state: GameState, actions: Sequence[Action],
               rng: random.Random) -> Action:
        actions = list(actions)
        kinds: dict[str, list[Action]] = {}
        for action in actions:
            kinds.setdefault(action.kind, []).append(action)
        if len(kinds) == 1 and len(actions) == 1:
            return actions[0]
        phase = controller.prompt(state).phase
        if "choose-side" in kinds:
            return rng.choice(kinds["choose-side"])
        if "impact-move" in kinds:
            return rng.choice(kinds["impact-move"])
        if phase.startswith("setup"):
            return self._setup(controller, state, kinds, rng)
        if "draw" in kinds:
            return kinds["draw"][0]
        if phase == "fire":
            return self._fire(controller, state, kinds, rng)
        if phase == "movement":
            return self._move(controller, state, kinds, rng)
        return rng.choice(actions)

    def capped(self, controller, state: GameState) -> bool:
        """The game stopped at the self-play turn cap with both sides standing
        (not by rule 9)."""
        outcome = controller.outcome(state)
        if outcome is None or outcome.winner is not None:
            return False
        return bool(_alive(controller, state, LEGION) and _alive(controller, state, BEDOUIN))

    # -- 2 set-up -----------------------------------------------------------------------

    def _setup(self, controller, state, kinds, rng) -> Action:
        if "assign-rope" in kinds:       # 2.32 every rope to a unit that has none
            carriers = {p.data.get("carrier") for p in state.pieces.values()}
            bare = [a for a in kinds["assign-rope"] if a["piece"] not in carriers]
            return rng.choice(bare or kinds["assign-rope"])
        if "place" in kinds:
            fort = controller.fort(state)
            middle = fort_middle(fort)
            best = max(kinds["place"], key=lambda a: (
                a["level"], -_turn(a["facing"], facing_towards(middle, fort.coords(a["space"]))),
                rng.random()))
            return best
        if "leave-out" in kinds:
            return rng.choice(kinds["leave-out"])
        if "end-setup" in kinds:
            return kinds["end-setup"][0]
        return rng.choice([a for k in kinds.values() for a in k])

    # -- 7 fire --------------------------------------------------------------------------

    def _field(self, fort, foes) -> dict[tuple[str, int], float]:
        """How far each (square, level) is from the nearest of ``foes`` (cached)."""
        key = (id(fort), frozenset(foes))
        if getattr(self, "_field_key", None) != key:
            self._field_key, self._field_map = key, distances(fort, foes)
        return self._field_map

    def _fire(self, controller, state, kinds, rng) -> Action:
        shots = kinds.get("fire", [])
        if not shots:
            return _end(kinds, rng)
        needed: dict[tuple[str, str], int] = {}
        for firer in {a["piece"] for a in shots}:
            for info in controller.targets(state, firer):
                needed[(firer, info.target)] = info.needed
        return min(shots, key=lambda a: (needed.get((a["piece"], a["target"]), 99),
                                         rng.random()))

    # -- 6 movement ------------------------------------------------------------------------

    def _move(self, controller, state, kinds, rng) -> Action:
        mover = state.vars.get("mover")
        movable = controller.movable_pieces(state)
        pieces = [mover] if mover else movable
        fort = controller.fort(state)
        for pid in pieces:
            choice = self._unit(controller, state, fort, pid, kinds, rng)
            if choice is not None:
                return choice
        return _end(kinds, rng)

    def _unit(self, controller, state, fort, pid, kinds, rng) -> Action | None:
        """The best action of unit ``pid``, or None when it is done."""
        mine = {k: [a for a in acts if a.get("piece") == pid] for k, acts in kinds.items()}
        piece = state.pieces[pid]
        foes = _foes(controller, state, piece.side)
        if not foes:
            return _first(mine, "finish")
        field = self._field(fort, foes)
        here = (piece.space, piece.level) if piece.space is not None else None
        now = field.get(here, math.inf) if here else math.inf
        steps = [a for k in STEP_KINDS for a in mine.get(k, [])]
        if piece.side == LEGION and now > SALLY:
            steps = []          # the Legion holds its posts
        elif piece.side == BEDOUIN and not piece.data.get("ropes") and now <= STANDOFF \
                and piece.space is not None:
            # a Bedouin without a rope cannot climb the wall: it stops at rifle range
            # and fires, unless a step takes it into a melee
            steps = [a for a in steps if (a["to"], a.get("level", 0)) in foes]
        if piece.side == LEGION:
            steps = [a for a in steps if a.kind != "jump"]      # no leap from the walls
        crowded = _friends(controller, state, piece.side, pid)
        scored = [self._score(field, here, a, crowded, rng) for a in steps]
        if scored:
            best = min(scored, key=lambda t: t[:2])
            if best[0] < now:
                if here is not None and (best[2]["to"], best[2].get("level", 0)) in crowded:
                    # onto a friend's square (4.3: it could not stop there): head for
                    # the best free place it can reach this phase instead
                    step = self._toward_free(controller, state, piece, field, now, crowded,
                                             {id(a) for a in steps}, steps)
                    if step is not None:
                        return step
                    best = None     # no free place nearer: it waits where it is
                if best is not None:
                    return best[2]
        if mine.get("grapple"):
            return rng.choice(mine["grapple"])
        if here is not None and mine.get("face"):
            aim = _aim(controller, state, pid) or _nearest(fort, here, foes)[0]
            want = facing_towards(fort.coords(piece.space), fort.coords(aim))
            if piece.facing != want:
                turns = [a for a in mine["face"] if a["facing"] == want]
                if turns:
                    return turns[0]
        done = _first(mine, "finish")
        if done is not None or state.vars.get("mover") != pid:
            # a unit that has not begun to move and has nowhere better to go stays
            # where it is (it used to take a random step: units wandered)
            return done
        # 4.3 the mover may not stop on a friend: the best step on (a free square
        # first), never a random one
        if not scored:
            steps = [a for k in STEP_KINDS for a in mine.get(k, [])
                     if not (piece.side == LEGION and a.kind == "jump")] or \
                [a for k in STEP_KINDS for a in mine.get(k, [])]
            scored = [self._score(field, here, a, crowded, rng) for a in steps]
        # a free square first, the nearest the foes of them
        free = [t for t in scored if (t[2]["to"], t[2].get("level", 0)) not in crowded]
        return min(free or scored, key=lambda t: t[:2])[2] if scored else None

    @staticmethod
    def _toward_free(controller, state, piece, field, now, crowded, offered, steps):
        """The first step of the cheapest way to the free place (no friend on it)
        nearest the foes that ``piece`` can reach this phase, when that is
        nearer than where it stands; None otherwise (a jump only where the
        unit's side may jump in this plan: the Legion never)."""
        reach = controller.reachable(state, piece.id)
        places = [(field.get(pos, math.inf), r[0], pos) for pos, r in reach.items()
                  if pos not in crowded and not (piece.side == LEGION
                                                 and getattr(r, "jump", False))]
        if not places:
            return None
        dist, _cost, goal = min(places)
        if dist >= now:
            return None
        plan = controller.plan(state, piece.id, goal[0], goal[1],
                               jump=piece.side != LEGION)
        if plan is None or not plan.steps:
            return None
        first = plan.steps[0].action
        for a in steps:
            if id(a) in offered and a == first:
                return a
        return None

    @staticmethod
    def _score(field, here, action, crowded, rng):
        """(cost, tie-break, action) of a step: the steps left to the nearest foe
        after it, a jump's risk, and half a step more onto a friend's square (4.3:
        the unit could not stop there: units that pile up must move on)."""
        to = (action["to"], action.get("level", 0))
        cost = field.get(to, math.inf) + (JUMP_PENALTY * _drop(here, action)
                                          if action.kind == "jump" else 0)
        return (cost + (0.5 if to in crowded else 0.0), rng.random(), action)


# -- helpers ---------------------------------------------------------------------------------


def _end(kinds, rng) -> Action:
    """End the phase; where 6.21 keeps it open (units of the organization still to
    enter), enter them or finish the unit moving; leaving the board (6.22) only
    when nothing else is left."""
    for kind in ("end-phase", "finish", "enter", "face", "move"):
        if kinds.get(kind):
            return kinds[kind][0] if kind not in ("enter", "move") else rng.choice(kinds[kind])
    return rng.choice([a for acts in kinds.values() for a in acts])


def _aim(controller, state, pid: str) -> str | None:
    """The square of the foe ``pid`` would most easily hit if it faced it: in
    range and in sight (7.2, 7.5), fewest pips needed, then nearest."""
    seen = [t for t in controller.targets(state, pid) if t.in_range and t.sight.clear]
    if not seen:
        return None
    best = min(seen, key=lambda t: (t.needed, t.range))
    return state.pieces[best.target].space


def _first(mine, kind) -> Action | None:
    found = mine.get(kind)
    return found[0] if found else None


def _alive(controller, state, side: str) -> int:
    types = controller.module.piece_types
    ok = ("active", "off") if side == BEDOUIN else ("active",)
    return sum(1 for p in state.pieces.values()
               if p.side == side and types[p.type].kind == "character" and p.status in ok)


def _foes(controller, state, side: str) -> list[tuple[str, int]]:
    """Where the foes of ``side`` stand: every other side's characters (23: the
    Mutineer side too)."""
    types = controller.module.piece_types
    return [(p.space, p.level) for p in state.pieces.values()
            if p.side and p.side != side and p.on_board
            and types[p.type].kind == "character"]


def _friends(controller, state, side: str, but: str) -> set[tuple[str, int]]:
    types = controller.module.piece_types
    return {(p.space, p.level) for p in state.pieces.values()
            if p.side == side and p.id != but and p.on_board
            and types[p.type].kind == "character"}


def _nearest(fort, here, foes):
    return min(foes, key=lambda f: _gap(fort, here, f))


def _gap(fort, a, b) -> int:
    (ca, ra), (cb, rb) = fort.coords(a[0]), fort.coords(b[0])
    return max(abs(ca - cb), abs(ra - rb)) + abs(a[1] - b[1])


def _drop(here, action) -> int:
    return max(1, (here[1] if here else 0) - action.get("level", 0))


#: what a climb up a wall by rope counts as, in steps (6.3, 6.4)
ROPE_STEPS = 3


def distances(fort, sources) -> dict[tuple[str, int], float]:
    """Steps from every (square, level) of the fort's board to the nearest of
    ``sources``, read from the fort's description (1.12 levels, 6.13 walls,
    6.6 stairways): a step to a neighbour on the same level where no wall closes
    the side, a stairway, a climb by rope between the sand and a wall top
    (:data:`ROPE_STEPS`) and a jump down (one step and the levels fallen).  An
    estimate for choosing moves, not the rules' movement."""
    board = fort.board
    return shortest_steps(sources, lambda key, level: _links(fort, board, key, level))


def shortest_steps(sources, links) -> dict[tuple[str, int], float]:
    """The least cost from every (square, level) reached to the nearest of
    ``sources`` (Dijkstra's search, run from the sources outward):
    ``links(key, level)`` yields ``((key, level), cost)`` for each position one
    step away, in a fixed order (ties go the same way every run)."""
    import heapq

    best: dict[tuple[str, int], float] = {}
    queue = [(0.0, pos) for pos in sources]
    heapq.heapify(queue)
    while queue:
        cost, (key, level) = heapq.heappop(queue)
        if (key, level) in best:
            continue
        best[(key, level)] = cost
        for nxt, extra in links(key, level):
            if nxt not in best:
                heapq.heappush(queue, (cost + extra, nxt))
    return best


def _links(fort, board, key, level):
    """The positions from which a unit reaches ``(key, level)`` in one step, and
    what that step counts as (the search runs from the sources outward)."""
    here_top = fort.top(key)
    for n in board.orthogonal(key):
        if fort.has_level(n, level) and not fort.blocks(key, n, level):
            yield (n, level), 1
        top = fort.top(n)
        if top > level:
            yield (n, top), 1 + top - level                  # a jump down from n
        elif top < level and level == here_top and fort.area(key) in ("wall", "tower") \
                and fort.is_sand(n):
            yield (n, top), ROPE_STEPS                       # a rope up from the sand
    for n in board.diagonal(key):
        if fort.has_level(n, level) and not fort.corner_features(key, n, level):
            yield (n, level), 1
    for to, lvl, _kind in fort.stairways(key, level):
        yield (to, lvl), 1


def fort_middle(fort) -> tuple[float, float]:
    squares = [fort.coords(k) for k in fort.squares() if fort.is_fort(k)]
    if not squares:
        squares = [fort.coords(k) for k in fort.squares()]
    return (sum(c for c, _ in squares) / len(squares), sum(r for _, r in squares) / len(squares))


def facing_towards(frm, to) -> int:
    """4.2 the facing (0 north, clockwise in eighths) from ``frm`` toward ``to``."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return 0
    return round(math.degrees(math.atan2(dx, -dy)) / 45) % 8


def _turn(a: int, b: int) -> int:
    """How many eighths apart two facings are."""
    d = abs(a - b) % 8
    return min(d, 8 - d)
