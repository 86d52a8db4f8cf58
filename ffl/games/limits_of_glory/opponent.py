"""The program's opponent for the Allied side.

:func:`choose` picks one of ``controller.legal_actions(view)`` where ``view`` is
``controller.view(state, "allied")``: it never sees the real fleet while it is
hidden, nor the dice seed, and it never makes an action the rules do not list.
It plays every mechanism by rules of thumb, in a few milliseconds a decision:

* Bedouin go where the French are likely to march (the Delta and the road to
  Cairo), in the highest-value spaces the dice allow;
* Nelson hunts the nearest fleet marker towards Egypt and always intercepts;
* glory is spent on re-rolls when it matters (combats it can still swing,
  interceptions, tests that would strand an army) and kept otherwise;
* a space is activated only when the program would then move something out of
  it (Movement: Activating / How to move allow a passed test that moves nothing,
  but such a test only wastes glory on re-rolls and ends, sooner or later, in a
  failure that hands over the initiative); with nothing worth moving and the
  French still acting, it passes the initiative with a momentum marker rather
  than ending its turn;
* combats are sought only with a clear edge in strength (the French hit much
  harder), BUAs are held against stronger French armies (a siege), losses are
  the cheapest elements, break-offs go towards friends;
* Mamluk cavalry raises uprisings against French commanders whenever it can;
* armies march on the nearest French-held BUA or weak French force, and the
  British and Ottomans make for Cairo and Alexandria.
* ships alone (Sydney Smith's squadron, say) sail for the sea beside a coastal
  BUA under siege or an Allied-held one a French army is near (Sieges: Naval
  elements in sieges), and stay there; no glory is spent re-rolling their tests.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from ...engine import Action, GameState
from . import tables as T
from .model import Ctx, elements, pieces_in, total_glory
from .opponent_naval import naval_posts, naval_value, ships_alone, ships_only, ships_power
from .strength import FIELD, cell, column, strength

ALLIED = T.ALLIED
#: how much stronger a side must be before the program seeks a field combat
EDGE = {"british": 1.3, "ottoman": 2.2, "mamluk": 2.8, "albanian": 1.8}
#: the least value (:func:`_move_value`) of a move the program makes rather than
#: finishing an activation
WORTH = 0.5


def choose(controller, view: GameState, rng: random.Random | None = None) -> Action:
    """The program's choice among the legal actions of ``view`` (an Allied view)."""
    return pick_by_task(controller, view, list(controller.legal_actions(view)),
                        PICKERS, _free, rng)


def pick_by_task(controller, view: GameState, actions: list[Action], pickers: dict,
                 free, rng: random.Random | None = None) -> Action:
    """One of ``actions``: the one there is, or the choice of the picker for the
    task the rules ask about (``free`` when none is named), one of ``actions``
    (else the first).  Both sides' programs choose so."""
    rng = rng or random.Random(view.vars.get("_rolls", 0))
    if not actions:
        raise ValueError("the program was asked to act with nothing legal to do")
    if len(actions) == 1:
        return actions[0]
    ctx = controller.ctx(view)
    task = controller.task(view)
    kind = task["kind"] if task else "free"
    choice = pickers.get(kind, free)(ctx, view, task, actions, rng)
    return choice if choice in actions else actions[0]


# -- helpers ---------------------------------------------------------------------------------

def _dist(ctx: Ctx) -> dict[str, dict[str, int]]:
    return _distances(ctx)


@lru_cache(maxsize=4)
def _distances(ctx: Ctx) -> dict[str, dict[str, int]]:
    out = {}
    for start in ctx.board.keys():
        seen = {start: 0}
        todo = deque([start])
        while todo:
            s = todo.popleft()
            for n in ctx.neighbours[s]:
                if n not in seen:
                    seen[n] = seen[s] + 1
                    todo.append(n)
        out[start] = seen
    return out


def _french_strength(ctx: Ctx, state: GameState, space: str) -> int:
    return strength(ctx, state, _field(space, T.FRENCH), T.FRENCH)


def _allied_strength(ctx: Ctx, state: GameState, space: str) -> int:
    return strength(ctx, state, _field(space, ALLIED), ALLIED)


def _field(space: str, att: str) -> dict:
    return {"mode": FIELD, "space": space, "att": att, "def": T.other(att)}


def _main_nation(ctx: Ctx, state: GameState, space: str) -> str:
    weight: dict[str, int] = {}
    for p in elements(ctx, state, space, ALLIED):
        weight[ctx.nation(p)] = weight.get(ctx.nation(p), 0) + max(1, ctx.strength(p))
    return max(weight, key=weight.get) if weight else "ottoman"


