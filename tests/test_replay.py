"""Replay and branches (issue 22), on real saved FFL games through the store."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import Action, IllegalAction, fold
from ffl.replay import Replay, branch
from ffl.session import GameSession
from ffl.store.bookmarks import Note


def _ffl_game(tmp_path, actions: int = 160, seed: int = 5):
    session = catalog.new_session("ffl/basic", seed=seed, options={"turn_limit": 12})
    rng = random.Random(seed)
    for _ in range(actions):
        if session.controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    return session, session.save(tmp_path / "game.fflsave")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    return _ffl_game(tmp_path_factory.mktemp("replay"))


def test_every_position_shows_the_state_after_that_many_events(saved):
    session, path = saved
    replay = Replay.open(path)
    events = session.log.events
    assert replay.position == 0 and replay.total == len(events)
    for n in (0, 1, 7, len(events) // 2, len(events)):
        replay.goto(n)
        assert replay.session.state.hash() == fold(session.log.initial, events[:n]).hash()
        assert replay.session.log.events == events[:n]     # the log shows as it was
    replay.goto(len(events))
    assert replay.session.state.hash() == session.state.hash()


def test_stepping_by_event_step_phase_and_turn(saved):
    session, path = saved
    replay = Replay.open(path)
    steps = session.log.steps
    assert replay.step_event(1) == 1 and replay.step_event(-1) == 0
    assert replay.step_event(-1) == 0                       # never before the start
    # by step: exactly the step boundaries the game recorded (one per action)
    seen = [replay.goto(0)]
    while replay.position < replay.total:
        seen.append(replay.step_step(1))
    assert seen == sorted(set([0, *steps]))
    back = [replay.position]
    while replay.position > 0:
        back.append(replay.step_step(-1))
    assert back == seen[::-1]
    # by phase: each stop starts another (turn, phase) than the position before it
    replay.goto(0)
    stops = []
    while replay.position < replay.total:
        stops.append(replay.step_phase(1))
    assert len(stops) >= 3
    for stop in stops[:-1]:
        assert replay.mark_at(stop) != replay.mark_at(stop - 1)
    # back by phase from inside a phase goes to its start, then to the one before
    replay.goto(stops[1] + 1)
    assert replay.step_phase(-1) == stops[1]
    assert replay.step_phase(-1) == stops[0]
    # by turn, and straight to a turn
    turns = replay.turns()
    assert turns[:2] == [0, 1]
    start_1 = replay.goto_turn(1)
    assert replay.mark_at(start_1).turn == 1 and replay.mark_at(start_1 - 1).turn == 0
    assert replay.session.state.vars["turn"] == 1
    replay.goto(0)
    assert replay.step_turn(1) == start_1
    assert replay.step_turn(-1) == 0
    with pytest.raises(KeyError):
        replay.goto_turn(99)


def test_a_replay_is_read_only(saved):
    _, path = saved
    replay = Replay.open(path)
    replay.goto(replay.total)
    action = next(iter(replay.session.controller.legal_actions(replay.session.state)))
    with pytest.raises(IllegalAction, match="replay"):
        replay.session.do(action)
    assert not replay.session.undo() and not replay.session.log.can_undo()


def test_the_last_roll_before_the_position_is_shown(saved):
    session, path = saved
    replay = Replay.open(path)
    assert replay.last_dice() == []
    first = next(n for n, e in enumerate(session.log.events, 1) if e.dice)
    replay.goto(first + 3)
    assert replay.last_dice() == [session.log.events[first - 1]]


def test_notes_are_saved_into_the_file_and_nothing_else_changes(saved, tmp_path):
    session, original = saved
    path = tmp_path / "notes.fflsave"
    path.write_bytes(original.read_bytes())
    replay = Replay.open(path)
    replay.goto(12)
    replay.set_note(12, "the Legion should have waited")
    replay.set_note(30, bookmark=True)
    assert replay.notes_changed and replay.bookmarks() == [30]
    replay.save_notes()
    again = Replay.open(path)
    assert again.session.notes == [Note(12, "the Legion should have waited", False),
                                   Note(30, "", True)]
    assert again.source.log.events == session.log.events
    again.set_note(30, bookmark=False)
    assert [n.event for n in again.session.notes] == [12]


def test_a_branch_keeps_the_history_names_its_origin_and_leaves_the_original(saved, tmp_path):
    session, original = saved
    before = original.read_bytes()
    replay = Replay.open(original)
    at = replay.goto_turn(1)
    replay.step_step(1)
    replay.step_step(1)
    position = replay.position
    what_if = replay.branch()
    assert what_if.log.events == session.log.events[:position]
    assert what_if.extra["origin"] == {"file": "game.fflsave", "event": position,
                                       "title": session.scenario.title}
    assert what_if.log.floor == position and not what_if.log.can_undo()
    assert "branched" in what_if.undo_reason()
    # play on in the branch: it is a game like any other
    rng = random.Random(2)
    for _ in range(5):
        what_if.do(rng.choice(list(what_if.controller.legal_actions(what_if.state))))
    target = what_if.save(tmp_path / "what-if.fflsave")
    again = GameSession.open(target)
    assert again.extra["origin"]["event"] == position and again.state.hash() == \
        what_if.state.hash()
    assert original.read_bytes() == before
    assert at > 0


def test_a_branch_inside_a_step_keeps_whole_actions(saved):
    session, _ = saved
    steps = session.log.steps
    inside = next(b for a, b in zip(steps[1:], steps[2:], strict=False) if b - a >= 2)
    what_if = branch(session, inside - 1, "game.fflsave")
    start = max(s for s in steps if s <= inside - 1)
    assert len(what_if.log.events) == start == what_if.extra["origin"]["event"]
    assert len(branch(session, 1).log.events) == steps[1]      # never inside the opening


def test_a_branch_of_a_game_in_play_leaves_it_as_it_is(tmp_path):
    session, _ = _ffl_game(tmp_path, actions=40, seed=8)
    events = list(session.log.events)
    what_if = branch(session, 20)
    assert session.log.events == events and what_if.extra["origin"]["file"] == "game.fflsave"
    assert Action  # noqa: B018 - (imported for the type of the actions played)
