"""Opening files safely and writing them atomically.

Reading never changes a file: it is opened with SQLite's ``mode=ro`` (not
``immutable=1``, which would let SQLite skip locking and trust that nobody
changes the file while we read it; a game being saved by another program at
that moment would then be read half-written).  Checks run in order: the file
exists and starts with the SQLite header, ``PRAGMA quick_check`` passes, the
``application_id`` marks it as ours, its schema version is one we read, and its
kind (module or saved game) is the one asked for.  Older versions are migrated
in an in-memory copy.  Only then are rows read and checked.

Writing goes to a temporary file in the same folder, which is flushed to disk
and then renamed over the target (``os.replace``), so a failure at any point
leaves the previous file as it was.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import create_engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from ..engine import Module
from . import SCHEMA_VERSION
from .errors import StoreError
from .jsondata import BadJson, NotJsonData
from .migrations import OLDEST, migrate
from .rows import RowError, read_module, read_module_row, write_module
from .savegame import read_game, write_game
from .schema import APPLICATION_ID, MODULE_TABLES, SAVE_TABLES

if TYPE_CHECKING:
    from . import SavedGame

SQLITE_HEADER = b"SQLite format 3\x00"
KIND_NAMES = {"module": "a module file", "save": "a saved game"}


# -- reading ----------------------------------------------------------------------------


def read_file(path: Path, kind: str) -> tuple[Module, SavedGame | None]:
    """Check and read a module file (``kind="module"``) or a saved game (``"save"``)."""
    _check_header(path)
    try:
        raw = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(path, f"cannot be opened: {exc}") from None
    conn = raw
    try:
        version = _check_database(raw, path)
        if version < SCHEMA_VERSION:
            conn = sqlite3.connect(":memory:")
            raw.backup(conn)
            migrate(conn, version)
        return _read_rows(conn, path, kind)
    except sqlite3.DatabaseError as exc:
        raise StoreError(path, f"is damaged: {exc}") from None
    finally:
        if conn is not raw:
            conn.close()
        raw.close()


def _check_header(path: Path) -> None:
    if not path.exists():
        raise StoreError(path, "does not exist")
    if not path.is_file():
        raise StoreError(path, "is not a file")
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreError(path, f"cannot be read: {exc.strerror or exc}") from None
    if not head:
        raise StoreError(path, "is empty")
    if head != SQLITE_HEADER:
        raise StoreError(path, "is not an SQLite file")


def _check_database(raw: sqlite3.Connection, path: Path) -> int:
    """Integrity, ownership and version; returns the file's schema version."""
    problems = [r[0] for r in raw.execute("PRAGMA quick_check(5)")]
    if problems != ["ok"]:
        raise StoreError(path, f"is damaged: {'; '.join(problems)}")
    if raw.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        raise StoreError(path, "is an SQLite database but not a file of this program")
    version = raw.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(path, f"was written by a newer version (schema {version}; "
                               f"this program reads up to {SCHEMA_VERSION})")
    if version < OLDEST:
        raise StoreError(path, f"has an unknown schema version ({version})")
    return version


def _read_rows(conn: sqlite3.Connection, path: Path, kind: str):
    engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)
    try:
        with engine.connect() as c:
            found = read_module_row(c)["kind"]
            if found != kind:
                what = KIND_NAMES.get(found, f"of an unknown kind ({found!r})")
                raise StoreError(path, f"is not {KIND_NAMES[kind]}: it is {what}")
            module = read_module(c)
            saved = read_game(c, module) if kind == "save" else None
            return module, saved
    except DBAPIError as exc:
        raise StoreError(path, f"is damaged or incomplete: {exc.orig}") from None
    except (RowError, BadJson) as exc:
        raise StoreError(path, f"has bad data: {exc}") from None
    finally:
        engine.dispose()


# -- writing ----------------------------------------------------------------------------


def write_file(path: Path, module: Module, kind: str, saved: SavedGame | None = None) -> None:
    """Write atomically: temporary file in the same folder, fsync, ``os.replace``."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise StoreError(path, f"cannot be written: the folder {folder} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise StoreError(path, f"cannot be written: {exc.strerror or exc}") from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        _write_database(tmp, module, kind, saved)
        _fsync(tmp)
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
        _fsync_folder(folder)
    except NotJsonData as exc:
        raise StoreError(path, f"could not be saved: {exc}") from None
    except (OSError, sqlite3.Error, DBAPIError) as exc:
        raise StoreError(path, f"could not be saved: {exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _write_database(tmp: Path, module: Module, kind: str, saved: SavedGame | None) -> None:
    raw = sqlite3.connect(tmp)
    engine = create_engine("sqlite://", creator=lambda: raw, poolclass=StaticPool)
    try:
        # The temporary file is thrown away on any failure, so no journal is needed.
        raw.execute("PRAGMA journal_mode = OFF")
        raw.execute("PRAGMA synchronous = OFF")
        tables = MODULE_TABLES + (SAVE_TABLES if kind == "save" else [])
        with engine.begin() as c:
            MODULE_TABLES[0].metadata.create_all(c, tables=tables)
            write_module(c, module, kind)
            if saved is not None:
                write_game(c, saved)
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        raw.commit()
    finally:
        engine.dispose()
        raw.close()


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows cannot open folders)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
