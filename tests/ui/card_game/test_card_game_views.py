"""The card game's view choices: the far-side map copy and hot-seat hiding on or off."""

from __future__ import annotations

import pytest
from card_ui_helpers import click
from PySide6.QtCore import QSettings

from ffl.ui.card_game.style import CardGameStyle


def test_deal_1_far_side_map_is_the_same_map_turned_round(card_window, qtbot):
    window = card_window()
    ui = window.game_ui
    assert not ui.far_dock.isVisible()
    toggle = ui.far_dock.toggleViewAction()
    assert toggle in window.game_menu.actions()
    toggle.trigger()
    assert ui.far_dock.isVisible()
    view = ui.far_view
    assert view.scene() is window.scene
    # turned half round: the top-left section shows at the bottom right
    top_left = view.mapFromScene(window.scene.space_centre("c1r1"))
    bottom_right = view.mapFromScene(window.scene.space_centre("c8r8"))
    assert top_left.x() > bottom_right.x() and top_left.y() > bottom_right.y()


def test_sections_are_drawn_in_the_card_game_style(card_window):
    window = card_window()
    assert isinstance(window.scene.style, CardGameStyle)
    item = window.game_ui.sections["c1r1"]
    assert (item.letter, item.colour) == ("R", "red")


def test_first_player_hot_seat_off_shows_the_current_hand_at_once(card_window, qtbot,
                                                                  tmp_path):
    window = card_window()
    ui, ctrl = window.game_ui, window.session.controller
    assert ui.panel.screen_up
    ui.hot_seat_action.trigger()  # off
    assert not ui.panel.screen_up
    assert ui.panel.hand.cards() == window.session.state.vars["hands"]["p1"]
    play = next(a for a in ctrl.legal_actions(window.session.state) if a.kind == "play")
    window.session.do(play)
    assert not ui.panel.screen_up
    assert ui.panel.hand.cards() == window.session.state.vars["hands"]["p2"]
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.value("card_game/hand_over", type=bool) is False


def test_style_for_the_card_game_is_found_before_its_ui_is_loaded():
    from ffl.ui.style import style_for

    assert isinstance(style_for("card_game", ("p1", "p2")), CardGameStyle)


@pytest.mark.parametrize("scenario_id", ["card_game/3p", "card_game/4p"])
def test_play_three_and_four_players_each_see_only_their_own_hand(card_window, qtbot,
                                                                  scenario_id):
    window = card_window(scenario_id, seed=5)
    ui, session = window.game_ui, window.session
    ctrl = session.controller
    players = session.state.vars["players"]
    assert [r.player for r in ui.table.rows] == players
    assert ui.scores.columnCount() == len(players)
    for _ in range(3 * len(players)):
        state = session.state
        if state.vars["phase"] not in ("play", "discard"):
            break
        player = state.vars["turn"]
        assert ui.panel.screen_up
        assert ui.panel.screen.button.text() == f"Pass to Player {player[1:]} — click when ready"
        click(qtbot, ui.panel.screen.button)
        assert ui.panel.hand.cards() == ctrl.view(state, player).vars["hands"][player]
        for other in players:
            if other != player:
                assert not set(ui.panel.hand.cards()) & set(state.vars["hands"][other])
        actions = list(ctrl.legal_actions(state))
        plays = [a for a in actions if a.kind == "play"]
        session.do(plays[0] if plays else actions[0])
        if session.state.vars["phase"] == "discard":
            session.do(list(ctrl.legal_actions(session.state))[0])


def test_scoring_new_match_of_several_games_keeps_a_running_total(card_window, qtbot):
    window = card_window()
    old = window.session
    assert window.game_ui.scores.verticalHeaderItem(1).text() == "Total (0 of 1)"
    window.game_ui.new_match(3)
    qtbot.waitUntil(lambda: window.session is not old)
    assert window.session.state.vars["games"] == 3
    assert window.session.scenario.id == "card_game/2p"
    ui = window.game_ui
    assert ui.scores.verticalHeaderItem(1).text() == "Total (0 of 3)"
    assert ui.panel.screen_up  # a fresh deal: Player 1 sits down first
