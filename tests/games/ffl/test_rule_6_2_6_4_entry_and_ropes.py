"""6.2 entering and leaving the board; 6.3 ropes (carrying, grappling); 6.4
climbing a grappled rope."""

from helpers import N, S, act, carrying, controller, dice, put_rope, state_with, verdict

ADLER = "L-1-Adler"
ABDUL, DHABI, FAHD = "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd"
JABER = "B-B-Jaber"
ROPE, ROPE2 = "rope-01", "rope-02"


# -- 6.21 entering -----------------------------------------------------------------------


def entry_state(**vars_):
    where = {ADLER: ("N8", 0, N), ABDUL: None, DHABI: None}
    return state_with(where, chit="arab", others="eliminated", **vars_)


def test_6_21_first_square_costs_one_mf_of_three():
    state = entry_state()
    assert controller().mf_left(state, ABDUL) == 3
    state, events = act(state, "enter", "bedouin", piece=ABDUL, to="N16")
    piece = state.pieces[ABDUL]
    assert piece.position == ("N16", 0) and piece.status == "active"
    assert controller().mf_left(state, ABDUL) == 2
    assert events[-1].rule == "6.21" and state.vars["entered"] == ["arab"]
    assert state.vars["entry"]["arab"] == {"turn": 1, "edge": "S"}


def test_6_21_only_edge_squares_are_entered():
    v = verdict(entry_state(), "enter", "bedouin", piece=ABDUL, to="N15")
    assert not v and v.rule == "6.21"


def test_6_21_whole_organization_from_one_side():
    state, _ = act(entry_state(), "enter", "bedouin", piece=ABDUL, to="N16")
    v = verdict(state, "enter", "bedouin", piece=DHABI, to="N1")
    assert not v and v.rule == "6.21"
    assert verdict(state, "enter", "bedouin", piece=DHABI, to="A16")   # corner: S edge too


def test_6_21_whole_organization_on_the_same_turn():
    state, _ = act(entry_state(cup=["berber"]), "enter", "bedouin", piece=ABDUL, to="N16")
    v = verdict(state, "end-phase", "bedouin")
    assert not v and v.rule == "6.21"
    state, _ = act(state, "enter", "bedouin", piece=DHABI, to="O16")
    assert verdict(state, "end-phase", "bedouin")


def test_6_21_a_held_back_organization_may_wait_while_another_can_enter():
    state = entry_state(cup=["berber"])
    state.pieces[JABER].status = "off"
    assert verdict(state, "end-phase", "bedouin")


def test_6_21_a_tribe_shut_out_by_friends_on_its_whole_edge_may_end_its_phase():
    """Seen in self-play (seed 20, random Bedouin): every square of the east edge
    and the column inside it held by friends, so a Berber unit entering would
    have to stop on a friend (4.31).  The 6.21 obligation cannot bind then: the
    phase ends instead of leaving the Bedouin with nothing legal to do."""
    others = [f"B-{org}-{name}" for org, names in (
        ("A", "Abdul Fahd Haxhi Ihsan Khalid Mudar Omar Rus Senji Yusuf Zayed"),
        ("K", "Ali Gaafar Hehaz Salim Tarik Umm"),
        ("R", "AlKabar Barkat Gaafar Mondhir Rustam Talhi Walid Zia"),
        ("T", "Jabala"), ("BC", "AlKrim"), ("B", "Baba Isa Karmal Rashid Talha"))
        for name in names.split()]
    squares = [f"{col}{row}" for col in ("AE", "AF") for row in range(1, 17)]
    assert len(others) == len(squares) == 32
    where = {pid: (sq, 0, 6) for pid, sq in zip(others, squares, strict=True)}
    where.update({JABER: None, ADLER: ("N8", 0, N)})
    state = state_with(where, chit="berber", entry={"berber": {"turn": 1, "edge": "E"}})
    for row in range(1, 17):
        v = verdict(state, "enter", "bedouin", piece=JABER, to=f"AF{row}")
        assert not v and v.rule == "4.31"
    assert verdict(state, "end-phase", "bedouin")
    assert controller().legal_actions(state)


