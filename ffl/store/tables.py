"""The tables and columns of our files as plain names, for the read path.

Reading a file uses plain :mod:`sqlite3` (no sqlmodel, SQLAlchemy or pydantic
to import: start-up and ``ffl list`` stay fast); writing uses the sqlmodel
tables of :mod:`.schema`.  ``tests/store/test_store_read_path.py`` checks that
these names are exactly the schema's.
"""

from __future__ import annotations

import sqlite3
from typing import Any

#: "FFLm" as a big-endian int: written into the SQLite header to mark our files
APPLICATION_ID = 0x46464C6D

#: table -> its columns in the order the schema declares them
TABLES: dict[str, tuple[str, ...]] = {
    "module": ("id", "game", "title", "version", "kind", "schema_version", "attrs"),
    "board": ("seq", "name", "attrs"),
    "space": ("seq", "board", "key", "kind", "label", "geometry", "attrs"),
    "side": ("seq", "board", "a", "b", "features", "attrs"),
    "link": ("seq", "board", "a", "b", "kind", "directed", "attrs"),
    "piece_type": ("seq", "id", "name", "side", "kind", "org", "values"),
    "scenario": ("seq", "id", "game", "title", "board", "description", "sides", "options",
                 "setup"),
    "placement": ("seq", "scenario", "piece", "type", "side", "space", "level", "facing",
                  "status", "data"),
    "game": ("seq", "scenario_id", "options", "seed", "meta"),
    "event": ("seq", "data", "chain"),
    "bookmark": ("seq", "event", "bookmark", "note"),
}
#: the tables of a module file (a saved game adds game, event and bookmark)
MODULE_TABLE_NAMES = ("module", "board", "space", "side", "link", "piece_type", "scenario",
                      "placement")
#: boolean columns: read back as SQLAlchemy's Boolean type did (None stays None,
#: anything else is its truth value), so a file reads the same on either path
BOOLEAN_COLUMNS = frozenset({("link", "directed"), ("bookmark", "bookmark")})


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _sql(conn: Any, sql: str) -> Any:
    """Run ``sql`` on a plain sqlite3 connection or a SQLAlchemy one."""
    if isinstance(conn, sqlite3.Connection):
        return conn.execute(sql)
    return conn.exec_driver_sql(sql)


def table_name(table: Any) -> str:
    """A table given by name or as a schema class."""
    return table if isinstance(table, str) else table.__table__.name


def select_rows(conn: Any, table: Any, *names: str, order: bool = True) -> list[tuple]:
    """The columns ``names`` of every row of ``table`` (in ``seq`` order)."""
    t = table_name(table)
    for n in names:
        assert n in TABLES[t], (t, n)
    cols = ", ".join(f"{_quoted(t)}.{_quoted(n)}" for n in names)
    sql = f"SELECT {cols} FROM {_quoted(t)}"
    if order:
        sql += f" ORDER BY {_quoted(t)}.seq"
    rows = [tuple(r) for r in _sql(conn, sql)]
    flags = [i for i, n in enumerate(names) if (t, n) in BOOLEAN_COLUMNS]
    if flags:
        rows = [_booleans(r, flags) for r in rows]
    return rows


def _booleans(row: tuple, flags: list[int]) -> tuple:
    out = list(row)
    for i in flags:
        if out[i] is not None:
            out[i] = bool(out[i])
    return tuple(out)


def count(conn: Any, table: Any) -> int:
    """How many rows ``table`` holds."""
    return int(_sql(conn, f"SELECT count(*) FROM {_quoted(table_name(table))}").fetchone()[0])
