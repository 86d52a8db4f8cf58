"""The card game played in the real play window with the mouse: a whole 2-player
game through clicks on the hand, the map, the Draw and Discard buttons and the
hand-over screen; the end-of-game dialog and the score sheet."""

from __future__ import annotations

import re

from card_ui_helpers import SEED, click, click_card, click_section, reveal
from PySide6.QtWidgets import QLabel

from ffl import catalog
from ffl.engine import Action
from ffl.ui.card_game import CardGameUI
from ffl.ui.card_game.scores import EndOfGameDialog

MAX_CLICK_STEPS = 400


def current_hand(window) -> list[str]:
    state = window.session.state
    player = state.vars["turn"]
    return list(window.session.controller.view(state, player).vars["hands"][player])


def contact_section(window, card: str, contact: str) -> str:
    """A section adjoining ``card``'s section that bears ``contact``'s letter."""
    ctrl, state = window.session.controller, window.session.state
    letter = window.session.module.piece_types[contact].get("letter")
    player = state.vars["turn"]
    return next(k for k in ctrl.contacts(state, player, card)
                if window.scene.board[k].get("letter")
                == letter)


def play_one_click_step(window, qtbot, n: int) -> str:
    """One user step of the simple policy, done by clicking; returns what was done."""
    ui, ctrl, state = window.game_ui, window.session.controller, window.session.state
    if ui.panel.screen_up:
        assert ui.panel.hand.cards() == [], "a hidden hand must not stay drawn"
        reveal(qtbot, ui)
        return "reveal"
    player = state.vars["turn"]
    # only the current player's hand is drawn, exactly as that player's view has it
    assert ui.panel.hand.cards() == current_hand(window)
    assert ui.panel.hand.isVisible()
    actions = list(ctrl.legal_actions(state))
    if state.vars["phase"] == "discard":
        card = actions[0]["card"]
        click_card(qtbot, ui, card)
        assert ui.panel.discard_button.text() == f"Discard {ui.name(card)}"
        click(qtbot, ui.panel.discard_button)
        assert card in window.session.state.vars["discard"]
        return "discard"
    plays = [a for a in actions if a.kind == "play"]
    if not plays:
        click(qtbot, ui.panel.draw_button)
        assert window.session.state.vars["phase"] == "discard"
        return "draw"
    card, contact = plays[0]["card"], plays[0]["contact"]
    click_card(qtbot, ui, card)
    assert ui.selected == card
    # the map shows the card's own section and its contact sections
    assert ui.sections[ctrl.section_of(state, card)].mode == "target"
    for key in ctrl.contacts(state, player, card):
        assert ui.sections[key].mode == "contact"
    if n % 2:
        click_section(qtbot, window, contact_section(window, card, contact))
    else:
        click_card(qtbot, ui, contact)
    assert window.session.state.vars["table"][player][-1] == card
    return "play"


def test_card_game_window_uses_the_card_game_ui(card_window):
    window = card_window()
    assert isinstance(window.game_ui, CardGameUI)
    assert len(window.game_ui.sections) == 64
    assert window.game_ui.hand_dock.isVisible()
    assert window.game_ui.table_dock.isVisible()


def test_end_of_game_two_player_game_played_to_the_end_with_mouse_clicks(card_window, qtbot):
    window = card_window("card_game/2p", SEED)
    ui, ctrl = window.game_ui, window.session.controller
    done = []
    for n in range(MAX_CLICK_STEPS):
        if window.session.state.vars["phase"] == "over":
            break
        done.append(play_one_click_step(window, qtbot, n))
    state = window.session.state
    assert state.vars["phase"] == "over"
    assert {"reveal", "play", "draw", "discard"} <= set(done)
    assert not ctrl.invariants(state)
    # End of Game / Scoring: the dialog names the finisher and every score
    dialog = window.findChild(EndOfGameDialog, "endOfGameDialog")
    assert dialog is not None and dialog.isVisible()
    finisher, scores = state.vars["finisher"], state.vars["scores"]
    text = dialog.findChild(QLabel, "endScores").text()
    for p, score in scores.items():
        assert f"Player {p[1:]}</b>: {score}" in text
    assert ctrl.outcome(state).text in text
    heading = dialog.findChild(QLabel, "endHeading").text()
    assert heading.startswith(f"Player {finisher[1:]} completed the mission")
    assert dialog.next_button is None  # one game agreed: no next game
    click(qtbot, dialog.close_button)
    assert not dialog.isVisible()
    # the score sheet holds the game and the total, as scored by the controller
    sheet = ui.scores
    for col, p in enumerate(state.vars["players"]):
        assert sheet.cell_text("Game 1", col) == str(scores[p])
        assert sheet.cell_text("Total (1 of 1)", col) == str(state.vars["totals"][p])
    # the table rows show each player's laid cards in the order laid
    assert ui.table.row_texts() == {
        p: [ui.name(c) for c in state.vars["table"][p]] for p in state.vars["players"]}
    assert window.prompt_label.text() == f"Game over: {ctrl.outcome(state).text}"
    # the match is over: no hand is shown any more
    assert ui.panel.screen_up and ui.panel.hand.cards() == []


