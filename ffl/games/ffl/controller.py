"""FFLController: the French Foreign Legion rules (2-9 and the optional rules
10-18) as a RuleController.  Thin: every action kind is handed to one
``rules/*.py`` module (the optional rules' through :data:`OPTIONAL_KINDS`).

The phases of the sequence of play are declared in :data:`PHASES`; the undo
rule (back to the start of the phase, rolls final unless both players allow
undoing them) is :meth:`FFLController.undo_barrier`.  The queries for the UI
(:meth:`reachable`, :meth:`plan`, :meth:`targets`, :meth:`melee_modifiers`,
:meth:`position`, :meth:`doors`, :meth:`siege_map`...) are in
:mod:`.queries` (see docs/architecture.md, "FFL queries"); what each side may
see (:meth:`view`, :meth:`secrets`, :meth:`pieces_of`...) in :mod:`.hidden_info`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ffl.engine import (
    Action,
    BaseController,
    Event,
    GameState,
    IllegalAction,
    Outcome,
    Phase,
    Prompt,
    Scenario,
    UndoBarrier,
    Verdict,
)

from .hidden_info import FFLHiddenInfo
from .queries import FFLQueries
from .rules import (
    attitudes,
    cafard,
    doors,
    fire,
    mounted,
    movement,
    ropes,
    scenarios,
    sequence,
    setup,
    siege,
    stun,
    tunnels,
    victory,
    weapons,
)
from .rules.context import Batch, Ctx, take_over
from .rules.context import invariants as check_invariants
from .rules.hidden import mark
from .terrain import Fort

FIRE_KINDS = fire.FIRE_KINDS
IMPACT_KIND = "impact-move"
#: action kind -> (optional rule, rules module) of the optional rules' actions
OPTIONAL_KINDS = {"attitude": ("attitudes", attitudes), "door": ("doors", doors),
                  "set-door": ("doors", doors), "mount": ("mounted", mounted),
                  "unmount": ("mounted", mounted), "dismount": ("mounted", mounted),
                  **{k: ("heavy_weapons", weapons) for k in weapons.KINDS},
                  **{k: ("cafard", cafard) for k in cafard.KINDS},
                  **{k: ("siege", siege) for k in siege.KINDS},
                  **{k: ("siege", tunnels) for k in tunnels.KINDS}}
#: the action a pending choice waits for: 6.5224 / 18.3 a unit moved aside,
#: 15.142 the breach, 15.223 the tunnel kept
PENDING_KINDS = {"impact-move": IMPACT_KIND, "breach": "breach", "keep-tunnel": "keep-tunnel"}
OPTIONAL_MOVEMENT_KINDS = ("attitude", "door", "dismount", "haul", "turn-weapon", "cafard",
                           "drop-dynamite", "carry-dynamite", "light", "reveal-tunnel")
#: 17.322 what a mad unit may not do instead of its compulsory move
MAD_BARRED = ("carry", "drop", "grapple", "attitude", "door", "haul", "turn-weapon", "exit",
              "drop-dynamite", "carry-dynamite", "light")
OPTIONAL_SETUP_KINDS = ("set-door", "place-weapon", "mount", "unmount", "assign-dynamite",
                        "plot-tunnel", "clear-tunnels")
OPTIONAL_FIRE_KINDS = ("weapon-fire", "cafard", "fire-dynamite")

#: 2, 3: the phases of the Basic Game's sequence of play
PHASES = (
    Phase("cafard", "Le Cafard", "17.31", "the Bedouin player, in secret",
          ("choose-side", "cafard-pick")),
    Phase("setup-legion", "Legion set-up", "2.31",
          "the Legion player (first, the high roller chooses his side, 2.1)",
          ("choose-side", "place", "leave-out", "set-door", "place-weapon", "end-setup",
           "patrol")),
    Phase("setup-bedouin", "Bedouin preparation", "2.32", "the Bedouin player",
          ("assign-rope", "mount", "unmount", "assign-dynamite", "plot-tunnel", "clear-tunnels",
           "keep-tunnel", "end-setup", "place", "leave-out-tribe", "mutineer", "assign-chit")),
    Phase("movement", "Movement", "3.2", "the player of the organization drawn",
          ("draw", *movement.UNIT_KINDS, *ropes.ROPE_KINDS, IMPACT_KIND, "end-phase",
           *OPTIONAL_MOVEMENT_KINDS)),
    Phase("fire", "Fire", "3.4", "the player of the organization drawn",
          ("draw", *FIRE_KINDS, "end-phase", *OPTIONAL_FIRE_KINDS, "breach")),
    Phase("negotiation", "Negotiation", "23.3", "each player in turn (Treachery only)",
          ("declare", "end-negotiation")),
    Phase("stun-removal", "Stun removal", "3.5", "nobody: one Stun unit comes off each unit"),
    Phase("over", "Game over", "9"),
)
#: event kinds that close a phase: undo reaches back no further than the phase's start
PHASE_ENDS = frozenset({"end-phase", "mix", "turn", "end-setup", "victory", "game-over"})
PHASE_BARRIER = UndoBarrier("phase", "Undo reaches back only to the start of the current "
                                     "phase.")


class FFLController(FFLHiddenInfo, FFLQueries, BaseController):
    game_id = "ffl"
    phases = PHASES

    def __init__(self, module) -> None:
        super().__init__(module)
        self._forts: dict[int, Fort] = {}
        #: scenario id -> the data its rules read (``gamedata.GameData``: movement
        #: tables, set-up limits, organization names), checked when the scenario is
        #: set up, so malformed data fails at once with a ValueError naming the
        #: scenario and key, not deep in play
        self._data: dict[str, Any] = {}
        #: the last listing of legal actions: (the state object, its
        #: ``GameState.applied`` then, the actions, the context), for :meth:`apply`
        self._listed: tuple[GameState, int, tuple[Action, ...], Ctx] | None = None
        #: the events the last :meth:`apply` returned and the batch's state after
        #: them, for :meth:`state_after`
        self._after: tuple[list[Event], GameState] | None = None
        #: the last :meth:`_resolve`'s scratch state, its ``GameState.applied``
        #: then and the batch's context: a context of that very state, unchanged
        #: since, takes over the piece lookups the batch kept up to date
        #: (``context.take_over``) instead of building them again
        self._handoff: tuple[GameState, int, Ctx] | None = None

    # -- context ------------------------------------------------------------------------

    def ctx(self, state: GameState) -> Ctx:
        board = self.board(state)
        fort = self._forts.get(id(board))
        if fort is None:
            fort = self._forts[id(board)] = Fort(board)
        if "siege" in (state.vars.get("options") or ()):
            from .rules.overlay import fort_for, siege_changes

            changes = siege_changes(state)
            if any(changes.values()):
                fort = fort_for(board, **changes)      # 15 the fort as the siege left it
        data = self._data.get(state.scenario)
        if data is None:
            data = self._data[state.scenario] = self._scenario_data(state.scenario)
        if data.scenario.get("board"):          # 20.2 gates fixed open, rule 10 or not
            fort = scenarios.scenario_fort(data.scenario, state, board, fort)
        ctx = Ctx(state, board, fort, self.module.piece_types, data)
        handoff = self._handoff
        if handoff is not None and handoff[0] is state and handoff[1] == state.applied:
            take_over(ctx, handoff[2])
        return ctx

    # -- protocol -------------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        self._data[scenario.id] = self._scenario_data(scenario.id)   # checked now
        return setup.initial_state(self.game_id, scenario, {**scenario.options, **options}, seed,
                                   self.module.attrs.get("optional_pieces") or ())

    def opening(self, state: GameState) -> list[Event]:
        """2.1 the side selection roll, the first step of every game's log; the
        high roller then chooses a side (``choose-side``, the first action); 23
        Treachery rolls for three (``scenarios.opening``)."""
        return scenarios.opening(self.ctx(state)) or setup.side_roll(state)

    def prompt(self, state: GameState) -> Prompt:
        """Who acts and what is open (19-23: as the scenario adjusts it; see
        :meth:`_prompt`)."""
        return scenarios.prompt(self.ctx(state), self._prompt(state))

    def scenario_choices(self, state: GameState, side: str) -> list[tuple[str, Action]]:
        """19-23 the scenario's own decisions open to ``side`` now (leaving a tribe
        out, choosing the patrol, marking mutineers), each with a label."""
        return scenarios.choices(self.ctx(state), side)

    def _prompt(self, state: GameState) -> Prompt:
        """Who acts and what is open.  ``info`` always holds ``turn``, ``side``
        (the side whose turn it is), ``org`` and ``org_name`` (the organization
        drawn, or None) and ``cup`` (Sequence units left to draw); ``pending``
        during an impact move (6.5224), ``mover`` while a unit is moving, and in
        the set-up (2.31) ``placed``, ``to_place``, ``leave_out`` (org -> how
        many) and ``where`` (the squares allowed, in words)."""
        ctx = self.ctx(state)
        phase, side = ctx.phase, ctx.var("active") or ""
        info = {"turn": ctx.turn, "side": side, "org": ctx.chit,
                "org_name": ctx.org_name(ctx.chit) if ctx.chit else None,
                "cup": len(ctx.var("cup") or [])}
        pending = ctx.var("pending")
        if pending:
            kind = PENDING_KINDS.get(pending.get("kind"), IMPACT_KIND)
            if kind == "breach":
                text = f"15.142 Choose the wall of {pending['square']} to breach, or none"
            elif kind == "keep-tunnel":
                text = "15.223 The Bedouin settle their tunnels in secret"
            else:
                rule = "18.3" if pending.get("rule") == "18.3" else "6.5224"
                text = f"{rule} Move {ctx.name(pending['piece'])} into an open adjacent square"
            return Prompt(pending["side"], phase, text, (kind,), {**info, "pending": pending})
        if phase == "over":        # 9 nobody acts any more (not the side active last)
            return Prompt("", phase, ctx.var("result", {}).get("text", "Game over"), (),
                          {**info, "side": "", "side_name": None})
        if phase == "cafard":
            kinds = (("choose-side",) if setup.choosing(ctx) else ()) + ("cafard-pick",)
            return Prompt("bedouin", phase, "17.31 The Bedouin player notes in secret which "
                          "of three rolls counts for Le Cafard", kinds, info)
        if phase.startswith("setup"):
            kinds = ("place", "leave-out", "end-setup") if side == "legion" else (
                "assign-rope", "end-setup")
            kinds += tuple(k for k in OPTIONAL_SETUP_KINDS
                           if k in self.phase(phase).kinds and ctx.option(OPTIONAL_KINDS[k][0]))
            high = setup.choosing(ctx)
            if high:          # 2.1 the high roller has not chosen his side yet
                kinds = ("choose-side", *kinds)
                info = {**info, "chooser": high, "rolls": ctx.var("side_roll")["rolls"]}
            rule = "2.31" if side == "legion" else "2.32"
            rules = ctx.data.setup          # 2.31 from the scenario's set-up data
            placed = sum(1 for p in ctx.characters("legion") if p.status == "active")
            info = {**info, "placed": placed, "to_place": rules.place,
                    "leave_out": {org: rules.leave_out_count for org in rules.leave_out_orgs},
                    "where": rules.where_text()}
            text = f"{rule} Set up the {side.capitalize()}"
            if high:
                text = f"2.1 {high.capitalize()} rolled high: choose a side; then {text}"
            return Prompt(side, phase, text, kinds, info)
        if not ctx.chit:
            return Prompt(side, phase, f"Turn {ctx.turn}: draw a Sequence unit ({phase})",
                          ("draw",), info)
        what = "move" if phase == "movement" else "fire"
        kinds = (movement.UNIT_KINDS + ropes.ROPE_KINDS if phase == "movement"
                 else FIRE_KINDS) + ("end-phase",)
        extra = OPTIONAL_MOVEMENT_KINDS if phase == "movement" else OPTIONAL_FIRE_KINDS
        kinds += tuple(k for k in extra if ctx.option(OPTIONAL_KINDS[k][0]))
        return Prompt(side, phase, f"Turn {ctx.turn}: {ctx.org_name(ctx.chit)} {what}", kinds,
                      {**info, "mover": ctx.mover})

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """:meth:`legal`, then :meth:`resolve`, on one context of ``state``.  An
        action :meth:`legal_actions` has just listed for this very state (the
        same object, no change applied to it since: ``GameState.applied``) is
        legal already and not checked again; any other action is checked in
        full, and a refusal names its rule.  The context is the listing's own
        then (with the lookups it made, which hold for the state unchanged)."""
        listed = self._listed
        if listed is None or listed[0] is not state or listed[1] != state.applied:
            listed = None
        ctx = listed[3] if listed is not None else self.ctx(state)
        if listed is None or id(action) not in map(id, listed[2]):    # the very object
            verdict = self._legal(ctx, action)
            if not verdict:
                raise IllegalAction(verdict.reason, verdict.rule)
        return self._resolve(ctx, action)

    def legal(self, state: GameState, action: Action) -> Verdict:
        return self._legal(self.ctx(state), action)

    def _legal(self, ctx: Ctx, action: Action) -> Verdict:
        state = ctx.state
        if ctx.phase == "over":
            return Verdict.no("the game is over", "9")
        kind = action.kind
        pending = ctx.var("pending")
        if pending and kind != PENDING_KINDS.get(pending.get("kind"), IMPACT_KIND):
            rule = pending.get("rule", "6.5224")
            return Verdict.no("a pending choice must be made first", rule)
        if ctx.option("cafard") and kind in MAD_BARRED and cafard.mad(ctx, action.get("piece")
                                                                       or ""):
            return Verdict.no("the mad unit must move to melee the nearest unit it hates",
                              "17.322")
        special = scenarios.legal(ctx, action)        # 19-23 the scenario's own rules
        if special is not None:
            return special
        if kind in OPTIONAL_KINDS:
            return OPTIONAL_KINDS[kind][1].legal(ctx, action)
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
        return self._resolve(self.ctx(state), action)

    def _resolve(self, ctx: Ctx, action: Action) -> list[Event]:
        batch = Batch(ctx)
        kind = action.kind
        if scenarios.resolve(batch, action):          # 19-23 the scenario's own actions
            pass
        elif kind in OPTIONAL_KINDS:
            OPTIONAL_KINDS[kind][1].resolve(batch, action)
        elif kind in setup.SETUP_KINDS:
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
        scenarios.after(batch, action)
        victory.check(batch)
        events = mark(ctx, batch.events, batch.ctx)   # secret events labelled (rules/hidden.py)
        self._after = None if Batch.check_stale else (events, batch.state)
        self._handoff = None if Batch.check_stale else (batch.state, batch.state.applied,
                                                        batch.ctx)
        return events

    def state_after(self, events: list[Event]) -> GameState | None:
        """The state after ``events``, the very list the last :meth:`apply` (or
        :meth:`resolve`) returned: the batch's scratch state, which shares with
        the state given what the events left alone and is changed by nobody
        after (``GameLog.append``'s ``after``: the log takes it instead of
        applying the events again).  Asked once; None for any other list."""
        after, self._after = self._after, None
        if after is None or after[0] is not events:
            return None
        return after[1]

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        """The finite list of legal actions (19-23: as the scenario adjusts it)."""
        stamp = state.applied             # read first: a change during the listing shows
        ctx = self.ctx(state)
        out = self._legal_actions(ctx)
        out = scenarios.actions(ctx, list(out)) if ctx.phase != "over" else out
        self._listed = (state, stamp, tuple(out), ctx)     # apply checks these no more
        return out

    def _legal_actions(self, ctx: Ctx) -> Sequence[Action]:
        state = ctx.state
        phase = ctx.phase
        if phase == "over":
            return []
        pending = ctx.var("pending")
        if pending:
            if pending.get("kind") == "breach":
                return siege.pending_actions(ctx)
            if pending.get("kind") == "keep-tunnel":
                return tunnels.pending_actions(ctx)
            return [Action.make(IMPACT_KIND, pending["side"], piece=pending["piece"], to=k,
                                level=lv) for k, lv in stun.impact_moves(ctx, pending["piece"])]
        if phase == "cafard":
            return setup.actions(ctx) + cafard.actions(ctx)
        if phase.startswith("setup"):
            return (setup.actions(ctx) + doors.setup_actions(ctx) + mounted.actions(ctx)
                    + weapons.actions(ctx) + siege.setup_actions(ctx)
                    + tunnels.setup_actions(ctx))
        out: list[Action] = []
        optional = ctx.state.vars.get("options")
        if ctx.chit and optional:
            out += cafard.actions(ctx)
        if phase == "movement" and ctx.chit:
            out += mounted.actions(ctx)
            madness = bool(optional) and ctx.option("cafard")
            pieces = ctx.state.pieces
            carriers, spots = ropes.rope_index(ctx)     # ropes.actions' first test
            for pid in movement.movable_pieces(ctx):
                out += movement.unit_actions(ctx, pid, checked=True)
                if madness and cafard.mad(ctx, pid):
                    continue                # 17.322 only its compulsory move
                if pid in carriers or pieces[pid].position in spots:
                    out += ropes.actions(ctx, pid, checked=True)
                if optional:
                    out += attitudes.actions(ctx, pid) + doors.unit_actions(ctx, pid)
                    out += weapons.unit_actions(ctx, pid) + siege.unit_actions(ctx, pid)
            out += tunnels.unit_actions(ctx)
        elif phase == "fire" and ctx.chit:
            out += fire.fire_actions(state, ctx) + weapons.actions(ctx)
            if ctx.option("siege"):
                from .rules.siege_fire import fire_actions

                out += fire_actions(ctx)
        out += sequence.actions(ctx)
        return out

    def outcome(self, state: GameState) -> Outcome | None:
        return victory.result(state.vars)         # 9 read from the variables: no context

    def invariants(self, state: GameState) -> list[str]:
        return check_invariants(self.ctx(state))

    def force(self, state: GameState, action: Action) -> list[Event]:
        """Advise mode: a step the rules refuse is still taken (straight to the
        square if no legal step leads there, spending at most the MF left); any
        other action is resolved as far as the rules allow."""
        if action.kind in movement.STEP_KINDS and action.get("piece") in state.pieces \
                and action.get("to") in self.board(state):
            batch = Batch(self.ctx(state))
            movement.resolve(batch, action, forced=True)
            victory.check(batch)
            return batch.events
        return super().force(state, action)

    def undo_barrier(self, state: GameState, events: Sequence[Event],
                     undo_rolls: bool) -> UndoBarrier | None:
        """The program's undo rule for two players at one table (the rulebook has
        none): undo reaches back to the start of the current phase, never
        further (a phase ends with end-phase, the mixing of the cup, a new turn,
        the end of a set-up or of the game); a step that rolled a die is final
        unless both players allow undoing rolls."""
        if not PHASE_ENDS.isdisjoint([e.kind for e in events]) \
                or state.vars.get("phase") == "over":
            return PHASE_BARRIER
        return super().undo_barrier(state, events, undo_rolls)

    def notices(self, events: Sequence[Event]) -> list[str]:
        """For the status line: 8 (3.5) the stun removals at the end of a turn that
        take a stun off (not "nobody is stunned", which hid the new turn's prompt),
        and 22.2 the patrol's news (its return roll, arrival and edge)."""
        return [e.text for e in events if (e.rule.split(".")[0] == "8" and e.changes)
                or (e.rule == "22.2" and e.kind != "dice")]

    def _scenario_data(self, scenario_id: str):
        """The checked data the rules read for one scenario (``gamedata.GameData``)."""
        from .gamedata import game_data

        return game_data(self.module, self.module.scenarios[scenario_id])

    # -- meaning checks of a file (``module_checks``) -------------------------------------

    def check_module(self, module) -> list[str]:
        """What keeps the rules from playing ``module`` (asked when a file opens)."""
        from .module_checks import check_module

        return check_module(module)

    def check_state(self, state: GameState) -> list[str]:
        """What in a reopened game's ``state`` the rules cannot play on from."""
        from .module_checks import check_state

        return check_state(state, (p.id for p in self.phases), self.module)
