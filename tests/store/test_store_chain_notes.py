"""Schema 3: the hash chain of the event log and the bookmarks and notes, in real
SQLite files (issue 22: replay, branches and e-mail games)."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from store_samples import sample_module

from ffl.session import GameSession
from ffl.store import SCHEMA_VERSION, StoreError, load_game, save_game
from ffl.store.bookmarks import MAX_NOTE, Note, checked_notes
from ffl.store.chain import chain_of, genesis
from ffl.store.jsondata import dumps


def _game(tmp_path, actions: int = 15):
    session = GameSession.new(sample_module(), "demo/basic", seed=4)
    rng = random.Random(4)
    for _ in range(actions):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    path = session.save(tmp_path / "game.fflsave")
    return session, path


def _sql(path, *statements, params=()):
    conn = sqlite3.connect(path)
    for s in statements:
        conn.execute(s, params if "?" in s else ())
    conn.commit()
    conn.close()


def _tables(path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def test_every_event_is_chained_to_the_one_before(tmp_path):
    session, path = _game(tmp_path)
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT data, chain FROM event ORDER BY seq").fetchall()
    options = conn.execute("SELECT options FROM game").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    assert version == SCHEMA_VERSION == 3
    start = genesis("demo/basic", options, 4)
    assert [r[1] for r in rows] == chain_of(start, [r[0] for r in rows])
    assert len(rows) == len(session.log.events) and len(set(r[1] for r in rows)) == len(rows)
    assert load_game(path).chained


def test_a_changed_event_is_named(tmp_path):
    session, path = _game(tmp_path)
    n = len(session.log.events) - 2
    conn = sqlite3.connect(path)
    data = json.loads(conn.execute("SELECT data FROM event WHERE seq = ?", (n,)).fetchone()[0])
    conn.close()
    data["text"] = data.get("text", "") + " (edited)"
    _sql(path, "UPDATE event SET data = ? WHERE seq = ?", params=(json.dumps(data), n))
    before = path.read_bytes()
    with pytest.raises(StoreError) as info:
        GameSession.open(path)
    message = str(info.value)
    assert message.startswith(str(path)) and f"event {n} was changed" in message, message
    assert path.read_bytes() == before


def test_a_dropped_or_forged_seed_breaks_the_chain_where_it_happens(tmp_path):
    _, path = _game(tmp_path)
    _sql(path, "DELETE FROM event WHERE seq = 5")
    with pytest.raises(StoreError, match="event 5 was changed"):
        load_game(path)
    _, path = _game(tmp_path)
    _sql(path, "UPDATE game SET seed = seed + 1")
    with pytest.raises(StoreError, match="event 1 was changed, or the game's scenario, "
                                         "options or seed"):
        load_game(path)
    _, path = _game(tmp_path)
    _sql(path, "UPDATE event SET chain = 'x' WHERE seq = 3")
    with pytest.raises(StoreError, match="event 3 has no valid hash"):
        load_game(path)


def test_a_file_from_before_the_chain_still_opens_and_is_chained_when_saved(tmp_path):
    session, path = _game(tmp_path)
    _sql(path, "ALTER TABLE event DROP COLUMN chain", "UPDATE module SET schema_version = 2",
         "PRAGMA user_version = 2")
    before = path.read_bytes()
    old = load_game(path)
    assert not old.chained and old.notes == []
    again = GameSession.open(path)
    assert again.state.hash() == session.state.hash()
    assert path.read_bytes() == before                 # opening migrates in memory only
    again.save(tmp_path / "resaved.fflsave")
    assert load_game(tmp_path / "resaved.fflsave").chained


def test_bookmarks_and_notes_are_kept_in_the_file(tmp_path):
    session, path = _game(tmp_path)
    assert "bookmark" not in _tables(path)             # written only when there are notes
    session.notes = [Note(0, "the start", False), Note(7, "", True),
                     Note(12, "here it went wrong\nsecond line", True)]
    session.save(path)
    assert "bookmark" in _tables(path)
    again = GameSession.open(path)
    assert again.notes == session.notes
    again.save(tmp_path / "copy.fflsave")              # playing on keeps them
    assert GameSession.open(tmp_path / "copy.fflsave").notes == session.notes


def test_a_note_past_the_end_of_the_game_is_never_written(tmp_path):
    session, path = _game(tmp_path)
    session.notes = [Note(len(session.log.events), "the end", True)]
    session.undo()
    session.save(path)
    assert GameSession.open(path).notes == []
    with pytest.raises(ValueError):
        checked_notes([Note(99, "x")], 5)
    with pytest.raises(ValueError):
        checked_notes([Note(1, "x" * (MAX_NOTE + 1))], 5)
    assert checked_notes([Note(1, "  "), Note(2, "", True)], 5) == [Note(2, "", True)]


@pytest.mark.parametrize("statement, phrase", [
    ("UPDATE bookmark SET event = 999", "bookmark 1 event should be from 0 to"),
    ("UPDATE bookmark SET event = 'x'", "bookmark 1 event should be a whole number"),
    ("UPDATE bookmark SET note = X'00ff'", "bookmark 1 note should be a text"),
    ("UPDATE bookmark SET bookmark = 5", "bookmark 1 should be marked 0 or 1"),
    ("INSERT INTO bookmark VALUES (9, 2, 0, 'twice')", "bookmark 9 is on event 2"),
    ("UPDATE bookmark SET note = ?", "too long"),
])
def test_damaged_bookmarks_are_refused_by_name(tmp_path, statement, phrase):
    session, path = _game(tmp_path)
    session.notes = [Note(2, "a note", True)]
    session.save(path)
    _sql(path, statement, params=("x" * (MAX_NOTE + 1),))
    with pytest.raises(StoreError) as info:
        GameSession.open(path)
    assert str(info.value).startswith(str(path)) and phrase in str(info.value), str(info.value)


def test_the_chain_is_over_the_text_written(tmp_path):
    """The chain hashes exactly the stored text (so any byte changed in an event
    shows), and saving the same game twice gives the same chain."""
    session, path = _game(tmp_path)
    texts = [dumps(e.to_json(), "") for e in session.log.events]
    conn = sqlite3.connect(path)
    stored = [r[0] for r in conn.execute("SELECT data FROM event ORDER BY seq")]
    first = [r[0] for r in conn.execute("SELECT chain FROM event ORDER BY seq")]
    conn.close()
    assert stored == texts
    save_game(tmp_path / "again.fflsave", session.snapshot())
    conn = sqlite3.connect(tmp_path / "again.fflsave")
    assert [r[0] for r in conn.execute("SELECT chain FROM event ORDER BY seq")] == first
    conn.close()
