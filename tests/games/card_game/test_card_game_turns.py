"""Deal, turns, contacts, drawing and discarding: one test per rule paragraph.

Card facts used below (from the module): M-K (K 21) sits in c3r3 whose
adjoining sections read J (above), L (below), C (left) and a SPY square
(right); B, R, D and S only touch it at the corners.  M-A, M-C and M-G have no
contact for one another (a dead hand), nor have M-C, M-W and M-Z.
"""

import pytest
from cg_positions import arrange, deal, step

from ffl.engine import Action, IllegalAction, fold
from ffl.games.card_game import tables as T

DEAD = ["M-A", "M-C", "M-G"]
OTHER = ["M-C", "M-W", "M-Z"]   # also dead, and shares no card with the hands below


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_2_hands_dealt_and_the_rest_forms_the_centre_pack(game, players):
    state = deal(game, players)
    size = T.HAND_SIZE[players]
    for p in state.vars["players"]:
        assert len(state.vars["hands"][p]) == size
        assert state.vars["table"][p] == []
    assert len(state.vars["pack"]) == 36 - players * size
    assert state.vars["discard"] == []
    assert game.invariants(state) == []


def test_deal_2_shuffle_is_driven_by_the_seed_dice(game):
    a, b, c = deal(game, 3, seed=7), deal(game, 3, seed=7), deal(game, 3, seed=8)
    assert a.hash() == b.hash()
    assert a.vars["hands"] != c.vars["hands"]
    assert a.vars["_rolls"] == 35           # one die per card position (36 cards)


def test_play_cards_to_lay_depend_on_the_number_of_players(game):
    assert [deal(game, n).vars["required"] for n in (2, 3, 4)] == [6, 5, 4]


def test_first_player_left_of_the_dealer_begins(game):
    state = deal(game, 3)
    assert state.vars["dealer"] == "p3"
    assert state.vars["turn"] == "p1"
    assert game.prompt(state).side == "p1"


