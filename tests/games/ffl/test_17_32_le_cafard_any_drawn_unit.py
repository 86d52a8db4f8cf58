"""17.32 Le Cafard: at the start of any Legion organization's movement or fire
phase the Bedouin may name any one of the units he drew (not only one of the
squad whose phase starts); the named unit acts mad in its own squad's phases
(4.5), from the next one on (17.322 "on later Turns")."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, WEBER, ABDUL = "L-1-Adler", "L-1-Cole", "L-2-Weber", "B-A-Abdul"


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def test_17_32_any_drawn_unit_may_be_named_in_another_squads_phase():
    units = {ADLER: ("K8", 0, "N"), COLE: ("K10", 0, "N"), WEBER: ("M8", 0, "N"),
             ABDUL: ("A1", 0, "S")}
    state = controller().position(units=units, chit="squad-1", options={"cafard": True},
                                  cafard_drawn=[WEBER], seed=seed_for([3]))
    assert controller().legal(state, Action.make("cafard", "bedouin", piece=WEBER))
    state, events = play(state, "cafard", "bedouin", piece=WEBER)
    assert events[-1].rule == "17.322" and events[-1].text.startswith("17.322")
    assert state.pieces[WEBER].data["cafard"] == "any"
    # squad 1's phase goes on as usual: Weber is not of it (4.5)
    assert controller().legal(state, Action.make("end-phase", "legion"))
    assert not any(a.get("piece") == WEBER for a in controller().legal_actions(state))
    v = controller().legal(state, Action.make("cafard", "bedouin", piece=WEBER))
    assert not v and v.rule == "17.32"                     # one a turn, and once


def test_17_321_a_unit_of_another_squad_takes_his_own_life_at_once():
    units = {ADLER: ("K8", 0, "N"), WEBER: ("M8", 0, "N"), ABDUL: ("A1", 0, "S")}
    state = controller().position(units=units, phase="fire", chit="squad-1",
                                  options={"cafard": True}, cafard_drawn=[WEBER],
                                  seed=seed_for([1]))
    state, events = play(state, "cafard", "bedouin", piece=WEBER)
    assert state.pieces[WEBER].status == "eliminated" and events[-1].rule == "17.321"


def test_17_322_the_mad_unit_acts_in_its_own_squads_phase():
    units = {ADLER: ("K8", 0, "N"), WEBER: ("K10", 0, "N"), ABDUL: ("A1", 0, "S")}
    state = controller().position(units=units, chit="squad-2", options={"cafard": True},
                                  mad={WEBER: "any"})
    steps = [(a.get("to"), a.get("level")) for a in controller().legal_actions(state)
             if a.get("piece") == WEBER and a.kind in ("move", "climb", "jump")]
    assert steps == [("K9", 0)]                            # to the nearest unit, Adler
    v = controller().legal(state, Action.make("end-phase", "legion"))
    assert not v and v.rule == "17.322"
