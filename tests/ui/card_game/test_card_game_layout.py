"""The card game's docks at 1366x768: the score sheet shows every player's column
without a horizontal scroll bar, and the table every player's row of laid cards
without a vertical one (four players: the cards drawn smaller)."""

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


def test_the_table_shows_all_four_players_rows_without_scrolling(qtbot, game_window):
    from ffl.ui.card_game.table import CARD_H, SMALLEST_CARD_H

    window = game_window("card_game/4p", seed=1)
    window.resize(1400, 900)
    QApplication.processEvents()
    table = window.game_ui.table
    scroll = table.parentWidget().parentWidget()         # viewport, then the scroll area
    assert len(table.rows) == 4
    assert not scroll.verticalScrollBar().isVisible()
    assert table.height() <= scroll.viewport().height()
    assert SMALLEST_CARD_H <= table.card_height() < CARD_H
    two = game_window("card_game/2p", seed=1)
    two.resize(1400, 900)
    QApplication.processEvents()
    assert two.game_ui.table.card_height() == CARD_H           # room enough: full size
