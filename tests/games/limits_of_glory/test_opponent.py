"""The program's opponent for the Allied side: legal choices from the Allied view
only, a whole game within the time budget, and better than random play."""

import random
import time

import pytest
from log_helpers import act, commander, conquest, controller, module, put, seek, task

from ffl.engine import Action, fold
from ffl.games.limits_of_glory.opponent import choose

SOLO = "limits_of_glory/campaign"
PROGRAM = {"no_concede": True, "allied_player": "program"}


def _game(seed: int, limit: int = 20000):
    """The program (Allies) against random French play; returns (state, seconds the
    program thought, decisions it took)."""
    ctrl = controller()
    state = ctrl.start(module().scenarios[SOLO], PROGRAM, seed)
    rng = random.Random(seed)
    thought, decisions = 0.0, 0
    for _ in range(limit):
        if ctrl.outcome(state) is not None:
            break
        prompt = ctrl.prompt(state)
        if prompt.side == "allied":
            view = ctrl.view(state, "allied")
            assert ctrl.real_fleet(view) is None or state.vars.get("phase") not in (
                "setup", "invasion")
            t = time.perf_counter()
            action = choose(ctrl, view)
            thought += time.perf_counter() - t
            decisions += 1
            assert ctrl.legal(state, action), action      # (it picks from legal_actions(view))
        else:
            action = rng.choice(list(ctrl.legal_actions(state)))
        state = fold(state, ctrl.apply(state, action))
    return state, thought, decisions


def test_the_opponent_chooses_legal_actions_and_finishes_a_game_in_time():
    state, thought, decisions = _game(3)
    assert controller().outcome(state) is not None
    assert decisions > 20
    assert thought < 60


def test_the_opponent_sees_no_hidden_fleet():
    ctrl = controller()
    state = ctrl.start(module().scenarios[SOLO], PROGRAM, 4)
    view = ctrl.view(state, "allied")
    assert view.seed == 0
    assert "secret_real_fleet" not in view.vars


@pytest.mark.slow
def test_the_opponent_beats_random_play_most_of_the_time():
    wins = 0
    for seed in range(10, 14):
        state, _, _ = _game(seed)
        wins += controller().outcome(state).winner == "allied"
    assert wins >= 3


def _smith_at_cyprus(allied_hand: int, troops: int = 0):
    """Sydney Smith alone (or carrying Ottoman infantry) in the sea around Cyprus,
    an Ottoman garrison in Acre, a French army in Cairo; the Allies to act."""
    state = conquest(5, active="allied", hand=(2, allied_hand))
    commander(state, "smith", "cyprus", 10)
    if troops:
        put(state, "cyprus", {"ot-inf": troops})
    put(state, "acre", {"ot-inf": 2})
    put(state, "cairo", {"fr-inf": 6})
    commander(state, "bonaparte", "cairo", 40)
    return state


def test_movement_how_to_move_the_opponent_activates_no_space_it_would_not_leave():
    """Movement: Activating / How to move let a passed test move nothing, and the
    same space be tested again; the program, having no move it wants out of
    Sydney Smith's sea space, does not test it (a passed test would be finished
    with nothing moved, a failed one re-rolled with his glory) but passes the
    initiative with a momentum marker while it and the French hold more."""
    ctrl = controller()
    state = _smith_at_cyprus(allied_hand=2)
    view = ctrl.view(state, "allied")
    assert ctrl.legal(state, Action.make("activate", "allied", space="cyprus"))
    choice = choose(ctrl, view, random.Random(1))
    assert choice == Action.make("momentum", "allied", space="acre")
    # with its last marker in hand it ends its turn rather than test Cyprus
    state = _smith_at_cyprus(allied_hand=1)
    choice = choose(ctrl, ctrl.view(state, "allied"), random.Random(1))
    assert choice == Action.make("end-turn", "allied")


def test_movement_how_to_move_the_opponent_still_activates_a_space_it_would_leave():
    """With Ottoman infantry aboard, Sydney Smith's squadron has somewhere to take
    them: the program tests the sea around Cyprus and, once it passes, sails."""
    ctrl = controller()
    state = _smith_at_cyprus(allied_hand=2, troops=3)
    choice = choose(ctrl, ctrl.view(state, "allied"), random.Random(1))
    assert choice == Action.make("activate", "allied", space="cyprus")
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "allied", space="cyprus")
    choice = choose(ctrl, ctrl.view(state, "allied"), random.Random(1))
    assert choice.kind == "move" and choice["space"] == "cyprus"


def test_sieges_naval_elements_in_sieges_the_opponent_sails_ships_alone_to_a_threatened_bua():
    """Sieges: Naval elements in sieges: squadrons beside a besieged coastal BUA add
    their strength.  Sydney Smith's squadron, alone at Cyprus, makes for the sea
    beside El Arish when a French army stands next to it (spending no glory to
    re-roll a failed test for that), and once there stays."""
    ctrl = controller()
    state = conquest(5, active="allied", hand=(2, 2))
    commander(state, "smith", "cyprus", 10)
    put(state, "el-arish", {"ot-inf": 2})
    put(state, "sinai", {"fr-inf": 6})
    commander(state, "bonaparte", "sinai", 40)
    assert choose(ctrl, ctrl.view(state, "allied"), random.Random(1)) == Action.make(
        "activate", "allied", space="cyprus")
    failed = state.copy()                       # a change of station is worth no glory
    seek(failed, [1, 2, 3])
    failed, _ = act(failed, "activate", "allied", space="cyprus")
    assert task(failed)["stage"] == "reroll" and task(failed)["cmd"] == "smith"
    choice = choose(ctrl, ctrl.view(failed, "allied"), random.Random(1))
    assert choice.kind == "reroll" and choice["dice"] == ""
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "allied", space="cyprus")
    choice = choose(ctrl, ctrl.view(state, "allied"), random.Random(1))
    assert (choice.kind, choice["to"], choice["pieces"]) == ("move", "levant", "smith")
    state, _ = act(state, "move", "allied", space="cyprus", to="levant", pieces="smith",
                   units="", leave="")
    choice = choose(ctrl, ctrl.view(state, "allied"), random.Random(1))
    assert choice == Action.make("momentum", "allied", space="el-arish")   # it waits there
