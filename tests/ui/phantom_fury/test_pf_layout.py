"""Phantom Fury's Battle dock at 1366x768: every turn number of the turn track fits
inside its box (the two-figure ones included)."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication


def test_the_turn_track_numbers_fit_their_boxes_at_1366x768(qtbot, game_window):
    window = game_window("phantom_fury/jolan", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    track = window.findChild(type(window.game_ui.panel.track), "pfTurnTrack")
    assert track.isVisible()
    box = int((track.width() - 2) / 16) - 2            # as paintEvent draws it
    metrics = QFontMetricsF(track.number_font())
    assert metrics.horizontalAdvance("16") <= box - 4  # inside the border, a pixel clear
    assert track.number_font().pixelSize() >= 7