def _french_spaces(ctx: Ctx, state: GameState) -> list[str]:
    return sorted({p.space for p in state.pieces.values() if p.status == "active"
                   and p.side == T.FRENCH and p.space and ctx.kind(p) in ("element", "commander")
                   and not ctx.is_sea(p.space)})


def _targets(ctx: Ctx, state: GameState) -> list[str]:
    """Where the Allies want to go: French-held BUAs, French forces, Cairo and
    Alexandria (Allied total victory)."""
    from .control import holder

    out = [s for s in T.VP_BUAS if holder(ctx, state, s) == "french"]
    out += _french_spaces(ctx, state)
    out += ["cairo", "alexandria"]
    return out


# -- pickers ---------------------------------------------------------------------------------

def _bedouin(ctx, state, task, actions, rng):
    dist = _dist(ctx)

    def score(a):
        s = a["space"]
        near = min(dist[s].get(t, 9) for t in ("alexandria", "rosetta", "menouf", "cairo"))
        return ctx.value(s) * 2 - near + rng.random() * 0.1
    return max(actions, key=score)


def _intercept(ctx, state, task, actions, rng):
    return next((a for a in actions if a.get("go")), actions[0])


def _test(ctx, state, task, actions, rng):
    """Re-roll own failures when the test matters; require French re-rolls when a
    French success would hurt and glory allows."""
    important = task["purpose"] in ("interception", "muiron", "leader", "uprising",
                                    "momentum")
    if task["stage"] == "reroll":
        wins = sum(1 for d in task["dice"] if d >= 5)
        best = max(actions, key=lambda a: len(_idx(a.get("dice", ""))))
        if wins >= task.get("need", 1):
            return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))
        if task["purpose"] == "activation" and ships_alone(ctx, state, task.get("space")):
            # ships alone only change station: no glory spent on that
            return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))
        if important or task["purpose"] == "activation":
            g = _glory(state, task.get("cmd"))
            return best if g >= 4 or important else min(
                actions, key=lambda a: len(_idx(a.get("dice", ""))))
        return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))
    # force: stop the French getting away from Nelson, or off a stranded army
    wins = [i for i, d in enumerate(task["dice"]) if d >= 5]
    g = _glory(state, task.get("opp"))
    if task["purpose"] == "activation" and len(wins) <= 2 and g >= 6:
        return max(actions, key=lambda a: len(_idx(a.get("dice", ""))))
    return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))


def _momentum(ctx, state, task, actions, rng):
    side = task["order"][task["turn"]]
    cid = task["cmds"].get(side)
    g = _glory(state, cid)
    wins = sum(1 for d in task["dice"][side] if d >= 5)
    want = 2 if g >= 10 else 1
    if wins >= want or g < 3:
        return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))
    return max(actions, key=lambda a: (len(_idx(a.get("dice", ""))) <= g // 3,
                                       len(_idx(a.get("dice", "")))))


def _combat(ctx, state, task, actions, rng):
    stage = task["stage"]
    me = ALLIED
    if stage == "retire":
        mine = _allied_strength(ctx, state, task["space"])
        theirs = _french_strength(ctx, state, task["space"])
        go = mine * 1.0 < theirs * EDGE.get(_main_nation(ctx, state, task["space"]), 2.0)
        return next((a for a in actions if bool(a.get("go")) == go), actions[0])
    if stage.startswith("lead"):
        return next((a for a in actions if not a.get("commander")), actions[0])
    if stage.startswith("reroll"):
        return _combat_reroll(ctx, state, task, actions)
    if stage.startswith("force"):
        return _combat_force(ctx, state, task, actions)
    if stage.startswith("loss"):
        return actions[0]
    if stage.startswith("draw"):
        mine = task["info"][me]["strength"]
        theirs = task["info"][T.other(me)]["strength"]
        off = mine < theirs * 1.5
        return next((a for a in actions if bool(a.get("off")) == off), actions[0])
    return actions[0]


def _need(ctx, task, side) -> int:
    info = task["info"][side]
    return int(cell(ctx, info["row"], column(ctx, info["strength"]))["need"])


def _combat_reroll(ctx, state, task, actions):
    me = ALLIED
    dice = task["dice"][me]
    need = _need(ctx, task, me)
    total = sum(dice)
    wins = sum(1 for d in dice if d >= 5)
    if total >= need and wins:
        return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))
    # re-roll the low failures (a 1, 2 or 3 gains on average); keep 4s if close
    def score(a):
        idx = _idx(a.get("dice", ""))
        gain = sum(3.5 - dice[i] for i in idx)
        return gain - 0.4 * len(idx)
    return max(actions, key=score)


