"""Opening files safely and writing them atomically.

**Reading never changes a file and nothing in it can run.**  The file's bytes
are read once (at most :data:`MAX_FILE_BYTES`) and handed to an in-memory
SQLite database (``deserialize``): no lock is taken on the file, a stray
``-journal`` or ``-wal`` beside it is never rolled back into it, and a game
being saved by another program at that moment is read whole, old or new (a
save replaces the file in one rename).  Checks run in order, each refusing
with a :class:`StoreError` that names the file and says what is wrong: it
exists and is a regular file, not empty and not too large; it starts with the
SQLite header; the ``application_id`` marks it as ours; its schema version is
one we read; it holds only the tables and indexes this program writes (no
view, trigger, virtual table or generated column: see :mod:`.objects`);
``PRAGMA quick_check`` passes; its kind (module or saved game) is the one asked
for.  Older versions are migrated in the in-memory copy.  Only then are rows
read and checked (:mod:`.rows`, :mod:`.savegame`).  ``trusted_schema`` is off,
the database is query-only once migrated, and every statement runs under a
time limit (:data:`READ_SECONDS`), so no file can freeze the program.

**Writing** goes to a temporary file in the same folder, which is flushed to
disk and then renamed over the target (``os.replace``), so a failure at any
point leaves the previous file as it was.  The temporary file is locked while
it is written; temporary files left by an interrupted save (a crash, a kill)
are removed by the next save into that folder.  A write-protected target is
not replaced.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Module
from . import SCHEMA_VERSION
from .errors import StoreError
from .jsondata import BadJson, NotJsonData
from .locks import try_lock, unlock
from .migrations import OLDEST, migrate
from .objects import check_objects
from .rows import RowError, read_module, read_module_row, read_scenario_titles, write_module
from .tables import APPLICATION_ID, MODULE_TABLE_NAMES, TABLES, select_rows

if TYPE_CHECKING:
    from . import SavedGame

SQLITE_HEADER = b"SQLite format 3\x00"
KIND_NAMES = {"module": "a module file", "save": "a saved game"}
#: the largest file opened (a module of thousands of spaces is a few MB)
MAX_FILE_BYTES = 256 * 1024 * 1024
#: the longest any statement may run while a file is read
READ_SECONDS = 20.0
#: SQLite limits while reading: the longest text or blob and SQL statement
LIMITS = {"SQLITE_LIMIT_LENGTH": 64 * 1024 * 1024, "SQLITE_LIMIT_SQL_LENGTH": 100_000,
          "SQLITE_LIMIT_ATTACHED": 0, "SQLITE_LIMIT_TRIGGER_DEPTH": 1}


# -- reading ----------------------------------------------------------------------------


def read_file(path: Path, kind: str,
              shared: bool = False) -> tuple[Module, SavedGame | None]:
    """Check and read a module file (``kind="module"``) or a saved game (``"save"``).

    ``shared``: the module may be one already read (and is kept for the next
    read): see :func:`_module_of`.  A saved game's module always is."""
    return _checked_read(path, kind, lambda conn, p, k: _read_rows(conn, p, k, shared))


def read_scenario_list(path: Path) -> tuple[str, list[tuple[str, str, str]]]:
    """A module file's game and its scenarios' ids, titles and descriptions, after
    every check of the file itself (:func:`read_file`'s) and of those rows; the
    boards and pieces are not read (``ffl list``, the scenario of a command line)."""
    return _checked_read(path, "module", _read_scenario_rows)


def _checked_read(path: Path, kind: str, read_rows):
    data = read_bytes(path)
    conn = sqlite3.connect(":memory:")
    deadline = [time.monotonic() + READ_SECONDS]
    try:
        _harden(conn, deadline)
        version = _check_header(data, path)
        try:
            conn.deserialize(data)
        except (sqlite3.Error, OverflowError, MemoryError) as exc:
            raise StoreError(path, f"is damaged: {reason(exc)}") from None
        conn.execute("PRAGMA trusted_schema = OFF")
        check_objects(conn, path, version)
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise StoreError(path, f"is damaged: {reason('; '.join(map(str, problems)))}")
        if version < SCHEMA_VERSION:
            migrate(conn, version)
        conn.execute("PRAGMA query_only = ON")
        return read_rows(conn, path, kind)
    except sqlite3.OperationalError as exc:
        if time.monotonic() > deadline[0]:
            raise StoreError(path, f"could not be read within {READ_SECONDS:.0f} seconds: it "
                                   "is too large or built to be slow") from None
        raise StoreError(path, f"is damaged: {reason(exc)}") from None
    except sqlite3.Error as exc:
        raise StoreError(path, f"is damaged: {reason(exc)}") from None
    except UnicodeDecodeError:
        raise StoreError(path, "is damaged: it holds text that is not valid UTF-8") from None
    except MemoryError:
        raise StoreError(path, "is too large to be read") from None
    finally:
        conn.close()


