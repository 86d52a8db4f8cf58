"""The Overview of the Jolan District map keeps a picture of the scene, drawn again
shortly after a change (issue 12): after a squad's drop it shows the counter where
it now stands (pixels of the overview's picture, compared with the whole scene
drawn), and when what lies under the counters changes (a printed label hidden and
shown, the overview resized, the map's paper another colour) the picture follows
it, never stale.  Real window, real mouse, real paints."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from ffl.ui.map_view import OVERVIEW_REFRESH_MS


def painted(qtbot, window) -> QImage:
    """The picture the overview paints once its refresh has come (its viewport is that
    picture with the main view's frame over it; grabbing the viewport would repaint
    all of it, which the overview counts as changed)."""
    overview = window.overview
    qtbot.wait(OVERVIEW_REFRESH_MS + 100)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: overview._stale_region.isEmpty()
                    and not overview._stale.isActive(), timeout=5000)
    return overview._picture.toImage().convertToFormat(QImage.Format.Format_RGB32)


def whole(window) -> QImage:
    """The whole scene drawn afresh at the overview's size and fit, as the overview
    draws it (its items' cached pictures as they are)."""
    picture = window.overview._render_whole(window.scene)
    return picture.toImage().convertToFormat(QImage.Format.Format_RGB32)


def alike(picture: QImage, drawn: QImage) -> bool:
    """The same picture: every pixel within 2 levels a channel.  A part drawn anew
    by itself may differ from the whole drawn at once by a level or two along its
    edge (an item's cached picture redrawn there for that part alone, antialiased
    at the cut), never by a counter or a ring left behind or missing."""
    if picture.size() != drawn.size():
        return False
    for y in range(picture.height()):
        for x in range(picture.width()):
            p, q = picture.pixel(x, y), drawn.pixel(x, y)
            if p != q and max(abs(((p >> s) & 255) - ((q >> s) & 255))
                              for s in (0, 8, 16)) > 2:
                return False
    return True


def around(window, point, image: QImage, r: int = 3) -> list[int]:
    """The overview's pixels round the scene point ``point``."""
    at = window.overview.mapFromScene(point)
    area = QRect(at.x() - r, at.y() - r, 2 * r + 1, 2 * r + 1) & image.rect()
    return [image.pixel(x, y) for y in range(area.top(), area.bottom() + 1)
            for x in range(area.left(), area.right() + 1)]


def test_12_the_overview_shows_a_dropped_squad_where_it_now_stands(qtbot, pf_window):
    from pf_ui_helpers import centre, counter_point, drag

    window = pf_window
    ui, state = window.game_ui, window.session.state
    squad = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    entry = ui.cmap.entry[ui.controller.setup_zones(state)[0]]
    target = centre(window, entry)
    before = painted(qtbot, window)
    assert alike(before, whole(window))
    drag(qtbot, window, counter_point(window, squad), target)
    assert window.session.state.pieces[squad].space == entry
    after = painted(qtbot, window)
    assert alike(after, whole(window))          # the scene as it is now
    counter = window.scene.counter(squad).scenePos()
    assert around(window, counter, after) != around(window, counter, before)


def test_12_the_overview_follows_a_change_under_the_counters(qtbot, pf_window):
    window = pf_window
    ui, overview = window.game_ui, window.overview
    first = painted(qtbot, window)
    assert alike(first, whole(window))
    # a Location's printed label (a static item, under the counters) hidden
    label = next(item for item in ui.decor if isinstance(item, QGraphicsSimpleTextItem)
                 and item.data(0) and item.isVisible())
    label.setVisible(False)
    hidden = painted(qtbot, window)
    assert alike(hidden, whole(window))
    assert around(window, label.sceneBoundingRect().center(), hidden, 2) != \
        around(window, label.sceneBoundingRect().center(), first, 2)
    label.setVisible(True)
    assert alike(painted(qtbot, window), first)
    # the map's paper another colour: everything under the counters changed
    window.scene.setBackgroundBrush(QColor("#204060"))
    recoloured = painted(qtbot, window)
    assert overview.last_drawing == "whole"
    assert alike(recoloured, whole(window))
    assert recoloured != first
    # the overview another size: drawn whole for it
    kept = overview._picture
    window.overview_dock.resize(window.overview_dock.width() + 30,
                                window.overview_dock.height() + 40)
    overview.resize(overview.width() + 30, overview.height() + 40)
    resized = painted(qtbot, window)
    assert overview._picture is not kept
    assert overview.last_drawing == "whole"
    assert resized.size() != first.size()
    assert alike(resized, whole(window))


def test_12_a_grab_of_the_window_shows_the_overview_as_the_scene_is_now(qtbot, pf_window):
    """A screenshot (``--screenshot``, the README's pictures) does not wait for the
    overview's refresh: ``up_to_date`` (which ``settled_grab`` calls before it grabs)
    has the picture drawn at once."""
    from pf_ui_helpers import centre, counter_point, drag

    from ffl.ui.app import settled_grab

    window = pf_window
    ui, state = window.game_ui, window.session.state
    squad = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    entry = ui.cmap.entry[ui.controller.setup_zones(state)[0]]
    painted(qtbot, window)
    drag(qtbot, window, counter_point(window, squad), centre(window, entry))
    qtbot.wait(20)                                   # the move painted on the map
    overview = window.overview
    assert overview._stale.isActive()                # the overview's refresh to come
    stale = overview._picture.toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert not alike(stale, whole(window))
    overview.up_to_date()
    now = overview._picture.toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert alike(now, whole(window))
    assert settled_grab(window).size() == window.size()
