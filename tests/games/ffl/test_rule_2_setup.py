"""2 set-up: side selection (2.1), the board (2.2), the Legion set-up (2.31) and
the Bedouin rope assignment (2.32)."""

from helpers import N, S, act, controller, fresh, verdict

from ffl.engine.dice import die_value

ADLER, COLE, LEJEUNE = "L-1-Adler", "L-1-Cole", "L-LC-LeJeune"
ABDUL, DHABI = "B-A-Abdul", "B-A-Dhabi"


def legion_ids(state):
    types = controller().module.piece_types
    return [pid for pid in sorted(state.pieces)
            if types[state.pieces[pid].type].kind == "character"
            and state.pieces[pid].side == "legion"]


def full_legion_setup(state):
    """Leave out the first unit of each squad and place the other 30."""
    ctx = controller().ctx(state)
    squares = [k for k in ctx.fort.squares("parade")]
    left = set()
    for pid in legion_ids(state):
        org = ctx.org(pid)
        if org.startswith("squad") and org not in left:
            left.add(org)
            state, _ = act(state, "leave-out", piece=pid)
    for pid in legion_ids(state):
        if state.pieces[pid].status == "off":
            state, _ = act(state, "place", piece=pid, space=squares.pop(0), level=0, facing=S)
    return state


def test_2_1_side_selection_roll_recorded_and_sides_assigned():
    state = fresh(seed=5)
    roll = state.vars["side_roll"]
    a, b = roll["rolls"][-1]
    assert a != b
    high = "player 1" if a > b else "player 2"
    assert roll["high"] == high and roll["legion"] == high
    assert roll["bedouin"] != high
    assert state.vars["_rolls"] == 2 * len(roll["rolls"])


def test_2_1_the_side_roll_opens_the_game_log_and_cannot_be_undone():
    from ffl import catalog

    session = catalog.new_session("ffl/basic", seed=5)
    events = session.log.events
    assert [e.kind for e in events][-1] == "side-roll" and all(e.rule == "2.1" for e in events)
    dice = [e for e in events if e.kind == "dice"]
    assert [list(e.dice) for e in dice] == session.state.vars["side_roll"]["rolls"]
    assert "rolls high" in events[-1].text and "chooses a side" in events[-1].text
    assert not session.log.can_undo()


def test_2_1_the_high_roller_is_asked_to_choose_a_side():
    from ffl import catalog
    from ffl.engine import Action

    session = catalog.new_session("ffl/basic", seed=5)
    ctrl = session.controller
    high = session.state.vars["side_roll"]["high"]
    prompt = ctrl.prompt(session.state)
    assert "choose-side" in prompt.kinds and prompt.info["chooser"] == high
    assert prompt.text.startswith(f"2.1 {high.capitalize()} rolled high: choose a side")
    choices = [a for a in ctrl.legal_actions(session.state) if a.kind == "choose-side"]
    assert {(a.side, a.get("take")) for a in choices} == {(high, "legion"), (high, "bedouin")}
    # only the high roller chooses
    low = "player 2" if high == "player 1" else "player 1"
    refused = ctrl.legal(session.state, Action.make("choose-side", low, take="legion"))
    assert not refused and refused.rule == "2.1"
    events = session.do(Action.make("choose-side", high, take="bedouin"))
    assert events[-1].kind == "sides" and "chooses to command the Bedouin" in events[-1].text
    roll = session.state.vars["side_roll"]
    assert roll["bedouin"] == high and roll["legion"] == low
    assert "choose-side" not in ctrl.prompt(session.state).kinds       # chosen once
    assert not ctrl.legal(session.state, Action.make("choose-side", high, take="legion"))


def test_2_1_setting_up_the_legion_before_choosing_keeps_the_legion():
    from ffl import catalog
    from ffl.engine import Action

    session = catalog.new_session("ffl/basic", seed=5)
    high = session.state.vars["side_roll"]["high"]
    events = session.do(Action.make("leave-out", "legion", piece=ADLER))
    assert [e.kind for e in events] == ["sides", "leave-out"]
    assert "keeps the Legion" in events[0].text
    assert session.state.vars["side_roll"]["legion"] == high
    assert session.undo() and "legion" not in session.state.vars["side_roll"]


def test_2_1_ties_are_rolled_again():
    seed = next(s for s in range(1, 500) if die_value(s, 0) == die_value(s, 1))
    roll = fresh(seed=seed).vars["side_roll"]
    assert len(roll["rolls"]) >= 2 and roll["rolls"][0][0] == roll["rolls"][0][1]


