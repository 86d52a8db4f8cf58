"""Mid-game positions built from a description (``FFLController.position``, issue
15 finding 5) and the melee modifiers of a proposed melee (6.72,
``FFLController.melee_modifiers``): the public ways tests and scenario authors
set a game up part-way through and ask what a melee would be."""

import pytest
from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, STOLZ = "L-1-Adler", "L-1-Cole", "L-2-Stolz"
ABDUL, DHABI = "B-A-Abdul", "B-A-Dhabi"
SABAH, WALID, GAAFAR = "B-R-Sabah", "B-R-Walid", "B-R-Gaafar"


def play(state, kind, side, **args):
    return fold(state, controller().apply(state, Action.make(kind, side, **args)))


def test_6_12_a_position_mid_movement_with_mf_spent_stuns_and_ropes():
    state = controller().position(
        units={ADLER: ("K8", 0, "E"), ABDUL: ("K10", 0, "N"), DHABI: None},
        phase="movement", turn=2, chit="arab", mover=ABDUL, mf_spent={ABDUL: 1},
        stuns={ADLER: 1},
        ropes={"rope-01": DHABI, "rope-02": ("C3", 0), "rope-03": [("C3", 0), ("D3", 2)]})
    ctrl = controller()
    prompt = ctrl.prompt(state)
    assert prompt.phase == "movement" and prompt.info["org"] == "arab"
    assert prompt.info["mover"] == ABDUL and prompt.info["turn"] == 2
    assert ctrl.mf_left(state, ABDUL) == 4                    # 5 in the fort, 1 spent
    assert ctrl.mf_left(state, DHABI) == 3                    # 6.121 off the board
    assert state.pieces[ADLER].facing == 2 and state.pieces[ADLER].markers["stun"] == 1
    # the carried rope goes in with its carrier (6.21); the grappled one is climbable
    assert state.pieces["rope-01"].data["carrier"] == DHABI
    assert state.pieces["rope-03"].data["grappled"] == [["C3", 0], ["D3", 2]]
    assert ctrl.invariants(state) == []
    # the other units keep out of the way and the cup holds the other nine chits
    assert state.pieces[COLE].status == "unused" and state.pieces[STOLZ].status == "unused"
    assert len(state.vars["cup"]) == 9 and "arab" not in state.vars["cup"]


def test_6_53_a_stunned_unit_in_a_position_cannot_move():
    state = controller().position(units={ADLER: ("K8", 0, "N")}, chit="squad-1",
                                  stuns={ADLER: 2})
    v = controller().legal(state, Action.make("move", "legion", piece=ADLER, to="K7",
                                              level=0))
    assert not v and v.rule == "6.53"


def test_4_3_a_position_that_breaks_the_rules_is_refused():
    with pytest.raises(ValueError, match="4.3"):
        controller().position(units={ADLER: ("K8", 0, "N"), COLE: ("K8", 0, "S")})
    with pytest.raises(ValueError, match="facing"):
        controller().position(units={ADLER: ("K8", 0, "UP")})


def test_7_6_a_position_in_the_fire_phase_with_its_dice_chosen_by_the_seed():
    seed = seed_for([6])
    state = controller().position(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")},
                                  phase="fire", chit="squad-1", seed=seed)
    state = play(state, "fire", "legion", piece=ADLER, target=ABDUL)
    assert state.pieces[ABDUL].status == "eliminated"          # the 6 came up


def test_6_72_melee_modifiers_of_a_proposed_melee():
    # Abdul comes round behind Adler (facing north): into the rear, +1 (6.723);
    # Adler is stunned, +2 (6.725)
    state = controller().position(units={ADLER: ("K8", 0, "N"), ABDUL: ("K10", 0, "N")},
                                  chit="arab", stuns={ADLER: 1})
    info = controller().melee_modifiers(state, ABDUL, ADLER)
    assert info.possible
    assert {m[0] for m in info.modifiers} == {"6.723", "6.725"} and info.total == 3
    assert info.melee_number == 3 and info.needed == 1 and info.cost == 3    # 2 squares + melee
    # a window on the way in: -1 (6.722); the Barracks window K5|K6
    state = controller().position(units={ADLER: ("K5", 0, "N"), ABDUL: ("K6", 0, "N")},
                                  chit="arab")
    info = controller().melee_modifiers(state, ABDUL, ADLER)
    assert ("6.722", -1, "attacking through a window") in info.modifiers
    # out of reach: says why
    far = controller().position(units={ADLER: ("K4", 0, "N"), ABDUL: ("A16", 0, "N")},
                                chit="arab")
    info = controller().melee_modifiers(far, ABDUL, ADLER)
    assert not info.possible and info.rule == "6.123"


def test_6_724_the_query_counts_the_successive_melees_of_the_rulebook_example():
    where = {STOLZ: ("N8", 0, "S"), SABAH: ("M9", 0, "N"), WALID: ("N9", 0, "N"),
             GAAFAR: ("O9", 0, "N")}
    state = controller().position(units=where, chit="riff", seed=seed_for([1, 1]))
    assert controller().melee_modifiers(state, SABAH, STOLZ).modifiers == []
    state = play(state, "move", "bedouin", piece=SABAH, to="N8", level=0)
    assert controller().melee_modifiers(state, WALID, STOLZ).modifiers == [
        ("6.724", 1, "successive melee no. 1")]
    state = play(state, "move", "bedouin", piece=WALID, to="N8", level=0)
    info = controller().melee_modifiers(state, GAAFAR, STOLZ)
    assert info.modifiers == [("6.724", 2, "successive melee no. 2")] and info.needed == 1
