"""6.7 melee: entering a foe's square, the roll against the attacker's Melee
Number, every modifier of 6.72, the MF it costs and moving on afterwards."""

from helpers import E, N, S, W, act, controller, dice, state_with, verdict

ADLER, COLE = "L-1-Adler", "L-1-Cole"          # Melee Number 3
STOLZ = "L-2-Stolz"                              # Melee Number 3
ABDUL = "B-A-Abdul"                              # Melee Number 3
SABAH, WALID, GAAFAR = "B-R-Sabah", "B-R-Walid", "B-R-Gaafar"


def melee_roll(events):
    return next(e for e in events if e.kind == "melee-roll")


def test_6_71_modified_roll_reaching_the_melee_number_hits_the_defender():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N10", 0, N)}, rolls=[3])
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ADLER].position == ("N9", 0)   # no melee yet
    state, events = act(state, "move", piece=ADLER, to="N10", level=0)
    assert dice(events) == [3]
    assert state.pieces[ABDUL].status == "eliminated" and state.pieces[ABDUL].space is None
    assert state.pieces[ADLER].position == ("N10", 0)
    assert any(e.rule == "6.71" and e.text.startswith("6.71") for e in events)


def test_6_71_lower_roll_hits_the_attacker():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[2])
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ADLER].status == "eliminated"
    assert state.pieces[ABDUL].position == ("N9", 0)
    assert state.vars.get("mover") is None and ADLER in state.vars["done"]


def test_6_1245_melee_costs_one_mf_and_6_73_the_winner_moves_on():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6])
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert controller().mf_left(state, ADLER) == 3     # 5 - 1 square - 1 melee
    state, _ = act(state, "move", piece=ADLER, to="N10", level=0)
    assert state.pieces[ADLER].position == ("N10", 0)


def test_6_1245_melee_free_when_entering_took_the_last_mf():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6],
                       data={ADLER: {"mf_left": 1}}, mover=ADLER)
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ABDUL].status == "eliminated"
    melee = next(e for e in events if e.kind == "melee")
    assert melee.info["cost"] == 0 and "6.1245" in melee.text
    assert controller().mf_left(state, ADLER) == 0


def test_4_33_entering_a_foe_square_always_means_melee():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6])
    _, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert [e.kind for e in events].count("melee") == 1


def test_6_722_attacking_through_a_window_minus_one():
    # K6 -> K5 through the Barracks window; 4 - 1 = 3 still hits.
    state = state_with({ADLER: ("K6", 0, N), ABDUL: ("K5", 0, S)}, rolls=[4])
    state, events = act(state, "move", piece=ADLER, to="K5", level=0)
    roll = melee_roll(events)
    assert roll.info["modifiers"] == [["6.722", -1]] and roll.info["modified"] == 3
    assert state.pieces[ABDUL].status == "eliminated"
    assert controller().mf_left(state, ADLER) == 2     # 1 + 1 window + 1 melee


def test_6_722_window_modifier_can_turn_the_result():
    state = state_with({ADLER: ("K6", 0, N), ABDUL: ("K5", 0, S)}, rolls=[3])
    state, _ = act(state, "move", piece=ADLER, to="K5", level=0)
    assert state.pieces[ADLER].status == "eliminated"


def test_6_723_attacking_into_the_rear_plus_one():
    # Abdul faces south; N8 is directly behind him in N9.
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, S)}, rolls=[2])
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    roll = melee_roll(events)
    assert ["6.723", 1] in roll.info["modifiers"] and roll.info["modified"] == 3
    assert state.pieces[ABDUL].status == "eliminated"


def test_6_723_from_the_side_is_not_the_rear():
    state = state_with({ADLER: ("M9", 0, E), ABDUL: ("N9", 0, S)}, rolls=[2])
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert melee_roll(events).info["modifiers"] == []
    assert state.pieces[ADLER].status == "eliminated"


