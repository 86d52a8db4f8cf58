"""6.1 movement on the real fort: movement factors, costs, directions, walls,
doors and windows, stairways, order of movement and the moved marker."""

from helpers import E, N, S, act, controller, state_with, verdict

from ffl.engine import Change, Event, fold

ADLER, COLE, EVANS = "L-1-Adler", "L-1-Cole", "L-1-Evans"
STOLZ = "L-2-Stolz"
ABDUL = "B-A-Abdul"


def test_6_122_five_mf_from_a_fort_square():
    state = state_with({ADLER: ("N8", 0, N)})
    assert controller().mf_left(state, ADLER) == 5


def test_6_121_three_mf_from_the_sand():
    state = state_with({ABDUL: ("N16", 0, N)}, chit="arab")
    assert controller().mf_left(state, ABDUL) == 3


def test_6_12_mf_come_from_the_square_held_when_the_phase_began():
    # Adler starts Squad 1's phase in the fort (5 MF); pushed onto the sand by a
    # jump impact before he moves, he still has his 5.
    state = state_with({ADLER: ("N8", 0, N)}, chit=None, cup=["squad-1"])
    state, events = act(state, "draw")
    assert state.vars["chit"] == "squad-1" and state.vars["phase_mf"][ADLER] == 5
    pushed = Event("impact-move", "6.5224", "6.5224 test push",
                   (Change.set(ADLER, "space", "N16"),))
    state = fold(state, [pushed])
    assert controller().mf_left(state, ADLER) == 5
    state, _ = act(state, "end-phase")
    assert "phase_mf" not in state.vars


def test_6_1242_each_square_entered_costs_one_mf():
    state = state_with({ADLER: ("N8", 0, N)})
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ADLER].space == "N9"
    assert controller().mf_left(state, ADLER) == 4
    assert events[-1].rule == "6.13" and events[-1].text.startswith("6.13")


def test_6_13_diagonal_steps_allowed():
    state = state_with({ADLER: ("N8", 0, N)})
    state, _ = act(state, "move", piece=ADLER, to="O9", level=0)
    assert state.pieces[ADLER].space == "O9"
    assert controller().mf_left(state, ADLER) == 4


def test_6_123_never_more_than_the_maximum():
    state = state_with({ADLER: ("N8", 0, N)})
    for to in ("O8", "P8", "Q8", "R8", "S8"):
        state, _ = act(state, "move", piece=ADLER, to=to, level=0)
    assert controller().mf_left(state, ADLER) == 0
    v = verdict(state, "move", piece=ADLER, to="T8", level=0)
    assert not v and v.rule == "6.123"


def test_6_1241_changing_facing_is_free():
    state = state_with({ADLER: ("N8", 0, N)})
    state, events = act(state, "face", piece=ADLER, facing=E)
    assert state.pieces[ADLER].facing == E
    assert controller().mf_left(state, ADLER) == 5
    assert events[-1].rule == "6.1241"


def test_4_2_facing_must_be_one_of_eight():
    state = state_with({ADLER: ("N8", 0, N)})
    v = verdict(state, "face", piece=ADLER, facing=8)
    assert not v and v.rule == "4.2"


def test_6_13_building_entered_through_a_door_for_one_mf():
    state = state_with({ADLER: ("M6", 0, N)})
    state, events = act(state, "move", piece=ADLER, to="M5", level=0)
    assert state.pieces[ADLER].position == ("M5", 0)
    assert controller().mf_left(state, ADLER) == 4
    assert "door" in events[-1].text


def test_6_1244_window_costs_one_more_mf():
    state = state_with({ADLER: ("K6", 0, N)})
    state, events = act(state, "move", piece=ADLER, to="K5", level=0)
    assert state.pieces[ADLER].position == ("K5", 0)
    assert controller().mf_left(state, ADLER) == 3
    assert "window" in events[-1].text


def test_6_13_building_wall_without_opening_blocks():
    state = state_with({ADLER: ("N6", 0, N)})
    v = verdict(state, "move", piece=ADLER, to="N5", level=0)
    assert not v and v.rule == "6.13"


def test_6_13_no_diagonal_step_through_a_door():
    # L6 -> M5 would slip diagonally past the door between M5 and M6.
    state = state_with({ADLER: ("L6", 0, N)})
    v = verdict(state, "move", piece=ADLER, to="M5", level=0)
    assert not v and v.rule == "6.13"


def test_6_14_no_walking_up_onto_a_wall():
    state = state_with({ADLER: ("F4", 0, N)})
    v = verdict(state, "move", piece=ADLER, to="F3", level=2)
    assert not v
    assert (("F3", 2)) not in controller().reachable(state, ADLER)


