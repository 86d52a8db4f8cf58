"""The hard Legion's movement phase in French Foreign Legion.

The Legion wins by outlasting the attackers (9), and on the walls its rifles
(7) do the killing at no risk, so the hard Legion moves only when it pays:

* 6.5 it never jumps: a jump off a wall top risks the unit (6.51) and leaves
  it in the courtyard, out of sight of the sand;
* 6.7 melee only at good odds (6.71: the roll needed, 6.72 modifiers
  included): two or less on the die, or three against a Bedouin already on
  the walls or inside the fort (it would attack first otherwise);
* 6.1241 turning is free: a unit with no target in its firing arc (7.3) turns
  to face the foe it is likeliest to hit, the most dangerous first (7.6);
* reserves to the threatened walls: a unit that sees no foe at all, even
  turned, climbs (stairways, 6.6) and walks to the wall or tower top nearest
  the attackers that it can reach this phase;
* 9 the last Bedouin: when the Legion outnumbers the Bedouin still in the game
  by :data:`HUNT_RATIO` (and they are few), the units that see none go out
  after them, by the ways without a jump.

Every other unit stays where it stands (its fire then has no 7.71 penalty) and
the organization's phase ends.  Only the Legion's view and the controller's
documented queries are read (``targets``, ``melee_modifiers``, ``reachable``,
``plan``, ``fort``, ``legal``); an action built here that the rules did not
list (a turn of a unit not moving yet) is returned only when ``legal``
accepts it.
"""

from __future__ import annotations

import math

from ffl.engine import Action, GameState
from ffl.games.ffl.policy import distances, facing_towards, shortest_steps

LEGION, BEDOUIN = "legion", "bedouin"
#: 6.71 the roll needed the hard Legion accepts for a melee, and against a
#: Bedouin already on the walls or inside the fort
MELEE_SAFE, MELEE_THREAT = 2, 3
#: a unit turns only when the best target it would face is worth this much
#: more than the best already in its arc
TURN_GAIN = 1.25
#: 9 the Legion goes out after the last Bedouin when it has this many times
#: their numbers and they are no more than HUNT_MAX
HUNT_RATIO, HUNT_MAX = 2.0, 8
#: a reserve moves only to a post this many squares nearer the attackers
RESERVE_GAIN = 3
#: places tried for a unit that sees no foe (each a look at the targets from
#: there), and units so tried in one decision (2 s an action at most)
VANTAGE_TRIES, VANTAGE_UNITS = 8, 3
STEP_KINDS = ("move", "climb")
#: 6.512 a jump of this many levels or less into the sand is never a Hit
SAFE_DROP = 2


def legion_move(opp, view: GameState, actions: list[Action]) -> Action | None:
    """The hard Legion's action in its movement phase, or None to leave it to
    the general plan."""
    ctl = opp.controller
    types = ctl.module.piece_types
    # every other side's units (23: the mutineers are foes too)
    foes = {(p.space, p.level): p.id for p in view.pieces.values()
            if p.side not in (LEGION, "") and p.on_board and types[p.type].kind == "character"}
    mover = view.vars.get("mover")
    danger = opp._danger(view)
    goals = opp.__dict__.setdefault("_legion_goals", {})
    units = [mover] if mover else list(ctl.movable_pieces(view))
    units = [u for u in units if u in view.pieces and view.pieces[u].space is not None]
    # 6.7 a melee at good odds
    strike = _melee(ctl, view, actions, units, foes, danger)
    if strike is not None:
        return strike
    hunting = _hunting(opp, view)
    opp._vantage_budget = VANTAGE_UNITS
    for pid in units:
        piece = view.pieces[pid]
        goal = goals.get(pid)
        if goal is not None and goal != (piece.space, piece.level) and mover == pid:
            step = _step_to(ctl, view, actions, pid, goal)
            if step is not None:
                return step
        goals.pop(pid, None)
        seen = _seen(ctl, view, pid, danger)
        if seen["any"]:
            turn = _turn(ctl, view, actions, piece, seen)
            if turn is not None:
                return turn
        elif mover is None or mover == pid:
            goal = (_hunt_post(opp, ctl, view, pid, foes) if hunting
                    else _vantage(opp, ctl, view, pid, foes, danger)
                    or _reserve_post(opp, ctl, view, pid, foes))
            if goal is not None:
                step = _step_to(ctl, view, actions, pid, goal)
                if step is not None:
                    goals[pid] = goal
                    return step
        if mover == pid:
            return _stop(actions, pid, foes)
    return _first(actions, "end-phase")


# -- 6.7 melee -------------------------------------------------------------------------------


