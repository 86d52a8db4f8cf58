"""19.12 / 23.12 the Mutineer player marks his men with a click on their counters
on the map (a second click takes the mark off); the scenario panel's list of
fourteen names stays for the keyboard.  Real mouse clicks on the map."""

from __future__ import annotations

from ffl_ui_helpers import click
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from ffl.opponents import decide
from ffl.opponents.ffl import make


def test_19_12_a_click_on_a_private_marks_him_a_mutineer_and_another_unmarks(qtbot,
                                                                          tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_scenario("ffl/les-allemands", seed=5)
    w._closing_confirmed = True
    qtbot.wait(50)
    ctrl = w.session.controller
    for n in range(200):                    # the program sets the Legion up (19.11)
        prompt = ctrl.prompt(w.session.state)
        if "mutineer" in prompt.kinds:
            break
        w.session.do(decide(make(ctrl, prompt.side, "normal", seed=n + 1), ctrl,
                            w.session.state).action)
    qtbot.wait(20)
    if w.host.covered():
        w.game_ui.handover.button.click()
    listed = {a.get("piece") for a in ctrl.legal_actions(w.session.state)
              if a.kind == "mutineer"}
    state = w.session.state
    pid = next(p for p in sorted(listed) if state.pieces[p].level == 0)
    item = w.scene.counter(pid)
    w.map.centerOn(item.scenePos())
    qtbot.wait(10)
    click(qtbot, w, item.scenePos())
    assert pid in (w.session.state.vars.get("mutineers") or [])
    assert "joins the mutiny" in w.session.log.events[-1].text
    assert "MU" in w.scene.counter(pid).marks             # the mark shows on the counter
    qtbot.wait(QApplication.doubleClickInterval() + 50)     # a second click, not a double
    click(qtbot, w, item.scenePos())
    assert pid not in (w.session.state.vars.get("mutineers") or [])
    assert "MU" not in w.scene.counter(pid).marks
