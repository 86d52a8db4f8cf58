"""Clicks the rules forbid: nothing happens to the game and the panel and the status
bar say why, with the controller's reason and rule number."""

from __future__ import annotations

from card_ui_helpers import click, click_card, click_section, reveal

from ffl.engine import Action

#: seed 1, 2 players: p1 is dealt both SPYs, and Z with U/S R (R lies diagonal to Z)
SEED_TWO_SPIES = 1


def shown(window) -> tuple:
    ui, ctrl, state = window.game_ui, window.session.controller, window.session.state
    return ui, ctrl, state, state.vars["turn"]


def test_note_1_draw_is_closed_while_a_card_can_be_laid(card_window, qtbot):
    window = card_window()
    ui, ctrl, state, player = shown(window)
    reveal(qtbot, ui)
    assert ctrl.playable_cards(state, player)
    before = state.hash()
    verdict = ctrl.legal(state, Action.make("draw", player))
    expected = f"{verdict.reason[0].upper()}{verdict.reason[1:]} [{verdict.rule}]"
    assert not verdict and verdict.rule in ("First Player", "N.B. (b)")
    # the button and the Game menu entry are disabled and say why
    assert not ui.panel.draw_button.isEnabled() and not ui.draw_action.isEnabled()
    assert ui.panel.draw_button.toolTip() == expected == ui.draw_action.toolTip()
    click(qtbot, ui.panel.draw_button)
    ui.draw_action.trigger()
    assert window.session.state.hash() == before


def test_note_1_draw_opens_when_no_card_can_be_laid(card_window, qtbot):
    window = card_window()
    ctrl, s = window.session.controller, window.session
    # play on (laying the first card each time) until a player cannot lay a card
    for _ in range(200):
        prompt = ctrl.prompt(s.state)
        if prompt.kinds == ("draw",):
            break
        s.do(next(a for a in ctrl.legal_actions(s.state) if a.kind in ("play", "discard",
                                                                         "next_game")))
    assert prompt.kinds == ("draw",), "this deal should come to a player who must draw"
    ui = window.game_ui
    assert not ui.panel.draw_button.isEnabled()    # hidden hand: the player is not there
    reveal(qtbot, ui)
    assert ui.panel.draw_button.isEnabled() and ui.draw_action.isEnabled()
    click(qtbot, ui.panel.draw_button)
    assert s.state.vars["phase"] == "discard"


def test_first_player_2_a_card_that_is_no_contact_is_explained(card_window, qtbot):
    window = card_window()
    ui, ctrl, state, player = shown(window)
    reveal(qtbot, ui)
    hand = state.vars["hands"][player]
    card = ctrl.playable_cards(state, player)[0]
    other = next(c for c in hand if c != card and c not in ctrl.contact_cards(state, player,
                                                                             card))
    click_card(qtbot, ui, card)
    click_card(qtbot, ui, other)
    verdict = ctrl.legal(state, Action.make("play", player, card=card, contact=other))
    assert ui.panel.notice.text() == (f"{ui.name(other)} is no contact for {ui.name(card)}. "
                                      f"{verdict.reason[0].upper()}{verdict.reason[1:]} "
                                      f"[{verdict.rule}]")
    assert window.session.state.hash() == state.hash()
    assert ui.selected == other  # the second card is picked instead


def test_n_b_a_a_diagonal_section_is_no_contact(card_window, qtbot):
    window = card_window(seed=SEED_TWO_SPIES)
    ui, ctrl, state, player = shown(window)
    reveal(qtbot, ui)
    # Z's section c5r3 touches c4r2 (letter R, on U/S R in the hand) only at a corner
    assert ctrl.section_of(state, "M-Z") == "c5r3" and "M-Z" in state.vars["hands"][player]
    click_card(qtbot, ui, "M-Z")
    click_section(qtbot, window, "c4r2")
    # the rule comes after the reason, in brackets: never read as a name
    assert ui.panel.notice.text() == ("R only touches c5r3 at a corner, "
                                      "which does not count [N.B. (a)]")
    assert window.session.state.hash() == state.hash()
    # clicking the card's own section puts it back
    click_section(qtbot, window, "c5r3")
    assert ui.selected is None


def test_first_player_2_a_card_without_contact_says_which_letters_it_needs(card_window,
                                                                            qtbot):
    window = card_window()
    ui, ctrl, state, player = shown(window)
    reveal(qtbot, ui)
    hand = state.vars["hands"][player]
    stuck = [c for c in hand if not ctrl.contact_cards(state, player, c)]
    assert stuck, "this deal should hold a card with no contact"
    card = stuck[0]
    click_card(qtbot, ui, card)
    letters = sorted({window.scene.board[k].get("letter")
                      for k in ctrl.adjoining(state, card)} - {"*"})
    assert ui.panel.notice.text() == (
        f"No card in your hand bears a letter of the sections adjoining "
        f"{ctrl.section_of(state, card)} ({', '.join(letters)}) [First Player 2]")
    assert ui.sections[ctrl.section_of(state, card)].mode == "target"
    assert not any(item.mode == "contact" for item in ui.sections.values())


def test_note_3_the_extra_spy_must_be_the_discard(card_window, qtbot):
    window = card_window(seed=SEED_TWO_SPIES)
    session, ctrl = window.session, window.session.controller
    ui = window.game_ui
    # play on (non-SPY cards first, else draw) until p1 must discard one of its SPYs
    for _ in range(200):
        st = session.state
        if st.vars["phase"] == "discard" and ctrl.must_discard_spy(st, st.vars["turn"]):
            break
        actions = list(ctrl.legal_actions(st))
        rules = ctrl.rules(st)
        plays = [a for a in actions if a.kind == "play" and not rules.is_spy(a["card"])]
        session.do(plays[0] if plays else next((a for a in actions if a.kind == "draw"),
                                               actions[0]))
    ui_state = session.state
    player = ui_state.vars["turn"]
    assert ui_state.vars["phase"] == "discard"
    reveal(qtbot, ui)
    hand = ui_state.vars["hands"][player]
    mission = next(c for c in hand if not c.startswith("SPY"))
    click_card(qtbot, ui, mission)
    assert ui.panel.notice.text() == "You must discard your extra SPY [Note 3]"
    assert not ui.panel.discard_button.isEnabled()
    # a map click in the discard phase is refused too (Note 1)
    click_section(qtbot, window, "c1r1")
    assert ui.panel.notice.text() == "You drew this turn: discard a card [Note 1]"
    spy = next(c for c in hand if c.startswith("SPY"))
    click_card(qtbot, ui, spy)
    assert ui.panel.discard_button.isEnabled()
    click(qtbot, ui.panel.discard_button)
    assert spy in session.state.vars["discard"]
    assert session.state.vars["turn"] != player and ui.panel.screen_up


def test_map_click_while_the_hand_is_hidden_changes_nothing(card_window, qtbot):
    window = card_window()
    ui = window.game_ui
    before = window.session.state.hash()
    click_section(qtbot, window, "c3r3")
    assert ui.panel.notice.text() == "The hand is hidden: click the hand-over button first."
    assert ui.selected is None and window.session.state.hash() == before
