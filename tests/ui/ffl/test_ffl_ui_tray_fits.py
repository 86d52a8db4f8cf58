"""The Units dock at 1366x768 in the Bedouin's preparation with every optional rule
on (issue: the "15 Siege" text was cut and the lists squeezed to a row or two):
every text in it is whole, its lists show several rows, nothing is asked that
cannot be done (no rope panel without ropes) and the units read by their
organization's name, not its id.  Measured on the shown widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton

from ffl.games.ffl.options import OPTIONAL_RULES
from ffl.opponents import decide
from ffl.opponents.ffl import make

ALL = {o.id: True for o in OPTIONAL_RULES}


@pytest.fixture
def bedouin_preparation(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()

    def open_at(scenario: str, size=(1366, 768), phase="setup-bedouin"):
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("ffl/animate_dice", False)
        w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        assert w.open_scenario(scenario, seed=5, options=ALL)
        w._closing_confirmed = True
        qtbot.wait(50)                  # the window settled, as a player first sees it
        ctrl, programs = w.session.controller, {}
        for n in range(200):            # the program sets both sides up to the Bedouin's turn
            prompt = ctrl.prompt(w.session.state)
            if prompt.phase == phase:
                break
            side = prompt.side
            programs.setdefault(side, make(ctrl, side, "normal", seed=n + 1))
            w.session.do(decide(programs[side], ctrl, w.session.state).action)
        assert ctrl.prompt(w.session.state).phase == phase
        qtbot.wait(20)
        if w.host.covered():
            w.game_ui.handover.button.click()
        qtbot.wait(50)
        return w

    return open_at


def cut_texts(panel) -> list[str]:
    out = []
    for label in panel.findChildren(QLabel):
        if not label.isVisibleTo(panel) or not label.text():
            continue
        need = label.heightForWidth(label.width()) if label.wordWrap() \
            else label.sizeHint().height()
        if label.height() < need - 1:
            out.append(f"{label.text()[:40]!r}: {label.height()} < {need}")
        if not label.wordWrap() and label.width() < label.sizeHint().width() - 1:
            out.append(f"{label.text()[:40]!r}: {label.width()} wide < {label.sizeHint().width()}")
    for button in panel.findChildren(QPushButton):
        if button.isVisibleTo(panel) and button.text():
            text = button.fontMetrics().horizontalAdvance(button.text())
            if button.width() < text + 4:
                out.append(f"button {button.text()!r}: {button.width()} < {text + 4}")
    return out


@pytest.mark.parametrize("scenario", ["ffl/negotiations", "ffl/night-attack", "ffl/basic"])
def test_2_32_15_the_bedouin_preparation_dock_is_whole_at_1366x768(bedouin_preparation,
                                                                   scenario):
    w = bedouin_preparation(scenario)
    tray = w.game_ui.tray
    assert w.game_ui.tray_dock.isVisible()
    assert (w.width(), w.height()) == (1366, 768)       # the docks never stretch the window
    assert cut_texts(tray) == []
    scroller = w.game_ui.tray_dock.widget()
    assert tray.width() <= scroller.viewport().width()   # nothing cut at the right
    if tray.rope_panel.isVisibleTo(tray):                 # 2.32 ropes can be given
        assert tray.rope_box.count() and tray.carrier_box.count()
    siege = tray.panels.siege_label
    assert siege.isVisibleTo(tray) and siege.text().startswith("<b>15 Siege</b>")
    for lst in tray.findChildren(QListWidget):
        if lst.isVisibleTo(tray) and lst.count():
            rows = lst.viewport().height() / max(1, lst.sizeHintForRow(0))
            assert rows >= min(lst.count(), 4) - 0.5, (lst.objectName(), rows)
    state = w.session.state
    types = w.session.module.piece_types
    ropes = [p for p in state.pieces.values() if types[p.type].kind == "rope"]
    assert tray.rope_panel.isVisibleTo(tray) == bool(ropes)
    orgs = {t.org for t in types.values() if t.org}
    texts = [tray.list.item(i).text() for i in range(tray.list.count())]
    assert not [t for t in texts if t.split(":")[0] in orgs], texts


def test_23_3_in_the_negotiation_the_empty_units_dock_folds_away(bedouin_preparation):
    """Nothing waits off the board and nothing is asked in the Units dock: it folds
    away and leaves the room to the Scenario dock's declarations (it stayed, empty,
    because the scenario panel, in a dock of its own, was counted as its content)."""
    w = bedouin_preparation("ffl/treachery", phase="negotiation")
    assert not w.game_ui.tray_dock.isVisible()
    panel = w.game_ui.scenario_panel
    assert panel.dock.isVisible() and any(b.isVisible() for b in panel.buttons)


@pytest.mark.parametrize("scenario", ["ffl/night-attack", "ffl/returning-patrol", "ffl/negotiations"])
def test_20_1_21_1_22_1_the_tribe_choice_needs_no_scroll_at_1366x768(bedouin_preparation, scenario):
    """20.1 / 21.1 / 22.1 the tribes to leave out are offered as buttons: with every
    optional rule on (a full Units dock above) each button is whole in the
    Scenario dock's view without scrolling (it needed a scroll: the long 21.11 /
    21.21 limits came first and the dock kept its share of the height)."""
    w = bedouin_preparation(scenario)
    panel = w.game_ui.scenario_panel
    buttons = [b for b in panel.buttons if b.isVisible()]
    assert buttons and all("Tribe out" in b.text() for b in buttons), [b.text() for b in buttons]
    view = panel.viewport()
    assert panel.verticalScrollBar().value() == 0
    for b in buttons:
        top = b.mapTo(view, b.rect().topLeft()).y()
        bottom = b.mapTo(view, b.rect().bottomLeft()).y()
        assert 0 <= top and bottom < view.height(), (b.text(), top, bottom, view.height())
    assert (w.width(), w.height()) == (1366, 768)
    assert w.game_ui.tray_dock.isVisible()       # the Units dock keeps its place