def test_first_player_must_lay_a_card_when_one_can_be_laid(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-A"], "p2": OTHER[:]})
    verdict = game.legal(state, Action.make("draw", "p1"))
    assert not verdict and verdict.rule == T.FIRST_PLAYER
    assert all(a.kind == "play" for a in game.legal_actions(state))
    with pytest.raises(IllegalAction):
        game.apply(state, Action.make("draw", "p1"))


def test_first_player_turn_passes_to_the_left_and_wraps_round(game):
    hands = {"p1": ["M-K", "M-J", "M-A"], "p2": ["M-C", "M-G", "M-E"],
             "p3": ["M-H", "M-I", "M-B"]}
    state = arrange(game, hands, turn="p3")
    state, events = step(game, state, "play", card="M-H", contact="M-I")
    assert state.vars["turn"] == "p1"
    assert not game.legal(state, Action.make("play", "p2", card="M-C", contact="M-G"))


def test_first_player_1_a_card_belongs_to_the_section_of_its_letter_and_colour(game):
    state = deal(game)
    board = game.board(state)
    assert game.section_of(state, "M-K") == "c3r3"
    assert board["c3r3"].get("colour") == "red" == game.module.piece_types["M-K"].get("colour")
    other_k = [k for k, s in board.spaces.items() if s.get("letter") == "K" and k != "c3r3"]
    assert other_k and all(board[k].get("colour") != "red" for k in other_k)


def test_first_player_2_contact_bears_an_adjoining_letter_in_any_colour(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-A"], "p2": OTHER[:]})
    # the J section above K is purple, the J card's border is yellow: colour is ignored
    assert game.board(state)["c3r2"].get("colour") != game.module.piece_types["M-J"].get(
        "colour")
    state, events = step(game, state, "play", card="M-K", contact="M-J")
    assert events[0].rule == T.CONTACT and events[0].text.startswith(T.CONTACT)
    assert state.vars["table"]["p1"] == ["M-K"]
    assert "M-J" in state.vars["hands"]["p1"]         # the contact goes back in the hand
    assert "M-K" not in state.vars["hands"]["p1"]


def test_first_player_2_a_letter_not_adjoining_is_no_contact(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-A"], "p2": OTHER[:]})
    verdict = game.legal(state, Action.make("play", "p1", card="M-K", contact="M-A"))
    assert not verdict and verdict.rule == T.CONTACT


def test_nb_a_a_section_touching_at_a_corner_gives_no_contact(game):
    # B is diagonal to K's section (c2r2): not adjoining
    state = arrange(game, {"p1": ["M-K", "M-B", "M-A"], "p2": OTHER[:]})
    verdict = game.legal(state, Action.make("play", "p1", card="M-K", contact="M-B"))
    assert not verdict and verdict.rule == T.ADJOINING
    assert game.playable(state, "p1", "M-K") == []


def test_nb_b_us_card_is_laid_like_a_mission_card_and_scores_nothing(game):
    # US-1 (letter R) sits in c1r1 next to E (below): M-E is its contact
    state = arrange(game, {"p1": ["US-1", "M-E", "M-G"], "p2": OTHER[:]})
    state, events = step(game, state, "play", card="US-1", contact="M-E")
    assert events[0].rule == T.US_CARDS and events[0].text.startswith(T.US_CARDS)
    assert state.vars["table"]["p1"] == ["US-1"]
    assert game.score(state, "p1") == 0


def test_nb_b_a_player_who_can_lay_only_a_us_card_may_not_pass(game):
    state = arrange(game, {"p1": ["US-1", "M-E", "M-G"], "p2": OTHER[:]})
    verdict = game.legal(state, Action.make("draw", "p1"))
    assert not verdict and verdict.rule == T.US_CARDS
    assert [a.kind for a in game.legal_actions(state)] == ["play"]


def test_note_1_a_player_who_cannot_lay_draws_the_top_card_and_discards(game):
    state = arrange(game, {"p1": DEAD[:], "p2": ["M-K", "M-J", "M-E"]},
                    discard=["M-Z"])
    top = state.vars["pack"][0]
    assert [a.kind for a in game.legal_actions(state)] == ["draw"]
    state, events = step(game, state, "draw")
    assert events[-1].rule == T.DRAW_DISCARD and events[-1].text.startswith(T.DRAW_DISCARD)
    assert state.vars["drawn"] == top and top in state.vars["hands"]["p1"]
    assert state.vars["discard"] == ["M-Z"]            # never drawn from the discards
    assert {a.kind for a in game.legal_actions(state)} == {"discard"}
    state, events = step(game, state, "discard", card=top)  # may discard the card drawn
    assert state.vars["discard"] == ["M-Z", top]
    assert sorted(state.vars["hands"]["p1"]) == sorted(DEAD)
    assert state.vars["turn"] == "p2" and state.vars["phase"] == "play"
    assert "drawn" not in state.vars


def test_note_1_the_card_drawn_cannot_be_laid_that_turn(game):
    state = arrange(game, {"p1": DEAD[:], "p2": ["M-K", "M-J", "M-E"]})
    state.vars["pack"].remove("M-I")
    state.vars["pack"].insert(0, "M-I")                # I is a contact for A
    state, _ = step(game, state, "draw")
    verdict = game.legal(state, Action.make("play", "p1", card="M-A", contact="M-I"))
    assert not verdict and verdict.rule == T.DRAW_DISCARD
    verdict = game.legal(state, Action.make("play", "p1", card="M-I", contact="M-A"))
    assert not verdict and verdict.rule == T.DRAW_DISCARD


def test_note_1_hand_plus_table_always_equals_the_cards_dealt(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-A"], "p2": OTHER[:]})
    state, _ = step(game, state, "play", card="M-K", contact="M-J")
    for p in ("p1", "p2"):
        assert len(state.vars["hands"][p]) + len(state.vars["table"][p]) == 3


def test_note_2_only_a_card_in_the_own_hand_is_a_contact(game):
    # J lies on p1's own table and L is in p2's hand: neither serves p1
    state = arrange(game, {"p1": ["M-K", "M-A"], "p2": ["M-L", "M-C"]},
                    tables={"p1": ["M-J"], "p2": ["M-G"]})
    for contact in ("M-J", "M-L"):
        verdict = game.legal(state, Action.make("play", "p1", card="M-K", contact=contact))
        assert not verdict and verdict.rule == T.HAND_ONLY
    assert game.legal(state, Action.make("draw", "p1"))


def test_succeeding_players_cards_laid_go_to_the_right(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-I", "M-A"], "p2": ["M-C", "M-G", "M-E",
                                                                       "M-W"]})
    state, _ = step(game, state, "play", card="M-K", contact="M-J")
    state, _ = step(game, state, "draw")
    state, _ = step(game, state, "discard", card=state.vars["drawn"])
    state, _ = step(game, state, "play", card="M-A", contact="M-I")
    assert state.vars["table"]["p1"] == ["M-K", "M-A"]


def test_succeeding_players_empty_pack_is_rebuilt_from_the_discards(game):
    state = arrange(game, {"p1": DEAD[:], "p2": ["M-K", "M-J", "M-E"]})
    state.vars["discard"], state.vars["pack"] = state.vars["pack"], []
    old = list(state.vars["discard"])
    rolls = state.vars["_rolls"]
    events = game.apply(state, Action.make("draw", "p1"))
    assert [e.kind for e in events] == ["shuffle", "draw"]
    assert events[0].rule == T.SUCCEEDING and events[0].text.startswith(T.SUCCEEDING)
    assert len(events[0].dice) == len(old) - 1      # one die per position
    after = fold(state, events)
    assert after.vars["_rolls"] == rolls + len(old) - 1
    assert sorted(after.vars["pack"] + [after.vars["drawn"]]) == sorted(old)
    assert after.vars["discard"] == []
    assert game.invariants(after) == []
    # the new order lives in the event: applying it again needs no dice
    assert fold(state, events).hash() == after.hash()


def test_ui_playable_and_contacts_name_map_sections(game):
    state = arrange(game, {"p1": ["M-K", "M-J", "M-L"], "p2": OTHER[:]})
    assert game.playable(state, "p1", "M-K") == ["c3r3"]
    assert game.contacts(state, "p1", "M-K") == ["c3r2", "c3r4"]   # J above, L below
    assert sorted(game.contact_cards(state, "p1", "M-K")) == ["M-J", "M-L"]
    assert game.playable(state, "p2", "M-A") == []            # p2's card, not p2's turn


def test_ui_queries_answer_only_for_the_asking_players_own_hand(game):
    # M-B is in p2's hand; p1 asking about it learns nothing, whatever p2 holds
    state = arrange(game, {"p1": ["M-K", "M-J", "M-L"], "p2": ["M-B", "M-A", "M-C"]})
    other = arrange(game, {"p1": ["M-K", "M-J", "M-L"], "p2": ["M-W", "M-Z", "M-Y"]})
    for s in (state, other):
        for card in ("M-B", "M-A", "M-W", "M-Q"):
            assert game.playable(s, "p1", card) == []
            assert game.contacts(s, "p1", card) == []
            assert game.contact_cards(s, "p1", card) == []
            verdict = game.why_not_playable(s, "p1", card)
            assert not verdict and verdict.reason == "that card is not in your hand"
            verdict = game.why_no_contact(s, "p1", card, "c3r2")
            assert not verdict and verdict.reason == "that card is not in your hand"
    # what p1 may ask is answered the same from p1's own view (other hands hidden)
    view = game.view(state, "p1")
    assert game.contacts(view, "p1", "M-K") == game.contacts(state, "p1", "M-K")
    assert game.contact_cards(view, "p1", "M-K") == game.contact_cards(state, "p1", "M-K")
    assert game.playable(view, "p1", "M-K") == game.playable(state, "p1", "M-K")
