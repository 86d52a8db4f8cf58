"""GameSession: one game being played.  Ties a controller to its GameLog.

The play window, the command line and self-play all drive a game through this
class: ``do(action)`` asks the controller for events and appends them to the
log as one undoable step; ``save``/``load`` go through the store.  No Qt here.

It also keeps the two things every program driving a game must obey alike:

* the **rules mode** (``enforce``, ``advise`` or ``off``; see
  :mod:`ffl.games.manifest`): in *advise* an action the rules refuse is still
  carried out when asked with ``force=True``, after an ``against-rules`` event
  naming the rule; *off* plays the module in free play;
* the **undo barriers** the controller declares (``undo_barrier``): after a
  step that ends a phase or rolls dice, undo stops there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import (
    AGAINST_RULES,
    ROLL_BARRIER,
    Action,
    Event,
    GameLog,
    GameState,
    IllegalAction,
    Module,
    RuleController,
    Scenario,
    UndoBarrier,
)
from .games import free_play, manifest
from .games.manifest import ADVISE, ENFORCE, OFF, RULES_MODES, GameManifest

Listener = Callable[[list[Event]], None]

#: the barrier after the opening step (side rolls, shuffles, deals)
OPENING_BARRIER = UndoBarrier("phase", "Undo does not reach back past the start of the game.")


def game_for(scenario: Scenario, rules: str | None = None) -> tuple[GameManifest, str]:
    """The manifest that plays ``scenario`` in ``rules`` mode, and the mode itself.

    A registered game is played with its own rules (``enforce`` by default) or,
    with ``rules="off"``, in free play on its map and counters.  A module whose
    game is not registered is always free play.
    """
    game = manifest(scenario.game) or manifest(scenario.id.split("/", 1)[0])
    if rules is not None and rules not in RULES_MODES:
        raise ValueError(f"unknown rules mode {rules!r} (choose {', '.join(RULES_MODES)})")
    if game is None:
        return free_play(), OFF
    mode = rules or ENFORCE
    if mode not in game.rules_modes:
        raise ValueError(f"{game.title} cannot be played with the rules {mode!r}")
    return (free_play() if mode == OFF else game), mode


@dataclass
class GameSession:
    controller: RuleController
    scenario: Scenario
    options: dict[str, Any]
    seed: int
    log: GameLog
    path: Path | None = None
    listeners: list[Listener] = field(default_factory=list)
    #: the rules mode: "enforce", "advise" or "off" (free play)
    rules: str = ENFORCE
    #: both players allow undoing steps that rolled dice
    undo_rolls: bool = False
    #: why undo stops where it does (the last barrier the controller declared)
    barrier: UndoBarrier | None = None

    # -- creation -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        module: Module,
        scenario_id: str,
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        rules: str | None = None,
        undo_rolls: bool = False,
    ) -> GameSession:
        if scenario_id not in module.scenarios:
            known = ", ".join(sorted(module.scenarios))
            raise KeyError(f"no scenario {scenario_id!r} in {module.title} (known: {known})")
        scenario = module.scenarios[scenario_id]
        game, mode = game_for(scenario, rules)
        controller = game.controller_class()(module)
        seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
        opts = {**scenario.options, **dict(options or {})}
        initial = controller.setup(scenario, opts, seed)
        log = GameLog(initial)
        session = cls(controller, scenario, opts, seed, log, rules=mode,
                      undo_rolls=bool(undo_rolls))
        opening = list(controller.opening(initial))
        if opening:  # side rolls, shuffles, deals: logged, never undone
            log.append(opening)
            session._close_undo(OPENING_BARRIER)
        return session

    @classmethod
    def load(cls, path: str | Path) -> GameSession:
        """Open a saved game (validated read-only first; raises store.StoreError)."""
        from .store import load_game

        saved = load_game(Path(path))
        meta = saved.meta
        session = cls.new(saved.module, saved.scenario_id, seed=saved.seed,
                          options=saved.options, rules=meta.get("rules"),
                          undo_rolls=bool(meta.get("undo_rolls", False)))
        opening = session.log.floor
        session.log = GameLog(session.log.initial, saved.events, meta.get("steps"))
        session.log.floor = min(max(opening, int(meta.get("floor", 0))), len(saved.events))
        barrier = meta.get("barrier")
        if isinstance(barrier, dict) and isinstance(barrier.get("reason"), str):
            session.barrier = UndoBarrier(str(barrier.get("kind", "")), barrier["reason"],
                                          str(barrier.get("rule", "")))
        session.path = Path(path)
        return session

    # -- playing --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.log.state

    @property
    def module(self) -> Module:
        return self.controller.module

    @property
    def advising(self) -> bool:
        """Illegal actions may be done after a warning (the *advise* rules mode)."""
        return self.rules == ADVISE

    def do(self, action: Action, force: bool = False,
           why: IllegalAction | None = None) -> list[Event]:
        """Resolve ``action`` and log its events as one step.

        Raises IllegalAction when the rules refuse it, unless ``force`` is set in
        the advise mode: then an ``against-rules`` event naming the rule comes
        first (``why``, when the UI knows a better reason than the action's own
        refusal) and the action is carried out as well as the rules allow.
        """
        try:
            events = self.controller.apply(self.state, action)
        except IllegalAction as refused:
            if not (force and self.advising):
                raise
            broken = why or refused
            rule, reason = broken.rule, broken.reason
            head = f"{rule} " if rule else ""
            marker = Event(AGAINST_RULES, rule, f"{head}Against the rules (advise mode): "
                           f"{reason}", side=action.side,
                           info={"action": action.to_json(), "reason": reason})
            events = [marker, *self.controller.force(self.state, action)]
        self.log.append(events)
        barrier = self.controller.undo_barrier(self.state, events, self.undo_rolls)
        if barrier is not None:
            self._close_undo(barrier)
        self._notify(events)
        return events

    @contextmanager
    def grouped(self) -> Iterator[None]:
        """Actions done inside the block undo as one step (e.g. a dragged path).

        A barrier declared part-way (a melee roll at the end of a path) closes
        undo behind the whole group."""
        start = self.log.position
        try:
            yield
        finally:
            self.log.join_steps(start)

    def _close_undo(self, barrier: UndoBarrier) -> None:
        self.log.floor = self.log.position
        self.barrier = barrier

    def undo_reason(self) -> str:
        """Why undo is not possible now ("" when it is, or when nothing was done)."""
        if self.log.can_undo() or self.log.position == 0:
            return ""
        return self.barrier.reason if self.barrier else ""

    def set_undo_rolls(self, allowed: bool) -> None:
        """Both players allow (or stop allowing) undoing rolls.  Turning it off
        makes the rolls already made final."""
        self.undo_rolls = bool(allowed)
        if not allowed and any(e.dice for e in self.log.events[self.log.floor:]):
            self._close_undo(ROLL_BARRIER)
        self._notify([])

    def set_rules(self, mode: str) -> None:
        """Switch between enforcing and advising (free play is chosen at the start)."""
        if mode not in (ENFORCE, ADVISE) or self.rules == OFF:
            raise ValueError("only a rule-enforced game switches between enforce and advise")
        self.rules = mode
        self._notify([])

    def undo(self) -> bool:
        done = self.log.undo()
        if done:
            self._notify([])
        return done

    def redo(self) -> bool:
        done = self.log.redo()
        if done:
            self._notify([])
        return done

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(events)`` after every change (``[]`` after undo/redo)."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def _notify(self, events: list[Event]) -> None:
        for listener in list(self.listeners):
            listener(events)

    # -- saving ---------------------------------------------------------------------

    def save(self, path: str | Path | None = None) -> Path:
        """Write the game atomically (a crash mid-save loses nothing)."""
        from .store import save_game

        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name given for this game")
        save_game(target, self.snapshot())
        self.path = target
        return target

    def snapshot(self):
        from .store import SavedGame

        meta: dict[str, Any] = {"state_hash": self.state.hash(), "steps": self.log.steps,
                                "floor": self.log.floor, "rules": self.rules,
                                "undo_rolls": self.undo_rolls}
        if self.barrier is not None:
            meta["barrier"] = {"kind": self.barrier.kind, "reason": self.barrier.reason,
                               "rule": self.barrier.rule}
        return SavedGame(
            module=self.module, scenario_id=self.scenario.id, options=dict(self.options),
            seed=self.seed, events=list(self.log.events), meta=meta,
        )
