"""22 The Returning Patrol: the patrol chosen (22.11), a tribe left out (22.1),
the arrival roll from Turn 4 and the entry side roll (22.2), the patrol's
entry, and the Bedouins' special victory (22.3)."""

from helpers import controller, fresh, module, seed_for
from helpers import done as do
from helpers import verdict as ok

from ffl.engine import Action, fold
from ffl.engine.dice import ROLLS_VAR

SID = "ffl/returning-patrol"
SQUAD2 = [p for p in module().piece_types.values() if p.kind == "character"
          and p.org == "squad-2"]


def start(seed=1):
    return fresh(seed, scenario_id=SID)




def fort_spots(state, n):
    fort = controller().ctx(state).fort
    out = []
    for key in fort.squares():
        if fort.is_fort(key):
            out.append((key, fort.levels(key)[-1]))
        if len(out) == n:
            break
    return out


def legion_set_up(state):
    """22.11 squad 2 and Lt. Briere on patrol, the other 22 units in the fort."""
    state = do(state, "patrol", unit="squad-2")
    state = do(state, "patrol", unit="L-LC-Briere")
    waiting = [p for p in state.pieces.values() if p.side == "legion" and p.status == "off"
               and module().piece_types[p.type].kind == "character"]
    for piece, (key, level) in zip(waiting, fort_spots(state, len(waiting)), strict=True):
        state = do(state, "place", piece=piece.id, space=key, level=level, facing=0)
    return state


def test_22_11_patrol_is_one_squad_and_one_commander():
    state = start()
    assert not ok(state, "end-setup")
    state = do(state, "patrol", unit="squad-2")
    assert all(state.pieces[t.id].status == "unused" for t in SQUAD2)
    refused = ok(state, "patrol", unit="L-1-Cole")        # a private is no commander
    assert not refused and refused.rule == "22.11"
    assert not ok(state, "end-setup")                     # no officer yet
    state = do(state, "patrol", unit="squad-3")           # another squad replaces it
    assert all(state.pieces[t.id].status == "off" for t in SQUAD2)
    assert state.vars["patrol"]["squad"] == "squad-3"


def test_22_11_patrol_units_are_not_set_up_in_the_fort():
    state = do(start(), "patrol", unit="squad-2")
    key, level = fort_spots(state, 1)[0]
    legal = ok(state, "place", piece="L-1-Cole", space=key, level=level, facing=0)
    assert legal
    illegal = ok(state, "place", piece=SQUAD2[0].id, space=key, level=level, facing=0)
    assert not illegal and illegal.rule == "22.11"


def test_22_11_the_rest_sets_up_in_the_fort():
    state = legion_set_up(start())
    assert sum(1 for p in state.pieces.values() if p.side == "legion"
               and p.status == "active" and p.id.startswith("L-")) == 22
    assert ok(state, "end-setup")
    sand = ok(state, "place", piece="L-1-Cole", space="A1", level=0, facing=0)
    assert not sand and sand.rule == "2.31"


def test_22_1_one_tribe_left_out_by_choice():
    state = do(legion_set_up(start()), "end-setup")
    refused = ok(state, "end-setup", "bedouin")
    assert not refused and refused.rule == "22.1"
    assert ok(state, "leave-out-tribe", "bedouin", org="riff")
    state = do(state, "leave-out-tribe", "bedouin", org="riff")
    second = ok(state, "leave-out-tribe", "bedouin", org="arab")
    assert not second and second.rule == "22.1"
    assert ok(state, "end-setup", "bedouin")
    state = do(state, "end-setup", "bedouin")
    assert "riff" not in state.vars["cup"] and "squad-2" not in state.vars["cup"]


def _turn_three_over(state, seed):
    """The last fire phase of turn 3 is drawn: ending it starts turn 4."""
    state = state.copy()
    state.seed = seed
    state.vars.update({ROLLS_VAR: 0, "turn": 3, "phase": "fire", "cup": [], "chit": "tuareg",
                       "active": "bedouin"})
    return state


def _played(seed=1):
    state = do(legion_set_up(start(seed)), "end-setup")
    state = do(state, "leave-out-tribe", "bedouin", org="riff")
    return do(state, "end-setup", "bedouin")


def test_22_2_no_roll_before_turn_four_and_a_miss_at_turn_four():
    state = _played()
    assert "rolls" not in (state.vars["patrol"] or {})
    miss = _turn_three_over(state, seed_for([2]))
    events = controller().apply(miss, Action.make("end-phase", "bedouin"))
    after = fold(miss, events)
    rolls = [e for e in events if e.kind == "patrol-roll"]
    assert after.vars["turn"] == 4 and len(rolls) == 1 and rolls[0].text.startswith("22.2")
    assert after.vars["patrol"]["rolls"] == {"4": 2} and after.vars["patrol"].get("due") is None


