"""The pieces a move acts with, as each game names them (the contract's query
``pieces_of(state, action)``), and the window following them after the program's
move (issue 22): real play windows offscreen with real program moves for the
games the window's runner plays (The Legend Begins, the card game, French
Foreign Legion's secret step), Undo against the program with the real key,
and the query itself on real program moves of Limits of Glory (whose own UI
runs its program) and on Phantom Fury's actions (its insurgents act inside the
rules)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QPushButton

from ffl.engine import Action
from ffl.opponents import PROGRAM_KEY
from ffl.ui.opponent import PACE_KEY


@pytest.fixture
def program_window(qtbot, tmp_path):
    """``program_window(scenario_id, program, seed, options, pace)``: a shown play
    window on a new game whose ``program`` sides ({side: level}) the program plays."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id, program, seed=7, options=None, pace=0):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue(PACE_KEY, pace)
        settings.setValue("ffl/animate_dice", False)
        window = main_window(settings=settings, data_folder=tmp_path / "data",
                             autosave=False)
        qtbot.addWidget(window)
        window.resize(1280, 820)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario(scenario_id, seed=seed,
                                    options={**(options or {}), PROGRAM_KEY: program})
        window._closing_confirmed = True
        return window

    return make


def _human_turn(window) -> bool:
    session, runner = window.session, window.opponent_runner
    if session.controller.outcome(session.state) is not None:
        return True
    return not runner.side_to_act() and not runner.blocked and runner.worker is None


def _in_view(window, pid) -> bool:
    item = window.scene.counters[pid]
    return window.map.visible_scene_rect().contains(item.sceneBoundingRect())


@pytest.mark.slow          # the Axis program plays its phases first (about 20 s)
def test_22_the_map_follows_the_legend_begins_program_s_stack(program_window, qtbot):
    """The Axis program's moves in Compass: the game names the units of each
    (``pieces_of``); after its turn the map, zoomed in on the far corner before
    it, shows the last stack it moved, at the same zoom."""
    window = program_window("legend_begins/compass", {"axis": "normal"}, seed=3)
    runner = window.opponent_runner
    named: list[list[str]] = []
    runner.acted.connect(lambda _side: named.append(list(runner.follower.named)))
    view = window.map
    followed: list[str] = []
    zoom = None
    for _ in range(12):
        qtbot.waitUntil(lambda: _human_turn(window), timeout=120_000)
        if zoom is None:        # once the window has shown the board its own way
            view.zoom_by(2.0)
            zoom = view.transform().m11()
        shown = [[p for p in pids if p in window.scene.counters
                  and window.scene.counters[p].isVisible() and runner.shown_to_humans(p)]
                 for pids in named]
        followed = next((pids for pids in reversed(shown) if pids), [])
        if followed:
            break
        # the human's Allied phase ends with a real click on End phase, the map
        # zoomed in on the board's far corner first
        view.centre_on(window.scene.sceneRect().topLeft())
        button = next(b for b in window.findChildren(QPushButton)
                      if b.text() == "End phase" and b.isVisible())
        assert button.isEnabled()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert followed, named
    assert all(_in_view(window, pid) for pid in followed), followed
    assert view.transform().m11() == zoom          # scrolled, not zoomed
    window.grab().save("/tmp/c-lb-follow.png")


def test_22_a_card_the_program_lays_moves_no_map(program_window, qtbot):
    """The card game keeps the contract's default: its moves name no piece, so
    the map stays where the player left it."""
    window = program_window("card_game/2p", {"p1": "normal"}, seed=17, pace=200)
    runner = window.opponent_runner
    qtbot.wait(50)          # the window's own first fit done (it would undo the zoom)
    window.map.zoom_by(2.0)
    zoom = window.map.zoom
    centre = window.map.visible_scene_rect().center()
    qtbot.waitUntil(lambda: runner.moves >= 1 and _human_turn(window), timeout=20_000)
    assert any(e.kind == "play" and e.side == "p1" for e in window.session.log.events)
    assert runner.follower.named == []
    qtbot.wait(50)
    now = window.map.visible_scene_rect().center()
    assert abs(now.x() - centre.x()) < 1 and abs(now.y() - centre.y()) < 1
    assert window.map.zoom == zoom


