"""The program's opponent for the French side (rules of thumb, like :mod:`.opponent`).

:func:`choose` picks one of ``controller.legal_actions(view)`` where ``view`` is
``controller.view(state, "french")``: it knows the real fleet (its own secret)
and nothing the rules hide from the French; the dice seed is blanked in every
view.  A decision takes a few milliseconds:

* the invasion: the real fleet sails by the shortest sea route for the Egyptian
  coast, keeping out of Nelson's sea space and the seas beside it where it can;
  the two dummies sail too (they draw Nelson off); once the real fleet may land
  (Invasion: Successful invasion) the army lands at once, on the coastal space
  nearest Alexandria and Cairo;
* the conquest: armies march on the objectives the victory conditions value
  (How to Win: the BUAs with a VP banner, weighted by the French VPs printed
  on their banners; the Valley of the Kings for a stack carrying the savants),
  keep something in every banner BUA they hold (French garrison: a BUA is
  French only while something French is there), and seek field combats and
  assaults only with an edge in strength;
* glory: re-rolls are bought for tests that matter (the army stranded, an
  activation when the commander has glory to spare) and in combats the French
  could still lose; the Allies are made to re-roll an interception of the
  real fleet whenever Brueys' glory allows;
* with nothing worth doing, the initiative is passed with a momentum marker
  while the Allies still act and the hand holds two, else the turn ends.
"""

from __future__ import annotations

import random

from ...engine import Action, GameState
from . import tables as T
from .flow import flag
from .model import Ctx, elements, pieces_in
from .opponent import (
    WORTH,
    _distances,
    _glory,
    _idx,
    _momentum,
    _need,
    _plague,
    pick_by_task,
)
from .opponent_naval import _sea_distances
from .strength import FIELD, strength

FRENCH = T.FRENCH
ALLIED = T.ALLIED
#: how much stronger the French must be before seeking a field combat or an assault
#: (they hit harder than any Allied nationality, so less than the Allies need)
EDGE = 1.2
#: the pull of the Valley of the Kings for a stack carrying the savants (its VPs)
VALLEY_PULL = T.VALLEY_VP


def choose(controller, view: GameState, rng: random.Random | None = None) -> Action:
    """The program's choice among the legal actions of ``view`` (a French view)."""
    legal = list(controller.legal_actions(view))
    actions = [a for a in legal if a.kind != "concede"] or legal
    return pick_by_task(controller, view, actions, PICKERS, _free, rng)


# -- helpers ---------------------------------------------------------------------------------

def _field(space: str, att: str) -> dict:
    return {"mode": FIELD, "space": space, "att": att, "def": T.other(att)}


def _power(ctx: Ctx, state: GameState, space: str, side: str) -> int:
    return strength(ctx, state, _field(space, side), side)


def _holder(ctx: Ctx, state: GameState, space: str) -> str:
    from .control import holder

    return holder(ctx, state, space)


def _french_vp(space: str) -> int:
    return int(T.BUAS.get(space, ("", {}))[1].get(FRENCH, 0))


def _objectives(ctx: Ctx, state: GameState, savants: bool) -> dict[str, float]:
    """Where the French want to be, and how much (How to Win): the banner BUAs they
    do not hold (their French VPs), those they hold that Allied forces nearby
    outweigh (to stand by them), the Valley of the Kings for the savants."""
    threat = _threats(ctx, state)
    out = {}
    for s in T.VP_BUAS:
        if s not in ctx.board:
            continue
        if _holder(ctx, state, s) != FRENCH:
            out[s] = 2.0 + _french_vp(s)
        elif threat.get(s, 0) > _power(ctx, state, s, FRENCH):
            out[s] = 1.0 + _french_vp(s)
    if savants and not flag(state, "valley") and T.VALLEY in ctx.board:
        out[T.VALLEY] = out.get(T.VALLEY, 0) + VALLEY_PULL
    return out


_THREATS: dict = {}