def test_22_2_a_roll_of_4_to_6_brings_the_patrol_next_turn_from_a_rolled_side():
    state = _played()
    hit = _turn_three_over(state, seed_for([5]))
    after = fold(hit, controller().apply(hit, Action.make("end-phase", "bedouin")))
    assert after.vars["patrol"]["due"] == 5
    # turn 5 starts: the patrol waits to enter, its squad's chit is back in the cup
    t5 = after.copy()
    t5.vars.update({"turn": 4, "phase": "fire", "cup": [], "chit": "tuareg",
                    "active": "bedouin"})
    t5 = fold(t5, controller().apply(t5, Action.make("end-phase", "bedouin")))
    assert t5.vars["turn"] == 5
    assert all(t5.pieces[t.id].status == "off" for t in SQUAD2)
    assert "squad-2" in t5.vars["cup"]
    # the first patrol organization drawn: the side roll, 6 = the west side
    t5.vars.update({"cup": ["squad-2"], ROLLS_VAR: 0})
    t5.seed = seed_for([1, 6], sides=[1, 6])
    drawn = fold(t5, controller().apply(t5, Action.make("draw", "legion")))
    assert drawn.vars["patrol"]["edge"] == "W"
    west, east = "A8", "AF8"
    pid = SQUAD2[0].id
    assert ok(drawn, "enter", piece=pid, to=west, level=0)
    wrong = ok(drawn, "enter", piece=pid, to=east, level=0)
    assert not wrong and wrong.rule == "6.21"
    must = ok(drawn, "end-phase")
    assert not must and must.rule == "22.2"


def test_22_3_garrison_gone_before_the_patrol_reaches_the_fort():
    state = _played()
    for piece in state.pieces.values():
        if piece.id.startswith("L-") and piece.status == "active":
            piece.status, piece.space = "eliminated", None
    state.vars.update({"turn": 2, "phase": "movement", "chit": None,
                       "cup": ["arab"], "active": "legion"})
    over = fold(state, controller().apply(state, Action.make("draw", "legion")))
    result = controller().outcome(over)
    assert result.winner == "bedouin" and result.rule == "22.3"


def test_22_3_once_the_patrol_is_in_the_fort_rule_9_decides():
    state = _played()
    state.vars["patrol"] = {**state.vars["patrol"], "due": 2, "in_fort": True}
    for piece in state.pieces.values():
        if piece.id.startswith("L-") and piece.status == "active":
            piece.status, piece.space = "eliminated", None
    cole = state.pieces[SQUAD2[0].id]
    cole.status, cole.space, cole.level, cole.facing = "active", "M8", 0, 0
    state.vars.update({"turn": 2, "phase": "movement", "chit": None, "cup": ["arab"],
                       "active": "legion"})
    after = fold(state, controller().apply(state, Action.make("draw", "legion")))
    assert controller().outcome(after) is None


def _patrol_entered_this_turn(tribe="tuareg", bedouin_entered=()):
    """Turn 5: the patrol (squad 2) entered this turn; ``tribe`` is drawn with all
    its units off the board and no other tribe is left in the cup."""
    state = _played()
    entry = {"squad-2": {"turn": 5, "edge": "W"}}
    entry.update({o: {"turn": 5, "edge": "N"} for o in bedouin_entered})
    for org in ("arab", "berber", "kabyle"):        # on the board since earlier turns
        entry.setdefault(org, {"turn": 2, "edge": "N"})
    state.vars.update({"turn": 5, "phase": "movement", "chit": tribe, "active": "bedouin",
                       "cup": [], "entry": entry, "phase_mf": {}, "mover": None,
                       "done": []})
    return state


def test_6_21_the_patrols_entry_is_no_bedouin_entry():
    """6.21 at least one new Bedouin organization must enter each turn: the Legion
    patrol coming on (22.2) does not count for it."""
    state = _patrol_entered_this_turn()
    refused = ok(state, "end-phase", "bedouin")
    assert not refused and refused.rule == "6.21"
    assert not any(a.kind == "end-phase" for a in controller().legal_actions(state))


def test_6_21_a_tribe_that_entered_this_turn_lets_the_last_one_wait():
    state = _patrol_entered_this_turn(bedouin_entered=("arab",))
    assert ok(state, "end-phase", "bedouin")


def test_17_41_in_22_the_patrol_off_the_board_counts_for_the_legion():
    """17.41 counts the Character units of each side; the Bedouin still off the
    board count for theirs, and the patrol still off the board (22.11) counts for
    the Legion likewise.  Two men left in the fort and the eleven of the patrol
    against fifty Bedouin: not four to one, no Camerone (before: 2 against 50)."""
    state = _played()
    state.vars["options"] = sorted({*(state.vars.get("options") or ()), "camerone"})
    assert state.vars["patrol"]["squad"] == "squad-2"
    patrol = {p.id for p in state.pieces.values() if p.id.startswith("L-2-")} | {"L-LC-Briere"}
    garrison = [p for p in state.pieces.values() if p.id.startswith("L-")
                and p.id not in patrol and p.status == "active"]
    for p in garrison[2:]:
        p.status, p.space = "eliminated", None
    bedouin = sum(1 for p in state.pieces.values() if p.side == "bedouin"
                  and p.id.startswith("B-") and p.status in ("active", "off"))
    assert bedouin == 50 and len(patrol) == 11
    after = fold(*_next_turn(state))
    assert after.vars["turn"] == 4 and not after.vars.get("camerone")
    # the patrol gone too: two against fifty is Camerone
    for pid in patrol:
        state.pieces[pid].status = "eliminated"
    assert fold(*_next_turn(state)).vars.get("camerone") is True


def _next_turn(state):
    start_ = _turn_three_over(state, seed_for([2]))
    return start_, controller().apply(start_, Action.make("end-phase", "bedouin"))
