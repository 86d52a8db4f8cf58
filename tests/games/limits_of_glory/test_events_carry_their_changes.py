"""State changes only through events: every action's events carry all its
changes (the quiet bookkeeping of the question stack and flags too), so the
state the rules worked out (``GloryController.state_after``, which the log takes)
is the one the events give when applied to the state before, and the state an
action was played from is left as it was (the program's runner reads it after
the move to follow the pieces that moved)."""

from __future__ import annotations

import random

from ffl.catalog import new_session
from ffl.engine import fold
from ffl.games import game_of

SCENARIO = "limits_of_glory/campaign"


def _check_game(seed: int) -> int:
    options = dict(game_of(SCENARIO).selfplay_options)
    session = new_session(SCENARIO, seed=seed, options=options)
    controller, rng = session.controller, random.Random(seed)
    played = 0
    while controller.outcome(session.state) is None and played < 3000:
        before = session.state
        held = before.hash()
        action = rng.choice(list(controller.legal_actions(before)))
        events = session.do(action)
        assert before.hash() == held, f"{action} changed the state it was played from"
        assert session.state is not before
        assert fold(before, events).hash() == session.state.hash(), action
        played += 1
    return played


def test_each_action_leaves_its_state_and_its_events_give_the_state_after():
    assert _check_game(3) > 100


def test_state_after_is_given_once_and_only_for_the_very_events_returned():
    session = new_session(SCENARIO, seed=4, options=dict(game_of(SCENARIO).selfplay_options))
    controller = session.controller
    action = list(controller.legal_actions(session.state))[0]
    events = controller.apply(session.state, action)
    assert controller.state_after(list(events)) is None     # an equal list, not the one
    events = controller.apply(session.state, action)
    after = controller.state_after(events)
    assert after is not None and after.hash() == fold(session.state, events).hash()
    assert controller.state_after(events) is None           # asked once
