"""The overview's kept picture of the board (issue 12): drawn once when a game
is shown, not again when the window refits it to the same place once the layout
has settled, drawn anew for another game (never the old game's picture) and
once the scene has changed and been still a moment.  Real window, real paints
(``grab``)."""

from __future__ import annotations

from ffl.engine import Action


def painted(window):
    """Paint the overview now and return the picture it keeps."""
    window.overview.viewport().grab()
    return window.overview._picture


def test_the_picture_is_drawn_once_and_kept_by_a_refit_to_the_same_place(window, qtbot):
    first = painted(window)
    assert first is not None
    window.overview.refit()                  # what the window does once laid out
    assert painted(window) is first
    window.overview.resize(window.overview.width() + 40, window.overview.height() + 30)
    assert painted(window) is not first     # another size: drawn anew


def test_another_game_and_a_change_get_a_new_picture(window, qtbot):
    first = painted(window)
    assert window.open_scenario("tiny/squares", seed=6)   # the same board, a new scene
    second = painted(window)
    assert second is not first
    window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    # drawn again once the scene has been still a moment (each grab here would
    # count as a repaint asked, so the test only waits, then looks)
    qtbot.waitUntil(lambda: window.overview._picture is not second, timeout=3000)
    assert painted(window) is not second
