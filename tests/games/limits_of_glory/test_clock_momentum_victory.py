"""The event clock, momentum and initiative, and the victory conditions."""

from log_helpers import act, commander, conquest, controller, glory, put, seek

from ffl.engine import fold
from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.clock import roll_event
from ffl.games.limits_of_glory.control import end_of_turn_victory
from ffl.games.limits_of_glory.flow import advance
from ffl.games.limits_of_glory.tasks import GloryBatch, push


def _event(state, values, dice):
    """Roll the clock with ``dice`` dice showing ``values`` and settle what needs no
    answer."""
    seek(state, values)
    batch = GloryBatch(state)
    ctx = controller().ctx(state)
    roll_event(batch, ctx, dice)
    advance(batch, ctx)
    events = batch.finish("test", "test")
    return fold(state, events), events


def test_event_clock_event_1_without_an_interception_adds_a_die():
    """Event 1 (the fleet was not intercepted): another die, rolled again at once."""
    state = conquest()
    state, events = _event(state, [1, 6, 6], 1)
    assert state.vars["event_dice"] == 2
    assert any(e.rule == T.CLOCK_MORE for e in events)
    assert state.vars["last_event"] == 12


def test_event_clock_second_tile_covers_an_event_that_happened():
    state = conquest()
    put(state, "cairo", {"fr-inf": 2})
    state, _ = _event(state, [1, 2], 2)          # 3: French obtain cavalry mounts
    assert 3 in state.vars["tiles"]


def test_event_clock_repeatable_events_are_never_covered():
    state = conquest()
    put(state, "cairo", {"fr-inf": 2})
    state, _ = _event(state, [4, 5], 2)          # 9R: French plague
    assert 9 not in state.vars["tiles"]
    assert sum(1 for p in state.pieces.values() if p.type == "fr-inf" and p.space) == 1


def test_second_event_tile_3_with_one_die_adds_a_die_with_two_mamluk_plague():
    state = conquest()
    state.vars["tiles"] = [3]
    put(state, "giza", {"ma-inf": 2})
    state, events = _event(state, [3, 1, 1], 1)   # tile 3, then 2 with two dice: 2R
    assert state.vars["event_dice"] == 2
    state = conquest()
    state.vars["tiles"] = [3]
    state.vars["event_dice"] = 2
    put(state, "giza", {"ma-inf": 2})
    state, events = _event(state, [1, 2], 2)
    assert sum(1 for p in state.pieces.values() if p.type == "ma-inf" and p.space) == 1


def test_event_14_peace_of_amiens_with_four_dice_the_most_vps_win():
    state = conquest()
    state.vars["event_dice"] = 4
    state.vars["vp"] = {"french": 20, "allied": 18}
    state, _ = _event(state, [2, 4, 4, 4], 4)
    outcome = controller().outcome(state)
    assert outcome.winner == "french" and outcome.rule == T.VICTORY_PARTIAL


def test_victory_tie_goes_to_the_side_holding_cairo():
    state = conquest()
    state.vars["event_dice"] = 4
    state.vars["vp"] = {"french": 18, "allied": 18}
    state.vars["control"] = {"cairo": "french"}
    state, _ = _event(state, [5, 3, 3, 3], 4)
    outcome = controller().outcome(state)
    assert outcome.winner == "french" and outcome.rule == T.VICTORY_TIE


def test_event_14_with_fewer_dice_recruits_french_infantry():
    state = conquest()
    put(state, "cairo", {"fr-inf": 2})
    state.vars["event_dice"] = 3
    state.vars["tiles"] = []
    state, _ = _event(state, [4, 5, 5], 3)
    t = state.vars["pending"][-1]
    assert t["kind"] == "place" and t["type"] == "fr-inf" and t["spaces"] == ["cairo"]
    state, _ = act(state, "place", "french", space="cairo", count=1)
    assert sum(1 for p in state.pieces.values() if p.type == "fr-inf" and p.space) == 3


def test_event_4_cairo_revolts_costs_two_glory_per_failure():
    state = conquest()
    put(state, "cairo", {"fr-inf": 2})
    commander(state, "menou", "cairo", 20)
    state.vars["control"] = {"cairo": "french"}
    state, events = _event(state, [4], 1)
    if state.vars["pending"]:
        state, more = act(state, "reroll", "french", dice="", six="")
        events += more
    final = next(e for e in events if "passed" in e.info)
    fails = 4 - final.info["successes"]
    assert glory(state, "menou") == max(0, 20 - 2 * fails)


def test_event_24_mamluks_change_sides():
    state = conquest()
    put(state, "giza", {"ma-cav": 2})
    put(state, "cairo", {"ma-inf": 2, "fr-inf": 3})
    state, _ = _event(state, [6, 6, 6, 6], 4)
    assert all(p.side == "french" for p in state.pieces.values() if p.type == "ma-cav")


def test_momentum_dice_decide_markers_and_initiative():
    """Momentum: four dice each, a marker per success; the most markers acts
    first; equal: the more glorious senior commander; equal again: the French."""
    state = conquest()
    state.vars["hand"] = {"french": 0, "allied": 0}
    state.vars["active"] = None
    batch = GloryBatch(state)
    push(batch, {"kind": "momentum", "stage": "roll"})
    advance(batch, controller().ctx(state))
    events = batch.finish("test", "test")
    after = fold(state, events)
    rolls = [e for e in events if e.rule == T.MOMENTUM_DICE and e.dice]
    got = {e.side: sum(1 for d in e.dice if d >= 5) for e in rolls}
    assert after.vars["hand"] == got
    if got["french"] != got["allied"]:
        assert after.vars["active"] == max(got, key=got.get)
    else:
        assert after.vars["active"] == "french"


def test_victory_french_total_and_allied_total_at_the_end_of_a_turn():
    state = conquest()
    state.vars["control"] = {s: "french" for s in T.VP_BUAS}
    state.vars["flags"] = {"valley": True}
    batch = GloryBatch(state)
    assert end_of_turn_victory(batch, controller().ctx(state))
    after = fold(state, batch.finish("t", "t"))
    assert controller().outcome(after).winner == "french"
    state = conquest()
    state.vars["control"] = {"cairo": "british", "alexandria": "ottoman"}
    batch = GloryBatch(state)
    assert end_of_turn_victory(batch, controller().ctx(state))
    after = fold(state, batch.finish("t", "t"))
    assert controller().outcome(after).rule == T.VICTORY_ALLIED


def test_how_to_win_controlling_buas_moves_the_vps():
    """How to Win: Controlling BUAs: the French entering an empty Mamluk Cairo gain
    their 6 and the Allies lose the Mamluks' 6."""
    state = conquest()
    put(state, "belbeis", {"fr-inf": 3})
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="belbeis")
    state, events = act(state, "move", "french", space="belbeis", to="cairo",
                        units="fr-inf:3", pieces="", leave="")
    assert state.vars["vp"] == {"french": 6, "allied": 19}
    assert any(e.rule == T.WIN_CONTROL for e in events)


def test_conceding_ends_the_game():
    state = conquest()
    state, _ = act(state, "concede", "french")
    assert controller().outcome(state).winner == "allied"