def _threats(ctx: Ctx, state: GameState) -> dict[str, int]:
    """Land space -> the Allied land strength within two spaces of it (worked out
    once a position)."""
    key = (id(state.pieces), state.vars.get("_seq"), state.vars.get("_rolls"))
    if key in _THREATS:
        return _THREATS[key]
    dist = _distances(ctx)
    forces = {}
    for p in state.pieces.values():
        if p.side == ALLIED and p.status == "active" and p.space and not ctx.is_sea(p.space) \
                and ctx.kind(p) == "element" and p.space not in forces:
            forces[p.space] = _power(ctx, state, p.space, ALLIED)
    out = {}
    for s in T.VP_BUAS:
        if s in ctx.board:
            out[s] = sum(w for f, w in forces.items() if dist[s].get(f, 9) <= 2)
    _THREATS.clear()
    _THREATS[key] = out
    return out


def _pull(dist: dict, space: str, goals: dict[str, float]) -> float:
    """How strongly ``space`` is drawn to the objectives (weight over distance)."""
    seen = dist.get(space, {})
    return max((w / (1 + seen.get(g, 12)) for g, w in goals.items()), default=0.0)


def _held_alone(ctx: Ctx, state: GameState, space: str, leaving: int) -> bool:
    """A banner BUA the French hold that ``leaving`` of its elements would leave empty."""
    if space not in T.VP_BUAS or _holder(ctx, state, space) != FRENCH:
        return False
    return len(elements(ctx, state, space, FRENCH)) - leaving <= 0


def _moved(a: Action) -> tuple[int, bool]:
    """How many elements a move takes, and whether the savants go."""
    n, savants = 0, False
    for x in (a.get("units", "") or "").split(","):
        if ":" in x:
            tid, k = x.split(":")
            n += int(k)
            savants = savants or tid == "fr-sav"
    return n, savants


def _fewest(actions):
    return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))


def _most(actions):
    return max(actions, key=lambda a: len(_idx(a.get("dice", ""))))


# -- the invasion ----------------------------------------------------------------------------

def _landing_value(ctx: Ctx, state: GameState, space: str) -> float:
    dist = _distances(ctx)
    near = min(dist[space].get(t, 12) for t in ("alexandria", "cairo"))
    return -near - 3 * len(elements(ctx, state, space, ALLIED))


def _invasion(ctx, state, actions, rng):
    from .invasion import nelson

    land = [a for a in actions if a.kind == "disembark"]
    if land:
        return max(land, key=lambda a: (_landing_value(ctx, state, a["to"]), a["to"]))
    real = state.vars.get("secret_real_fleet")
    seas = _sea_distances(ctx)
    coast = [s for s in seas if ctx.egyptian_coast(s)]
    hunter = nelson(state)
    danger = set()
    if hunter is not None:
        danger = {hunter.space, *(n for n in ctx.neighbours[hunter.space] if ctx.is_sea(n))}
    real_space = state.pieces[real].space if real in state.pieces else None

    def left(space):
        return min((seas.get(space, {}).get(c, 20) for c in coast), default=20)

    def risk(space, is_real):
        if hunter is None:
            return 0
        r = 6 if space == hunter.space else 2 if space in danger else 0
        return r if is_real else r / 4

    def real_in(a):
        return real in (a.get("pieces", "") or "").split(",")

    def score(a):
        to, is_real = a["to"], real_in(a)
        crowd = 2 if not is_real and to == real_space else 0   # dummies draw Nelson apart
        return -left(to) - risk(to, is_real) - crowd + rng.random() * 0.1

    moves = [a for a in actions if a.kind == "move"]
    if moves:
        best = max(moves, key=score)
        stay = -left(best["space"]) - risk(best["space"], real_in(best))
        if score(best) > stay or not [a for a in actions if a.kind == "done"]:
            return best
        return next(a for a in actions if a.kind == "done")
    acts = [a for a in actions if a.kind == "activate"]
    if acts:
        return next((a for a in acts if a["space"] == real_space), acts[0])
    return next((a for a in actions if a.kind in ("done", "end-turn")), actions[0])


# -- the conquest ----------------------------------------------------------------------------

