"""What a file must mean before a game from it is shown (used by
:mod:`ffl.session`): the save's bookkeeping checked, its log replayed with the
first event that cannot be applied named, a controller's ``check_module``
asked, and whatever game code raises on data it cannot use turned into one
:class:`SessionError` a player can read.  No Qt here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from .engine import Event, GameLog, GameState, Module, RuleController, apply_event
from .games.manifest import RULES_MODES


class SessionError(ValueError):
    """A game cannot be started or reopened; the message says why in plain words."""


#: what game code raises on data it cannot use (a damaged or tampered file)
DATA_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError,
               RecursionError, AssertionError)


@contextmanager
def game_code(failure: str) -> Iterator[None]:
    """Turn what a controller raises on unusable data into one SessionError."""
    try:
        yield
    except SessionError:
        raise
    except DATA_ERRORS as exc:
        raise SessionError(f"{failure}: {plain_reason(exc)}") from exc


def plain_reason(exc: BaseException) -> str:
    """An exception as a clause a player can read (a KeyError's bare key is not)."""
    if isinstance(exc, KeyError) and exc.args:
        return f"it names {exc.args[0]!r}, which the game does not know"
    text = str(exc).strip()
    if isinstance(exc, ValueError) and text:
        return text
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def module_title(module: Module) -> str:
    return repr(module.title) if module.title else f"module {module.id!r}"


def module_problems(controller: RuleController, module: Module) -> list[str]:
    """What keeps ``controller``'s game from playing ``module`` (its
    ``check_module``; a controller without one finds nothing)."""
    check = getattr(controller, "check_module", None)
    if check is None:
        return []
    try:
        return list(check(module))
    except DATA_ERRORS as exc:
        return [f"its data cannot be read ({plain_reason(exc)})"]


HASH_LENGTH = 32


def saved_meta(meta: Mapping[str, Any], events: int) -> dict[str, Any]:
    """The bookkeeping of a save, checked: the hash of the position saved, the step
    boundaries, the undo floor and its reason, the rules mode and the undo
    agreement (SessionError naming what is wrong)."""
    out = dict(meta)
    digest = out.get("state_hash")
    if not isinstance(digest, str) or len(digest) != HASH_LENGTH or any(
            c not in "0123456789abcdef" for c in digest):
        raise SessionError("has no valid record of the position it was saved in")
    steps = out.get("steps")
    if steps is not None and not (
            isinstance(steps, list) and all(_count(s, events) for s in steps)):
        raise SessionError(f"has damaged undo steps (they should be event counts from 0 to "
                           f"{events})")
    if not _count(out.get("floor", 0), events):
        raise SessionError(f"has a damaged undo limit (an event count from 0 to {events})")
    rules = out.get("rules")
    if rules is not None and rules not in RULES_MODES:
        raise SessionError(f"names an unknown rules mode ({str(rules)[:20]!r}; known: "
                           f"{', '.join(RULES_MODES)})")
    if not isinstance(out.get("undo_rolls", False), bool):
        raise SessionError("has a damaged undo agreement (it should be true or false)")
    barrier = out.get("barrier")
    if barrier is not None and not (
            isinstance(barrier, dict) and isinstance(barrier.get("reason"), str)
            and isinstance(barrier.get("kind", ""), str)
            and isinstance(barrier.get("rule", ""), str)):
        raise SessionError("has a damaged reason why undo stops")
    return out


def _count(value: Any, events: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= events


def replayed(initial: GameState, events: list[Event], steps: Any) -> GameLog:
    """The log of ``events`` from ``initial``; SessionError naming the first event
    that cannot be applied."""
    try:
        return GameLog(initial, events, steps)
    except DATA_ERRORS:
        pass
    state = initial.copy()
    for n, event in enumerate(events, 1):
        try:
            apply_event(state, event)
        except DATA_ERRORS as exc:
            raise SessionError(f"cannot be replayed: event {n} ({event.kind}) "
                               f"{_change_problem(exc)}") from None
    raise SessionError("cannot be replayed: its undo steps do not fit its events")


def _change_problem(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return f"changes {exc.args[0]!r}, which the game does not have"
    return f"cannot be applied ({plain_reason(exc)})"
