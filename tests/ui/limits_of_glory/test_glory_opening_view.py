"""Limits of Glory's map as it opens at 1366x768, where the player at the screen
acts, zoomed until the space names read at 10 px or more: the Allied player placing
the Bedouin sees the Egyptian spaces offered (Lower Egypt), the French player against
the program his fleets' harbours; View › Fit (key F) then shows the whole map."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from ffl import catalog


def _turn_3(game_window):
    """A window on the game of docs/screenshots/limits_of_glory.png (conquest turn 3),
    played by the picture script (loaded by its path: the other games' scripts share
    its module name)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "glory_make_screenshot", Path(__file__).resolve().parent / "make_screenshot.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    session = catalog.new_session("limits_of_glory/campaign", seed=script.SEED)
    script.advance(session, 3, script.SEED)
    window = game_window("limits_of_glory/campaign", seed=script.SEED)
    window.set_session(session)
    QApplication.processEvents()
    return window


def _opened(window):
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    return window.map.visible_scene_rect()


def _names(ui):
    return {item.data(0): item for item in ui.decor.items if item.data(0)}


def test_the_map_opens_on_the_bedouin_choices_with_readable_names(qtbot, game_window):
    window = game_window("limits_of_glory/campaign", seed=1)
    shown = _opened(window)
    ui, view = window.game_ui, window.map
    assert "place-bedouin" in ui.prompt().kinds
    offered = {a["space"] for a in ui.controller.legal_actions(window.session.state)}
    names = _names(ui)
    seen = [k for k in offered if shown.contains(names[k].sceneBoundingRect())]
    assert len(seen) >= 6, (seen, offered)        # all of Lower Egypt's; the inset aside
    for k in seen:
        assert names[k].font().pixelSize() * view.zoom >= 10
    assert view.zoom > 2 * view.fit_zoom()
    overview = window.overview                         # the Overview shows the whole map
    overview.refit()
    seen = overview.mapToScene(overview.viewport().rect()).boundingRect()
    assert seen.contains(window.scene.board_rect())

    window.activateWindow()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F)             # View › Fit to window
    QApplication.processEvents()
    assert view.visible_scene_rect().contains(window.scene.board_rect().adjusted(2, 2, -2, -2))


def test_against_the_program_the_french_see_their_fleets(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("opponents/pace_ms", 60000)   # the program waits
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window._closing_confirmed = True
    window.set_session(catalog.new_session("limits_of_glory/campaign", seed=1,
                                           options={"allied_player": "program"}))
    shown = _opened(window)
    ui = window.game_ui
    french = [m for ms in ui.markers.by_space.values() for m in ms if m.side == "french"]
    assert {m.space for m in french} >= {"toulon", "genoa", "civitavecchia"}
    for m in french:
        assert shown.contains(m.sceneBoundingRect()), m.space
    names = _names(ui)
    assert shown.contains(names["toulon"].sceneBoundingRect())
    assert names["toulon"].font().pixelSize() * window.map.zoom >= 10


def test_the_lines_under_markers_side_by_side_do_not_run_into_each_other(qtbot, game_window):
    """Two commanders side by side (Murad and Ibrahim in Cairo, conquest turn 3): the
    name and glory under the second drop a line, so neither runs into the other."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetricsF

    from ffl.ui.limits_of_glory.markers import SUB_LINE, sub_font
    from ffl.ui.style import UNIT

    window = _turn_3(game_window)
    metrics = QFontMetricsF(sub_font())      # as written (10 px at the opening zoom)
    crowded = 0
    for ms in window.game_ui.markers.by_space.values():
        lines = []
        for m in ms:
            if m.sub:
                width = metrics.horizontalAdvance(m.sub)
                top = m.pos().y() + m._s / 2 + m.sub_row * SUB_LINE * UNIT
                lines.append(QRectF(m.pos().x() - width / 2, top, width, SUB_LINE * UNIT))
        crowded += len(lines) > 1
        for i, a in enumerate(lines):
            assert not any(a.intersects(b) for b in lines[i + 1:]), ms[0].space
    assert crowded


def test_markers_leave_what_is_printed_for_the_spaces_readable(qtbot, game_window):
    """Conquest turn 3: no marker, nor the line under it, lies on a space's value,
    name, BUA banner or harbour (Rosetta's stood on Alexandria's banner, the line
    under Bonaparte on Marabout Bay's name); each stays inside its own space."""
    from PySide6.QtCore import QRectF
    from shapely import contains_xy

    from ffl.ui.style import UNIT

    window = _turn_3(game_window)
    ui = window.game_ui
    printed = ui.decor.print_rects
    for key, ms in ui.markers.by_space.items():
        for m in ms:
            s, p = m._s, m.pos()
            rects = [QRectF(p.x() - s / 2, p.y() - s / 2, s, s)]
            if m.sub:
                rects.append(m.sub_rect().translated(p))
            for r in rects:
                assert not [k for k, pr in printed.items() if r.intersects(pr)], key
            assert contains_xy(window.scene.board[key].polygon, p.x() / UNIT, p.y() / UNIT)
