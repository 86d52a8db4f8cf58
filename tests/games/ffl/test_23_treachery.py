"""23 Treachery: three sides (23.1-23.13), the mutineers chosen by the third
player, the Negotiation Phase and its declarations (23.3: units pass through
friends and melee foes), the mutineers driven by the left-out tribes' Sequence
units, and one winner (23.4)."""

from helpers import controller, fresh, module
from helpers import done as do
from helpers import verdict as ok

from ffl.engine import Action, fold

SID = "ffl/treachery"
N = 0
types = module().piece_types


def seated(state, first="legion", second="mutineer"):
    """2.1 for three: the high roller takes ``first``, the next ``second``."""
    for take in (first, second):
        state = do(state, "choose-side", state.vars["side_roll"]["high"], take=take)
    return state


def start(seed=1):
    return seated(fresh(seed, take=None, scenario_id=SID))




def squad(org, rank=None):
    return [t.id for t in types.values() if t.kind == "character" and t.org == org
            and t.id.startswith("L-") and (rank is None or t.get("rank") == rank)]


FORT = controller().ctx(start()).fort
SPOTS = [k for k in FORT.squares("parade")]
MUTINEERS = (squad("squad-1", "Pvt")[:4] + squad("squad-1", "Cpl")
             + squad("squad-2", "Pvt")[:5] + squad("squad-3", "Pvt")[:3]
             + squad("squad-3", "Sgt"))


def legion_set_up(state):
    legion = sorted(p for p in state.pieces if p.startswith("L-"))
    for pid, key in zip(legion, SPOTS, strict=False):
        state = do(state, "place", piece=pid, space=key, level=0, facing=N)
    return do(state, "end-setup")


def set_up_but_the_last(seed=1):
    """Every set-up done but the Mutineer player's last end-setup (the Sequence
    units as offered, 23.3)."""
    state = legion_set_up(start(seed))
    for pid in MUTINEERS:
        state = do(state, "mutineer", "mutineer", piece=pid)
    state = do(state, "end-setup", "mutineer")
    for tribe in ("riff", "tuareg", "kabyle"):
        state = do(state, "leave-out-tribe", "bedouin", org=tribe)
    return do(state, "end-setup", "bedouin")


def negotiating(seed=1):
    return do(set_up_but_the_last(seed), "end-setup", "mutineer")


def test_23_1_three_players_and_three_tribes_left_out():
    assert module().scenarios[SID].sides == ("legion", "mutineer", "bedouin")
    state = negotiating()
    assert set(state.vars["tribes_out"]) == {"riff", "tuareg", "kabyle"}
    assert state.vars["phase"] == "negotiation" and state.vars["turn"] == 1


def test_23_12_the_mutineer_player_marks_after_the_legion_set_up():
    state = start()
    early = ok(state, "mutineer", "mutineer", piece=MUTINEERS[0])
    assert not early and early.rule == "23.12"
    state = legion_set_up(state)
    assert controller().prompt(state).side == "mutineer"
    kolb = ok(state, "mutineer", "mutineer", piece="L-LC-Kolb")
    assert not kolb and kolb.rule == "23.12"
    assert ok(state, "mutineer", "mutineer", piece=MUTINEERS[0])
    assert not ok(state, "end-setup", "mutineer")
    for pid in squad("squad-1", "Pvt")[:5]:
        state = do(state, "mutineer", "mutineer", piece=pid)
    sixth = ok(state, "mutineer", "mutineer", piece=squad("squad-1", "Pvt")[5])
    assert not sixth and sixth.rule == "23.12"


def test_23_12_the_mutineers_change_sides():
    state = negotiating()
    for pid in MUTINEERS:
        assert state.pieces[pid].side == "mutineer" and state.pieces[pid].type == f"X-{pid}"
    assert {"mutineers-1", "mutineers-2", "mutineers-3"} <= set(state.vars["cup"])
    assert not {"riff", "tuareg", "kabyle"} & set(state.vars["cup"])


