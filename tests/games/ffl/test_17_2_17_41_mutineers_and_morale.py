"""17.2 and 17.41 with the mutineers of 19 and 23: the mutineer squads are
Legionnaires who only borrow the Bedouin Sequence units (19.3, 23.3), not
Bedouin tribes, so they never roll on the Bedouin Morale Table (17.2 is the
tribes' morale); and in 23 the Mutineer side is an opposing side of its own, so
fourteen mutineers against three loyal Legionnaires put the Legion in Camerone
(17.41: outnumbered four to one by any one opposing side)."""

from helpers import act, controller
from helpers import done as do
from test_19_les_allemands import legion_placed, marked
from test_19_les_allemands import start as start_19
from test_23_treachery import MUTINEERS as MUTINEERS_23
from test_23_treachery import negotiating

from ffl.engine import fold


def test_17_2_the_mutineers_of_19_never_roll_for_bedouin_morale():
    state = do(marked(do(legion_placed(start_19(command=True)), "end-setup")), "end-setup",
               "bedouin")
    mutineers = [p for p in state.pieces.values() if p.markers.get("mutineer")]
    assert len(mutineers) == 14                    # at most five a squad: 17.22 would roll
    state.vars.update({"phase": "fire", "chit": "arab", "active": "bedouin", "cup": []})
    state, events = act(state, "end-phase", "bedouin")
    assert "17.2" in [e.rule for e in events]      # the phase comes (the rule is on) ...
    assert not [e for e in events if e.rule.startswith("17.22")]     # ... nobody rolls
    assert all(state.pieces[p.id].status == "active" for p in mutineers)


def test_17_41_in_23_the_mutineer_side_outnumbering_the_legion_four_to_one_is_camerone():
    state = negotiating()
    state.vars["options"] = sorted({*(state.vars.get("options") or ()), "camerone"})
    loyal = [p for p in state.pieces.values() if p.side == "legion"
             and p.status == "active" and p.id.startswith("L-")]
    for p in loyal[3:]:                            # three loyal Legionnaires left
        p.status, p.space = "eliminated", None
    bedouin = [p for p in state.pieces.values() if p.side == "bedouin"
               and p.status in ("active", "off")]
    for p in bedouin[4:]:                          # four Bedouins: no four to one there
        p.status, p.space = "eliminated", None
    assert all(state.pieces[m].side == "mutineer" for m in MUTINEERS_23)   # fourteen
    state.vars.update({"phase": "fire", "cup": [], "chit": "legion-cmd", "active": "legion"})
    ctrl = controller()
    for _ in range(6):                             # to the start of the next turn
        if state.vars.get("camerone") or state.vars["phase"] in ("movement", "negotiation"):
            break
        kinds = [a for a in ctrl.legal_actions(state) if a.kind == "end-phase"]
        assert kinds, ctrl.prompt(state)
        state = fold(state, ctrl.apply(state, kinds[0]))
    assert state.vars.get("camerone") is True, [state.vars["phase"]]


def test_17_12_the_log_of_19_names_the_mutineers():
    """The log reads as the players of 19 know their game: the command control
    line of a tribe's Sequence unit names the squad's mutineers it moves (19.3).
    (17.31 Le Cafard is not in play in 19: ``test_19_les_allemands``.)"""
    state = do(marked(do(legion_placed(start_19(command=True)), "end-setup")), "end-setup",
               "bedouin")
    state.vars.update({"phase": "movement", "chit": None, "cup": ["berber"],
                       "active": "legion"})
    state, events = act(state, "draw", "legion")
    held = [e for e in events if e.kind == "halted"]
    assert held, "the set-up leaves squad 2's mutineers out of command; one rolls 5-6"
    line = next(e.text for e in events if e.kind == "command")
    assert "Berber Tribe (Squad 2 mutineers)" in line, line
