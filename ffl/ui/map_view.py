"""MapView (the main map: zoom, pan, fit) and OverviewView (the mini-map).

The main view scrolls over the scene's rectangle only (the board with its
margin, in every game): never off into the void beyond it.

Zooming keeps the board point under the cursor where it is; the zoom is
clamped between "the whole board, small" and "one square fills a good part of
the screen".  Dragging empty map (left button) or anywhere (middle button)
pans.  The overview (:mod:`.overview`) shows the whole scene with a rectangle
for the main view's visible area; clicking or dragging in it recentres the main
view.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QMouseEvent,
    QPainter,
    QResizeEvent,
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


# the overview lives in its own module; kept importable from here
from .overview import OVERVIEW_REFRESH_MS, OverviewView  # noqa: E402, F401
