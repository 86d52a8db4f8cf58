"""The Legend Begins' docks at 1366x768: no empty chit-history box before a chit is
drawn; the Organization Cards show each formation's name whole."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication


def test_the_docks_show_no_empty_box_and_whole_formation_names(qtbot, game_window):
    window = game_window("legend_begins/compass", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    ui = window.game_ui
    ctl = ui.session.controller
    assert not ctl.chits(ui.session.state)["history"]
    assert not ui.segment.history.isVisible()            # nothing drawn yet: no box
    tree = ui.orgs.tree
    assert tree.topLevelItemCount() > 0
    metrics = tree.fontMetrics()
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        room = tree.columnWidth(0)
        need = metrics.horizontalAdvance(item.text(0)) + tree.indentation()
        assert need < room, item.text(0)
    # once a segment's chit is drawn the history shows it
    session = ui.session
    for _ in range(60):
        if ctl.chits(session.state)["history"]:
            break
        acts = list(ctl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    window.refresh()
    QApplication.processEvents()
    history = ui.segment.history
    assert history.isVisible() and history.count() >= 1
    last = history.visualItemRect(history.item(history.count() - 1))
    assert last.bottom() <= history.viewport().height()          # every row shows
    assert history.viewport().height() - last.bottom() < 2 * last.height()   # no blank box


def test_the_map_opens_on_the_front_with_the_factors_readable(qtbot, game_window):
    """Gazala at 1366x768: the window opens on the units within four hexes of an enemy
    (all of them in sight), their factor lines 9 px or more; View › Fit still shows the
    whole map."""
    from PySide6.QtCore import QLineF

    from ffl.ui.counters import HEX_COUNTER_SIZE
    from ffl.ui.legend_begins.counters import FACTOR_TEXT
    from ffl.ui.legend_begins.game_ui import FRONT_REACH

    window = game_window("legend_begins/gazala", seed=1)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view = window.map
    state = window.session.state
    drawn = [(state.pieces[pid].side, item.pos()) for pid, item in window.scene.counters.items()
             if item.isVisible() and str(state.pieces[pid].space or "").isdigit()]
    front = [a for side, a in drawn if any(QLineF(a, b).length() <= FRONT_REACH * 100
                                           for other, b in drawn if other != side)]
    assert front
    shown = view.visible_scene_rect()
    assert all(shown.contains(a) for a in front)
    assert FACTOR_TEXT * HEX_COUNTER_SIZE * 100 * view.zoom >= 9
    assert view.zoom > 2 * view.fit_zoom()
    view.fit()
    assert view.visible_scene_rect().contains(window.scene.board_rect().adjusted(2, 2, -2, -2))


def test_the_counters_open_readable_at_a_laptops_size(qtbot, game_window):
    """Compass at 1366x768: the map takes over half the window (the left docks no wider
    than they need), and the counters open with their names 11 px or more and their
    factors larger still, a long front shown by its densest part."""
    from ffl.ui.counters import HEX_COUNTER_SIZE
    from ffl.ui.legend_begins.counters import FACTOR_TEXT, NAME_TEXT

    window = game_window("legend_begins/compass", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view = window.map
    side = HEX_COUNTER_SIZE * 100 * view.zoom               # a counter's edge on the screen
    assert side * NAME_TEXT >= 11 and side * FACTOR_TEXT > side * NAME_TEXT
    assert view.viewport().width() > 1366 // 2
    assert window.game_ui.segment_dock.width() <= 1366 // 4


def test_a_stack_shows_its_combat_unit_on_top_not_its_supply_points(qtbot, game_window):
    """Compass: 7 Armd's HQ shares 2357 with Supply Points; the counter drawn on top
    is the HQ (it carries the division's display), not a Supply Point."""
    window = game_window("legend_begins/compass", seed=3)
    QApplication.processEvents()
    state = window.session.state
    here = [pid for pid, item in window.scene.counters.items()
            if item.isVisible() and state.pieces[pid].space == "2357"]
    assert "al-7armd" in here and any(pid.startswith("sp-") for pid in here)
    top = max(here, key=lambda pid: window.scene.counters[pid].zValue())
    assert top == "al-7armd"
