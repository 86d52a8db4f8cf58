"""SPY cards (Note 3), the end of the game, scoring and the running totals.

Card facts used below: SPY-blue sits on the starred square c4r3, adjoining K,
R, S and Z; SPY-green on c5r6, adjoining B, C, J and U.  M-R and M-J are
contacts for one another; M-A and M-G have none in the hands below.
"""

import random

import pytest
from cg_positions import arrange, deal, step

from ffl.engine import Action, IllegalAction, fold
from ffl.games.card_game import tables as T

P1_TABLE = ["M-H", "M-D", "M-Q", "M-O", "M-K"]          # 26 + 24 + 25 + 23 + 21 = 119
P2_TABLE = ["M-B", "M-E", "M-F", "M-I", "M-L"]          # 19 + 11 + 15 + 9 + 5 = 59


def _spy_position(game):
    return arrange(game, {"p1": ["SPY-blue", "M-R", "M-J"], "p2": ["M-A", "M-C", "M-G"]},
                   tables={"p1": P1_TABLE, "p2": P2_TABLE})


def test_note_3_spy_doubles_the_cards_already_laid_and_is_extra_to_the_count(game):
    state = _spy_position(game)
    state, events = step(game, state, "play", card="SPY-blue", contact="M-R")
    assert events[0].rule == T.SPY and events[0].text.startswith(T.SPY)
    assert game.score(state, "p1") == 2 * 119
    # five cards plus the SPY: the game goes on (the SPY does not count)
    assert game.outcome(state) is None and state.vars["turn"] == "p2"
    assert game.laid(state, "p1") == len(state.vars["table"]["p1"]) - 1
    state, _ = step(game, state, "draw")
    state, _ = step(game, state, "discard", card=state.vars["drawn"])
    state, events = step(game, state, "play", card="M-J", contact="M-R")
    # cards laid after the SPY are not doubled
    assert game.score(state, "p1") == 2 * 119 + 13
    assert [e.rule for e in events] == [T.CONTACT, T.END, T.SCORING]


def test_end_of_game_as_soon_as_the_required_cards_are_laid(game):
    state = _spy_position(game)
    state, _ = step(game, state, "play", card="SPY-blue", contact="M-R")
    state, _ = step(game, state, "draw")
    state, _ = step(game, state, "discard", card=state.vars["drawn"])
    state, events = step(game, state, "play", card="M-J", contact="M-R")
    assert events[1].text.startswith(T.END) and state.vars["finisher"] == "p1"
    assert game.prompt(state).phase == "over"
    assert game.legal_actions(state) == []
    with pytest.raises(IllegalAction) as err:
        game.apply(state, Action.make("draw", "p2"))
    assert err.value.rule == T.END
    assert game.invariants(state) == []


def test_scoring_card_numbers_doubling_and_the_200_bonus(game):
    state = _spy_position(game)
    state, _ = step(game, state, "play", card="SPY-blue", contact="M-R")
    state, _ = step(game, state, "draw")
    state, _ = step(game, state, "discard", card=state.vars["drawn"])
    state, events = step(game, state, "play", card="M-J", contact="M-R")
    # M-R (12) is still in p1's hand and counts for nothing
    assert state.vars["scores"] == {"p1": 238 + 13 + 200, "p2": 59}
    assert events[-1].text.startswith(T.SCORING)
    outcome = game.outcome(state)
    assert outcome.winner == "p1" and outcome.rule == T.SCORING
    assert outcome.text.startswith(T.SCORING)


def test_scoring_equal_top_scores_are_a_tie(game):
    # p1 finishes with 20 + 20 + 200 = 240; p2 has 120 doubled by a SPY = 240
    state = arrange(game, {"p1": ["M-T", "M-S", "M-E"], "p2": ["M-A", "M-B"]},
                    tables={"p1": ["M-N", "M-G", "M-C", "M-V", "M-Y"],
                            "p2": ["M-H", "M-Q", "M-D", "M-O", "M-W", "SPY-blue"]})
    state, _ = step(game, state, "play", card="M-T", contact="M-S")
    assert state.vars["scores"] == {"p1": 240, "p2": 240}
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner is None


def test_note_3_a_spy_is_never_a_contact(game):
    # K's section adjoins the SPY-blue square, yet the SPY card is no contact
    state = arrange(game, {"p1": ["M-K", "SPY-blue", "M-A"], "p2": ["M-C", "M-W", "M-Z"]})
    verdict = game.legal(state, Action.make("play", "p1", card="M-K", contact="SPY-blue"))
    assert not verdict and verdict.rule == T.SPY
    assert game.contact_cards(state, "p1", "M-K") == []


