"""Issue 12: the markers' placement search weighs every candidate place of a layout
at once (ffl.ui.limits_of_glory.placement) instead of one by one.  The placements
must be exactly those of the search as it was (kept verbatim in
placement_reference.ReferenceLayer): the crowded Cairo of the stacks test (folded,
activated, with its card, with print laid where its summary stood) and the
positions of seeded games from their opening on, each laid out from nothing by both."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from placement_reference import ReferenceLayer
from real_games import shown_window

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession
from ffl.ui.limits_of_glory.markers import MarkerLayer

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
    """Every marker as the player sees it: where it stands, its line and its layer,
    and each crowded space's markers in full (where its card puts them)."""
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


def _searched(layer, cls) -> tuple:
    """The layer's state laid out from nothing (no placement kept) by ``cls``'s search:
    what is seen, and what the search found for each space (what the best layout
    covers, weighed, and the rectangles its markers take) and where it looked."""
    layer.__class__ = cls
    try:
        layer._placements.clear()
        layer._anchored.clear()
        layer.rebuild(layer._state, real=layer._real, activated=layer._activated)
        found = sorted(((sign[0], looked.getRect(), best[0], [r.getRect() for r in best[6]])
                        for sign, (looked, _near, best, _states) in layer._placements.items()),
                       key=repr)
        return _seen(layer), found, sorted(layer._anchored.values(), key=repr)
    finally:
        layer.__class__ = MarkerLayer


def _same(layer) -> int:
    new = _searched(layer, MarkerLayer)
    assert new == _searched(layer, ReferenceLayer)
    return len(new[0])


def test_placement_crowded_cairo_as_the_search_one_by_one(window, qtbot):
    for activated in (False, True):
        layer = _show(window, qtbot, crowded_cairo(activated))
        assert "cairo" in layer.crowded
        assert _same(layer)
        layer.expanded = "cairo"            # its card of every marker
        assert _same(layer) and layer.card is not None
        layer.expanded = None
    french = next(m for m in layer.by_space["cairo"] if m.side == "french")
    layer.avoid = dict(layer.avoid, blocker=french.body().translated(french.scenePos()))
    assert _same(layer)


@pytest.mark.parametrize("seed", [7, 11])
def test_placement_seeded_games_as_the_search_one_by_one(window, qtbot, seed):
    session = catalog.new_session("limits_of_glory/campaign", seed=seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(121):
        if step % 40 == 0:
            assert _same(_show(window, qtbot, session.state))
            checked += 1
        actions = session.controller.legal_actions(session.state)
        if not actions:
            break
        session.do(rng.choice(actions))
    assert checked >= 2