def _combat_force(ctx, state, task, actions):
    them = T.FRENCH
    dice = task["dice"][them]
    need = _need(ctx, task, them)
    if sum(dice) < need:
        return min(actions, key=lambda a: len(_idx(a.get("dice", ""))))

    def score(a):
        idx = _idx(a.get("dice", ""))
        after = sum(dice) - sum(dice[i] for i in idx) + 3.5 * len(idx)
        stops = after < need
        return (3 if stops else 0) + 0.8 * len(idx) - 0.5 * len(idx)
    return max(actions, key=score)


def _breakoff(ctx, state, task, actions, rng):
    dist = _dist(ctx)

    def score(a):
        to = a["to"]
        if to == "inside":
            return 5
        friends = _allied_strength(ctx, state, to)
        foes = len(elements(ctx, state, to, T.FRENCH))
        home = min(dist[to].get(t, 9) for t in ("cairo", "acre", "jaffa"))
        return friends - 5 * foes - home * 0.5
    return max(actions, key=score)


def _place(ctx, state, task, actions, rng):
    dist = _dist(ctx)
    french = _french_spaces(ctx, state) or ["alexandria"]

    def score(a):
        s = a["space"]
        near = min(dist[s].get(f, 9) for f in french)
        big = a.get("count", 1)
        return big * 10 - abs(near - 2)
    return max(actions, key=score)


def _plague(ctx, state, task, actions, rng):
    def score(a):
        here = len(elements(ctx, state, a["space"], a.side))
        weak = ctx.types[a["type"]].get("strength", 1)
        return here - weak * 3
    return max(actions, key=score)


def _first(ctx, state, task, actions, rng):
    return actions[0]


def _idx(text: str) -> list[int]:
    return [int(x) for x in (text or "").split(",") if x != ""]


def _glory(state: GameState, cid) -> int:
    if not cid or cid not in state.pieces:
        return 0
    return int(state.pieces[cid].data.get("glory", 0))


# -- the free decisions --------------------------------------------------------------------

def _free(ctx, state, task, actions, rng, worth: float = WORTH):
    """The choice with no question pending; ``worth``: the least value of a move
    made rather than finishing an activation (the hard level asks more)."""
    if state.vars.get("phase") == "invasion":
        return _invasion(ctx, state, actions, rng)
    by = {}
    for a in actions:
        by.setdefault(a.kind, []).append(a)
    act = state.vars.get("activation")
    if act and by.get("move"):
        best, value = _best_move(ctx, state, by["move"])
        if value > worth or act.get("must_leave"):
            return best
        if by.get("done"):
            return by["done"][0]
    if by.get("uprising"):
        return by["uprising"][0]
    for a in by.get("siege", []):
        if _siege_worth(ctx, state, a["space"]):
            return a
    if by.get("assault-malta") and _malta_worth(ctx, state):
        return by["assault-malta"][0]
    acts = by.get("activate", [])
    scored = sorted(((_activation_value(ctx, state, a["space"]), a) for a in acts),
                    key=lambda x: -x[0])
    for value, a in scored:
        if value > 0 and _worth_moving(ctx, state, a["space"], worth):
            return a
    if act and by.get("done"):
        return by["done"][0]
    wait = _waiting_space(ctx, state, by.get("momentum", []))
    if wait is not None:
        return wait
    return next((a for a in actions if a.kind == "end-turn"), actions[0])


def _worth_moving(ctx: Ctx, state: GameState, space: str, worth: float = WORTH) -> bool:
    """Would the program move anything out of ``space`` if its test passed?  The
    moves it would be offered are listed on a trial state (the same pieces, the
    space marked activated) and weighed as :func:`_free` weighs them then."""
    from .options import move_options

    trial_vars = dict(state.vars)
    trial_vars["activation"] = {"space": space, "side": ALLIED}
    trial = GameState(state.game, state.scenario, state.seed, state.pieces, trial_vars)
    moves = move_options(trial, ctx, space, ALLIED)
    return bool(moves) and _best_move(ctx, trial, moves)[1] > worth


def _waiting_space(ctx: Ctx, state: GameState, markers: list[Action]) -> Action | None:
    """Momentum: Alternate initiative: with nothing worth doing now, more than one
    marker in hand and the French still acting, place a marker (in the space whose
    elements it least wants to move) to let the French act first and keep the rest
    of the hand for what they do; None to end the turn instead."""
    hand = state.vars.get("hand", {})
    if not markers or hand.get(ALLIED, 0) < 2 or hand.get(T.FRENCH, 0) <= 0 \
            or T.FRENCH in state.vars.get("ended", []):
        return None
    return min(markers, key=lambda a: (_activation_value(ctx, state, a["space"]),
                                       a["space"]))


