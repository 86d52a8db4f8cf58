"""17.325 Le Cafard, a roll of 6: no effect; the unit moves and fires as it likes
(and the one Le Cafard of the turn, 17.32, is spent)."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, ABDUL = "L-1-Adler", "L-1-Cole", "B-A-Abdul"


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def test_17_325_a_roll_of_6_has_no_effect():
    units = {ADLER: ("K8", 0, "N"), COLE: ("K10", 0, "N"), ABDUL: ("A1", 0, "S")}
    state = controller().position(units=units, chit="squad-1", options={"cafard": True},
                                  cafard_drawn=[ADLER, COLE], seed=seed_for([6]))
    state, events = play(state, "cafard", "bedouin", piece=ADLER)
    assert events[-1].rule == "17.325" and events[-1].text.startswith("17.325")
    adler = state.pieces[ADLER]
    assert adler.status == "active" and adler.data["cafard"] == "calm"   # not mad
    steps = {(a.get("to"), a.get("level")) for a in controller().legal_actions(state)
             if a.get("piece") == ADLER and a.kind == "move"}
    assert len(steps) > 1                                  # free to move, no compulsion
    assert controller().legal(state, Action.make("end-phase", "legion"))
    v = controller().legal(state, Action.make("cafard", "bedouin", piece=COLE))
    assert not v and v.rule == "17.32"                     # one a turn
