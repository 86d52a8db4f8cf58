"""Real mouse events on the Phantom Fury map, in scene points."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from ffl.ui.style import UNIT


def vp(window, point: QPointF):
    return window.map.mapFromScene(point)


def centre(window, key: str) -> QPointF:
    """The centre of a space (Location box, street, Zone) in scene points."""
    x0, y0, x1, y1 = window.scene.board[key].polygon.bounds
    return QPointF((x0 + x1) / 2 * UNIT, (y0 + y1) / 2 * UNIT)


def counter_point(window, pid: str) -> QPointF:
    return window.scene.counter(pid).scenePos()


def drag(qtbot, window, start: QPointF, end: QPointF) -> None:
    viewport = window.map.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=vp(window, start))
    mid = QPointF((start.x() + end.x()) / 2, (start.y() + end.y()) / 2)
    for p in (start + QPointF(12, 12), mid, end):
        qtbot.mouseMove(viewport, vp(window, p))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=vp(window, end))


def click(qtbot, window, point: QPointF, button=Qt.MouseButton.LeftButton) -> None:
    viewport = window.map.viewport()
    qtbot.mousePress(viewport, button, pos=vp(window, point))
    qtbot.mouseRelease(viewport, button, pos=vp(window, point))


def zoom_on(window, key: str, scale: float = 0.9) -> None:
    """Zoom the map onto a space so its counters are big enough to hit."""
    window.map.resetTransform()
    window.map.scale(scale, scale)
    window.map.centerOn(centre(window, key))


def eager_pick(actions, rng):
    """A seeded USMC that places, reinforces, calls Missions, Assaults, fires and moves
    when it can (a move 70% of the time, a Mission 80%), else ends the phase."""
    for kind in ("place", "attach", "reinforce", "mission", "assault", "fire", "move"):
        options = [a for a in actions if a.kind == kind]
        if options and (kind != "move" or rng.random() < 0.7) and (
                kind != "mission" or rng.random() < 0.8):
            return rng.choice(options)
    return next(a for a in actions if a.kind.startswith("end"))
