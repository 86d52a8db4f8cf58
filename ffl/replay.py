"""Replay: a saved game shown as it was after any event, and branches from it.

:class:`Replay` opens a saved game through the same checks as playing it
(:meth:`GameSession.open`), keeps the whole log and moves a read-only
:class:`ReplaySession` to any position: by event, by step (one player action),
by phase (the controller's declared phase of the prompt), by turn (the game's
``turn`` variable) or straight to the start of a turn.  The play window shows a
ReplaySession like any game (its own map, counters, log and dice); every
action is refused.  Bookmarks and notes go on positions and are written back
into the file (:meth:`Replay.save_notes`; the events are untouched).

:func:`branch` makes a new game that keeps the history up to a position and
names its origin (file and event); the original file is not touched.  No Qt
here.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Action, Event, GameLog, IllegalAction, UndoBarrier
from .file_checks import DATA_ERRORS, replayed
from .session import GameSession

READ_ONLY = "This is a replay: nothing can be done here. Branch from this point to play on."
BRANCH_BARRIER = UndoBarrier("branch", "Undo does not reach back past the point this game "
                                       "was branched from.")


class ReplayLog(GameLog):
    """A game log that can be shown after any of its events (nothing is dropped)."""

    def goto(self, count: int) -> None:
        if not 0 <= count <= len(self._events):
            raise IndexError(f"no position after {count} events")
        self._goto(count)

    @property
    def total(self) -> int:
        return len(self._events)

    @property
    def all_events(self) -> list[Event]:
        return list(self._events)

    def all_steps(self) -> list[int]:
        return list(self._steps)

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False


class ReplaySession(GameSession):
    """A session that only shows: every action is refused, nothing is undone."""

    def do(self, action: Action, force: bool = False, why=None) -> list[Event]:
        raise IllegalAction(READ_ONLY, "")

    @property
    def advising(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def set_undo_rolls(self, allowed: bool) -> None:
        return None

    def set_rules(self, mode: str) -> None:
        return None

    def show(self, events: list[Event]) -> None:
        """Tell the listeners (the window, the game UI) the position changed, with
        ``events`` as the news (the last roll, so the dice show it)."""
        self._notify(list(events))


@dataclass(frozen=True)
class Mark:
    """Where a position lies: the turn (None for a game without turns) and the phase."""

    turn: Any
    phase: str


class Replay:
    """A saved game to step through; ``session`` shows the current position."""

    def __init__(self, session: GameSession, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else session.path
        full = session.log
        log = ReplayLog(full.initial, full.events, full.steps)
        self.session = ReplaySession(
            session.controller, session.scenario, dict(session.options), session.seed, log,
            path=self.path, rules=session.rules, undo_rolls=session.undo_rolls,
            barrier=session.barrier, notes=list(session.notes), extra=dict(session.extra))
        self.source = session
        self.notes_changed = False
        #: the game replayed is over: nothing in it is secret any more
        self.finished = _over(session)
        self._steps = sorted(set(log.all_steps()) | {0, log.total})
        self._marks = self._index(log)

    @classmethod
    def open(cls, path: str | Path, game: str | Path | None = None) -> Replay:
        """A saved game from ``path`` (checked as for playing; StoreError otherwise),
        shown at its start.  A turn file that holds only the moves since the last
        exchange needs the game it follows from, ``game`` (the moves are checked
        and added to it, the file is not changed; shown where they start)."""
        from .store import StoreError
        from .turn_delta import is_moves_file

        if is_moves_file(path):
            if game is None:
                raise StoreError(Path(path), "holds only the moves since the last e-mail "
                                             "exchange: open it with the game it follows "
                                             "from (File › Open turn file… in that game, or "
                                             "ffl replay TURNFILE --game GAME)")
            from .turnfile import open_turn

            turn = open_turn(path, GameSession.open(game))
            replay = cls(turn.session, Path(game))
            replay.goto(turn.since)
            return replay
        if game is not None:
            raise StoreError(Path(path), "is no turn file of moves only: --game goes with "
                                         "such a turn file")
        replay = cls(GameSession.open(path), Path(path))
        replay.goto(0)
        return replay

    # -- the index -------------------------------------------------------------------

    def _index(self, log: ReplayLog) -> list[Mark]:
        """The turn and phase at every step boundary (a position inside a step
        belongs to the step's start)."""
        controller = self.session.controller
        marks = []
        bounds = set(self._steps)
        state = log.initial.copy()
        from .engine import apply_event

        def mark() -> Mark:
            try:
                phase = controller.prompt(state).phase
            except DATA_ERRORS:
                phase = ""
            return Mark(state.vars.get("turn"), str(phase))

        marks.append(mark())
        for n, event in enumerate(log.all_events, 1):
            apply_event(state, event)
            if n in bounds:
                marks.append(mark())
        return marks

    def mark_at(self, position: int) -> Mark:
        return self._marks[bisect_right(self._steps, position) - 1]

    # -- where we are ------------------------------------------------------------------

    @property
    def log(self) -> ReplayLog:
        return self.session.log   # type: ignore[return-value]

    @property
    def position(self) -> int:
        return self.log.position

    @property
    def total(self) -> int:
        return self.log.total

    def goto(self, position: int) -> int:
        position = max(0, min(self.total, int(position)))
        self.log.goto(position)
        return position

    def event_at(self, position: int) -> Event | None:
        """The event that led to ``position`` (None at the start)."""
        return self.log.all_events[position - 1] if position > 0 else None

    def last_dice(self) -> list[Event]:
        """The last event with dice at or before the position (for the dice shown)."""
        events = self.log.all_events
        for n in range(self.position, 0, -1):
            if events[n - 1].dice:
                return [events[n - 1]]
        return []

    # -- moving ------------------------------------------------------------------------

    def step_event(self, delta: int) -> int:
        return self.goto(self.position + delta)

    def step_step(self, delta: int) -> int:
        """To the next (or previous) step boundary: one player action."""
        p = self.position
        if delta > 0:
            i = bisect_right(self._steps, p)
            return self.goto(self._steps[i] if i < len(self._steps) else self.total)
        i = bisect_left(self._steps, p) - 1
        return self.goto(self._steps[i] if i >= 0 else 0)

    def _starts(self, key) -> list[int]:
        """Step boundaries where ``key(mark)`` changes (the first always counts)."""
        out, last = [], object()
        for bound, mark in zip(self._steps, self._marks, strict=True):
            k = key(mark)
            if k != last:
                out.append(bound)
                last = k
        return out

    def _by(self, starts: list[int], delta: int) -> int:
        p = self.position
        if delta > 0:
            later = [s for s in starts if s > p]
            return self.goto(later[0] if later else self.total)
        earlier = [s for s in starts if s < p]
        return self.goto(earlier[-1] if earlier else 0)

    def step_phase(self, delta: int) -> int:
        """To the start of the next phase, or back to the start of this one (or the
        one before when already at its start)."""
        return self._by(self._starts(lambda m: (m.turn, m.phase)), delta)

    def step_turn(self, delta: int) -> int:
        return self._by(self._starts(lambda m: m.turn), delta)

    def turns(self) -> list[Any]:
        """The turns the game went through, in order (empty for a game without turns)."""
        out = []
        for mark in self._marks:
            if mark.turn is not None and mark.turn not in out:
                out.append(mark.turn)
        return out

    def goto_turn(self, turn: Any) -> int:
        """To the first position of ``turn`` (KeyError if the game never reached it)."""
        for bound, mark in zip(self._steps, self._marks, strict=True):
            if mark.turn == turn:
                return self.goto(bound)
        raise KeyError(f"the game never reached turn {turn}")

    # -- bookmarks and notes ------------------------------------------------------------

    def note_at(self, position: int):
        for note in self.session.notes:
            if note.event == position:
                return note
        return None

    def set_note(self, position: int, text: str | None = None,
                 bookmark: bool | None = None) -> None:
        """Set the note's text and/or bookmark on ``position`` (an empty note goes)."""
        from .store.bookmarks import MAX_NOTE, Note

        old = self.note_at(position)
        text = (old.text if old else "") if text is None else str(text)[:MAX_NOTE]
        mark = (old.bookmark if old else False) if bookmark is None else bool(bookmark)
        notes = [n for n in self.session.notes if n.event != position]
        new = Note(position, text, mark)
        if not new.empty:
            notes.append(new)
        notes.sort(key=lambda n: n.event)
        if notes != self.session.notes:
            self.session.notes = notes
            self.notes_changed = True

    def bookmarks(self) -> list[int]:
        return [n.event for n in self.session.notes if n.bookmark]

    def save_notes(self, path: str | Path | None = None) -> Path:
        """Write the notes into the file (or ``path``): the same game, every event
        as it was, only the bookmarks and notes new."""
        from .store import save_game

        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file to write the notes to")
        saved = self.source.snapshot()
        saved.notes = list(self.session.notes)
        save_game(target, saved)
        self.source.notes = list(self.session.notes)
        self.notes_changed = False
        return target

    # -- branching --------------------------------------------------------------------

    def branch(self, position: int | None = None) -> GameSession:
        return branch(self.source, self.position if position is None else position,
                      self.path, notes=self.session.notes)


def _over(session: GameSession) -> bool:
    try:
        return session.controller.outcome(session.log.state) is not None
    except DATA_ERRORS:
        return False


def step_start(session: GameSession, position: int) -> int:
    """The step boundary at or before ``position``: a branch keeps whole actions
    (a position inside an action, between its dice and their result, is no place
    a player can act from)."""
    log = session.log
    steps = log.all_steps() if isinstance(log, ReplayLog) else log.steps
    return max([s for s in [0, *steps] if s <= position])


def branch(session: GameSession, position: int, origin: str | Path | None = None,
           notes: list | None = None) -> GameSession:
    """A new game with the history of ``session`` up to ``position`` events (the
    start of the step it lies in, :func:`step_start`), naming
    its origin (``origin`` file and the event); ``session`` is not changed.  Undo
    stops at the branch point.  Raises SessionError if the game cannot go on from
    there (the rules need more events to reach a position a player can act in).
    A position inside the opening (the side rolls, a deal) branches after it."""
    events = session.log.events if not isinstance(session.log, ReplayLog) \
        else session.log.all_events
    if not 0 <= position <= len(events):
        raise IndexError(f"no position after {position} events")
    position = step_start(session, position)
    new = GameSession.new(session.module, session.scenario.id, seed=session.seed,
                          options=session.options, rules=session.rules,
                          undo_rolls=session.undo_rolls, check=False)
    opening = new.log.floor
    steps = [s for s in session.log.all_steps() if s <= position] \
        if isinstance(session.log, ReplayLog) else [s for s in session.log.steps
                                                    if s <= position]
    position = max(position, opening)       # a game starts after its opening (side rolls)
    steps = [s for s in steps if s <= position]
    new.log = replayed(new.log.initial, list(events[:position]), steps)
    new.log.floor = position
    new.barrier = BRANCH_BARRIER
    origin = origin if origin is not None else session.path
    name = Path(origin).name if origin is not None else "an unsaved game"
    new.extra = {"origin": {"file": name, "event": position,
                            "title": session.scenario.title or session.scenario.id}}
    new.notes = [n for n in (notes if notes is not None else session.notes)
                 if n.event <= position]
    new.check_playable("cannot be played on from there")
    return new