def _melee(ctl, view, actions, units, foes, danger) -> Action | None:
    fort = ctl.fort(view)
    best = None
    for a in actions:
        if a.kind not in STEP_KINDS or a.get("piece") not in units:
            continue
        foe = foes.get((a.get("to"), a.get("level", 0)))
        if foe is None:
            continue
        info = ctl.melee_modifiers(view, a["piece"], foe)
        if not getattr(info, "possible", False):
            continue
        target = view.pieces[foe]
        inside = target.level > 0 or fort.is_fort(target.space)
        if info.needed <= (MELEE_THREAT if inside else MELEE_SAFE):
            key = (info.needed, -danger.get(foe, 1.0), a["piece"])
            if best is None or key < best[0]:
                best = (key, a)
    return best[1] if best else None


# -- 7 facing the best target (6.1241 free) ----------------------------------------------------


def _chance(needed: int) -> float:
    return max(0, min(6, 7 - needed)) / 6


def _seen(ctl, view, pid, danger) -> dict:
    """What ``pid`` sees: the best worth (danger times the chance to hit) in its
    arc now, and the best foe it would see turned toward it."""
    best_arc, best_any, aim = 0.0, 0.0, None
    for t in ctl.targets(view, pid):
        if not (t.in_range and t.sight.clear and t.refusal is None):
            continue
        worth = danger.get(t.target, 1.0) * _chance(t.needed)
        if t.in_arc:
            best_arc = max(best_arc, worth)
        if worth > best_any:
            best_any, aim = worth, t.target
    return {"arc": best_arc, "any": best_any, "aim": aim}


def _turn(ctl, view, actions, piece, seen) -> Action | None:
    """6.1241 face the best target when the arc holds nothing as good."""
    if seen["aim"] is None or seen["any"] <= TURN_GAIN * seen["arc"]:
        return None
    fort = ctl.fort(view)
    foe = view.pieces[seen["aim"]]
    want = facing_towards(fort.coords(piece.space), fort.coords(foe.space))
    if want == piece.facing:
        return None
    return _offered(ctl, view, actions, Action.make("face", LEGION, facing=want, piece=piece.id))


# -- reserves to the threatened walls, and the hunt (9) ----------------------------------------


def _posts(ctl, view, pid, foes, wall_only: bool, sand_jumps: bool = False):
    """(square, level) -> MF cost of the places ``pid`` can reach now without a
    jump and stop on, wall or tower tops only when ``wall_only``;
    ``sand_jumps``: also those reached by a jump of two levels or less into the
    sand (6.512: never a Hit, at worst a stun)."""
    fort = ctl.fort(view)
    taken = {(p.space, p.level) for p in view.pieces.values() if p.on_board and p.id != pid
             and ctl.module.piece_types[p.type].kind == "character"}
    out = {}
    for (key, level), reach in ctl.reachable(view, pid).items():
        if (key, level) in taken or (key, level) in foes:
            continue
        if getattr(reach, "jump", False) and not (
                sand_jumps and level == 0 and fort.is_sand(key) and len(reach[1]) > 1
                and reach[1][-2][1] <= SAFE_DROP):
            continue
        if wall_only and not (level > 0 and level == fort.top(key)
                              and fort.area(key) in ("wall", "tower")):
            continue
        out[(key, level)] = reach[0]
    return out


def _gap(fort, key: str, spots) -> int:
    c, r = fort.coords(key)
    return min((max(abs(c - fc), abs(r - fr)) for fc, fr in spots), default=99)


def _reserve_post(opp, ctl, view, pid, foes):
    """The place reachable now nearest (in steps) to the free wall and tower
    tops nearest the attackers, when the unit is not near them already."""
    if not foes:
        return None
    fort = ctl.fort(view)
    piece = view.pieces[pid]
    spots = [fort.coords(k) for k, _ in foes]
    taken = {(p.space, p.level) for p in view.pieces.values() if p.on_board and p.id != pid}
    tops = [(k, fort.top(k)) for k in fort.squares()
            if fort.area(k) in ("wall", "tower") and fort.top(k) > 0]
    gaps = {t: _gap(fort, t[0], spots) for t in tops if t not in taken}
    if not gaps:
        return None
    near = min(gaps.values())
    here = _gap(fort, piece.space, spots) + (0 if piece.level > 0 else RESERVE_GAIN)
    if here <= near + RESERVE_GAIN:
        return None
    posts = frozenset(t for t, g in gaps.items() if g <= near + 1)
    if getattr(opp, "_reserve_key", None) != posts:
        opp._reserve_key, opp._reserve_map = posts, distances(fort, posts)
    field = opp._reserve_map
    places = _posts(ctl, view, pid, foes, wall_only=False)
    if not places:
        return None
    best = min(places, key=lambda p: (field.get(p, math.inf), places[p], p))
    if field.get(best, math.inf) >= field.get((piece.space, piece.level), math.inf):
        return None
    return best


