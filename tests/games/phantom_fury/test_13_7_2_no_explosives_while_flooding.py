"""13.7.2 a CAAT support does not use its 'Explosives' marker during a Flooding
operation of its squad (13.4.8): the Assaults of the Flooding are made at the squad's
own CF, whether the marker is still there or was spent on the Assault before it."""

from __future__ import annotations

from pf_helpers import act, insurgent, squad, texts, with_rolls
from test_13_assault import zone3


def flooding_position():
    state = zone3()
    squad(state, "K1-1", "Z3.R", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=4, explosives=True)
    insurgent(state, "Z3.2", 3, "martyrs")
    second = insurgent(state, "Z3.1pp", 3, "martyrs")
    return state, second


def flooding_fights(log: str) -> list[str]:
    after = log.split("floods Zone 3", 1)[1]
    return [line for line in after.splitlines() if "Top-down Assault" in line]


def test_13_7_2_the_flooding_assault_is_at_the_squads_cf_the_marker_kept():
    state, second = flooding_position()
    state = with_rolls(state, [2, 9, 3, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    fights = flooding_fights(texts(events))
    assert fights and all("explosives" not in f and "CF 6" in f for f in fights), fights
    assert state.pieces[second].status == "off"
    assert state.pieces["CAAT-1"].data.get("explosives")          # still unused


def test_13_7_2_explosives_spent_before_the_flooding_do_not_carry_into_it():
    state, second = flooding_position()
    state = with_rolls(state, [8, 9, 3, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=True)
    log = texts(events)
    assert "(explosives: CF 8)" in log.split("floods Zone 3", 1)[0]
    fights = flooding_fights(log)
    assert fights and all("explosives" not in f and "CF 6" in f for f in fights), fights
    assert not state.pieces["CAAT-1"].data.get("explosives")
