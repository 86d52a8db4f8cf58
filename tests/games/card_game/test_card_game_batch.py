"""The card game's rule modules on the engine's Batch, and a pinned seeded match.

The pinned digest was taken from the controller before it was split into rule
modules (and checked against it): a refactoring must keep every event's kind,
rule, text, changes, dice, side and info.  A deliberate change of the rules or
of a log text updates it.
"""

import hashlib
import json
import random

from cg_positions import arrange

from ffl.engine import Action, Batch, fold
from ffl.games.card_game import deal, scoring, turns
from ffl.games.card_game import tables as T


def test_deal_2_opening_on_a_batch_shuffles_then_deals(game, module):
    sc = module.scenarios["card_game/3p"]
    initial = game.setup(sc, dict(sc.options), 7)
    before = initial.hash()
    batch = Batch(initial)
    deal.opening(batch, game.rules(initial))
    assert [(e.kind, e.rule) for e in batch.events] == [("shuffle", T.DEAL), ("deal", T.DEAL)]
    assert initial.hash() == before
    assert fold(initial, batch.events).hash() == batch.state.hash()
    assert batch.events == game.opening(initial)
    assert batch.state.vars["_rolls"] == 35


def test_end_of_game_and_scoring_follow_the_last_card_on_the_same_batch(game):
    state = arrange(game, {"p1": ["M-J", "M-R", "M-A"], "p2": ["M-C", "M-W", "M-Z"]},
                    tables={"p1": ["M-H", "M-D", "M-Q", "M-O", "M-K"],
                            "p2": ["M-B", "M-E", "M-F", "M-I", "M-L"]})
    action = Action.make("play", "p1", card="M-J", contact="M-R")
    batch = Batch(state)
    turns.play(batch, game.rules(state), action)
    assert [(e.kind, e.rule) for e in batch.events] == [
        ("play", T.CONTACT), ("end", T.END), ("score", T.SCORING)]
    # the scores were taken from the table with the last card on it
    assert batch.state.vars["scores"] == {"p1": 119 + 13 + 200, "p2": 59}
    assert batch.state.vars["phase"] == "over" and batch.state.vars["finisher"] == "p1"
    assert scoring.outcome(batch.state).winner == "p1"
    assert batch.events == game.apply(state, action)


def test_scoring_a_seeded_two_game_match_keeps_its_pinned_log(game, module):
    sc = module.scenarios["card_game/2p"]
    initial = game.setup(sc, {**sc.options, "games": 2}, 4)
    events = game.opening(initial)
    state, rng = fold(initial, events), random.Random(4)
    while actions := game.legal_actions(state):
        step = game.apply(state, rng.choice(actions))
        events += step
        state = fold(state, step)
    kinds = {(e.kind, e.rule) for e in events}
    assert {("shuffle", T.SUCCEEDING), ("collect", T.SCORING), ("score", T.SCORING)} <= kinds
    digest = hashlib.sha256(json.dumps([e.to_json() for e in events],
                                       sort_keys=True).encode()).hexdigest()
    assert len(events) == 79
    # re-pinned for issue 13.7: " — " after the rule in every text (was ": "); again for
    # the texts only: "First Player 2 (contacts): Player 1 lays ...", "Succeeding Players
    # (a new pack): ..." (was "First Player 2 — ...", 64568b99); same states, 79 events
    assert digest == "c836f58ad40eb91e2f5ad8afdb89d3c22d7a08aa30ebcec882e9346e55ecf44d"
    assert state.hash() == "f41f78aaf299b7a86fc5703a6a232d5f"
