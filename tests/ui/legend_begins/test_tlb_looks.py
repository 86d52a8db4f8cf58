"""What a player of The Legend Begins sees in a shown window at laptop sizes: the Field
Works tags (18.0) are clear of every counter's printed name, steps, symbol and factors
and of the hex numbers, at the opening zoom and zoomed in, and readable; every row of
the Stack dock is readable in full at 1366x768 and 1400x900 (it wraps, and its tooltip
holds the whole row)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from ffl.ui.legend_begins.counters import SYMBOL_BOX, LegendCounterItem


@pytest.fixture
def make_window(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(width: int, height: int):
        settings = QSettings(str(tmp_path / f"s{width}.ini"), QSettings.Format.IniFormat)
        win = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
        qtbot.addWidget(win)
        win.resize(width, height)
        win.show()
        qtbot.waitExposed(win)
        win._closing_confirmed = True
        return win
    return make


def _printed_parts(item: LegendCounterItem) -> dict[str, QRectF]:
    """Where a counter prints its name, steps, unit symbol and factors (scene)."""
    s = item.size
    parts = {"name": QRectF(-s / 2, -s / 2, s, s * 0.22),
             "steps": QRectF(-s / 2 + 2, -s * 0.3, s * 0.3, s * 0.16),
             "symbol": item.part_rect(SYMBOL_BOX),
             "factors": QRectF(-s / 2, s * 0.25, s, s * 0.25)}
    return {k: item.mapRectToScene(r) for k, r in parts.items()}


def _check_tags(window) -> None:
    ui = window.game_ui
    scene = window.scene
    works = ui.state.vars["works"]
    assert {t.key for t in ui.works_items} == set(works)
    numbers = {label.data(0): label.mapRectToScene(label.boundingRect())
               for label in scene.labels}
    counters = [c for c in scene.counters.values()
                if isinstance(c, LegendCounterItem) and c.isVisible()]
    view = window.map
    for tag in ui.works_items:
        rect = tag.tag_rect()
        assert tag.text == {"ip": "IP", "fort": "Ft"}[works[tag.key]["type"]] + \
            ("*" if works[tag.key].get("permanent") else "")
        assert not rect.intersects(numbers[tag.key]), tag.key      # the hex number
        for c in counters:
            assert tag.zValue() > c.zValue()            # drawn above the stack
            for name, part in _printed_parts(c).items():
                assert not rect.intersects(part), (tag.key, c.piece.id, name)
        # within its own hex, and its letters fit inside it
        assert scene.board[tag.key].polygon.buffer(0.05).contains(
            __import__("shapely").geometry.box(rect.left() / 100, rect.top() / 100,
                                               rect.right() / 100, rect.bottom() / 100))
        ink = QFontMetrics(tag.font).horizontalAdvance(tag.text)
        assert ink <= rect.width()
        # on screen: at least 8 pixels of type
        on_screen = view.mapFromScene(rect).boundingRect()
        assert on_screen.height() >= 8, (tag.key, on_screen)


def test_18_0_field_work_tags_clear_of_counters_and_hex_numbers(make_window):
    window = make_window(1366, 768)
    window.open_scenario("legend_begins/gazala", seed=1)
    QApplication.processEvents()
    ui = window.game_ui
    assert len(ui.works_items) >= 10               # Tobruk's forts and the Gazala line
    _check_tags(window)                            # the opening zoom
    tobruk = window.scene.space_centre("3037")
    window.map.centre_on(tobruk)
    for _ in range(4):
        window.map.zoom_in()
    QApplication.processEvents()
    assert window.map.zoom > 1.5
    tag = next(t for t in ui.works_items if t.key == "3037")
    assert window.map.visible_scene_rect().contains(tag.tag_rect())
    _check_tags(window)                            # zoomed in


def _row_readable(lst, item) -> None:
    """The row's whole text lies inside the space the list paints it in."""
    index = lst.indexFromItem(item)
    option = QStyleOptionViewItem()
    lst.initViewItemOption(option)
    lst.itemDelegate().initStyleOption(option, index)
    option.rect = lst.visualItemRect(item)
    style = lst.style()
    text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, lst)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, lst) + 1
    assert option.rect.right() <= lst.viewport().width(), item.text()
    needed = QFontMetrics(option.font).boundingRect(
        QRect(0, 0, max(1, text_rect.width() - 2 * margin), 10_000),
        int(Qt.TextFlag.TextWordWrap), item.text())
    assert needed.height() <= text_rect.height(), (item.text(), needed, text_rect)
    assert item.text().strip() in item.toolTip()


@pytest.mark.parametrize("size", [(1366, 768), (1400, 900)])
def test_5_5_a_long_stack_row_is_readable_in_full(make_window, size):
    from ffl.catalog import new_session
    from ffl.engine import GameLog
    from ffl.session import GameSession

    window = make_window(*size)
    base = new_session("legend_begins/compass", seed=5)
    st = base.state.copy()
    hx = st.pieces["ax-1ccnn-1"].space
    for pid in ("ax-1ccnn-1", "ax-1ccnn-2"):       # long rows: every marker at once
        st.pieces[pid].space = hx
        st.pieces[pid].data.update(disrupted=True, oos=True, support=True)
    session = GameSession(base.controller, base.scenario, dict(base.options), st.seed,
                          GameLog(st))
    assert window.set_session(session)
    QApplication.processEvents()
    ui = window.game_ui
    ui.choose(hx)
    QApplication.processEvents()
    lst = ui.stack_panel.list
    rows = [lst.item(i) for i in range(lst.count())]
    long = [r for r in rows if "Out of Supply" in r.text()]
    assert long, [r.text() for r in rows]
    # the same rows as a 5.5 decision writes them, its action first (the longest)
    from ffl.ui.legend_begins.decisions import PICKS

    texts = [f"{PICKS['aside'][1]} {PICKS['aside'][2]}: {r.text()}" for r in rows]
    ui.stack_panel.show_stack("test", [(r.data(Qt.ItemDataRole.UserRole), t, None, 0)
                                       for r, t in zip(rows, texts, strict=True)], "",
                              {rows[0].data(Qt.ItemDataRole.UserRole)})
    QApplication.processEvents()
    for i in range(lst.count()):
        _row_readable(lst, lst.item(i))
    assert lst.horizontalScrollBar().maximum() == 0
