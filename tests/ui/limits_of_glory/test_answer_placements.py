"""Issue 12 (every click answered within 50 ms): the markers' placements found by
the search are kept per board and reused by a rebuild for a space whose markers
and surroundings did not change.  What the player sees must stay exactly what a
fresh search gives: the crowded Cairo of the stacks test (folded and with its
card), a game's opening and positions after moves, each laid out from a warm
cache and compared with a layout searched from nothing."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from real_games import shown_window

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession
from ffl.ui.limits_of_glory import markers as markers_module

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
from log_helpers import crowded_cairo  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path):
    """A shown 1366x768 play window, the program moving at once."""
    return shown_window(qtbot, tmp_path, (1366, 768), {"opponents/pace_ms": 0}, autosave=False)


def _show(window, qtbot, state):
    s = catalog.new_session("limits_of_glory/campaign", seed=state.seed)
    window.set_session(GameSession(s.controller, s.scenario, dict(s.options), s.seed,
                                   GameLog(state.copy())))
    qtbot.wait(10)
    return window.game_ui.markers


def _seen(layer) -> list:
    """Every marker as the player sees it: where it stands, its line and its layer."""
    out = []
    for key, ms in sorted(layer.by_space.items()):
        out += [(key, m.form, m.side, m.text, m.sub, m.sub_width, m.sub_row, m.sub_shift,
                 m.pos().x(), m.pos().y(), m.zValue()) for m in ms]
    for key, ms in sorted(layer.crowded.items()):
        out += [(key, "full", m.form, m.text, m.sub, m.sub_row, m.sub_shift,
                 m.pos().x(), m.pos().y()) for m in ms]
    out += sorted((type(i).__name__, i.scenePos().x(), i.scenePos().y(), i.zValue())
                  for i in layer.items)
    return out


def _fresh(layer) -> list:
    """The same state laid out by a search from nothing (no placement kept)."""
    layer._placements.clear()
    layer._anchored.clear()
    layer.rebuild(layer._state, real=layer._real, activated=layer._activated)
    return _seen(layer)


def _again(layer) -> list:
    layer.rebuild(layer._state, real=layer._real, activated=layer._activated)
    return _seen(layer)


def test_answer_crowded_cairo_placed_as_by_a_fresh_search(window, qtbot):
    layer = _show(window, qtbot, crowded_cairo())
    assert "cairo" in layer.crowded
    warm = _again(layer)
    assert layer._placements, "the search's placements are kept"
    assert warm == _fresh(layer)
    layer.toggle("cairo")            # its card of every marker
    with_card = _seen(layer)
    assert layer.card is not None
    layer.toggle("cairo")
    layer.toggle("cairo")
    assert _seen(layer) == with_card
    assert _fresh(layer) == with_card
    # a new window's layer of the same board finds them too
    layer = _show(window, qtbot, crowded_cairo())
    assert layer._placements and _seen(layer) == warm


def test_answer_opening_and_moves_placed_as_by_a_fresh_search(window, qtbot):
    session = catalog.new_session("limits_of_glory/campaign", seed=7)
    rng = random.Random(7)
    checked = 0
    for step in range(61):
        if step in (0, 25, 60):
            layer = _show(window, qtbot, session.state)
            warm = _seen(layer)
            assert _again(layer) == warm
            assert _fresh(layer) == warm
            checked += 1
        actions = session.controller.legal_actions(session.state)
        if not actions:
            break
        session.do(rng.choice(actions))
    assert checked == 3


def test_answer_a_space_placed_again_when_what_is_round_it_changed(window, qtbot):
    """Cairo's markers unchanged, but print laid where its French summary stood: the
    kept placement no longer holds, the search runs again (as a fresh one would)."""
    layer = _show(window, qtbot, crowded_cairo())
    before = _seen(layer)
    french = next(m for m in layer.by_space["cairo"] if m.side == "french")
    printed = layer.avoid
    try:
        layer.avoid = dict(printed, blocker=french.body().translated(french.scenePos()))
        layer._anchored.clear()     # the summaries' own memo takes a board's print as fixed
        warm = _again(layer)
        assert warm != before, "the summary keeps off the new print"
        assert warm == _fresh(layer)
    finally:
        layer.avoid = printed
    layer._anchored.clear()
    assert _again(layer) == before


def test_answer_kept_per_board():
    a, b = object(), object()
    assert markers_module._placements_of(a) is markers_module._placements_of(a)
    assert markers_module._placements_of(a) is not markers_module._placements_of(b)