def test_23_3_the_negotiation_phase_each_player_in_turn():
    state = negotiating()
    assert controller().prompt(state).side == "legion"
    out_of_turn = ok(state, "declare", "bedouin", toward="legion", stance="friend")
    assert not out_of_turn and out_of_turn.rule == "23.3"
    state = do(state, "declare", toward="mutineer", stance="friend")
    assert state.vars["pacts"] == {"legion": {"mutineer": "friend"}}
    again = ok(state, "declare", toward="mutineer", stance="friend")
    assert not again and again.rule == "23.3"
    state = do(state, "end-negotiation")
    assert controller().prompt(state).side == "mutineer"
    state = do(state, "end-negotiation", "mutineer")
    state = do(state, "end-negotiation", "bedouin")
    assert state.vars["phase"] == "movement"
    talk = ok(state, "declare", toward="bedouin", stance="friend")
    assert not talk and talk.rule == "23.3"


def test_23_3_units_pass_through_friends_and_melee_foes():
    state = negotiating()
    loyal = "L-1-Jensen"                  # a loyal private; a mutineer two squares on
    mutineer = MUTINEERS[0]
    for piece, key in ((loyal, "M8"), (mutineer, "N8")):
        state.pieces[piece].space, state.pieces[piece].level = key, 0
    state.vars.update({"phase": "movement", "chit": "squad-1", "active": "legion",
                       "phase_mf": {}})
    reach = controller().reachable(state, loyal)
    assert ("N8", 0) in reach                       # a foe: a melee there
    assert not any(("N8", 0) in r.path[:-1] for r in reach.values())   # never through
    state.vars["pacts"] = {"legion": {"mutineer": "friend"}}
    reach = controller().reachable(state, loyal)
    assert any(("N8", 0) in r.path[:-1] for r in reach.values())       # passes a friend


def test_23_3_the_left_out_tribes_sequence_units_move_the_mutineers():
    state = negotiating()
    for side in ("legion", "mutineer", "bedouin"):
        state = do(state, "end-negotiation", side)
    state.vars["cup"] = ["mutineers-1"]
    drawn = fold(state, controller().apply(state, Action.make("draw", "legion")))
    assert drawn.vars["chit"] == "mutineers-1"
    assert controller().prompt(drawn).side == "mutineer"
    assert drawn.vars["mutineer_chits"]["mutineers-1"] == "kabyle"
    assert "Kabyle" in [e for e in controller().apply(state, Action.make("draw", "legion"))
                        if e.kind == "mutineer-chit"][0].text


def test_23_4_only_one_side_wins():
    state = negotiating()
    for piece in state.pieces.values():
        if piece.id.startswith("L-") and piece.side == "legion":
            piece.status, piece.space = "eliminated", None
    after = do(state, "end-negotiation")
    assert controller().outcome(after) is None       # the mutineers and the Bedouin remain
    for piece in after.pieces.values():
        if piece.side == "mutineer":
            piece.status, piece.space = "eliminated", None
    over = do(after, "end-negotiation", "mutineer")
    result = controller().outcome(over)
    assert result.winner == "bedouin" and result.rule == "23.4"


def test_23_3_the_negotiation_phase_comes_before_the_sequence_units_are_mixed():
    """The Game Card's sequence of play with all options: 1 the Negotiation Phase
    (23), 2 the Sequence units mixed for movement.  The log says so in that
    order (it read 'the Sequence units are mixed for movement', then the
    Negotiation Phase)."""
    state = set_up_but_the_last(1)
    events = controller().apply(state, Action.make("end-setup", "mutineer"))
    texts = [e.text for e in events if e.kind in ("turn", "negotiation")]
    assert texts == ["3.1 Turn 1 begins: first the Negotiation Phase (23.3)",
                     "23.3 Turn 1: the Negotiation Phase (the players may talk and declare "
                     "friends and foes)"], texts
    state = fold(state, events)
    for side in ("legion", "mutineer", "bedouin"):
        events = controller().apply(state, Action.make("end-negotiation", side))
        state = fold(state, events)
    assert events[-1].text == ("23.3 The Negotiation Phase is over; the Sequence units are "
                               "mixed for movement (3.1)")
    assert state.vars["phase"] == "movement"
