"""After the program's move the map brings the unit it moved into view (issue 22),
offscreen with real widgets: the map scrolls (same zoom) to a Bedouin unit the
program moved off screen, and does not move at all for a unit the human's side
may not see (the game's own hidden-pieces rule blanks it in the Legion's view)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from ffl.opponents import PROGRAM_KEY
from ffl.ui.opponent import PACE_KEY

BEDOUIN = ("B-A-Abdul", "B-A-Dhabi", "B-A-Fahd")


@pytest.fixture
def skirmish(qtbot, tmp_path):
    """A shown play window on a sand skirmish (three Legionnaires in F10-F12,
    three Bedouin in M10-M12, the Bedouin to move) whose Bedouin the program plays,
    each move after a pause of 300 ms."""
    from ffl.catalog import new_session
    from ffl.engine import GameLog
    from ffl.session import GameSession
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(PACE_KEY, 300)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data")
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    window._closing_confirmed = True
    base = new_session("ffl/basic", seed=5)
    state = base.controller.position(
        units={"L-1-Adler": ("F10", 0, "E"), "L-1-Blondin": ("F11", 0, "E"),
               "L-1-Cole": ("F12", 0, "E"), "B-A-Abdul": ("M10", 0, "W"),
               "B-A-Dhabi": ("M11", 0, "W"), "B-A-Fahd": ("M12", 0, "W")},
        phase="movement", chit="arab", others="eliminated", seed=5,
        options={"turn_limit": 6})
    options = {"turn_limit": 6, PROGRAM_KEY: {"bedouin": "normal"}}
    session = GameSession(base.controller, base.scenario, options, state.seed, GameLog(state))
    assert window.set_session(session)
    return window


def _look_far_away(window) -> None:
    """The map zoomed in on the corner away from the Bedouin (before the program's
    first move, which waits its pause)."""
    assert not any(e.side == "bedouin" for e in window.session.log.events)
    view = window.map
    view.zoom_by(3.0)
    view.centre_on(window.scene.space_centre("B2"))


def _shown(window, pid) -> bool:
    item = window.scene.counters[pid]
    return window.map.visible_scene_rect().contains(item.sceneBoundingRect())


def _centre(window):
    """The map's centre in screen pixels of the board."""
    return window.map.visible_scene_rect().center() * window.map.zoom


def _first_program_move(qtbot, window):
    session = window.session

    def moved():
        return next((e for e in session.log.events
                     if e.kind == "move" and e.side == "bedouin"), None)
    qtbot.waitUntil(lambda: moved() is not None, timeout=30_000)
    return moved()


def test_22_the_map_scrolls_to_the_unit_the_program_moved(skirmish, qtbot):
    window = skirmish
    _look_far_away(window)
    zoom = window.map.transform().m11()
    assert not any(_shown(window, pid) for pid in BEDOUIN)
    window.grab().save("/tmp/pf2-follow-before.png")
    event = _first_program_move(qtbot, window)
    pid = next(c.piece for c in event.changes if c.piece in BEDOUIN)
    qtbot.waitUntil(lambda: _shown(window, pid), timeout=5_000)
    assert window.map.transform().m11() == zoom          # scrolled, not zoomed
    # with room around it: the counter is not on the view's very edge
    seen, item = window.map.visible_scene_rect(), window.scene.counters[pid].sceneBoundingRect()
    room = min(item.left() - seen.left(), seen.right() - item.right(),
               item.top() - seen.top(), seen.bottom() - item.bottom())
    assert room * zoom >= 20, room * zoom
    window.grab().save("/tmp/pf2-follow-shown.png")