def _invasion(ctx, state, actions, rng):
    moves = [a for a in actions if a.kind == "move"]
    dist = _dist(ctx)
    fleets = [p.space for p in state.pieces.values() if p.type == "fleet"
              and p.status == "active" and p.space]
    if moves:
        def score(a):
            to = a["to"]
            if to in fleets:
                return 100
            near = min((dist[to].get(f, 9) for f in fleets), default=9)
            egypt = min(dist[to].get(s, 9) for s in ("aboukir-bay", "delta-coast"))
            return -near - 0.3 * egypt
        return max(moves, key=score)
    act = [a for a in actions if a.kind == "activate"]
    if act and fleets:
        return act[0]
    return next((a for a in actions if a.kind == "end-turn"), actions[0])


def _activation_value(ctx: Ctx, state: GameState, space: str) -> float:
    """How useful moving the Allied elements of ``space`` now looks."""
    mine = [p for p in pieces_in(state, space, ALLIED) if ctx.kind(p) in ("element",
                                                                         "commander")]
    if not mine:
        return 0
    if ctx.is_sea(space):
        return 1.0 if any(ctx.kind(p) == "element" and ctx.ekind(p) != "squadron"
                          for p in mine) else 0.3
    dist = _dist(ctx)
    targets = _targets(ctx, state)
    near = min((dist[space].get(t, 9) for t in targets), default=9)
    power = _allied_strength(ctx, state, space)
    if power < 4:
        return 0
    from .control import holder

    bua = ctx.bua(space)
    if bua and bua.get("vp") and holder(ctx, state, space) != "french":
        french_near = min((dist[space].get(f, 9) for f in _french_spaces(ctx, state)),
                          default=9)
        if french_near <= 2 and power < 25:
            return 0            # a garrison stays to hold its BUA
    if near == 0:
        return 0
    closer = any(min((dist[n].get(t, 9) for t in targets), default=9) < near
                 for n in ctx.neighbours[space] if not ctx.is_sea(n))
    if not closer:
        return 0
    return power / (1 + near) / 5


def _best_move(ctx: Ctx, state: GameState, moves: list[Action]):
    dist = _dist(ctx)
    targets = _targets(ctx, state)
    best, value = moves[0], -1e9
    for a in moves:
        v = _move_value(ctx, state, a, dist, targets)
        if v > value:
            best, value = a, v
    return best, value


def _move_value(ctx, state, a: Action, dist, targets) -> float:
    from .control import holder

    frm, to = a["space"], a["to"]
    units = a.get("units", "")
    n = sum(int(x.split(":")[1]) for x in units.split(",") if ":" in x)
    ships = ships_only(ctx, state, a)
    if ships is not None:
        return naval_value(ctx, state, frm, to, ships,
                           posts=naval_posts(ctx, state, dist, _french_spaces(ctx, state)),
                           power=ships_power(ctx, state, a))
    if n == 0:
        return -5
    nation = _main_nation(ctx, state, frm)
    here_before = min((dist[frm].get(t, 9) for t in targets), default=9)
    there = min((dist[to].get(t, 9) for t in targets), default=9)
    v = (here_before - there) * 1.0
    foes = _french_strength(ctx, state, to)
    mine = _allied_strength(ctx, state, frm) * (n / max(1, len(elements(ctx, state, frm,
                                                                         ALLIED))))
    if foes:
        ratio = mine / max(1, foes)
        v += 6 if ratio >= EDGE.get(nation, 2) else -8
    if ctx.is_sea(to) and not ctx.is_sea(frm):
        v -= 1
    bua = ctx.bua(frm)
    left = len(elements(ctx, state, frm, ALLIED)) - n
    if bua and bua.get("vp") and left <= 0 and holder(ctx, state, frm) != "french":
        v -= 3
    if holder(ctx, state, to) == "french" and ctx.bua(to):
        v += 2
    return v


def _siege_worth(ctx: Ctx, state: GameState, space: str) -> bool:
    from .siege import inside
    from .strength import SIEGE

    task = {"mode": SIEGE, "space": space, "att": ALLIED, "def": T.FRENCH, "assault": True}
    mine = strength(ctx, state, task, ALLIED)
    theirs = strength(ctx, state, task, T.FRENCH)
    return mine >= theirs * 1.2 and bool(inside(ctx, state, space, T.FRENCH))


def _malta_worth(ctx: Ctx, state: GameState) -> bool:
    from .model import squadrons

    ships = squadrons(ctx, state, T.MALTA_SEA, ALLIED)
    return sum(total_glory(p) >= 0 for p in ships) >= 2


PICKERS = {"bedouin": _bedouin, "intercept": _intercept, "muiron": _intercept, "test": _test,
           "momentum": _momentum, "combat": _combat, "break-off": _breakoff, "place": _place,
           "plague": _plague, "relocate": _first, "revolt": _first, "free": _free}