def _move_value(ctx: Ctx, state: GameState, a: Action) -> float:
    frm, to = a["space"], a["to"]
    n, savants = _moved(a)
    if n == 0:
        return -5
    if ctx.is_sea(to) or ctx.is_sea(frm):
        return -5           # the French army keeps to the land (its squadrons stay put)
    dist = _distances(ctx)
    goals = _objectives(ctx, state, savants)
    v = 6 * (_pull(dist, to, goals) - _pull(dist, frm, goals))
    here = max(1, len(elements(ctx, state, frm, FRENCH)))
    mine = _power(ctx, state, frm, FRENCH) * n / here
    foes = _power(ctx, state, to, ALLIED)
    if foes:
        v += 6 if mine >= EDGE * foes else -10
    if to in goals and to in T.VP_BUAS and (not foes or mine >= EDGE * foes):
        v += goals[to] / 2
    if _held_alone(ctx, state, frm, n):
        v -= 3 + _french_vp(frm)
    elif frm in T.VP_BUAS and _holder(ctx, state, frm) == FRENCH:
        left = _power(ctx, state, frm, FRENCH) * (here - n) / here
        if left < _threats(ctx, state).get(frm, 0):
            v -= 2 + _french_vp(frm) / 2      # the garrison left would not hold
    if n >= here and _commanders_left(ctx, state, a):
        v -= 4                  # a commander is not left alone (exhausted in a siege)
    return v


def _commanders_left(ctx: Ctx, state: GameState, a: Action) -> bool:
    """Whether a move of every element of its space leaves a commander there."""
    going = set((a.get("pieces", "") or "").split(","))
    return any(ctx.kind(p) == "commander" and p.id not in going and p.level == 0
               for p in pieces_in(state, a["space"], FRENCH) if p.status == "active")


def _best_move(ctx: Ctx, state: GameState, moves: list[Action]):
    scored = [(_move_value(ctx, state, a), i, a) for i, a in enumerate(moves)]
    value, _, best = max(scored, key=lambda x: (x[0], -x[1]))
    return best, value


def _worth_moving(ctx: Ctx, state: GameState, space: str) -> float:
    """The best move the program would make out of ``space`` if its test passed
    (listed on a trial state with the space activated), or -inf."""
    from .options import move_options

    trial_vars = dict(state.vars)
    trial_vars["activation"] = {"space": space, "side": FRENCH}
    trial = GameState(state.game, state.scenario, state.seed, state.pieces, trial_vars)
    moves = move_options(trial, ctx, space, FRENCH)
    return _best_move(ctx, trial, moves)[1] if moves else float("-inf")


def _siege_worth(ctx: Ctx, state: GameState, space: str) -> bool:
    from .siege import inside
    from .strength import SIEGE

    task = {"mode": SIEGE, "space": space, "att": FRENCH, "def": ALLIED, "assault": True}
    mine = strength(ctx, state, task, FRENCH)
    theirs = strength(ctx, state, task, ALLIED)
    return mine >= theirs * EDGE and bool(inside(ctx, state, space, ALLIED))


def _free(ctx, state, task, actions, rng):
    if state.vars.get("phase") == "invasion":
        return _invasion(ctx, state, actions, rng)
    by: dict[str, list[Action]] = {}
    for a in actions:
        by.setdefault(a.kind, []).append(a)
    act = state.vars.get("activation")
    if act and by.get("move"):
        best, value = _best_move(ctx, state, by["move"])
        if value > WORTH or act.get("must_leave"):
            return best
    if act and by.get("done"):
        return by["done"][0]
    for a in by.get("siege", []):
        if _siege_worth(ctx, state, a["space"]):
            return a
    if by.get("ganteaume"):
        return by["ganteaume"][0]
    if by.get("remove-bedouin"):
        return by["remove-bedouin"][0]
    scored = sorted(((_worth_moving(ctx, state, a["space"]), a["space"], a)
                     for a in by.get("activate", []) if not ctx.is_sea(a["space"])),
                    key=lambda x: (-x[0], x[1]))
    for value, _space, a in scored:
        if value > WORTH:
            return a
    wait = _waiting_space(ctx, state, by.get("momentum", []))
    if wait is not None:
        return wait
    return next((a for a in actions if a.kind == "end-turn"), actions[0])


def _waiting_space(ctx: Ctx, state: GameState, markers: list[Action]) -> Action | None:
    """Momentum: Alternate initiative: pass with a marker while the Allies still act
    and the hand holds more than one (as the Allied program does)."""
    hand = state.vars.get("hand", {})
    if not markers or hand.get(FRENCH, 0) < 2 or hand.get(ALLIED, 0) <= 0 \
            or ALLIED in state.vars.get("ended", []):
        return None
    return min(markers, key=lambda a: a["space"])


