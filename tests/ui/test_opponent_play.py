"""Playing against the program in the play window (issue 22), offscreen with
real widgets: the program thinks off the GUI thread with a busy bar, its moves
go into the log one by one, the human cannot act meanwhile (map clicks, the
game's panels, undo), and a whole game against it plays to its end."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget

from ffl.opponents import PROGRAM_KEY
from ffl.ui.opponent import PACE_KEY


@pytest.fixture
def program_window(qtbot, tmp_path):
    """``program_window(scenario_id, program, seed, options)``: a shown play window
    on a new game whose ``program`` sides ({side: level}) the program plays."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id, program, seed=7, options=None, pace=0):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue(PACE_KEY, pace)
        settings.setValue("ffl/animate_dice", False)
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1280, 820)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario(scenario_id, seed=seed,
                                    options={**(options or {}), PROGRAM_KEY: program})
        window._closing_confirmed = True
        return window

    return make


def _game_docks(window):
    keep = {window.overview_dock, window.log_dock}
    return [d for d in window.findChildren(QDockWidget) if d not in keep and d.isVisible()]


def _wait_for_human(qtbot, window, human: str) -> None:
    """Wait until the human is to act (or the game is over), checking on the way
    that nothing is open to the human while the program acts."""
    session, runner = window.session, window.opponent_runner

    def ready():
        c = session.controller
        if c.outcome(session.state) is not None:
            return True
        return c.prompt(session.state).side == human and not runner.blocked
    qtbot.waitUntil(ready, timeout=60_000)


def test_22_a_card_game_against_the_program_plays_to_its_end(program_window, qtbot):
    from card_game.card_ui_helpers import click, click_card

    window = program_window("card_game/2p", {"p2": "hard"}, seed=17)
    session, ui, runner = window.session, window.game_ui, window.opponent_runner
    assert runner is not None and set(runner.opponents) == {"p2"}
    controller = session.controller
    saw_thinking = saw_blocked = False
    for _ in range(200):
        if controller.outcome(session.state) is not None:
            break
        # the human (Player 1) with real clicks: sit down, lay, or draw and discard
        if ui.panel.screen_up:
            click(qtbot, ui.panel.screen.button)
        kinds = controller.prompt(session.state).kinds
        view = controller.view(session.state, "p1")
        if "play" in kinds:
            card = controller.playable_cards(view, "p1")[0]
            click_card(qtbot, ui, card)
            click_card(qtbot, ui, controller.contact_cards(view, "p1", card)[0])
        elif "draw" in kinds:
            click(qtbot, ui.panel.draw_button)
        else:
            card = next(a["card"] for a in controller.legal_actions(session.state)
                        if a.kind == "discard")
            click_card(qtbot, ui, card)
            click(qtbot, ui.panel.discard_button)
        if controller.outcome(session.state) is None and \
                controller.prompt(session.state).side == "p2":
            # the program's turn: it thinks off the GUI thread with a busy bar
            qtbot.waitUntil(lambda: runner.worker is not None or runner.side_to_act() != "p2",
                            timeout=10_000)
            if runner.worker is not None:
                saw_thinking |= runner.bar.isVisible() and "thinking" in runner.label.text()
                before = session.state.hash()
                # the human cannot act: panels, undo and the map are off
                assert runner.blocked
                assert all(not d.isEnabled() for d in _game_docks(window))
                assert not window.undo_action.isEnabled()
                qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton,
                                 pos=window.map.viewport().rect().center())
                saw_blocked = True
                assert session.state.hash() == before or runner.worker is None
        _wait_for_human(qtbot, window, "p1")
    outcome = controller.outcome(session.state)
    assert outcome is not None, "the game did not end"
    assert saw_blocked, "never caught the program thinking"
    assert saw_thinking
    assert runner.moves > 3, runner.moves
    # the program's moves are in the log like a player's, side by side with them
    sides = [e.side for e in session.log.events if e.kind in ("play", "draw", "discard")]
    assert "p1" in sides and "p2" in sides
    # the game is over (the program may have laid the last card): nothing is held
    # back once the runner has seen it
    qtbot.waitUntil(lambda: not runner.blocked, timeout=5_000)


@pytest.mark.slow
def test_22_the_program_sets_up_the_legion(program_window, qtbot):
    """2.31 the Legion's set-up is the program's: every unit placed or left out by
    it, logged like a player's, then the human's Bedouin prepare."""
    window = program_window("ffl/basic", {"legion": "normal"}, seed=3)
    session = window.session
    _wait_for_human(qtbot, window, "bedouin")
    assert session.controller.prompt(session.state).phase == "setup-bedouin"
    placed = [e for e in session.log.events if e.kind == "place"]
    assert len(placed) > 10 and all(e.side == "legion" and e.text.startswith("2.31")
                                    for e in placed)
    assert window.opponent_runner.moves >= len(placed)
    window.grab().save("/tmp/ffl-legion-set-up.png")


