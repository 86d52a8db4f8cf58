"""Turn files that hold only the moves since the last exchange (format 2).

The first turn file of an e-mail game is the whole game (a saved game, with
its module: the receiver has nothing yet).  Every later one is a small JSON
file (:data:`FORMAT`) that holds only what the receiver lacks and names what it
must be applied onto:

* ``game``: the chain's start (:func:`ffl.store.chain.genesis` of the
  scenario, the options as stored and the seed), so a turn file of another
  game is refused by name;
* ``base``: ``{"events": k, "chain": c}``, the number of events the receiver's
  game holds at the last exchange and the chain value after them (the hash of
  the whole history up to there), so the moves apply only onto that history;
* ``events``: each new event as the store writes it (its canonical JSON text),
  ``chain``: the chain value after each (so an edited event is named, counted
  from the start of the game), ``steps``: the undo steps among them,
  ``state_hash``: the position after them, ``exchange``: the turn file's number.

:func:`apply_moves` checks a file against the receiver's game and returns the
game with the moves added (:class:`GameSession.restore` replays it and checks
the position, as for any saved game); it refuses, saying which: a file of
another game, one that starts after the receiver's game (a turn file is
missing), one whose moves the receiver's game holds already (applied before),
one whose base is not the receiver's history (a changed or a different game
history), moves made in the receiver's game after the exchange the file starts
from, and any damage.  No Qt here.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Event
from .file_checks import SessionError
from .session import GameSession

FORMAT = "ffl-turn/2"
#: the start of every format-2 turn file (how it is told from a saved game)
MAGIC = b'{"format":"' + FORMAT.encode() + b'"'
#: the most events one turn file may carry
MAX_EVENTS = 200_000


def _error(path: Path, problem: str):
    from .store import StoreError

    return StoreError(path, problem)


def is_moves_file(path: str | Path) -> bool:
    """Whether ``path`` is a JSON text (a format-2 turn file, or a damaged or
    foreign one that :func:`read_moves` refuses by name), not a saved game; only
    its start is read."""
    import stat

    try:
        if not stat.S_ISREG(Path(path).stat().st_mode):
            return False            # a pipe would block; the store names what it is
        with Path(path).open("rb") as fh:
            start = fh.read(256)
    except OSError:
        return False
    return start.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


def opened_alone_problem(path: str | Path) -> str:
    """What to tell someone who opens a turn file of moves only as a saved game
    ("" when ``path`` is not one: only its start is read)."""
    if not is_moves_file(path):
        return ""
    with Path(path).open("rb") as fh:
        start = fh.read(256)
    if b'"format":"ffl-turn/' not in start.replace(b" ", b""):
        return ""
    return ("is a turn file that holds only the moves since the last e-mail exchange: "
            "open your copy of the game, then File › Open turn file… (or ffl replay "
            "TURNFILE --game GAME)")


# -- the chain of a game in memory --------------------------------------------------------


def event_text(event: Event, n: int) -> str:
    """The event as the store writes it (the chain is over this text)."""
    from .store.jsondata import dumps

    return dumps(event.to_json(), f"event {n} ({event.kind})")


def game_id(session: GameSession) -> str:
    """The chain's start for ``session``'s game: scenario, options as stored, seed."""
    from .store.chain import genesis
    from .store.jsondata import dumps

    return genesis(session.scenario.id, dumps(dict(session.options), "game options"),
                   int(session.seed))


def chain_values(session: GameSession, events: list[Event] | None = None) -> list[str]:
    """The chain value after each of ``events`` (default: the log), the start first."""
    from .store.chain import chain_of

    events = session.log.events if events is None else events
    start = game_id(session)
    return [start, *chain_of(start, (event_text(e, n) for n, e in enumerate(events, 1)))]


# -- writing --------------------------------------------------------------------------------


def moves_document(session: GameSession, since: int, exchange: int) -> dict[str, Any]:
    """The format-2 turn file of the moves of ``session`` after event ``since``."""
    events = session.log.events
    chain = chain_values(session)
    return {
        "format": FORMAT,
        "scenario": session.scenario.id,
        "title": session.scenario.title or session.scenario.id,
        "game": chain[0],
        "exchange": exchange,
        "base": {"events": since, "chain": chain[since]},
        "events": [event_text(e, n) for n, e in enumerate(events[since:], since + 1)],
        "chain": chain[since + 1:],
        "steps": [s for s in session.log.steps if s > since],
        "state_hash": session.state.hash(),
    }


def write_moves(session: GameSession, path: Path, since: int, exchange: int) -> None:
    """Write the moves after event ``since`` atomically (a temporary file in the
    same folder, then renamed), read back and checked before it is kept."""
    from .store.jsondata import dumps

    doc = moves_document(session, since, exchange)
    # the format first (how the file is told from a saved game), the rest in order
    rest = dumps({k: v for k, v in doc.items() if k != "format"}, "the turn file")
    text = MAGIC.decode() + "," + rest[1:]
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise _error(path, f"cannot be written: the folder {folder} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _error(path, f"cannot be written: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        # never write a file our own open would refuse: read it back first
        back = read_moves(tmp)
        if back.doc != doc:
            raise _error(path, "could not be written: it did not read back the same")
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        raise _error(path, f"could not be written: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


# -- reading --------------------------------------------------------------------------------


@dataclass
class Moves:
    """A format-2 turn file, read and checked for its shape (not yet against a game)."""

    path: Path
    doc: dict[str, Any]
    events: list[Event]

    @property
    def base(self) -> int:
        return self.doc["base"]["events"]

    @property
    def exchange(self) -> int:
        return self.doc["exchange"]

    @property
    def head(self) -> str:
        return self.doc["chain"][-1] if self.doc["chain"] else self.doc["base"]["chain"]


def _hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and all(
        c in "0123456789abcdef" for c in value)


def _count(value: Any, high: int = 2 ** 53) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def read_moves(path: str | Path) -> Moves:
    """Read a format-2 turn file and check its shape and its own chain (an event
    edited after it was written is named); StoreError naming the file."""
    from .store.chain import CHAIN_LENGTH, link
    from .store.files import read_bytes
    from .store.jsondata import BadJson, loads
    from .store.savegame import _event

    path = Path(path)
    data = read_bytes(path)
    try:
        doc = loads(data.decode("utf-8-sig"), "the turn file")
    except UnicodeDecodeError:
        raise _error(path, "is damaged: it is not text") from None
    except BadJson as exc:
        raise _error(path, f"is damaged: {exc}") from None
    if "format" not in doc:
        raise _error(path, "is not a turn file of this program (a JSON text without its "
                           "format)")
    known = {"format", "scenario", "title", "game", "exchange", "base", "events", "chain",
             "steps", "state_hash"}
    extra = sorted(set(doc) - known)
    if doc.get("format") != FORMAT:
        newer = isinstance(doc["format"], str) and doc["format"].startswith("ffl-turn/")
        raise _error(path, "was written by a newer version (turn-file format "
                           f"{doc['format'][9:][:10]!r})" if newer else
                     "is not a turn file of this program (an unknown format)")
    if extra:
        raise _error(path, f"is damaged: it has an unknown entry {extra[0][:40]!r}")
    base, events, chain = doc.get("base"), doc.get("events"), doc.get("chain")
    steps = doc.get("steps")
    if not (isinstance(doc.get("scenario"), str) and isinstance(doc.get("title"), str)
            and _hex(doc.get("game"), CHAIN_LENGTH) and _count(doc.get("exchange"), 2 ** 31)
            and isinstance(base, dict) and set(base) == {"events", "chain"}
            and _count(base["events"]) and _hex(base["chain"], CHAIN_LENGTH)
            and isinstance(events, list) and isinstance(chain, list)
            and len(events) == len(chain) and len(events) <= MAX_EVENTS
            and all(isinstance(t, str) for t in events)
            and all(_hex(c, CHAIN_LENGTH) for c in chain)
            and _hex(doc.get("state_hash"), 32) and isinstance(steps, list)):
        raise _error(path, "is damaged: its record of the game, the base it follows from "
                           "or its events is not what a turn file holds")
    k = base["events"]
    if not all(_count(s) and k < s <= k + len(events) for s in steps) or \
            steps != sorted(set(steps)):
        raise _error(path, "is damaged: its undo steps do not fit its events")
    value = base["chain"]
    parsed = []
    for n, (text, stored) in enumerate(zip(events, chain, strict=True), k + 1):
        value = link(value, text)
        if value != stored:
            raise _error(path, f"was tampered with: event {n} was changed (the chain of "
                               "event hashes breaks there)")
        try:
            parsed.append(_event(n, text))
        except BadJson as exc:
            raise _error(path, f"is damaged: {exc}") from None
    return Moves(path, doc, parsed)


# -- applying ------------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def follows_problem(moves: Moves, mine: GameSession) -> str:
    """"" when ``moves`` follows from ``mine`` (same game, same history up to its
    base, nothing after it); else why not, in plain words."""
    doc = moves.doc
    if doc["game"] != game_id(mine):
        if doc["scenario"] != mine.scenario.id:
            return (f"is a turn file of another game ({doc['title']}); the game open is "
                    f"{mine.scenario.title or mine.scenario.id}")
        return ("is a turn file of another game of the same scenario (another seed or "
                "other options): open your copy of the game it belongs to")
    if doc["scenario"] != mine.scenario.id:
        return "is damaged: the scenario it names is not the one of the game it names"
    chain = chain_values(mine)
    have, k, count = len(chain) - 1, moves.base, len(moves.events)
    exchanges = dict(mine.extra.get("email") or {}).get("exchange", 0)
    if k > have:
        return (f"is turn file {moves.exchange}, which follows from event {k} of the game; "
                f"your copy holds only {have} events (turn file {exchanges} was the last "
                "it saw): a turn file in between is missing, or this copy was not saved "
                "after your last turn")
    if chain[k] != doc["base"]["chain"]:
        return (f"does not follow from your copy of the game: the history up to event {k} "
                "differs (an event before it was changed, here or in the sender's copy)")
    if have == k:
        return ""
    if k + count <= have and chain[k + count] == moves.head:
        return (f"was opened already: your copy holds its {_plural(count, 'event')} "
                f"(events {k + 1} to {k + count})")
    return (f"does not follow from your copy of the game: your copy holds "
            f"{_plural(have - k, 'event')} after event {k}, where the turn file starts "
            "(moves made after the last exchange, or a turn file sent again after more "
            "play)")


def apply_moves(moves: Moves, mine: GameSession) -> GameSession:
    """The receiver's game with the moves of ``moves`` added, replayed and checked
    (StoreError naming the file when it does not follow from ``mine`` or does not
    replay to the position it names)."""
    path = moves.path
    if getattr(mine, "sealed", None) is not None:
        raise _error(path, "cannot be applied to a game with sealed secrets (such a game "
                           "goes by e-mail as a sealed save)")
    problem = follows_problem(moves, mine)
    if problem:
        raise _error(path, problem)
    saved = mine.snapshot()
    k = moves.base
    saved.events = [*saved.events[:k], *moves.events]
    saved.meta = {**saved.meta, "state_hash": moves.doc["state_hash"],
                  "steps": [s for s in mine.log.steps if s <= k] + list(moves.doc["steps"]),
                  "email": {"exchange": moves.exchange, "since": k}}
    saved.notes = [n for n in saved.notes if n.event <= k]
    try:
        session = GameSession.restore(saved)
    except SessionError as exc:
        raise _error(path, str(exc)) from None
    session.path = mine.path
    return session
