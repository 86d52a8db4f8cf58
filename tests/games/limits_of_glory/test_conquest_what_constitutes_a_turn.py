"""Conquest Phase: What constitutes a turn: an event from the event clock, then both
players act until their momentum markers are placed or both have declared the end of
their part; at the end the momentum and uprising markers come off the map and the next
turn opens with another event."""

from log_helpers import act, conquest, put

from ffl.games.limits_of_glory import tables as T


def test_conquest_what_constitutes_a_turn_both_end_markers_off_and_a_new_event():
    state = conquest(5, hand=(2, 2))
    put(state, "cairo", {"fr-inf": 4})
    put(state, "gaza", {"ot-inf": 4})
    state.vars["markers"] = {"giza": {"french": 1}, "jaffa": {"allied": 1}}
    state.vars["uprisings"] = ["cairo"]
    state, events = act(state, "end-turn", "french")
    assert state.vars["turn"] == 2 and state.vars["active"] == "allied"   # not over yet
    state, events = act(state, "end-turn", "allied")
    rules = [e.rule for e in events]
    assert T.MOMENTUM_END in rules and T.TURN in rules
    assert rules.index(T.MOMENTUM_END) < rules.index(T.TURN)
    assert state.vars["turn"] == 3
    assert state.vars["markers"] == {} and state.vars["uprisings"] == []
    clock = [r for r in rules[rules.index(T.TURN):] if r.startswith("Event")]
    assert clock, rules                                  # the new turn opens with an event