def test_22_the_map_stays_put_for_a_unit_the_human_may_not_see(skirmish, qtbot):
    """A unit the Legion's view blanks (here every Bedouin unit, through the game's
    own hidden-pieces rule, as a scenario with secret positions does) is never
    scrolled to: the view stays where the player left it."""
    from ffl.games.ffl.rules import hidden

    def bedouin_unseen(ctx, side):
        return [pid for pid in BEDOUIN if side != "bedouin"] if side else list(BEDOUIN)

    hidden.register_hidden_pieces(bedouin_unseen)
    try:
        window = skirmish
        _look_far_away(window)
        runner = window.opponent_runner
        where = _centre(window)
        event = _first_program_move(qtbot, window)
        pid = next(c.piece for c in event.changes if c.piece in BEDOUIN)
        assert not runner.shown_to_humans(pid)
        assert not runner.bring_into_view([pid])
        qtbot.wait(100)          # the deferred follow-up has run
        now = _centre(window)         # (docks switched off may resize it about its centre)
        assert abs(now.x() - where.x()) < 2 and abs(now.y() - where.y()) < 2, (now, where)
        assert not _shown(window, pid)
    finally:
        hidden.HIDDEN_PIECES.remove(bedouin_unseen)


def test_22_the_map_is_not_moved_under_the_players_hand(skirmish, qtbot):
    """While the human holds the mouse button down on the map (dragging a counter
    or the map) the view is not moved; once the button is up it is."""
    from PySide6.QtCore import QPoint, Qt

    window = skirmish
    runner = window.opponent_runner
    _look_far_away(window)      # (the program's first move waits its pause meanwhile)
    view = window.map
    far = BEDOUIN[0]
    assert not _shown(window, far)
    where = _centre(window)
    spot = QPoint(10, 10)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    try:
        assert runner.dragging()
        assert not runner.bring_into_view([far])
        assert _centre(window) == where
    finally:
        qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    view.centre_on(window.scene.space_centre("B2"))
    assert not runner.dragging()
    assert runner.bring_into_view([far]) and _shown(window, far)


def test_22_the_scroll_waits_for_the_button_s_release(skirmish, qtbot):
    """The program moves while the human holds the left button down on the map:
    the view stays put under the hand, and scrolls to the program's latest unit
    as soon as the button is released (deferred, not skipped)."""
    from PySide6.QtCore import QPoint, Qt

    window = skirmish
    runner = window.opponent_runner
    follower = runner.follower
    runner.set_pace(1500)      # the program's moves after the first come 1.5 s apart
    _look_far_away(window)
    view = window.map
    spot = QPoint(10, 10)
    where = _centre(window)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    try:
        event = _first_program_move(qtbot, window)
        assert any(c.piece in BEDOUIN for c in event.changes)
        qtbot.waitUntil(lambda: follower.pending is not None, timeout=5_000)
        qtbot.wait(100)
        now = _centre(window)
        assert abs(now.x() - where.x()) < 2 and abs(now.y() - where.y()) < 2, (now, where)
        waiting = list(follower.pending)        # the latest move's
        assert waiting and set(waiting) <= set(BEDOUIN)
        assert not any(_shown(window, pid) for pid in waiting)
        count = len(window.session.log.events)
    finally:
        qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert not runner.dragging()
    qtbot.waitUntil(lambda: all(_shown(window, pid) for pid in waiting), timeout=2_000)
    assert len(window.session.log.events) == count     # shown at the release itself
    assert follower.pending is None
    window.grab().save("/tmp/c-follow-after-release.png")


def test_22_the_game_s_tool_bar_is_held_while_the_program_acts(skirmish, qtbot):
    """During the program's turn the FFL bar's End phase cannot be clicked (it was,
    and ended the program's phase for it after the confirmation), however often
    the game UI refreshes it after the program's moves; the level buttons (view
    only) stay usable; once the human is to act it is back."""
    from PySide6.QtCore import Qt

    window = skirmish
    runner, ui, session = window.opponent_runner, window.game_ui, window.session
    end = ui.bar.end_button
    qtbot.waitUntil(lambda: runner.blocked and runner.moves >= 1, timeout=10_000)
    qtbot.waitUntil(lambda: len(session.log.events) > 0, timeout=10_000)
    ui.refresh([])                  # the game UI asks for its buttons again
    assert not end.isEnabled()
    levels = list(ui.bar.level_buttons.values())
    assert levels and all(b.isEnabled() for b in levels)
    count = len(session.log.events)
    qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
    assert len(session.log.events) == count and getattr(ui, "confirm_box", None) is None
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert len(session.log.events) == count
    runner.set_pace(0)                  # the rest of the program's turn at once
    qtbot.waitUntil(lambda: session.controller.prompt(session.state).side == "legion"
                    and not runner.blocked, timeout=60_000)
    assert end.isEnabled()


