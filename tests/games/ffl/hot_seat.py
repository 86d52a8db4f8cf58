"""A shown play window at one computer with the hot-seat hand-over cover on
(for the scenario UI tests): ``hot_seat_window`` and the cover while it shows."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget


def hot_seat_window(qtbot, tmp_path, scenario_id: str, seed: int = 3):
    """A 1400x900 play window on a new game of ``scenario_id``, dice not animated,
    the hand-over cover between players on."""
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    settings.setValue("ffl/handover", True)
    win = main_window(settings=settings, data_folder=tmp_path / "data")
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_scenario(scenario_id, seed=seed)
    win._closing_confirmed = True
    qtbot.wait(20)
    return win


def shown_cover(win):
    """The hand-over cover if it is showing, else None."""
    found = win.findChild(QWidget, "handOver")
    return found if found is not None and found.isVisible() else None
