"""Issue 13.5: the mouse wheel always zooms the map, also over a unit that can
be turned; Shift+wheel turns it (and R / Shift+R), in every game's UI."""

from __future__ import annotations

import pytest
from map_helpers import counter_point, turn_wheel, wheel

from ffl.engine import Action


def _place_adler(window) -> None:
    window.session.do(Action.make("place", "legion", piece="L-1-Adler", space="K8",
                                  level=0, facing=0))


def _move_adler(window) -> None:
    window.session.do(Action.make("move", "", piece="L-1-Adler", space="K8", level=0))
    window.session.do(Action.make("face", "", piece="L-1-Adler", facing=0))


@pytest.mark.parametrize("rules, put", [(None, _place_adler), ("off", _move_adler)],
                         ids=["ffl-setup", "free-play"])
def test_the_wheel_over_a_turnable_unit_zooms_and_shift_wheel_turns_it(
        game_window, qtbot, rules, put):
    w = game_window("ffl/basic", rules=rules)
    put(w)
    qtbot.wait(10)
    point = counter_point(w, "L-1-Adler")
    before_zoom = w.map.zoom
    wheel(w, point, -2)            # away from the user: zoom in, about the cursor
    assert w.map.zoom > before_zoom * 1.2
    assert w.session.state.pieces["L-1-Adler"].facing == 0
    zoomed = w.map.zoom
    wheel(w, counter_point(w, "L-1-Adler"), 1)
    assert w.map.zoom < zoomed
    assert w.session.state.pieces["L-1-Adler"].facing == 0
    # Shift+wheel turns the unit and leaves the zoom alone
    zoom = w.map.zoom
    turn_wheel(w, counter_point(w, "L-1-Adler"), 1)
    assert w.session.state.pieces["L-1-Adler"].facing == 1
    assert w.map.zoom == zoom
    turn_wheel(w, counter_point(w, "L-1-Adler"), -2)
    assert w.session.state.pieces["L-1-Adler"].facing == 7
