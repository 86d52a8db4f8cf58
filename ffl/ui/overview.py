"""OverviewView: the mini-map, a small view of the whole board that shows (and
moves) the main map's visible area, with a kept picture of the scene (issue 12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QRegion,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from .board_scene import BoardScene

if TYPE_CHECKING:
    from .map_view import MapView

#: the overview's picture is drawn again once the scene has been still this long
#: (milliseconds): not during a drag or a burst of clicks, whose own repaints it
#: would lengthen (~20-40 ms a drawing)
OVERVIEW_REFRESH_MS = 250


class OverviewView(QGraphicsView):
    """A small view of the whole board showing (and moving) the main view's area.

    It shows a picture of the scene drawn whole and kept (issue 12): a change on the
    board has it drawn again once the scene has been still a moment
    (:data:`OVERVIEW_REFRESH_MS`), not inside the click that caused it nor during a
    drag; a move of the main view only moves the frame over it.
    The overview learns of a change from the scene itself, without listening to
    ``QGraphicsScene.changed`` (while anything does, Qt repaints every view of the
    scene whole whenever an item is removed: a ring taken off the map after a move
    made the main map repaint all of itself): as a view of the scene it is asked to
    repaint where an item changed (``MinimalViewportUpdate``), and the main map's
    repaints count too (an item taken off the scene is told only to the views that
    drew it, the main map).  Drawn again at once when its size, fit or scene changes.
    """

    def __init__(self, main: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = main
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # asked to repaint where the scene changed (not all of it for a frame moved)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(120, 80)
        self._dragging = False
        #: the kept picture, and what it was drawn for (_picture_key)
        self._picture: QPixmap | None = None
        self._picture_for: tuple | None = None
        #: the overview's pixels the scene changed since the picture was drawn
        self._stale_region = QRegion()
        #: the pixels the overview itself asked to repaint (the picture just drawn,
        #: the frame moved): not changes of the scene
        self._shown = QRegion()
        self._frame_asked = QRegion()
        #: where the main view's frame was last drawn (overview pixels)
        self._frame = QRect()
        #: how the last picture was made ("whole"), for tests
        self.last_drawing = ""
        self._stale = QTimer(self)
        self._stale.setSingleShot(True)
        self._stale.setInterval(OVERVIEW_REFRESH_MS)
        self._stale.timeout.connect(self._redraw)
        main.viewChanged.connect(self._frame_moved)
        main.viewport().installEventFilter(self)
        self.set_scene(main.board_scene())

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

    def _bring_up_to_date(self) -> None:
        """The refresh timer: the whole scene drawn again if it changed, then shown."""
        self._stale.stop()
        scene = self.scene()
        if scene is None or self._stale_region.isEmpty() or not self.isVisible():
            return      # (hidden: drawn when shown again, the changes still noted)
        self._stale_region = QRegion()
        self._picture, self._picture_for = self._render_whole(scene), self._picture_key(scene)
        self.last_drawing = "whole"
        self._shown = QRegion(self.viewport().rect())
        self.viewport().update()

    def up_to_date(self) -> None:
        """Draw the picture now if the scene changed since it was drawn, instead of
        once the scene has been still a while (a screenshot, a print of the window)."""
        self._bring_up_to_date()

    def _frame_moved(self) -> None:
        """The main view moved or zoomed: its frame is drawn anew where it was and is
        (those pixels are counted as changed too: a change of the scene there in the
        same pass is not told apart)."""
        frame = self._frame_rect()
        self._frame_asked |= self._frame.united(frame)
        self.viewport().update(self._frame.united(frame))

    def _frame_rect(self) -> QRect:
        if self.scene() is None:
            return QRect()
        area = self.mapFromScene(self.main.visible_scene_rect()).boundingRect()
        return area.adjusted(-3, -3, 3, 3)

    def _redraw(self) -> None:
        """The refresh timer: the picture drawn again."""
        self._bring_up_to_date()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """The kept picture of the scene, then the main view's area on it.  A paint
        asked by the scene (an item changed where it is now) has the picture drawn
        again shortly after (:data:`OVERVIEW_REFRESH_MS`)."""
        scene = self.scene()
        viewport = self.viewport()
        if scene is None:
            super().paintEvent(event)
            return
        self._stale_region |= event.region() - self._shown - self._frame_asked
        self._shown = QRegion()
        self._frame_asked = QRegion()
        if self._picture is None or self._picture_for != self._picture_key(scene):
            self._picture, self._picture_for = self._render_whole(scene), self._picture_key(scene)
            self.last_drawing = "whole"
            self._stale_region = QRegion()
            self._stale.stop()
        elif not self._stale_region.isEmpty():
            self._stale.start()     # (again: drawn once the scene has been still a while)
        painter = QPainter(viewport)
        painter.drawPixmap(0, 0, self._picture)
        painter.setRenderHints(self.renderHints())
        painter.setTransform(self.viewportTransform())
        self.drawForeground(painter, QRectF())
        painter.end()
        self._frame = self._frame_rect()

    def _main_painted(self) -> None:
        """The main map repainted (an item changed there, or it moved): the picture is
        drawn again shortly after.  (An item taken off the scene is told to the views
        that drew it: the main map, not the overview, which shows a picture.)"""
        self._stale_region |= QRegion(0, 0, 1, 1)
        self._stale.start()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and watched is self.main.viewport():
            self._main_painted()
        return False

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
