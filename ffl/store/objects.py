"""What a file may contain besides rows: only the tables and indexes we write.

A file of this program holds the module tables (plus ``game`` and ``event`` in
a saved game) and their plain indexes.  A view, a trigger, a virtual table, a
generated column or an index on an expression never comes from this program,
and each could run commands while the file is read or migrated (a view that
recurses for ever, a trigger that rewrites a title during a migration), so a
file holding one is refused before any of its tables is read.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .errors import StoreError
from .tables import MODULE_TABLE_NAMES, TABLES

#: table -> its columns as this version writes them (plain names: no sqlmodel to import)
COLUMNS: dict[str, frozenset[str]] = {t: frozenset(cols) for t, cols in TABLES.items()}
#: columns a migration adds: absent from files older than the version shown
ADDED_IN = {("space", "label"): 2, ("link", "directed"): 2, ("event", "chain"): 3}
#: SQLite's own bookkeeping tables, harmless
INTERNAL = frozenset({"sqlite_sequence", "sqlite_stat1", "sqlite_stat4"})


def check_objects(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a file holding anything but our tables, columns and plain indexes."""
    objects = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    for kind, name, *_ in objects:
        if kind in ("view", "trigger"):
            raise StoreError(path, f"holds a {kind} ({_short(str(name))}), which files of "
                                   "this program never contain; it could run commands, so "
                                   "the file is not opened")
    tables: set[str] = set()
    for kind, name, table, sql in objects:
        name, table, sql = str(name), str(table), str(sql or "")
        if kind == "table":
            if name in INTERNAL:
                continue
            if name not in COLUMNS:
                raise StoreError(path, f"holds a table this program does not write "
                                       f"({_short(name)}), so it is not opened")
            if sql.lstrip().upper().startswith("CREATE VIRTUAL"):
                raise StoreError(path, f"holds a virtual table ({_short(name)}), which files "
                                       "of this program never contain, so it is not opened")
            tables.add(name)
        elif kind == "index":
            if table not in COLUMNS:
                raise StoreError(path, f"holds an index on a table this program does not "
                                       f"write ({_short(table)}), so it is not opened")
            _check_index(conn, path, name)
        else:
            raise StoreError(path, f"holds a database object of an unknown kind "
                                   f"({_short(str(kind))}), so it is not opened")
    for name in sorted(tables):
        _check_columns(conn, path, name, version)
    missing = [t for t in MODULE_TABLE_NAMES if t not in tables]
    if missing:
        raise StoreError(path, f"is damaged or incomplete: no such table: {missing[0]}")


def _check_index(conn: sqlite3.Connection, path: Path, name: str) -> None:
    if name.startswith("sqlite_autoindex_"):
        return
    columns = conn.execute(f"PRAGMA index_xinfo({_quoted(name)})").fetchall()
    if any(row[1] == -2 for row in columns):   # cid -2: an expression
        raise StoreError(path, f"holds an index on an expression ({_short(name)}), which "
                               "files of this program never contain, so it is not opened")
    table = conn.execute("SELECT tbl_name FROM sqlite_master WHERE name = ?",
                         (name,)).fetchone()[0]
    for row in conn.execute(f"PRAGMA index_list({_quoted(table)})"):
        if row[1] == name and row[4]:
            raise StoreError(path, f"holds a partial index ({_short(name)}), which files of "
                                   "this program never contain, so it is not opened")


def _check_columns(conn: sqlite3.Connection, path: Path, table: str, version: int) -> None:
    info = conn.execute(f"PRAGMA table_xinfo({_quoted(table)})").fetchall()
    found = {str(row[1]) for row in info}
    if any(row[6] for row in info):   # hidden: a generated column
        raise StoreError(path, f"table {table} has a computed column, which files of this "
                               "program never contain, so it is not opened")
    expected = COLUMNS[table]
    extra = sorted(found - expected)
    if extra:
        raise StoreError(path, f"table {table} has a column this program does not write "
                               f"({_short(extra[0])}), so it is not opened")
    missing = sorted(c for c in expected - found if ADDED_IN.get((table, c), 0) <= version)
    if missing:
        raise StoreError(path, f"is damaged or incomplete: table {table} has no column "
                               f"{missing[0]}")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _short(text: str) -> str:
    text = text.replace("\n", " ")
    return repr(text if len(text) <= 40 else text[:37] + "...")
