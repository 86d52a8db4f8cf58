"""FFLController: the French Foreign Legion Basic Game rules (2-9) as a
RuleController.  Thin: every action kind is handed to one ``rules/*.py`` module.

Queries for the UI: :meth:`reachable`, :meth:`mf_left`, :meth:`movable_pieces`
(see docs/architecture.md, "FFL queries").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ffl.engine import Action, BaseController, Event, GameState, Outcome, Prompt, Scenario, Verdict

from .rules import fire, movement, ropes, sequence, setup, stun, victory
from .rules.context import ORG_NAMES, Batch, Ctx
from .rules.context import invariants as check_invariants
from .terrain import Fort

FIRE_KINDS = fire.FIRE_KINDS
IMPACT_KIND = "impact-move"


class FFLController(BaseController):
    game_id = "ffl"

    def __init__(self, module) -> None:
        super().__init__(module)
        self._forts: dict[int, Fort] = {}
        #: the fire rules (7), for the UI's target queries
        self.fire = fire

    # -- context ------------------------------------------------------------------------

    def ctx(self, state: GameState) -> Ctx:
        board = self.board(state)
        fort = self._forts.get(id(board))
        if fort is None:
            fort = self._forts[id(board)] = Fort(board)
        return Ctx(state, board, fort, self.module.piece_types)

    # -- protocol -------------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        return setup.initial_state(self.game_id, scenario, {**scenario.options, **options}, seed)

    def opening(self, state: GameState) -> list[Event]:
        """2.1 the side selection roll, the first step of every game's log."""
        return setup.side_roll(state)

    def prompt(self, state: GameState) -> Prompt:
        ctx = self.ctx(state)
        phase, side = ctx.phase, ctx.var("active") or ""
        pending = ctx.var("pending")
        if pending:
            text = f"6.5224 Move {ctx.name(pending['piece'])} into an open adjacent square"
            return Prompt(pending["side"], phase, text, (IMPACT_KIND,), {"pending": pending})
        if phase == "over":
            return Prompt("", phase, ctx.var("result", {}).get("text", "Game over"))
        if phase.startswith("setup"):
            kinds = ("place", "leave-out", "end-setup") if side == "legion" else (
                "assign-rope", "end-setup")
            rule = "2.31" if side == "legion" else "2.32"
            return Prompt(side, phase, f"{rule} Set up the {side.capitalize()}", kinds)
        if not ctx.chit:
            return Prompt(side, phase, f"Turn {ctx.turn}: draw a Sequence unit ({phase})",
                          ("draw",), {"cup": len(ctx.var("cup", []))})
        what = "move" if phase == "movement" else "fire"
        kinds = (movement.UNIT_KINDS + ropes.ROPE_KINDS if phase == "movement"
                 else FIRE_KINDS) + ("end-phase",)
        return Prompt(side, phase, f"Turn {ctx.turn}: {ORG_NAMES[ctx.chit]} {what}", kinds,
                      {"org": ctx.chit, "mover": ctx.mover})

    def legal(self, state: GameState, action: Action) -> Verdict:
        ctx = self.ctx(state)
        if ctx.phase == "over":
            return Verdict.no("the game is over", "9")
        kind = action.kind
        pending = ctx.var("pending")
        if pending and kind != IMPACT_KIND:
            return Verdict.no("an impact move must be made first", "6.5224")
        if kind in setup.SETUP_KINDS:
            return setup.legal(ctx, action)
        if kind in sequence.SEQUENCE_KINDS:
            return sequence.legal(ctx, action)
        if kind in movement.UNIT_KINDS:
            return movement.legal(ctx, action)
        if kind in ropes.ROPE_KINDS:
            return ropes.legal(ctx, action)
        if kind == IMPACT_KIND:
            return self._impact_legal(ctx, action)
        if kind in FIRE_KINDS:
            if ctx.phase != "fire" or not ctx.chit:
                return Verdict.no("units fire only in their organization's fire phase", "7.1")
            return fire.check_fire(state, ctx, action)
        return Verdict.no(f"unknown action {kind!r}", "3")

    def _impact_legal(self, ctx: Ctx, action: Action) -> Verdict:
        pending = ctx.var("pending")
        if not pending:
            return Verdict.no("no impact move is due", "6.5224")
        if action.side != pending["side"] or action.get("piece") != pending["piece"]:
            return Verdict.no("the jumping unit's player moves the unit named", "6.5224")
        if (action.get("to"), action.get("level")) not in stun.impact_moves(ctx, pending["piece"]):
            return Verdict.no("not an open adjacent square reachable by normal movement",
                              "6.5224")
        return Verdict.yes()

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        batch = Batch(self.ctx(state))
        kind = action.kind
        if kind in setup.SETUP_KINDS:
            setup.resolve(batch, action)
        elif kind in sequence.SEQUENCE_KINDS:
            sequence.resolve(batch, action)
        elif kind in movement.UNIT_KINDS:
            movement.resolve(batch, action)
        elif kind in ropes.ROPE_KINDS:
            ropes.resolve(batch, action)
        elif kind == IMPACT_KIND:
            stun.resolve_impact_move(batch, action["piece"], action["to"], action["level"])
        else:
            fire.resolve(batch, action)
        victory.check(batch)
        return batch.events

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        ctx = self.ctx(state)
        phase = ctx.phase
        if phase == "over":
            return []
        pending = ctx.var("pending")
        if pending:
            return [Action.make(IMPACT_KIND, pending["side"], piece=pending["piece"], to=k,
                                level=lv) for k, lv in stun.impact_moves(ctx, pending["piece"])]
        if phase.startswith("setup"):
            return setup.actions(ctx)
        out: list[Action] = []
        if phase == "movement" and ctx.chit:
            for pid in movement.movable_pieces(ctx):
                out += movement.unit_actions(ctx, pid)
                out += ropes.actions(ctx, pid)
        elif phase == "fire" and ctx.chit:
            out += fire.fire_actions(state, ctx)
        out += sequence.actions(ctx)
        return out

    def outcome(self, state: GameState) -> Outcome | None:
        return victory.outcome(self.ctx(state))

    def invariants(self, state: GameState) -> list[str]:
        return check_invariants(self.ctx(state))

    # -- queries for the UI ---------------------------------------------------------------

    def reachable(self, state: GameState, piece: str) -> dict:
        """Every (square, level) ``piece`` can end on now -> (MF cost, path)."""
        ctx = self.ctx(state)
        if piece not in movement.movable_pieces(ctx):
            return {}
        return movement.reachable(ctx, piece)

    def mf_left(self, state: GameState, piece: str) -> int:
        """Movement Factors ``piece`` has left in this movement phase (6.12)."""
        return movement.mf_left(self.ctx(state), piece)

    def movable_pieces(self, state: GameState) -> list[str]:
        """Characters that may still act in the current movement phase (4.5, 6.11)."""
        return movement.movable_pieces(self.ctx(state))

    def idle_units(self, state: GameState) -> list[str]:
        """Units of the drawn organization that could still act and have not: in a
        movement phase, not moved (6.15) and not the one moving now (6.11); in a
        fire phase, able to fire (7.1) and not yet fired (7.12).  The UI asks
        before an organization's phase is ended."""
        phase = state.vars.get("phase")
        if phase == "movement":
            return [p for p in self.movable_pieces(state)
                    if not state.pieces[p].data.get("moved") and p != state.vars.get("mover")]
        if phase == "fire":
            firers = {a.get("piece") for a in self.legal_actions(state) if a.kind == "fire"}
            return sorted(p for p in firers if p and not state.pieces[p].data.get("fired"))
        return []
