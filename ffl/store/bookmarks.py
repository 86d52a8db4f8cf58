"""Bookmarks and notes on a saved game's positions (the ``bookmark`` table,
schema 3).

A :class:`Note` belongs to the position after event ``event`` (0 is the start
of the game, before any event), may be a bookmark, and may carry a text.  One
note per position; read back in the order of the positions.  Written with the
game (the table is written only when there are some) and checked when it is
read like every other row.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from .rows import RowError, integer, shown, text

#: the longest note kept (characters)
MAX_NOTE = 20_000
#: the most notes a game holds
MAX_NOTES = 100_000


@dataclass(frozen=True)
class Note:
    """A bookmark and/or a note on the position after event ``event``."""

    event: int
    text: str = ""
    bookmark: bool = False

    @property
    def empty(self) -> bool:
        return not self.bookmark and not self.text.strip()


def checked_notes(notes: Any, events: int) -> list[Note]:
    """The notes to write, checked as they will be read (ValueError otherwise):
    one per position from 0 to ``events``, texts of at most MAX_NOTE characters,
    empty ones dropped."""
    out: dict[int, Note] = {}
    for note in notes or ():
        if not isinstance(note, Note):
            raise ValueError(f"not a note: {shown(note)}")
        if isinstance(note.event, bool) or not isinstance(note.event, int) \
                or not 0 <= note.event <= events:
            raise ValueError(f"a note is on event {note.event}, which the game does not have")
        if not isinstance(note.text, str) or len(note.text) > MAX_NOTE:
            raise ValueError(f"the note on event {note.event} is longer than {MAX_NOTE:,} "
                             "characters")
        if not note.empty:
            out[note.event] = Note(note.event, note.text, bool(note.bookmark))
    if len(out) > MAX_NOTES:
        raise ValueError(f"a game holds at most {MAX_NOTES:,} notes")
    return [out[k] for k in sorted(out)]


def write_notes(conn: Any, notes: list[Note], events: int) -> None:
    rows = [{"seq": i + 1, "event": n.event, "bookmark": bool(n.bookmark), "note": n.text}
            for i, n in enumerate(checked_notes(notes, events))]
    if rows:    # the table is there only when there are notes
        from .schema import BookmarkRow

        BookmarkRow.__table__.create(conn)
        conn.execute(BookmarkRow.__table__.insert(), rows)


def _run(conn: Any, sql: str, params: tuple = ()) -> Any:
    """Run plain SQL on a sqlite3 connection or a SQLAlchemy one."""
    if isinstance(conn, sqlite3.Connection):
        return conn.execute(sql, params)
    return conn.exec_driver_sql(sql, params)


def read_notes(conn: Any, events: int) -> list[Note]:
    """The notes of a game of ``events`` events (RowError on bad rows); none
    when the file has no bookmark table."""
    if not _run(conn, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                ("bookmark",)).fetchone()[0]:
        return []
    n = _run(conn, "SELECT count(*) FROM bookmark").fetchone()[0]
    if n > MAX_NOTES:
        raise RowError(f"the bookmark table holds {n:,} rows; this program reads at most "
                       f"{MAX_NOTES:,}")
    out: dict[int, Note] = {}
    for seq, event, mark, note in _run(
            conn, 'SELECT seq, event, bookmark, note FROM bookmark ORDER BY seq').fetchall():
        where = f"bookmark {seq}"
        at = integer(event, f"{where} event", low=0, high=events)
        if at in out:
            raise RowError(f"{where} is on event {at}, which has a note already")
        if isinstance(mark, bool) or mark not in (0, 1):
            raise RowError(f"{where} should be marked 0 or 1, found {shown(mark)}")
        out[at] = Note(at, text(note, f"{where} note", longest=MAX_NOTE), bool(mark))
    return [out[k] for k in sorted(out)]
