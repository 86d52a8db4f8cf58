"""Turn files for play by e-mail.

A turn file (``.fflturn``) is a saved game (the store's format and checks)
whose ``meta["email"]`` says which moves are new: ``since`` is the event count
at the last exchange, so the moves since then are ``events[since:]``.  The
player who receives it opens it (:func:`open_turn`) and steps through those
moves in a replay with the dice as they fell, then plays on and sends the next
turn file (:func:`write_turn`).

What keeps it honest:

* every event is chained to the one before by a hash (:mod:`ffl.store.chain`),
  and a turn file without the chain is refused; an edited event breaks the
  chain and the store names it ("event 212 was changed");
* the dice: die ``i`` of a game is a pure function of the game's seed and
  ``i`` (:func:`ffl.engine.dice.die_value`), and every event that rolls carries
  the counter after its roll.  :func:`check_dice` replays the log and refuses
  a roll whose counter does not follow on from the one before (a roll taken
  back and made again, or a roll left out) or whose values are not the game's
  dice at that counter.  So reopening an older file and rolling again gives the
  same numbers, and a re-roll shows in the chain;
* (a save with sealed secrets, ``ffl/sealing.py``, replays the public forms of
  the other side's events from a public seed: its dice are not checked here);
* the receiver's own copy: when the receiver has the game open, the turn file
  must continue it event for event (an event of the receiver's copy that
  differs is named), and a turn file shorter than that copy (an old turn file
  sent again) is refused.

No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .engine import Event, GameState, UndoBarrier, apply_event
from .engine.dice import ROLLS_VAR, die_value
from .file_checks import SessionError
from .session import GameSession

TURN_SUFFIX = ".fflturn"
EMAIL_BARRIER = UndoBarrier("email", "Undo does not reach back past the moves sent or "
                                     "received by e-mail.")


def _error(path: Path, problem: str):
    from .store import StoreError

    return StoreError(path, problem)


@dataclass
class TurnFile:
    """An opened turn file: the game at its end and where the new moves start."""

    session: GameSession
    since: int
    exchange: int
    #: the receiver's copy was compared with it (False: no copy of this game was open)
    compared: bool

    @property
    def new_events(self) -> list[Event]:
        return self.session.log.events[self.since:]


def email_state(session: GameSession) -> dict:
    return dict(session.extra.get("email") or {"exchange": 0, "since": 0})


def write_turn(session: GameSession, path: str | Path) -> Path:
    """Write the turn file of ``session`` (the moves since the last exchange) to
    ``path``; from then on the game's next turn file starts here and undo stops
    here.  The game's own file is not changed."""
    from .store import save_game

    path = Path(path)
    email = email_state(session)
    upto = len(session.log.events)
    saved = session.snapshot()
    saved.meta["email"] = {"exchange": email["exchange"] + 1, "since": email["since"]}
    save_game(path, saved)
    session.extra["email"] = {"exchange": email["exchange"] + 1, "since": upto}
    _close(session)
    return path


def _close(session: GameSession) -> None:
    """Undo stops at what was sent or received."""
    session.log.floor = max(session.log.floor, len(session.log.events))
    session.barrier = EMAIL_BARRIER


def same_game(a: GameSession, b: GameSession) -> bool:
    return (a.scenario.id == b.scenario.id and a.seed == b.seed
            and dict(a.options) == dict(b.options))


def open_turn(path: str | Path, mine: GameSession | None = None) -> TurnFile:
    """Open a turn file: the store's checks (the hash chain included, which a turn
    file must carry), the session's (replay to the saved position), the dice and,
    when ``mine`` is the same game, the receiver's copy.  Raises StoreError naming
    the file (and the event, where one is to blame)."""
    from .store import StoreError, load_game

    path = Path(path)
    saved = load_game(path)
    if not saved.chained and saved.events:
        raise _error(path, "is no turn file: its events carry no hash chain")
    email = saved.meta.get("email")
    if not isinstance(email, dict):
        raise _error(path, "is no turn file: it says nothing of an e-mail exchange")
    try:
        session = GameSession.restore(saved)
    except SessionError as exc:
        raise StoreError(path, str(exc)) from None
    session.path = path
    # a save with sealed secrets (ffl/sealing.py) replays public forms from a public
    # seed: its real dice are sealed with the secrets and cannot be checked here
    sealed = getattr(session, "sealed", None) is not None
    problem = "" if sealed else check_dice(session.log.initial, session.log.events)
    if problem:
        raise _error(path, f"was tampered with: {problem}")
    compared = mine is not None and same_game(mine, session)
    if compared:
        problem = compare_copy(mine.log.events, session.log.events)
        if problem:
            raise _error(path, f"does not continue your copy of the game: {problem}")
    email = session.extra["email"]
    turn = TurnFile(session, email["since"], email["exchange"], compared)
    session.extra["email"] = {"exchange": email["exchange"], "since": len(session.log.events)}
    _close(session)
    return turn


def check_dice(initial: GameState, events: list[Event]) -> str:
    """"" when every roll of ``events`` is the game's own; else which event is not:
    its counter does not follow on from the roll before (a roll taken back and
    made again, or left out), or a ``dice`` event's values are not the dice of the
    game's seed at that counter."""
    state = initial.copy()
    for n, event in enumerate(events, 1):
        before = int(state.vars.get(ROLLS_VAR, 0) or 0)
        counters = [c.value for c in event.changes if c.piece is None and c.field == ROLLS_VAR]
        if event.dice or counters:
            after = counters[-1] if counters else before
            if not isinstance(after, int) or after - before != len(event.dice):
                return (f"event {n} does not follow the game's dice (the dice counter goes "
                        f"from {before} to {after} for {len(event.dice)} dice): a roll was "
                        "taken back and made again, or left out")
            sides = event.info.get("sides") if event.kind == "dice" else None
            if isinstance(sides, int) and not isinstance(sides, bool) and sides > 0:
                expected = tuple(die_value(state.seed, before + i, sides)
                                 for i in range(len(event.dice)))
                if tuple(event.dice) != expected:
                    shown = ", ".join(map(str, event.dice))
                    real = ", ".join(map(str, expected))
                    return (f"event {n} was changed: it shows the roll {shown}, the game's "
                            f"dice gave {real}")
        apply_event(state, event)
    return ""


def compare_copy(mine: list[Event], theirs: list[Event]) -> str:
    """"" when ``theirs`` continues ``mine`` event for event; else what differs."""
    if len(theirs) < len(mine):
        return (f"it holds {len(theirs)} events and your copy {len(mine)}: it is an older "
                "turn file, opened again")
    for n, (a, b) in enumerate(zip(mine, theirs, strict=False), 1):
        if a.to_json() != b.to_json():
            return f"event {n} was changed"
    return ""