def test_6_723_rear_of_a_diagonal_facing():
    # Facing NE, the square behind is the SW diagonal neighbour.
    state = state_with({ADLER: ("M10", 0, N), ABDUL: ("N9", 0, 1)}, rolls=[2])
    _, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert ["6.723", 1] in melee_roll(events).info["modifiers"]


def test_6_721_attacking_up_a_stairway_minus_one():
    # H4 (parade) up the stair to the landing I4 held by Abdul.
    state = state_with({ADLER: ("H4", 0, E), ABDUL: ("I4", 1, W)}, rolls=[4])
    state, events = act(state, "climb", piece=ADLER, to="I4", level=1)
    roll = melee_roll(events)
    assert ["6.721", -1] in roll.info["modifiers"] and roll.info["modified"] == 3
    assert state.pieces[ADLER].position == ("I4", 1)


def test_6_721_attacking_down_a_stairway_has_no_modifier():
    state = state_with({ADLER: ("I4", 1, W), ABDUL: ("H4", 0, E)}, rolls=[3])
    state, events = act(state, "climb", piece=ADLER, to="H4", level=0)
    assert melee_roll(events).info["modifiers"] == []


def test_6_725_stunned_defender_plus_two():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[1],
                       markers={ABDUL: {"stun": 1}})
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    roll = melee_roll(events)
    assert ["6.725", 2] in roll.info["modifiers"] and roll.info["modified"] == 3
    # 6.53 the stuns go with the eliminated unit
    assert state.pieces[ABDUL].status == "eliminated" and not state.pieces[ABDUL].markers


def test_6_724_rulebook_example_successive_melees_on_pvt_stolz():
    """The Riff phase of 6.724: Sabah and Walid fall to Pvt. Stolz, Gaafar's third
    try gets +2 and wins.  Three rolls of 1: 1, 1+1, 1+2 against Melee Number 3."""
    where = {STOLZ: ("N8", 0, S), SABAH: ("M9", 0, N), WALID: ("N9", 0, N),
             GAAFAR: ("O9", 0, N)}
    state = state_with(where, chit="riff", rolls=[1, 1, 1])
    state, events = act(state, "move", "bedouin", piece=SABAH, to="N8", level=0)
    assert melee_roll(events).info["modifiers"] == []
    assert state.pieces[SABAH].status == "eliminated"
    state, events = act(state, "move", "bedouin", piece=WALID, to="N8", level=0)
    assert melee_roll(events).info["modifiers"] == [["6.724", 1]]
    assert state.pieces[WALID].status == "eliminated"
    state, events = act(state, "move", "bedouin", piece=GAAFAR, to="N8", level=0)
    roll = melee_roll(events)
    assert roll.info["modifiers"] == [["6.724", 2]] and roll.info["modified"] == 3
    assert "6.724" in roll.text
    assert state.pieces[STOLZ].status == "eliminated"
    assert state.pieces[GAAFAR].position == ("N8", 0)


def test_6_724_count_starts_again_in_the_next_movement_phase():
    where = {STOLZ: ("N8", 0, S), SABAH: ("M9", 0, N), WALID: ("N9", 0, N)}
    state = state_with(where, chit="riff", rolls=[1, 1], cup=["arab"])
    state, _ = act(state, "move", "bedouin", piece=SABAH, to="N8", level=0)
    state, _ = act(state, "end-phase", "bedouin")
    assert state.vars["melees"] == {}


def test_6_7_melee_needs_the_mf_to_enter():
    state = state_with({ADLER: ("K6", 0, N), ABDUL: ("K5", 0, N)},
                       data={ADLER: {"mf_left": 1}}, mover=ADLER)
    v = verdict(state, "move", piece=ADLER, to="K5", level=0)
    assert not v and v.rule == "6.123"


def test_6_7_reachable_shows_melee_squares_with_their_cost():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N), COLE: ("P8", 0, N)})
    reach = controller().reachable(state, ADLER)
    assert reach[("N9", 0)][0] == 2        # enter + melee
    assert ("P8", 0) not in reach         # a friend's square is no place to stop
