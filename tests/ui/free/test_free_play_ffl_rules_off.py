"""The French Foreign Legion Basic Game with the rules off: free play on the
fort's map with FFL counters; a Legion unit dragged from the tray onto a fort
square and turned through its eight facings."""

from __future__ import annotations

from free_helpers import centre, counter_point, texts, tray_drag, wheel
from PySide6.QtCore import Qt

from ffl import catalog
from ffl.ui.ffl import FFLStyle
from ffl.ui.ffl.counters import FFLCounterItem
from ffl.ui.free import FreePlayUI


def test_the_basic_game_with_the_rules_off_is_free_play_on_the_fort(make_play_window, qtbot):
    w = make_play_window()
    w.set_session(catalog.new_session("ffl/basic", seed=4, rules="off"))
    qtbot.wait(10)
    w.map.fit()
    ui = w.game_ui
    assert isinstance(ui, FreePlayUI) and w.session.rules == "off"
    assert w.mode_label.text() == "Free play: no rules checked"
    assert isinstance(w.scene.style, FFLStyle)
    assert w.scene.counter_class is FFLCounterItem and w.scene.facings == 8
    sides = ui.tray.sides()    # grouped by side in the scenario's order, characters first
    assert sides == sorted(sides, key=["legion", "bedouin", ""].index)
    assert sides.count("legion") == 37 and sides.count("bedouin") == 78
    first = w.session.state.pieces[ui.tray.pids()[0]]
    assert w.session.module.piece_types[first.type].kind == "character"
    # a Legion unit from the tray onto a parade square of the fort (no set-up rule)
    tray_drag(qtbot, w, "L-1-Adler", centre(w, "K8"))
    adler = w.session.state.pieces["L-1-Adler"]
    assert (adler.status, adler.space, adler.level) == ("active", "K8", 0)
    assert texts(w) == ["Free play: Pvt. Adler to K8"]
    assert isinstance(w.scene.counter("L-1-Adler"), FFLCounterItem)
    # onto a building: the level the board shows (its roof)
    tray_drag(qtbot, w, "L-1-Cole", centre(w, "L5"))
    assert w.session.state.pieces["L-1-Cole"].position == ("L5", 1)
    # turned with Shift+wheel and R: eight facings, wrapping
    wheel(w, counter_point(w, "L-1-Adler"), 1, Qt.KeyboardModifier.ShiftModifier)
    seen = [w.session.state.pieces["L-1-Adler"].facing]
    for _ in range(8):
        qtbot.keyClick(w.map, Qt.Key.Key_R)
        seen.append(w.session.state.pieces["L-1-Adler"].facing)
    assert seen == [0, 1, 2, 3, 4, 5, 6, 7, 0]
    assert texts(w)[-2:] == ["Free play: Pvt. Adler faces NW", "Free play: Pvt. Adler faces N"]
    # flipped: the FFL counter does not draw a back, so free play marks it
    qtbot.keyClick(w.map, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert w.session.state.pieces["L-1-Adler"].data.get("flipped") is True
    assert [s.toolTip() for s in ui.overlay.sashes] == ["flipped"]
    assert ui.overlay.sashes[0].pos() == counter_point(w, "L-1-Adler")