def test_6_21_at_least_one_new_organization_each_turn():
    state = entry_state(cup=["squad-1"])
    v = verdict(state, "end-phase", "bedouin")
    assert not v and v.rule == "6.21"
    state = entry_state(cup=[], entry={"berber": {"turn": 1, "edge": "N"}})
    assert verdict(state, "end-phase", "bedouin")


def test_6_21_an_organization_cannot_come_on_a_later_turn():
    state = entry_state(turn=2, entry={"arab": {"turn": 1, "edge": "S"}})
    v = verdict(state, "enter", "bedouin", piece=DHABI, to="N16")
    assert not v and v.rule == "6.21"


def test_6_21_carried_ropes_come_along():
    state = carrying(entry_state(), ABDUL, ROPE)
    state, _ = act(state, "enter", "bedouin", piece=ABDUL, to="N16")
    rope = state.pieces[ROPE]
    assert rope.status == "active" and rope.position == ("N16", 0)
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="N15", level=0)
    assert state.pieces[ROPE].position == ("N15", 0)


def test_6_22_leaving_the_board_is_for_good():
    state = state_with({ADLER: ("N8", 0, N), ABDUL: ("N16", 0, S)}, chit="arab")
    state, events = act(state, "exit", "bedouin", piece=ABDUL)
    assert state.pieces[ABDUL].status == "exited" and state.pieces[ABDUL].space is None
    assert events[-1].rule == "6.22"
    v = verdict(state, "enter", "bedouin", piece=ABDUL, to="N16")
    assert not v
    v = verdict(state_with({ADLER: ("N8", 0, N), ABDUL: ("N15", 0, S)}, chit="arab"),
                "exit", "bedouin", piece=ABDUL)
    assert not v and v.rule == "6.22"


# -- 6.3 ropes --------------------------------------------------------------------------


def test_6_31_a_unit_in_the_square_picks_up_a_rope():
    state = put_rope(state_with({ABDUL: ("F2", 0, S)}, chit="arab"), ROPE, "F2")
    state, events = act(state, "carry", "bedouin", piece=ABDUL, rope=ROPE)
    assert state.pieces[ABDUL].data["ropes"] == [ROPE] and events[-1].rule == "6.31"
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="G2", level=0)
    assert state.pieces[ROPE].position == ("G2", 0)
    state, _ = act(state, "drop", "bedouin", piece=ABDUL, rope=ROPE)
    state, _ = act(state, "move", "bedouin", piece=ABDUL, to="H2", level=0)
    assert state.pieces[ROPE].position == ("G2", 0)


def test_6_31_one_carrier_per_rope_per_turn():
    state = put_rope(state_with({ABDUL: ("F2", 0, S)}, chit="arab"), ROPE, "F2",
                     carried=[1, FAHD])
    v = verdict(state, "carry", "bedouin", piece=ABDUL, rope=ROPE)
    assert not v and v.rule == "6.31"


def test_6_31_ropes_stay_in_the_square_of_an_eliminated_carrier():
    state = carrying(state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6]),
                     ABDUL, ROPE)
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    assert state.pieces[ABDUL].status == "eliminated"
    rope = state.pieces[ROPE]
    assert rope.position == ("N9", 0) and "carrier" not in rope.data


def test_6_332_grapple_types():
    from ffl.games.ffl.rules import ropes

    ctx = controller().ctx(state_with({ABDUL: ("F2", 0, S)}, chit="arab"))
    assert ropes.grapple_type(ctx, "F2", 0, "F3", 2)[0] == "1-2 Levels"
    assert ropes.grapple_type(ctx, "E2", 0, "E3", 3)[0] == "3 Levels"
    assert ropes.grapple_type(ctx, "F3", 2, "F2", 2) == ("Drop", [["F2", 0], ["F3", 2]])


