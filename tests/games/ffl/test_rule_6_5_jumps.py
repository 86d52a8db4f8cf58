"""6.5 jumping: down only, one MF, injuries (6.51 Jump Table, 6.512 sand), impact
on a character below (6.52) and what follows an impact (6.522)."""

from helpers import E, N, S, act, controller, dice, state_with, verdict

ADLER, COLE = "L-1-Adler", "L-1-Cole"
EVANS, GARCIA, FISCHER = "L-1-Evans", "L-1-Garcia", "L-1-Fischer"
ABDUL = "B-A-Abdul"

# F3 is the north wall's parapet (level 2); F4 the parade below it (level 0);
# F2 the sand outside, across the crenelated parapet edge.


def stuns(state, pid):
    return state.pieces[pid].markers.get("stun", 0)


def test_6_5_jump_costs_one_mf_and_6_5111_no_effect_lets_it_move_on():
    state = state_with({ADLER: ("F3", 2, S)}, rolls=[1])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.pieces[ADLER].position == ("F4", 0)
    assert dice(events) == [1] and stuns(state, ADLER) == 0
    assert controller().mf_left(state, ADLER) == 4
    assert any(e.rule == "6.511" and "no effect" in e.text for e in events)
    state, _ = act(state, "move", piece=ADLER, to="F5", level=0)     # 6.5225
    assert state.pieces[ADLER].position == ("F5", 0)


def test_6_5_jumping_up_is_impossible():
    state = state_with({ADLER: ("F4", 0, N)})
    v = verdict(state, "jump", piece=ADLER, to="F3", level=2)
    assert not v and v.rule == "6.5"


def test_6_5112_two_levels_roll_4_stuns_once_and_6_53_ends_the_move():
    state = state_with({ADLER: ("F3", 2, S)}, rolls=[4])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, ADLER) == 1
    assert state.vars.get("mover") is None and ADLER in state.vars["done"]
    v = verdict(state, "move", piece=ADLER, to="F5", level=0)
    assert not v and v.rule in ("6.53", "6.11")


def test_6_5113_two_levels_roll_5_stuns_twice():
    state = state_with({ADLER: ("F3", 2, S)}, rolls=[5])
    state, _ = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, ADLER) == 2


def test_6_5114_two_levels_roll_6_is_a_hit():
    state = state_with({ADLER: ("F3", 2, S)}, rolls=[6])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.pieces[ADLER].status == "eliminated"
    assert any(e.kind == "eliminated" and e.rule == "6.511" for e in events)


def test_6_512_sand_takes_one_off_the_roll():
    # Over the crenelated edge into the sand: 6 - 1 = 5, severely stunned, not hit.
    state = state_with({ADLER: ("F3", 2, N)}, rolls=[6])
    state, events = act(state, "jump", piece=ADLER, to="F2", level=0)
    assert state.pieces[ADLER].position == ("F2", 0)
    assert stuns(state, ADLER) == 2
    assert any(e.rule == "6.512" for e in events)


def test_6_511_one_level_and_three_level_rows():
    state = state_with({ADLER: ("M3", 2, S)}, rolls=[6])          # parapet -> roof
    state, _ = act(state, "jump", piece=ADLER, to="M4", level=1)
    assert state.pieces[ADLER].position == ("M4", 1) and stuns(state, ADLER) == 1
    state = state_with({ADLER: ("E4", 3, S)}, rolls=[2])          # tower top -> parade
    state, _ = act(state, "jump", piece=ADLER, to="E5", level=0)
    assert state.pieces[ADLER].position == ("E5", 0) and stuns(state, ADLER) == 1


def test_6_5215_impact_foe_hit():
    state = state_with({ADLER: ("F3", 2, S), ABDUL: ("F4", 0, N)}, rolls=[1, 1])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.pieces[ABDUL].status == "eliminated"
    assert any(e.rule == "6.5215" for e in events)
    assert state.pieces[ADLER].position == ("F4", 0)
    assert not any(e.kind == "melee" for e in events)


