"""10-18 random self-play with every optional rule on, then with each alone:
every listed action legal, invariants after every action, the prompt's kinds
those of its declared phase and covering every legal action, views leaking
none of the Bedouin's secrets, save + load exact, replay exact (the
conformance test's checks, for the options the catalog's scenario leaves
off).  Bounded: a few turns a game."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import fold
from ffl.games.ffl.options import OPTIONAL_RULES
from ffl.session import GameSession

ALL = {o.id: True for o in OPTIONAL_RULES}


def playout(options: dict, seed: int, turns: int, tmp_path) -> GameSession:
    session = catalog.new_session("ffl/basic", seed=seed,
                                  options={"turn_limit": turns, **options})
    ctrl, rng = session.controller, random.Random(seed)
    phases = {p.id: p for p in ctrl.phases}
    for n in range(8000):
        if ctrl.outcome(session.state) is not None:
            break
        actions = list(ctrl.legal_actions(session.state))
        assert actions, ctrl.prompt(session.state)
        prompt = ctrl.prompt(session.state)
        assert set(prompt.kinds) <= set(phases[prompt.phase].kinds), prompt
        assert {a.kind for a in actions} <= set(prompt.kinds), (prompt, actions[:4])
        action = rng.choice(actions)
        assert ctrl.legal(session.state, action), action
        for event in session.do(action):
            assert event.rule
        assert ctrl.invariants(session.state) == [], action
        if n % 211 == 0:
            for side in ("legion", "bedouin"):
                text = ctrl.view(session.state, side).dumps()
                assert not [s for s in ctrl.secrets(session.state, side) if s in text]
            before = session.state.hash()
            loaded = GameSession.load(session.save(tmp_path / f"p{n}.fflsave"))
            assert loaded.state.hash() == before
    else:
        pytest.fail("no outcome")
    assert fold(session.log.initial, session.log.events).hash() == session.state.hash()
    return session


@pytest.mark.slow
def test_10_18_self_play_with_every_optional_rule_on(tmp_path):
    session = playout(ALL, 3, 3, tmp_path)
    # the set-up alone already uses 10 (doors set), 12 (tribes mounted), 15 (dynamite
    # given, tunnels rolled) and 17.31 (Le Cafard's choice)
    rules = {e.rule for e in session.log.events}
    assert {"10.15", "12", "15.11", "17.31"} <= rules


@pytest.mark.slow
@pytest.mark.parametrize("option", [o.id for o in OPTIONAL_RULES])
def test_10_18_self_play_with_each_optional_rule_alone(option, tmp_path):
    playout({option: True}, 5, 1, tmp_path)
