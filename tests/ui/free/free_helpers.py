"""Real mouse, wheel and key events for the free-play tests, addressed in scene
points of the map (the same way the FFL UI tests drive the map viewport)."""

from __future__ import annotations

from map_helpers import counter_point, list_drag, vp, wheel  # noqa: F401 (re-exported)
from PySide6.QtCore import QPoint, QPointF, Qt


def centre(window, key: str) -> QPointF:
    return window.scene.space_centre(key)


def drag(qtbot, window, start: QPointF, end: QPointF, steps: int = 4) -> None:
    """Press at ``start``, move in a few steps, release at ``end`` (scene points)."""
    viewport = window.map.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=vp(window, start))
    for i in range(1, steps + 1):
        p = start + (end - start) * (i / steps)
        qtbot.mouseMove(viewport, vp(window, p))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=vp(window, end))


def right_click(qtbot, window, point: QPointF) -> None:
    qtbot.mousePress(window.map.viewport(), Qt.MouseButton.RightButton,
                     pos=vp(window, point))
    qtbot.mouseRelease(window.map.viewport(), Qt.MouseButton.RightButton,
                       pos=vp(window, point))


def tray_drag(qtbot, window, pid: str, end: QPointF | None, off_map: QPoint | None = None):
    """Drag a piece from the Pieces tray and release it over a scene point of the
    map (or over ``off_map``, a point of the tray list itself)."""
    tray = window.game_ui.tray
    item = tray.item_for(pid)
    assert item is not None, f"{pid} is not in the tray"
    list_drag(qtbot, window, tray.list, item, end, off_map)


def menu_action(menu, prefix: str, exact: bool = False):
    """The action of a menu (or its submenus) whose text starts with ``prefix``
    (or, ``exact``, is ``prefix``)."""
    found = _find(menu, prefix, exact)
    if found is None:
        raise AssertionError(f"no menu entry {prefix!r} in {[a.text() for a in menu.actions()]}")
    return found


def _find(menu, prefix: str, exact: bool):
    for action in menu.actions():
        if action.text() == prefix or not exact and action.text().startswith(prefix):
            return action
        if action.menu() is not None:
            found = _find(action.menu(), prefix, exact)
            if found is not None:
                return found
    return None


def texts(window) -> list[str]:
    return [e.text for e in window.session.log.events]