def test_6_3331_yes_puts_the_rope_on_the_wall_and_6_4_climbing_costs_two():
    state = carrying(state_with({ABDUL: ("F2", 0, N)}, chit="arab", rolls=[3]), ABDUL, ROPE)
    state, events = act(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    assert dice(events) == [3] and events[-1].rule == "6.3331"
    rope = state.pieces[ROPE]
    assert rope.data["grappled"] == [["F2", 0], ["F3", 2]] and "carrier" not in rope.data
    assert controller().mf_left(state, ABDUL) == 2                  # 6.1246
    state, events = act(state, "climb", "bedouin", piece=ABDUL, to="F3", level=2)
    assert state.pieces[ABDUL].position == ("F3", 2) and events[-1].rule == "6.4"
    assert controller().mf_left(state, ABDUL) == 0


def test_6_4_climb_needs_mf_for_the_square_too():
    state = state_with({ABDUL: ("F2", 0, N)}, chit="arab", data={ABDUL: {"mf_left": 1}},
                       mover=ABDUL)
    put_rope(state, ROPE, "F2", grappled=[["F2", 0], ["F3", 2]])
    v = verdict(state, "climb", "bedouin", piece=ABDUL, to="F3", level=2)
    assert not v and v.rule == "6.123"


def test_6_4_anyone_climbs_a_grappled_rope_down_too():
    state = state_with({ADLER: ("F3", 2, N)})
    put_rope(state, ROPE, "F2", grappled=[["F2", 0], ["F3", 2]])
    state, _ = act(state, "climb", piece=ADLER, to="F2", level=0)
    assert state.pieces[ADLER].position == ("F2", 0)


def test_6_3332_no_up_rope_falls_back_and_is_turned_over():
    state = carrying(state_with({ABDUL: ("F2", 0, N)}, chit="arab", rolls=[2]), ABDUL, ROPE)
    state, events = act(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    assert events[-1].rule == "6.3332"
    rope = state.pieces[ROPE]
    assert rope.position == ("F2", 0) and rope.data["used"] is True
    assert not rope.data.get("grappled")


def test_6_3332_no_drop_rope_falls_into_the_lower_square():
    state = carrying(state_with({ADLER: ("F3", 2, N)}, rolls=[1]), ADLER, ROPE)
    state, events = act(state, "grapple", piece=ADLER, rope=ROPE, other="F2")
    attempt = next(e for e in events if e.kind == "grapple")
    assert attempt.info["type"] == "Drop" and events[-1].rule == "6.3332"
    rope = state.pieces[ROPE]
    assert rope.position == ("F2", 0) and "carrier" not in rope.data
    assert not state.pieces[ADLER].data.get("ropes")


def test_6_32_one_attempt_per_rope_per_turn():
    state = carrying(state_with({ABDUL: ("F2", 0, N)}, chit="arab", rolls=[2]), ABDUL, ROPE)
    state, _ = act(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    v = verdict(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    assert not v and v.rule == "6.32"


def test_6_32_only_walls_of_the_rope_square():
    state = carrying(state_with({ABDUL: ("F1", 0, N)}, chit="arab"), ABDUL, ROPE)
    v = verdict(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    assert not v and v.rule == "6.32"


def test_6_331_grappling_needs_one_mf():
    state = carrying(state_with({ABDUL: ("F2", 0, N)}, chit="arab",
                                data={ABDUL: {"mf_left": 0}}, mover=ABDUL), ABDUL, ROPE)
    v = verdict(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE, other="F3")
    assert not v and v.rule == "6.331"


def test_6_32_rope_must_be_in_the_square():
    state = put_rope(state_with({ABDUL: ("F2", 0, N)}, chit="arab"), ROPE2, "H2")
    v = verdict(state, "grapple", "bedouin", piece=ABDUL, rope=ROPE2, other="F3")
    assert not v and v.rule == "6.31"


def test_6_21_reachable_from_off_the_board():
    reach = controller().reachable(entry_state(), ABDUL)
    assert reach[("N16", 0)] == (1, [("N16", 0)])
    assert reach[("N15", 0)][0] == 2 and reach[("P15", 0)][0] == 2
    assert ("N14", 0) not in reach and ("P14", 0) not in reach   # wall; closed gate (2.2)
    assert reach[("A1", 0)][0] == 1                   # any edge until one is chosen
