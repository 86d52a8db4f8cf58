"""MapView (the main map: zoom, pan, fit) and OverviewView (the mini-map).

The main view scrolls over the scene's rectangle only (the board with its
margin, in every game): never off into the void beyond it.

Zooming keeps the board point under the cursor where it is; the zoom is
clamped between "the whole board, small" and "one square fills a good part of
the screen".  Dragging empty map (left button) or anywhere (middle button)
pans.  The overview shows the whole scene with a rectangle for the main view's
visible area; clicking or dragging in it recentres the main view.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from .board_scene import BoardScene
from .style import UNIT

#: zoom per wheel notch (120 units of angle delta)
WHEEL_STEP = 1.2
#: largest zoom: a square this many screen pixels wide
MAX_PIXELS_PER_UNIT = 600.0
#: smallest zoom: the board at this fraction of its fitted size
MIN_FIT_FRACTION = 0.4


class MapView(QGraphicsView):
    """The main map view."""

    #: the visible area or zoom changed (the overview listens)
    viewChanged = Signal()  # noqa: N815
    #: the space key under the cursor ("" off the board)
    spaceHovered = Signal(str)  # noqa: N815

    def __init__(self, scene: BoardScene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self._middle_pan: QPoint | None = None
        self._hovered = ""
        self.horizontalScrollBar().valueChanged.connect(self.viewChanged)
        self.verticalScrollBar().valueChanged.connect(self.viewChanged)
        if scene is not None:
            self.setScene(scene)

    # -- scene ----------------------------------------------------------------------

    def setScene(self, scene: BoardScene | None) -> None:  # noqa: N802
        old = self.scene()
        if old is not None:
            try:
                old.sceneRectChanged.disconnect(self._scene_rect_changed)
            except (RuntimeError, TypeError):  # already gone or never connected
                pass
        super().setScene(scene)
        # the scroll range is the scene's rectangle (the board, the areas beside it
        # and the board's margin) and follows it: panning stops where the margin
        # ends, and a board smaller than the view sits in its middle; zooming about
        # the cursor near an edge keeps the point still as far as that range allows
        if scene is not None:
            self.setSceneRect(scene.sceneRect())
            scene.sceneRectChanged.connect(self._scene_rect_changed)
        self.viewChanged.emit()

    def _scene_rect_changed(self, rect: QRectF) -> None:
        """An area shown or hidden beside the board: the new range, with the view
        kept on the same point where the range allows (the map does not jump)."""
        centre = self.visible_scene_rect().center()
        self.setSceneRect(rect)
        self.centerOn(centre)
        self.viewChanged.emit()

    def board_scene(self) -> BoardScene | None:
        scene = self.scene()
        return scene if isinstance(scene, BoardScene) else None

    # -- zoom -----------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """Current scale: screen pixels per scene pixel."""
        return self.transform().m11()

    def fit_zoom(self) -> float:
        scene = self.board_scene()
        if scene is None:
            return 1.0
        rect = scene.board_rect()
        vp = self.viewport().rect()
        if rect.isEmpty() or vp.isEmpty():
            return 1.0
        return min((vp.width() - 16) / rect.width(), (vp.height() - 16) / rect.height())

    def zoom_limits(self) -> tuple[float, float]:
        lo = self.fit_zoom() * MIN_FIT_FRACTION
        hi = MAX_PIXELS_PER_UNIT / UNIT
        return min(lo, hi), max(lo, hi)

    def fit(self) -> None:
        """Show the whole board, centred."""
        scene = self.board_scene()
        if scene is None:
            return
        rect = scene.board_rect()
        z = self.fit_zoom()
        self.resetTransform()
        self.scale(z, z)
        self.centerOn(rect.center())
        self.viewChanged.emit()

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point at ``anchor`` (viewport
        pixels; the centre by default) still, within the zoom limits."""
        if anchor is None:
            anchor = self.viewport().rect().center()
        lo, hi = self.zoom_limits()
        target = max(lo, min(hi, self.zoom * factor))
        if abs(target - self.zoom) < 1e-9:
            return
        before = self.mapToScene(anchor)
        f = target / self.zoom
        self.scale(f, f)
        moved = self.mapFromScene(before) - anchor
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + moved.x())
        v.setValue(v.value() + moved.y())
        self.viewChanged.emit()

    def zoom_in(self) -> None:
        self.zoom_by(WHEEL_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / WHEEL_STEP)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if not delta:
            event.ignore()
            return
        self.zoom_by(WHEEL_STEP ** (delta / 120.0), event.position().toPoint())
        event.accept()

    # -- pan ------------------------------------------------------------------------

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def centre_on(self, point: QPointF) -> None:
        self.centerOn(point)
        self.viewChanged.emit()

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the map by (dx, dy) screen pixels (positive: content moves right/down)."""
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() - round(dx))
        v.setValue(v.value() - round(dy))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton:
            self._middle_pan = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pos = event.position().toPoint()
        if self._middle_pan is not None:
            d = pos - self._middle_pan
            self._middle_pan = pos
            self.pan_by(d.x(), d.y())
            event.accept()
        else:
            super().mouseMoveEvent(event)
        self._update_hover(pos)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton and self._middle_pan is not None:
            self._middle_pan = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _update_hover(self, pos: QPoint) -> None:
        scene = self.board_scene()
        space = scene.space_at(self.mapToScene(pos)) if scene else None
        key = space.key if space else ""
        if key != self._hovered:
            self._hovered = key
            self.spaceHovered.emit(key)

    def leaveEvent(self, event) -> None:  # noqa: N802
        if self._hovered:
            self._hovered = ""
            self.spaceHovered.emit("")
        super().leaveEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.viewChanged.emit()


#: the overview's picture of the board is drawn again at most this often while the
#: scene changes (milliseconds)
OVERVIEW_REFRESH_MS = 250


class OverviewView(QGraphicsView):
    """A small view of the whole board showing (and moving) the main view's area.

    It shows a picture of the scene drawn once and kept (issue 12): a change on
    the board (a counter lit, moved) no longer makes it draw every item of the
    scene again on the click that caused it; the picture is drawn anew shortly
    after the scene has changed, or when the overview is resized or refitted.

    A game shown on a kept scene (another game of the same board, the scene
    cleared of the game before, :meth:`set_scene` with ``bare``) keeps a picture
    of the bare board too, drawn then or kept from the game before: while the
    scene holds nothing but the board's items and the counters, above them, the
    picture is that board with the counters drawn over it, as the whole scene
    would draw them (the labels and spaces, most of a drawing, are not drawn
    again on every File › Open).  Anything else on the scene, a board shown
    otherwise (:meth:`BoardScene.board_look`), another size or fit: the whole
    scene is drawn, as before.
    """

    def __init__(self, main: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = main
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(120, 80)
        self._dragging = False
        self._picture: QPixmap | None = None
        #: the bare board's picture: (key, the scene (weak), picture, how many
        #: items the bare scene had, their highest stacking value), or None
        self._board: tuple | None = None
        #: the last picture was the board with the counters over it (for tests)
        self.drew_board = False
        self._stale = QTimer(self)
        self._stale.setSingleShot(True)
        self._stale.setInterval(OVERVIEW_REFRESH_MS)
        self._stale.timeout.connect(self._redraw)
        main.viewChanged.connect(self.viewport().update)
        self.set_scene(main.board_scene())

    def set_scene(self, scene: BoardScene | None, bare: bool = False) -> None:
        """Show ``scene``; ``bare``: it holds the board's items alone now (a kept
        scene just cleared, before the next game's UI and counters are added),
        and its board's picture is drawn now, unless kept from the game before."""
        old = self.scene()
        if old is not None:
            try:
                old.changed.disconnect(self._scene_changed)
            except (RuntimeError, TypeError):  # already gone or never connected
                pass
        self.setScene(scene)
        if scene is not None:
            scene.changed.connect(self._scene_changed)
        self._picture = None        # another scene: never the old one's picture
        self.refit()
        if bare and isinstance(scene, BoardScene):
            self._keep_board(scene)

    def _board_key(self, scene: BoardScene) -> tuple:
        """What the board's picture depends on besides the scene: its look, the
        overview's size and the part of the scene shown."""
        viewport = self.viewport()
        source = self.mapToScene(viewport.rect()).boundingRect()
        return (scene.board_look(), viewport.width(), viewport.height(),
                viewport.devicePixelRatioF(),
                (source.x(), source.y(), source.width(), source.height()))

    def _keep_board(self, scene: BoardScene) -> None:
        key = self._board_key(scene)
        kept = self._board
        if kept is not None and kept[1]() is scene and kept[0] == key:
            return      # the same board, drawn alike: the picture stays
        items = scene.items()
        top = max((item.zValue() for item in items), default=0.0)
        self._board = (key, weakref.ref(scene), self._render_whole(scene), len(items), top)

    def _counters_over_board(self, scene) -> tuple[QPixmap, list] | None:
        """The bare board's picture and the counters to draw over it, lowest
        first, when the scene is that board and counters above it alone."""
        kept = self._board
        if kept is None or kept[1]() is not scene or kept[0] != self._board_key(scene):
            return None
        _key, _scene, picture, count, top = kept
        counters = scene.counters
        items = scene.items(Qt.SortOrder.AscendingOrder)
        if len(items) != count + len(counters):
            return None     # something besides the counters (or a counter's part)
        ids = {id(c) for c in counters.values()}
        drawn = [item for item in items if id(item) in ids]
        if len(drawn) != len(counters) or any(
                c.zValue() <= top or c.graphicsEffect() is not None for c in drawn):
            return None
        return picture, [c for c in drawn if c.isVisible()]

    def _render_whole(self, scene) -> QPixmap:
        """The whole scene drawn at the overview's size and fit."""
        viewport = self.viewport()
        dpr = viewport.devicePixelRatioF()
        picture = QPixmap(viewport.size() * dpr)
        picture.setDevicePixelRatio(dpr)
        picture.fill(self.palette().color(self.backgroundRole()))
        painter = QPainter(picture)
        painter.setRenderHints(self.renderHints())
        source = self.mapToScene(viewport.rect()).boundingRect()
        scene.render(painter, QRectF(viewport.rect()), source,
                     Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()
        return picture

    def _draw_picture(self, scene) -> QPixmap:
        """The scene as shown: the bare board's picture with the counters drawn
        over it as the scene draws them, or else the whole scene drawn."""
        found = self._counters_over_board(scene)
        self.drew_board = found is not None
        if found is None:
            return self._render_whole(scene)
        board, counters = found
        viewport = self.viewport()
        picture = QPixmap(board)        # (a copy: the board's stays as it is)
        painter = QPainter(picture)
        painter.setRenderHints(self.renderHints())
        # the transform QGraphicsScene.render uses from the scene to the picture
        source = self.mapToScene(viewport.rect()).boundingRect()
        base = QTransform.fromScale(viewport.width() / source.width(),
                                    viewport.height() / source.height())
        base = QTransform.fromTranslate(-source.x(), -source.y()) * base
        option = QStyleOptionGraphicsItem()
        for item in counters:
            painter.setWorldTransform(item.sceneTransform() * base)
            painter.setOpacity(item.effectiveOpacity())
            item.paint(painter, option, None)
        painter.end()
        return picture

    def _scene_changed(self, _regions=None) -> None:
        if not self._stale.isActive():
            self._stale.start()

    def _redraw(self) -> None:
        self._picture = None
        self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """The kept picture of the scene, then the main view's area on it."""
        scene = self.scene()
        viewport = self.viewport()
        if scene is None:
            super().paintEvent(event)
            return
        picture = self._picture
        if picture is None or picture.size() != viewport.size() * viewport.devicePixelRatioF():
            picture = self._draw_picture(scene)
            self._picture = picture
            self._stale.stop()      # it shows every change made so far
        painter = QPainter(viewport)
        painter.drawPixmap(0, 0, picture)
        painter.setRenderHints(self.renderHints())
        painter.setTransform(self.viewportTransform())
        self.drawForeground(painter, QRectF())
        painter.end()

    def refit(self) -> None:
        """Fit the board again; the picture is drawn anew only if that moved or
        scaled it (a window opening a game refits once the layout has settled,
        mostly to the same place: one drawing of the whole scene saved, issue 12)."""
        scene = self.scene()
        before = self.viewportTransform()
        if isinstance(scene, BoardScene):
            rect = scene.board_rect()
            pad = max(rect.width(), rect.height()) * 0.03
            self.fitInView(rect.adjusted(-pad, -pad, pad, pad), Qt.AspectRatioMode.KeepAspectRatio)
        if self.viewportTransform() != before:
            self._picture = None
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.refit()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        if self.scene() is None:
            return
        area = self.main.visible_scene_rect()
        pen = QPen(QColor("#d62d20"), 2.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QColor(214, 45, 32, 18))
        painter.drawRect(area)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._dragging = True
            self.main.centre_on(self.mapToScene(event.position().toPoint()))
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._dragging:
            self.main.centre_on(self.mapToScene(event.position().toPoint()))
            event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._dragging = False
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        event.ignore()
