"""Helpers for the editor tests: real mouse events on the editor's map, and a
canonical text of a module dump for comparisons."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from ffl.ui.style import UNIT


class Mouse:
    """Real mouse events on the editor's map, addressed in board units."""

    def __init__(self, window) -> None:
        self.window = window
        self.view = window.view

    def at(self, x: float, y: float) -> QPoint:
        return self.view.mapFromScene(QPointF(x * UNIT, y * UNIT))

    def click(self, x: float, y: float, mods=Qt.KeyboardModifier.NoModifier) -> None:
        QTest.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, mods, self.at(x, y))

    def double_click(self, x: float, y: float) -> None:
        """A whole double click, as Qt delivers one: press, release, the second
        press as a double-click event, release.  (QTest's mouseDClick alone is
        that second press without its release: Qt 6 then thinks the button held.)"""
        double_click(self.view.viewport(), self.at(x, y))

    def drag(self, points, mods=Qt.KeyboardModifier.NoModifier) -> None:
        vp = self.view.viewport()
        first, *rest = points
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, mods, self.at(*first))
        for p in rest:
            QTest.mouseMove(vp, self.at(*p))
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, mods, self.at(*points[-1]))


def double_click(widget, pos: QPoint, button=Qt.MouseButton.LeftButton) -> None:
    """A whole double click with ``button`` at ``pos`` on ``widget``, ending
    with no button held."""
    none = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(widget, button, none, pos)
    QTest.mouseRelease(widget, button, none, pos)
    QTest.mouseDClick(widget, button, none, pos)
    QTest.mouseRelease(widget, button, none, pos)


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True)


def answer_dialog(fill, timeout_ms: int = 50) -> None:
    """Before opening a modal dialog: have ``fill(dialog)`` run once it is up (it must
    accept or reject it)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def later():
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(timeout_ms, later)
            return
        fill(dialog)

    QTimer.singleShot(timeout_ms, later)


def new_scenario(window, title: str, sides: str = "", board: str | None = None) -> None:
    """Add a scenario through the New scenario dialog: typed title and sides, OK clicked."""
    from PySide6.QtWidgets import QDialogButtonBox

    def fill(dialog):
        QTest.keyClicks(dialog.title, title)
        dialog.sides.clear()
        QTest.keyClicks(dialog.sides, sides)
        if board is not None:
            dialog.board.setCurrentText(board)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    answer_dialog(fill)
    QTest.mouseClick(window.scenario_panel.add_button, Qt.MouseButton.LeftButton)
    # the offscreen platform does not hand activation back after a modal dialog
    window.activateWindow()
    QTest.qWaitForWindowActive(window)


class Gate:
    """A job on the editor's worker that holds it until opened (standing for
    a long job: what the window does meanwhile is seen every time, not by
    luck of timing)."""

    def __init__(self, w) -> None:
        import threading

        self.event = threading.Event()
        w.start_checks.submit("Holding the worker (test)…", lambda _r, _e: None,
                              self.event.wait, 30)

    def open(self) -> None:
        self.event.set()


def ticks(qtbot, ms: int = 300) -> int:
    """How often a 10 ms timer fired in ``ms``: the window's event loop ran."""
    from PySide6.QtCore import QTimer

    fired = [0]
    timer = QTimer(interval=10)
    timer.timeout.connect(lambda: fired.__setitem__(0, fired[0] + 1))
    timer.start()
    qtbot.wait(ms)
    timer.stop()
    return fired[0]


def open_copy(window, source, folder, name: str | None = None):
    """Open in ``window`` a copy, made in ``folder``, of the module file
    ``source`` (a shipped one: a test edits and saves the copy, never the
    shipped file); the copy's path."""
    import shutil

    path = folder / (name or source.name)
    shutil.copy(source, path)
    assert window.open_path(path), window.last_error
    return path
