"""The sequence of play: set-up, the invasion turns, the conquest turns.

Sequence of Play: the invasion phase (the fleets), the disembarkation phase,
then the conquest phase turn after turn.  This module keeps the turn moving:
after every action :func:`advance` settles the questions that need no answer,
closes activations with nothing left to move, hands the initiative over
(Momentum: Alternate initiative), ends turns (Momentum: Ending the turn) and
starts the next one (an event, then the momentum dice).

State (``vars``): ``phase`` (``setup``, ``invasion``, ``conquest``, ``over``),
``turn``, ``active`` (whose initiative), ``hand`` (momentum markers in hand),
``markers`` (space -> side -> markers placed), ``activation`` (the space whose
elements may move now), ``pass_due`` (a marker was placed: the initiative goes
over once the activation closes), ``ended`` (sides that declared the end of
their part), ``uprisings``, ``tried`` (Bedouin attempts this turn),
``supported`` (squadrons that helped a siege this turn).
"""

from __future__ import annotations

from ...engine import Batch, GameState
from . import tables as T
from .model import Ctx, elements, on_map
from .tasks import HANDLERS, GloryBatch, note, push, setvar, top, var_copy

SETUP, INVASION, CONQUEST, OVER = "setup", "invasion", "conquest", "over"


def hand(state: GameState, side: str) -> int:
    return int(state.vars.get("hand", {}).get(side, 0))


def markers_at(state: GameState, space: str, side: str) -> int:
    return int(state.vars.get("markers", {}).get(space, {}).get(side, 0))


def can_act(state: GameState, side: str) -> bool:
    return hand(state, side) > 0 and side not in state.vars.get("ended", [])


def place_marker(batch: GloryBatch, ctx: Ctx, side: str, space: str, rule: str,
                 why: str, *, passes: bool = True) -> bool:
    """Momentum: Placing momentum markers: one from ``side``'s hand into ``space``
    (nothing if the hand is empty).  ``passes``: the initiative goes over (a
    marker of the player acting)."""
    if hand(batch.state, side) <= 0:
        return False
    hands = var_copy(batch.state, "hand", {})
    hands[side] -= 1
    marks = var_copy(batch.state, "markers", {})
    marks.setdefault(space, {})
    marks[space][side] = marks[space].get(side, 0) + 1
    from ...engine import Change

    changes = [Change.var("hand", hands), Change.var("markers", marks)]
    note(batch, rule, f"{rule}: {T.NATION_NAMES.get(side, side.title())} momentum marker "
         f"placed in {ctx.label(space)} ({why}); {hands[side]} left in hand", changes,
         side=side, space=space)
    if passes and side == batch.state.vars.get("active") and \
            batch.state.vars.get("phase") == CONQUEST:
        setvar(batch, "pass_due", True)
    return True


def close_activation(batch: GloryBatch) -> None:
    if batch.state.vars.get("activation"):
        setvar(batch, "activation", None)


# -- advancing -----------------------------------------------------------------------------

def advance(batch: GloryBatch, ctx: Ctx) -> None:
    """Settle everything that needs no answer, until a player must act."""
    for _ in range(10_000):
        if batch.state.vars.get("phase") == OVER:
            return
        task = top(batch.state)
        if task is not None:
            if HANDLERS[task["kind"]].auto(batch, ctx, task):
                continue
            return
        if not _move_turn_on(batch, ctx):
            return
    raise RuntimeError("the turn never settled")


def _move_turn_on(batch: GloryBatch, ctx: Ctx) -> bool:
    """One step of the turn's own flow; True if something changed."""
    state = batch.state
    phase = state.vars.get("phase")
    if phase == INVASION:
        from .invasion import flow_step

        return flow_step(batch, ctx)
    if phase != CONQUEST:
        return False
    act = state.vars.get("activation")
    if act:
        from .movement import movable

        if movable(ctx, state, act["space"], act["side"]):
            return False
        close_activation(batch)
        return True
    side = state.vars.get("active")
    if state.vars.get("pass_due"):
        setvar(batch, "pass_due", None)
        other = T.other(side)
        if can_act(state, other):
            setvar(batch, "active", other)
            note(batch, T.MOMENTUM_ALTERNATE, f"{T.MOMENTUM_ALTERNATE}: the initiative goes "
                 f"to the {T.NATION_NAMES.get(other, other)} player", side=other)
        return True
    if side and can_act(state, side):
        return False
    other = T.other(side) if side else T.FRENCH
    if can_act(state, other):
        setvar(batch, "active", other)
        note(batch, T.MOMENTUM_ALTERNATE, f"{T.MOMENTUM_ALTERNATE}: the "
             f"{T.NATION_NAMES.get(other, other)} player acts", side=other)
        return True
    end_turn(batch, ctx)
    return True


def end_turn(batch: GloryBatch, ctx: Ctx) -> None:
    """Momentum: Ending the turn: markers and uprisings off the map; the instant
    victories are checked; the next turn starts with an event."""
    from ...engine import Change
    from .control import end_of_turn_victory

    state = batch.state
    note(batch, T.MOMENTUM_END, f"{T.MOMENTUM_END}: turn {state.vars.get('turn', 0)} ends; "
         f"momentum and uprising markers come off the map",
         [Change.var("markers", {}), Change.var("uprisings", []), Change.var("ended", []),
          Change.var("hand", {T.FRENCH: 0, T.ALLIED: 0}), Change.var("tried", []),
          Change.var("supported", []), Change.var("activation", None),
          Change.var("pass_due", None), Change.var("active", None)])
    if end_of_turn_victory(batch, ctx):
        return
    start_conquest_turn(batch, ctx)


def start_conquest_turn(batch: GloryBatch, ctx: Ctx, *, first: bool = False) -> None:
    """Conquest: a turn is an event (not in the landing turn), then the momentum dice."""
    from ...engine import Change

    turn = int(batch.state.vars.get("turn", 0)) + 1
    note(batch, T.TURN, f"{T.TURN}: conquest turn {turn} begins",
         [Change.var("turn", turn), Change.var("phase", CONQUEST)])
    push(batch, {"kind": "momentum", "stage": "roll"})
    if not first:
        from .clock import roll_event

        roll_event(batch, ctx)


# -- what the free player may do ------------------------------------------------------------

def free_side(state: GameState) -> str | None:
    return state.vars.get("active")


def own_elements(ctx: Ctx, state: GameState, side: str) -> list:
    return [p for p in on_map(state) if p.side == side and ctx.kind(p) == "element"]


def voluntary_spaces(ctx: Ctx, state: GameState, side: str) -> list[str]:
    """Momentum: Alternate initiative: a space without one of the side's markers
    holding any of its non-commander elements."""
    spaces = sorted({p.space for p in own_elements(ctx, state, side)})
    return [s for s in spaces if markers_at(state, s, side) == 0
            and elements(ctx, state, s, side)]


def initial_vars() -> dict:
    return {"phase": SETUP, "turn": 0, "hand": {T.FRENCH: 0, T.ALLIED: 0}, "markers": {},
            "ended": [], "uprisings": [], "tried": [], "supported": [], "pending": [],
            "vp": {T.FRENCH: 0, T.ALLIED: T.ALLIED_START_VP}, "control": {},
            "event_dice": 1, "tiles": [], "done_events": [], "sieges": {}, "flags": {}}


def flag(state: GameState, name: str, default=False):
    return state.vars.get("flags", {}).get(name, default)


def set_flag(batch: Batch, name: str, value) -> None:
    flags = var_copy(batch.state, "flags", {})
    flags[name] = value
    setvar(batch, "flags", flags)
