"""GloryController: Limits of Glory: Bonaparte's Eastern Empire (no Qt, no database).

Thin: a pending question (a task on ``vars["pending"]``, see :mod:`.tasks`) is
answered by the handler of its kind; otherwise the player holding the
initiative acts (:mod:`.options`).  After every action :func:`.flow.advance`
settles what needs no answer and moves the turn on.  Rules modules:
:mod:`.invasion`, :mod:`.landing`, :mod:`.movement`, :mod:`.combat`,
:mod:`.breakoff`, :mod:`.siege`, :mod:`.local` (Bedouin, uprisings),
:mod:`.clock` and :mod:`.events`, :mod:`.momentum`, :mod:`.returns`,
:mod:`.control` (control, VPs, victory), :mod:`.mechanism` (the dice), with
:mod:`.model` and :mod:`.strength` reading the state.

Queries for the UI and the program's opponent: :meth:`ctx`, :meth:`task`,
:meth:`strength`, :meth:`combat_view`, :meth:`holder`, :meth:`legal_moves`,
:meth:`movers`, :meth:`real_fleet`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Action,
    BaseController,
    Event,
    GameState,
    IllegalAction,
    Module,
    Outcome,
    Phase,
    Prompt,
    Scenario,
    UndoBarrier,
    Verdict,
)
from ...engine.pieces import Piece
from . import (
    handlers,  # noqa: F401  (registers the task handlers)
    hidden,
    options,
)
from . import tables as T
from .answered import answered
from .checks import broken
from .control import outcome as game_outcome
from .flow import OVER, advance, initial_vars
from .model import Ctx
from .tasks import HANDLERS, GloryBatch, top

__all__ = ["PHASES", "GloryController"]

TEST_KINDS = ("reroll", "force")
PHASES = (
    Phase("setup", "Set-up", T.SETUP, "each player", ("place-bedouin", "choose-fleet")),
    Phase("invasion", "Invasion", T.INV_MOVE, "the player whose part of the turn it is",
          options.INVASION_KINDS),
    Phase("intercept", "Interception", T.INV_ATTEMPT, "the Allied player", ("intercept",)),
    Phase("landing", "Disembarkation", T.LAND_TABLE, "the French player",
          ("land", "governor")),
    Phase("momentum", "Momentum dice", T.MOMENTUM_DICE, "each player", ("reroll",)),
    Phase("conquest", "Conquest", T.TURN, "the player holding the initiative",
          options.CONQUEST_KINDS),
    Phase("test", "Dice", T.MECH_SUCCESS, "the roller, then the opponent", TEST_KINDS),
    Phase("combat", "Combat", T.COMBAT_HOW, "attacker and defender",
          ("retire", "lead", "reroll", "force", "losses", "draw-choice")),
    Phase("break-off", "Break off", T.COMBAT_BREAK_OFF, "the losing player", ("break-off",)),
    Phase("event", "Event", T.CLOCK, "the player the event names",
          ("place", "remove", "revolt", "relocate")),
    Phase("over", "Game over", T.VICTORY_PARTIAL),
)
SECRET_BARRIER = UndoBarrier("secret", "The French chose the real fleet in secret: undo stops "
                             "here so the choice cannot be changed once seen.", T.INV_REAL)


class GloryController(BaseController):
    game_id = "limits_of_glory"
    phases = PHASES

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self._ctx: dict[str, Ctx] = {}
        #: the events the last :meth:`resolve` returned and its batch's state after
        #: them (:meth:`state_after`)
        self._after: tuple[list[Event], GameState] | None = None

    def ctx(self, state: GameState) -> Ctx:
        """The game's facts for the board ``state`` is played on (cached)."""
        board = self.board(state)
        if board.name not in self._ctx:
            self._ctx[board.name] = Ctx(self.module, board)
        return self._ctx[board.name]

    # -- set-up -----------------------------------------------------------------------------

    def setup(self, scenario: Scenario, options_: Mapping[str, Any], seed: int) -> GameState:
        pieces = {}
        for pl in scenario.placements:
            pieces[pl.piece] = Piece(pl.piece, pl.type, pl.side, pl.space, pl.level, pl.facing,
                                     pl.status, {}, dict(pl.data))
        state = GameState(self.game_id, scenario.id, seed, pieces, initial_vars())
        state.vars["options"] = dict(options_)
        return state

    def opening(self, state: GameState) -> list[Event]:
        """Set Up: the glory of the commanders on the map, Brueys' and Nelson's; the
        Bedouin dice; then the French choose the real fleet."""
        from .glory import roll_glory
        from .invasion import setup_glory
        from .local import roll_bedouin
        from .tasks import push

        batch = GloryBatch(state)
        ctx = self.ctx(state)
        for cid in sorted(c for c, p in state.pieces.items()
                          if p.status == "active" and ctx.kind(p) == "commander"
                          and c != "nelson"):
            roll_glory(batch, ctx, cid, rule=T.SETUP_GLORY)
        setup_glory(batch, ctx)
        push(batch, {"kind": "choose-fleet"})
        roll_bedouin(batch, ctx)
        from .control import update

        update(batch, ctx)
        advance(batch, ctx)
        return batch.finish(T.SETUP, "set up")

    # -- what is asked --------------------------------------------------------------------------

    def task(self, state: GameState) -> dict | None:
        """The pending question, if any (a copy of the task dict)."""
        t = top(state)
        return dict(t) if t else None

    def prompt(self, state: GameState) -> Prompt:
        ctx = self.ctx(state)
        if state.vars.get("phase") == OVER:
            r = state.vars.get("result", {})
            return Prompt("", "over", r.get("text", "The game is over"), (),
                          self._info(state))
        t = top(state)
        if t is not None:
            side, phase, text, kinds = HANDLERS[t["kind"]].prompt(state, ctx, t)
        else:
            side, phase, text, kinds = options.prompt(state, ctx)
        return Prompt(side or "", phase, text, tuple(kinds), self._info(state))

    def _info(self, state: GameState) -> dict:
        v = state.vars
        return {"turn": v.get("turn", 0), "phase": v.get("phase"), "vp": v.get("vp", {}),
                "hand": v.get("hand", {}), "event_dice": v.get("event_dice", 1),
                "active": v.get("active")}

    def _no_concede(self, state: GameState) -> bool:
        return bool(state.vars.get("options", {}).get("no_concede"))

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        if state.vars.get("phase") == OVER:
            return []
        ctx = self.ctx(state)
        t = top(state)
        if t is not None:
            return HANDLERS[t["kind"]].options(state, ctx, t)
        return options.listed(state, ctx, concede=not self._no_concede(state))

    def legal(self, state: GameState, action: Action) -> Verdict:
        if state.vars.get("phase") == OVER:
            return Verdict.no("the game is over", T.VICTORY_PARTIAL)
        ctx = self.ctx(state)
        t = top(state)
        if t is not None:
            return HANDLERS[t["kind"]].check(state, ctx, t, action)
        return options.check(state, ctx, action)

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        ctx = self.ctx(state)
        batch = GloryBatch(state)
        t = top(state)
        if t is not None:
            HANDLERS[t["kind"]].answer(batch, ctx, t, action)
        elif action.kind in options.kinds(state):
            options.answer(batch, ctx, action)
        else:
            raise IllegalAction(f"no action {action.kind!r} now", T.SETUP)
        if state.vars.get("phase") != OVER:
            from .aftermath import sweep

            if top(batch.state) is None:
                sweep(batch, ctx)
        advance(batch, ctx)
        rule = (t or {}).get("rule") or self.phase(self.prompt(state).phase).rule or T.SETUP
        # an answer that logged nothing gets a line of its own, in plain words
        said = "" if batch.events else f"{rule}: {answered(ctx, state, t, action)}"
        events = batch.finish(rule, said)
        self._after = None if GloryBatch.check_stale else (events, batch.state)
        return events

    def state_after(self, events: list[Event]) -> GameState | None:
        """The state after ``events``, the very list the last :meth:`resolve`
        returned: its batch's scratch state (every change, the quiet bookkeeping
        too, is carried by the events, so ``fold(state, events)`` equals it), which
        nobody changes afterwards.  The log takes it as its state instead of
        applying the events to the state it had, so the state an action was played
        from stays as it was (the program's runner reads it after the move).  Asked
        once; None for any other list."""
        after, self._after = self._after, None
        if after is None or after[0] is not events:
            return None
        return after[1]

    def force(self, state: GameState, action: Action) -> list[Event]:
        """The advise mode: only what the rules can carry out is done."""
        try:
            return self.resolve(state, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration) as exc:
            raise IllegalAction(f"this cannot be carried out, even against the rules "
                                f"({type(exc).__name__})", "") from exc

    def undo_barrier(self, state: GameState, events: Sequence[Event],
                     undo_rolls: bool) -> UndoBarrier | None:
        if any(e.rule == T.INV_REAL for e in events):
            return SECRET_BARRIER
        return super().undo_barrier(state, events, undo_rolls)

    # -- views, outcome, invariants ---------------------------------------------------------------

    def view(self, state: GameState, side: str) -> GameState:
        return hidden.view(state, side)

    def secrets(self, state: GameState, side: str) -> list[str]:
        return hidden.secrets(state, side)

    def outcome(self, state: GameState) -> Outcome | None:
        return game_outcome(state)

    def invariants(self, state: GameState) -> list[str]:
        return broken(self.ctx(state), state)

    def check_module(self, module: Module) -> list[str]:
        """What an edited module cannot be played with: space values outside 1-4,
        BUA banners that are not whole numbers, unknown harbours, missing tables."""
        out = []
        for board in module.boards.values():
            for key, space in board.spaces.items():
                value = space.get("value")
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 4:
                    out.append(f"space {key}: the value must be a whole number from 1 to 4")
                if space.kind not in ("sea", "land"):
                    out.append(f"space {key}: its kind must be sea or land")
                bua = space.get("bua")
                if bua is not None and (not isinstance(bua, dict) or not all(
                        isinstance(v, int) for v in bua.get("vp", {}).values())):
                    out.append(f"space {key}: a BUA needs a name and whole-number VPs")
                if space.get("harbour") not in (None, "french", "allied"):
                    out.append(f"space {key}: a safe harbour is french or allied")
        tables = module.attrs.get("tables", {})
        for name in ("combat", "combat_columns"):
            if name not in tables:
                out.append(f"the module has no {name} table")
        return out

    # -- queries for the UI and the opponent --------------------------------------------------

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """The pieces ``action`` acts with (the contract's query): those a move
        takes along (the elements of the kinds and numbers it names, as the move
        picks them, its commanders and the juniors who go with them), the
        commander who leads or governs; none for an activation, a choice or the
        real fleet's selection (the French player's secret)."""
        from .movement import _group

        kind, ids, ctx = action.kind, [], self.ctx(state)
        if kind == "move" and action.get("space") in ctx.neighbours:
            group, _why = _group(ctx, state, action)
            if group is not None:
                ids = [p.id for p in group[0]] + list(group[1])
        elif kind in ("lead", "governor"):
            ids = [action.get("commander")]
        return list(dict.fromkeys(i for i in ids if isinstance(i, str) and i in state.pieces))

    def holder(self, state: GameState, space: str) -> str:
        """How to Win: who holds the BUA of ``space`` (a nationality)."""
        from .control import holder

        return holder(self.ctx(state), state, space)

    def movers(self, state: GameState, space: str, side: str) -> list[str]:
        """Pieces of ``side`` an activation of ``space`` would let move."""
        from .movement import mobile

        return [p.id for p in mobile(self.ctx(state), state, space, side)]

    def legal_moves(self, state: GameState, space: str, side: str) -> list[Action]:
        """A few ready-made moves out of the activated ``space`` (every neighbour)."""
        return options.move_options(state, self.ctx(state), space, side)

    def strength(self, state: GameState, space: str, side: str) -> int:
        """Combat strength of ``side``'s elements in the open in ``space``."""
        from .strength import FIELD, strength

        task = {"mode": FIELD, "space": space, "att": side, "def": T.other(side)}
        return strength(self.ctx(state), state, task, side)

    def combat_view(self, state: GameState) -> dict | None:
        """The combat being fought: strengths, rows, columns, dice, hits (for a panel)."""
        from .strength import column

        t = top(state)
        stack = state.vars.get("pending", [])
        combat = next((x for x in reversed(stack) if x.get("kind") == "combat"), None)
        if combat is None:
            return None
        out = dict(combat)
        info = combat.get("info", {})
        out["columns"] = {s: column(self.ctx(state), i["strength"]) for s, i in info.items()}
        out["asking"] = t.get("kind") if t else None
        return out

    def real_fleet(self, state: GameState) -> str | None:
        """The real fleet marker, if ``state`` shows it (a French view)."""
        from .invasion import REAL

        return state.vars.get(REAL)

    def program_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """``options`` as the computer-opponent contract reads them
        (:func:`ffl.opponents.opponents_for`): games saved before Limits of Glory
        joined the contract kept "allied_player": "program" for the Allied side
        played by the program, which reads as the Allies at the normal level (the
        same play).  The session's options and the state are left as saved, so
        the file replays to the position it holds."""
        key = "program"     # ffl.opponents.PROGRAM_KEY (a game imports no service)
        if options.get("allied_player") == "program" and not options.get(key):
            return {**options, key: {T.ALLIED: "normal"}}
        return options
