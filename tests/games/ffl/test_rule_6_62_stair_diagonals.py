"""6.62 NOTE: stairway squares may be entered and left diagonally, climbing too
(issue 15, finding 2).  A stair from its stairway square S up to square T also
leads from S to the squares diagonal to S beside T at T's level, and down from
them into S; 2 MF (the square and the climb) as every 6.62 climb."""

from helpers import E, N, S, act, controller, state_with, verdict

ADLER, ABDUL = "L-1-Adler", "B-A-Abdul"


def test_6_62_note_climbing_down_diagonally_from_the_parapet_onto_the_landing():
    # I4 is the landing (level 1) of the stair up to I3; H3 and J3 flank I3
    for parapet in ("H3", "J3"):
        state = state_with({ADLER: (parapet, 2, S)})
        state, events = act(state, "climb", piece=ADLER, to="I4", level=1)
        assert state.pieces[ADLER].position == ("I4", 1)
        assert events[-1].rule == "6.62" and "climbs to I4 level 1" in events[-1].text
        assert controller().mf_left(state, ADLER) == 3          # 5 - (square + climb)
        assert not any(e.kind == "dice" for e in events)        # no jump, no roll


def test_6_62_note_climbing_up_diagonally_from_the_landing_to_the_parapet():
    for parapet in ("H3", "J3"):
        state = state_with({ADLER: ("I4", 1, N)})
        state, events = act(state, "climb", piece=ADLER, to=parapet, level=2)
        assert state.pieces[ADLER].position == (parapet, 2)
        assert events[-1].rule == "6.62" and controller().mf_left(state, ADLER) == 3


def test_6_62_note_only_beside_the_top_of_the_stair():
    # the squares diagonal to the landing on the parade ground side are level 0:
    # walking there is a jump, never a climb
    state = state_with({ADLER: ("I4", 1, S)})
    assert not verdict(state, "climb", piece=ADLER, to="J5", level=0)
    assert verdict(state, "jump", piece=ADLER, to="J5", level=0)
    # a rooftop stair (J5 up to the Barracks roof K5) leaves diagonally onto K4,
    # never onto the landing I4 behind it
    state = state_with({ADLER: ("J5", 0, E)})
    assert verdict(state, "climb", piece=ADLER, to="K4", level=1)
    assert not verdict(state, "climb", piece=ADLER, to="I4", level=1)


def test_6_62_note_the_reachable_squares_include_the_diagonal_climbs():
    state = state_with({ADLER: ("H3", 2, S)})
    reach = controller().reachable(state, ADLER)
    # down the stair diagonally: 2 MF; straight on down to the parade: 2 + 2
    assert reach[("I4", 1)].cost == 1 and reach[("I4", 1)].jump      # a jump is cheaper
    walk = controller().plan(state, ADLER, "I4", 1, jump=False)
    assert [s.action.kind for s in walk.steps] == ["climb"] and walk.cost == 2
    assert ("J3", 2) in reach and not reach[("J3", 2)].jump              # along the wall


def test_6_721_a_diagonal_climb_up_into_a_foe_attacks_up_the_stairway():
    state = state_with({ADLER: ("J3", 2, S), ABDUL: ("I4", 1, N)}, chit="arab")
    info = controller().melee_modifiers(state, ABDUL, ADLER)
    assert info.possible and ("6.721", -1, "attacking up a stairway") in info.modifiers
    state, events = act(state, "climb", "bedouin", piece=ABDUL, to="J3", level=2)
    roll = next(e for e in events if e.kind == "melee-roll")
    assert ["6.721", -1] in roll.info["modifiers"]
