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

import time

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QRegion,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

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


#: the overview's picture is brought up to date at most this often while the scene
#: changes (milliseconds)
OVERVIEW_REFRESH_MS = 250
#: how far (overview pixels) round a changed part of the scene its picture is drawn
#: anew: antialiased edges and cosmetic pens reach beyond an item's bounding rect
PATCH_MARGIN = 3
#: the changed parts are drawn in tiles of this many pixels square, those side by
#: side in a row at once (each drawing of a part has a cost of its own)
PATCH_TILE = 24
#: past this many parts, or this fraction of the picture, the whole scene is drawn
PATCH_MAX_RECTS = 40
PATCH_MAX_AREA = 0.5


class OverviewView(QGraphicsView):
    """A small view of the whole board showing (and moving) the main view's area.

    It shows a picture of the scene drawn once and kept (issue 12), in every game:
    a change on the board (a counter lit or moved, a place ringed, a marker
    changed, a label hidden) draws anew only the parts of the picture it touched,
    shortly after the change (:data:`OVERVIEW_REFRESH_MS`), where drawing every
    item of the scene again cost 20-60 ms inside the click that caused it.  The
    parts come from the scene itself: as a view of it, the overview is asked to
    repaint the pixels of every item changed (the regions of its paint events,
    ``MinimalViewportUpdate``); each such part is drawn by the scene
    (``QGraphicsScene.render`` of that rectangle: every item over it, the board
    below the counters included), so the picture is the whole scene as it draws
    now whatever changed, and no game's UI need tell it anything.  The whole scene
    is drawn again when the overview's size, fit or scene changes, or when most
    of it changed at once.

    It does not listen to ``QGraphicsScene.changed``: while anything does, Qt
    repaints every view of the scene whole whenever an item is removed (a ring
    taken off the map after a move made the main map repaint all of itself).
    """

    def __init__(self, main: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = main
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # repainted where the scene changed: those are the parts of the picture to draw anew
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(120, 80)
        self._dragging = False
        #: the kept picture, and what it was drawn for (_picture_key)
        self._picture: QPixmap | None = None
        self._picture_for: tuple | None = None
        #: the picture's key while drawing its changed parts is worth it, and what
        #: drawing it whole cost then (processor seconds)
        self._patching: tuple = (None, 0.0)
        #: the overview's pixels to draw anew in the picture (changed since it was drawn)
        self._stale_region = QRegion()
        #: the picture is due to be brought up to date (the refresh timer fired)
        self._due = False
        #: where the main view's frame was last drawn (overview pixels)
        self._frame = QRect()
        #: how the last picture was made: "whole" (every item drawn), "patched" (the
        #: kept picture with its changed parts drawn anew), for tests
        self.last_drawing = ""
        self._stale = QTimer(self)
        self._stale.setSingleShot(True)
        self._stale.setInterval(OVERVIEW_REFRESH_MS)
        self._stale.timeout.connect(self._redraw)
        main.viewChanged.connect(self._frame_moved)
        self.set_scene(main.board_scene())

    @property
    def drew_board(self) -> bool:
        """The last picture was the kept one with only its changed parts drawn."""
        return self.last_drawing == "patched"

    def set_scene(self, scene: BoardScene | None, bare: bool = False) -> None:
        """Show ``scene``.  The same scene shown again (a kept scene cleared for the
        next game of its board, ``bare``) keeps its picture: what the clearing and
        the next game change is drawn anew as any other change."""
        if scene is not self.scene():
            self._picture = None        # another scene: never the old one's picture
            self._stale_region = QRegion()
        self.setScene(scene)
        self.refit()

    def _picture_key(self, scene) -> tuple:
        """What the kept picture depends on besides the scene's items: the scene,
        the overview's size and the part of the scene shown."""
        viewport = self.viewport()
        source = self.mapToScene(viewport.rect()).boundingRect()
        return (id(scene), viewport.width(), viewport.height(), viewport.devicePixelRatioF(),
                (source.x(), source.y(), source.width(), source.height()))

    def _scene_to_picture(self) -> QTransform:
        """The transform QGraphicsScene.render uses from the scene to the picture."""
        viewport = self.viewport()
        source = self.mapToScene(viewport.rect()).boundingRect()
        base = QTransform.fromScale(viewport.width() / source.width(),
                                    viewport.height() / source.height())
        return QTransform.fromTranslate(-source.x(), -source.y()) * base

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

    def _parts(self, region: QRegion) -> list[QRect] | None:
        """The rectangles to draw anew for ``region`` (the tiles it touches, those side
        by side in a row joined), or None when that would cost about as much as
        drawing the whole scene."""
        bounds = self.viewport().rect()
        tiles: set[tuple[int, int]] = set()
        for rect in region:
            rect = rect & bounds
            if rect.isEmpty():
                continue
            for row in range(rect.top() // PATCH_TILE, rect.bottom() // PATCH_TILE + 1):
                for col in range(rect.left() // PATCH_TILE, rect.right() // PATCH_TILE + 1):
                    tiles.add((row, col))
        parts: list[QRect] = []
        for row, col in sorted(tiles):
            last = parts[-1] if parts else None
            if last is not None and last.top() == row * PATCH_TILE \
                    and last.right() + 1 == col * PATCH_TILE:
                last.setRight(last.right() + PATCH_TILE)
            else:
                parts.append(QRect(col * PATCH_TILE, row * PATCH_TILE, PATCH_TILE, PATCH_TILE))
        if len(parts) > PATCH_MAX_RECTS or len(tiles) * PATCH_TILE ** 2 > (
                PATCH_MAX_AREA * bounds.width() * bounds.height()):
            return None
        return [part & bounds for part in parts]

    @staticmethod
    def _groups(parts: list[QRect]) -> list[QRegion]:
        """The parts gathered into groups lying near one another (a group's bounding
        rectangle at most twice the area of its parts): each group is drawn by one
        drawing of the scene, so an item spanning many parts (a long outline, a layer
        of lit hexes) is drawn once per group, not once per part."""
        groups: list[tuple[QRect, int, QRegion]] = []
        for part in parts:
            area = part.width() * part.height()
            for i, (bounds, covered, region) in enumerate(groups):
                joined = bounds.united(part)
                if joined.width() * joined.height() <= 2 * (covered + area):
                    groups[i] = (joined, covered + area, region.united(part))
                    break
            else:
                groups.append((QRect(part), area, QRegion(part)))
        return [region for _bounds, _covered, region in groups]

    def _patch(self, scene, picture: QPixmap, parts: list[QRect]) -> None:
        """Draw the scene anew in ``parts`` of the picture: cleared and every item over
        them drawn by the scene, as the whole scene draws there."""
        base = self._scene_to_picture()
        inverse, _ok = base.inverted()
        background = self.palette().color(self.backgroundRole())
        painter = QPainter(picture)
        painter.setRenderHints(self.renderHints())
        for region in self._groups(parts):
            painter.resetTransform()
            painter.setClipRegion(region)
            for pixels in region:
                painter.fillRect(pixels, background)
            # drawn through the whole drawing's own transform (the scene's rectangle
            # onto itself), so each pixel comes out exactly as there; the items a
            # little beyond the parts too (their edges reach into them)
            painter.setWorldTransform(base)
            source = inverse.mapRect(QRectF(region.boundingRect()).adjusted(
                -PATCH_MARGIN, -PATCH_MARGIN, PATCH_MARGIN, PATCH_MARGIN))
            scene.render(painter, source, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()

    def _bring_up_to_date(self, scene) -> None:
        """The kept picture with its stale parts drawn anew, or the whole scene drawn."""
        region, self._stale_region = self._stale_region, QRegion()
        self._due = False
        self._stale.stop()
        key = self._picture_key(scene)
        if self._picture is not None and self._picture_for == key:
            if region.isEmpty():
                return
            parts = self._parts(region) if self._patching[0] == key else None
            if parts is not None:
                start = time.process_time()
                self._patch(scene, self._picture, parts)
                if time.process_time() - start > self._patching[1]:
                    # drawing parts of this scene costs more than drawing all of it
                    # (items spanning the parts drawn for each): whole from now on
                    self._patching = (None, 0.0)
                self.last_drawing = "patched"
                return
        start = time.process_time()
        self._picture, self._picture_for = self._render_whole(scene), key
        if self._patching[0] != key:
            self._patching = (key, time.process_time() - start)
        self.last_drawing = "whole"

    def _frame_moved(self) -> None:
        """The main view moved or zoomed: its frame is drawn anew where it was and is
        (those pixels are counted as changed too: a change of the scene there in the
        same pass is not told apart)."""
        frame = self._frame_rect()
        self.viewport().update(self._frame.united(frame))

    def _frame_rect(self) -> QRect:
        if self.scene() is None:
            return QRect()
        area = self.mapFromScene(self.main.visible_scene_rect()).boundingRect()
        return area.adjusted(-3, -3, 3, 3)

    def _redraw(self) -> None:
        """Time to bring the picture up to date (its stale parts repainted now)."""
        if self._stale_region.isEmpty():
            return
        self._due = True
        self.viewport().update(self._stale_region)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """The kept picture of the scene, then the main view's area on it.  The pixels
        repainted are those the scene changed (or the frame moved over): they are
        drawn anew in the picture when the refresh is due, shortly after."""
        scene = self.scene()
        viewport = self.viewport()
        if scene is None:
            super().paintEvent(event)
            return
        self._stale_region |= event.region()
        if self._due or self._picture is None or self._picture_for != self._picture_key(scene):
            self._bring_up_to_date(scene)
        elif not self._stale.isActive():
            self._stale.start()
        painter = QPainter(viewport)
        painter.drawPixmap(0, 0, self._picture)
        painter.setRenderHints(self.renderHints())
        painter.setTransform(self.viewportTransform())
        self.drawForeground(painter, QRectF())
        painter.end()
        self._frame = self._frame_rect()

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
        else:
            self._frame_moved()     # the picture stays; only the frame may have moved

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
