"""Invasion Phase: Invasion fleet destination: the real French fleet must attempt to
reach a sea space next to the Egyptian coast.  Our reading (docs/games/
limits_of_glory-reconstructions.md): until it is there, the French may not end their
part of an invasion turn before its space has been tried (a failed activation put a
momentum marker there, or their hand is empty); once its space is activated it must
sail, and each move ends nearer to the Egyptian coast (or along it).  The dummies
sail where they like.  Without it a real fleet waiting in a safe harbour kept the
invasion phase, and the game, going for ever (tournament seeds 127 and 136)."""

import pytest
from log_helpers import act, controller, refused, seek, settle
from test_invasion_french_move_into_nelsons_space import _at_sea

from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.invasion import coast_distance
from ffl.games.limits_of_glory.model import forget


def _kinds(state):
    return {a.kind for a in controller().legal_actions(state)}


def test_invasion_fleet_destination_counted_in_sea_moves_round_the_allied_harbours():
    state = _at_sea()
    ctx = controller().ctx(state)
    assert [coast_distance(ctx, s) for s in ("toulon", "genoa", "tyrrhenian", "malta",
                                             "ionian", "aboukir-bay", "levant")] == \
        [3, 4, 2, 1, 1, 0, 1]


def test_invasion_fleet_destination_no_end_of_the_french_part_before_the_real_fleet_tried():
    state = _at_sea()                       # the real fleet is Toulon's, in its harbour
    v = refused(state, "end-turn", "french")
    assert not v and v.rule == T.INV_DESTINATION
    assert "end-turn" not in _kinds(state)
    # a dummy moving does not discharge it
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "french", space="genoa")
    state, _ = settle(state)
    assert not refused(state, "end-turn", "french")
    # a failed activation of the real fleet's space does: a marker stops it there
    forget(state)
    state.vars["activation"] = None
    state.vars["markers"] = {"toulon": {"french": 1}}
    assert refused(state, "end-turn", "french")
    assert "end-turn" in _kinds(state)


def test_invasion_fleet_destination_activated_it_must_sail_nearer_to_egypt():
    state = _at_sea()
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "french", space="toulon")
    state, _ = settle(state)
    v = refused(state, "done", "french")
    assert not v and v.rule == T.INV_DESTINATION
    away = refused(state, "move", "french", space="toulon", to="balearic",
                   pieces="fleet-toulon", units="", leave="")   # as far as Toulon (3)
    assert not away and away.rule == T.INV_DESTINATION
    legal = controller().legal_actions(state)
    assert {a.kind for a in legal} == {"move", "activate"}
    assert {a["to"] for a in legal if a.kind == "move"} == {"tyrrhenian"}
    state, _ = act(state, "move", "french", space="toulon", to="tyrrhenian",
                   pieces="fleet-toulon", units="", leave="")
    assert state.pieces["fleet-toulon"].space == "tyrrhenian"


def test_invasion_fleet_destination_dummies_and_the_coast_itself_are_free():
    state = _at_sea()
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "french", space="civitavecchia")   # a dummy
    state, _ = settle(state)
    assert refused(state, "move", "french", space="civitavecchia", to="genoa",
                   pieces="fleet-civitavecchia", units="", leave="")
    assert refused(state, "done", "french")
    # next to the coast the real fleet has arrived: it may wait to land, or sail along it
    state = _at_sea()
    forget(state)
    state.pieces["fleet-toulon"].space = "aboukir-bay"
    assert refused(state, "end-turn", "french")
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "french", space="aboukir-bay")
    state, _ = settle(state)
    assert refused(state, "done", "french")
    assert refused(state, "move", "french", space="aboukir-bay", to="delta-coast",
                   pieces="fleet-toulon", units="", leave="")
    assert not refused(state, "move", "french", space="aboukir-bay", to="ionian",
                       pieces="fleet-toulon", units="", leave="")


@pytest.mark.slow
@pytest.mark.parametrize("seed, first", [(101, 26), (100, 27), (101, 35), (100, 36)])
def test_invasion_fleet_destination_seeds_127_and_136_end_at_the_peace_of_amiens(seed, first):
    """The tournament games (hard, normal from seed 101) that ran to the action cap:
    seeds 127 and 136, each with either side hard, now end by the rules."""
    from ffl.opponents.tournament import run

    result = run("limits_of_glory/campaign", ("hard", "normal"), 1, seed=seed, first=first)
    assert seed + first in (127, 136) and not result.errors
    assert result.stopped == 0 and result.endings["rule"] == 1