def test_22_an_ffl_game_against_the_program_plays_to_its_end(program_window, qtbot):
    """From a skirmish in the sand (three Legionnaires against three Bedouin seven
    squares away, more than one move: both sides act; the rest out of the game) the program's Bedouin and the human's Legion (through
    the game's UI, ``GameUI.do``, what its clicks send) play to the end (9)."""
    from ffl.catalog import new_session
    from ffl.engine import GameLog
    from ffl.games.ffl.policy import GoalPolicy
    from ffl.session import GameSession

    window = program_window("ffl/basic", {"bedouin": "normal"}, seed=5)
    base = new_session("ffl/basic", seed=5)
    state = base.controller.position(
        units={"L-1-Adler": ("F10", 0, "E"), "L-1-Blondin": ("F11", 0, "E"),
               "L-1-Cole": ("F12", 0, "E"), "B-A-Abdul": ("M10", 0, "W"),
               "B-A-Dhabi": ("M11", 0, "W"), "B-A-Fahd": ("M12", 0, "W")},
        phase="movement", chit="arab", others="eliminated", seed=5,
        options={"turn_limit": 6})
    options = {"turn_limit": 6, PROGRAM_KEY: {"bedouin": "normal"}}
    session = GameSession(base.controller, base.scenario, options, state.seed,
                          GameLog(state))
    assert window.set_session(session)
    runner = window.opponent_runner
    controller = session.controller
    policy, rng = GoalPolicy(), random.Random(3)
    _wait_for_human(qtbot, window, "legion")
    for _ in range(1500):
        if controller.outcome(session.state) is not None:
            break
        view = controller.view(session.state, "legion")
        action = policy.choose(controller, view, controller.legal_actions(session.state), rng)
        assert window.game_ui.do(action) is not None
        _wait_for_human(qtbot, window, "legion")
    outcome = controller.outcome(session.state)
    assert outcome is not None, "the game did not end"
    # the program's own move may end the game: its runner hands back a moment later
    qtbot.waitUntil(lambda: not runner.blocked, timeout=5_000)
    assert runner.moves > 5 and not runner.blocked
    sides = {e.side for e in session.log.events if e.kind in ("move", "fire", "end-phase")}
    assert {"legion", "bedouin"} <= sides
    window.grab().save("/tmp/ffl-vs-program.png")


def test_22_the_program_moves_at_the_pace_the_player_chose(program_window, qtbot):
    import time

    start = time.perf_counter()
    window = program_window("card_game/2p", {"p1": "normal"}, seed=17, pace=500)
    session, runner = window.session, window.opponent_runner
    pace = window.findChild(type(window.view_menu), "opponentPaceMenu")
    checked = [a.objectName() for a in pace.actions() if a.isChecked()]
    assert checked == ["opponentPace500"]
    qtbot.waitUntil(lambda: any(e.kind == "play" for e in session.log.events),
                    timeout=10_000)
    assert time.perf_counter() - start >= 0.5       # the move waited the pause chosen
    assert session.controller.prompt(session.state).side == "p2"
    # the human's turn is open as soon as the runner has seen the move
    qtbot.waitUntil(lambda: not runner.blocked, timeout=5_000)
    # the status line says what the program did, as the log does
    assert window.statusBar().currentMessage().startswith("Player 1 (normal): ")
    next(a for a in pace.actions() if a.objectName() == "opponentPace0").trigger()
    assert runner.pace == 0


def test_22_the_new_game_dialog_chooses_who_plays_each_side(qtbot):
    from ffl.catalog import list_scenarios
    from ffl.ui.dialogs import NewGameDialog

    dialog = NewGameDialog(list_scenarios())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select("ffl/basic")
    players = dialog.players
    assert players.isVisible()
    assert list(players.fields) == ["legion", "bedouin"]
    legion = players.fields["legion"]
    assert [legion.itemText(i) for i in range(legion.count())] == [
        "A player at this screen", "The program (easy)", "The program (normal)",
        "The program (hard)"]
    assert PROGRAM_KEY not in dialog.chosen_options()
    players.set_player("bedouin", "hard")
    assert dialog.chosen_options()[PROGRAM_KEY] == {"bedouin": "hard"}
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    players.set_player("legion", "easy")       # nobody left at the screen
    assert not ok.isEnabled() and players.note.isVisible()
    players.set_player("legion", "human")
    assert ok.isEnabled()
    dialog.select("card_game/4p")               # one to three seats of four
    assert list(players.fields) == ["p1", "p2", "p3", "p4"]
    assert players.form.labelForField(players.fields["p2"]).text() == "Player 2:"
    for seat in ("p2", "p3", "p4"):
        players.set_player(seat, "normal")
    assert ok.isEnabled()
    assert dialog.chosen_options()[PROGRAM_KEY] == {"p2": "normal", "p3": "normal",
                                                    "p4": "normal"}
    dialog.select("limits_of_glory/campaign")   # the program plays either side
    assert players.isVisible() and list(players.fields) == ["french", "allied"]
    assert PROGRAM_KEY not in dialog.chosen_options()


def test_22_the_program_is_off_for_a_game_played_with_the_rules_off(program_window):
    from ffl.games.manifest import OFF

    window = program_window("card_game/2p", {"p1": "hard"})
    assert window.opponent_runner is not None
    assert window.open_scenario("card_game/2p", seed=3, rules=OFF,
                                options={PROGRAM_KEY: {"p1": "hard"}})
    assert window.opponent_runner is None