def test_6_5216_impact_jumper_hit():
    state = state_with({ADLER: ("F3", 2, S), ABDUL: ("F4", 0, N)}, rolls=[1, 6])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.pieces[ADLER].status == "eliminated"
    assert state.pieces[ABDUL].position == ("F4", 0)


def test_6_5221_neither_stunned_foes_melee():
    # Injury NE, impact NE, then the melee roll 6 with one MF paid for it.
    state = state_with({ADLER: ("F3", 2, S), ABDUL: ("F4", 0, N)}, rolls=[1, 3, 6])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert [e.kind for e in events].count("melee") == 1
    assert state.pieces[ABDUL].status == "eliminated"
    assert controller().mf_left(state, ADLER) == 3


def test_6_5214_foe_stunned_and_6_5223_moved_aside_by_the_jumper():
    state = state_with({ADLER: ("F3", 2, S), ABDUL: ("F4", 0, N)}, rolls=[1, 2])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, ABDUL) == 1
    pending = state.vars["pending"]
    assert pending["piece"] == ABDUL and pending["side"] == "legion"
    assert pending["rule"] == "6.5223"
    prompt = controller().prompt(state)
    assert prompt.side == "legion" and prompt.kinds == ("impact-move",)
    options = {(a["to"], a["level"]) for a in controller().legal_actions(state)}
    assert options == {("F5", 0), ("G4", 0), ("G5", 0)}
    assert not verdict(state, "move", piece=ADLER, to="F5", level=0)
    state, events = act(state, "impact-move", piece=ABDUL, to="G5", level=0)
    assert state.pieces[ABDUL].position == ("G5", 0)
    assert events[0].rule == "6.5224"
    assert "pending" not in state.vars
    state, _ = act(state, "move", piece=ADLER, to="F5", level=0)      # 6.5225


def test_6_5212_friend_stunned_is_moved_aside():
    state = state_with({ADLER: ("F3", 2, S), COLE: ("F4", 0, N)}, rolls=[1, 2])
    state, _ = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, COLE) == 1
    assert state.vars["pending"]["piece"] == COLE
    assert not controller().invariants(state)


def test_6_5213_friend_severely_stunned():
    state = state_with({ADLER: ("F3", 2, S), COLE: ("F4", 0, N)}, rolls=[1, 1])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, COLE) == 2 and any(e.rule == "6.5213" for e in events)


def test_6_5221_friends_unhurt_the_first_one_makes_room():
    state = state_with({ADLER: ("F3", 2, S), COLE: ("F4", 0, N)}, rolls=[1, 4])
    state, _ = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.vars["pending"] == {"kind": "impact-move", "piece": COLE, "side": "legion",
                                     "rule": "6.5221"}


def test_6_5222_both_stunned_the_first_one_is_moved():
    state = state_with({ADLER: ("F3", 2, S), COLE: ("F4", 0, N)}, rolls=[4, 2])
    state, _ = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert stuns(state, ADLER) == 1 and stuns(state, COLE) == 1
    assert state.vars["pending"]["piece"] == COLE and state.vars["pending"]["rule"] == "6.5222"


def test_6_5223_stunned_jumper_is_the_one_moved():
    state = state_with({ADLER: ("F3", 2, S), ABDUL: ("F4", 0, N)}, rolls=[4, 4])
    state, _ = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.vars["pending"]["piece"] == ADLER


def test_6_5224_no_open_square_eliminates():
    where = {ADLER: ("F3", 2, S), COLE: ("F4", 0, N), EVANS: ("F5", 0, N),
             GARCIA: ("G4", 0, N), FISCHER: ("G5", 0, N)}
    state = state_with(where, rolls=[1, 2])
    state, events = act(state, "jump", piece=ADLER, to="F4", level=0)
    assert state.pieces[COLE].status == "eliminated"
    assert any(e.rule == "6.5224" and e.kind == "eliminated" for e in events)
    assert "pending" not in state.vars


