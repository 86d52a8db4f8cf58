"""6.1-6.7 the movement plan a drag plays back: the controller says, step by step,
which actions reach a square, what each costs, the MF left after it, and which
steps roll dice (a jump 6.5, the melee of entering a foe's square 6.7); why a
square cannot be reached; and the advise mode's forced step."""

from helpers import E, N, S, controller, state_with

from ffl.engine import Action, fold

ADLER, COLE, ABDUL = "L-1-Adler", "L-1-Cole", "B-A-Abdul"


def play_back(state, plan):
    """Apply each step's action until the piece is not where the step says."""
    for step in plan.steps:
        state = fold(state, controller().apply(state, step.action))
        if state.pieces[plan.piece].position != step.position:
            break
    return state


def test_6_13_a_plan_walks_the_cheapest_path_one_move_per_square():
    state = state_with({ADLER: ("K8", 0, E)})
    plan = controller().plan(state, ADLER, "K11", 0)
    assert [s.action.kind for s in plan.steps] == ["move", "move", "move"]
    assert [s.position for s in plan.steps] == [("K9", 0), ("K10", 0), ("K11", 0)]
    assert [s.cost for s in plan.steps] == [1, 1, 1] and [s.left for s in plan.steps] == [4, 3, 2]
    assert plan.cost == controller().reachable(state, ADLER)[("K11", 0)][0] == 3
    assert not plan.rolls
    after = play_back(state, plan)
    assert after.pieces[ADLER].position == ("K11", 0)
    assert controller().mf_left(after, ADLER) == 2


def test_6_5_a_plan_down_from_the_parapet_ends_in_a_jump_that_rolls():
    state = state_with({ADLER: ("F3", 2, S)})
    plan = controller().plan(state, ADLER, "F4", 0)
    (step,) = plan.steps
    assert step.action.kind == "jump" and step.rolls and step.rule == "6.5"
    assert plan.rolls


def test_6_7_a_plan_into_a_foes_square_is_a_melee_that_rolls_and_costs_its_mf():
    state = state_with({ADLER: ("K8", 0, E), ABDUL: ("K10", 0, N)})
    plan = controller().plan(state, ADLER, "K10", 0)
    assert [s.action.kind for s in plan.steps] == ["move", "move"]
    last = plan.steps[-1]
    assert last.rolls and last.rule == "6.7" and last.cost == 2     # enter + 6.1245 melee
    assert plan.cost == controller().reachable(state, ADLER)[("K10", 0)][0]


def test_6_21_a_plan_from_off_the_board_starts_by_entering():
    state = state_with({ABDUL: None}, chit="arab")
    target = next(pos for pos, (cost, path) in controller().reachable(state, ABDUL).items()
                  if len(path) == 2)
    plan = controller().plan(state, ABDUL, *target)
    assert [s.action.kind for s in plan.steps][0] == "enter"
    assert play_back(state, plan).pieces[ABDUL].position == target


def test_6_123_no_plan_beyond_the_movement_factors_and_why():
    state = state_with({ADLER: ("K8", 0, E)})
    assert controller().plan(state, ADLER, "K14", 0) is None
    why = controller().why_not_reach(state, ADLER, "K14")
    assert not why and why.rule == "6.123" and "5 MF left" in why.reason


def test_4_3_why_a_unit_cannot_stop_on_a_friend():
    state = state_with({ADLER: ("K8", 0, E), COLE: ("K9", 0, E)})
    why = controller().why_not_reach(state, ADLER, "K9")
    assert not why and why.rule == "4.3" and "Cole" in why.reason


def test_6_1_advise_mode_forces_a_move_no_legal_step_makes_spending_the_mf_left():
    state = state_with({ADLER: ("K8", 0, E)})
    action = Action.make("move", "legion", piece=ADLER, to="K14", level=2)   # the parapet
    assert not controller().legal(state, action)
    after = fold(state, controller().force(state, action))
    assert after.pieces[ADLER].position == ("K14", 2)
    assert controller().mf_left(after, ADLER) == 0
    assert controller().invariants(after) == []


# -- issue 15, finding 3: the cheapest cost of every square, jumps included ------------


def test_6_5_reachable_prices_a_jump_at_its_own_cost_and_marks_it():
    # from the landing I4 (level 1) the square below, H4, is 1 MF by a jump and
    # 2 MF down the stair: the cheapest is the jump, marked as one
    state = state_with({ADLER: ("I4", 1, N)})
    reach = controller().reachable(state, ADLER)
    assert reach[("H4", 0)].cost == 1 and reach[("H4", 0)].jump
    assert reach[("H4", 0)] == (1, [("H4", 0)])              # still the (cost, path) pair
    assert not reach[("I3", 2)].jump
    jump = controller().plan(state, ADLER, "H4", 0)
    assert [s.action.kind for s in jump.steps] == ["jump"] and jump.cost == 1 and jump.rolls
    walk = controller().plan(state, ADLER, "H4", 0, jump=False)
    assert [s.action.kind for s in walk.steps] == ["climb"] and walk.cost == 2
    assert not walk.rolls


def test_6_5_every_plan_costs_what_reachable_says():
    for where in ({ADLER: ("I4", 1, N)}, {ADLER: ("F3", 2, S)}, {ADLER: ("E4", 2, S)},
                  {ADLER: ("K8", 0, E), ABDUL: ("K10", 0, N)}):
        state = state_with(where)
        for target, reach in controller().reachable(state, ADLER).items():
            plan = controller().plan(state, ADLER, *target)
            assert plan.cost == reach.cost, target
            assert (plan.steps[-1].action.kind == "jump") == reach.jump, target
            assert [s.position for s in plan.steps] == reach.path
