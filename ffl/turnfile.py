"""Turn files for play by e-mail.

A turn file (``.fflturn``) carries the moves since the last exchange.  The
first one of a game is the whole game (a saved game, the store's format and
checks, with ``meta["email"]``: ``since`` the event count at the last exchange,
so the moves are ``events[since:]``): the receiver has nothing yet.  Every
later one holds only the new events and what they follow from
(:mod:`ffl.turn_delta`, format 2: the game's identity, the event count and the
chain value of the receiver's history at the last exchange); it is applied
onto the receiver's copy of the game and refused, by name, when it does not
follow from it (another game, a turn file missing in between, one opened
already, a different history, moves made after the exchange).  The player who
receives it opens it (:func:`open_turn`) and steps through those moves in a
replay with the dice as they fell, then plays on and sends the next turn file
(:func:`write_turn`).  Whole-game turn files of earlier versions still open.

What keeps it honest (and what does not: docs/architecture.md, "What a player
can trust"):

* every event is chained to the one before by a hash (:mod:`ffl.store.chain`),
  and a turn file without the chain is refused; an edited event breaks the
  chain and is named ("event 212 was changed");
* the dice: die ``i`` of a game is a pure function of the game's seed and
  ``i`` (:func:`ffl.engine.dice.die_value`), and every event that rolls carries
  the counter after its roll.  :func:`check_dice` reads the log and refuses
  a roll whose counter does not follow on from the one before (a roll taken
  back and made again, or a roll left out) or whose values are not the game's
  dice at that counter.  So reopening an older file and rolling again gives the
  same numbers, and a re-roll shows;
* a save with sealed secrets (``ffl/sealing.py``) is checked by
  :func:`sealed_dice_problem` (called when it is opened): fully by the
  secrets' owner, by the dice counter only on the other side;
* the receiver's own copy: a turn file must continue it event for event (an
  event of the receiver's copy that differs is named); one it holds already
  is refused.

No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from .engine import Event, GameState, UndoBarrier
from .engine.dice import ROLLS_VAR, die_value
from .file_checks import SessionError
from .session import GameSession
from .turn_rules import RulesCheck

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
    #: the file held only the moves (format 2), applied onto the receiver's copy
    moves_only: bool = False
    #: what the rules check of the new moves found (:mod:`ffl.turn_rules`)
    rules: RulesCheck | None = None

    @property
    def new_events(self) -> list[Event]:
        return self.session.log.events[self.since:]


def email_state(session: GameSession) -> dict:
    return dict(session.extra.get("email") or {"exchange": 0, "since": 0})


def write_turn(session: GameSession, path: str | Path, whole: bool | None = None) -> Path:
    """Write the turn file of ``session`` (the moves since the last exchange) to
    ``path``; from then on the game's next turn file starts here and undo stops
    here.  The game's own file is not changed (save it: the next turn file
    received applies onto it).

    The first exchange (nothing sent or received yet), a game with sealed
    secrets or ``whole=True`` writes the whole game; else only the moves
    (:mod:`ffl.turn_delta`)."""
    from .store import save_game
    from .turn_delta import write_moves

    path = Path(path)
    email = email_state(session)
    upto = len(session.log.events)
    since = min(email["since"], upto)
    if whole is None:
        whole = since == 0 or getattr(session, "sealed", None) is not None
    if whole:
        saved = session.snapshot()
        saved.meta["email"] = {"exchange": email["exchange"] + 1, "since": since}
        save_game(path, saved)
    else:
        write_moves(session, path, since, email["exchange"] + 1)
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
    """Open a turn file.  One with only the moves (format 2) is applied onto
    ``mine``, the receiver's game, and refused unless it follows from it.  A
    whole-game one goes through the store's checks (the hash chain included,
    which a turn file must carry), the session's (replay to the saved position),
    the dice and, when ``mine`` is the same game, the receiver's copy.  Raises
    StoreError naming the file (and the event, where one is to blame)."""
    from .turn_delta import is_moves_file

    path = Path(path)
    if is_moves_file(path):
        return _open_moves(path, mine)
    return _open_whole(path, mine)


def _open_moves(path: Path, mine: GameSession | None) -> TurnFile:
    from .turn_delta import apply_moves, read_moves

    moves = read_moves(path)
    if mine is None:
        raise _error(path, f"holds only the moves of turn file {moves.exchange} "
                           f"({moves.doc['title']}, after event {moves.base}): open your "
                           "copy of the game first, then the turn file")
    session = apply_moves(moves, mine)
    problem = dice_problem(session)
    if problem:
        raise _error(path, f"was tampered with: {problem}")
    rules = rules_check(session, moves.base, path)
    turn = TurnFile(session, moves.base, moves.exchange, True, True, rules)
    session.extra["email"] = {"exchange": moves.exchange, "since": len(session.log.events)}
    _close(session)
    return turn


def rules_check(session: GameSession, since: int, path: Path) -> RulesCheck:
    """The rules check of the events after ``since`` (the game's opening is the
    controller's own: it must be what the controller gives); StoreError naming
    the file and the event when a step is not what a legal action gives."""
    from .turn_rules import check_rules

    log, controller = session.log, session.controller
    opening = list(controller.opening(log.initial))
    if since < len(opening):
        if log.events[:len(opening)] != opening:
            raise _error(path, "was tampered with: the game's opening (the first "
                               f"{len(opening)} events) is not the one the rules give")
        since = len(opening)
    result = check_rules(controller, log.state_at(since), log.events[since:], log.steps,
                         since, session.rules)
    if result.problem:
        raise _error(path, f"holds a move the rules do not allow: {result.problem}")
    return result


def dice_problem(session: GameSession) -> str:
    """The dice check of an opened game ("" when it holds)."""
    return check_dice(session.log.initial, session.log.events)


def _open_whole(path: Path, mine: GameSession | None) -> TurnFile:
    from .store import StoreError, load_game

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
    record = saved.meta.get("seed_commit")          # a seed made by both players
    if record is not None:
        from .seed_commit import record_problem

        problem = record_problem(record, saved.seed)
        if problem:
            raise _error(path, f"was tampered with: it {problem}")
    # a save with sealed secrets was dice-checked when it was opened (restore)
    if getattr(session, "sealed", None) is None and not saved.meta.get("sealed"):
        problem = dice_problem(session)
        if problem:
            raise _error(path, f"was tampered with: {problem}")
    compared = mine is not None and same_game(mine, session)
    if compared:
        problem = compare_copy(mine.log.events, session.log.events)
        if problem:
            raise _error(path, f"does not continue your copy of the game: {problem}")
        held = len(session.log.events)
        if held == len(mine.log.events) and session.extra["email"]["since"] < held:
            raise _error(path, f"was opened already: your copy holds all of its {held} "
                               "events")
    email = session.extra["email"]
    # a save with sealed secrets holds public forms of the secret steps (and the
    # other program played on its view): no rules check there
    sealed = getattr(session, "sealed", None) is not None or saved.meta.get("sealed")
    rules = RulesCheck(checked=False) if sealed else rules_check(session, email["since"],
                                                                   path)
    turn = TurnFile(session, email["since"], email["exchange"], compared, False, rules)
    session.extra["email"] = {"exchange": email["exchange"], "since": len(session.log.events)}
    _close(session)
    return turn


def check_dice(initial: GameState, events: list[Event], *,
               seed_for: Callable[[int], int | None] | None = None,
               hidden: Collection[int] = ()) -> str:
    """"" when every roll of ``events`` is the game's own; else which event is not:
    its counter does not follow on from the roll before (a roll taken back and
    made again, or left out), or a ``dice`` event's values are not the dice of the
    game's seed at that counter.

    ``seed_for(n)`` is the seed event ``n`` (from 1) rolled from, None when its
    values cannot be checked (only its counter); by default the seed of
    ``initial``.  The events numbered in ``hidden`` are sealed (their dice are
    encrypted): their counter may move on by any number of dice, never back.
    The counter is read from the events' changes (a roll's events set it), so
    nothing is replayed."""
    rolls = initial.vars.get(ROLLS_VAR, 0)
    before = rolls if isinstance(rolls, int) and not isinstance(rolls, bool) else 0
    for n, event in enumerate(events, 1):
        counters = [c.value for c in event.changes if c.piece is None and c.field == ROLLS_VAR]
        if not (event.dice or counters):
            continue
        after = counters[-1] if counters else before
        if not isinstance(after, int) or isinstance(after, bool):
            return f"event {n} has a damaged dice counter"
        if n in hidden:
            if after < before:
                return (f"event {n} does not follow the game's dice (the dice counter goes "
                        f"back from {before} to {after}): a roll was taken back and made "
                        "again")
            before = after
            continue
        if after - before != len(event.dice):
            return (f"event {n} does not follow the game's dice (the dice counter goes "
                    f"from {before} to {after} for {len(event.dice)} dice): a roll was "
                    "taken back and made again, or left out")
        seed = initial.seed if seed_for is None else seed_for(n)
        sides = event.info.get("sides") if event.kind == "dice" else None
        if seed is not None and isinstance(sides, int) and not isinstance(sides, bool) \
                and sides > 0:
            expected = tuple(die_value(seed, before + i, sides) for i in range(len(event.dice)))
            if event.info.get("zero") is True:      # faces read 0 for the highest (a d10)
                expected = tuple(v % sides for v in expected)
            if tuple(event.dice) != expected:
                shown = ", ".join(map(str, event.dice))
                real = ", ".join(map(str, expected))
                return (f"event {n} was changed: it shows the roll {shown}, the game's "
                        f"dice gave {real}")
        before = after
    return ""


def sealed_dice_problem(session: GameSession, saved, initial: GameState,
                        events: list[Event]) -> str:
    """The dice check of a save mailed with sealed secrets (:mod:`ffl.sealing`),
    opened into ``session`` from ``initial`` and ``events`` (what
    :func:`ffl.sealing.opened` gave); "" when it holds.

    * The owner's program (it opened every seal: the real seed is known):
      every roll up to the sealed count, the secret draws included, against the
      real seed; the other program's rolls after them against the seed that
      program rolled from (its view of the start with the public seed).
    * The other player's program (the seals stay shut): the dice counter
      through the whole log (each public roll moves it on by its number of dice,
      a sealed step by any number, never back); the values of the rolls up to
      the sealed count cannot be checked there (the real seed is sealed: with
      it the secret draws could be worked out); its own rolls after them
      against its own start's seed.
    """
    sealed = saved.meta.get("sealed") or {}
    count = sealed.get("count") if isinstance(sealed, dict) else None
    if not isinstance(count, int) or isinstance(count, bool):
        return "its sealed secrets have no count of events"
    if getattr(session, "sealed", None) is not None:       # the seals stay shut
        hidden = {n for n, e in enumerate(events, 1) if e.info.get("sealed")}
        own = initial.seed
        return check_dice(initial, events, hidden=hidden,
                          seed_for=lambda n: None if n <= count else own)
    controller = session.controller
    other = controller.view(controller.setup(session.scenario, session.options, saved.seed),
                            sealed.get("for", ""))
    real, theirs = initial.seed, other.seed
    return check_dice(initial, events, seed_for=lambda n: real if n <= count else theirs)


def compare_copy(mine: list[Event], theirs: list[Event]) -> str:
    """"" when ``theirs`` continues ``mine`` event for event; else what differs."""
    if len(theirs) < len(mine):
        return (f"it holds {len(theirs)} events and your copy {len(mine)}: it is an older "
                "turn file, opened again")
    for n, (a, b) in enumerate(zip(mine, theirs, strict=False), 1):
        if a.to_json() != b.to_json():
            return f"event {n} was changed"
    return ""
