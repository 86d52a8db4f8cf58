"""19.1 the two players are the Legion player and the Mutineer player: the
window names the second player "Mutineer" everywhere (the hand-over screen,
the phase bar, the status line, the event log), never "Bedouin", though his
seat is the side id ``bedouin``.  A real play window with the hot-seat cover
on, clicked through with the mouse."""

import pytest
from hot_seat import hot_seat_window, shown_cover
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from ffl.engine import Action


@pytest.fixture
def window(qtbot, tmp_path):
    return hot_seat_window(qtbot, tmp_path, "ffl/les-allemands")


def _ready(win, qtbot):
    cover = shown_cover(win)
    if cover is not None:
        qtbot.mouseClick(cover.findChild(QPushButton, "handOverButton"),
                         Qt.MouseButton.LeftButton)
        qtbot.wait(10)


def _log_text(win) -> str:
    return "\n".join(e.text for e in win.session.log.events)


def test_19_1_the_mutineer_player_is_named_so_in_the_window(window, qtbot):
    from test_19_les_allemands import legion_placed

    session = window.session
    _ready(window, qtbot)
    seat = window.findChild(QPushButton, "chooseBedouinButton")
    assert seat.isVisible() and seat.text() == "Command the Mutineer side"
    qtbot.mouseClick(window.findChild(QPushButton, "chooseLegionButton"),
                     Qt.MouseButton.LeftButton)
    assert "commands the Mutineer" in _log_text(window)
    placed = legion_placed(session.state)
    for pid, piece in placed.pieces.items():
        if piece.status == "active" and pid.startswith("L-"):
            session.do(Action.make("place", "legion", piece=pid, space=piece.space,
                                   level=piece.level, facing=piece.facing))
    _ready(window, qtbot)
    session.do(Action.make("end-setup", "legion"))
    qtbot.wait(20)
    cover = shown_cover(window)
    assert cover is not None
    said = cover.findChild(QLabel, "handOverLabel").text()
    assert "Mutineer player" in said and "Bedouin" not in said
    window.grab().save("/tmp/h4_19_handover.png")
    _ready(window, qtbot)
    bar = [lab.text() for lab in window.findChildren(QLabel) if lab.isVisible()]
    assert any("Mutineer to act" in t for t in bar), bar
    assert not any("Bedouin to act" in t for t in bar)
    assert "Mutineer" in window.prompt_text() and "Bedouin" not in window.prompt_text()
    log = _log_text(window)
    assert "Mutineer player chooses his men" in log and "the Bedouin prepare" not in log
    assert "Bedouin" not in log.replace("Bedouin Sequence", "")
    window.grab().save("/tmp/h4_19_mutineer_turn.png")
