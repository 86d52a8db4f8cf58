"""The stack of pending decisions, and small helpers for writing events.

Much of Limits of Glory is a player answering a question in the middle of
something else: re-roll these dice?  require those to be re-rolled?  retire
into the BUA?  which elements are lost?  where do they break off?  Each such
question is a *task* (a plain dict) on ``vars["pending"]``, the top one being
asked now.  A task's ``kind`` names the handler module that knows it:

* ``prompt(state, ctx, task) -> (side, phase, text, kinds)``,
* ``options(state, ctx, task) -> [Action]`` (the listed legal answers),
* ``check(state, ctx, task, action) -> Verdict``,
* ``answer(batch, ctx, task, action)`` (pops or changes the task, adds events),
* ``auto(batch, ctx, task) -> bool``: settle the task without a question when
  nothing is left to choose (True if it did something).

After every action the controller calls :func:`ffl.games.limits_of_glory.flow.advance`,
which settles automatic tasks and moves the turn on until someone must answer.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from ...engine import Batch, Change, Event, GameState
from ...engine.dice import Dice
from ...engine.events import apply_change

PENDING = "pending"


class GloryBatch(Batch):
    """An engine Batch that also takes *quiet* changes: bookkeeping (the stack of
    questions, flags) applied to the scratch state at once and carried by the
    next event recorded (or the last one), so the log shows only what a player
    wants to read and ``fold(state, events) == batch.state`` still holds."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self._quiet: list[Change] = []

    def quiet(self, changes: list[Change]) -> None:
        for change in changes:
            apply_change(self.state, change)
        self._quiet.extend(changes)
        self.changed()

    def changed(self) -> None:
        self.state.__dict__.pop("_lg_index", None)

    def roll(self, rule: str, purpose: str, n: int = 1, sides: int = 6, side: str = "",
             **info: Any) -> tuple[int, ...]:
        """The engine's roll, its line reading "<rule>: <purpose>: rolled 4, 2": the
        rules are named in words here, so a colon keeps the rule apart from what the
        dice are for ("Set Up: Glory of on-map commanders: Glory of Murad Bey ...")."""
        event = Dice.for_state(self.state).roll(rule, purpose, n, sides, side, **info)
        if rule and purpose:
            event = replace(event, text=f"{rule}: {purpose}: rolled "
                                        f"{', '.join(map(str, event.dice))}")
        return self.record(event).dice

    def record(self, event: Event) -> Event:
        if self._quiet:
            # the quiet changes are already in the scratch state: put them first
            # and apply only the event's own changes
            merged = replace(event, changes=(*self._quiet, *event.changes))
            self._quiet = []
            for change in event.changes:
                apply_change(self.state, change)
            self.events.append(merged)
            self.changed()
            return merged
        return super().record(event)

    def finish(self, rule: str, text: str) -> list[Event]:
        """The events of the action, the last quiet changes carried by the last event
        (or by one event of their own if the action logged nothing).  The action
        counter ``_seq`` moves on (it keys the readers' caches)."""
        self.quiet([Change.var("_seq", int(self.state.vars.get("_seq", 0)) + 1)])
        if self._quiet:
            if self.events:
                last = self.events[-1]
                self.events[-1] = replace(last, changes=(*last.changes, *self._quiet))
            else:
                if not text.startswith(rule):
                    text = f"{rule} {text}"
                self.events.append(Event("note", rule, text, tuple(self._quiet)))
            self._quiet = []
        return self.events

#: task kind -> handler module (filled in by :mod:`.handlers`)
HANDLERS: dict[str, Any] = {}


def pending(state: GameState) -> list[dict]:
    return state.vars.get(PENDING, [])


def top(state: GameState) -> dict | None:
    stack = pending(state)
    return stack[-1] if stack else None


def push(batch: GloryBatch, task: dict) -> None:
    """Put ``task`` on top of the stack."""
    batch.quiet([Change.var(PENDING, copy.deepcopy(pending(batch.state)) + [task])])


def pop(batch: GloryBatch) -> dict:
    stack = copy.deepcopy(pending(batch.state))
    task = stack.pop()
    batch.quiet([Change.var(PENDING, stack)])
    return task


def update(batch: GloryBatch, **fields: Any) -> dict:
    """Change fields of the top task (``None`` deletes a field); the new task."""
    stack = copy.deepcopy(pending(batch.state))
    task = stack[-1]
    for k, v in fields.items():
        if v is None:
            task.pop(k, None)
        else:
            task[k] = copy.deepcopy(v)
    batch.quiet([Change.var(PENDING, stack)])
    return task


def note(batch: Batch, rule: str, text: str, changes=(), side: str = "", **info: Any):
    """A visible event (the log line a player reads)."""
    return batch.add("note", rule, text, list(changes), side, **info)


def setvar(batch: GloryBatch, name: str, value: Any) -> None:
    """Set a game variable quietly (``None`` deletes it)."""
    batch.quiet([Change.var(name, copy.deepcopy(value))])


def setpiece(batch: GloryBatch, pid: str, field: str, value: Any) -> None:
    """Set a piece field quietly."""
    batch.quiet([Change.set(pid, field, copy.deepcopy(value))])


def var_copy(state: GameState, name: str, default: Any) -> Any:
    return copy.deepcopy(state.vars.get(name, default))


# -- sequences of steps -------------------------------------------------------------------

#: step name -> function(batch, ctx, **args): one thing to do in turn (it may ask
#: questions by pushing tasks; the next step waits until they are answered)
STEPS: dict[str, Any] = {}


def then(batch: GloryBatch, *steps: tuple[str, dict]) -> None:
    """Do ``steps`` one after the other once the questions above are answered."""
    push(batch, {"kind": "steps", "steps": [[name, args] for name, args in steps]})


class _Steps:
    """Handler of ``steps`` tasks: never asks anything."""

    @staticmethod
    def auto(batch: GloryBatch, ctx, task: dict) -> bool:
        remaining = list(task["steps"])
        if not remaining:
            pop(batch)
            return True
        (name, args), rest = remaining[0], remaining[1:]
        if rest:
            update(batch, steps=rest)
        else:
            pop(batch)
        STEPS[name](batch, ctx, **args)
        return True


HANDLERS["steps"] = _Steps