def test_first_player_hand_over_screen_hides_the_hand_until_clicked(card_window, qtbot):
    window = card_window()
    ui, ctrl = window.game_ui, window.session.controller
    # the first player must sit down first: nothing of any hand is drawn
    assert ui.panel.screen_up
    assert ui.panel.hand.cards() == [] and not ui.panel.hand.isVisible()
    assert ui.panel.screen.button.text() == "Pass to Player 1 — click when ready"
    assert not ui.panel.draw_button.isEnabled()
    reveal(qtbot, ui)
    state = window.session.state
    p1_hand = state.vars["hands"]["p1"]
    assert ui.panel.hand.cards() == p1_hand
    assert not set(ui.panel.hand.cards()) & set(state.vars["hands"]["p2"])
    # p1 lays a card: the hand is covered at once, for Player 2
    play = next(a for a in ctrl.legal_actions(state) if a.kind == "play")
    click_card(qtbot, ui, play["card"])
    click_card(qtbot, ui, play["contact"])
    assert ui.panel.screen_up and ui.panel.hand.cards() == []
    assert ui.panel.screen.button.text() == "Pass to Player 2 — click when ready"
    # no highlight of the previous hand stays on the map
    assert all(item.mode == "" for item in ui.sections.values())
    reveal(qtbot, ui)
    state = window.session.state
    assert ui.panel.hand.cards() == ctrl.view(state, "p2").vars["hands"]["p2"]
    assert not set(ui.panel.hand.cards()) & set(state.vars["hands"]["p1"])


def test_first_player_undo_covers_the_hand_again(card_window, qtbot):
    window = card_window()
    ui, ctrl = window.game_ui, window.session.controller
    reveal(qtbot, ui)
    play = next(a for a in ctrl.legal_actions(window.session.state) if a.kind == "play")
    window.session.do(play)
    reveal(qtbot, ui)  # Player 2 looks at the hand
    window.undo_action.trigger()  # back to Player 1's turn: Player 2 must not see it
    assert ui.panel.screen_up and ui.panel.hand.cards() == []
    assert ui.panel.screen.button.text() == "Pass to Player 1 — click when ready"


def test_first_player_map_shows_the_sections_of_playable_cards_and_laid_chips(
        card_window, qtbot):
    window = card_window()
    ui, ctrl = window.game_ui, window.session.controller
    assert all(item.mode == "" for item in ui.sections.values())  # hand hidden
    reveal(qtbot, ui)
    state = window.session.state
    rings = {k for k, item in ui.sections.items() if item.mode == "option"}
    assert rings == {ctrl.section_of(state, c) for c in ctrl.playable_cards(state, "p1")}
    play = next(a for a in ctrl.legal_actions(state) if a.kind == "play")
    window.session.do(play)
    section = ctrl.section_of(state, play["card"])
    assert [text for text, _ in ui.sections[section].chips] == ["P1"]


def test_scoring_next_game_from_the_end_dialog_and_running_totals(card_window, qtbot):
    session = catalog.new_session("card_game/2p", seed=SEED, options={"games": 2})
    window = card_window(session=session)
    ui, ctrl = window.game_ui, session.controller
    while session.state.vars["phase"] != "between":   # game 1 through the controller
        actions = list(ctrl.legal_actions(session.state))
        plays = [a for a in actions if a.kind == "play"]
        session.do(plays[0] if plays else actions[0])
    first = dict(session.state.vars["scores"])
    dialog = ui.end_dialog
    assert dialog is not None and dialog.isVisible() and dialog.next_button is not None
    assert ui.panel.next_button.isVisible()
    assert ui.scores.cell_text("Total (1 of 2)", 0) == str(first["p1"])
    click(qtbot, dialog.next_button)
    state = session.state
    assert state.vars["game"] == 2 and state.vars["phase"] == "play"
    assert state.vars["dealer"] == "p1" and state.vars["turn"] == "p2"
    assert ui.panel.screen.button.text() == "Pass to Player 2 — click when ready"
    assert ui.table.row_texts() == {"p1": [], "p2": []}
    assert ui.scores.cell_text("Game 1", 1) == str(first["p2"])
    assert ui.scores.cell_text("Game 2 (so far)", 1) == "0"


def test_event_log_never_names_a_card_that_was_not_shown(card_window, qtbot):
    """Hot-seat: log texts name only the card laid, the contact shown or the discard."""
    window = card_window("card_game/2p", SEED)
    for n in range(MAX_CLICK_STEPS):
        if window.session.state.vars["phase"] == "over":
            break
        play_one_click_step(window, qtbot, n)
    module = window.session.module
    names = {k: t.name for k, t in module.piece_types.items()}
    events = list(window.session.log.events)
    texts = window.event_log.texts()
    assert len(texts) == len(events)
    for event, text in zip(events, texts, strict=True):
        named = {k for k, name in names.items()
                 if re.search(r"(?<![\w/])" + re.escape(name), text)}
        shown = {event.info.get("card"), event.info.get("contact")}
        assert named <= shown, f"{text!r} names {named - shown}"
        if event.kind == "draw":
            assert not named


def test_first_player_actions_refused_when_sent_for_the_wrong_player(card_window):
    """The UI only ever acts for the player whose turn it is."""
    window = card_window()
    ui = window.game_ui
    assert not ui.act(Action.make("draw", "p2"))
    assert ui.panel.notice.text() == "It is Player 1's turn [First Player]"
