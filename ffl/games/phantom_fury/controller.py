"""PhantomFuryController: the solitaire battle for the Jolan District (no Qt, no database).

The player commands the USMC (the only side that acts); the insurgents act
inside the resolution of the player's actions and of the phases' ends: the
draws and tables of the rules, and their choices made by the opponent object
(:mod:`.insurgents`, ``ctx.opponent``), each logged with its rule number.

Thin: every action kind is handed to one rules module (``rules/*.py``), which
adds events to a :class:`~.rules.context.Turn` (an engine Batch).

Action kinds by phase (see :data:`PHASES`): set-up ``place``, ``attach``,
``end-setup``; ``mission``; ``reinforce``; ``fire``; ``move``, ``secure``,
``regroup``, ``withdraw``, ``finish``; ``assault``; ``end-phase`` in every
phase of a turn; ``loss-order`` (piece, caat_first) at any time: the player's
standing order for which of a squad and its CAAT support takes a Step Loss
(5.1.1.2).  Queries for the UI are the documented methods below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Action,
    BaseController,
    Change,
    Event,
    GameState,
    Outcome,
    Phase,
    Plan,
    Prompt,
    Scenario,
    UndoBarrier,
    Verdict,
)
from . import tables as T
from .citymap import CityMap, city_map
from .insurgents import opponent
from .rules import assault, fire, movement, plans, reinforce, sequence, setup, support
from .rules.checks import broken
from .rules.context import Ctx, Turn

ANY_TIME = ("loss-order",)
PHASES = (
    Phase("setup", "Set-up", T.ORDER_OF_BATTLE, "the USMC player", (*setup.SETUP_KINDS,
                                                                    *ANY_TIME)),
    Phase("support", "Support Phase", T.SUPPORT, "the USMC player (the insurgents react)",
          ("mission", "end-phase", *ANY_TIME)),
    Phase("reinforcement", "USMC Reinforcements Phase", T.COMPANY, "the USMC player",
          ("reinforce", "end-phase", *ANY_TIME)),
    Phase("fire", "Fire Combat Phase", T.FIRE, "the USMC player", ("fire", "end-phase",
                                                                   *ANY_TIME)),
    Phase("movement", "Movement Phase", T.MOVEMENT, "the USMC player (insurgents fire back)",
          (*movement.MOVE_KINDS, "end-phase", *ANY_TIME)),
    Phase("assault", "Assault Phase", T.ASSAULT, "the USMC player",
          ("assault", "end-phase", *ANY_TIME)),
    Phase("over", "Game over", T.USMC_VICTORY),
)
PHASE_ENDS = frozenset({"turn", "phase", "game-over"})
PHASE_BARRIER = UndoBarrier("phase", "Undo reaches back only to the start of the current "
                                     "phase.")


class PhantomFuryController(BaseController):
    game_id = "phantom_fury"
    phases = PHASES

    def __init__(self, module) -> None:
        super().__init__(module)
        self._opponents: dict[str, Any] = {}

    # -- context ------------------------------------------------------------------------

    def city(self, state: GameState) -> CityMap:
        """The map's Zones, Locations, streets and symbols (read-only)."""
        return city_map(self.board(state))

    def _opponent(self, state: GameState):
        name = str(state.vars.get("opponent", "book"))
        if name not in self._opponents:
            self._opponents[name] = opponent(name)
        return self._opponents[name]

    def ctx(self, state: GameState) -> Ctx:
        return Ctx(state, self.city(state), self.module.piece_types, self.module.attrs,
                   self._opponent(state))

    def turn(self, state: GameState) -> Turn:
        return Turn(state, self.city(state), self.module.piece_types, self.module.attrs,
                    self._opponent(state))

    # -- protocol -----------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        return setup.initial_state(self.game_id, scenario, {**scenario.options, **options},
                                   seed, self.module.attrs)

    def opening(self, state: GameState) -> list[Event]:
        """6.1-6.3: the containers, the start Zones, the squads drawn (logged, final)."""
        t = self.turn(state)
        setup.opening(t)
        return t.events

    def prompt(self, state: GameState) -> Prompt:
        """``info``: ``turn``, ``max_turn``, ``vp``, ``missions`` (successes so far),
        ``pools`` (counters in each container and the activation markers), ``mover``."""
        ctx = self.ctx(state)
        phase = ctx.phase
        info = {"turn": ctx.turn, "max_turn": ctx.var("max_turn"), "vp": ctx.var("vp", 0),
                "missions": dict(ctx.var("missions", {})), "pools": self.pools(state),
                "mover": ctx.var("mover")}
        if phase == "over":
            return Prompt("", "over", ctx.var("result", {}).get("text", "Game over"), (), info)
        declared = next(p for p in PHASES if p.id == phase)
        kinds = tuple(declared.kinds)
        if phase == "setup":
            left = len(setup.to_place(ctx))
            caats = len(setup.caats_left(ctx))
            text = (f"{T.ORDER_OF_BATTLE} Place the start squads ({left} left)" if left else
                    f"{T.CAAT_ALLOCATION} Attach the CAAT supports ({caats} left)" if caats else
                    "Set-up done: start turn 1")
        else:
            text = f"Turn {ctx.turn}: {declared.title}"
            if phase == "movement" and ctx.var("mover"):
                text += f" ({ctx.name(ctx.var('mover'))} moving)"
        return Prompt("usmc", phase, text, kinds, info)

    def legal(self, state: GameState, action: Action) -> Verdict:
        ctx = self.ctx(state)
        phase, kind = ctx.phase, action.kind
        if phase == "over":
            return Verdict.no("the game is over", T.USMC_VICTORY)
        if action.side not in ("usmc", ""):
            return Verdict.no("the program plays the insurgents", T.SEQUENCE)
        if kind == "loss-order":
            p = state.pieces.get(action.get("piece"))
            if p is None or p.status != "active" or ctx.kind(p) != "squad" or \
                    ctx.caat_of(p) is None:
                return Verdict.no("a squad with a CAAT support", T.CAAT_LOSS)
            return Verdict.yes()
        if phase == "setup":
            return setup.legal(ctx, action)
        if kind == "end-phase":
            return sequence.legal_end(ctx)
        handler = {"mission": support, "reinforce": reinforce, "fire": fire,
                   "assault": assault}.get(kind)
        if handler is not None:
            return handler.legal(ctx, action)
        if kind in movement.MOVE_KINDS:
            return movement.legal(ctx, action)
        return Verdict.no(f"unknown action {kind!r}", T.SEQUENCE)

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        t = self.turn(state)
        kind = action.kind
        if kind == "loss-order":
            first = bool(action.get("caat_first"))
            p = action["piece"]
            t.add("order", T.CAAT_LOSS, f"{t.ctx.name(p)}: Step Losses go to "
                                        f"{'its CAAT support' if first else 'the squad'} first",
                  [Change.set(p, "data.caat_first", True if first else None)], piece=p)
        elif t.ctx.phase == "setup":
            setup.resolve(t, action)
        elif kind == "end-phase":
            sequence.end_phase(t)
        elif kind == "mission":
            if not support.resolve(t, action):
                sequence.enter(t, "reinforcement")
        elif kind == "reinforce":
            reinforce.resolve(t, action)
        elif kind == "fire":
            fire.resolve(t, action)
        elif kind == "assault":
            assault.resolve(t, action)
        else:
            movement.resolve(t, action)
        return t.events

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        """The actions self-play picks from: every legal one, except the standing
        order ``loss-order`` (legal at any time, changes no position) and Missions
        that would change nothing (:func:`.rules.support.actions`)."""
        ctx = self.ctx(state)
        phase = ctx.phase
        if phase == "over":
            return []
        if phase == "setup":
            return setup.actions(ctx)
        out: list[Action] = {
            "support": support.actions, "reinforcement": reinforce.actions,
            "fire": fire.actions, "movement": movement.actions, "assault": assault.actions,
        }[phase](ctx)
        if sequence.legal_end(ctx):
            out.append(sequence.end_action())
        return out

    def outcome(self, state: GameState) -> Outcome | None:
        return sequence.outcome(self.ctx(state))

    def invariants(self, state: GameState) -> list[str]:
        return broken(self.ctx(state))

    def undo_barrier(self, state: GameState, events: Sequence[Event],
                     undo_rolls: bool) -> UndoBarrier | None:
        """Undo reaches back to the start of the current phase (like FFL), and a step
        that rolled a die is final unless rolls may be undone."""
        if any(e.kind in PHASE_ENDS for e in events) or state.vars.get("phase") == "over":
            return PHASE_BARRIER
        return super().undo_barrier(state, events, undo_rolls)

    def notices(self, events: Sequence[Event]) -> list[str]:
        """The insurgents' doings worth a look beyond the log: reactions, infiltrations,
        Zones taken or Activated, their Defensive Fire (12.7) and Snipers (11.4), an
        Event in an Assault (13.4.3.3) and its effect, an IED Attack (13.5), a retreat
        (13.6), the end of the game; and how the player's Fire Combat (11.2.2) or
        Assault (13.4.2: both sides' rolls) came out, with the units it eliminated;
        at a Reorganisation, whether each Pinned squad recovered (14.3.4) and the
        'Phantom Fury' markers turned or removed (14.5); the Zone an HBIED ruins and
        the squads it hits, where a Counter-attack strikes (9.4).  Their other choices
        (``insurgent-decision``) stay in the log."""
        keep = {"reaction", "infiltration", "control", "activate", "defensive-fire",
                "sniper", "event", "insurgents", "ied", "eliminated", "retreat", "game-over"}
        # kinds kept for one rule only (not a Fire or Assault declaration, nor the
        # rest of a regrouping, nor a marker an Assault's Event placed: its Event says it)
        results = {"fire": T.FIRE_RESULT, "assault": T.ASSAULT_ROLL,
                   "regroup": T.REGROUP_PINNED, "marker": T.MARKERS, "ruins": T.REACTIONS,
                   "insurgent-decision": T.REACTIONS}
        # an HBIED (9.4): the Zone it ruins and what it did to the squads there (an
        # 'Eagle of Fallujah' Sniper Attack says its own result: not those lines again)
        if any(e.kind == "ruins" and e.rule == T.REACTIONS for e in events):
            results.update({"step-loss": T.REACTIONS, "pinned": T.REACTIONS})
        out: list[str] = []
        groups: dict[tuple[str, str], list[int]] = {}     # (what, rule) -> its Zones
        for e in events:
            if e.kind not in keep and results.get(e.kind) != e.rule:
                continue
            # a Reorganisation Activates or hands over many Zones at once: one line each
            what = ("Activated" if e.kind == "activate" else
                    "under USMC Control" if e.kind == "control" and "under USMC" in e.text
                    else "")
            if what and isinstance(e.info.get("zone"), int):
                key = (what, e.rule)
                if key not in groups:
                    groups[key] = []
                    out.append(key)
                groups[key].append(e.info["zone"])
            else:
                out.append(e.text)
        return [line if isinstance(line, str) else
                (f"{line[1]} Zone {groups[line][0]} {line[0]}" if len(groups[line]) == 1 else
                 f"{line[1]} {line[0]}: Zones {', '.join(map(str, groups[line]))}")
                for line in out]

    def side_name(self, side: str) -> str:
        return {"usmc": "USMC", "insurgents": "Insurgents"}.get(side, side)

    def check_state(self, state: GameState) -> list[str]:
        """A reopened game's variables the rules need (beyond the invariants)."""
        out = []
        if state.vars.get("phase") not in {p.id for p in PHASES}:
            out.append(f"unknown phase {state.vars.get('phase')!r}")
        if not isinstance(state.vars.get("zones"), dict):
            out.append("no Zone records")
        if not isinstance(state.vars.get("turn"), int):
            out.append("no turn number")
        return out

    # -- queries for the UI ---------------------------------------------------------------

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """The USMC unit ``action`` acts with (the contract's query): the unit that
        moves, fires, assaults, secures, regroups, finishes, is placed or brought
        in, and the CAAT it takes on; not the target, none for a mission or the
        end of a phase (the insurgents act inside the rules' resolution)."""
        ids = [action.get("piece"), action.get("caat")]
        return list(dict.fromkeys(i for i in ids if isinstance(i, str) and i in state.pieces))

    def pools(self, state: GameState) -> dict[str, int]:
        """6.1: how many counters each container holds (and the activation markers)."""
        ctx = self.ctx(state)
        act = ctx.var("act_pool", {})
        return {"insurgents": len(ctx.pool("insurgents")), "suspects": len(ctx.pool("suspects")),
                "usmc": len(ctx.pool("usmc")), "activated_zone": int(act.get("normal", 0)),
                "strong_point": int(act.get("strong", 0))}

    def zone_status(self, state: GameState, n: int) -> dict[str, Any]:
        """Zone ``n``'s markers: ``act`` (None/start/normal/fortified), ``usmc`` (USMC
        Control), ``ruins``, ``fan``, ``pf`` (15/30), ``noev``, ``fortified``; in a
        Ruins Zone ``rubble``, the Locations that no longer exist (4.1.6)."""
        return self._zone_status(self.ctx(state), n)

    def zones_status(self, state: GameState) -> dict[int, dict[str, Any]]:
        """:meth:`zone_status` of every Zone, from one context (issue 12: the map's
        markers ask them all after every step; a context each cost ~4 ms a time)."""
        ctx = self.ctx(state)
        return {n: self._zone_status(ctx, n) for n in ctx.map.zones}

    @staticmethod
    def _zone_status(ctx: Ctx, n: int) -> dict[str, Any]:
        out = dict(ctx.zone(n))
        out["usmc"] = ctx.usmc_control(n)
        out["fortified"] = ctx.fortified(n)
        if ctx.ruins(n):
            out["rubble"] = [loc for loc in ctx.map.locations.get(n, ()) if not ctx.exists(loc)]
        return out

    def cf(self, state: GameState, piece: str) -> int:
        """The CF a squad, M1A1 or 'Insurgents' unit shows now (5.1.1, 5.1.5, 12.3.2.2)."""
        ctx = self.ctx(state)
        p = state.pieces[piece]
        return ctx.ins_cf(p) if ctx.kind(p) == "insurgents" else ctx.cf(p)

    def movable(self, state: GameState) -> list[str]:
        """Units that may move now (12.1)."""
        return [p.id for p in movement.movable(self.ctx(state))]

    def mp_left(self, state: GameState, piece: str) -> int:
        return self.ctx(state).mp_left(state.pieces[piece])

    def reachable(self, state: GameState, piece: str) -> dict[str, tuple[int, list[str]]]:
        """Every place ``piece`` can end its move on now -> (MP, path of spaces)."""
        return plans.reachable(self.ctx(state), piece)

    def plan(self, state: GameState, piece: str, to: str, level: int = 0) -> Plan | None:
        """What a drag of ``piece`` to ``to`` does: its steps (``move`` actions), each
        with its MP and whether it may roll dice (Defensive Fire 12.7, a Sniper
        Attack in a street 11.4.2, the M1A1's MC 12.6.1)."""
        return plans.plan(self.ctx(state), piece, to)

    def secure_plan(self, state: GameState, piece: str, to: str) -> Plan | None:
        """The plan of a drag of ``piece`` to ``to`` whose last step detaches its
        Security Element on arrival (12.3.2.1), if the rules allow it there; else None."""
        return plans.secure_plan(self.ctx(state), piece, to)

    def secure_plans(self, state: GameState, piece: str, to: str) -> dict[str, Plan]:
        """The drags of ``piece`` to ``to`` that leave its Security Element in a
        Location C or R of ``to``'s Zone (12.3.2.1: where it stands, on the way, or on
        arrival), keyed by that Location in the order of the way; {} if none."""
        return plans.secure_plans(self.ctx(state), piece, to)

    def why_not_move(self, state: GameState, piece: str, to: str) -> Verdict:
        """Why ``piece`` cannot get to ``to`` now (yes if it can)."""
        return plans.why_not(self.ctx(state), piece, to)

    def fire_targets(self, state: GameState, piece: str) -> list[dict[str, Any]]:
        """11.1: what ``piece`` may fire at: ``target``, ``location``, ``zone``,
        ``needed`` (the highest unmodified roll that hits, with and without the
        CAAT 'Ammo'), ``mods``."""
        ctx = self.ctx(state)
        p = state.pieces[piece]
        if not fire.legal(ctx, Action.make("fire", "usmc", piece=piece, target="")) and \
                p not in fire.firers(ctx):
            return []
        out = []
        ammo = fire.can_use_ammo(ctx, p)
        for tid in fire.targets(ctx, p):
            target = state.pieces[tid]
            s = fire.shot(ctx, p, target, False)
            entry = {"target": tid, "location": target.space,
                     "zone": ctx.map.zone_of[target.space], "needed": s.needed,
                     "mods": list(s.mods), "cf": s.cf}
            if ammo:
                entry["needed_ammo"] = fire.shot(ctx, p, target, True).needed
            out.append(entry)
        return out

    def firers(self, state: GameState) -> list[str]:
        return [p.id for p in fire.firers(self.ctx(state))]

    def assault_targets(self, state: GameState, piece: str) -> list[dict[str, Any]]:
        """13: the Locations ``piece`` may Assault now, with the type (13.1-13.3),
        whether the CAAT 'Explosives' are available and whether Flooding is a choice."""
        ctx = self.ctx(state)
        p = state.pieces[piece]
        if p not in assault.assaulters(ctx):
            return []
        caat = ctx.caat_of(p)
        out = []
        for loc in assault.targets(ctx, p):
            kind = assault.assault_type(ctx, p.space, loc)
            out.append({"location": loc, "type": kind, "target": ctx.enemy_at(loc).id,
                        "explosives": caat is not None and bool(caat.data.get("explosives")),
                        "flood_choice": bool(p.data.get("reduced")) and kind == assault.TOP_DOWN
                        and ctx.map.kind[p.space] == "R"})
        return out

    def assaulters(self, state: GameState) -> list[str]:
        return [p.id for p in assault.assaulters(self.ctx(state))]

    def mission_left(self, state: GameState, mission: str) -> int:
        """9.2: successful calls of ``mission`` still allowed."""
        return support.left(self.ctx(state), mission)

    def mission_zones(self, state: GameState, mission: str) -> list[int]:
        """9.3: the Zones a Mission may be aimed at (Dragon Eye: either Zone of a pair)."""
        ctx = self.ctx(state)
        if mission == T.HORNET:
            return [n for n in ctx.map.zones if support.hornet_zone_ok(ctx, n)]
        if mission == T.COBRA:
            return [n for n in ctx.map.zones if n != 26 and support.open_zone(ctx, n)
                    and ctx.enemies(n)]
        return [n for n in ctx.map.zones if support.open_zone(ctx, n)]

    def reinforcements(self, state: GameState) -> dict[str, list]:
        """10: each counter that may enter now -> where (Zone numbers or streets)."""
        out: dict[str, list] = {}
        for a in reinforce.actions(self.ctx(state)):
            out.setdefault(a["piece"], []).append(a["to"])
        return out

    def setup_zones(self, state: GameState) -> list[int]:
        """6.3: black-circle Zones still free for a start squad."""
        return setup.free_start_zones(self.ctx(state))

    def label(self, state: GameState, space: str) -> str:
        return self.city(state).label(space)
