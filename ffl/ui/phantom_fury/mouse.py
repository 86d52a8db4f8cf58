"""The mouse on the Jolan District map, by what the prompt opens.

* Set-up: drag a squad from the Start Zone box onto a black-circle Zone; drag a
  CAAT support onto a start squad.
* Reinforcements: drag a counter from its box onto a black-circle Zone under
  USMC Control (the M1A1 onto a north-edge street).
* Movement: drag a unit; the places it can reach are ringed with their MP; a
  drop plays the controller's plan back as one undo step.
* Fire / Assault: click one of your units, then a ringed target (right-click
  a target for the choices: CAAT Ammo, Explosives, no Flooding).
* Support: right-click a Zone or a counter for the Missions that may aim there.
* Right-click your own squad: Secure, Regroup, Withdraw, Finish its move, and
  the step-loss order with its CAAT.

Presses the map does not use go on to the view (pan).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QMenu

from ffl.engine import Action
from ffl.ui.style import UNIT

from .counters import PhantomFuryCounterItem

Z_DRAGGED = 1000


class MapMouse:
    def __init__(self, ui) -> None:
        self.ui = ui
        self.pressed: str | None = None
        self.start: QPointF | None = None
        self.dragging = False
        self.menu: QMenu | None = None
        self.rects = self._rects()

    @property
    def scene(self):
        return self.ui.scene

    def _rects(self) -> dict[str, list[tuple[str, tuple[float, float, float, float]]]]:
        out: dict[str, list] = {"box": [], "street": [], "zone": []}
        for key, space in self.ui.scene.board.spaces.items():
            out.setdefault(space.kind, []).append((key, space.polygon.bounds))
        return out

    # -- finding things ------------------------------------------------------------------

    def counter_at(self, pos: QPointF, exclude: str | None = None
                   ) -> PhantomFuryCounterItem | None:
        """The topmost counter whose body holds ``pos`` (not the one being dragged)."""
        for item in self.scene.items(pos):
            if isinstance(item, PhantomFuryCounterItem) and item.isVisible() \
                    and item.piece_id not in (self.pressed, exclude):
                p, half = item.mapFromScene(pos), item.size / 2
                if abs(p.x()) <= half and abs(p.y()) <= half:
                    return item
        return None

    def space_at(self, pos: QPointF, kinds=("box", "street", "zone")) -> str | None:
        """The Location box, street or Zone under ``pos`` (boxes first)."""
        x, y = pos.x() / UNIT, pos.y() / UNIT
        for kind in kinds:
            for key, (x0, y0, x1, y1) in self.rects.get(kind, ()):
                if x0 <= x <= x1 and y0 <= y <= y1:
                    return key
        return None

    def zone_at(self, pos: QPointF) -> int | None:
        key = self.space_at(pos, ("zone",))
        return int(key[1:]) if key else None

    # -- the map input ------------------------------------------------------------------------

    def press(self, pos: QPointF, button, modifiers) -> bool:
        ui = self.ui
        item = self.counter_at(pos)
        if button == Qt.MouseButton.RightButton:
            return self.context_menu(pos, item) is not None
        if button != Qt.MouseButton.LeftButton:
            return False
        kinds = ui.prompt().kinds
        if item is None:
            if ui.mission_pick:
                return self.context_menu(pos, None, only=ui.mission_pick) is not None
            ui.select(None)
            return False
        pid = item.piece_id
        if ui.mission_pick:
            return self.context_menu(pos, item, only=ui.mission_pick) is not None
        if ui.draggable(pid):
            self.pressed, self.start, self.dragging = pid, QPointF(pos), False
            ui.select(pid)
            ui.show_destinations(pid)
            item.setZValue(Z_DRAGGED)
            return True
        if ui.selected and ("fire" in kinds or "assault" in kinds) and ui.is_target(pid):
            ui.act_on_target(pid)
            return True
        why = ui.why_not_target(pid) if ui.selected else ""
        if why:             # an enemy counter not ringed: say why, keep the unit picked
            ui.host.show_status(why)
            return True
        ui.select(pid)
        why = ui.why_idle(pid)
        if why:
            ui.host.show_status(f"{ui.name(pid)}: {why}")
        return True

    def move(self, pos: QPointF) -> bool:
        if self.pressed is None:
            return False
        if not self.dragging:
            moved = self.ui.host.global_pos(pos) - self.ui.host.global_pos(self.start)
            if moved.manhattanLength() < QApplication.startDragDistance():
                return True
            self.dragging = True
        item = self.scene.counter(self.pressed)
        if item is not None:
            item.setPos(pos)
        key = self.space_at(pos)
        self.ui.host.set_hover_text(self.ui.destination_text(self.pressed, key, pos))
        return True

    def release(self, pos: QPointF, button) -> bool:
        if self.pressed is None:
            return False
        pid, dragged = self.pressed, self.dragging
        self.pressed, self.dragging = None, False
        if dragged:
            self.ui.drop(pid, pos)
        self.ui.refresh_view()
        return True

    # -- right-click ----------------------------------------------------------------------

    def context_menu(self, pos: QPointF, item, only: str = "") -> QMenu | None:
        entries = self.ui.menu_entries(pos, item.piece_id if item else None, only)
        return self.choose(pos, entries)

    def choose(self, pos: QPointF, entries) -> QMenu | None:
        """A menu at ``pos`` of (text, action) entries (a None action: a heading; a
        callable: called instead); the one picked is done."""
        if not entries:
            return None
        if self.menu is not None:
            self.menu.deleteLater()
        menu = QMenu(self.ui.host.parent_widget())
        menu.setObjectName("pfContextMenu")
        for text, action in entries:
            if action is None:
                menu.addSection(text)
                continue
            a = menu.addAction(text)
            a.setData(action)
            a.triggered.connect(lambda _=False, act=action:
                                act() if callable(act) else self.ui.act(act))
        self.ui.host.popup(menu, pos)
        self.menu = menu
        return menu


def describe(ui, action: Action) -> str:
    """A menu line for an action."""
    name = ui.name
    kind = action.kind
    if kind == "fire":
        return (f"Fire with {name(action['piece'])}"
                + (" using the CAAT's Ammo (+2)" if action.get("ammo") else ""))
    if kind == "assault":
        text = f"Assault with {name(action['piece'])}"
        if action.get("explosives"):
            text += " using Explosives (CF 8)"
        if action.get("flood") is False and ui.flood_choice(action):
            text += ", no Flooding"
        return text
    if kind == "mission":
        m = action["mission"]
        if m == "dragon_eye":
            a, b = action["zones"]
            return f"Dragon Eye UAV on Zones {a} and {b}"
        if m == "cobra":
            return "Super Cobra on " + " and ".join(ui.target_name(t) for t in action["targets"])
        return f"Hornet strike on Zone {action['zone']} (it becomes a Ruins Zone)"
    if kind == "secure":
        return "Secure: detach its Security Element here (1 MP)"
    if kind == "regroup":
        return "Regroup: pick its Security Element up (all its MP)"
    if kind == "withdraw":
        return "Withdraw: nowhere to take cover (-2 VP)"
    if kind == "finish":
        return "Finish its move"
    if kind == "loss-order":
        return ("Step losses to its CAAT first" if action.get("caat_first")
                else "Step losses to the squad first")
    return str(action)
