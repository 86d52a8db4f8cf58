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
