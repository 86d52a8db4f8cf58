"""4.1: every Zone's markers asked at once (``zones_status``, one rules context for
all, issue 12) are each Zone's own ``zone_status``, along a seeded game (Zones
activated, under USMC Control, Ruins with their rubble as they come)."""

from __future__ import annotations

import random

from ffl import catalog


def test_4_1_zones_status_is_each_zones_status_along_a_game():
    session = catalog.new_session("phantom_fury/jolan", seed=5)
    ctrl, rng = session.controller, random.Random(5)
    seen = set()
    for step in range(400):
        state = session.state
        if step % 20 == 0:
            every = ctrl.zones_status(state)
            assert set(every) == set(ctrl.city(state).zones)
            assert every == {n: ctrl.zone_status(state, n) for n in every}
            seen |= {k for st in every.values() for k, v in st.items() if v}
        if ctrl.outcome(state) is not None:
            break
        actions = list(ctrl.legal_actions(state))
        moves = [a for a in actions if not a.kind.startswith("end")]
        session.do(rng.choice(moves) if moves and rng.random() < 0.8 else
                   next((a for a in actions if a.kind.startswith("end")), actions[0]))
    assert {"act", "usmc", "ruins", "rubble"} <= seen     # the markers did come
