"""40.0 and 41.0 in whole games (slow): every scenario played with every advanced rule
on, random legal choices leaning to the air game's and Reaction's own, ends without an
error, with its invariants kept and its log replaying to the same state; the air
sub-phase, missions and Reaction rolls happen."""

from __future__ import annotations

import collections
import random

import pytest

from ffl.catalog import new_session
from ffl.games.legend_begins.options import all_on
from ffl.selfplay import play_game

SCENARIOS = ("compass", "invasion", "crusader", "gazala", "alamein", "campaign")
AIR_KINDS = ("fly", "air-hq", "intercept", "react", "air-lost")


def _lean(controller, state, actions, rng):
    phases = {p.id: p for p in controller.phases}
    prompt = controller.prompt(state)
    assert set(prompt.kinds) <= set(phases[prompt.phase].kinds), prompt
    own = [a for a in actions if a.kind in AIR_KINDS]
    return rng.choice(own if own and rng.random() < 0.5 else actions)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_40_41_every_scenario_with_every_advanced_rule(name):
    seen = collections.Counter()
    for seed in (1, 2):
        session = new_session(f"legend_begins/{name}", seed=seed,
                              options={**all_on(), "last_turn": 1})
        play_game(session, random.Random(seed), 30000, _lean, replay=False)
        seen.update(e.rule.split(".")[0] for e in session.log.events
                    if e.rule.startswith(("40.", "41.")))
    assert seen["40"] and seen["41"], seen
