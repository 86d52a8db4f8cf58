"""Batch: the events one action produces, applied as they come to a scratch state.

Every game's rules resolve an action the same way: a rule function reads
``batch.state`` (the state after the events so far), decides, and adds events;
the next rule function reads the result.  The controller returns
``batch.events``, and ``fold(state, batch.events) == batch.state`` always holds.

A rule function, and the controller around it::

    def melee(batch: Batch, attacker: str, defender: str) -> None:
        a, b = batch.roll("6.72", "Melee", n=2)       # a ``dice`` event, counter advanced
        if a + b >= 9:
            batch.add("melee", "6.72", "defender eliminated",   # text "6.72 defender ..."
                      [Change.set(defender, "status", "eliminated")], attacker=attacker)

    batch = Batch(state)              # copies what changes: ``state`` is never modified
    melee(batch, "L3", "B4")
    return batch.events

House rule: every event's text starts with its rule number; :meth:`Batch.add`
puts the rule in front of a text that does not start with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .dice import Dice
from .events import Change, Event, _event, apply_event
from .state import GameState


class Batch:
    """Events being produced for one action, and the scratch state after them.

    ``events`` is the list so far, ``state`` the given state with every one of
    them applied, copy on write (:meth:`GameState.shared`): it shares the pieces
    and variable values no event has changed yet, and an event's change copies
    the piece first.  So a :class:`Piece` read from ``state`` before an event
    that changes it is the old object: read it again from ``state`` after the
    event.  Subclasses that cache lookups on ``state`` override :meth:`changed`,
    which runs after each recorded event.
    """

    #: tests set it: the scratch state starts as a whole copy and a replaced
    #: piece's old object fails when read (``GameState.shared(retire=True)``)
    check_stale: bool = False

    def __init__(self, state: GameState) -> None:
        self.state: GameState = state.shared(retire=Batch.check_stale)
        self.events: list[Event] = []

    def add(self, kind: str, rule: str, text: str, changes: Iterable[Change] = (),
            side: str = "", **info: Any) -> Event:
        """Record an event with no dice; ``text`` gets ``rule`` in front of it
        unless it already starts with it.  ``info`` becomes the event's info."""
        if not text.startswith(rule):
            text = f"{rule} {text}"
        return self.record(_event(kind, rule, text, tuple(changes), (), side, info))

    def roll(self, rule: str, purpose: str, n: int = 1, sides: int = 6, side: str = "",
             **info: Any) -> tuple[int, ...]:
        """Roll ``n`` dice of ``sides`` faces through the engine's :class:`Dice`
        (the counter in the scratch state), record the ``dice`` event and return
        its values."""
        event = Dice.for_state(self.state).roll(rule, purpose, n, sides, side, **info)
        return self.record(event).dice

    def die(self, rule: str, purpose: str, sides: int = 6, side: str = "", **info: Any) -> int:
        """Roll one die (:meth:`roll` with ``n=1``) and return its value."""
        return self.roll(rule, purpose, 1, sides, side, **info)[0]

    def dice(self) -> Dice:
        """Dice that go on from the scratch state's counter, for an event that
        carries many values (a shuffle): the caller puts the values and
        :meth:`Dice.counter_change` in its event and hands it to :meth:`record`."""
        return Dice.for_state(self.state)

    def record(self, event: Event) -> Event:
        """Apply ``event`` (built elsewhere, kept as it is) to the scratch state
        and append it to ``events``."""
        apply_event(self.state, event)
        self.events.append(event)
        self.changed()
        return event

    def changed(self) -> None:
        """Called after each recorded event: forget lookups cached on ``state``.
        Nothing here; a game's subclass overrides it."""
