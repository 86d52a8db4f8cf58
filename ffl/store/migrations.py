"""Forward migrations of the file schema, one function per version step.

``MIGRATIONS[i]`` turns a version ``OLDEST + i`` file into version
``OLDEST + i + 1``.  They run on an in-memory copy when an older file is
opened (opening never changes the file itself); saving writes the current
version.

History:

* v1: the first format; spaces had no ``label`` (the key was shown) and every
  link was two-way (no ``directed`` column).
* v2: ``space.label`` and ``link.directed``.
* v3: saved games: ``event.chain`` (the hash chain of the log, empty in older
  files: nothing to check) and, in a game with any, the ``bookmark`` table
  (bookmarks and notes).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from . import SCHEMA_VERSION

#: The oldest schema version this program can still open.
OLDEST = 1


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Add ``space.label`` (defaulting to the key) and ``link.directed`` (two-way)."""
    conn.execute("ALTER TABLE space ADD COLUMN label VARCHAR NOT NULL DEFAULT ''")
    conn.execute('UPDATE space SET label = "key"')
    conn.execute("ALTER TABLE link ADD COLUMN directed BOOLEAN NOT NULL DEFAULT 0")


def _v2_to_v3(conn: sqlite3.Connection) -> None:
    """A saved game gets ``event.chain`` (empty: an older file has no chain); the
    ``bookmark`` table is written only with notes, so nothing else is added."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "event" in tables:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(event)")}
        if "chain" not in columns:
            conn.execute("ALTER TABLE event ADD COLUMN chain VARCHAR NOT NULL DEFAULT ''")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1_to_v2, _v2_to_v3]

assert OLDEST + len(MIGRATIONS) == SCHEMA_VERSION, "one migration per schema step"


def migrate(conn: sqlite3.Connection, version: int) -> int:
    """Upgrade a writable connection from ``version`` to the current schema."""
    while version < SCHEMA_VERSION:
        MIGRATIONS[version - OLDEST](conn)
        version += 1
        conn.execute(f"PRAGMA user_version = {int(version)}")
        conn.execute("UPDATE module SET schema_version = ?", (version,))
    conn.commit()
    return version
