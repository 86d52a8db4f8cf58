"""One conformance test for every registered game and scenario (OpenSpiel style).

Random legal actions through whole games, with after every action:
invariants hold, the prompt agrees with the declared phases and the legal
actions, and ``pieces_of`` names pieces of the state (for every listed action
at sampled points); and at sampled points: undo+redo returns the same state
hash, save+load through a real SQLite file returns the same hash, and each side's
view leaks none of the secrets the controller says that side must not see.
At the end, replaying the log from the initial state reproduces the game.
"""

import random

import pytest

from ffl import catalog
from ffl.engine import fold
from ffl.games import game_of
from ffl.session import GameSession

SCENARIOS = [info.id for info in catalog.list_scenarios()]
GAMES_PER_SCENARIO = 2
MAX_ACTIONS = 6_000
CHECK_EVERY = 97  # actions between the (slower) undo/save/view checks


def test_every_registered_game_has_an_installed_scenario():
    from ffl.games import games

    installed = {sid.split("/")[0] for sid in SCENARIOS}
    assert "ffl" in installed, "the flagship module scenarios/french-foreign-legion.ffl is missing"
    assert installed == set(games()), "a registered game has no installed scenario"


def _check_sampled(session: GameSession, tmp_path, n: int) -> None:
    controller = session.controller
    before = session.state.hash()
    # undo + redo is exact
    if session.log.can_undo():
        session.undo()
        session.redo()
        assert session.state.hash() == before, "undo+redo changed the state"
    # save + load is exact
    path = tmp_path / f"check-{n}.fflsave"
    session.save(path)
    loaded = GameSession.load(path)
    assert loaded.state.hash() == before, "save+load changed the state"
    # views leak nothing hidden
    secrets_of = getattr(controller, "secrets", None)
    for side in session.scenario.sides:
        view = controller.view(session.state, side)
        text = view.dumps()
        for secret in (secrets_of(session.state, side) if secrets_of else ()):
            assert secret not in text, f"view for {side} shows hidden {secret!r}"


def _check_prompt(controller, state, actions) -> None:
    """Phases are declared data: the prompt's phase is one of the controller's
    phases, its open kinds are kinds of that phase, and every legal action is of
    a kind the prompt opens (a UI choosing by the prompt misses nothing)."""
    prompt = controller.prompt(state)
    phases = {p.id: p for p in controller.phases}
    assert prompt.phase in phases, f"undeclared phase {prompt.phase!r}"
    assert set(prompt.kinds) <= set(phases[prompt.phase].kinds), prompt
    assert {a.kind for a in actions} <= set(prompt.kinds), (prompt, actions[:5])


def _check_pieces_of(controller, state, actions) -> None:
    """The contract's ``pieces_of``: for each action, a list of ids of pieces in
    the state it is played from, without repeats (the window follows them after
    the program's move)."""
    for action in actions:
        pids = controller.pieces_of(state, action)
        assert isinstance(pids, list), (action, pids)
        assert all(isinstance(p, str) and p in state.pieces for p in pids), (action, pids)
        assert len(set(pids)) == len(pids), (action, pids)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_random_playouts_conform(scenario_id, tmp_path):
    game = scenario_id.split("/")[0]
    module = catalog.load_module(game)
    for g in range(GAMES_PER_SCENARIO):
        seed = 1000 + g
        rng = random.Random(seed)
        session = GameSession.new(module, scenario_id, seed=seed,
                                  options=game_of(scenario_id).selfplay_options)
        controller = session.controller
        for n in range(MAX_ACTIONS):
            if controller.outcome(session.state) is not None:
                break
            actions = list(controller.legal_actions(session.state))
            assert actions, f"{scenario_id}: no legal action and no outcome at action {n}"
            _check_prompt(controller, session.state, actions)
            action = rng.choice(actions)
            assert controller.legal(session.state, action), f"listed but refused: {action}"
            _check_pieces_of(controller, session.state,
                             actions if n % CHECK_EVERY == 0 else [action])
            events = session.do(action)
            for event in events:
                assert event.rule, f"event without a rule number: {event}"
            broken = controller.invariants(session.state)
            assert not broken, f"after {action}: {broken}"
            if n % CHECK_EVERY == 0:
                _check_sampled(session, tmp_path, n)
        else:
            pytest.fail(f"{scenario_id} seed {seed}: no outcome after {MAX_ACTIONS} actions")
        assert fold(session.log.initial, session.log.events).hash() == session.state.hash()
