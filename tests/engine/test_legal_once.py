"""Legality checked once (issue 12): an action the FFL controller listed for
the very state it is applied to (the same object, no change applied since,
``GameState.applied``) is resolved without a second check; anything else is
checked in full and refused with its rule number."""

import pytest

from ffl.catalog import new_session
from ffl.engine import Action, Change, Event, IllegalAction, apply_event
from ffl.games import game_of


def _session():
    return new_session("ffl/basic", seed=1, options=dict(game_of("ffl/basic").selfplay_options))


def test_each_change_applied_counts_on_the_state_object_and_a_copy_starts_afresh():
    session = _session()
    state = session.state.copy()
    assert state.applied == 0
    apply_event(state, Event("x", "3", "3 x", (Change.var("a", 1), Change.var("b", 2))))
    assert state.applied == 2
    assert state.copy().applied == 0 and state.shared().applied == 0


def test_2_1_a_listed_action_is_checked_again_once_events_changed_the_state():
    session = _session()
    controller = session.controller
    listed = list(controller.legal_actions(session.state))
    choose = next(a for a in listed if a.kind == "choose-side")
    session.do(choose)
    # the same object as listed, on the same state object, now changed: refused
    with pytest.raises(IllegalAction) as refused:
        session.do(choose)
    assert refused.value.rule == "2.1"


def test_2_1_an_action_made_elsewhere_is_checked_in_full():
    session = _session()
    controller = session.controller
    listed = list(controller.legal_actions(session.state))
    choose = next(a for a in listed if a.kind == "choose-side")
    # equal to a listed action but not one of its objects: checked, and legal
    again = Action.from_json(choose.to_json())
    assert again == choose and again is not choose
    session.do(again)
    # listed for a copy of the state (not the state applied to): checked in full
    copy = session.state.copy()
    stale = Action.from_json(choose.to_json())
    controller.legal_actions(copy)
    with pytest.raises(IllegalAction) as refused:
        controller.apply(session.state, stale)
    assert refused.value.rule == "2.1"
    # never listed at all
    with pytest.raises(IllegalAction) as refused:
        controller.apply(session.state, Action.make("choose-side", choose.side, take="legion"))
    assert refused.value.rule == "2.1"


def test_3_a_listed_action_on_another_state_object_is_checked_in_full():
    session = _session()
    controller = session.controller
    before = session.state.copy()
    listed = list(controller.legal_actions(before))
    choose = next(a for a in listed if a.kind == "choose-side")
    session.do(choose)              # the session's state moves on; ``before`` does not
    with pytest.raises(IllegalAction):
        controller.apply(session.state, choose)
    assert controller.apply(before, choose)       # still legal where it was listed
