"""The saved-game part of a file: the ``game`` row and the ``event`` log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, select

from ..engine import Event, Module
from .jsondata import BadJson, dumps, loads
from .rows import RowError, integer, text
from .schema import EventRow, GameRow

if TYPE_CHECKING:
    from . import SavedGame


def write_game(conn: Connection, saved: SavedGame) -> None:
    """Insert the game row and every event (one executemany)."""
    conn.execute(GameRow.__table__.insert(), [{
        "scenario_id": saved.scenario_id, "options": dumps(saved.options, "game options"),
        "seed": int(saved.seed), "meta": dumps(saved.meta, "game information"),
    }])
    events = [{"seq": i + 1, "data": dumps(e.to_json(), f"event {i + 1} ({e.kind})")}
              for i, e in enumerate(saved.events)]
    if events:
        conn.execute(EventRow.__table__.insert(), events)


def read_game(conn: Connection, module: Module) -> SavedGame:
    """Read and check the game row and the event log."""
    from . import SavedGame

    g = GameRow.__table__
    rows = conn.execute(select(g.c.scenario_id, g.c.options, g.c.seed, g.c.meta)).all()
    if len(rows) != 1:
        raise RowError(f"the game table should hold one row, found {len(rows)}")
    scenario_id, options, seed, meta = rows[0]
    text(scenario_id, "game scenario", empty=False)
    if scenario_id not in module.scenarios:
        raise RowError(f"the game is of scenario {scenario_id!r}, which the file does not have")
    t = EventRow.__table__
    events = [_event(seq, data) for seq, data in
              conn.execute(select(t.c.seq, t.c.data).order_by(t.c.seq))]
    return SavedGame(module, scenario_id, loads(options, "game options"),
                     integer(seed, "game seed"), events, loads(meta, "game information"))


def _event(seq: Any, data: Any) -> Event:
    where = f"event {seq}"
    d = loads(data, where)
    if not isinstance(d.get("kind"), str):
        raise BadJson(f"{where} has no kind")
    for name, kind in (("rule", str), ("text", str), ("side", str), ("changes", list),
                       ("dice", list), ("info", dict)):
        if name in d and not isinstance(d[name], kind):
            raise BadJson(f"{where} {name} has the wrong type ({type(d[name]).__name__})")
    for change in d.get("changes", []):
        if (not isinstance(change, list) or len(change) != 3
                or not (change[0] is None or isinstance(change[0], str))
                or not isinstance(change[1], str)):
            raise BadJson(f"{where} has a malformed change {change!r}")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in d.get("dice", [])):
        raise BadJson(f"{where} dice should be whole numbers")
    return Event.from_json(d)