def test_17_31_the_program_s_secret_pick_is_not_followed_nor_told(program_window, qtbot):
    """17.31 the Bedouin program notes in secret which roll counts for Le Cafard:
    the step is secret to the Legion at the screen, so the map does not move and
    the status line shows only what the Legion's log shows."""
    from ffl.ui.opponent_follow import read_as

    window = program_window("ffl/basic", {"bedouin": "normal"}, seed=7,
                            options={"cafard": True}, pace=0)
    session, runner = window.session, window.opponent_runner
    controller = session.controller
    told: list[str] = []
    runner.acted.connect(lambda _side: told.append(window.statusBar().currentMessage()))
    qtbot.waitUntil(lambda: any(e.kind == "cafard-pick" for e in session.log.events),
                    timeout=30_000)
    qtbot.waitUntil(lambda: bool(told), timeout=5_000)
    events = session.log.events
    shown, secret = read_as(controller, events, ["legion"])
    assert secret                                    # the draw of the name is secret
    assert runner.follower.named == [] and runner.follower.pending is None
    legion_lines = {controller.event_for(e, "legion").text for e in events}
    assert told[0].startswith("Bedouin (normal): ")
    assert told[0].removeprefix("Bedouin (normal): ") in legion_lines, told
    assert controller.pieces_of(session.state, Action.make("cafard-pick", "bedouin",
                                                           which=1)) == []


def test_22_undo_takes_back_the_program_s_reply_with_the_player_s_card(program_window,
                                                                       qtbot):
    """Undo (Ctrl+Z) after the program's reply goes back to before the player's
    own card, where the player is to act: the program does not just play again;
    Redo plays both back as they were."""
    from card_game.card_ui_helpers import click_card

    window = program_window("card_game/2p", {"p2": "normal"}, seed=17, pace=0)
    session, ui, runner = window.session, window.game_ui, window.opponent_runner
    controller = session.controller
    qtbot.waitUntil(lambda: _human_turn(window), timeout=10_000)
    if ui.panel.screen_up:
        qtbot.mouseClick(ui.panel.screen.button, Qt.MouseButton.LeftButton)
    before = session.state.hash()
    view = controller.view(session.state, "p1")
    card = controller.playable_cards(view, "p1")[0]
    click_card(qtbot, ui, card)
    click_card(qtbot, ui, controller.contact_cards(view, "p1", card)[0])
    qtbot.waitUntil(lambda: runner.moves >= 1 and _human_turn(window), timeout=20_000)
    after = session.state.hash()
    assert after != before and controller.prompt(session.state).side == "p1"
    assert window.undo_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.state.hash() == before
    assert controller.prompt(session.state).side == "p1"
    qtbot.wait(300)                  # the program does not play again meanwhile
    assert session.state.hash() == before and runner.worker is None
    assert not runner.blocked
    window.redo_action.trigger()
    assert session.state.hash() == after
    assert controller.prompt(session.state).side == "p1" and not session.log.can_redo()


def test_22_limits_of_glory_names_the_pieces_its_program_moves():
    """Limits of Glory's own UI runs its program; the query names the pieces each
    of its moves takes (they stand at the destination after it), those of a move
    of elements by count, and nothing for the real fleet's secret choice."""
    from ffl.catalog import new_session
    from ffl.games.limits_of_glory.model import parse_units
    from ffl.games.limits_of_glory.opponent import choose

    session = new_session("limits_of_glory/campaign", seed=1)
    controller = session.controller
    rng = random.Random(1)
    program_moves = element_moves = 0
    for _ in range(400):
        state = session.state
        if controller.outcome(state) is not None:
            break
        side = controller.prompt(state).side
        if side == "allied":
            action = choose(controller, controller.view(state, "allied"))
        else:       # the French at random, never conceding
            action = rng.choice([a for a in controller.legal_actions(state)
                                 if a.kind != "concede"])
        pids = controller.pieces_of(state, action)
        if action.kind == "choose-fleet":
            assert pids == []
        session.do(action)
        if action.kind == "move":
            assert pids and all(session.state.pieces[p].space == action["to"] for p in pids)
            program_moves += side == "allied"
            counted = sum(parse_units(action.get("units", "")).values())
            if counted:       # the elements it takes, beside the commanders it names
                named = set(filter(None, action.get("pieces", "").split(",")))
                assert len([p for p in pids if p not in named]) == counted, (action, pids)
                element_moves += 1
        if program_moves >= 3 and element_moves >= 3:
            break
    assert program_moves >= 3 and element_moves >= 3, (program_moves, element_moves)


