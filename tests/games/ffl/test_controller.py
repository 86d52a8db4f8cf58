"""FFLController as a RuleController: registration, purity of apply, views,
invariants, and short random self-play games from set-up to the turn limit."""

import random

from helpers import N, S, act, controller, module, state_with

from ffl.engine import Action, RuleController, fold
from ffl.games import games
from ffl.session import GameSession

ADLER, COLE = "L-1-Adler", "L-1-Cole"
ABDUL = "B-A-Abdul"


def test_controller_is_registered_and_satisfies_the_protocol():
    ctrl = games()["ffl"].controller_class()(module())
    assert isinstance(ctrl, RuleController) and ctrl.game_id == "ffl"


def test_apply_never_changes_the_state_it_is_given():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6])
    before = state.hash()
    controller().apply(state, Action.make("move", "legion", piece=ADLER, to="N9", level=0))
    assert state.hash() == before


def test_view_is_a_full_copy_nothing_hidden_in_the_basic_game():
    state = state_with({ADLER: ("N8", 0, S)})
    view = controller().view(state, "bedouin")
    assert view is not state and view.hash() == state.hash()


def test_invariants_catch_two_units_in_one_square_and_level():
    state = state_with({ADLER: ("N8", 0, S), COLE: ("N8", 0, N)})
    assert any(b.startswith("4.3") for b in controller().invariants(state))
    state = state_with({ADLER: ("N8", 0, S), COLE: ("N8", 1, N)})
    assert any("missing level" in b for b in controller().invariants(state))
    state = state_with({ADLER: ("N8", 0, S)})
    state.pieces[COLE].status, state.pieces[COLE].space = "eliminated", "N9"
    assert any("eliminated" in b for b in controller().invariants(state))
    state = state_with({ADLER: ("N8", 0, S)}, data={ADLER: {"mf_left": -1}}, mover=ADLER)
    assert any(b.startswith("6.123") for b in controller().invariants(state))


def test_queries_for_the_ui():
    state = state_with({ADLER: ("N8", 0, S), COLE: ("P8", 0, N)})
    ctrl = controller()
    assert set(ctrl.movable_pieces(state)) == {ADLER, COLE}
    assert ctrl.mf_left(state, ADLER) == 5
    assert ctrl.reachable(state, ABDUL) == {}          # not in the drawn organization


def _random_game(seed: int, turn_limit: int = 2, max_actions: int = 4000) -> GameSession:
    session = GameSession.new(module(), "ffl/basic", seed=seed,
                              options={"turn_limit": turn_limit})
    ctrl, rng = session.controller, random.Random(seed)
    for _ in range(max_actions):
        if ctrl.outcome(session.state) is not None:
            break
        actions = list(ctrl.legal_actions(session.state))
        assert actions, ctrl.prompt(session.state)
        action = rng.choice(actions)
        assert ctrl.legal(session.state, action), action
        for event in session.do(action):
            assert event.rule and event.text.startswith(event.rule), event
        assert ctrl.invariants(session.state) == [], action
    assert ctrl.outcome(session.state) is not None
    return session


def test_random_self_play_three_games_to_the_turn_limit():
    for seed in (11, 12, 13):
        session = _random_game(seed)
        state = session.state
        assert state.vars["phase"] == "over"
        assert fold(session.log.initial, session.log.events).hash() == state.hash()
        kinds = {e.kind for e in session.log.events}
        assert {"place", "draw", "end-phase", "enter", "stun-removal"} <= kinds


def test_6_15_idle_units_are_those_that_could_move_and_have_not():
    adler, cole = "L-1-Adler", "L-1-Cole"
    state = state_with({adler: ("N8", 0, 0), cole: ("K9", 0, 0)})
    assert set(controller().idle_units(state)) == {adler, cole}
    state, _ = act(state, "move", piece=adler, to="N9", level=0)
    assert controller().idle_units(state) == [cole]  # Adler moved (and is moving now)
