"""40.11 an Air HQ lost takes an air unit to the Cadre Box with it and the Support of
the others: the program gives one up only for a reason.  ``easy``'s random moves never
take one off the map or pick it for a loss or an elimination, and every level's loss
and 5.3 choices spare it while other units can pay."""

from __future__ import annotations

from air_helpers import air_start
from tlb_helpers import put, segment

from ffl.games.legend_begins.ai import make

SEEDS = range(30)


def quiet_front(controller, module):
    """The Italian Air HQ well behind the front with a regiment; the enemy far off."""
    st = air_start(controller, module)
    put(st, "ax-ahq", "2937")
    put(st, "ax-64cat-1", "2940")
    put(st, "al-16bde", "2455")
    return st


def choices(controller, st, level: str):
    view = controller.view(st, "axis")
    actions = list(controller.legal_actions(st))
    return [make(controller, "axis", level, seed).choose(view, actions) for seed in SEEDS]


def test_40_11_easy_never_takes_a_safe_air_hq_off_the_map(controller, module):
    st = quiet_front(controller, module)
    for phase in ("movement", "combat", "supply"):
        segment(st, "axis", "primary", phase)
        actions = controller.legal_actions(st)
        assert any(a.kind == "air-hq" and a.get("hex") is None for a in actions)  # open
        picked = choices(controller, st, "easy")
        assert not [a for a in picked if a.kind == "air-hq"], phase
        if phase == "movement":                          # still random otherwise
            assert len(set(picked)) > 1


def test_40_11_9_5_the_owners_loss_spares_the_air_hq(controller, module):
    """The second loss of three is the owner's to pick (9.5): a step of the regiment,
    not the Air HQ, at every level."""
    st = quiet_front(controller, module)
    put(st, "ax-64cat-1", "2937")
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [{"kind": "loss", "side": "axis", "units": ["ax-ahq", "ax-64cat-1"],
                           "n": 2, "taken": 1, "hits": {}, "recover": 0}]
    assert controller.prompt(st).side == "axis"
    assert {a["unit"] for a in controller.legal_actions(st)} == {"ax-ahq", "ax-64cat-1"}
    for level in ("easy", "normal", "hard"):
        assert {a["unit"] for a in choices(controller, st, level)} == {"ax-64cat-1"}, level


def test_40_11_5_3_an_overstacked_hex_eliminates_a_battalion_before_its_air_hq(
        controller, module):
    st = quiet_front(controller, module)
    for pid in ("ax-64cat-1", "ax-64cat-2", "ax-63cir-1", "ax-10bers"):   # 2+2+2+1
        put(st, pid, "2937")                              # and the Air HQ's 1 point
    segment(st, "axis", "primary", "movement")
    st.vars["pending"] = [{"kind": "overstack", "side": "axis", "hex": "2937"}]
    assert "ax-ahq" in {a["unit"] for a in controller.legal_actions(st)}
    for level in ("easy", "normal", "hard"):
        assert "ax-ahq" not in {a["unit"] for a in choices(controller, st, level)}, level
