"""19-23 the scenario's choices on screen (``ffl/ui/ffl/scenario_panel.py``): a
real play window, real mouse clicks on the panel's buttons (22.11 the patrol),
and a mutineer marked from the list (19.12)."""

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from ffl.engine import Action


@pytest.fixture
def open_scenario(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id: str, seed: int = 3):
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("ffl/animate_dice", False)
        settings.setValue("ffl/handover", False)     # one player at the screen here
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario(scenario_id, seed=seed)
        window._closing_confirmed = True
        qtbot.wait(20)
        return window

    return make


def _button(window, text: str) -> QPushButton:
    panel = window.findChild(object, "scenarioPanel")
    assert panel is not None and panel.isVisible()
    found = [b for b in panel.findChildren(QPushButton) if text in b.text() and b.isVisible()]
    assert found, [b.text() for b in panel.findChildren(QPushButton)]
    return found[0]


def test_22_11_the_patrol_chosen_with_the_panels_buttons(open_scenario, qtbot):
    window = open_scenario("ffl/returning-patrol")
    qtbot.mouseClick(_button(window, "Send 2nd Squad on patrol"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_button(window, "Send Lt. Briere on patrol"), Qt.MouseButton.LeftButton)
    patrol = window.session.state.vars["patrol"]
    assert patrol["squad"] == "squad-2" and patrol["commander"] == "L-LC-Briere"
    assert window.session.state.pieces["L-2-Novak"].status == "unused"


def test_19_12_a_mutineer_marked_from_the_panels_list(open_scenario, qtbot):
    from test_19_les_allemands import legion_placed

    window = open_scenario("ffl/les-allemands")
    session = window.session
    high = session.state.vars["side_roll"]["high"]
    session.do(Action.make("choose-side", high, take="legion"))
    placed = legion_placed(session.state)
    for pid, piece in placed.pieces.items():      # the Legion's set-up, as a player made it
        if piece.status == "active" and pid.startswith("L-"):
            session.do(Action.make("place", "legion", piece=pid, space=piece.space,
                                   level=piece.level, facing=piece.facing))
    session.do(Action.make("end-setup", "legion"))
    qtbot.wait(10)
    panel = window.findChild(object, "scenarioPanel")
    box = panel.findChild(QComboBox, "scenarioChoiceBox")
    assert box.isVisible() and box.count() >= 30
    index = next(i for i in range(box.count()) if "Pvt. Cole" in box.itemText(i))
    box.setCurrentIndex(index)
    qtbot.mouseClick(panel.findChild(QPushButton, "scenarioChoiceButton"),
                     Qt.MouseButton.LeftButton)
    assert session.state.vars["mutineers"] == ["L-1-Cole"]
