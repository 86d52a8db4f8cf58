"""The undo rule of the FFL play window, kept by moving ``GameLog.floor``:

* undo reaches back to the start of the current phase, never further (a phase
  ends with end-phase, the mixing of the cup, a new turn or the end of a
  set-up);
* a step that rolled a die cannot be undone unless the preference "allow undo
  of rolls" (QSettings ``ffl/undo_rolls``, both players' agreement) is on.

A saved game keeps its steps and its floor, so a reopened game undoes exactly
as far as it could before it was saved.
"""

from __future__ import annotations

from ffl.engine import Event, GameLog

#: event kinds that close a phase (the next phase starts after them)
PHASE_BOUNDARIES = frozenset({"end-phase", "mix", "turn", "end-setup", "victory", "game-over"})

PHASE, ROLL = "phase", "roll"
REASONS = {
    PHASE: "Undo reaches back only to the start of the current phase.",
    ROLL: "A die was rolled: rolls are final unless both players allow undoing them "
          "(Game › Allow undo of rolls).",
}


class UndoRule:
    """Moves the log's floor after each step and remembers why it is there."""

    def __init__(self, log: GameLog, undo_rolls: bool) -> None:
        self.log = log
        self.undo_rolls = undo_rolls
        self.reason = PHASE
        if log.floor and any(e.kind == "dice" for e in log.events[log.floor - 1:log.floor]):
            self.reason = ROLL

    def after_step(self, events: list[Event]) -> None:
        """Called after a step is appended to the log."""
        if any(e.kind in PHASE_BOUNDARIES for e in events) or self._over(events):
            self._raise(PHASE)
        elif not self.undo_rolls and any(e.kind == "dice" for e in events):
            self._raise(ROLL)

    def set_undo_rolls(self, allowed: bool) -> None:
        """Turning the preference off keeps the rolls already made final."""
        self.undo_rolls = allowed
        if not allowed:
            since = self.log.events[self.log.floor:]
            if any(e.kind == "dice" for e in since):
                self._raise(ROLL)

    def _over(self, events: list[Event]) -> bool:
        return self.log.state.vars.get("phase") == "over"

    def _raise(self, reason: str) -> None:
        self.log.floor = self.log.position
        self.reason = reason

    def tooltip(self) -> str:
        """Why undo is not possible now ("" when it is)."""
        if self.log.can_undo() or self.log.position == 0:
            return ""
        return REASONS[self.reason]
