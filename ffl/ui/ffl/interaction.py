"""What the mouse does on the map in each kind of phase (set-up, movement, fire).

The game UI receives the map's presses, moves, releases and wheel turns (as
scene positions, through its host) before the view does and hands them to
the mode serving the current prompt.  A mode that uses an event (a press on a
counter it can act on) consumes it; anything else (a press on empty ground,
the wheel away from a counter) goes on to the view, which pans and zooms.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu

from ffl.engine import Action

from .layers import Layer, pick, place_at


class Mode:
    """What the mouse does in one kind of phase (subclasses override)."""

    def __init__(self, ui) -> None:
        self.ui = ui
        self.layer = Layer(ui.scene)
        self.menu: QMenu | None = None
        self._answers: dict = {}            # the controller's answers for one state
        self._answers_for: tuple | None = None

    @property
    def scene(self):
        return self.ui.scene

    @property
    def state(self):
        return self.ui.state

    def press(self, pos: QPointF, button, modifiers) -> bool:
        return False

    def move(self, pos: QPointF) -> bool:
        return False

    def release(self, pos: QPointF, button) -> bool:
        return False

    def wheel(self, pos: QPointF, steps: int) -> bool:
        return False

    def turn(self, steps: int) -> None:
        """R / Shift+R: turn the selected unit."""

    def tray_hover(self, pid: str, pos: QPointF | None) -> None:
        """A unit dragged from the tray is over ``pos`` (None: off the map)."""

    def tray_drop(self, pid: str, pos: QPointF) -> None:
        """A unit dragged from the tray was released over ``pos``."""
        self.ui.status("Units cannot be brought onto the board now.")

    def refresh(self) -> None:
        """Redraw this mode's highlights from the current state."""

    def leave(self) -> None:
        self.layer.clear()

    # -- helpers --------------------------------------------------------------------

    def asked(self, name: str, ask):
        """The controller's answer ``ask()`` for the current state, asked once per
        state: kept until the session tells of a change (its ``changes`` counter) or
        shows another state.  The rules stay the controller's; this only keeps them."""
        session = self.ui.session
        key = (session.changes, id(session.state), session.log.position)
        if key != self._answers_for:
            self._answers, self._answers_for = {}, key
        if name not in self._answers:
            self._answers[name] = ask()
        return self._answers[name]

    def legal_actions(self) -> list[Action]:
        """The controller's legal actions now (asked once per state)."""
        return self.asked("legal_actions",
                          lambda: list(self.ui.controller.legal_actions(self.state)))

    def counter_at(self, pos: QPointF, types=("character",)):
        return pick(self.scene, pos, self.ui.bar.level, types)

    def square_at(self, pos: QPointF) -> str | None:
        """The square under ``pos``, on the board or in a level diagram."""
        found = place_at(self.scene, pos)
        return found[0] if found else None

    def place_at(self, pos: QPointF) -> tuple[str, int | None] | None:
        """(square, level) under ``pos``: the level is set on a diagram square
        (1.12) and None on the board, where the mode picks the level meant."""
        return place_at(self.scene, pos)

    def popup(self, pos: QPointF, entries: list[tuple[str, Action]]) -> QMenu | None:
        """A context menu of actions at ``pos`` (non-blocking; kept in ``self.menu``)."""
        if not entries:
            return None
        if self.menu is not None:
            self.menu.deleteLater()     # one context menu at a time, not one per click
        menu = QMenu(self.ui.host.parent_widget())
        menu.setObjectName("fflContextMenu")
        for text, action in entries:
            a = menu.addAction(text)
            a.setData(action)
            a.triggered.connect(lambda _=False, act=action: self.ui.do(act))
        self.ui.host.popup(menu, pos)
        self.menu = menu
        return menu


#: choices the scenario offers on a unit that a click on its counter makes (19.12,
#: 23.12 marking a mutineer, or taking the mark off, as the controller allows): the
#: scenario panel's list stays too
PICK_KINDS = ("mutineer",)


class IdleMode(Mode):
    """Between phases: nothing on the map reacts but a click on a unit the
    scenario lets the player choose (PICK_KINDS, an action the controller lists)."""

    def press(self, pos: QPointF, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        item = self.counter_at(pos)
        if item is None:
            return False
        offered = next((a for a in self.legal_actions() if a.kind in PICK_KINDS), None)
        if offered is None:
            return False
        # the same choice on the unit clicked (a marked one: its mark off), if the
        # controller allows it
        action = Action.make(offered.kind, offered.side, piece=item.piece_id)
        if not self.ui.controller.legal(self.state, action):
            return False
        self.ui.do(action)
        return True
