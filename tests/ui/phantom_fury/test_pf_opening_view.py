"""Phantom Fury's map as it opens at 1366x768: on the squads waiting in the Start box
and the black-circle Zones they go to (6.3), zoomed until the Zone numbers and the
squads' CF read at 10 px or more; View › Fit (key F) then shows the whole map."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from ffl.ui.phantom_fury.counters import CF_TEXT, SIZE
from ffl.ui.phantom_fury.decor import box_rect
from ffl.ui.style import UNIT


def test_6_3_the_map_opens_on_the_start_squads_with_readable_zone_numbers(qtbot,
                                                                           game_window):
    window = game_window("phantom_fury/jolan", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view, ui, state = window.map, window.game_ui, window.session.state
    shown = view.visible_scene_rect()
    waiting = [pid for pid, p in state.pieces.items() if p.space == "BOX-start"]
    assert len(waiting) == 9
    for pid in waiting:                               # every squad to place is in sight
        assert shown.contains(window.scene.counter(pid).sceneBoundingRect()), pid
    assert SIZE * CF_TEXT * UNIT * view.zoom >= 10     # their CF reads
    numbers = {item.text(): item for item in ui.decor
               if isinstance(item, QGraphicsSimpleTextItem) and item.text().isdigit()}
    zones = ui.controller.setup_zones(state)
    seen = [n for n in zones if shown.contains(numbers[str(n)].sceneBoundingRect())]
    assert len(seen) >= 4, seen                        # most black-circle Zones too
    for n in seen:
        assert numbers[str(n)].font().pixelSize() * view.zoom >= 10
    assert view.zoom > 1.4 * view.fit_zoom()
    overview = window.overview                         # the Overview shows the whole map
    overview.refit()
    seen = overview.mapToScene(overview.viewport().rect()).boundingRect()
    assert seen.contains(window.scene.board_rect())

    window.activateWindow()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F)                 # View › Fit to window
    QApplication.processEvents()
    board = window.scene.board_rect()
    assert view.visible_scene_rect().contains(board.adjusted(2, 2, -2, -2))


def _label(ui, key):
    return next(item for item in ui.decor if isinstance(item, QGraphicsSimpleTextItem)
                and item.data(0) == key)


def test_6_3_a_squad_dropped_on_a_location_covers_its_label(qtbot, pf_window):
    """The Location's printed label does not peek out from under the counter put on it
    (the other Locations keep theirs)."""
    from pf_ui_helpers import centre, counter_point, drag

    window = pf_window
    ui, state = window.game_ui, window.session.state
    squad = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    cmap = ui.controller.city(state)
    entry = cmap.entry[ui.controller.setup_zones(state)[0]]
    assert _label(ui, entry).isVisible()
    drag(qtbot, window, counter_point(window, squad), centre(window, entry))
    assert window.session.state.pieces[squad].space == entry
    assert not _label(ui, entry).isVisible()
    others = [k for k in cmap.zone_of if k != entry and not any(
        p.space == k and p.status == "active" for p in window.session.state.pieces.values())]
    assert all(_label(ui, k).isVisible() for k in others)


def _tags(ui, n):
    """Zone ``n``'s marker tags (each names its marker in its tooltip) and the tab they
    stand on, if they are on one."""
    items = ui.overlay.zone_items[n]
    tags = [i for i in items if i.toolTip().startswith(f"Zone {n}: ")]
    tab = [i for i in items if i.toolTip().startswith(f"Zone {n}'s markers:")]
    return tags, tab


def _zone_rect(board, n) -> QRectF:
    x0, y0, x1, y1 = (c * UNIT for c in board[f"Z{n}"].polygon.bounds)
    return QRectF(QPointF(x0, y0), QPointF(x1, y1))


def _on_tab(mark, box, zone) -> bool:
    """A tag standing on the tab along the Control box's top edge, inside the Zone's
    width (so it reads as the Zone's and no other's)."""
    return (box.top() - 0.3 * UNIT <= mark.top() and mark.bottom() <= box.top()
            and box.left() <= mark.left() and mark.right() <= zone.right() - 2)


def test_a_zones_markers_stay_clear_of_its_target_symbol(qtbot, pf_window):
    """Zones 15-17 print a target symbol (a crosshair and the Zones it reaches) in their
    Control box's top right, which leaves the box no room for a tag large enough to
    read: the Activation marker stands on a tab along the box's top edge (before, it
    went under the symbol inside the box in 4-5 px type), and every printed text of the
    box stays inside it."""
    from ffl.ui.phantom_fury.decor import EGRESS_TEXT

    window = pf_window
    ui = window.game_ui
    board = window.scene.board
    ui.overlay.show_zones({n: {"act": "normal"} for n in (15, 16, 17)})
    for n in (15, 16, 17):
        bx, by, bw, bh = board[f"Z{n}"].get("control_box")
        box = QRectF(bx * UNIT, by * UNIT, bw * UNIT, bh * UNIT)
        zone = _zone_rect(board, n)
        tags, tab = _tags(ui, n)
        symbol = [item.sceneBoundingRect() for item in ui.decor
                  if box.contains(item.sceneBoundingRect().center())
                  and item.sceneBoundingRect().right() > box.center().x()
                  and item.sceneBoundingRect().bottom() < box.top() + 0.42 * UNIT]
        assert len(tags) == 1 and len(tab) == 1 and len(symbol) >= 2, n
        mark = tags[0].sceneBoundingRect()
        assert _on_tab(mark, box, zone), n
        assert tab[0].sceneBoundingRect().contains(mark), n
        assert not any(mark.intersects(s) for s in symbol), n
        assert tags[0].childItems()[0].font().pixelSize() >= EGRESS_TEXT * UNIT, n
        assert "'Activated Zone' marker" in tags[0].toolTip() and "4.1.3" in tags[0].toolTip()
        texts = [item for item in ui.decor if isinstance(item, QGraphicsSimpleTextItem)
                 and box.contains(item.sceneBoundingRect().center())]
        assert all(box.contains(t.sceneBoundingRect()) for t in texts), n


def test_11_3_a_fired_squad_keeps_its_cf_readable(qtbot, pf_window):
    """The FIRED strip runs along the counter's foot: no strip colour where the CF is
    printed, the strip below it."""
    from PySide6.QtGui import QColor, QImage, QPainter

    from ffl.ui.phantom_fury.counters import PhantomFuryCounterItem

    window = pf_window
    state = window.session.state
    pid = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    piece = state.pieces[pid].copy()
    piece.data["fp"] = "fired"
    ptype = window.session.module.piece_types[piece.type]
    item = PhantomFuryCounterItem(piece, ptype, window.scene.style)
    s = int(SIZE * UNIT)
    image = QImage(s, s, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(s / 2, s / 2)
    item.draw(painter)
    painter.end()
    strip = QColor("#d08a1e")

    def orange(x, y):
        c = image.pixelColor(x, y)
        return abs(c.red() - strip.red()) + abs(c.green() - strip.green()) + \
            abs(c.blue() - strip.blue()) < 40

    cf_area = [(x, y) for x in range(int(s * 0.25), int(s * 0.75))
               for y in range(int(s * 0.3), int(s * 0.72))]
    foot = [(x, y) for x in range(int(s * 0.1), int(s * 0.9))
            for y in range(int(s * 0.78), int(s * 0.97))]
    assert not any(orange(x, y) for x, y in cf_area)
    assert sum(orange(x, y) for x, y in foot) > len(foot) / 3


def _egress_chips(ui):
    return [item for item in ui.decor if "Egress Routes" in item.toolTip()]


def test_4_1_7_the_egress_routes_stand_out_at_the_opening_zoom(qtbot, game_window):
    """Every Zone's Egress Routes are white figures on red chips, one a route, across
    the foot of its Control box: big enough to read where the map opens (the figures
    7 px or more, the chips 8 px high; before they were 6 px dark-red figures on the
    beige box), below the circle and its USMC Control cover, and on no Location, so
    no counter or label covers them."""
    window = game_window("phantom_fury/jolan", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view, ui, state = window.map, window.game_ui, window.session.state
    board = window.scene.board
    cmap = ui.controller.city(state)
    chips = _egress_chips(ui)
    assert len(chips) == sum(len(r) for r in cmap.egress.values())
    locations = [box_rect(board, key) for key in cmap.zone_of]
    for n, routes in cmap.egress.items():
        bx, by, bw, bh = board[f"Z{n}"].get("control_box")
        box = QRectF(bx * UNIT, by * UNIT, bw * UNIT, bh * UNIT)
        mine = sorted((c for c in chips if c.toolTip().startswith(f"Zone {n}:")),
                      key=lambda c: c.sceneBoundingRect().left())
        figures = [c.childItems()[0] for c in mine]
        assert [f.text() for f in figures] == [str(z) for z in routes], n   # in order
        cover_bottom = (by + bh * 0.36 + bw * 0.33) * UNIT
        for chip, figure in zip(mine, figures, strict=True):
            rect = chip.sceneBoundingRect()
            assert box.contains(rect) and rect.top() >= cover_bottom, n
            assert not any(rect.intersects(loc) for loc in locations), n
            assert rect.contains(figure.sceneBoundingRect().center()), n
            assert rect.height() * view.zoom >= 8, n
            assert figure.font().pixelSize() * view.zoom >= 7, (n, figure.font().pixelSize())
            assert chip.brush().color().red() > 120 and figure.brush().color() == Qt.white
        for a, b in zip(mine, mine[1:], strict=False):      # parted, not one run of figures
            assert b.sceneBoundingRect().left() > a.sceneBoundingRect().right() + 1, n


def _colour_pixels(window, key, colour) -> int:
    """How many pixels of ``colour`` the map shows over the Location ``key``."""
    from PySide6.QtGui import QImage, QPainter

    rect = box_rect(window.scene.board, key)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    window.scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
    return sum(1 for x in range(image.width()) for y in range(image.height())
               if sum(abs(a - b) for a, b in zip(image.pixelColor(x, y).getRgb()[:3],
                                                 colour.getRgb()[:3], strict=True)) < 30)


def test_4_a_door_symbol_lies_wholly_under_a_counter_put_on_its_location(qtbot, pf_window):
    """A Location's door symbol (and entry chevron) is hidden under a counter standing
    there, like its label, instead of a brown sliver peeking from under the counter's
    edge; the empty Locations keep theirs."""
    from pf_ui_helpers import centre, counter_point, drag

    from ffl.ui.phantom_fury.decor import DOOR

    window = pf_window
    ui, state = window.game_ui, window.session.state
    squad = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    cmap = ui.controller.city(state)
    entry = cmap.entry[ui.controller.setup_zones(state)[0]]
    assert window.scene.board[entry].get("door")
    assert _colour_pixels(window, entry, DOOR) > 40          # the door, before
    drag(qtbot, window, counter_point(window, squad), centre(window, entry))
    assert window.session.state.pieces[squad].space == entry
    assert _colour_pixels(window, entry, DOOR) == 0
    empty = next(k for k in cmap.zone_of if window.scene.board[k].get("door") and not any(
        p.space == k for p in window.session.state.pieces.values()))
    assert _colour_pixels(window, empty, DOOR) > 40


def test_4_1_7_a_zones_markers_leave_its_egress_routes_uncovered(qtbot, pf_window):
    """Up to four markers of a Zone (its Activation marker, Fanaticism, Phantom Fury,
    No Event) stay clear of its Egress Routes' chips, its target symbol, its number,
    its Locations and one another: more than two, or any under a target symbol, stand
    on a tab along the Control box's top edge, inside the Zone's width, in type as
    large as the chips' figures (before, four under a target symbol shrank to 3 px
    type inside the box); one or two short ones elsewhere stay inside the box."""
    from ffl.ui.phantom_fury.decor import EGRESS_TEXT

    window = pf_window
    ui = window.game_ui
    board = window.scene.board
    cmap = ui.controller.city(window.session.state)
    locations = [box_rect(board, key) for key in cmap.zone_of]
    full = {"act": "fortified", "fan": 1, "pf": 30, "noev": 1}
    ui.overlay.show_zones({14: full, 15: {**full, "act": "normal", "pf": 15},
                           16: {"act": "normal", "noev": 1}, 18: {"act": "start"}})
    chips = _egress_chips(ui)
    tabs = {n: _tags(ui, n)[1][0].sceneBoundingRect() for n in (14, 15, 16)}
    for n in (14, 15, 16, 18):
        bx, by, bw, bh = board[f"Z{n}"].get("control_box")
        box = QRectF(bx * UNIT, by * UNIT, bw * UNIT, bh * UNIT)
        zone = _zone_rect(board, n)
        tags, tab = _tags(ui, n)
        marks = [item.sceneBoundingRect() for item in tags]
        mine = [c.sceneBoundingRect() for c in chips if c.toolTip().startswith(f"Zone {n}:")]
        symbol = [item.sceneBoundingRect() for item in ui.decor     # crosshair, its Zones
                  if box.contains(item.sceneBoundingRect().center())
                  and item.sceneBoundingRect().center().x() > box.center().x()
                  and item.sceneBoundingRect().bottom() < box.top() + 0.42 * UNIT]
        number = next(item for item in ui.decor if isinstance(item, QGraphicsSimpleTextItem)
                      and item.text() == str(n))
        ink = QFontMetricsF(number.font()).tightBoundingRect(str(n)).translated(
            number.scenePos() + QPointF(0, QFontMetricsF(number.font()).ascent()))
        assert len(marks) == {14: 4, 15: 4, 16: 2, 18: 1}[n] and mine, n
        assert (len(symbol) >= 2) == (n in (15, 16)), n
        assert bool(tab) == (n != 18), n
        for i, mark in enumerate(marks):
            if tab:
                assert _on_tab(mark, box, zone), (n, i)
                assert tags[i].childItems()[0].font().pixelSize() >= EGRESS_TEXT * UNIT
            else:
                assert box.contains(mark), (n, i)
            assert not any(mark.intersects(c) for c in mine), (n, i)
            assert not any(mark.intersects(s) for s in symbol), (n, i)
            assert not mark.intersects(ink), (n, i)          # the Zone's number reads
            assert not any(mark.intersects(m) for m in marks[i + 1:]), (n, i)
            assert not any(mark.intersects(loc) for loc in locations), (n, i)
            assert not any(mark.intersects(t) for m, t in tabs.items() if m != n), (n, i)
        assert [t.childItems()[0].text() for t in tags] == {
            14: ["SP", "F", "PF30", "NE"], 15: ["A", "F", "PF15", "NE"], 16: ["A", "NE"],
            18: ["S"]}[n]
