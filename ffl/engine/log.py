"""GameLog: the append-only list of events, with undo, redo and replay.

Events are grouped into *steps*: the events one action produced.  Undo and redo
move between step boundaries; :meth:`GameLog.truncate` returns to any earlier
event.  The current state is kept up to date incrementally, and snapshots every
``SNAPSHOT_EVERY`` events make jumping back cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .events import Event, apply_event
from .state import GameState

SNAPSHOT_EVERY = 64


class GameLog:
    def __init__(self, initial: GameState, events: Iterable[Event] = (),
                 steps: Iterable[int] | None = None) -> None:
        self.initial = initial.copy()
        self._events: list[Event] = []
        self._steps: list[int] = [0]  # event counts at every step boundary
        self._position = 0            # number of events in effect (<= len(_events))
        self._state = initial.copy()
        self._snapshots: dict[int, GameState] = {0: initial.copy()}
        #: undo may not go below this event count (e.g. a die was rolled)
        self.floor = 0
        events = list(events)
        bounds = sorted(set(_boundaries(steps)) | {len(events)})
        if bounds[0] < 0 or bounds[-1] > len(events):
            raise ValueError("step boundaries must lie within the events")
        # one step per saved boundary (or one for all): the events applied in one
        # pass; snapshots only near the end (where undo goes), the earlier ones
        # are taken when :meth:`state_at` first passes them
        last = len(events) - len(events) % SNAPSHOT_EVERY
        keep = {last - SNAPSHOT_EVERY, last} - {0}
        state = self._state
        for n, event in enumerate(events, 1):
            apply_event(state, event)
            if n in keep:
                self._snapshots[n] = state.copy()
        self._events = events
        self._position = len(events)
        self._steps = [0, *(end for end in bounds if end > 0)]

    # -- reading ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state (do not modify it; apply events through the log)."""
        return self._state

    @property
    def events(self) -> list[Event]:
        """Events in effect (those undone are not included)."""
        return self._events[: self._position]

    @property
    def position(self) -> int:
        return self._position

    def __len__(self) -> int:
        return self._position

    @property
    def steps(self) -> list[int]:
        """Event counts at the step boundaries in effect (saved with a game)."""
        return [s for s in self._steps if s <= self._position]

    def state_at(self, count: int) -> GameState:
        """The state after the first ``count`` events (a fresh copy)."""
        if not 0 <= count <= len(self._events):
            raise IndexError(f"no state after {count} events")
        base = max(k for k in self._snapshots if k <= count)
        state = self._snapshots[base].copy()
        for n in range(base, count):
            apply_event(state, self._events[n])
            if (n + 1) % SNAPSHOT_EVERY == 0 and n + 1 not in self._snapshots:
                self._snapshots[n + 1] = state.copy()   # one not taken on loading
        return state

    def replay(self) -> Iterator[tuple[Event, GameState]]:
        """Step through the log: each event with the state right after it."""
        state = self.initial.copy()
        for event in self.events:
            apply_event(state, event)
            yield event, state

    def undo_step(self) -> list[Event]:
        """The events :meth:`undo` would take back (empty if undo is not allowed)."""
        if not self.can_undo():
            return []
        return self._events[self._undo_target():self._position]

    def redo_step(self) -> list[Event]:
        """The events :meth:`redo` would bring back (empty if there is nothing to redo)."""
        if not self.can_redo():
            return []
        return self._events[self._position:self._redo_target()]

    # -- writing ----------------------------------------------------------------------

    def append(self, events: Iterable[Event], after: GameState | None = None) -> list[Event]:
        """Add one step (the events of one action); drops anything undone.

        ``after``: the state after the events, when the caller has it (the
        rules' batch worked it out): it must equal the current state with the
        events applied and be changed by nobody else from now on; the log takes
        it as its current state instead of applying the events again (the
        state it had is left as it was)."""
        events = list(events)
        if not events:
            return events
        self._drop_redo()
        if after is not None:
            start = self._position
            self._events.extend(events)
            self._position += len(events)
            self._state = after
            if self._position // SNAPSHOT_EVERY > start // SNAPSHOT_EVERY:
                self._snapshots[self._position] = _snapshot(after)
            self._steps.append(self._position)
            return events
        for event in events:
            apply_event(self._state, event)
            self._events.append(event)
            self._position += 1
            if self._position % SNAPSHOT_EVERY == 0:
                self._snapshots[self._position] = self._state.copy()
        self._steps.append(self._position)
        return events

    def join_steps(self, start: int) -> None:
        """Make everything appended since event count ``start`` one undo step
        (a dragged path of several moves undoes as one)."""
        self._steps = [s for s in self._steps if not start < s < self._position]

    def _drop_redo(self) -> None:
        if self._position < len(self._events):
            del self._events[self._position:]
            self._steps = [s for s in self._steps if s <= self._position]
            for k in [k for k in self._snapshots if k > self._position]:
                del self._snapshots[k]

    def can_undo(self) -> bool:
        return self._position > self.floor and self._position > 0

    def can_redo(self) -> bool:
        return self._position < len(self._events)

    def undo(self) -> bool:
        """Go back one step (one action).  Returns False if not allowed."""
        if not self.can_undo():
            return False
        self._goto(self._undo_target())
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self._goto(self._redo_target())
        return True

    def _undo_target(self) -> int:
        """The event count one undo goes back to (the previous boundary, not below
        the floor)."""
        return max(max(s for s in self._steps if s < self._position), self.floor)

    def _redo_target(self) -> int:
        """The event count one redo goes forward to (the next boundary)."""
        return min(s for s in self._steps if s > self._position)

    def truncate(self, count: int) -> None:
        """Undo back to just after the first ``count`` events (and forget the rest)."""
        if count < self.floor:
            raise ValueError(f"cannot undo past event {self.floor}")
        self._goto(count)
        self._drop_redo()
        if count not in self._steps:
            self._steps.append(count)
            self._steps.sort()

    def _goto(self, count: int) -> None:
        if count == self._position:
            return
        if count > self._position:
            for event in self._events[self._position:count]:
                apply_event(self._state, event)
        else:
            self._state = self.state_at(count)
        self._position = count


def _snapshot(state: GameState) -> GameState:
    """A snapshot of ``state`` for :meth:`GameLog.state_at` (which copies a
    snapshot before using it).  A copy-on-write state (a batch's, from
    :meth:`GameState.shared`) is not copied whole (issue 12: ~0.15 ms every
    64 events): the snapshot shares its pieces and variable values, and
    ``state`` gives up the pieces it owned, so an event applied to it later
    copies a piece before changing it and the snapshot stays as it was.  A
    state that owns all its pieces is copied whole."""
    if state._owned is None or state._retire:
        return state.copy()
    snapshot = state.shared()
    state._owned = set()
    return snapshot


def _boundaries(steps: Iterable[int] | None) -> list[int]:
    """Saved step boundaries as whole numbers (ValueError, never TypeError, when a
    damaged file gives something else)."""
    if steps is None:
        return []
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
        raise ValueError("step boundaries must be a list of whole numbers")
    out = []
    for s in steps:
        if isinstance(s, bool) or not isinstance(s, int):
            raise ValueError("step boundaries must be whole numbers")
        out.append(s)
    return out
