"""Invasion Phase: Moving Nelson: Nelson starting his movement in a sea space with an
unintercepted French fleet first tests to move; passed, he must move out (neither
finishing the activation nor ending the Allied part of the turn keeps him there);
failed, he may try to intercept, and either way his turn is over."""

from log_helpers import act, controller, refused, seek, settle, task
from test_invasion_french_move_into_nelsons_space import _at_sea

from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.model import forget


def _nelson_beside_the_fleet():
    state = _at_sea()
    forget(state)
    state.pieces["fleet-toulon"].space = "libyan-sea"
    state.pieces["nelson"].space = "libyan-sea"
    state.vars["active"] = "allied"
    return state


def test_invasion_moving_nelson_passed_he_must_move_out():
    state = _nelson_beside_the_fleet()
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "allied", space="libyan-sea")
    state, _ = settle(state)
    assert state.vars["activation"]["must_leave"]
    for kind in ("done", "end-turn"):
        v = refused(state, kind, "allied")
        assert not v and v.rule == T.INV_NELSON, (kind, v)
    kinds = {a.kind for a in controller().legal_actions(state)}
    assert kinds == {"move"}
    state, _ = act(state, "move", "allied", space="libyan-sea", to="ionian",
                   pieces="nelson", units="", leave="")
    assert state.pieces["nelson"].space == "ionian"


def test_invasion_moving_nelson_failed_he_may_intercept_and_his_turn_ends():
    state = _nelson_beside_the_fleet()
    seek(state, [1, 1, 1])
    state, _ = act(state, "activate", "allied", space="libyan-sea")
    state, _ = settle(state)
    assert task(state)["kind"] == "intercept" and task(state)["ends_turn"]
    state, _ = act(state, "intercept", "allied", go=False)
    assert state.pieces["nelson"].space == "libyan-sea"
    assert state.vars["active"] != "allied" or not refused(state, "activate", "allied",
                                                           space="libyan-sea")
