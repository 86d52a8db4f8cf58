"""The phase bar across the top never makes a 1366x768 window wider: with every
optional rule on, in Les Allemands' mutineers' movement (the longest
organization name, "Kabyle Tribe (Squad 3 mutineers)"), the window keeps the
width asked for (the bar's "Options: 10 11 12 ... 18" pushed it to 1493)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from ffl.games.ffl.options import OPTIONAL_RULES
from ffl.opponents import decide
from ffl.opponents.ffl import make
from ffl.ui.ffl.phase_bar import compact_rules

ALL = {o.id: True for o in OPTIONAL_RULES}
MUTINEER_CHITS = ("arab", "berber", "kabyle")       # 19.3


def test_19_3_the_bar_fits_a_1366_window_with_every_option(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_scenario("ffl/les-allemands", seed=5, options=ALL)
    w._closing_confirmed = True
    ctrl, programs = w.session.controller, {}
    for n in range(400):
        state = w.session.state
        prompt = ctrl.prompt(state)
        if prompt.phase == "movement" and state.vars.get("chit") in MUTINEER_CHITS:
            break
        programs.setdefault(prompt.side, make(ctrl, prompt.side, "normal", seed=n + 1))
        w.session.do(decide(programs[prompt.side], ctrl, state).action)
    assert w.session.state.vars.get("chit") in MUTINEER_CHITS
    qtbot.wait(50)
    bar = w.game_ui.bar
    assert "mutineers" in bar.org_label.text()
    # 19.1 no Bedouin player: 12, 15 and 17.3 left out of play; eight rules, counted
    assert bar.options_label.text() == "Options: 8 rules"   # 10-11 13-14 16-17.2 17.4-18
    assert "17.3 Le Cafard" not in bar.options_label.toolTip()
    assert "17.4 Camerone" in bar.options_label.toolTip()
    assert w.width() == 1366 and bar.minimumSizeHint().width() <= 1366


def test_the_options_in_play_read_as_runs():
    assert compact_rules(["10", "11", "14", "17.3", "17.4", "18"]) == "10-11 14 17.3-18"
    assert compact_rules(["17.1-17.2"]) == "17.1-17.2"
    assert compact_rules(["12", "16"]) == "12 16"
