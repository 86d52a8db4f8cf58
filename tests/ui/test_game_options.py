"""A game's own options in the New game dialog, read from its manifest
(``GameManifest.options``): the card game offers the number of games and how
the match is won (Scoring); a game without options shows none; the rules off
(free play) take none.  The choice reaches the game's state."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDialogButtonBox, QSpinBox

from ffl.catalog import ScenarioInfo
from ffl.games import manifest
from ffl.games.manifest import OFF, GameOption
from ffl.ui.dialogs import NewGameDialog, OptionsForm

INFOS = [ScenarioInfo("card_game/2p", "2 players", "card_game", "Foreign Legion Card Game",
                      "Two players."),
         ScenarioInfo("tiny/squares", "Square skirmish", "tiny", "Tiny Test Game", "Tiny.")]


def test_the_new_game_dialog_shows_the_chosen_games_own_options(scenarios_dir, qtbot):
    dialog = NewGameDialog(INFOS)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select("card_game/2p")
    box = dialog.options
    assert box.isVisible() and box.isEnabled()
    games = box.findChild(QSpinBox, "option_games")
    match = box.findChild(QComboBox, "option_match")
    assert (games.value(), games.minimum(), games.maximum()) == (1, 1, 50)
    assert [match.itemText(i) for i in range(match.count())] == [
        "the highest total score", "the most games won"]
    assert "Scoring" in match.toolTip()
    assert dialog.chosen_options() == {"games": 1, "match": "totals"}
    games.setValue(3)
    match.setCurrentIndex(1)
    assert dialog.chosen_options() == {"games": 3, "match": "wins"}
    # played with the rules off (free play), the game's options do not apply
    dialog.rules.setCurrentIndex(dialog.rules.findData(OFF))
    assert not box.isEnabled() and dialog.chosen_options() == {}
    # a game without options shows none
    dialog.select("tiny/squares")
    assert not box.isVisible() and dialog.chosen_options() == {}


def test_an_option_of_each_kind_is_a_widget_of_its_kind(qtbot):
    form = OptionsForm()
    qtbot.addWidget(form)
    form.set_options((GameOption("night", "Night", False, tip="16: no fire beyond 6"),
                      GameOption("turns", "Turns", 12, minimum=1, maximum=40),
                      GameOption("side", "Side", "a", (("a", "A"), ("b", "B")))))
    assert isinstance(form.fields["night"], QCheckBox)
    assert isinstance(form.fields["turns"], QSpinBox)
    assert isinstance(form.fields["side"], QComboBox)
    form.set_value("night", True)
    form.set_value("turns", 7)
    form.set_value("side", "b")
    assert form.values() == {"night": True, "turns": 7, "side": "b"}
    option = manifest("card_game").option("match")
    assert option.check("wins") == "wins"


def test_a_match_on_games_won_started_from_the_new_game_dialog(game_window, qtbot):
    w = game_window("card_game/2p", seed=17)

    def drive():
        dialog = QApplication.activeModalWidget()
        dialog.select("card_game/3p")
        dialog.options.findChild(QSpinBox, "option_games").setValue(3)
        match = dialog.options.findChild(QComboBox, "option_match")
        match.setCurrentIndex(match.findData("wins"))
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)

    QTimer.singleShot(50, drive)
    w.new_action.trigger()
    assert w.session.scenario.id == "card_game/3p"
    assert w.session.options["games"] == 3 and w.session.options["match"] == "wins"
    state = w.session.state
    assert state.vars["games"] == 3 and state.vars["match"] == "wins"
    sheet = w.game_ui.scores
    rows = [sheet.verticalHeaderItem(r).text() for r in range(sheet.rowCount())]
    assert rows[-1] == "Games won" and rows[-2] == "Total (0 of 3)"


def test_the_card_game_new_match_asks_the_same_options(game_window, qtbot):
    w = game_window("card_game/2p", seed=17)
    old = w.session
    w.game_ui.match_action.trigger()
    dialog = w.game_ui.match_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.values() == {"games": 3, "match": "totals"}
    dialog.form.set_value("match", "wins")
    dialog.form.set_value("games", 5)
    dialog.accept()
    qtbot.waitUntil(lambda: w.session is not old)
    assert w.session.state.vars["games"] == 5 and w.session.state.vars["match"] == "wins"
    assert w.game_ui.scores.verticalHeaderItem(w.game_ui.scores.rowCount() - 1).text() \
        == "Games won"