def test_22_a_unit_far_off_screen_is_brought_to_the_middle(skirmish, qtbot):
    """A unit wholly off screen comes to the middle of the map (what is around it
    shows too); one already half in view is reached by the least scroll."""
    from PySide6.QtCore import QPointF

    window = skirmish
    runner = window.opponent_runner
    runner.set_pace(5_000)          # the program's first move waits meanwhile
    _look_far_away(window)
    far = BEDOUIN[1]
    assert not window.map.visible_scene_rect().intersects(
        window.scene.counters[far].sceneBoundingRect())
    assert runner.bring_into_view([far])
    middle = window.map.visible_scene_rect().center()
    centre = window.scene.counters[far].sceneBoundingRect().center()
    zoom = window.map.zoom
    assert abs(middle.x() - centre.x()) * zoom < 3 and abs(middle.y() - centre.y()) * zoom < 3
    # the map moved on so the unit sits across the left edge: the least scroll
    seen = window.map.visible_scene_rect()
    window.map.centre_on(QPointF(centre.x() + seen.width() / 2, middle.y()))
    seen = window.map.visible_scene_rect()
    item = window.scene.counters[far].sceneBoundingRect()
    assert seen.intersects(item) and not seen.contains(item)
    before = seen.center()
    assert runner.bring_into_view([far]) and _shown(window, far)
    after = window.map.visible_scene_rect().center()
    assert 0 < (before.x() - after.x()) * zoom <= item.width() * zoom / 2 + 80 + 2
    assert abs(after.y() - before.y()) * zoom < 1


def test_22_the_program_s_unit_is_ringed_for_a_moment(skirmish, qtbot):
    """After the program's move a ring goes round the unit it moved (the map
    follows it there) and goes again after a moment; it takes no click: the
    items under a point of it are the map's and the counter's."""
    from ffl.ui.opponent_follow import RING_MS, RING_TAG

    window = skirmish
    runner = window.opponent_runner
    runner.set_pace(1_000)          # the program's moves a second apart
    follower = runner.follower
    event = _first_program_move(qtbot, window)
    pid = next(c.piece for c in event.changes if c.piece in BEDOUIN)
    qtbot.waitUntil(lambda: follower.ring is not None, timeout=500)
    rings = [i for i in window.scene.items() if i.data(0) == RING_TAG]
    assert rings == [follower.ring]
    counter = window.scene.counters[pid].sceneBoundingRect()
    assert rings[0].boundingRect().contains(counter)
    assert rings[0] not in window.scene.items(counter.center())
    assert window.scene.counters[pid] in window.scene.items(counter.center())
    window.grab().save("/tmp/c-ring.png")
    runner.set_pace(10_000)         # at most one more move meanwhile
    qtbot.waitUntil(lambda: not [i for i in window.scene.items() if i.data(0) == RING_TAG],
                    timeout=RING_MS + 2_000)
    assert follower.ring is None


def test_22_a_unit_whose_counter_is_not_drawn_is_followed_to_its_space(skirmish, qtbot):
    """A game may leave a unit's counter undrawn (under the top of its stack, as
    The Legend Begins does at Tobruk): the map then goes to the space it stands
    in, ringed; never for a unit the human may not see."""
    window = skirmish
    runner = window.opponent_runner
    runner.set_pace(5_000)          # the program's first move waits meanwhile
    _look_far_away(window)
    far = BEDOUIN[2]
    item = window.scene.counters[far]
    item.setVisible(False)          # what a game UI does for a unit under its stack's top
    space = window.scene.space_items[window.session.state.pieces[far].space]
    assert runner.bring_into_view([far])
    assert window.map.visible_scene_rect().contains(space.sceneBoundingRect())
    assert runner.follower.ring.boundingRect().contains(space.sceneBoundingRect())
