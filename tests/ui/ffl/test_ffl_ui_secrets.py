"""Hot seat with secrets (issue 15, 15.11/15.21 and 17.31): the hand-over
screen is forced before a screen that shows a side's secrets, whatever the
preference; the event log shows the Legion none of the Bedouin's secret
steps."""

from __future__ import annotations

from ffl_ui_helpers import finish_legion_setup
from PySide6.QtCore import Qt


def test_15_21_the_hand_over_is_forced_before_the_bedouin_plot_in_secret(open_ffl, qtbot):
    w = open_ffl(options={"siege": True})          # the preference is off
    finish_legion_setup(w)
    assert not w.host.covered()
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert "plot-tunnel" in w.session.controller.prompt(w.session.state).kinds
    hand = w.game_ui.handover
    assert hand.isVisible() and "Bedouin" in hand.label.text()
    assert hand.geometry() == w.rect()
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    assert not hand.isVisible()


def test_without_secrets_no_hand_over_unless_asked(open_ffl, qtbot):
    w = open_ffl()
    finish_legion_setup(w)
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "setup-bedouin"
    assert not w.host.covered()


def test_15_11_the_log_hides_the_carrier_from_the_legion(open_ffl, qtbot):
    from ffl.engine import Action

    w = open_ffl(options={"siege": True})
    finish_legion_setup(w)
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.game_ui.handover.button, Qt.MouseButton.LeftButton)
    w.game_ui.do(Action.make("plot-tunnel", "bedouin", squares=("A5", "B5", "C5"), label=1))
    shown = "\n".join(w.event_log.texts())
    assert "15.21 The Bedouin mark a tunnel in secret" in shown
    assert "A5" not in shown.split("15.21 The Bedouin mark")[-1]