@pytest.mark.parametrize("hot_seat", [True, False])
def test_22_the_programs_hand_is_never_shown(program_window, qtbot, hot_seat):
    """Whether or not hands hide between turns, the seat the program plays never
    shows its hand; the lone player at the screen sees theirs without a hand-over."""
    window = program_window("card_game/2p", {"p1": "hard"}, seed=17, pace=300)
    window.game_ui.set_hot_seat(hot_seat)
    session, ui, runner = window.session, window.game_ui, window.opponent_runner
    qtbot.waitUntil(lambda: runner.worker is not None or runner.moves > 0, timeout=10_000)
    assert session.controller.prompt(session.state).side == "p1" or runner.moves > 0
    if runner.worker is not None:
        assert ui.shown_view() is None and ui.panel.screen_up
    qtbot.waitUntil(lambda: session.controller.prompt(session.state).side == "p2"
                    and not runner.blocked, timeout=20_000)
    assert ui.shown_view() is not None and not ui.panel.screen_up   # no hand-over needed
    assert ui.revealed == "p2"


def test_22_a_reopened_game_goes_on_against_the_program(program_window, qtbot, tmp_path):
    window = program_window("card_game/2p", {"p2": "hard"}, seed=17)
    session = window.session
    qtbot.waitUntil(lambda: session.controller.prompt(session.state).side == "p1"
                    and not window.opponent_runner.blocked, timeout=10_000)
    path = tmp_path / "against-the-program.fflsave"
    assert window.save_as(path)
    assert window.open_path(path)
    runner = window.opponent_runner
    assert window.session is not session and runner is not None
    assert {s: o.level for s, o in runner.opponents.items()} == {"p2": "hard"}


def _screen_text(ui) -> str:
    screen = ui.panel.screen
    return f"{screen.message.text()} {screen.button.text() if not screen.button.isHidden() else ''}"


def test_22_no_hand_over_text_while_the_program_plays_a_seat(program_window, qtbot):
    """Three at the table, Player 2 the program, hands hidden between turns: a
    hand-over ("look away", "Pass to ...") only between the two people, never
    on the program's turn (the panel says the program plays that seat)."""
    from card_game.card_ui_helpers import click, click_card

    window = program_window("card_game/3p", {"p2": "normal"}, seed=5, pace=400)
    ui, session, runner = window.game_ui, window.session, window.opponent_runner
    ui.set_hot_seat(True)
    controller = session.controller
    seen = {"p1": 0, "p2": 0, "p3": 0}
    for _ in range(12):
        if controller.outcome(session.state) is not None:
            break
        side = controller.prompt(session.state).side
        qtbot.waitUntil(lambda: ui.panel.screen_up or ui.shown_view() is not None,
                        timeout=5_000)
        if side == "p2":
            # the program's turn: no hand-over, no button, its hand face down
            assert ui.panel.screen_up and ui.shown_view() is None
            text = _screen_text(ui)
            assert "look away" not in text.lower() and "pass to" not in text.lower(), text
            assert ui.panel.screen.button.isHidden()
            assert "program" in text and "program" in ui.panel.title.text()
            seen["p2"] += 1
            qtbot.waitUntil(lambda: controller.outcome(session.state) is not None
                            or (controller.prompt(session.state).side != "p2"
                                and not runner.blocked), timeout=20_000)
            continue
        # a person's turn after another person's: the hand-over screen
        if ui.panel.screen_up:
            assert "look away" in _screen_text(ui).lower()
            seen[side] += 1
            click(qtbot, ui.panel.screen.button)
        view = controller.view(session.state, side)
        kinds = controller.prompt(session.state).kinds
        if "play" in kinds:
            card = controller.playable_cards(view, side)[0]
            click_card(qtbot, ui, card)
            click_card(qtbot, ui, controller.contact_cards(view, side, card)[0])
        elif "draw" in kinds:
            click(qtbot, ui.panel.draw_button)
        else:
            card = next(a["card"] for a in controller.legal_actions(session.state)
                        if a.kind == "discard")
            click_card(qtbot, ui, card)
            click(qtbot, ui.panel.discard_button)
    assert seen["p2"] >= 2 and seen["p1"] >= 1 and seen["p3"] >= 1, seen


def test_19_1_the_program_s_seat_is_named_the_mutineer_player(program_window, qtbot):
    """19.1: in Les Allemands the second seat is the Mutineer player's, in the
    New game dialog's Players rows and in the line shown while it thinks."""
    from ffl.catalog import list_scenarios
    from ffl.ui.dialogs import NewGameDialog

    dialog = NewGameDialog(list_scenarios())
    qtbot.addWidget(dialog)
    dialog.select("ffl/les-allemands")
    players = dialog.players
    labels = [players.form.labelForField(f).text() for f in players.fields.values()]
    assert labels == ["Legion:", "Mutineer:"]
    window = program_window("ffl/les-allemands", {"bedouin": "normal"})
    assert window.opponent_runner.title("bedouin") == "Mutineer (normal)"
