"""The card game's docks at 1366x768: the score sheet shows every player's column
without a horizontal scroll bar (four players)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication


def test_the_score_sheet_shows_all_four_players_at_1366x768(qtbot, game_window):
    window = game_window("card_game/4p", seed=1)
    window.resize(1366, 768)
    QApplication.processEvents()
    sheet = window.game_ui.scores
    header = sheet.horizontalHeader()
    assert sheet.columnCount() == 4
    assert not sheet.horizontalScrollBar().isVisible()
    width = sheet.viewport().width()
    metrics = header.fontMetrics()
    for column in range(4):
        left = header.sectionViewportPosition(column)
        assert 0 <= left and left + header.sectionSize(column) <= width, column
        title = sheet.horizontalHeaderItem(column).text()
        assert metrics.horizontalAdvance(title) < header.sectionSize(column), title
