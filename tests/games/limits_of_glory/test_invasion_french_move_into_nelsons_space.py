"""Invasion Phase: French move into Nelson's space: a French fleet that moved into
Nelson's sea space and was not intercepted may be activated again."""

from log_helpers import act, fresh, refused, seek, settle, task

from ffl.games.limits_of_glory.model import forget


def _at_sea(seed=2):
    state = fresh(seed)
    while task(state) and task(state)["kind"] == "bedouin":
        from log_helpers import controller

        state, _ = act(state, "place-bedouin", "allied",
                       space=controller().legal_actions(state)[0]["space"])
    state, _ = act(state, "choose-fleet", "french", fleet="fleet-toulon")
    return state


def _into_nelsons_space():
    """The Toulon fleet sails from the Libyan Sea into Aboukir Bay, where Nelson is."""
    state = _at_sea()
    forget(state)
    state.pieces["fleet-toulon"].space = "libyan-sea"
    state.pieces["nelson"].space = "aboukir-bay"
    seek(state, [6, 6, 6, 6])
    state, _ = act(state, "activate", "french", space="libyan-sea")
    state, _ = settle(state)
    state, _ = act(state, "move", "french", space="libyan-sea", to="aboukir-bay",
                   pieces="fleet-toulon", units="", leave="")
    assert task(state)["kind"] == "intercept"
    return state


def test_invasion_french_move_into_nelsons_space_not_intercepted_the_fleet_may_activate_again():
    state = _into_nelsons_space()
    state, events = act(state, "intercept", "allied", go=False)
    assert any("Nelson lets the French pass" in e.text for e in events)
    assert state.vars["active"] == "french"
    assert refused(state, "activate", "french", space="aboukir-bay")
    seek(state, [6, 6, 6, 6])
    state, _ = act(state, "activate", "french", space="aboukir-bay")
    state, _ = settle(state)
    assert state.vars["activation"] == {"space": "aboukir-bay", "side": "french",
                                      "moved": False}


def test_invasion_french_move_into_nelsons_space_a_failed_interception_leaves_it_free_too():
    state = _into_nelsons_space()
    seek(state, [1, 1, 1, 1])
    state, _ = act(state, "intercept", "allied", go=True)
    state, events = settle(state)
    assert any("slip past Nelson" in e.text for e in events), [e.text for e in events]
    assert state.pieces["fleet-toulon"].status == "active"
    assert refused(state, "activate", "french", space="aboukir-bay")
