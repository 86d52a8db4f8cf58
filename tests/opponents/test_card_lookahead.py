"""The hard card-game seat's lookahead (issue 22): its plan over a hand is exact,
and its quick model of a game follows the rules (First Player 2, Note 1,
Note 3, End of Game, Scoring) wherever a real game goes."""

from __future__ import annotations

import random
from itertools import permutations

from ffl.catalog import new_session
from ffl.engine import fold
from ffl.games import game_of
from ffl.opponents import decide, make_opponent
from ffl.opponents.card_game import SPY_WORTH
from ffl.opponents.card_lookahead import Table, chain


def _longest_by_brute_force(rules, hand, need):
    """First Player 2: the longest run of lays, trying every order."""
    best = (0, 0)
    cards = [c for c in hand if not rules.is_spy(c)]
    for n in range(min(need, len(cards)), 0, -1):
        for order in permutations(cards, n):
            held, ok = set(hand), True
            for card in order:
                if not rules.contact_cards(card, held):
                    ok = False
                    break
                held.discard(card)
            if ok:
                best = max(best, (n, sum(rules.number(c) for c in order)))
        if best[0]:
            return best
    return best


def test_22_first_player_2_the_plan_finds_the_longest_run_of_lays():
    session = new_session("card_game/3p", seed=3)
    rules = session.controller.rules(session.state)
    cards = sorted(session.state.pieces)
    rng = random.Random(5)
    for _ in range(12):
        hand = frozenset(rng.sample(cards, 7))
        assert chain(rules, hand, 5, {}) == _longest_by_brute_force(rules, hand, 5), hand


def _table_of(controller, state, rng):
    v = state.vars
    return Table(controller.rules(state), v["players"], v["hands"], v["table"], v["pack"],
                 v["discard"], v["turn"], v["required"], v["bonus"], rng, SPY_WORTH, {})


def test_22_the_lookahead_model_follows_the_rules_of_a_real_game():
    """Note 1, Note 3, First Player 2: at every step of real games the model offers
    exactly the cards and discards the rules offer, and a lay or a draw and
    discard leaves the hands, rows and pack as the rules do; End of Game and
    Scoring give the same scores."""
    for scenario, seed in (("card_game/2p", 2), ("card_game/3p", 8), ("card_game/4p", 1)):
        session = new_session(scenario, seed=seed, options=game_of(scenario).selfplay_options)
        controller = session.controller
        players = {s: make_opponent(game_of(scenario), controller, s, "normal", seed)
                   for s in session.scenario.sides}
        steps = 0
        while controller.outcome(session.state) is None and steps < 300:
            state = session.state
            side, phase = state.vars["turn"], state.vars["phase"]
            legal = list(controller.legal_actions(state))
            model = _table_of(controller, state, random.Random(1))
            if phase == "play":
                assert set(model.playable(side)) == {a["card"] for a in legal
                                                     if a.kind == "play"}
            elif phase == "discard":
                assert set(model.discard_allowed(side)) == {a["card"] for a in legal}
            action = decide(players[side], controller, state).action
            after = fold(state, controller.apply(state, action))
            if action.kind == "play":
                model.lay(side, action["card"])
            elif action.kind == "discard":
                model.throw(side, action["card"])
            elif action.kind == "draw" and state.vars["pack"]:
                model.draw(side)
            else:
                session.do(action)
                steps += 1
                continue
            # (the rules keep a hand in the rulebook's order; the model as it comes)
            assert {s: sorted(h) for s, h in model.hands.items()} == \
                {s: sorted(h) for s, h in after.vars["hands"].items()}
            assert model.rows == after.vars["table"]
            assert model.pack == after.vars["pack"]
            assert model.discard == after.vars["discard"]
            if after.vars["phase"] in ("play", "discard"):
                assert model.turn == after.vars["turn"]
            else:
                assert model.finisher == after.vars["finisher"]
                assert model.play_out() == after.vars["scores"]
            session.do(action)
            steps += 1
        assert controller.outcome(session.state) is not None, scenario


def test_22_the_race_counts_the_turns_a_hand_needs():
    """First Player 2 and Note 1: a hand with a run of the cards required needs
    that many turns, whatever comes from the pack; one short of it needs more."""
    from ffl.opponents.card_lookahead import race

    session = new_session("card_game/2p", seed=3)
    rules = session.controller.rules(session.state)
    cards = sorted(session.state.pieces)
    rng = random.Random(2)
    seen_short = False
    for _ in range(40):
        hand = rng.sample(cards, 9)
        rest = [c for c in cards if c not in hand]
        run_length, _points = chain(rules, frozenset(hand), 6, {})
        turns = race(rules, hand, 6, rest, {})
        if run_length == 6:
            assert turns == 6, hand
        else:
            seen_short = True
            assert turns > 6, hand
    assert seen_short
