"""Fewer copies (issue 12): the log takes the state the rules' batch worked out
for an action (``GameLog.append(events, after)``) instead of applying the
events a second time; undo, redo, snapshots and replays come out the same."""

import random

from ffl.catalog import new_session
from ffl.engine import Batch, Change, Event, GameLog, GameState, Piece, fold
from ffl.engine.log import SNAPSHOT_EVERY
from ffl.games import game_of


def _state():
    return GameState("ffl", "ffl/basic", 3, {
        "L1": Piece("L1", "adler", "legion", "K12", 0, 2),
        "B1": Piece("B1", "abbas", "bedouin", "C3", 1, 6),
    }, {"turn": 1})


def _step(log: GameLog, n: int) -> None:
    batch = Batch(log.state)
    batch.add("move", "6.1", f"L1 moves to K{n}", [Change.set("L1", "space", f"K{n}")])
    batch.add("turn", "3", f"turn {n}", [Change.var("turn", n)])
    before = log.state
    kept = before.hash()
    log.append(batch.events, batch.state)
    assert log.state is batch.state and before.hash() == kept     # the old state left alone


def test_the_log_takes_the_batch_state_and_undo_redo_snapshots_agree():
    s = _state()
    log = GameLog(s)
    for n in range(1, SNAPSHOT_EVERY + 10):       # two events a step: snapshots on the way
        _step(log, n)
    assert len(log) == 2 * (SNAPSHOT_EVERY + 9)
    assert log.state.hash() == fold(s, log.events).hash()
    assert any(k > 0 for k in log._snapshots)
    for count in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY + 3, len(log)):
        assert log.state_at(count).hash() == fold(s, log.events[:count]).hash()
    end = log.state.hash()
    assert log.undo() and log.state.hash() == fold(s, log.events).hash()
    assert log.redo() and log.state.hash() == end
    # a step appended the usual way after a taken one: the taken state is not changed
    taken = log.state
    kept = taken.hash()
    log.undo()
    log.append([Event("x", "3", "3 x", (Change.set("B1", "space", "D4"),))])
    assert taken.hash() == kept
    assert log.state.hash() == fold(s, log.events).hash()


def test_an_ffl_game_played_through_the_session_is_its_log_folded():
    session = new_session("ffl/basic", seed=5, options=dict(game_of("ffl/basic")
                                                           .selfplay_options))
    controller, rng = session.controller, random.Random(5)
    for _ in range(400):
        before = session.state
        kept = before.hash()
        session.do(rng.choice(list(controller.legal_actions(before))))
        assert before.hash() == kept            # the state the action was given: unchanged
    assert session.state.hash() == fold(session.log.initial, session.log.events).hash()
    assert session.undo() and session.redo()
    assert session.state.hash() == fold(session.log.initial, session.log.events).hash()


def test_a_list_of_events_not_the_one_apply_returned_gets_no_state():
    session = new_session("ffl/basic", seed=5, options=dict(game_of("ffl/basic")
                                                           .selfplay_options))
    controller = session.controller
    action = list(controller.legal_actions(session.state))[0]
    events = controller.apply(session.state, action)
    assert controller.state_after(list(events)) is None      # a copy of the list: no
    events = controller.apply(session.state, action)
    assert controller.state_after(events) is not None
    assert controller.state_after(events) is None            # asked once


def test_a_snapshot_of_a_taken_state_shares_its_pieces_and_stays_as_it_was():
    s = _state()
    log = GameLog(s)
    for n in range(1, SNAPSHOT_EVERY // 2 + 1):    # the last step crosses a snapshot
        _step(log, n)
    snap = log._snapshots[SNAPSHOT_EVERY]
    assert snap is not log.state and snap.pieces["L1"] is log.state.pieces["L1"]   # shared
    kept = snap.hash()
    # events applied in place to the taken state (a step with no state handed
    # over) copy a piece before changing it: the snapshot is not changed
    log.append([Event("x", "6.1", "6.1 L1 moves", (Change.set("L1", "space", "D4"),
                                                   Change.set("L1", "markers.stun", 1)))])
    assert snap.hash() == kept and snap.pieces["L1"].space == f"K{SNAPSHOT_EVERY // 2}"
    assert log.state.pieces["L1"].space == "D4"
    assert log.state_at(SNAPSHOT_EVERY).hash() == kept == fold(s, log.events[:SNAPSHOT_EVERY]).hash()
    assert log.state.hash() == fold(s, log.events).hash()