def test_2_1_high_roller_may_take_the_bedouin():
    state = fresh(seed=5, take="bedouin")
    roll = state.vars["side_roll"]
    assert roll["bedouin"] == roll["high"]


def test_2_2_doors_and_windows_open_gates_closed():
    state = fresh()
    assert state.vars["doors_windows"] == "open" and state.vars["gates"] == "closed"
    gates = [p for p in state.pieces.values() if p.type == "gate"]
    assert {g.space for g in gates} == {"P14", "Q14"}
    # the closed gate side cannot be walked through
    ctx = controller().ctx(state)
    assert "gate" in ctx.fort.side_features("P14", "P15", 0)


def test_2_31_legion_places_on_fort_squares_faced():
    state = fresh()
    assert controller().prompt(state).side == "legion"
    state, events = act(state, "place", piece=ADLER, space="N8", level=0, facing=N)
    assert state.pieces[ADLER].position == ("N8", 0) and state.pieces[ADLER].facing == N
    assert events[0].rule == "2.31"
    v = verdict(state, "place", piece=COLE, space="N15", level=0, facing=N)
    assert not v and v.rule == "2.31"                         # sand
    v = verdict(state, "place", piece=COLE, space="N8", level=0, facing=N)
    assert not v and v.rule == "2.31"                         # one per square and level
    v = verdict(state, "place", piece=COLE, space="N8", level=1, facing=N)
    assert not v and v.rule == "1.12"                         # no such level
    v = verdict(state, "place", piece=COLE, space="N9", level=0)
    assert not v and v.rule == "2.31"                         # unfaced
    assert verdict(state, "place", piece=COLE, space="M4", level=1, facing=N)   # a rooftop


def test_2_31_one_unit_left_out_per_squad_none_of_the_commanders():
    state = fresh()
    v = verdict(state, "leave-out", piece=LEJEUNE)
    assert not v and v.rule == "2.31"
    state, _ = act(state, "leave-out", piece=ADLER)
    assert state.pieces[ADLER].status == "unused"
    v = verdict(state, "leave-out", piece=COLE)
    assert not v and v.rule == "2.31"


def test_2_31_end_setup_only_with_thirty_placed_and_three_left_out():
    state = fresh()
    v = verdict(state, "end-setup")
    assert not v and v.rule == "2.31"
    state = full_legion_setup(state)
    placed = [p for p in legion_ids(state) if state.pieces[p].status == "active"]
    assert len(placed) == 30
    state, events = act(state, "end-setup")
    assert state.vars["phase"] == "setup-bedouin"
    assert controller().prompt(state).side == "bedouin"


def test_2_31_no_thirty_first_unit():
    state = full_legion_setup(fresh())
    back = next(p for p in legion_ids(state) if state.pieces[p].status == "unused")
    # a left-out unit may come back in, but then its squad must leave out another
    state, _ = act(state, "place", piece=back, space="AA11", level=0, facing=N)
    v = verdict(state, "end-setup")
    assert not v and v.rule == "2.31"


def test_2_32_ropes_assigned_to_carriers_and_bedouin_stay_off_board():
    state, _ = act(full_legion_setup(fresh()), "end-setup")
    v = verdict(state, "place", piece=ADLER, space="N8", level=0, facing=N)
    assert not v
    state, events = act(state, "assign-rope", "bedouin", rope="rope-01", piece=ABDUL)
    assert events[0].rule == "2.32"
    assert state.pieces[ABDUL].data["ropes"] == ["rope-01"]
    state, _ = act(state, "assign-rope", "bedouin", rope="rope-01", piece=DHABI)
    assert "ropes" not in state.pieces[ABDUL].data
    assert state.pieces["rope-01"].data["carrier"] == DHABI
    assert state.pieces[ABDUL].space is None
    v = verdict(state, "assign-rope", "bedouin", rope="rope-02", piece=ADLER)
    assert not v and v.rule == "2.32"


def test_2_32_end_of_setup_starts_turn_one():
    state, _ = act(full_legion_setup(fresh()), "end-setup")
    state, events = act(state, "end-setup", "bedouin")
    assert state.vars["phase"] == "movement" and state.vars["turn"] == 1
    assert len(state.vars["cup"]) == 10
    assert [e.rule for e in events] == ["2.32", "3.1"]
    assert controller().legal_actions(state)[0].kind == "draw"


def test_2_setup_legal_actions_are_all_accepted():
    state = fresh()
    ctrl = controller()
    actions = ctrl.legal_actions(state)
    assert {a.kind for a in actions} == {"place", "leave-out"}
    for action in actions[:50] + actions[-30:]:
        assert ctrl.legal(state, action), action
