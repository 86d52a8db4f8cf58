"""The piece lookups a rules context takes over (issue 12) are the ones it
would build itself: along seeded random games (the Basic Game and every
optional rule), after every action the controller's context of the session's
state, which takes over the lookups the action's batch kept up to date
(``context.take_over``, the occupancy brought up to date event by event),
answers as a context built from nothing:

* 4.3 the occupancy: each (square, level) -> its active characters in id
  order, the state's very piece objects;
* the pieces of each kind and the characters of each side and organization
  (1.24), the grappled ropes' ends (6.4) and the sides (15, 17.3 secrets).

Bounded: a few hundred actions a game (the slow pins play whole games)."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.games import game_of
from ffl.games.ffl.options import BY_ID
from ffl.games.ffl.rules import hidden, movement
from ffl.games.ffl.rules.context import ORGS, SIDES


def lookups(ctx) -> dict:
    """What the lookups answer, with the identity of every piece object."""
    return {
        "occupancy": {key: [(p.id, id(p)) for p in there]
                      for key, there in sorted(ctx.occupancy.items())},
        "kinds": {kind: [(p.id, id(p)) for p in ctx.pieces_of(kind)]
                  for kind in ("character", "rope", "weapon")},
        "characters": {(side, org): [(p.id, id(p)) for p in ctx.characters(side, org)]
                       for side in (None, *SIDES) for org in (None, *ORGS)},
        "grapples": dict(sorted(movement.grapple_ends(ctx).items())),
        "sides": hidden.sides(ctx),
    }


@pytest.mark.parametrize(("seed", "optional", "actions"), [(5, False, 400), (6, True, 250)])
def test_4_3_taken_over_lookups_match_fresh_ones(seed, optional, actions):
    options = dict(game_of("ffl/basic").selfplay_options)
    if optional:
        options.update({name: True for name in BY_ID})
    session = catalog.new_session("ffl/basic", seed=seed, options=options)
    controller, rng = session.controller, random.Random(seed)
    taken = 0
    for _ in range(actions):
        if controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(controller.legal_actions(session.state))))
        state = session.state
        ctx = controller.ctx(state)
        taken += "_by_kind" in ctx.__dict__
        fresh = ctx.at(state)                   # a context of the state, no lookups yet
        assert not {"_occ", "_by_kind", "_chars"} & fresh.__dict__.keys()
        assert lookups(ctx) == lookups(fresh), state.vars.get("phase")
        for p in state.pieces.values():         # the lookups hold the state's own objects
            assert all(q is state.pieces[q.id] for q in ctx.occupancy.get((p.space, p.level),
                                                                          ()))
    assert taken > actions // 2                 # the lookups were taken over, mostly
