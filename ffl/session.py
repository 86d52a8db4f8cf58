"""GameSession: one game being played.  Ties a controller to its GameLog.

The play window, the command line and self-play all drive a game through this
class: ``do(action)`` asks the controller for events and appends them to the
log as one undoable step; ``save``/``load`` go through the store.  No Qt here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import Action, Event, GameLog, GameState, Module, RuleController, Scenario
from .games import game_of

Listener = Callable[[list[Event]], None]


@dataclass
class GameSession:
    controller: RuleController
    scenario: Scenario
    options: dict[str, Any]
    seed: int
    log: GameLog
    path: Path | None = None
    listeners: list[Listener] = field(default_factory=list)

    # -- creation -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        module: Module,
        scenario_id: str,
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> GameSession:
        if scenario_id not in module.scenarios:
            known = ", ".join(sorted(module.scenarios))
            raise KeyError(f"no scenario {scenario_id!r} in {module.title} (known: {known})")
        scenario = module.scenarios[scenario_id]
        controller = game_of(scenario_id).controller_class()(module)
        seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
        opts = {**scenario.options, **dict(options or {})}
        initial = controller.setup(scenario, opts, seed)
        log = GameLog(initial)
        opening = list(controller.opening(initial))
        if opening:  # side rolls, shuffles, deals: logged, never undone
            log.append(opening)
            log.floor = log.position
        return cls(controller, scenario, opts, seed, log)

    @classmethod
    def load(cls, path: str | Path) -> GameSession:
        """Open a saved game (validated read-only first; raises store.StoreError)."""
        from .store import load_game

        saved = load_game(Path(path))
        session = cls.new(saved.module, saved.scenario_id, seed=saved.seed,
                          options=saved.options)
        opening = session.log.floor
        session.log = GameLog(session.log.initial, saved.events, saved.meta.get("steps"))
        session.log.floor = min(max(opening, int(saved.meta.get("floor", 0))), len(saved.events))
        session.path = Path(path)
        return session

    # -- playing --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.log.state

    @property
    def module(self) -> Module:
        return self.controller.module

    def do(self, action: Action) -> list[Event]:
        """Resolve ``action`` (raises IllegalAction) and log its events as one step."""
        events = self.controller.apply(self.state, action)
        self.log.append(events)
        self._notify(events)
        return events

    @contextmanager
    def grouped(self) -> Iterator[None]:
        """Actions done inside the block undo as one step (e.g. a dragged path)."""
        start = self.log.position
        try:
            yield
        finally:
            self.log.join_steps(start)

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

        return SavedGame(
            module=self.module, scenario_id=self.scenario.id, options=dict(self.options),
            seed=self.seed, events=list(self.log.events),
            meta={"state_hash": self.state.hash(), "steps": self.log.steps,
                  "floor": self.log.floor},
        )
