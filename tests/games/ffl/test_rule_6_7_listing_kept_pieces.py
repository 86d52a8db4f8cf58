"""What the listing keeps from one call to the next (issue 12) lists what a
listing worked out from nothing lists, in the same order: along seeded random
games (the Basic Game, and every optional rule), at every state, the legal
actions of the controller that played the game so far (its context taken
over from the action before, every kept piece warm) equal those of a new
controller on a copy of the state with those pieces emptied:

* 6.123, 4.31: a unit's step rows kept per unit and shared step tuple
  (``movement_actions._CANDIDATES``), the entry steps kept per fort and edges
  (6.21, ``movement.board_entry_steps``);
* 6.3, 6.4: the ropes' carriers and positions kept for the same rope pieces
  (``ropes._LAST_INDEX``);
* 7.3, 7.5: the firers' candidate targets kept per side
  (``fire_listing._candidate_rows``) and the sight occupancy read from the
  context's (``fire_listing.sight_occupancy`` equals ``sight.occupancy``);
* 2.31: the set-up's place arguments kept per fort.
"""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.games import game_of
from ffl.games.ffl.options import BY_ID
from ffl.games.ffl.rules import fire_listing, movement_actions, ropes, sight


def fresh_listing(controller, other, state, monkeypatch) -> list:
    """The legal actions of ``state`` worked out with nothing kept: another
    controller ``other`` (which never resolves: no context handed over), a
    copy of the state (new piece objects), empty memos (restored after, so
    the game's own stay warm)."""
    with monkeypatch.context() as m:
        m.setattr(movement_actions, "_CANDIDATES", {})
        m.setattr(ropes, "_LAST_INDEX", [None])
        fort = controller.ctx(state).fort
        for name in ("_place_args", "_grid_coords", "_entry_steps"):
            if name in fort.__dict__:
                m.delitem(fort.__dict__, name)
        return list(other.legal_actions(state.copy()))


@pytest.mark.parametrize("seed, optional, actions", [(1, False, 330), (4, True, 330)])
def test_6_7_the_kept_pieces_list_what_a_fresh_listing_lists(seed, optional, actions,
                                                               monkeypatch):
    options = dict(game_of("ffl/basic").selfplay_options)
    if optional:
        options.update({name: True for name in BY_ID})
    session = catalog.new_session("ffl/basic", seed=seed, options=options)
    controller, rng = session.controller, random.Random(seed)
    other = type(controller)(controller.module)
    phases = set()
    for _ in range(actions):
        state = session.state
        if controller.outcome(state) is not None:
            break
        ctx = controller.ctx(state)
        assert fire_listing.sight_occupancy(ctx) == sight.occupancy(state, ctx.types)
        expected = fresh_listing(controller, other, state, monkeypatch)
        listed = list(controller.legal_actions(state))
        assert listed == expected, (state.vars.get("phase"), state.vars.get("turn"))
        phases.add(state.vars.get("phase") if state.vars.get("chit") else None)
        session.do(rng.choice(listed))
    assert {"movement", "fire"} <= phases