def reason(exc: BaseException, longest: int = 160) -> str:
    """An SQLite error as one short line (its own reports run over several lines
    and may quote whole statements)."""
    text = " ".join(str(exc).replace("*** in database main ***", "").split())
    if "decode to UTF-8" in text or isinstance(exc, UnicodeDecodeError):
        return "it holds text that is not valid UTF-8"
    text = text.strip(" ;") or type(exc).__name__
    return text if len(text) <= longest else text[:longest - 3].rstrip() + "..."


def read_bytes(path: Path) -> bytes:
    """The whole file, after checking it is a regular file of a sensible size."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise StoreError(path, "does not exist") from None
    except OSError as exc:
        raise StoreError(path, f"cannot be read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise StoreError(path, "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise StoreError(path, "is not a regular file (a pipe, socket or device cannot be "
                               "opened)")
    if st.st_size == 0:
        raise StoreError(path, "is empty")
    if st.st_size > MAX_FILE_BYTES:
        raise StoreError(path, f"is too large ({st.st_size / 2**20:,.0f} MB; files of this "
                               f"program are at most {MAX_FILE_BYTES // 2**20} MB)")
    try:
        with path.open("rb") as fh:
            # its size and one byte more (a buffer of MAX_FILE_BYTES made for every
            # read cost ~1-5 ms an open, issue 12); the rest, up to the limit, if it
            # grew since
            data = fh.read(st.st_size + 1)
            if len(data) > st.st_size:
                data += fh.read(MAX_FILE_BYTES + 1 - len(data))
    except OSError as exc:
        raise StoreError(path, f"cannot be read: {exc.strerror or exc}") from None
    if not data:
        raise StoreError(path, "is empty")
    if len(data) > MAX_FILE_BYTES:
        raise StoreError(path, "is too large")
    return data


def _check_header(data: bytes, path: Path) -> int:
    """The SQLite header, our mark and the schema version; returns the version."""
    if data[:len(SQLITE_HEADER)] != SQLITE_HEADER:
        raise StoreError(path, "is not a saved game or module of this program")
    if len(data) < 100:
        raise StoreError(path, "is damaged: it ends inside its header")
    if int.from_bytes(data[68:72], "big") != APPLICATION_ID:
        raise StoreError(path, "is an SQLite database but not a file of this program")
    version = int.from_bytes(data[60:64], "big", signed=True)
    if version > SCHEMA_VERSION:
        raise StoreError(path, f"was written by a newer version (schema {version}; "
                               f"this program reads up to {SCHEMA_VERSION})")
    if version < OLDEST:
        raise StoreError(path, f"has an unknown schema version ({version})")
    return version


def _harden(conn: sqlite3.Connection, deadline: list[float]) -> None:
    """Limits and a time limit for every statement run on a file's contents."""
    for name, value in LIMITS.items():
        conn.setlimit(getattr(sqlite3, name), value)
    conn.set_progress_handler(lambda: int(time.monotonic() > deadline[0]), 10_000)
    conn.execute("PRAGMA trusted_schema = OFF")


#: modules read with ``shared``, newest first, each beside the rows it was built from
_SHARED: list[tuple[list[list[tuple]], Module]] = []
#: how many such modules are kept (besides the pinned ones)
SHARED_MODULES = 4
#: modules kept shared whatever their age: the catalog's installed modules, which
#: it hands out for every new game (so a save of one, opened after other modules,
#: still gets the very module and boards of the game shown: the window keeps its
#: board's scene, issue 12)
_PINNED: list[Module] = []


def pin_shared(module: Module, replaces: Module | None = None) -> None:
    """Keep ``module`` among the shared ones while the catalog holds it (``replaces``:
    the one it held before for that file, no longer pinned)."""
    if replaces is not None:
        _PINNED[:] = [m for m in _PINNED if m is not replaces]
    if not any(m is module for m in _PINNED):
        _PINNED.append(module)


def _trim_shared() -> None:
    """Keep the newest :data:`SHARED_MODULES` unpinned modules, and every pinned one."""
    unpinned = [i for i, (_, m) in enumerate(_SHARED) if not any(m is p for p in _PINNED)]
    for i in reversed(unpinned[SHARED_MODULES:]):
        del _SHARED[i]


def is_shared(module: Module) -> bool:
    """``module`` is one the store shares (read with ``shared``, or the module of
    a saved game): read-only, and the same object while its rows are the same."""
    return any(known is module for _, known in _SHARED)


def _module_rows(conn: sqlite3.Connection) -> list[list[tuple]]:
    """Every row of every module table, in the order :func:`read_module` reads them
    (but the file's kind, module or save, which the module does not hold)."""
    return [select_rows(conn, t, *(c for c in TABLES[t] if (t, c) != ("module", "kind")),
                        order=t != "module") for t in MODULE_TABLE_NAMES]