def test_22_phantom_fury_names_the_usmc_unit_not_its_target():
    from ffl.catalog import new_session

    session = new_session("phantom_fury/jolan", seed=3)
    controller = session.controller
    rng = random.Random(3)
    seen = set()
    for _ in range(600):
        state = session.state
        if controller.outcome(state) is not None or {"fire", "move"} <= seen:
            break
        actions = list(controller.legal_actions(state))
        fire = [a for a in actions if a.kind == "fire"]
        action = fire[0] if fire else rng.choice(actions)
        pids = controller.pieces_of(state, action)
        if action.kind in ("fire", "move"):
            assert pids == [action["piece"]]
            assert action.get("target") not in pids
            seen.add(action.kind)
        if action.kind.startswith("end"):
            assert pids == []
        session.do(action)
    assert {"fire", "move"} <= seen, seen


def _night_attack_set_up(program_window, qtbot):
    """21.11 The Surprise Night Attack, the program's Legion setting up in secret
    before the human's Bedouin: the window once five units are placed."""
    window = program_window("ffl/night-attack", {"legion": "normal"}, seed=3)
    session, runner = window.session, window.opponent_runner
    seen: list[tuple] = []
    runner.acted.connect(lambda _side: seen.append(
        (list(runner.follower.named), runner.follower.ring is not None,
         window.statusBar().currentMessage(), window.map.visible_scene_rect().center())))
    qtbot.waitUntil(lambda: sum(e.kind == "place" for e in session.log.events) >= 5,
                    timeout=60_000)
    qtbot.wait(20)
    return window, seen


def test_21_11_the_legion_program_s_secret_set_up_is_not_followed_nor_told(
        program_window, qtbot):
    """The game names the unit each placement acts with, but the step is secret
    to the Bedouin at the screen: no ring, no scroll, and the status line gives
    the Bedouin's log line, never the square."""
    from ffl.ui.opponent import screen_side

    window, seen = _night_attack_set_up(program_window, qtbot)
    controller, session = window.session.controller, window.session
    places = [e for e in session.log.events if e.kind == "place"]
    public = {controller.event_for(e, "bedouin").text for e in places}
    assert all(pids for pids, *_ in seen[:5])              # the game named each unit
    assert not any(ringed for _pids, ringed, *_ in seen)
    assert len({(c.x(), c.y()) for *_, c in seen}) == 1     # the map never moved
    for _pids, _ringed, message, _centre in seen[:5]:
        assert message.removeprefix("Legion (normal): ") in public, message
        assert not any(e.text in message for e in places)
    # the side the screen reads the game as while the program's Legion acts
    assert screen_side(window, "legion") == "bedouin"
    assert screen_side(window, "bedouin") == "bedouin"


def test_21_11_the_legion_program_s_secret_set_up_stays_off_the_screen(program_window,
                                                                       qtbot):
    """While the program's Legion plots its positions in secret, the Bedouin
    player at the screen reads only the public lines in the event log and sees
    none of the placed units on the map (the window and the game UI read the
    game as the screen's side, host.reader_side)."""
    window, _seen = _night_attack_set_up(program_window, qtbot)
    session = window.session
    places = [e for e in session.log.events if e.kind == "place"]
    assert not {e.text for e in places} & set(window.event_log.texts())
    placed = {pid for e in places for pid in e.pieces}
    assert len(placed) >= 5
    shown = [pid for pid in placed if window.scene.counters[pid].isVisible()]
    assert not shown, shown
