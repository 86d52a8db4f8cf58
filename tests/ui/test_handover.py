"""Issue 13.1: the hot-seat hand-over screen hides everything and lets nothing
through.  Grabbed while it is up, the window is the screen's plain colour
wherever its text and button are not, and pixel for pixel what the screen
alone paints; the card game's hand cover is opaque too.  Behind the screen no
keyboard shortcut of the window (Undo, Redo, Print, the Game menu's keys, fit,
the menu bar's Alt keys) does anything, and the Tab key cannot reach it."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from ffl.ui.card_game.panel import SCREEN_STYLE
from ffl.ui.handover import BACKGROUND

CTRL, SHIFT, ALT = (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier,
                    Qt.KeyboardModifier.AltModifier)


def undoable_step(window) -> None:
    """Play the game's first legal actions until undo can take one back."""
    s = window.session
    for _ in range(60):
        s.do(s.controller.legal_actions(s.state)[0])
        if s.log.can_undo():
            return
    raise AssertionError("no undoable step in 60 actions")


def covered_ffl(game_window, qtbot):
    """A French Foreign Legion game, one undoable step in, with the hand-over
    screen up (the one FFL shows between sides, asked of the window's host)."""
    w = game_window("ffl/basic")
    undoable_step(w)
    assert not w.host.covered()
    hand = w.host.hand_over("Pass the computer to the Bedouin player.\n"
                            "The other player looks away.")
    assert w.host.covered() and hand.isVisible()
    qtbot.wait(20)
    return w, hand


def outside(image: QImage, colour: QColor, holes: list[QRect]) -> list[tuple[int, int]]:
    """Pixels of ``image`` outside every rectangle of ``holes`` not of ``colour``."""
    want = colour.rgb()
    bad = []
    for y in range(image.height()):
        row_holes = [r for r in holes if r.top() <= y <= r.bottom()]
        for x in range(image.width()):
            if any(r.left() <= x <= r.right() for r in row_holes):
                continue
            if image.pixel(x, y) != want:
                bad.append((x, y))
                if len(bad) > 20:
                    return bad
    return bad


def test_13_1_the_hand_over_screen_covers_every_pixel_of_the_window(game_window, qtbot):
    w, hand = covered_ffl(game_window, qtbot)
    assert hand.geometry() == w.rect()
    shot = w.grab().toImage()
    assert (shot.width(), shot.height()) == (w.width(), w.height())
    # a plain fill of the screen's colour everywhere but its text and its button
    holes = [hand.label.geometry(), hand.button.geometry()]
    assert outside(shot, QColor(BACKGROUND), holes) == []
    # and where they are, exactly what the screen paints on its own: nothing of
    # the map, the docks, the log or the menu bar shows through anywhere
    alone = hand.grab().toImage()
    assert alone.convertToFormat(shot.format()) == shot
    # the text is there to read
    label = shot.copy(hand.label.geometry())
    assert outside(label, QColor(BACKGROUND), []) != []


def test_13_1_a_floating_dock_is_hidden_while_the_screen_is_up(game_window, qtbot):
    w = game_window("ffl/basic")
    w.log_dock.setFloating(True)
    assert w.log_dock.isVisible()
    hand = w.host.hand_over("Pass the computer.")
    floating = [d for d in w.findChildren(QDockWidget) if d.isFloating() and d.isVisible()]
    assert floating == []
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    assert w.log_dock.isVisible() and w.log_dock.isFloating()


def test_13_1_no_shortcut_works_behind_the_screen(game_window, qtbot):
    w, hand = covered_ffl(game_window, qtbot)
    state, events, zoom = w.session.state.hash(), len(w.session.log), w.map.zoom
    assert w.undo_action.isEnabled()          # Ctrl+Z would take a step back
    toplevels = set(QApplication.topLevelWidgets())
    keys = [(Qt.Key.Key_Z, CTRL), (Qt.Key.Key_Z, CTRL | SHIFT), (Qt.Key.Key_Y, CTRL),
            (Qt.Key.Key_P, CTRL), (Qt.Key.Key_S, CTRL | SHIFT), (Qt.Key.Key_E, None),
            (Qt.Key.Key_R, None), (Qt.Key.Key_R, SHIFT), (Qt.Key.Key_F, None),
            (Qt.Key.Key_Minus, CTRL), (Qt.Key.Key_G, ALT), (Qt.Key.Key_F, ALT)]
    for target in (w.map, w.event_log.list, hand.button):
        for key, mods in keys:
            qtbot.keyClick(target, key, mods or Qt.KeyboardModifier.NoModifier)
            qtbot.wait(5)
            assert w.session.state.hash() == state and len(w.session.log) == events, key
            assert w.map.zoom == zoom, key
            opened = [t for t in set(QApplication.topLevelWidgets()) - toplevels
                      if t.isVisible()]
            assert opened == [], key
    assert hand.isVisible()
    # Tab stays on the screen: the widgets behind never get the keyboard
    for _ in range(6):
        qtbot.keyClick(QApplication.focusWidget() or hand.button, Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is None or focus is hand.button or hand.isAncestorOf(focus)
    # once the player is ready, the shortcuts work again
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    assert not w.host.covered()
    qtbot.keyClick(w.map, Qt.Key.Key_Z, CTRL)
    assert len(w.session.log) < events


def test_13_1_the_card_game_hand_cover_is_opaque(game_window, qtbot):
    w = game_window("card_game/2p", seed=17)
    ui = w.game_ui
    assert ui.panel.screen_up and ui.panel.hand.cards() == []
    stack = ui.panel.stack
    shot = stack.grab().toImage()
    screen = ui.panel.screen
    colour = QColor(SCREEN_STYLE.split("background: ")[1].split(";")[0])
    holes = [QRect(screen.mapTo(stack, screen.message.pos()), screen.message.size()),
             QRect(screen.mapTo(stack, screen.button.pos()), screen.button.size())]
    assert outside(shot, colour, holes) == []
    assert isinstance(stack.currentWidget(), QWidget) and stack.currentWidget() is screen