def test_6_62_other_stairway_costs_square_and_climb():
    # H4 (parade) -> I4 (landing, level 1) -> I3 (parapet, level 2)
    state = state_with({ADLER: ("H4", 0, E)})
    state, events = act(state, "climb", piece=ADLER, to="I4", level=1)
    assert state.pieces[ADLER].position == ("I4", 1)
    assert controller().mf_left(state, ADLER) == 3
    assert events[-1].rule == "6.62"
    state, _ = act(state, "climb", piece=ADLER, to="I3", level=2)
    assert state.pieces[ADLER].position == ("I3", 2)
    assert controller().mf_left(state, ADLER) == 1


def test_6_62_climbing_needs_the_mf_for_the_square_too():
    state = state_with({ADLER: ("H4", 0, E)}, data={ADLER: {"mf_left": 1}},
                       mover=ADLER)
    v = verdict(state, "climb", piece=ADLER, to="I4", level=1)
    assert not v and v.rule == "6.123"


def test_6_61_tower_stairway_one_mf_per_level():
    state = state_with({ADLER: ("E5", 0, N)})
    state, _ = act(state, "move", piece=ADLER, to="E4", level=0)      # tower door
    state, events = act(state, "climb", piece=ADLER, to="E4", level=1)
    assert state.pieces[ADLER].position == ("E4", 1)
    assert events[-1].rule == "6.61"
    assert controller().mf_left(state, ADLER) == 3
    state, _ = act(state, "climb", piece=ADLER, to="E4", level=2)
    state, _ = act(state, "climb", piece=ADLER, to="E4", level=3)
    assert state.pieces[ADLER].position == ("E4", 3)
    assert controller().mf_left(state, ADLER) == 1


def test_6_15_a_unit_that_spent_mf_is_inverted():
    state = state_with({ADLER: ("N8", 0, N), COLE: ("P8", 0, N)})
    state, _ = act(state, "face", piece=COLE, facing=S)
    assert not state.pieces[COLE].data.get("moved")
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ADLER].data["moved"] is True


def test_6_11_starting_another_unit_finishes_the_first():
    state = state_with({ADLER: ("N8", 0, N), COLE: ("P8", 0, N)})
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    state, _ = act(state, "move", piece=COLE, to="P9", level=0)
    assert ADLER in state.vars["done"]
    v = verdict(state, "move", piece=ADLER, to="N10", level=0)
    assert not v and v.rule == "6.11"


def test_6_11_finish_ends_a_unit():
    state = state_with({ADLER: ("N8", 0, N)})
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    state, events = act(state, "finish", piece=ADLER)
    assert events[-1].rule == "6.11"
    assert not verdict(state, "move", piece=ADLER, to="N10", level=0)
    assert controller().movable_pieces(state) == []


def test_4_5_only_the_drawn_organization_moves():
    state = state_with({ADLER: ("N8", 0, N), STOLZ: ("P8", 0, N)})
    v = verdict(state, "move", piece=STOLZ, to="P9", level=0)
    assert not v and v.rule == "4.5"
    assert controller().movable_pieces(state) == [ADLER]


def test_6_16_the_other_player_only_watches():
    state = state_with({ADLER: ("N8", 0, N), ABDUL: ("N12", 0, N)})
    v = verdict(state, "move", "bedouin", piece=ABDUL, to="N13", level=0)
    assert not v and v.rule in ("4.1", "4.5")


def test_4_31_friends_are_passed_but_not_shared():
    state = state_with({ADLER: ("N8", 0, S), COLE: ("N9", 0, N)})
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)    # passing through
    assert state.pieces[ADLER].position == ("N9", 0)
    v = verdict(state, "finish", piece=ADLER)
    assert not v and v.rule == "4.3"
    v = verdict(state, "end-phase")
    assert not v and v.rule == "4.3"
    state, _ = act(state, "move", piece=ADLER, to="N10", level=0)
    assert verdict(state, "finish", piece=ADLER)


def test_4_31_no_stop_on_a_friend_with_the_last_mf():
    state = state_with({ADLER: ("N8", 0, S), COLE: ("N9", 0, N)},
                       data={ADLER: {"mf_left": 1}}, mover=ADLER)
    v = verdict(state, "move", piece=ADLER, to="N9", level=0)
    assert not v and v.rule == "4.31"


def test_6_13_reachable_lists_cheapest_costs_and_paths():
    state = state_with({ADLER: ("N8", 0, N)})
    reach = controller().reachable(state, ADLER)
    assert reach[("N9", 0)][0] == 1
    assert reach[("P10", 0)] == (2, [("O9", 0), ("P10", 0)])
    assert reach[("M5", 0)][0] == 3               # N7, M6, door
    assert ("N5", 0) in reach and reach[("N5", 0)][0] == 4
    assert max(cost for cost, _ in reach.values()) <= 5
