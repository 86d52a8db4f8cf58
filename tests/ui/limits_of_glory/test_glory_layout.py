"""Limits of Glory's docks at 1366x768: the commanders' names on one line each, the
event clock's titles cut short with "…" inside their boxes (the whole title as the
box's tooltip), no empty dice rows between a question and its answers."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication


def _window(game_window):
    window = game_window("limits_of_glory/campaign", seed=1)
    window.resize(1366, 768)
    QApplication.processEvents()
    return window


def test_the_commanders_table_shows_whole_names_and_headers(qtbot, game_window):
    table = _window(game_window).game_ui.campaign.commanders
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    assert table.rowCount() >= 4
    for column in range(4):
        title = table.horizontalHeaderItem(column).text()
        assert metrics.horizontalAdvance(title) < header.sectionSize(column), title
    for row in range(table.rowCount()):
        name = table.item(row, 0).text()
        assert table.fontMetrics().horizontalAdvance(name) < header.sectionSize(0), name
        assert table.rowHeight(row) < 2 * table.fontMetrics().height()   # one line


def test_the_event_clock_titles_fit_their_boxes_and_show_whole_as_tooltips(
        qtbot, game_window):
    clock = _window(game_window).game_ui.campaign.clock
    metrics = QFontMetricsF(clock.title_font())
    cut = 0
    for n in range(1, 25):
        rect = clock.title_rect(n)
        lines = clock.title_lines(n)
        assert 1 <= len(lines) <= 2, (n, lines)                 # two lines have room
        assert len(lines) * metrics.lineSpacing() <= rect.height() + 1
        assert all(metrics.horizontalAdvance(line) <= rect.width() for line in lines)
        title = clock.titles[n]
        if any(line.endswith("…") for line in lines):       # a word or the rest cut
            cut += 1
        else:
            assert " ".join(lines) == title
        assert clock.tip(n).endswith(title)
        assert clock.box_at(clock.box_rect(n).center()) == n
    assert cut > 0          # the long titles are cut, and say so


def test_no_empty_dice_rows_between_the_question_and_its_answers(qtbot, game_window):
    orders = _window(game_window).game_ui.orders
    assert orders.action_buttons and not orders._dice_kind
    assert not orders.own.isVisible() and not orders.other.isVisible()
    first = orders.action_buttons[0]
    gap = first.mapTo(orders, first.rect().topLeft()).y() - orders.question.geometry().bottom()
    assert gap < 30, gap
