"""The Invasion Phase: three fleet markers, one real, and Nelson hunting them.

Invasion: Selecting the real fleet: the French player secretly picks one of the
three markers (``vars["secret_real_fleet"]``, hidden from the Allied view).
Invasion: Momentum markers: every invasion turn the French get three markers
and the Allies one, without dice; the French move first, then Nelson.  Invasion:
Brueys and Nelson: only their glory is used; Brueys' glory serves every fleet
marker and his marker is not on the map.  Invasion: Malta: a fleet reaching the
Malta sea space stops there, a marker is placed and it is marked as having
visited Malta.  Invasion: Attempting interception / How to intercept / Moving
Nelson / Dummy marker / Multiple fleets / Failed interception.  Invasion:
Successful invasion: the real fleet starting a French turn next to the Egyptian
coast may land the army (the disembarkation phase).
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .flow import INVASION, can_act, hand, markers_at, set_flag
from .glory import roll_glory
from .mechanism import CONTINUE, start
from .model import Ctx, pieces_in
from .tasks import STEPS, GloryBatch, note, pop, push, setvar

REAL = "secret_real_fleet"
NELSON, BRUEYS = "nelson", "brueys"


def fleets(ctx: Ctx, state: GameState, space: str | None = None) -> list:
    """French invasion fleet markers still at sea (not intercepted)."""
    return [p for p in state.pieces.values() if p.type == "fleet" and p.status == "active"
            and (space is None or p.space == space)]


def nelson(state: GameState):
    p = state.pieces.get(NELSON)
    return p if p is not None and p.status == "active" and p.space else None


def real_fleet(state: GameState) -> str | None:
    return state.vars.get(REAL)


# -- set-up -------------------------------------------------------------------------------

def setup_glory(batch: GloryBatch, ctx: Ctx) -> None:
    """Invasion: Brueys and Nelson: their glory is rolled before the fleets sail."""
    roll_glory(batch, ctx, BRUEYS, rule=T.INV_GLORY)
    roll_glory(batch, ctx, NELSON, rule=T.INV_GLORY)


def choose_fleet_options(state: GameState) -> list[Action]:
    return [Action.make("choose-fleet", T.FRENCH, fleet=f"fleet-{h}") for h in T.FLEET_HARBOURS]


class ChooseFleet:
    """Task ``choose-fleet``: the French player picks the real fleet in secret."""

    @staticmethod
    def auto(batch, ctx, task) -> bool:
        return False

    @staticmethod
    def prompt(state, ctx, task):
        return (T.FRENCH, "setup", "Choose in secret which fleet marker carries the army "
                "(the other two are dummies)", ("choose-fleet",))

    @staticmethod
    def options(state, ctx, task):
        return choose_fleet_options(state)

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "choose-fleet" or action.side != T.FRENCH:
            return Verdict.no("the French player chooses the real fleet", T.INV_REAL)
        fleet = action.get("fleet")
        if fleet not in {f"fleet-{h}" for h in T.FLEET_HARBOURS}:
            return Verdict.no("choose one of the three fleet markers", T.INV_REAL)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        pop(batch)
        # the log says only that a choice was made: which one stays secret
        note(batch, T.INV_REAL, f"{T.INV_REAL}: the French player has chosen the real "
             "invasion fleet in secret", [Change.var(REAL, action["fleet"])], side=T.FRENCH)
        start_invasion(batch, ctx)


def start_invasion(batch: GloryBatch, ctx: Ctx) -> None:
    setvar(batch, "phase", INVASION)
    new_turn(batch, ctx)


def new_turn(batch: GloryBatch, ctx: Ctx) -> None:
    """Invasion: Momentum markers: three for the French, one for the Allies."""
    turn = int(batch.state.vars.get("turn", 0)) + 1
    hands = {T.FRENCH: int(_setup(ctx, batch.state, "french_momentum")),
             T.ALLIED: int(_setup(ctx, batch.state, "allied_momentum"))}
    note(batch, T.INV_MOMENTUM, f"{T.INV_MOMENTUM}: invasion turn {turn}: the French "
         f"receive {hands[T.FRENCH]} momentum markers and the Allies {hands[T.ALLIED]}; "
         f"the French move first",
         [Change.var("turn", turn), Change.var("hand", hands), Change.var("markers", {}),
          Change.var("ended", []), Change.var("active", T.FRENCH),
          Change.var("activation", None)])
    set_flag(batch, "nelson_failed", False)
    set_flag(batch, "can_disembark", landing_seas(ctx, batch.state))


def _setup(ctx: Ctx, state: GameState, key: str):
    sc = ctx.module.scenarios.get(state.scenario)
    default = T.INVASION_MOMENTUM[T.FRENCH if key.startswith("french") else T.ALLIED]
    return (sc.setup.get(key, default) if sc is not None else default)


def landing_seas(ctx: Ctx, state: GameState) -> bool:
    """Invasion: Successful invasion: the real fleet is next to the Egyptian coast."""
    real = real_fleet(state)
    p = state.pieces.get(real) if real else None
    return bool(p is not None and p.status == "active" and ctx.egyptian_coast(p.space))


def landing_spaces(ctx: Ctx, state: GameState) -> list[str]:
    """Disembarkation: Legal landing spaces next to the real fleet (Egypt only; into
    the space, never straight into a BUA)."""
    real = real_fleet(state)
    p = state.pieces.get(real) if real else None
    if p is None or p.status != "active":
        return []
    return list(ctx.egyptian_coast(p.space))


# -- Invasion: Invasion fleet destination ----------------------------------------------------

def coast_distance(ctx: Ctx, space: str | None) -> int:
    """Sea moves from ``space`` to the nearest sea space next to the Egyptian coast,
    never through the Allies' safe harbours (which no French fleet enters); 99 if
    there is no way."""
    if not space or not ctx.is_sea(space):
        return 99
    seen, frontier, d = {space}, [space], 0
    while frontier:
        if any(ctx.egyptian_coast(s) for s in frontier):
            return d
        d += 1
        nxt = []
        for s in frontier:
            for n in ctx.neighbours[s]:
                if n not in seen and ctx.is_sea(n) and ctx.harbour(n) != T.ALLIED:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 99


def _real_at_sea(ctx: Ctx, state: GameState):
    real = real_fleet(state)
    p = state.pieces.get(real) if real else None
    return p if p is not None and p.status == "active" and p.space else None


def destination_move_check(ctx: Ctx, state: GameState, space: str, to: str,
                           movers: list) -> Verdict:
    """Invasion: Invasion fleet destination (our reading): the real fleet must try to
    reach a sea space next to the Egyptian coast, so each of its moves ends nearer
    to one (or along that coast); the dummies sail where they like."""
    real = real_fleet(state)
    if not real or all(p.id != real for p in movers):
        return Verdict.yes()
    there = coast_distance(ctx, to)
    if there == 0 or there < coast_distance(ctx, space):
        return Verdict.yes()
    return Verdict.no("the real fleet must sail towards the Egyptian coast", T.INV_DESTINATION)


def destination_due(ctx: Ctx, state: GameState) -> str | None:
    """Invasion: Invasion fleet destination (our reading): the space of a real fleet
    short of the Egyptian coast that has not yet been stopped this French part
    (no French momentum marker there) while the French still hold a marker: it
    must try to sail on.  None when nothing is owed."""
    if state.vars.get("phase") != INVASION or state.vars.get("active") != T.FRENCH:
        return None
    p = _real_at_sea(ctx, state)
    if p is None or coast_distance(ctx, p.space) in (0, 99):
        return None
    if markers_at(state, p.space, T.FRENCH) or hand(state, T.FRENCH) <= 0:
        return None
    return p.space


# -- the turn -------------------------------------------------------------------------------

def fleet_can_act(ctx: Ctx, state: GameState, side: str) -> bool:
    if side == T.FRENCH:
        return any(markers_at(state, f.space, T.FRENCH) == 0 for f in fleets(ctx, state))
    n = nelson(state)
    from .flow import flag

    return n is not None and markers_at(state, n.space, T.ALLIED) == 0 \
        and not flag(state, "nelson_done")


def flow_step(batch: GloryBatch, ctx: Ctx) -> bool:
    """Invasion: Movement: a part lasts until its fleets all have markers, the hand is
    empty or the player declares it over; then Nelson; then a new turn."""
    state = batch.state
    act = state.vars.get("activation")
    if act:
        from .movement import movable

        if movable(ctx, state, act["space"], act["side"]):
            return False
        setvar(batch, "activation", None)
        return True
    side = state.vars.get("active")
    if can_act(state, side) and fleet_can_act(ctx, state, side):
        return False
    if side == T.FRENCH:
        setvar(batch, "active", T.ALLIED)
        set_flag(batch, "can_disembark", False)
        set_flag(batch, "nelson_done", False)
        note(batch, T.INV_MOVE, f"{T.INV_MOVE}: the French have finished moving; Nelson's "
             "turn", side=T.ALLIED)
        return True
    new_turn(batch, ctx)
    return True


def after_move(batch: GloryBatch, ctx: Ctx, side: str, moved: list[str], to: str) -> None:
    """Invasion: Malta and Attempting interception, after a move ends."""
    state = batch.state
    if side == T.FRENCH and to == T.MALTA_SEA:
        for fid in moved:
            if state.pieces[fid].type == "fleet":
                note(batch, T.INV_MALTA, f"{T.INV_MALTA}: the fleet marker from "
                     f"{ctx.label(state.pieces[fid].data['home'])} visits Malta and stops",
                     [Change.set(fid, "data.malta", True)], side=T.FRENCH)
        from .flow import place_marker

        place_marker(batch, ctx, T.FRENCH, to, T.INV_MALTA, "the fleet stops at Malta",
                     passes=False)
    offer_interception(batch, ctx, to, nelson_moved=(side == T.ALLIED))


def offer_interception(batch: GloryBatch, ctx: Ctx, space: str, *, nelson_moved: bool,
                       ends_turn: bool = False) -> None:
    n = nelson(batch.state)
    if n is None or n.space != space or not fleets(ctx, batch.state, space):
        return
    push(batch, {"kind": "intercept", "space": space, "ends_turn": ends_turn,
                 "active": nelson_moved})


class Intercept:
    """Task ``intercept``: the Allied player may try to intercept (yes or no)."""

    @staticmethod
    def auto(batch, ctx, task) -> bool:
        if nelson(batch.state) is None or not fleets(ctx, batch.state, task["space"]):
            pop(batch)
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        n = len(fleets(ctx, state, task["space"]))
        return (T.ALLIED, "intercept", f"Nelson shares {ctx.label(task['space'])} with "
                f"{n} French fleet marker{'s' if n > 1 else ''}: attempt an interception?",
                ("intercept",))

    @staticmethod
    def options(state, ctx, task):
        return [Action.make("intercept", T.ALLIED, go=True),
                Action.make("intercept", T.ALLIED, go=False)]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "intercept" or action.side != T.ALLIED:
            return Verdict.no("the Allied player decides on the interception", T.INV_ATTEMPT)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        pop(batch)
        if not action.get("go"):
            note(batch, T.INV_ATTEMPT, f"{T.INV_ATTEMPT}: Nelson lets the French pass",
                 side=T.ALLIED)
            if task.get("ends_turn"):
                _end_nelson(batch)
            return
        space = task["space"]
        start(batch, ctx, purpose="interception", side=T.ALLIED, space=space,
              n=ctx.value(space), rule=T.INV_INTERCEPT, text=f"Nelson's interception in {ctx.label(space)}",
              cmd=NELSON, opp=BRUEYS, ends_turn=task.get("ends_turn", False),
              active=task.get("active", False))


def _end_nelson(batch: GloryBatch) -> None:
    set_flag(batch, "nelson_done", True)


def interception_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    """Invasion: Dummy marker / Multiple fleets / Intercepted invasion fleet /
    Failed interception."""
    space = task["space"]
    if not passed:
        note(batch, T.INV_FAILED, f"{T.INV_FAILED}: the French fleets in "
             f"{ctx.label(space)} slip past Nelson", side=T.ALLIED)
        if batch.state.vars.get("active") == T.ALLIED or task.get("ends_turn"):
            _end_nelson(batch)
        return
    real = real_fleet(batch.state)
    caught = fleets(ctx, batch.state, space)
    real_caught = any(f.id == real for f in caught)
    for f in caught:
        what = "the real invasion fleet" if f.id == real else "a dummy"
        note(batch, T.INV_MULTIPLE, f"{T.INV_MULTIPLE}: the fleet marker from "
             f"{ctx.label(f.data['home'])} is intercepted and revealed: {what}",
             [Change.set(f.id, "data.revealed", "real" if f.id == real else "dummy")]
             + ([] if f.id == real else [Change.set(f.id, "status", "eliminated"),
                                         Change.set(f.id, "space", None)]),
             side=T.ALLIED)
    if task.get("ends_turn"):
        _end_nelson(batch)
    if real_caught:
        from .landing import intercepted

        intercepted(batch, ctx, space)


CONTINUE["interception"] = interception_done


def disembark_legal(ctx: Ctx, state: GameState, action: Action) -> Verdict:
    from .flow import flag

    if state.vars.get("phase") != INVASION or state.vars.get("active") != T.FRENCH:
        return Verdict.no("the army lands at the start of a French invasion turn",
                          T.INV_SUCCESS)
    if not flag(state, "can_disembark"):
        return Verdict.no("the real fleet must start the French turn next to the Egyptian "
                          "coast, before anything else is done", T.INV_SUCCESS)
    to = action.get("to")
    if to not in landing_spaces(ctx, state):
        return Verdict.no("the army lands on an Egyptian coastal space next to the real "
                          "fleet (not in Syria, not straight into a BUA)", T.LAND_SPACES)
    return Verdict.yes()


def disembark_options(ctx: Ctx, state: GameState) -> list[Action]:
    from .flow import flag

    if not flag(state, "can_disembark") or state.vars.get("active") != T.FRENCH:
        return []
    return [Action.make("disembark", T.FRENCH, to=s) for s in landing_spaces(ctx, state)]


def disembark(batch: GloryBatch, ctx: Ctx, action: Action) -> None:
    from .landing import land

    real = real_fleet(batch.state)
    sea = batch.state.pieces[real].space
    note(batch, T.INV_SUCCESS, f"{T.INV_SUCCESS}: the French declare the landing of "
         f"Bonaparte's army at {ctx.label(action['to'])}", side=T.FRENCH)
    land(batch, ctx, "landed", sea, action["to"])


def hand_left(state: GameState, side: str) -> int:
    return hand(state, side)


STEPS["invasion-new-turn"] = lambda batch, ctx: new_turn(batch, ctx)


def nelson_in(state: GameState, space: str) -> bool:
    n = nelson(state)
    return n is not None and n.space == space


def fleets_text(ctx: Ctx, state: GameState, space: str) -> str:
    return ", ".join(ctx.name(p.id, state) for p in pieces_in(state, space, T.FRENCH))
