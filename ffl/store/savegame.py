"""The saved-game part of a file: the ``game`` row and the ``event`` log.

Each event is checked as the engine will apply it: a kind, texts where texts
go, changes of the form ``[piece or null, field, value]`` naming a field a
piece has (``space``, ``level``, ``facing``, ``status``, ``side``, ``type``,
``markers.NAME``, ``data.NAME``) with a value of the right type, and dice as
whole numbers.  Whether the events replay into the state that was saved is
the session's check (:meth:`ffl.session.GameSession.load`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Event, Module
from ..engine.events import PIECE_FIELDS
from .bookmarks import read_notes, write_notes
from .chain import CHAIN_LENGTH, chain_of, first_break, genesis
from .jsondata import BadJson, dumps, loads
from .rows import MAX_LEVEL, MAX_NAME, RowError, count_rows, integer, shown, text
from .tables import select_rows

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from . import SavedGame

#: the largest seed (the dice are a function of the seed and a counter)
MAX_SEED = 2 ** 62
#: the largest value one die can show
MAX_DIE = 10_000


def write_game(conn: Connection, saved: SavedGame) -> None:
    """Insert the game row and every event (one executemany)."""
    from .schema import EventRow, GameRow

    options = dumps(saved.options, "game options")
    conn.execute(GameRow.__table__.insert(), [{
        "scenario_id": saved.scenario_id, "options": options,
        "seed": int(saved.seed), "meta": dumps(saved.meta, "game information"),
    }])
    texts = [dumps(e.to_json(), f"event {i + 1} ({e.kind})") for i, e in enumerate(saved.events)]
    chain = chain_of(genesis(saved.scenario_id, options, int(saved.seed)), texts)
    events = [{"seq": i + 1, "data": data, "chain": link}
              for i, (data, link) in enumerate(zip(texts, chain, strict=True))]
    if events:
        conn.execute(EventRow.__table__.insert(), events)
    write_notes(conn, saved.notes, len(events))


def read_game(conn: Any, module: Module) -> SavedGame:
    """Read and check the game row and the event log (plain sqlite3: see
    :mod:`.tables`)."""
    from . import SavedGame

    rows = select_rows(conn, "game", "scenario_id", "options", "seed", "meta", order=False)
    if len(rows) != 1:
        raise RowError(f"the game table should hold one row, found {len(rows)}")
    scenario_id, options, seed, meta = rows[0]
    text(scenario_id, "game scenario", empty=False, longest=MAX_NAME)
    if scenario_id not in module.scenarios:
        raise RowError(f"the game is of scenario {shown(scenario_id)}, which the file does "
                       "not have")
    count_rows(conn, "event")
    rows = select_rows(conn, "event", "seq", "data", "chain")
    events = [_event(n, data) for n, (_seq, data, _chain) in enumerate(rows, 1)]
    seed = integer(seed, "game seed", low=0, high=MAX_SEED)
    opts, info = loads(options, "game options"), loads(meta, "game information")
    notes = read_notes(conn, len(events))
    chained = _check_chain(rows, genesis(scenario_id, str(options), seed))
    return SavedGame(module, scenario_id, opts, seed, events, info, notes, chained)


def _check_chain(rows: list, start: str) -> bool:
    """Every event's chain value follows from the events before it (schema 3); a
    file from before the chain (every value empty) has none to check (False)."""
    stored = [r[2] for r in rows]
    if all(v == "" for v in stored):
        return False
    for n, value in enumerate(stored, 1):
        if not isinstance(value, str) or len(value) != CHAIN_LENGTH:
            raise RowError(f"event {n} has no valid hash in the chain of events, so the log "
                           "was changed after it was written")
    broken = first_break(start, [r[1] for r in rows], stored)
    if broken == 1:
        raise RowError("event 1 was changed, or the game's scenario, options or seed (the "
                       "chain of event hashes breaks there)")
    if broken is not None:
        raise RowError(f"event {broken} was changed (the chain of event hashes breaks "
                       "there), so the log is not the one that was saved")
    return True


#: the entries an event may have, and the type of each but its kind
EVENT_KEYS = frozenset({"kind", "rule", "text", "side", "changes", "dice", "info"})
EVENT_TYPES = (("rule", str), ("text", str), ("side", str), ("changes", list),
               ("dice", list), ("info", dict))


def _event(n: int, data: Any) -> Event:
    d = loads(data, f"event {n}")
    kind = d.get("kind")
    if type(kind) is not str or not kind or len(kind) > MAX_NAME:
        raise BadJson(f"event {n} has no kind")
    # one pass over the entries, each known and of its type (a value parsed from
    # JSON is of its exact type); _entry_problem says what is wrong, as before
    for key, value in d.items():
        wanted = _EVENT_TYPE.get(key)
        if wanted is None:
            if key == "kind":
                continue
            _entry_problem(n, d)
        if type(value) is not wanted and not isinstance(value, wanted):
            _entry_problem(n, d)
    for change in d.get("changes", ()):
        # the usual changes (a game variable; a piece's data, a field with a
        # value it may hold, or a marker count) pass here; _check_change looks
        # at the rest again and names what is wrong
        if type(change) is list and len(change) == 3:
            piece, field, value = change
            if type(field) is str and field:
                if piece is None:
                    continue
                if type(piece) is str:
                    if field.startswith("data.") and len(field) > 5:
                        continue    # a piece's data: any JSON value
                    ok = _FIELD_OK.get(field)
                    if ok is not None and ok(value):
                        continue
                    if (field.startswith("markers.") and len(field) > 8
                            and (value is None or type(value) is int)):
                        continue
        _check_change(change, f"event {n}")
    dice = d.get("dice")
    if dice:
        for v in dice:
            if type(v) is not int or not 0 <= v <= MAX_DIE:
                raise BadJson(f"event {n} dice should be whole numbers from 0 to {MAX_DIE}")
    return Event.from_parsed(d)


#: the type of each entry of an event but its kind
_EVENT_TYPE = dict(EVENT_TYPES)


def _entry_problem(n: int, d: dict) -> None:
    """Raise BadJson for the first unknown entry of event ``n``, else for the
    first entry of the wrong type (in the order of :data:`EVENT_TYPES`)."""
    if not d.keys() <= EVENT_KEYS:
        unknown = sorted(set(d) - EVENT_KEYS)
        raise BadJson(f"event {n} has an unknown entry {shown(unknown[0])}")
    for key, wanted in EVENT_TYPES:
        if key in d and not isinstance(d[key], wanted):
            raise BadJson(f"event {n} {key} has the wrong type ({type(d[key]).__name__})")


def _check_change(change: Any, where: str) -> None:
    """``[piece or null, field, value]`` with a value the field can hold."""
    if (not isinstance(change, list) or len(change) != 3
            or not (change[0] is None or isinstance(change[0], str))
            or not isinstance(change[1], str) or not change[1]):
        raise BadJson(f"{where} has a malformed change {shown(change)}")
    piece, field, value = change
    if piece is None:
        return      # a game variable: any JSON value
    head, _, rest = field.partition(".")
    if head in ("markers", "data") and rest:
        if head == "markers" and value is not None and (
                isinstance(value, bool) or not isinstance(value, int)):
            raise BadJson(f"{where} sets marker {shown(rest)} of {shown(piece)} to "
                          f"{shown(value)}, not a count")
        return
    if field not in PIECE_FIELDS:
        raise BadJson(f"{where} changes {shown(field)}, which is not a field of a piece")
    if not _FIELD_OK[field](value):
        raise BadJson(f"{where} sets the {field} of {shown(piece)} to {shown(value)}")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: what each field of a piece may be set to (only the field changed is checked)
_FIELD_OK = {
    "space": lambda v: v is None or isinstance(v, str),
    "level": lambda v: _whole(v) and -MAX_LEVEL <= v <= MAX_LEVEL,
    "facing": lambda v: v is None or (_whole(v) and 0 <= v <= 7),
    "status": lambda v: isinstance(v, str) and bool(v),
    "side": lambda v: isinstance(v, str),
    "type": lambda v: isinstance(v, str) and bool(v),
}
