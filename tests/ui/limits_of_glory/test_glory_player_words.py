"""What a demanding player reads in the Limits of Glory window: Brueys' glory in
the Commanders table while his marker stays off the map (Invasion Phase: Brueys'
and Nelson's glory), and the book's possessive ("Brueys' glory") in the orders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from real_games import shown_window

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
from log_helpers import act, seek  # noqa: E402
from test_invasion import _at_sea, _place  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path):
    """A shown 1366x768 play window, the program moving at once."""
    return shown_window(qtbot, tmp_path, (1366, 768), {"opponents/pace_ms": 0}, autosave=False)


def _show(window, qtbot, state):
    module = catalog.load_module("limits_of_glory")
    from ffl.games.limits_of_glory.controller import GloryController

    scenario = module.scenarios["limits_of_glory/campaign"]
    window.set_session(GameSession(GloryController(module), scenario, dict(scenario.options),
                                   state.seed, GameLog(state)))
    qtbot.wait(20)
    return window.game_ui


def _ready(ui, qtbot):
    """The players change seats: click the hand-over screen's button."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    if ui.host.covered():
        button = ui.host._handover.findChild(QPushButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _rows(ui):
    table = ui.campaign.commanders
    return [tuple(table.item(r, c).text() for c in range(4)) for r in range(table.rowCount())]


def test_invasion_brueys_glory_is_in_the_commanders_table_with_the_fleets(window, qtbot):
    """Invasion Phase: Brueys' glory serves any of the three fleet markers and his own
    marker is not on the map: the table lists him with his glory (it left him out, so
    the French player could not see what his re-rolls would cost)."""
    state = _at_sea()
    ui = _show(window, qtbot, state)
    brueys = [r for r in _rows(ui) if r[0] == "Brueys"]
    assert brueys == [("Brueys", str(state.pieces["brueys"].data["glory"]),
                       "with the fleet markers", "1")]


def test_invasion_the_question_says_brueys_glory_as_the_book_does(window, qtbot):
    """Invasion Example: Nelson's re-rolls answered with Brueys' glory: the question
    reads "Brueys' glory" (it read "Brueys's glory")."""
    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-toulon", "tyrrhenian")
    _place(state, "nelson", "tyrrhenian")
    seek(state, [1, 3, 4])
    state, _ = act(state, "activate", "french", space="tyrrhenian")
    ui = _show(window, qtbot, state)
    text = ui.orders.question.text()
    assert "Brueys' glory" in text and "Brueys's" not in text


def test_disembarkation_the_map_opens_on_egypt_when_the_conquest_begins(window, qtbot):
    """Disembarkation: Table, intercepted at sea: the real fleet is caught in the
    Ionian Sea and the army lands at Marabout Bay.  The map was left on the Ionian
    Sea, the army out of sight; it now opens on the French markers in Egypt, as a
    new game opens on what the player chooses among."""
    from ffl.engine import Action

    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-toulon", "tyrrhenian")
    _place(state, "nelson", "ionian")
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="tyrrhenian")
    state, _ = act(state, "move", "french", space="tyrrhenian", to="ionian",
                   pieces="fleet-toulon", units="", leave="")
    seek(state, [6])
    ui = _show(window, qtbot, state)
    window.default_view()
    window.map.centerOn(window.scene.space_centre("toulon"))   # where the fleets sailed
    qtbot.wait(20)
    marabout = window.scene.space_centre("marabout")
    assert not window.map.visible_scene_rect().contains(marabout)
    _ready(ui, qtbot)
    ui.send(Action.make("intercept", "allied", go=True))
    for _ in range(10):                   # the dice stand: no re-rolls
        _ready(ui, qtbot)
        t = ui.controller.task(window.session.state)
        if not t or t["kind"] != "test":
            break
        kind = "reroll" if t["stage"] == "reroll" else "force"
        side = t["side"] if kind == "reroll" else ("allied" if t["side"] == "french"
                                                   else "french")
        ui.send(Action.make(kind, side, dice="", six=""))
    qtbot.wait(20)
    assert window.session.state.vars["phase"] == "conquest"
    assert window.session.state.pieces["bonaparte"].space == "marabout"
    assert window.map.visible_scene_rect().contains(marabout)


def test_combat_the_orders_name_the_tables_row_and_the_total_to_reach(window, qtbot):
    """Combat: Using the combat table / Score to inflict casualties: the Orders dock
    names the row as the table prints it and the total the four dice must reach (it
    read "row naval" and never said what total was needed)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
    from test_naval_battles import BRITISH, _fleets

    state = _fleets("allied")
    seek(state, [6, 1, 2])
    state, _ = act(state, "activate", "allied", space="aboukir-bay")
    state, _ = act(state, "move", "allied", space="aboukir-bay", to="delta-coast",
                   units="", pieces=",".join(BRITISH), leave="")
    ui = _show(window, qtbot, state)
    text = ui.orders.detail.text()
    assert "Allied: strength 12, column 11-15, row Naval combat (all nationalities): needs " \
           "a total of 12 or more on its four dice to hit" in text
    assert "French: strength 6, column 4-10, row Naval combat (all nationalities): needs " \
           "a total of 13 or more on its four dice to hit" in text


def test_malta_safe_harbour_the_orders_offer_the_harbour_or_a_fight_at_sea(window, qtbot):
    """Malta: Safe harbour: the buttons say what the French squadrons may do (not
    'Retire into the BUA' / 'Fight in the open'); a click withdraws them."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton
    from test_naval_battles import _off_malta

    state, _ = _off_malta(56)
    ui = _show(window, qtbot, state)
    _ready(ui, qtbot)
    buttons = {b.text(): b for b in ui.orders.findChildren(QPushButton) if b.isVisible()}
    assert {"Withdraw into Malta's harbour", "Fight them at sea"} <= set(buttons)
    qtbot.mouseClick(buttons["Withdraw into Malta's harbour"], Qt.MouseButton.LeftButton)
    assert window.session.state.pieces["brueys"].level == 1
