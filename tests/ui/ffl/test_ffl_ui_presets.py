"""Less repetition in the Legion's set-up (issue 13, point 6): a random legal
set-up in one click, set-ups saved under a name and loaded in a later game, each
as one undo step, through the Units tray with real clicks and typing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ffl.engine import Action


def placed(w) -> dict:
    return w.game_ui.tray.presets.snapshot()


def click(qtbot, button) -> None:
    assert button.isVisible() and button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_2_31_a_random_legal_set_up_in_one_click_is_one_undo_step(open_ffl, qtbot):
    w = open_ffl()
    presets = w.game_ui.tray.presets
    before = len(w.session.log.events)
    click(qtbot, presets.random_button)
    info = w.game_ui.prompt().info
    assert info["placed"] == info["to_place"] == 30
    snap = placed(w)
    assert len(snap["out"]) == 3 and len(snap["placed"]) == 30
    # the rules accept it: the set-up can end
    assert w.session.controller.legal(w.session.state, Action.make("end-setup", "legion"))
    assert w.game_ui.bar.setup_button.isEnabled()
    # one undo step takes it all back
    w.map.setFocus()
    qtbot.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(w.session.log.events) == before
    assert placed(w) == {"placed": {}, "out": []}


def test_2_31_a_set_up_saved_by_name_loads_in_a_new_game(open_ffl, qtbot):
    w = open_ffl()
    presets = w.game_ui.tray.presets
    click(qtbot, presets.random_button)
    saved = placed(w)
    qtbot.mouseClick(presets.name_edit, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(presets.name_edit, "Walls first")
    click(qtbot, presets.save_button)
    assert "Walls first" in presets.names()
    assert "saved" in w.statusBar().currentMessage()
    # a new game: nothing placed; Load puts every unit back where it stood
    assert w.open_scenario("ffl/basic", seed=7)
    w._closing_confirmed = True
    qtbot.wait(10)
    presets = w.game_ui.tray.presets
    assert placed(w) == {"placed": {}, "out": []}
    assert [presets.preset_box.itemText(i) for i in range(presets.preset_box.count())] == \
        ["Walls first"]
    before = len(w.session.log.events)
    click(qtbot, presets.load_button)
    assert placed(w) == saved
    assert "loaded." in w.statusBar().currentMessage()
    # loading again over a changed set-up moves only what differs, still one step
    w.session.undo()
    assert len(w.session.log.events) == before
    click(qtbot, presets.random_button)
    click(qtbot, presets.load_button)
    assert placed(w) == saved
    click(qtbot, presets.delete_button)
    assert presets.names() == []


def test_2_31_the_presets_show_only_while_the_legion_sets_up(open_ffl, qtbot):
    w = open_ffl()
    presets = w.game_ui.tray.presets
    assert presets.isVisible()
    click(qtbot, presets.random_button)
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "setup-bedouin"
    assert not presets.isVisible()