def _vantage(opp, ctl, view, pid, foes, danger):
    """7.5 a place in the fort, reachable now without a jump, from which the
    unit would see a foe (tried on private copies of the view, the higher and
    nearer the attackers first): the one with the best shot, 7.71's penalty for
    moving counted.  Tried once a phase for each unit."""
    if not foes:
        return None
    tried = opp.__dict__.setdefault("_vantage_tried", set())
    key = (view.vars.get("turn"), view.vars.get("chit"), pid)
    if key in tried or opp.__dict__.get("_vantage_budget", 1) <= 0:
        return None
    tried.add(key)
    opp._vantage_budget = opp.__dict__.get("_vantage_budget", 1) - 1
    fort = ctl.fort(view)
    spots = [fort.coords(k) for k, _ in foes]
    places = {p: cost for p, cost in _posts(ctl, view, pid, foes, wall_only=False).items()
              if fort.is_fort(p[0])}
    ranked = sorted(places, key=lambda p: (-p[1], _gap(fort, p[0], spots), places[p], p))
    best, worth = None, 0.0
    for place in ranked[:VANTAGE_TRIES]:
        trial = opp.private_copy(view)
        trial.pieces[pid].space, trial.pieces[pid].level = place
        for t in ctl.targets(trial, pid):
            if t.in_range and t.sight.clear and t.refusal is None:
                w = danger.get(t.target, 1.0) * _chance(t.needed + 1)
                if w > worth:
                    best, worth = place, w
    return best


def _hunting(opp, view) -> bool:
    mine, theirs = opp._numbers(view)
    return 0 < theirs <= HUNT_MAX and mine >= HUNT_RATIO * theirs


def _hunt_post(opp, ctl, view, pid, foes):
    """9 the place reachable now nearest, in steps without a jump, to the last
    Bedouin (not onto one)."""
    if not foes:
        return None
    fort = ctl.fort(view)
    piece = view.pieces[pid]
    key = frozenset(foes)
    if getattr(opp, "_hunt_key", None) != key:
        opp._hunt_key, opp._hunt_map = key, walking_distances(fort, key)
    field = opp._hunt_map
    posts = _posts(ctl, view, pid, foes, wall_only=False, sand_jumps=True)
    if not posts:
        return None
    best = min(posts, key=lambda p: (field.get(p, math.inf), posts[p], p))
    if field.get(best, math.inf) >= field.get((piece.space, piece.level), math.inf):
        return None
    return best


def walking_distances(fort, sources) -> dict[tuple[str, int], float]:
    """Steps from every (square, level) to the nearest of ``sources`` on foot:
    neighbours on the same level where no wall closes the side or corner
    (6.13), stairways (6.6) and a jump into the sand of :data:`SAFE_DROP`
    levels or less (6.512, counted as two steps); no rope.  An estimate for
    choosing moves, not the rules' movement."""
    board = fort.board

    def links(key, level):
        for n in board.orthogonal(key):
            if fort.has_level(n, level) and not fort.blocks(key, n, level):
                yield (n, level), 1
            top = fort.top(n)
            if level == 0 and fort.is_sand(key) and 0 < top <= SAFE_DROP:
                yield (n, top), 2                       # a jump down from n
        for n in board.diagonal(key):
            if fort.has_level(n, level) and not fort.corner_features(key, n, level):
                yield (n, level), 1
        for to, lvl, _kind in fort.stairways(key, level):
            yield (to, lvl), 1

    return shortest_steps(sources, links)


# -- helpers ----------------------------------------------------------------------------------


def _step_to(ctl, view, actions, pid, goal) -> Action | None:
    """The first step of the cheapest way to ``goal``: without a jump, or
    ending in one jump into the sand when that is the only way (the hunt,
    :func:`_posts`); never a melee on the way."""
    plan = ctl.plan(view, pid, goal[0], goal[1], jump=False)
    if plan is None or not plan.steps:
        plan = ctl.plan(view, pid, goal[0], goal[1], jump=True)
        fort = ctl.fort(view)
        if plan is None or not plan.steps or plan.steps[-1].action.kind != "jump" \
                or not fort.is_sand(goal[0]):
            return None
    if any(s.rolls and s.action.kind != "jump" for s in plan.steps):
        return None
    return _offered(ctl, view, actions, plan.steps[0].action)


def _stop(actions, pid, foes) -> Action | None:
    """Finish the unit moving; where it may not stop (4.3, on a friend) a step
    that is no jump and no melee."""
    done = [a for a in actions if a.kind == "finish" and a.get("piece") == pid]
    if done:
        return done[0]
    steps = [a for a in actions if a.kind in STEP_KINDS and a.get("piece") == pid
             and (a.get("to"), a.get("level", 0)) not in foes]
    return steps[0] if steps else None


def _offered(ctl, view, actions, action) -> Action | None:
    if action in actions or ctl.legal(view, action):
        return action
    return None


def _first(actions, kind) -> Action | None:
    for a in actions:
        if a.kind == kind:
            return a
    return None

