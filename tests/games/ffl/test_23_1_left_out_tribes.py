"""20.1 / 21.1 / 22.1 / 23.1 a tribe left out of the fight is not used: none of its
units may ride in (12), carry a rope (2.32) or a bundle of dynamite (15.11), and a
tribe marked mounted before it was left out no longer rides (the program marked the
Berbers mounted and gave Rope 8 to Isa, a Berber, after leaving the Berbers out)."""

from helpers import controller, fresh
from helpers import done as do
from test_23_treachery import MUTINEERS, SID, legion_set_up, seated

from ffl.engine import Action, fold
from ffl.games.ffl.rules.hidden import mark

OPTIONS = {"mounted": True, "siege": True}


def bedouin_set_up():
    state = legion_set_up(seated(fresh(1, take=None, scenario_id=SID, **OPTIONS)))
    for pid in MUTINEERS:
        state = do(state, "mutineer", "mutineer", piece=pid)
    state = do(state, "end-setup", "mutineer")
    assert state.vars["phase"] == "setup-bedouin"
    return state


def refusal(state, kind, **args):
    return controller().legal(state, Action.make(kind, "bedouin", **args))


def test_23_1_a_tribe_left_out_neither_rides_nor_carries():
    state = do(bedouin_set_up(), "leave-out-tribe", "bedouin", org="berber")
    for kind, args in (("mount", {"org": "berber"}),
                       ("assign-rope", {"rope": "rope-08", "piece": "B-B-Isa"}),
                       ("assign-dynamite", {"dynamite": "dynamite-1", "piece": "B-B-Isa"})):
        v = refusal(state, kind, **args)
        assert not v and v.rule == "23.1" and "left out" in v.reason, (kind, v)
    assert refusal(state, "mount", org="arab")                 # a tribe in play rides
    assert refusal(state, "assign-rope", rope="rope-08", piece="B-A-Abdul")
    listed = controller().legal_actions(state)
    assert not [a for a in listed if a.get("org") == "berber" and a.kind == "mount"]
    assert not [a for a in listed if a.kind == "assign-rope"
                and a.get("piece", "").startswith("B-B-")]


def test_12_a_mounted_tribe_left_out_no_longer_rides():
    state = do(bedouin_set_up(), "mount", "bedouin", org="berber")
    assert state.vars["mounted"] == ["berber"]
    state = do(state, "leave-out-tribe", "bedouin", org="berber")
    assert "berber" not in (state.vars.get("mounted") or [])


def test_15_1_23_1_dynamite_noted_for_a_tribe_then_left_out_goes_back_to_the_bedouin():
    """15.1 the three bundles are the Bedouin player's, for any of his units; a
    bundle noted (15.11) for a unit of a tribe that is then left out (20.1-23.1:
    not used) is not lost with the tribe: it is unassigned again and may be
    given to a unit that plays.  The Legion's view and log learn nothing of it."""
    state = bedouin_set_up()
    state = do(state, "assign-dynamite", "bedouin", dynamite="dynamite-1", piece="B-B-Isa")
    state = do(state, "assign-dynamite", "bedouin", dynamite="dynamite-2", piece="B-A-Abdul")
    assert state.vars["siege_secret"]["dynamite"] == {"dynamite-1": "B-B-Isa",
                                                      "dynamite-2": "B-A-Abdul"}
    events = controller().apply(state, Action.make("leave-out-tribe", "bedouin", org="berber"))
    start_state, state = state, fold(state, events)
    assert state.vars["siege_secret"]["dynamite"] == {"dynamite-2": "B-A-Abdul"}
    line = next(e for e in events if e.kind == "leave-out-tribe")
    assert "goes back to the Bedouin player" in line.text and "15.1" in line.text
    marked_line = mark(controller().ctx(start_state), events)[0]
    legion_line = controller().event_for(marked_line, "legion")
    assert legion_line.text == line.text and "Isa" not in legion_line.text   # no carrier named
    text = controller().view(state, "legion").dumps()
    assert not [s for s in controller().secrets(state, "legion") if s in text]
    # the bundle is the Bedouin's to give again, to a unit that plays
    assert refusal(state, "assign-dynamite", dynamite="dynamite-1", piece="B-A-Dhabi")
    state = do(state, "assign-dynamite", "bedouin", dynamite="dynamite-1", piece="B-A-Dhabi")
    assert state.vars["siege_secret"]["dynamite"]["dynamite-1"] == "B-A-Dhabi"
