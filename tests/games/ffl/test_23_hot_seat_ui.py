"""23 Treachery at one computer for three: the hand-over screen comes between
the players (the Legion, then the Mutineer player who marks his men, then the
Bedouin), and the Mutineer player's choices are in the Scenario dock."""

import pytest
from hot_seat import hot_seat_window, shown_cover
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QWidget

from ffl.engine import Action


@pytest.fixture
def window(qtbot, tmp_path):
    return hot_seat_window(qtbot, tmp_path, "ffl/treachery")


def test_23_the_hand_over_screen_between_the_three_players(window, qtbot):
    from test_23_treachery import SPOTS

    session = window.session
    for take in ("legion", "mutineer"):          # 2.1 for three: two choose, one is left
        high = session.state.vars["side_roll"]["high"]
        session.do(Action.make("choose-side", high, take=take))
    legion = sorted(p for p in session.state.pieces if p.startswith("L-"))
    for pid, key in zip(legion, SPOTS, strict=False):
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0, facing=0))
    cover = shown_cover(window)
    if cover is not None:                         # the Legion's own turn began covered
        qtbot.mouseClick(cover.findChild(QPushButton, "handOverButton"),
                         Qt.MouseButton.LeftButton)
    session.do(Action.make("end-setup", "legion"))
    qtbot.wait(20)
    cover = shown_cover(window)
    assert cover is not None
    assert "Mutineer" in cover.findChild(QLabel, "handOverLabel").text()
    qtbot.mouseClick(cover.findChild(QPushButton, "handOverButton"), Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    assert shown_cover(window) is None
    box = window.findChild(QComboBox, "scenarioChoiceBox")
    assert box.isVisible() and "23.12 Mark" in box.itemText(0)
    qtbot.mouseClick(window.findChild(QPushButton, "scenarioChoiceButton"),
                     Qt.MouseButton.LeftButton)
    assert len(session.state.vars["mutineers"]) == 1


def _buttons(win):
    return {name: win.findChild(QPushButton, f"choose{name}Button")
            for name in ("Legion", "Mutineer", "Bedouin")}


def test_2_1_the_units_panel_seats_three_players_by_clicks(window, qtbot):
    """2.1 for three: three buttons for the high roller, the two left for the
    next, then none; the words name all three rolls."""
    cover = shown_cover(window)
    if cover is not None:
        qtbot.mouseClick(cover.findChild(QPushButton, "handOverButton"),
                         Qt.MouseButton.LeftButton)
    buttons = _buttons(window)
    assert all(b.isVisible() for b in buttons.values())
    label = window.findChild(QLabel, "sideChoiceLabel")
    assert "three" in label.text() and "player 3" in label.text()
    shown = [lab.text() for lab in window.findChildren(QLabel) if lab.isVisible()]
    assert "Legion to act" in shown and not any("None" in t for t in shown)
    window.grab().save("/tmp/h4_23_side_choice.png")
    qtbot.mouseClick(buttons["Mutineer"], Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    buttons = _buttons(window)
    assert not buttons["Mutineer"].isVisible()
    assert buttons["Legion"].isVisible() and buttons["Bedouin"].isVisible()
    qtbot.mouseClick(buttons["Bedouin"], Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    roll = window.session.state.vars["side_roll"]
    assert {roll["legion"], roll["mutineer"], roll["bedouin"]} == \
        {"player 1", "player 2", "player 3"}
    assert not window.findChild(QWidget, "sideChoicePanel").isVisible()
