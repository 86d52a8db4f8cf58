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
import sys
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
from .file_checks import (
    DATA_ERRORS,
    SessionError,
    game_code,
    module_problems,
    module_title,
    plain_reason,
    replayed,
    saved_meta,
)
from .games import free_play, manifest
from .games.manifest import ADVISE, ENFORCE, OFF, RULES_MODES, GameManifest

Listener = Callable[[list[Event]], None]



#: the file name ending of a module file (a saved game is anything else: ``.fflsave``)
MODULE_SUFFIX = ".ffl"

#: the barrier after the opening step (side rolls, shuffles, deals)
OPENING_BARRIER = UndoBarrier("phase", "Undo does not reach back past the start of the game.")


#: what keeps a game from playing a module the store shares, found once per module
#: object and controller class (newest first; issue 12)
_CHECKED: list[tuple[Module, type, list[str]]] = []
#: how many answers :data:`_CHECKED` keeps
CHECKED_MODULES = 8


def _module_problems(controller: RuleController, module: Module) -> list[str]:
    """:func:`module_problems`, asked once for a module the store shares (issue
    12: reopening a save of the same module checked its boards every time).
    Such a module is read-only and stays the same object only while its rows
    stay the same, so the answer holds; any other module is checked each time."""
    files = sys.modules.get("ffl.store.files")
    if files is None or not files.is_shared(module):
        return module_problems(controller, module)
    kind = type(controller)
    for i, (known, checked_by, problems) in enumerate(_CHECKED):
        if known is module and checked_by is kind:
            _CHECKED.insert(0, _CHECKED.pop(i))
            return list(problems)
    problems = module_problems(controller, module)
    _CHECKED.insert(0, (module, kind, list(problems)))
    del _CHECKED[CHECKED_MODULES:]
    return problems


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
    #: a game opened from a save mailed with the other side's secrets sealed
    #: (``ffl/sealing.py``): kept in the save's meta when it is saved again
    sealed: dict[str, Any] | None = None
    #: bookmarks and notes on positions of the log (``ffl.store.bookmarks.Note``), saved
    notes: list = field(default_factory=list)
    #: what the save keeps besides the bookkeeping (``ffl.game_meta``: origin, e-mail)
    extra: dict[str, Any] = field(default_factory=dict)
    _grouping: int = field(default=0, repr=False)
    #: counts the changes told to the listeners (every action, undo, redo, switch of
    #: the rules): the UI keeps the controller's answers for one state by it
    changes: int = field(default=0, repr=False)

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
        check: bool = True,
    ) -> GameSession:
        """A new game of ``scenario_id``: the module is checked for the game's
        meaning first (the controller's ``check_module``), then set up and its
        opening played; ``check`` also makes sure the game can be played from
        there (invariants, the prompt, a legal action).  A problem raises
        :class:`SessionError` (a ValueError) saying what, in plain words."""
        if scenario_id not in module.scenarios:
            known = ", ".join(sorted(module.scenarios))
            raise KeyError(f"no scenario {scenario_id!r} in {module.title} (known: {known})")
        scenario = module.scenarios[scenario_id]
        game, mode = game_for(scenario, rules)
        controller = game.controller_class()(module)
        problems = _module_problems(controller, module)
        if problems:
            raise SessionError(f"{module_title(module)} cannot be played: {problems[0]}")
        seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
        opts = {**scenario.options, **dict(options or {})}
        with game_code(f"{scenario.title or scenario.id} cannot be set up"):
            initial = controller.setup(scenario, opts, seed)
            log = GameLog(initial)
            session = cls(controller, scenario, opts, seed, log, rules=mode,
                          undo_rolls=bool(undo_rolls))
            opening = list(controller.opening(initial))
            if opening:  # side rolls, shuffles, deals: logged, never undone
                log.append(opening)
                session._close_undo(OPENING_BARRIER)
        if check:
            session.check_playable(f"{scenario.title or scenario.id} cannot be played")
        return session

    @classmethod
    def load(cls, path: str | Path) -> GameSession:
        """Open a saved game: the store reads and checks the file (read-only), then
        the game is set up again and its log replayed from the start; the file is
        refused (:class:`~ffl.store.StoreError` naming it) unless the replay comes
        to exactly the position that was saved (``meta["state_hash"]``) and the
        game can go on from there.  Nothing in the file raises anything else."""
        from .store import StoreError, gc_paused, load_game

        path = Path(path)
        with gc_paused():       # issue 12: reading and replay make many lasting objects
            try:
                saved = load_game(path)
            except StoreError:
                from .turn_delta import opened_alone_problem

                if opened_alone_problem(path):      # a turn file of moves only
                    raise StoreError(path, opened_alone_problem(path)) from None
                raise
            try:
                session = cls.restore(saved)
            except SessionError as exc:
                raise StoreError(path, str(exc)) from None
        session.path = path
        return session

    @classmethod
    def open(cls, path: str | Path, scenario_id: str | None = None, *,
             seed: int | None = None, rules: str | None = None) -> GameSession:
        """A game from a file, checked before anything is shown: a saved game is
        reopened (:meth:`load`); a module file (``.ffl``) is checked for its games
        (:func:`open_module`) and a new game of ``scenario_id`` (else its first
        scenario) is started.  Every problem raises StoreError naming the file."""
        path = Path(path)
        if path.suffix.lower() != MODULE_SUFFIX:
            return cls.load(path)
        return cls.of_module(path, open_module(path), scenario_id, seed=seed, rules=rules)

    @classmethod
    def of_module(cls, path: str | Path, module: Module, scenario_id: str | None = None, *,
                  seed: int | None = None, rules: str | None = None) -> GameSession:
        """A new game of ``scenario_id`` (else the first scenario) of ``module``,
        which :func:`open_module` read from ``path`` (so the window reads a module
        file once); every problem raises StoreError naming the file."""
        from .store import StoreError

        path = Path(path)
        if not module.scenarios:
            raise StoreError(path, "holds no scenario to play")
        sid = scenario_id if scenario_id is not None else next(iter(module.scenarios))
        if sid not in module.scenarios:
            raise StoreError(path, f"has no scenario {sid!r} (it has: "
                                   f"{', '.join(module.scenarios)})")
        try:
            return cls.new(module, sid, seed=seed, rules=rules)
        except SessionError as exc:
            raise StoreError(path, str(exc)) from None

    @classmethod
    def restore(cls, saved) -> GameSession:
        """The session a :class:`~ffl.store.SavedGame` holds, checked as
        :meth:`load` describes (SessionError if it is not a game to go on with)."""
        meta = saved_meta(saved.meta, len(saved.events))
        session = cls.new(saved.module, saved.scenario_id, seed=saved.seed,
                          options=saved.options, rules=meta.get("rules"),
                          undo_rolls=bool(meta.get("undo_rolls", False)), check=False)
        opening = session.log.floor
        initial, events, digest = session.log.initial, saved.events, meta["state_hash"]
        if meta.get("sealed") is not None:       # a save mailed with secrets sealed
            from .sealing import SealError, opened

            try:
                initial, events, digest = opened(session, saved)
            except (SealError, *DATA_ERRORS) as exc:
                raise SessionError(f"cannot be opened: {plain_reason(exc)}") from None
            from .turnfile import sealed_dice_problem  # the dice of a mailed save

            problem = sealed_dice_problem(session, saved, initial, events)
            if problem:
                raise SessionError(f"was tampered with: {problem}")
        session.log = replayed(initial, events, meta.get("steps"))
        if session.state.hash() != digest:
            raise SessionError("does not replay to the position that was saved: the file "
                               "was changed or damaged after it was written")
        session.log.floor = min(max(opening, meta.get("floor", 0)), len(saved.events))
        barrier = meta.get("barrier")
        if isinstance(barrier, dict):
            session.barrier = UndoBarrier(barrier.get("kind", ""), barrier["reason"],
                                          barrier.get("rule", ""))
        from .game_meta import kept_meta

        session.extra = kept_meta(meta, len(saved.events))
        session.notes = list(getattr(saved, "notes", None) or [])
        session.check_playable("cannot be played on")
        return session

    def check_playable(self, failure: str) -> None:
        """Make sure the game can go on from the current state: it breaks none of
        the game's invariants and state checks, the prompt and outcome can be
        asked, and unless the game is over some action is legal.  Raises
        SessionError starting with ``failure``."""
        controller, state = self.controller, self.state
        with game_code(failure):
            problems = list(getattr(controller, "check_state", lambda s: [])(state))
            if not problems:
                problems = list(controller.invariants(state))
            if problems:
                raise SessionError(f"{failure}: {problems[0]}")
            controller.prompt(state)
            if controller.outcome(state) is None and not list(controller.legal_actions(state)):
                raise SessionError(f"{failure}: the game is not over, yet no action is "
                                   "possible")

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
        after = None
        try:
            events = self.controller.apply(self.state, action)
            after = self.controller.state_after(events)     # issue 12: fewer copies
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
        self.log.append(events, after)
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
        self._grouping += 1
        try:
            yield
        finally:
            self._grouping -= 1
            self.log.join_steps(start)

    @property
    def grouping(self) -> bool:
        """Inside :meth:`grouped`: more actions of the same step are coming (a
        listener that writes files may wait for the end of the group)."""
        return self._grouping > 0

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
        """Tell every listener; one that fails does not keep the others (the
        autosave among them) from hearing it.  The first failure is raised after."""
        self.changes += 1
        failure: BaseException | None = None
        for listener in list(self.listeners):
            try:
                listener(events)
            except Exception as exc:  # noqa: BLE001 - re-raised below
                failure = failure or exc
        if failure is not None:
            raise failure

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
        if self.sealed is not None:
            meta["sealed"] = self.sealed
        events = list(self.log.events)
        return SavedGame(
            module=self.module, scenario_id=self.scenario.id, options=dict(self.options),
            seed=self.seed, events=events, meta={**self.extra, **meta},
            notes=[n for n in self.notes if n.event <= len(events)],
        )


# -- checking what a file holds -------------------------------------------------------------

def check_module(module: Module) -> list[str]:
    """What keeps any scenario of ``module`` from being played in its default
    rules mode (one sentence each, empty when all can be played)."""
    out: list[str] = []
    seen: set[str] = set()
    for scenario in module.scenarios.values():
        game, _ = game_for(scenario)
        if game.id in seen:
            continue
        seen.add(game.id)
        try:
            controller = game.controller_class()(module)
        except DATA_ERRORS as exc:
            out.append(f"{game.title} cannot read it ({plain_reason(exc)})")
            continue
        out += module_problems(controller, module)
    return out


def open_module(path: str | Path) -> Module:
    """A module file to play: read and checked by the store, then checked for the
    meaning its games give the data (StoreError naming the file if it fails)."""
    from .store import StoreError, load_module

    path = Path(path)
    module = load_module(path)
    problems = check_module(module)
    if problems:
        raise StoreError(path, f"cannot be played: {problems[0]}")
    return module


