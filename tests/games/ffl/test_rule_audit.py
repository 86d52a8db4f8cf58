"""Rules audit of the FFL Basic Game: cases where the controller differed from
the rulebook (rules 6 and 7), each pinned by the rule it concerns.

All on the real fort board through the controller; dice come from chosen seeds.
"""

from helpers import E, N, W, act, carrying, controller, dice, put_rope, state_with, verdict

from ffl.engine import Action

ADLER, COLE = "L-1-Adler", "L-1-Cole"
ABDUL, DHABI = "B-A-Abdul", "B-A-Dhabi"
ROPE, ROPE2 = "rope-01", "rope-02"

# M3 is a parapet (level 2) of the north wall; M2 the sand outside it; M4 a
# Barracks square (floor 0, rooftop 1) built against the wall.


def melee_roll(events):
    return next(e for e in events if e.kind == "melee-roll")


# -- 6.332 / 6.13: a rope dropped onto a building lands on its roof ------------------------


def test_6_332_drop_grapple_onto_a_building_holds_on_its_rooftop():
    # Drop row, roll 2: YES.  The lower square is the Barracks roof (level 1);
    # the floor under it is inside the building, reached only by doors (6.13).
    state = carrying(state_with({ADLER: ("M3", 2, N)}, rolls=[2]), ADLER, ROPE)
    state, events = act(state, "grapple", piece=ADLER, rope=ROPE, other="M4")
    assert next(e for e in events if e.kind == "grapple").info["type"] == "Drop"
    assert events[-1].rule == "6.3331"
    assert state.pieces[ROPE].data["grappled"] == [["M4", 1], ["M3", 2]]
    state, events = act(state, "climb", piece=ADLER, to="M4", level=1)
    assert state.pieces[ADLER].position == ("M4", 1) and events[-1].rule == "6.4"
    assert not verdict(state, "climb", piece=ADLER, to="M4", level=0)


def test_6_3332_failed_drop_onto_a_building_falls_onto_the_rooftop():
    state = carrying(state_with({ADLER: ("M3", 2, N)}, rolls=[1]), ADLER, ROPE)
    state, events = act(state, "grapple", piece=ADLER, rope=ROPE, other="M4")
    assert events[-1].rule == "6.3332"
    assert state.pieces[ROPE].position == ("M4", 1)


# -- 6.31: one carrier per rope per turn, ropes brought onto the board included -----------


def test_6_31_rope_brought_on_by_one_unit_is_not_carried_by_another_that_turn():
    where = {COLE: ("N8", 0, N), ABDUL: None, DHABI: None}
    state = carrying(state_with(where, chit="arab"), ABDUL, ROPE)
    state, _ = act(state, "enter", "bedouin", piece=ABDUL, to="N16")
    state, _ = act(state, "drop", "bedouin", piece=ABDUL, rope=ROPE)
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="O15", level=0)
    state, _ = act(state, "enter", "bedouin", piece=DHABI, to="N16")
    v = verdict(state, "carry", "bedouin", piece=DHABI, rope=ROPE)
    assert not v and v.rule == "6.31"


def test_6_31_rope_carried_along_in_an_earlier_turn_is_free_again():
    state = carrying(state_with({ABDUL: ("F2", 0, N), DHABI: ("G2", 0, N)}, chit="arab",
                                turn=2), ABDUL, ROPE)
    state.pieces[ROPE].data["carried"] = [1, ABDUL]
    state, _ = act(state, "drop", "bedouin", piece=ABDUL, rope=ROPE)
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="E2", level=0)
    state, _ = act(state, "move", "bedouin", piece=DHABI, to="F2", level=0)
    assert verdict(state, "carry", "bedouin", piece=DHABI, rope=ROPE)


# -- 6.721: climbing up a stairway just before entering the melee square -------------------


def test_6_721_tower_climb_then_step_into_the_foe_is_attacking_up_a_stairway():
    # Adler climbs the NW tower stairway in E4 from level 2 to its top (1 MF),
    # then steps onto D4's tower top where Abdul stands: -1, so a 4 becomes 3.
    state = state_with({ADLER: ("E4", 2, W), ABDUL: ("D4", 3, E)}, rolls=[4])
    state, _ = act(state, "climb", piece=ADLER, to="E4", level=3)
    state, events = act(state, "move", piece=ADLER, to="D4", level=3)
    roll = melee_roll(events)
    assert ["6.721", -1] in roll.info["modifiers"] and roll.info["modified"] == 3
    assert "6.721" in roll.text


def test_6_721_a_square_entered_after_the_climb_cancels_the_modifier():
    state = state_with({ADLER: ("E4", 2, W), ABDUL: ("D3", 3, E)}, rolls=[4])
    state, _ = act(state, "climb", piece=ADLER, to="E4", level=3)
    state, _ = act(state, "move", piece=ADLER, to="D4", level=3)
    state, events = act(state, "move", piece=ADLER, to="D3", level=3)
    assert melee_roll(events).info["modifiers"] == []


def test_6_721_a_climb_down_then_a_step_has_no_modifier():
    state = state_with({ADLER: ("E4", 3, W), ABDUL: ("D4", 2, E)}, rolls=[4])
    state, _ = act(state, "climb", piece=ADLER, to="E4", level=2)
    state, events = act(state, "move", piece=ADLER, to="D4", level=2)
    assert melee_roll(events).info["modifiers"] == []


