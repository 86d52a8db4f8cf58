"""E-mail turn files (issue 22): two players exchange real files; edited logs,
changed dice, a roll taken back and made again, an old turn file sent again
are refused with the event named."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from ffl import catalog
from ffl.engine import fold
from ffl.engine.dice import die_value
from ffl.session import GameSession
from ffl.store import SavedGame, StoreError, save_game
from ffl.turnfile import check_dice, open_turn, write_turn


def _play(session: GameSession, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if session.controller.outcome(session.state) is not None:
            return
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))


def _exchange(tmp_path, game: str = "ffl/basic"):
    """Alice starts and plays, sends; Bob opens, plays, sends back; Alice opens."""
    rng = random.Random(7)
    options = {"turn_limit": 12} if game == "ffl/basic" else {}
    alice = catalog.new_session(game, seed=11, options=options)
    _play(alice, rng, 25)
    write_turn(alice, tmp_path / "turn-1.fflturn")
    bob = open_turn(tmp_path / "turn-1.fflturn")
    assert bob.since == 0 and not bob.compared and len(bob.new_events) == len(alice.log.events)
    _play(bob.session, rng, 25)
    write_turn(bob.session, tmp_path / "turn-2.fflturn")
    back = open_turn(tmp_path / "turn-2.fflturn", alice)
    return alice, bob.session, back


@pytest.fixture(scope="module")
def exchanged(tmp_path_factory):
    """One FFL exchange for the tests that only read it: (folder, alice, bob, back)."""
    folder = tmp_path_factory.mktemp("email")
    return (folder, *_exchange(folder))


def test_a_turn_file_holds_the_moves_since_the_last_exchange(exchanged):
    _, alice, bob, back = exchanged
    assert back.compared and back.exchange == 2
    assert back.since == len(alice.log.events)
    assert back.new_events == bob.log.events[len(alice.log.events):]
    assert back.session.state.hash() == bob.state.hash()
    # the dice as they fell: the events carry them and replay never rolls again
    rolls = [e for e in back.new_events if e.dice]
    assert rolls and all(e in bob.log.events for e in rolls)
    # what was sent or received is not undone
    assert not back.session.log.can_undo() and "e-mail" in back.session.undo_reason()
    assert back.session.extra["email"] == {"exchange": 2, "since": len(bob.log.events)}
    # the first turn file is the whole game, the second only Bob's moves
    folder = exchanged[0]
    assert not back.compared or back.moves_only
    whole, moves = (folder / "turn-1.fflturn").stat().st_size, \
        (folder / "turn-2.fflturn").stat().st_size
    assert moves * 5 < whole, (moves, whole)


def test_the_card_game_by_email(tmp_path):
    _, bob, back = _exchange(tmp_path, "card_game/4p")
    assert back.compared and back.session.state.hash() == bob.state.hash()


def test_phantom_fury_by_email(tmp_path):
    """Its d10 reads 0 for a 10 (rule 3, ``info["zero"]``): the dice check reads
    the faces the same way (it refused every Phantom Fury turn file before)."""
    _, bob, back = _exchange(tmp_path, "phantom_fury/jolan")
    assert any(e.info.get("zero") and 0 in e.dice for e in bob.log.events)
    assert back.compared and back.session.state.hash() == bob.state.hash()
    assert back.rules.checked and not back.rules.problem


def test_an_edited_turn_file_is_refused_with_the_event_named(tmp_path):
    alice, bob, _ = _exchange(tmp_path)
    # the second turn file holds only Bob's moves (JSON): an event's text changed
    path = tmp_path / "turn-2.fflturn"
    n = len(bob.log.events) - 3
    doc = json.loads(path.read_text())
    k = doc["base"]["events"]
    event = json.loads(doc["events"][n - k - 1])
    event["text"] = "nothing happened here"
    doc["events"][n - k - 1] = json.dumps(event)
    path.write_text(json.dumps(doc))
    with pytest.raises(StoreError) as info:
        open_turn(path, alice)
    assert str(info.value).startswith(str(path))
    assert f"event {n} was changed" in str(info.value), str(info.value)
    # the first one is the whole game (a saved game): an edited row is named too
    first = tmp_path / "turn-1.fflturn"
    m = len(alice.log.events) - 2
    conn = sqlite3.connect(first)
    data = json.loads(conn.execute("SELECT data FROM event WHERE seq = ?", (m,)).fetchone()[0])
    data["text"] = "nothing happened here"
    conn.execute("UPDATE event SET data = ? WHERE seq = ?", (json.dumps(data), m))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=f"event {m} was changed"):
        open_turn(first)


def _forged(tmp_path, session: GameSession, events, name: str):
    """A turn file rewritten by someone who also rewrites the chain and the hash of
    the position (what a careful cheat would do)."""
    saved = session.snapshot()
    meta = {**saved.meta, "state_hash": fold(session.log.initial, events).hash(),
            "email": {"exchange": 1, "since": 0}}
    meta.pop("steps")
    meta["floor"] = min(meta["floor"], len(events))
    path = tmp_path / name
    save_game(path, SavedGame(saved.module, saved.scenario_id, saved.options, saved.seed,
                              list(events), meta))
    return path


def test_changed_dice_are_refused_even_with_a_rewritten_chain(exchanged, tmp_path):
    _, alice, bob, _ = exchanged
    events = list(bob.log.events)
    n, roll = next((i, e) for i, e in enumerate(events, 1)
                   if e.kind == "dice" and i > len(alice.log.events))
    sides = roll.info["sides"]
    better = tuple(sides if v != sides else 1 for v in roll.dice)
    events[n - 1] = type(roll)(roll.kind, roll.rule, roll.text, roll.changes, better,
                               roll.side, roll.info)
    path = _forged(tmp_path, bob, events, "forged.fflturn")
    assert GameSession.open(path).state is not None     # as a plain save, it reads
    with pytest.raises(StoreError) as info:
        open_turn(path)
    message = str(info.value)
    assert message.startswith(str(path)) and f"event {n} was changed" in message, message
    assert "the game's dice gave" in message


def test_a_roll_taken_back_and_made_again_shows(exchanged, tmp_path):
    """Whoever reopens an older file and rolls again gets the same numbers (die i
    of the game's seed); leaving the first roll out of the log shows in the chain
    of dice counters."""
    bob = exchanged[2]
    events = list(bob.log.events)
    rolls = [i for i, e in enumerate(events) if e.dice]
    first = rolls[-2]
    # the same roll again from the same counter: the same values
    roll = events[first]
    counter = next(c.value for c in roll.changes if c.field == "_rolls") - len(roll.dice)
    assert roll.dice == tuple(die_value(bob.seed, counter + i, roll.info.get("sides", 6))
                              for i in range(len(roll.dice)))
    # a log with that roll left out (and everything rewritten to match) is refused
    later = rolls[-1]
    forged = events[:first] + events[first + 1:]
    path = _forged(tmp_path, bob, forged, "reroll.fflturn")
    with pytest.raises(StoreError) as info:
        open_turn(path)
    assert f"event {later} does not follow the game's dice" in str(info.value), \
        str(info.value)
    assert check_dice(bob.log.initial, bob.log.events) == ""


def test_an_older_turn_file_opened_again_is_refused(exchanged):
    folder, _, _, back = exchanged
    with pytest.raises(StoreError, match="older turn file, opened again"):
        open_turn(folder / "turn-1.fflturn", back.session)


def test_a_turn_file_that_rewrites_my_moves_is_refused(exchanged, tmp_path):
    _, alice, bob, _ = exchanged
    # Bob's copy of the history differs from Alice's at one of her events
    events = list(bob.log.events)
    k = 5
    e = events[k - 1]
    events[k - 1] = type(e)(e.kind, e.rule, e.text + " (rewritten)", e.changes, e.dice,
                            e.side, e.info)
    path = _forged(tmp_path, bob, events, "rewritten.fflturn")
    with pytest.raises(StoreError) as info:
        open_turn(path, alice)
    assert "does not continue your copy of the game: event 5 was changed" in str(info.value)


def test_a_plain_save_is_no_turn_file(tmp_path):
    session = catalog.new_session("ffl/basic", seed=3, options={"turn_limit": 12})
    path = session.save(tmp_path / "plain.fflsave")
    with pytest.raises(StoreError, match="is no turn file"):
        open_turn(path)
