"""The map's mouse handling of the Limits of Glory play window (a mixin of
:class:`.game_ui.GloryGameUI`, moved out of ``game_ui.py`` as it was): a click
on a space activates it or answers a question about it, a drag of a marker out
of the activated space onto a neighbour opens the move dialog, a right-click
lists every action concerning the space, and the hover text names the space.

The UI decides no rule: it offers the controller's legal actions.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsLineItem, QMenu

from ffl.engine import Action
from ffl.ui.style import UNIT

from .move_dialog import MoveDialog
from .orders import describe

#: how far (board units) the mouse may go between press and release for a click
CLICK_SLOP = 0.06


class GloryMapInput:
    """The map's mouse handlers and the space menus (``GloryGameUI`` mixes them in)."""

    def _space_key(self, pos: QPointF) -> str | None:
        space = self.scene.space_at(pos)
        return space.key if space is not None else None

    def map_press(self, pos, button, modifiers) -> bool:
        if self._program_turn():
            return False
        key = self._space_key(pos)
        if button == Qt.MouseButton.RightButton:
            if key:
                self._context_menu(key, pos)
                return True
            return False
        if button != Qt.MouseButton.LeftButton:
            return False
        marker = self.markers.marker_at(pos)
        act = self.state.vars.get("activation") or {}
        self._press, self._pressed = pos, marker
        self._card_at = pos if marker is None and self.markers.on_card(pos) else None
        if marker is not None and act.get("space") == marker.space and \
                "move" in self.prompt().kinds:
            self._drag = marker
            if self.markers.card is not None and marker.zValue() > self.markers.card.zValue():
                self.markers.fade_card(True)    # the spaces under the card show
            self._line = QGraphicsLineItem()
            self._line.setPen(QPen(Qt.GlobalColor.darkRed, 0.05 * UNIT, Qt.PenStyle.DashLine))
            self._line.setZValue(50)
            self.scene.addItem(self._line)
            self._line.setLine(pos.x(), pos.y(), pos.x(), pos.y())
            return True
        return key is not None

    def map_move(self, pos) -> bool:
        if self._card_at is not None:           # the card dragged by its ground
            self.markers.shift_card(pos - self._card_at)
            self._card_at = pos
            return True
        if self._drag is not None and self._line is not None:
            line = self._line.line()
            self._line.setLine(line.x1(), line.y1(), pos.x(), pos.y())
            return True
        return False

    def map_release(self, pos, button) -> bool:
        if button != Qt.MouseButton.LeftButton or self._press is None:
            return False
        key = self._space_key(pos)
        drag, self._drag = self._drag, None
        pressed, self._pressed = self._pressed, None
        self._card_at = None
        if self._line is not None:
            if self._line.scene() is not None:
                self.scene.removeItem(self._line)
            self._line = None
        moved = (pos - self._press).manhattanLength() > CLICK_SLOP * UNIT
        self._press = None
        self.markers.fade_card(False)
        if drag is not None and moved:
            if key and key != drag.space:
                self.open_move(drag.space, key, drag.pids)
            return True
        if pressed is not None and not moved:
            if pressed.form == "stack":         # a crowded space's summary: all its markers
                self.markers.toggle(pressed.space)
                return True
            if self.markers.on_card(pos):       # a marker on the card: its space
                self.click_space(pressed.space)
                return True
        if drag is not None or self.markers.on_card(pos):
            return True
        if key:
            if self.markers.expanded not in (None, key):
                self.markers.toggle(None)
            self.click_space(key)
            return True
        return False

    def map_wheel(self, pos, steps) -> bool:
        return False

    def open_move(self, space: str, to: str,
                  dragged: tuple[str, ...] = ()) -> MoveDialog | None:
        """The move dialog for a drag from the activated ``space`` onto ``to``, what
        was dragged (``dragged``: the marker's pieces) chosen to begin with."""
        side = self.acting()
        if not self.scene.board.adjacent(space, to) and to not in self.scene.board.linked(space):
            self.host.show_status(f"Not allowed: {self.label(to)} does not border "
                                  f"{self.label(space)}")
            return None
        self.move_dialog = MoveDialog(self.host.parent_widget(), self.state,
                                      self.session.module, side, space, to, self.label,
                                      self.send, dragged=tuple(dragged))
        self.move_dialog.open()
        return self.move_dialog

    def _space_actions(self, key: str) -> list[Action]:
        out = []
        for a in self.controller.legal_actions(self.state):
            if a.kind == "move":
                continue
            if key in (a.get("space"), a.get("to"), a.get("sea"), a.get("harbour")):
                out.append(a)
        return out

    def click_space(self, key: str) -> None:
        """A click on a space: the one action it means, or a menu of them."""
        actions = self._space_actions(key)
        prefer = [a for a in actions if a.kind in ("activate", "place-bedouin", "disembark",
                                                    "land", "break-off", "place", "relocate")]
        if len(prefer) == 1 or (prefer and all(a.kind == prefer[0].kind for a in prefer)
                                and prefer[0].kind in ("activate", "place")):
            self.send(prefer[0])
            return
        if actions:
            self._menu_for(actions, self.scene.space_centre(key))
            return
        self.host.show_status(f"{self.label(key)}: nothing to do there now")

    def _context_menu(self, key: str, pos: QPointF) -> None:
        actions = self._space_actions(key)
        act = self.state.vars.get("activation") or {}
        if act and self.scene.board.adjacent(act["space"], key):
            actions.append(Action.make("move", act["side"], space=act["space"], to=key))
        if actions:
            self._menu_for(actions, pos)

    def _menu_for(self, actions: list[Action], pos: QPointF) -> QMenu:
        menu = QMenu(self.host.parent_widget())
        menu.setObjectName("gloryActionMenu")
        for a in actions:
            if a.kind == "move" and not a.get("units") and not a.get("pieces"):
                item = menu.addAction(f"Move to {self.label(a['to'])}…")
                item.triggered.connect(lambda _=False, a=a: self.open_move(a["space"], a["to"]))
            else:
                item = menu.addAction(describe(a, self.label, self.name))
                item.triggered.connect(lambda _=False, a=a: self.send(a))
        self.host.popup(menu, pos)
        self.menu = menu
        return menu

    def _hover(self, key: str) -> None:
        if not key or key not in self.scene.board.spaces:
            return
        space = self.scene.board[key]
        bits = [f"{space.label} (value {space.get('value')})"]
        bua = space.get("bua")
        if bua:
            holder = self.controller.holder(self.state, key)
            bits.append(f"BUA {bua['name']}, held by the {holder.title()}")
        if space.get("harbour"):
            bits.append(f"{space.get('harbour').title()} safe harbour")
        self.host.set_hover_text(" · ".join(bits))
