"""Real mouse and wheel events on the play window's map, addressed in scene
points (shared by the FFL, free-play and conformance UI tests)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication


def vp(window, scene_point: QPointF) -> QPoint:
    """The map viewport's pixel of a scene point."""
    return window.map.mapFromScene(scene_point)


def counter_point(window, pid: str) -> QPointF:
    return window.scene.counter(pid).scenePos()


def wheel(window, point: QPointF, notches: int,
          modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Turn the mouse wheel over a scene point (positive: towards the user); the
    plain wheel zooms the map, Shift+wheel (``modifiers``) turns a unit."""
    viewport = window.map.viewport()
    local = QPointF(vp(window, point))
    event = QWheelEvent(local, QPointF(viewport.mapToGlobal(local.toPoint())), QPoint(0, 0),
                        QPoint(0, -120 * notches), Qt.MouseButton.NoButton,
                        modifiers, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


SHIFT = Qt.KeyboardModifier.ShiftModifier


def turn_wheel(window, point: QPointF, notches: int) -> None:
    """Shift+wheel over a scene point: turns the unit there (positive: clockwise)."""
    wheel(window, point, notches, SHIFT)


def list_drag(qtbot, window, lst, item, end: QPointF | None, off_map: QPoint | None = None):
    """Drag ``item`` of a tray list and release it over a scene point of the map
    (or over ``off_map``, a point of the list itself)."""
    lst.scrollToItem(item)
    start = lst.visualItemRect(item).center()
    if end is not None:
        target = lst.viewport().mapFromGlobal(
            window.map.viewport().mapToGlobal(vp(window, end)))
    else:
        target = off_map
    qtbot.mousePress(lst.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(lst.viewport(), start + QPoint(30, 0))
    qtbot.mouseMove(lst.viewport(), target)
    qtbot.mouseRelease(lst.viewport(), Qt.MouseButton.LeftButton, pos=target)
