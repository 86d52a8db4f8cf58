"""LegendController: The Legend Begins standard rules (1.0 - 33.0) on the game contract.

Thin: every action kind is handed to one rules module (``rules/*.py``), each resolving
on an engine :class:`~ffl.engine.Batch` wrapped with the rules' context
(:class:`.rules.context.RBatch`).  Decisions a combat or a move leaves to a player
(losses, retreats, advances, demolition) are pending items (:mod:`.rules.pending`)
answered before anything else.

Queries for the UI (documented in docs/games/legend_begins-rules-coverage.md):
:meth:`reachable`, :meth:`odds`, :meth:`attackable`, :meth:`supply_state`,
:meth:`zoc`, :meth:`stack`, :meth:`display`, :meth:`chits`, :meth:`why_not`,
:meth:`hexmap`, :meth:`unit_values`, :meth:`reaction_reach`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ffl.engine import (
    Action,
    BaseController,
    Batch,
    Change,
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

from . import tables as T
from .rules import actions as A
from .rules import (
    air_hq,
    checks,
    fight,
    logistics,
    moves,
    org,
    pending,
    recovery,
    special,
    turn,
    victory,
    works,
)
from .rules import movement as M
from .rules.context import Ctx, RBatch, enemy
from .rules.hexmap import HexMap
from .rules.setup import initial_state

PENDING_KINDS = ("loss", "retreat", "advance", "stay", "eliminate", "demolish", "decline",
                 "release", *pending.ADVANCED_KINDS)
MOVE_KINDS = ("move", "assault", *logistics.KINDS, *works.KINDS, "attach", "detach", "marker",
              "support", "build-rail", "release", "raid", "evacuate", "airlift",
              "end-movement")
ORG_KINDS = ("attach", "detach", "marker", "transfer-steps", "combat-motorize", "purchase",
             "six-pounder", "end-organization")
PHASES = (
    # (40.11 an air unit lost with an Air HQ at the last segment's attrition, and 40.9 the
    # air units replaced in the Replacement Segment, are chosen here)
    Phase("recovery", "Recovery Segment", "29.3", "each player in turn",
          ("restore", "convert", "end-recovery", "air-lost", "air-replace", "decline")),
    Phase("organization", "Organization Segment", "6.2", "each player in turn",
          ORG_KINDS + ("air-lost", "air-replace", "decline")),
    Phase("movement", "Movement Phase", "4.0", "the player of the segment drawn",
          MOVE_KINDS + PENDING_KINDS),
    # (a decision left by the Movement Phase, 5.3's overstack, may still be open here)
    Phase("arrange", "Stack arrangement", "15.4", "the player whose segment it is not",
          ("support", "end-arrange") + PENDING_KINDS),
    Phase("combat", "Combat Phase", "9.0", "the player of the segment drawn",
          ("attack", "end-combat") + PENDING_KINDS),
    # (40.11 an Air HQ may come off the map in any phase of a friendly segment)
    Phase("supply", "Supply Phase", "19.0", "the player of the segment drawn",
          ("supply", "air-hq")),
    Phase("over", "Game over", "33.0"),
)
PHASE_TITLES = {p.id: p.title for p in PHASES}
#: event kinds that close undo behind them (a phase or segment ended)
CLOSERS = frozenset({"segment", "turn", "game-over"})
PHASE_BARRIER = UndoBarrier("phase", "Undo reaches back only to the start of the segment.")


class LegendController(BaseController):
    game_id = "legend_begins"
    phases = PHASES

    def __init__(self, module) -> None:
        super().__init__(module)
        self._maps: dict[int, HexMap] = {}

    # -- context ------------------------------------------------------------------------------

    def hexmap(self, state: GameState) -> HexMap:
        """The map as the rules read it (hexes, terrain, hexsides, places)."""
        board = self.board(state)
        hm = self._maps.get(id(board))
        if hm is None:
            hm = self._maps[id(board)] = HexMap.of(board, self.tables)
        return hm

    @property
    def tables(self) -> Mapping[str, Any]:
        return self.module.attrs.get("tables") or T.default_tables()

    def ctx(self, state: GameState) -> Ctx:
        """The rules' read-only context of ``state`` (made afresh: states change in place
        in the log, so nothing derived from one is kept)."""
        return self._fresh(state)

    def _fresh(self, state: GameState) -> Ctx:
        scenario = self.module.scenarios[state.scenario]
        return Ctx(state, self.hexmap(state), self.module.piece_types, self.tables,
                   scenario.setup)

    def batch(self, state: GameState) -> RBatch:
        return RBatch(Batch(state), self._fresh)

    # -- protocol -----------------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        board = self.module.board_for(scenario)
        hm = self._maps.get(id(board)) or HexMap.of(board, self.tables)
        self._maps[id(board)] = hm
        return initial_state(self.game_id, scenario, {**scenario.options, **options}, seed,
                             self.module.piece_types, hm)

    def opening(self, state: GameState) -> list[Event]:
        """3.1 the first turn's Initial Phase, up to the first decision."""
        rb = self.batch(state)
        turn.start_turn(rb, int(state.vars.get("turn", 0)))
        return rb.events

    def prompt(self, state: GameState) -> Prompt:
        ctx = self._fresh(state)
        info = {"turn": ctx.turn, "turn_name": ctx.turn_name(), "segment": ctx.seg,
                "rp": ctx.var("rp") or {}, "malta": ctx.var("malta", 0),
                "chits_left": list(ctx.var("cup") or [])}
        phase = ctx.phase
        if phase == "over":
            res = ctx.var("result") or {}
            return Prompt("", "over", res.get("text", "Game over"), (), info)
        item = pending.current(ctx)
        if item is not None:
            side = pending.actor(ctx, item)
            return Prompt(side, phase, pending.text(ctx, item), pending.kinds(item),
                          {**info, "pending": item})
        side = ctx.side
        who = self.side_name(side)
        if phase == "recovery":
            avail = (ctx.var("recovery") or {}).get(side) or {}
            return Prompt(side, phase, f"29.4 {who}: use the recovered steps "
                          f"({', '.join(f'{n} {k}' for k, n in avail.items() if n)})",
                          ("restore", "convert", "end-recovery"), {**info, "available": avail})
        if phase == "organization":
            return Prompt(side, phase, f"6.2 {who}: attach units to divisions, transfer "
                          "steps, then end the Organization Segment", ORG_KINDS, info)
        seg = ctx.seg
        name = f"{seg.get('type', '').capitalize()} Segment {seg.get('n', '')} of 7"
        hq = air_hq.prompt_kinds(ctx)               # 40.11 an Air HQ off the map
        if phase == "movement":
            return Prompt(side, phase, f"4.0 {who} {name}: move units, then end the "
                          "Movement Phase", MOVE_KINDS + hq, info)
        if phase == "arrange":
            return Prompt(side, phase, f"15.4 {who}: set Direct Support in your stacks "
                          "before the enemy attacks", ("support", "end-arrange"), info)
        if phase == "combat":
            return Prompt(side, phase, f"9.0 {who} {name}: attack, then end the Combat "
                          "Phase", ("attack", "end-combat") + hq, info)
        if phase == "supply":
            return Prompt(side, phase, f"19.0 {who} {name}: check General Supply",
                          ("supply",) + hq, info)
        return Prompt(side, phase or "movement", "", (), info)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        ctx = self._fresh(state)
        if ctx.phase == "over":
            return []
        listed = A.for_phase(ctx, lambda a: bool(self._legal(ctx, a)))
        return listed + air_hq.removals(ctx)        # 40.11 (empty inside a decision)

    def releases(self, state: GameState) -> list[Action]:
        """44.0 / 43.3 the releases legal now: the "release" actions of
        :meth:`legal_actions`, in its order, without listing the rest (its moves)."""
        ctx = self._fresh(state)
        if ctx.phase == "over":
            return []
        return A.releases(ctx, lambda a: bool(self._legal(ctx, a)))

    def legal(self, state: GameState, action: Action) -> Verdict:
        return self._legal(self._fresh(state), action)

    def _legal(self, ctx: Ctx, action: Action) -> Verdict:
        phase = ctx.phase
        if phase == "over":
            return Verdict.no("the game is over", "33.0")
        prompt_kinds = self._kinds(ctx)
        side = self._actor(ctx)
        if action.side != side:
            return Verdict.no(f"it is the {side} player's turn to act", "3.1")
        if action.kind not in prompt_kinds:
            return Verdict.no(f"{action.kind} is not possible now ({PHASE_TITLES.get(phase)})",
                              "3.2")
        item = pending.current(ctx)
        if item is not None:
            return pending.legal(ctx, item, action)
        k = action.kind
        if k in ("restore", "convert", "end-recovery"):
            return recovery.legal(ctx, action)
        if k in ("end-organization", "end-movement", "end-arrange", "supply"):
            return Verdict.yes()
        if k == "end-combat":
            return fight.legal_end(ctx, action.side)
        if k == "attack":
            return fight.legal_attack(ctx, action)
        if k == "air-hq":
            return air_hq.remove_ok(ctx, action)
        if k == "move":
            return moves.legal_move(ctx, action)
        if k == "assault":
            return moves.legal_assault(ctx, action)
        if k in logistics.KINDS:
            return logistics.legal(ctx, action)
        if k in works.KINDS:
            return works.legal(ctx, action)
        if k in org.KINDS:
            return org.legal(ctx, action)
        if k in special.KINDS:
            return special.legal(ctx, action)
        return Verdict.no(f"no action {k!r}", "3.2")

    def _kinds(self, ctx: Ctx) -> tuple[str, ...]:
        item = pending.current(ctx)
        if item is not None:
            return pending.kinds(item)
        return self.prompt(ctx.state).kinds

    def _actor(self, ctx: Ctx) -> str:
        item = pending.current(ctx)
        return pending.actor(ctx, item) if item is not None else ctx.side

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        rb = self.batch(state)
        ctx = rb.ctx
        k = action.kind
        if pending.current(ctx) is not None:
            pending.apply(rb, action)
        elif k in ("restore", "convert", "end-recovery"):
            recovery.apply(rb, action)
        elif k == "end-organization":
            rb.add("phase", "6.2", f"the {self.side_name(action.side)} Organization Segment ends", [],
                   action.side)
            turn.next_initial(rb, f"organization:{action.side}")
        elif k == "end-movement":
            moves.end_movement(rb)
            pending.settle(rb)
        elif k == "end-arrange":
            turn.end_arrangement(rb)
        elif k == "end-combat":
            turn.end_combat(rb)
        elif k == "supply":
            fight.supply_phase(rb, action)
        elif k == "attack":
            fight.apply_attack(rb, action)
        elif k == "air-hq":
            air_hq.apply_remove(rb, action)
        elif k == "move":
            moves.apply_move(rb, action)
            pending.settle(rb)
        elif k == "assault":
            moves.apply_assault(rb, action)
        elif k in logistics.KINDS:
            logistics.apply(rb, action)
            pending.settle(rb)
        elif k in works.KINDS:
            works.apply(rb, action)
        elif k in org.KINDS:
            org.apply(rb, action)
        elif k in special.KINDS:
            special.apply(rb, action)
        else:
            raise IllegalAction(f"no action {k!r}", "3.2")
        if k in special.BUSY and rb.ctx.option("lulls") and not rb.ctx.var("busy") \
                and rb.ctx.phase != "over":
            rb.add("busy", "52.0", "52.0 land or air movement or combat this segment: no lull",
                   [Change.var("busy", True)], action.side)
        if rb.ctx.phase != "over":
            special.after_action(rb)
            if rb.ctx.option("combat_motorized"):
                org.loose_trucks(rb)
            pending.settle(rb)
        return rb.events

    def outcome(self, state: GameState) -> Outcome | None:
        return victory.outcome(self._fresh(state))

    def view(self, state: GameState, side: str) -> GameState:
        """39.0 with Fog of War in play, the enemy's stacks show only their top piece and
        its Organization Cards nothing; otherwise everything is open."""
        from .rules import fog

        return fog.view(self._fresh(state), side)

    def secrets(self, state: GameState, side: str) -> list[str]:
        from .rules import fog

        return fog.secrets(self._fresh(state), side)

    def unseen(self, state: GameState, side: str) -> list[str]:
        """39.0 the pieces :meth:`view` leaves out for ``side`` (sorted; none when Fog of
        War is not played), without making the view (the UI asks at every refresh)."""
        from .rules import fog

        return fog.hidden(self._fresh(state), side)

    def invariants(self, state: GameState) -> list[str]:
        return checks.broken(self._fresh(state))

    def undo_barrier(self, state, events, undo_rolls):
        if any(e.kind in CLOSERS for e in events):
            return PHASE_BARRIER
        return super().undo_barrier(state, events, undo_rolls)

    def check_module(self, module) -> list[str]:
        """What keeps an edited module from being played (one sentence each): the tables
        the rules read, the counters' values and the scenarios' boards and edges."""
        from .rules.datacheck import problems

        return problems(module)

    def side_name(self, side: str) -> str:
        return {"axis": "Axis", "allied": "Allied"}.get(side, side)

    # -- queries for the UI -------------------------------------------------------------------

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """The units ``action`` acts with (the contract's query): the stack that
        moves, reacts, retreats, advances or assaults, the attackers (not the
        defenders nor the Supply Point spent), the one unit of a unit's action
        (an air unit's mission, a loss taken, a build), a truck and its cargo;
        none for the end of a phase, a purchase or a choice."""
        out: list[str] = []
        for name in ("units", "attackers", "unit", "carrier", "cargo"):
            value = action.get(name)
            for pid in (value if isinstance(value, (list, tuple)) else (value,)):
                if isinstance(pid, str) and pid in state.pieces and pid not in out:
                    out.append(pid)
        return out

    def reachable(self, state: GameState, units: list[str]) -> dict[str, list[str]]:
        """4.0 where a stack can move now: hex -> one legal path."""
        return M.reachable(self._fresh(state), list(units))

    def odds(self, state: GameState, attackers: list[str], targets: list[str],
             group: str = "all", supply: str | None = None, barrage: int = 0,
             mobile: bool = False, seven: bool = True) -> dict:
        """9.2 / 10.0 the odds, column shifts and Magnitude an attack would have (the
        Italian Table not yet rolled: full strength assumed); ``seven``: on an
        overstacked hex, what the defender's choice of seven points can make of them
        (5.5, :func:`.rules.seven.odds_range`), else None (always None when not asked
        for with ``seven``: the programs, which price many attacks, do without it)."""
        from .rules.combat import Attack, odds, plan

        ctx = self._fresh(state)
        side = ctx.piece(attackers[0]).side if attackers else ctx.side
        attack = Attack(side, list(attackers), list(targets), group, supply, barrage,
                        mobile=mobile)
        verdict = plan(ctx, attack)
        if not verdict:
            return {"ok": False, "reason": verdict.reason, "rule": verdict.rule}
        od = odds(ctx, attack)
        from .rules.seven import odds_range

        return {"ok": True, "attack": od.attack, "defence": od.defence, "column": od.label,
                "shifts": od.right - od.left, "magnitude": od.magnitude,
                "notes": list(od.notes), "steps": [od.attack_steps, od.defence_steps],
                "seven": odds_range(ctx, attack) if seven else None}    # 5.5 his choice

    def attackable(self, state: GameState, units: list[str]) -> list[str]:
        """Enemy hexes adjacent to every one of ``units`` (9.1)."""
        ctx = self._fresh(state)
        if not units:
            return []
        side = ctx.piece(units[0]).side
        common = None
        for pid in units:
            here = ctx.piece(pid).space
            near = {n for n in ctx.hexmap.neighbours(here) if ctx.units_at(n, enemy(side))}
            common = near if common is None else common & near
        return sorted(common or [])

    def supply_state(self, state: GameState, side: str) -> dict[str, list[str]]:
        """19.5 / 8.4 units Out of Supply (marked) and Isolated (no LOC) now."""
        from .rules.supply import isolated

        ctx = self._fresh(state)
        units = [p for p in ctx.units(side) if ctx.on_map(p)]
        return {"oos": [p for p in units if ctx.oos(p)],
                "isolated": [p for p in units if isolated(ctx, p)]}

    def zoc(self, state: GameState, side: str) -> dict[str, int]:
        """7.0 the ZOC ``side`` exerts: hex -> 2 (Active) or 1 (Limited)."""
        from .rules.zoc import zoc_map

        return dict(zoc_map(self._fresh(state), side).level)

    def stack(self, state: GameState, key: str) -> list[str]:
        """Every piece in a hex or box, units on HQ displays after their HQ."""
        ctx = self._fresh(state)
        return list(ctx.pieces_at(key))

    def display(self, state: GameState, hq: str) -> list[str]:
        """6.1 the units on an HQ's Organization Card display."""
        return org.display(self._fresh(state), hq)

    def chits(self, state: GameState) -> dict:
        """3.1 the chit cup and the segments drawn (this turn and the whole game)."""
        ctx = self._fresh(state)
        return {"cup": list(ctx.var("cup") or []), "drawn": list(ctx.var("drawn") or []),
                "history": list(ctx.var("history") or []), "segment": ctx.seg,
                "names": {c: turn.chit_name(c) for c in turn.CHITS}}

    def unit_values(self, state: GameState, pid: str) -> dict:
        """The counter's values now: steps, factors, MA, AER, ZOC, markers."""
        ctx = self._fresh(state)
        a, d = ctx.factors(pid) if ctx.is_combat(pid) else (0, 0)
        return {"steps": ctx.steps(pid), "max": ctx.max_steps(pid), "attack": a, "defence": d,
                "ma": ctx.ma(pid), "aer": ctx.aer(pid), "zoc": ctx.value(pid, "zoc"),
                "disrupted": ctx.disrupted(pid), "oos": ctx.oos(pid),
                "mp_left": (M.allowance(ctx, pid) - M.record(ctx, pid)[0]) / 6
                if ctx.phase == "movement" else None}

    def reaction_reach(self, state: GameState, units: list[str]) -> dict[str, list[str]]:
        """41.3 where a stack may move in the Reaction now open: hex -> one legal path
        (empty when no Reaction waits or the stack may not react)."""
        from .rules import reaction

        ctx = self._fresh(state)
        item = pending.current(ctx)
        if item is None or item.get("kind") != "reaction":
            return {}
        return reaction.reach(ctx, item, list(units))

    def why_not(self, state: GameState, action: Action) -> Verdict:
        """The verdict of an action, for the UI's refusal text."""
        return self.legal(state, action)