# -- the questions ---------------------------------------------------------------------------

def _test(ctx, state, task, actions, rng):
    """Own failures re-rolled when the test matters; Allied successes forced again
    when they would catch the real fleet or Bonaparte."""
    if task["stage"] == "reroll":
        wins = sum(1 for d in task["dice"] if d >= 5)
        if wins >= task.get("need", 1):
            return _fewest(actions)
        g = _glory(state, task.get("cmd"))
        important = task["purpose"] in ("leader", "uprising", "momentum", "muiron")
        if ctx.is_sea(task.get("space") or "") and state.vars.get("phase") == "invasion":
            # the fleet must reach Egypt, but Brueys keeps glory to make Nelson
            # re-roll his interceptions
            important = g >= 5
        if important and g >= 2 or task["purpose"] == "activation" and g >= 6:
            return _most(actions)
        return _fewest(actions)
    # force: the Allies re-roll their successes
    if task["purpose"] in ("interception", "muiron"):
        return _most(actions)
    return _fewest(actions)


def _combat(ctx, state, task, actions, rng):
    stage = task["stage"]
    me = FRENCH
    them = ALLIED
    if stage == "retire":
        mine = _power(ctx, state, task["space"], me)
        theirs = _power(ctx, state, task["space"], them)
        go = mine * EDGE < theirs
        return next((a for a in actions if bool(a.get("go")) == go), actions[0])
    if stage.startswith("lead"):
        return next((a for a in actions if not a.get("commander")), actions[0])
    if stage.startswith("reroll"):
        dice = task["dice"][me]
        need = _need(ctx, task, me)
        if sum(dice) >= need and any(d >= 5 for d in dice):
            return _fewest(actions)

        def gain(a):
            idx = _idx(a.get("dice", ""))
            return sum(3.5 - dice[i] for i in idx) - 0.5 * len(idx)
        return max(actions, key=gain)
    if stage.startswith("force"):
        dice = task["dice"][them]
        need = _need(ctx, task, them)
        if sum(dice) < need:
            return _fewest(actions)

        def stops(a):
            idx = _idx(a.get("dice", ""))
            after = sum(dice) - sum(dice[i] for i in idx) + 3.5 * len(idx)
            return (3 if after < need else 0) + 0.3 * len(idx)
        return max(actions, key=stops)
    if stage.startswith("draw"):
        mine = task["info"][me]["strength"]
        theirs = task["info"][them]["strength"]
        off = mine * EDGE < theirs
        return next((a for a in actions if bool(a.get("off")) == off), actions[0])
    return actions[0]       # losses: the cheapest first, as the rules list them


def _breakoff(ctx, state, task, actions, rng):
    from .control import holder

    def score(a):
        to = a["to"]
        if to == "inside":
            return 5
        friends = _power(ctx, state, to, FRENCH)
        foes = len(elements(ctx, state, to, ALLIED))
        held = 2 if to in T.VP_BUAS and holder(ctx, state, to) == FRENCH else 0
        return friends + held - 5 * foes
    return max(actions, key=score)


def _place(ctx, state, task, actions, rng):
    def score(a):
        here = len([p for p in pieces_in(state, a["space"], FRENCH)])
        return a.get("count", 1) * 10 + here
    return max(actions, key=score)


def _landing(ctx, state, task, actions, rng):
    return max(actions, key=lambda a: (_landing_value(ctx, state, a["to"]), a["to"]))


def _revolt(ctx, state, task, actions, rng):
    """Pay a revolt with glory while Bonaparte's army is large, else with infantry."""
    return next((a for a in actions if a.get("pay") == "infantry"), actions[0])


def _random(ctx, state, task, actions, rng):
    return rng.choice(actions)


def _first(ctx, state, task, actions, rng):
    return actions[0]


PICKERS = {"choose-fleet": _random, "landing": _landing, "test": _test,
           "momentum": _momentum, "combat": _combat, "break-off": _breakoff, "place": _place,
           "plague": _plague, "relocate": _first, "revolt": _revolt, "governor": _first,
           "free": _free}
