"""23 Treachery: 2.1 seats all three players (the high roller chooses first, the
next of the two sides left, the lowest gets the last), 23.3 the Mutineer
player assigns the left-out tribes' Sequence units to his squads, and the
declarations decide whom a side may fire at (7.11) and melee."""

from helpers import controller, fresh
from helpers import done as do
from helpers import verdict as ok
from test_23_treachery import MUTINEERS, SID, legion_set_up, negotiating, seated

from ffl.engine import Action, fold
from ffl.engine.dice import die_value

LOYAL, MUTINEER = "L-1-Jensen", MUTINEERS[0]


def test_2_1_three_players_roll_and_all_three_are_seated():
    state = fresh(1, take=None, scenario_id=SID)
    roll = state.vars["side_roll"]
    assert len(roll["rolls"][-1]) == 3 and len(set(roll["rolls"][-1])) == 3
    first, second, third = roll["order"]
    assert roll["high"] == first
    assert {a.get("take") for a in controller().legal_actions(state)} == \
        {"legion", "mutineer", "bedouin"}
    wrong = ok(state, "choose-side", second, take="legion")
    assert not wrong and wrong.rule == "2.1"
    early = ok(state, "place", "legion", piece="L-LC-Kolb", space="M8", level=0, facing=0)
    assert not early and early.rule == "2.1"
    state = do(state, "choose-side", first, take="mutineer")
    taken = ok(state, "choose-side", second, take="mutineer")
    assert not taken and taken.rule == "2.1"
    assert controller().prompt(state).info["chooser"] == second
    state = do(state, "choose-side", second, take="bedouin")
    roll = state.vars["side_roll"]
    assert (roll["mutineer"], roll["bedouin"], roll["legion"]) == (first, second, third)
    assert not ok(state, "choose-side", third, take="legion")
    assert ok(state, "place", "legion", piece="L-LC-Kolb", space="M8", level=0, facing=0)


def test_2_1_three_players_roll_again_on_a_tie():
    seed = next(s for s in range(1, 10_000)
                if die_value(s, 0, 6) == die_value(s, 1, 6) and
                len({die_value(s, n, 6) for n in (3, 4, 5)}) == 3)
    state = fresh(seed, take=None, scenario_id=SID)
    rolls = state.vars["side_roll"]["rolls"]
    assert len(rolls) == 2 and rolls[0][0] == rolls[0][1] and len(set(rolls[1])) == 3


def test_2_1_the_side_panel_words_come_from_the_prompt():
    state = fresh(1, take=None, scenario_id=SID)
    text = controller().prompt(state).info["side_choice"]
    assert "three" in text and "chooses now" in text


def _bedouin_ready(seed=1):
    state = legion_set_up(seated(fresh(seed, take=None, scenario_id=SID)))
    for pid in MUTINEERS:
        state = do(state, "mutineer", "mutineer", piece=pid)
    state = do(state, "end-setup", "mutineer")
    for tribe in ("riff", "tuareg", "kabyle"):
        state = do(state, "leave-out-tribe", "bedouin", org=tribe)
    return do(state, "end-setup", "bedouin")


def test_23_3_the_mutineer_player_assigns_the_unused_sequence_units():
    state = _bedouin_ready()
    prompt = controller().prompt(state)
    assert prompt.side == "mutineer" and "assign-chit" in prompt.kinds
    assert state.vars["mutineer_chits"] == {"mutineers-1": "kabyle", "mutineers-2": "riff",
                                            "mutineers-3": "tuareg"}     # the offer
    bedouin = ok(state, "assign-chit", "bedouin", org="mutineers-1", tribe="tuareg")
    assert not bedouin and bedouin.rule == "23.3"
    playing = ok(state, "assign-chit", "mutineer", org="mutineers-1", tribe="arab")
    assert not playing and playing.rule == "23.3"
    same = ok(state, "assign-chit", "mutineer", org="mutineers-1", tribe="kabyle")
    assert not same and same.rule == "23.3"
    assert not ok(state, "end-setup", "bedouin")
    labels = [label for label, _ in controller().scenario_choices(state, "mutineer")]
    assert any("Tuareg" in label and "squad 1" in label for label in labels)
    state = do(state, "assign-chit", "mutineer", org="mutineers-1", tribe="tuareg")
    assert state.vars["mutineer_chits"] == {"mutineers-1": "tuareg", "mutineers-2": "riff",
                                            "mutineers-3": "kabyle"}     # swapped
    state = do(state, "end-setup", "mutineer")
    assert state.vars["phase"] == "negotiation" and state.vars["turn"] == 1
    for side in ("legion", "mutineer", "bedouin"):
        state = do(state, "end-negotiation", side)
    state.vars["cup"] = ["mutineers-1"]
    events = controller().apply(state, Action.make("draw", "legion"))
    said = [e.text for e in events if e.kind == "mutineer-chit"]
    assert said and "Tuareg" in said[0] and "squad 1" in said[0]
    drawn_text = next(e.text for e in events if e.kind == "draw")
    assert "Squad 1 mutineers" in drawn_text and "mutineers-1" not in drawn_text
    drawn = fold(state, events)
    assert "Tuareg" in controller().prompt(drawn).info["org_name"]


def _facing(state, phase, chit, active):
    """The loyal private at M8 facing south, the first mutineer four squares on."""
    for side in ("legion", "mutineer", "bedouin"):
        state = do(state, "end-negotiation", side)
    for piece, key in ((LOYAL, "M8"), (MUTINEER, "M10")):
        state.pieces[piece].space, state.pieces[piece].level = key, 0
    state.pieces[LOYAL].facing = 4
    state.vars.update({"phase": phase, "chit": chit, "active": active, "phase_mf": {}})
    return state


def test_23_3_no_fire_at_a_side_declared_friend():
    foes = _facing(negotiating(), "fire", "squad-1", "legion")
    assert ok(foes, "fire", piece=LOYAL, target=MUTINEER)
    friends = _facing(negotiating(), "fire", "squad-1", "legion")
    friends.vars["pacts"] = {"legion": {"mutineer": "friend"}}
    refused = ok(friends, "fire", piece=LOYAL, target=MUTINEER)
    assert not refused and refused.rule == "23.3"
    announced = ok(friends, "announce", pieces=[LOYAL], target=MUTINEER)
    assert not announced and announced.rule == "23.3"
    shown = next(t for t in controller().targets(friends, LOYAL) if t.target == MUTINEER)
    assert not shown.possible and shown.refusal.rule == "23.3"
    assert not any(a.kind == "fire" and a.get("target") == MUTINEER
                   for a in controller().legal_actions(friends))
    # the mutineers' own declaration binds only them: they may still fire back
    friends.vars["pacts"] = {"mutineer": {"legion": "friend"}}
    assert ok(friends, "fire", piece=LOYAL, target=MUTINEER)


def test_23_3_melee_only_a_side_held_foe():
    state = _facing(negotiating(), "movement", "squad-1", "legion")
    state.pieces[MUTINEER].space = "M9"
    meleed = controller().apply(state, Action.make("move", "legion", piece=LOYAL, to="M9",
                                                   level=0))
    assert any(e.rule.startswith("6.7") for e in meleed)            # a foe: melee
    state.vars["pacts"] = {"legion": {"mutineer": "friend"}}
    assert ok(state, "move", piece=LOYAL, to="M9", level=0)          # passing a friend
    passing = controller().apply(state, Action.make("move", "legion", piece=LOYAL,
                                                    to="M9", level=0))
    assert passing and not any(e.rule.startswith("6.7") for e in passing)   # no melee