# -- 6.723: entering the board behind a defender --------------------------------------------


def test_6_723_entering_from_the_board_edge_behind_the_defender_is_into_the_rear():
    # Cole on the sand edge square N16 faces north, so the south edge is behind him.
    state = state_with({COLE: ("N16", 0, N), ABDUL: None}, chit="arab", rolls=[2])
    state, events = act(state, "enter", "bedouin", piece=ABDUL, to="N16")
    roll = melee_roll(events)
    assert roll.info["modifiers"] == [["6.723", 1]] and roll.info["modified"] == 3
    assert state.pieces[COLE].status == "eliminated"


def test_6_723_entering_in_front_of_the_defender_is_not_the_rear():
    state = state_with({COLE: ("N16", 0, 4), ABDUL: None}, chit="arab", rolls=[2])
    state, events = act(state, "enter", "bedouin", piece=ABDUL, to="N16")
    assert melee_roll(events).info["modifiers"] == []


# -- 7.9: ungrappling one or more ropes instead of firing --------------------------------


def _grappled(state, rope, ends):
    (low, ll), _ = ends
    return put_rope(state, rope, low, ll, grappled=ends)


def test_7_9_one_unit_ungrapples_every_rope_on_its_square():
    state = state_with({ADLER: ("M3", 2, N), ABDUL: ("M1", 0, 4)}, phase="fire")
    _grappled(state, ROPE, [["M2", 0], ["M3", 2]])
    _grappled(state, ROPE2, [["M4", 1], ["M3", 2]])
    state, events = act(state, "ungrapple", piece=ADLER, rope=ROPE)
    assert events[-1].rule == "7.9"
    listed = controller().legal_actions(state)
    assert Action.make("ungrapple", "legion", piece=ADLER, rope=ROPE2) in listed
    state, events = act(state, "ungrapple", piece=ADLER, rope=ROPE2)
    assert state.pieces[ROPE2].data.get("grappled") is None
    assert state.pieces[ROPE2].position == ("M4", 1)
    # instead of firing: no shot afterwards
    v = verdict(state, "fire", piece=ADLER, target=ABDUL)
    assert not v and v.rule == "7.4"
    assert dice(events) == []


def test_6_31_rope_of_an_eliminated_carrier_is_free_for_a_later_unit():
    # Abdul jumps off the parapet with the rope and is killed (2 levels, roll 6);
    # the rope stays in F4 and Dhabi, arriving later in the phase, takes it up.
    state = carrying(state_with({ABDUL: ("F3", 2, 4), DHABI: ("G5", 0, N)}, chit="arab",
                                rolls=[6]), ABDUL, ROPE)
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="G3", level=2)
    state, _ = act(state, "jump", "bedouin", piece=ABDUL, to="F4", level=0)
    assert state.pieces[ABDUL].status == "eliminated"
    assert state.pieces[ROPE].position == ("F4", 0)
    state, _ = act(state, "move", "bedouin", piece=DHABI, to="F4", level=0)
    assert verdict(state, "carry", "bedouin", piece=DHABI, rope=ROPE)


# -- 7.51 / 7.52: the inner edge of a parapet is no crenel -------------------------------


def test_7_52_parapet_sees_the_foot_of_its_inner_wall():
    # F3 is the north wall's parapet (level 2); F4 the parade at its inner foot.
    # 7.52 blocks only across a crenelated side; nothing lies between the two
    # squares, so 7.51 makes the line clear both ways.  The wall face below the
    # parapet is the body the firer stands on, not a wall between them.
    ctx = controller().ctx(state_with({ADLER: ("F3", 2, 4)}))
    from ffl.games.ffl.rules.fire import line_of_sight

    for a, b in ((("F3", 2), ("F4", 0)), (("F4", 0), ("F3", 2)),
                 (("M3", 2), ("M4", 1)), (("M4", 1), ("M3", 2))):
        v = line_of_sight(ctx.state, ctx, a, b)
        assert v.clear and v.rule == "7.51", (a, b, v.reason)
    # across the crenelated outer side the automatic block stays (7.52)
    assert line_of_sight(ctx.state, ctx, ("F3", 2), ("F2", 0)).rule == "7.52"


def test_7_52_parapet_fires_down_at_the_foot_of_its_inner_wall():
    state = state_with({ADLER: ("F3", 2, 4), ABDUL: ("F4", 0, N)}, phase="fire", rolls=[3])
    state, events = act(state, "fire", piece=ADLER, target=ABDUL)
    assert dice(events) == [3] and state.pieces[ABDUL].status == "eliminated"


# -- 6.21: a corner square lies on two sides of the board -----------------------------------


def test_6_21_first_unit_in_a_corner_square_leaves_either_side_open():
    where = {COLE: ("N8", 0, N), ABDUL: None, DHABI: None, "B-A-Fahd": None}
    state = state_with(where, chit="arab", others="eliminated")
    state, _ = act(state, "enter", "bedouin", piece=ABDUL, to="A16")
    assert verdict(state, "enter", "bedouin", piece=DHABI, to="A10")      # west side
    state, _ = act(state, "enter", "bedouin", piece=DHABI, to="A10")
    assert state.vars["entry"]["arab"] == {"turn": 1, "edge": "W"}
    v = verdict(state, "enter", "bedouin", piece="B-A-Fahd", to="N16")   # south: no more
    assert not v and v.rule == "6.21"
