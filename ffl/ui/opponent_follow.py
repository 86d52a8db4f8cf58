"""Showing the program's move to the people at the screen.

After each of the program's moves the map scrolls (no zoom change) to bring
into view the pieces the move acted with, as the game itself names them
(``controller.pieces_of(state, action)``, a query of the game contract: the
shared UI knows nothing of any game's action arguments), so a move made off
screen is not missed.  Only pieces every side played at this screen sees
placed there (the game's ``view(state, side)``, which blanks or drops a hidden
piece) and the map draws are followed, and never a step that is partly secret
to one of those sides (one of its events reads otherwise for that side through
the game's ``event_for``), so where the view goes never tells anything hidden.
A ring (:class:`MoveRing`) marks those pieces for a moment, so the eye finds
what the program did even when the map had no need to move.

While a mouse button is held (a counter, the map, the overview's frame or a
scroll bar being dragged) the view is not moved under the hand: the scroll
waits for the button's release and is made then (the latest move's pieces).

:func:`told` is the status line's account of the move, read as the sides at
the screen may read the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from ffl.engine import Action, Event, GameState

from .style import UNIT

#: the room (screen pixels) kept around a unit the map scrolls to after the program's move
FOLLOW_MARGIN = 80
#: room kept round the board when a follow keeps the view over it (scene units)
BOARD_ROOM = 0.3
#: event kinds that are not what came of a move (its die roll, "starts moving")
NOT_TOLD = ("dice", "start")
#: the ring drawn round the pieces of the program's latest move: colour, how long (ms)
RING_COLOUR = "#e8590c"
RING_MS = 1500
#: what the ring's item holds as its data 0 (for tests and tools)
RING_TAG = "programMove"


class MoveRing(QGraphicsPathItem):
    """A ring round the pieces the program's move acted with.  It takes no mouse
    button and has no shape, so clicks and ``scene.items(point)`` go to what is
    under it."""

    def __init__(self, area: QRectF, zoom: float = 1.0) -> None:
        path = QPainterPath()
        path.addRoundedRect(area.adjusted(-6, -6, 6, 6), 8, 8)
        super().__init__(path)
        # about 3 screen pixels wide at the zoom it is drawn at
        self.width = 3.0 / max(zoom, 0.05)
        self.setPen(QPen(QColor(RING_COLOUR), self.width))
        self.setZValue(100_000)
        self.setData(0, RING_TAG)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def shape(self) -> QPainterPath:  # noqa: D401 - Qt's name
        return QPainterPath()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        w = self.width
        return self.path().controlPointRect().adjusted(-w, -w, w, w)


def read_as(controller, events: Sequence[Event], sides: Sequence[str]) -> tuple[list[Event], bool]:
    """``events`` as every one of ``sides`` may read them, and whether any was
    secret to one of them (then its public line stands in for it).  A game with
    no secrets (no ``event_for``) shows them as they are."""
    reader: Callable[[Event, str], Event] | None = getattr(controller, "event_for", None)
    if reader is None:
        return list(events), False
    out, secret = [], False
    for event in events:
        shown = event
        for side in sides:
            seen = reader(event, side)
            if seen != event:
                shown, secret = seen, True
                break
        out.append(shown)
    return out, secret


def told(controller, events: Sequence[Event], sides: Sequence[str], action: Action) -> str:
    """What came of the program's move, as the sides at the screen may read it,
    never a die roll itself nor a unit starting to move: when the step rolled
    dice, the line that came of the last roll (the shot's result, the Sequence
    unit drawn, the attack's result); else its last line of the program's own
    side (its phase ending, not the next side's beginning), else its last line."""
    shown, _secret = read_as(controller, events, sides)
    rolled = [i for i, e in enumerate(shown) if e.dice]
    if rolled:
        last = rolled[-1]
        after = [e for e in shown[last:] if e.kind not in NOT_TOLD and e.text]
        if after:
            return after[0].text
    lines = [e for e in shown if e.kind not in NOT_TOLD and e.text]
    own = [e for e in lines if e.side == action.side]
    if own or lines:
        return (own or lines)[-1].text
    return shown[-1].text if shown and shown[-1].text else action.kind.replace("-", " ")


class MoveFollower(QObject):
    """Scrolls ``window``'s map to the pieces of the program's moves (see the
    module docstring); ``humans()`` names the sides played at this screen."""

    def __init__(self, window, session, humans: Callable[[], list[str]], parent=None) -> None:
        super().__init__(parent)
        self.window = window
        self.session = session
        self.humans = humans
        #: the pieces of the latest move, waiting for the mouse button's release
        self.pending: list[str] | None = None
        #: the pieces the game named for the program's last move (before the checks
        #: of what the sides at the screen may see)
        self.named: list[str] = []
        #: the ring round the pieces of the latest move followed (while it lasts)
        self.ring: MoveRing | None = None
        self._watching = False

    # -- after a move --------------------------------------------------------------------

    def after_move(self, before: GameState, action: Action, events: Sequence[Event]) -> list[str]:
        """The pieces to follow after the program's ``action`` (played from
        ``before``, giving ``events``), shown once the window has laid the counters
        out where they now stand; none for a step secret to a side at the screen."""
        if self.session is None:
            return []
        controller = self.session.controller
        self.named = list(controller.pieces_of(before, action))
        if read_as(controller, events, self.humans())[1]:
            return []
        pids = self.named
        if pids:
            QTimer.singleShot(0, self, lambda: self.show(pids))
        return pids

    def show(self, pids: Sequence[str]) -> bool:
        """Bring ``pids`` into view now, or at the release of the mouse button
        held down.  True if the map was asked to show any now."""
        if self.dragging():
            self.pending = list(pids)
            self._watch(True)
            return False
        self.pending = None
        self._watch(False)
        return self.bring_into_view(pids)

    def _watch(self, on: bool) -> None:
        app = QGuiApplication.instance()
        if on and not self._watching and app is not None:
            app.installEventFilter(self)
        elif not on and self._watching and app is not None:
            app.removeEventFilter(self)
        self._watching = on and app is not None

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.MouseButtonRelease and self.pending is not None:
            # once the view and the scene have had the release too
            QTimer.singleShot(0, self, self._released)
        return False

    def _released(self) -> None:
        if self.pending is not None and not self.dragging():
            self.show(self.pending)

    def close(self) -> None:
        self.pending = None
        self._watch(False)
        self._unring()
        self.session = None

    # -- the ring ---------------------------------------------------------------------------

    def _ring(self, area: QRectF) -> None:
        """Ring ``area`` for a while (the ring of the move before goes)."""
        self._unring()
        scene = self.window.scene
        if scene is None:
            return
        ring = self.ring = MoveRing(area, self.window.map.transform().m11())
        scene.addItem(ring)
        QTimer.singleShot(RING_MS, self, lambda: self._unring(ring))

    def _unring(self, ring: MoveRing | None = None) -> None:
        ring = ring if ring is not None else self.ring
        if ring is None:
            return
        if ring is self.ring:
            self.ring = None
        try:
            scene = ring.scene()
            if scene is not None:
                scene.removeItem(ring)
        except RuntimeError:        # gone with its scene
            pass

    # -- where the view may go --------------------------------------------------------------

    def shown_to_humans(self, pid: str) -> bool:
        """Whether every side played at this screen sees where piece ``pid`` is:
        its place in each such side's ``view`` is its place in the game (a hidden
        piece's is blanked there, or the piece left out)."""
        if self.session is None:
            return False
        state, controller = self.session.state, self.session.controller
        piece = state.pieces.get(pid)
        if piece is None or not piece.space:
            return False
        for side in self.humans():
            seen = controller.view(state, side).pieces.get(pid)
            if seen is None or seen.space != piece.space:
                return False
        return True

    def dragging(self) -> bool:
        """Whether the human holds a mouse button down (a counter, the map, the
        overview's frame or a scroll bar being dragged)."""
        view = self.window.map
        scene = view.scene()
        return (QGuiApplication.mouseButtons() != Qt.MouseButton.NoButton
                or getattr(view, "_middle_pan", None) is not None
                or (scene is not None and scene.mouseGrabberItem() is not None))

    def bring_into_view(self, pids: Sequence[str]) -> bool:
        """Scroll the map (keeping its zoom) so the counters of ``pids`` are in
        view (ringed for a moment): in its middle when they are wholly off
        screen, else by the least scroll that leaves some room around them (none
        when they are well in view already); only those shown to the sides
        at this screen, the space of one whose counter is not drawn (under the
        top of its stack), and never under a held mouse button.
        True if the map was asked to show any."""
        if self.session is None or self.window.session is not self.session or self.dragging():
            return False
        scene = self.window.scene
        counters = getattr(scene, "counters", None) or {}
        spaces = getattr(scene, "space_items", None) or {}
        area = QRectF()
        for pid in pids:
            if not self.shown_to_humans(pid):
                continue
            item = counters.get(pid)
            if item is None or not item.isVisible():
                # a counter the game does not draw there (under its stack's top, or
                # shown by a marker of the game's own): the space it stands in
                item = spaces.get(self.session.state.pieces[pid].space)
                if item is None:
                    continue
            area = area.united(item.sceneBoundingRect())
        if area.isNull():
            return False
        self._ring(area)
        view = self.window.map
        port = view.viewport().rect()
        if not view.mapToScene(port).boundingRect().intersects(area):
            view.centerOn(area.center())     # far off: in the middle, with what is around it
        else:
            view.ensureVisible(area, min(FOLLOW_MARGIN, port.width() // 4),
                               min(FOLLOW_MARGIN, port.height() // 4))   # near: the least scroll
        self.keep_over_board()
        return True

    def board_area(self) -> QRectF:
        """The board (with the areas drawn beside it) in scene points, with a little
        room around: what a follow keeps the view over."""
        room = BOARD_ROOM * UNIT
        return self.window.scene.board_rect().adjusted(-room, -room, room, room)

    def keep_over_board(self) -> None:
        """Keep the view over the board where it can: centring on a piece at the
        board's edge would leave part of the view on the board's margin or on the
        areas drawn beside it (the view's scroll range is the whole scene)."""
        view = self.window.map
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        area = self.board_area()
        shift = QPointF(0, 0)
        if seen.width() <= area.width():
            shift.setX(max(0.0, area.left() - seen.left())
                       or min(0.0, area.right() - seen.right()))
        if seen.height() <= area.height():
            shift.setY(max(0.0, area.top() - seen.top())
                       or min(0.0, area.bottom() - seen.bottom()))
        if not shift.isNull():
            view.centerOn(seen.center() + shift)