def _module_of(conn: sqlite3.Connection, shared: bool) -> Module:
    """The module of an opened file (issue 12).

    Shared: when every row of its module tables equals the rows a module was
    built from before (the installed module read by the catalog, or the module
    of a save opened earlier), that same Module object is returned, already
    checked, instead of being built and checked again (a fifth of opening a
    saved game; the rules' caches kept on its boards carry over too).  Such a
    module is read-only, as the catalog's modules always are.  Equal rows build
    an equal module, so nothing else changes."""
    if not shared:
        return read_module(conn)
    rows = _module_rows(conn)
    for i, (known, module) in enumerate(_SHARED):
        if known == rows:
            _SHARED.insert(0, _SHARED.pop(i))
            return module
    module = read_module(conn)
    _SHARED.insert(0, (rows, module))
    _trim_shared()
    return module


def _read_rows(conn: sqlite3.Connection, path: Path, kind: str, shared: bool = False):
    """The rows, read with plain sqlite3 (no SQLAlchemy to import on the way to a
    game); an SQLite error here is a file damaged or incomplete."""
    try:
        found = read_module_row(conn)["kind"]
        if found != kind:
            what = KIND_NAMES.get(found, f"of an unknown kind ({str(found)[:40]!r})")
            raise StoreError(path, f"is not {KIND_NAMES[kind]}: it is {what}")
        module = _module_of(conn, shared or kind == "save")
        saved = _read_game(conn, path, module) if kind == "save" else None
        return module, saved
    except sqlite3.Error as exc:
        raise StoreError(path, f"is damaged or incomplete: {reason(exc)}") from None
    except UnicodeDecodeError:
        raise StoreError(path, "is damaged: it holds text that is not valid UTF-8") from None
    except (RowError, BadJson) as exc:
        raise StoreError(path, f"has bad data: {reason(exc, 300)}") from None
    except RecursionError:
        raise StoreError(path, "has bad data: it is nested too deeply") from None


def _read_scenario_rows(conn: sqlite3.Connection, path: Path, kind: str):
    try:
        head = read_module_row(conn)
        if head["kind"] != kind:
            found = head["kind"]
            what = KIND_NAMES.get(found, f"of an unknown kind ({str(found)[:40]!r})")
            raise StoreError(path, f"is not {KIND_NAMES[kind]}: it is {what}")
        return head["game"], read_scenario_titles(conn)
    except sqlite3.Error as exc:
        raise StoreError(path, f"is damaged or incomplete: {reason(exc)}") from None
    except UnicodeDecodeError:
        raise StoreError(path, "is damaged: it holds text that is not valid UTF-8") from None
    except (RowError, BadJson) as exc:
        raise StoreError(path, f"has bad data: {reason(exc, 300)}") from None


def _read_game(conn: sqlite3.Connection, path: Path, module: Module) -> SavedGame:
    """The game row, the event log and the notes."""
    from .savegame import read_game

    return read_game(conn, module)


# -- writing ----------------------------------------------------------------------------


def write_file(path: Path, module: Module, kind: str, saved: SavedGame | None = None) -> None:
    """Write atomically: temporary file in the same folder, fsync, ``os.replace``."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise StoreError(path, f"cannot be written: the folder {folder} does not exist")
    _check_target(path)
    remove_stale_temporaries(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise StoreError(path, f"cannot be written: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    from sqlalchemy.exc import SQLAlchemyError

    try_lock(fd)   # ours while we write: the next save knows it is not left over
    try:
        _write_database(tmp, module, kind, saved)
        _fsync(tmp)
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
        _fsync_folder(folder)
    except NotJsonData as exc:
        raise StoreError(path, f"could not be saved: {exc}") from None
    except (OSError, sqlite3.Error, SQLAlchemyError) as exc:
        orig = getattr(exc, "orig", None)
        raise StoreError(path, f"could not be saved: {orig or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        unlock(fd)
        os.close(fd)


def _check_target(path: Path) -> None:
    """A target that exists must be a regular file we may write."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(path, f"cannot be written: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise StoreError(path, "is a folder: the game was not saved over it")
    if not stat.S_ISREG(st.st_mode):
        raise StoreError(path, "is not a regular file: nothing was saved over it")
    if not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise StoreError(path, "is write-protected, so it was not replaced: save under "
                               "another name, or allow writing to it first")


def stale_temporaries(path: Path) -> list[Path]:
    """Temporary files an interrupted save of ``path`` left behind (not one being
    written right now by another save: those are locked)."""
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    out = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return []
    for name in names:
        tmp = folder / name
        try:
            fd = os.open(tmp, os.O_RDONLY)
        except OSError:
            continue
        try:
            if try_lock(fd, old_after=3600, path=tmp):
                out.append(tmp)
                unlock(fd)
        finally:
            os.close(fd)
    return out


def remove_stale_temporaries(path: Path) -> None:
    for tmp in stale_temporaries(path):
        with contextlib.suppress(OSError):
            tmp.unlink()


def _write_database(tmp: Path, module: Module, kind: str, saved: SavedGame | None) -> None:
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool

    from .savegame import write_game
    from .schema import MODULE_TABLES, SAVE_TABLES

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