def test_6_5224_impact_move_never_through_a_window_nor_up():
    # Abdul stunned in K6 (parade): K5 lies through a window, so it is no option.
    state = state_with({ADLER: ("K6", 0, N), ABDUL: ("K7", 0, N)},
                       markers={ABDUL: {"stun": 1}},
                       pending={"kind": "impact-move", "piece": ADLER, "side": "legion",
                                "rule": "6.5223"})
    v = verdict(state, "impact-move", piece=ADLER, to="K5", level=0)
    assert not v and v.rule == "6.5224"
    assert verdict(state, "impact-move", piece=ADLER, to="J6", level=0)


def test_6_5224_a_drop_during_an_impact_move_is_a_new_jump():
    # Adler stands on the parapet F3 with a stunned foe landed on him; moved
    # down into F4 he jumps two levels again (roll 6: hit).
    state = state_with({ADLER: ("F3", 2, E), ABDUL: ("F3", 2, N)}, rolls=[6],
                       chit="arab",
                       pending={"kind": "impact-move", "piece": ADLER, "side": "bedouin",
                                "rule": "6.5223"})
    state, events = act(state, "impact-move", "bedouin", piece=ADLER, to="F4", level=0)
    assert state.pieces[ADLER].status == "eliminated"
    assert [e.rule for e in events][:2] == ["6.5224", "6.511"]


def test_6_5224_an_impact_move_dropping_onto_a_character_is_a_new_impact():
    # Adler, moved off the parapet F3 by the Bedouin, drops onto his friend Cole
    # in F4: injuries first (2 levels, roll 1: none), then a new impact (roll 3:
    # none); two unstunned friends share F4, so Cole must now be moved (6.5221).
    state = state_with({ADLER: ("F3", 2, E), ABDUL: ("F3", 2, N), COLE: ("F4", 0, N)},
                       rolls=[1, 3], chit="arab",
                       pending={"kind": "impact-move", "piece": ADLER, "side": "bedouin",
                                "rule": "6.5223"})
    assert verdict(state, "impact-move", "bedouin", piece=ADLER, to="F4", level=0)
    state, events = act(state, "impact-move", "bedouin", piece=ADLER, to="F4", level=0)
    assert [e.rule for e in events if e.kind == "dice"] == ["6.511", "6.521"]
    assert dice(events) == [1, 3]
    assert state.vars["pending"]["piece"] == COLE and state.vars["pending"]["rule"] == "6.5221"
    assert state.vars["pending"]["side"] == "legion"


def test_6_5224_an_impact_move_never_walks_onto_a_character():
    state = state_with({ADLER: ("K6", 0, N), ABDUL: ("K6", 0, N), COLE: ("J6", 0, N)},
                       markers={ABDUL: {"stun": 1}},
                       pending={"kind": "impact-move", "piece": ADLER, "side": "legion",
                                "rule": "6.5223"})
    v = verdict(state, "impact-move", piece=ADLER, to="J6", level=0)
    assert not v and v.rule == "6.5224"


def test_6_5_jump_onto_a_friend_is_allowed_even_with_the_last_mf():
    state = state_with({ADLER: ("F3", 2, S), COLE: ("F4", 0, N)},
                       data={ADLER: {"mf_left": 1}}, mover=ADLER)
    assert verdict(state, "jump", piece=ADLER, to="F4", level=0)


def test_6_13_reachable_includes_jump_landings():
    state = state_with({ADLER: ("F3", 2, S)})
    reach = controller().reachable(state, ADLER)
    assert reach[("F4", 0)][0] == 1 and reach[("F2", 0)][0] == 1
    assert reach[("E3", 2)][0] == 1          # parapet door into the tower


def test_6_5_corner_jump_needs_open_corner():
    state = state_with({ADLER: ("F3", 2, E)})
    assert verdict(state, "jump", piece=ADLER, to="G4", level=0)
    assert verdict(state, "jump", piece=ADLER, to="G2", level=0)