def test_note_3_only_one_spy_may_be_laid_by_a_player(game):
    state = arrange(game, {"p1": ["SPY-green", "M-B", "M-A"], "p2": ["M-C", "M-W", "M-Z"]},
                    tables={"p1": ["SPY-blue"], "p2": ["M-G"]})
    verdict = game.legal(state, Action.make("play", "p1", card="SPY-green", contact="M-B"))
    assert not verdict and verdict.rule == T.SPY
    assert game.playable(state, "p1", "SPY-green") == []


def test_note_3_a_spy_need_not_be_laid_even_if_it_is_the_only_card_that_can(game):
    state = arrange(game, {"p1": ["SPY-blue", "M-R", "M-G"], "p2": ["M-C", "M-W", "M-Z"]})
    kinds = sorted({a.kind for a in game.legal_actions(state)})
    assert kinds == ["draw", "play"]
    assert game.legal(state, Action.make("draw", "p1"))


def test_note_3_both_spies_held_one_goes_at_the_first_discard(game):
    state = arrange(game, {"p1": ["SPY-blue", "SPY-green", "M-A", "M-G"],
                           "p2": ["M-C", "M-W", "M-Z", "M-E"]})
    state, _ = step(game, state, "draw")
    assert game.prompt(state).text.startswith(T.SPY)
    verdict = game.legal(state, Action.make("discard", "p1", card="M-A"))
    assert not verdict and verdict.rule == T.SPY
    assert {a["card"] for a in game.legal_actions(state)} == {"SPY-blue", "SPY-green"}
    state, events = step(game, state, "discard", card="SPY-green")
    assert events[0].rule == T.SPY and events[0].text.startswith(T.SPY)
    assert state.vars["discard"] == ["SPY-green"]


def test_note_3_both_spies_kept_while_the_player_can_lay_cards(game):
    state = arrange(game, {"p1": ["SPY-blue", "SPY-green", "M-K", "M-J"],
                           "p2": ["M-C", "M-W", "M-Z", "M-E"]})
    state, _ = step(game, state, "play", card="M-K", contact="M-J")
    assert {"SPY-blue", "SPY-green"} <= set(state.vars["hands"]["p1"])


def test_note_3_a_spy_drawn_after_laying_one_must_be_discarded(game):
    state = arrange(game, {"p1": ["M-A", "M-G", "M-W"], "p2": ["M-C", "M-Z", "M-E"]},
                    tables={"p1": ["SPY-blue"], "p2": ["M-N"]})
    state.vars["pack"].remove("SPY-green")
    state.vars["pack"].insert(0, "SPY-green")
    state, _ = step(game, state, "draw")
    assert state.vars["drawn"] == "SPY-green"
    verdict = game.legal(state, Action.make("discard", "p1", card="M-A"))
    assert not verdict and verdict.rule == T.SPY
    state, events = step(game, state, "discard", card="SPY-green")
    assert events[0].rule == T.SPY
    assert state.vars["discard"] == ["SPY-green"]


def _play_until(game, state, rng, phases):
    """Random legal actions until the game reaches one of ``phases``."""
    while state.vars["phase"] not in phases:
        action = rng.choice(game.legal_actions(state))
        state = fold(state, game.apply(state, action))
    return state


def test_scoring_running_totals_over_agreed_games_with_a_fresh_deal(game):
    rng = random.Random(3)
    state = deal(game, 2, seed=11, games=2)
    state = _play_until(game, state, rng, ("between",))
    first = dict(state.vars["scores"])
    assert game.outcome(state) is None
    assert [(a.kind, a.side) for a in game.legal_actions(state)] == [("next_game", "p1")]
    state, events = step(game, state, "next_game", "p1")
    assert events[0].rule == T.SCORING and events[0].text.startswith(T.SCORING)
    assert [e.rule for e in events[1:]] == [T.DEAL, T.DEAL]
    assert state.vars["game"] == 2 and state.vars["dealer"] == "p1"
    assert state.vars["turn"] == "p2"
    assert all(len(h) == 9 for h in state.vars["hands"].values())
    assert all(t == [] for t in state.vars["table"].values())
    assert state.vars["totals"] == first
    state = _play_until(game, state, rng, ("over",))
    totals = state.vars["totals"]
    assert totals == {p: first[p] + state.vars["scores"][p] for p in ("p1", "p2")}
    assert len(state.vars["history"]) == 2
    outcome = game.outcome(state)
    assert outcome.winner == max(totals, key=totals.get)
    assert game.invariants(state) == []
