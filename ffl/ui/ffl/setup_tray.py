"""The unit tray (units not on the board) and the set-up mode.

Legion set-up (2.31): drag a unit from the tray onto a fort square, drag a
placed counter to another square, turn it with the wheel or R / Shift+R,
leave one unit of each squad out (tray button or right-click).  Bedouin
set-up (2.32): give ropes to characters in the tray's rope panel.  In a
movement phase the tray lists the drawn organization's units waiting to
enter; dragging one onto the board enters it (see :mod:`.movement`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Action
from ffl.ui.tray import PID_ROLE, TrayList

from .interaction import Mode
from .layers import released_in_place
from .option_panels import OptionPanels
from .setup_presets import SetupPresets
from .tray_scroll import TrayScroller, list_rows_height

__all__ = ["PID_ROLE", "SetupMode", "TrayList", "UnitTray"]

OK_SHADE, BAD_SHADE = QColor(60, 140, 255, 90), QColor(220, 40, 30, 90)
def rope_label(rid: str) -> str:
    """How a rope reads ('rope-01' -> 'Rope 1'): the counters are alike, numbered."""
    number = rid.rsplit("-", 1)[-1].lstrip("0")
    return f"Rope {number}" if number.isdigit() else rid


class UnitTray(QWidget):
    """Units off the board, and the Bedouin rope panel."""

    def __init__(self, ui) -> None:
        super().__init__()
        self.setObjectName("unitTray")
        self.ui = ui
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.list = TrayList(self)
        # several waiting units can be chosen (Ctrl/Shift+click) and dragged together;
        # with dragging on, a press on a chosen one keeps the others chosen
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setDragEnabled(True)
        self.leave_button = QPushButton("Leave out of the game")
        self.leave_button.setObjectName("leaveOutButton")
        self.leave_button.setToolTip("2.31 each squad leaves one unit out")
        self.leave_button.clicked.connect(self._leave_out)
        self.rope_box = QComboBox()
        self.rope_box.setObjectName("ropeBox")
        self.carrier_box = QComboBox()
        self.carrier_box.setObjectName("carrierBox")
        self.assign_button = QPushButton("Give rope")
        self.assign_button.setObjectName("assignRopeButton")
        self.assign_button.clicked.connect(self._assign)
        # 2.1 the side choice, 12 mounted tribes, 17.3 Le Cafard (option_panels.py)
        self.panels = OptionPanels(ui)
        # 2.32 ropes: drag a rope from the list onto a carrier, or choose both below
        self.carrier_list = QListWidget()
        self.carrier_list.setObjectName("carrierList")
        self.carrier_list.setToolTip("Drop a rope from the list above onto a character")
        self.rope_panel = QWidget()
        rp = QVBoxLayout(self.rope_panel)
        rp.setContentsMargins(0, 0, 0, 0)
        rp.addWidget(QLabel("Drag a rope onto the character who carries it:"))
        rp.addWidget(self.carrier_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.rope_box)
        row.addWidget(QLabel("to"))
        row.addWidget(self.carrier_box, 1)
        rp.addLayout(row)
        rp.addWidget(self.assign_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.panels)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.leave_button)
        self.presets = SetupPresets(ui)        # saved and random Legion set-ups
        layout.addWidget(self.presets)
        layout.addWidget(self.rope_panel)
        layout.addWidget(self.panels.lower)
        for lst in (self.list, self.carrier_list):
            lst.setMinimumHeight(list_rows_height(lst))

    def scroller(self) -> TrayScroller:
        """The tray in a scroll area, as the Units dock holds it: on a short screen
        (1366x768, a Scenario dock below) the tray scrolls, its texts whole and its
        lists several rows high, and the window keeps the size asked for."""
        area = TrayScroller()
        area.setObjectName("unitTrayScroller")
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(self)
        return area

    # the panels' widgets, as the tests and the game UI name them
    @property
    def side_panel(self):
        return self.panels.side_panel

    @property
    def side_label(self):
        return self.panels.side_label

    @property
    def side_buttons(self):
        return self.panels.side_buttons

    @property
    def mount_panel(self):
        return self.panels.mount_panel

    @property
    def mount_buttons(self):
        return self.panels.mount_buttons

    # -- contents ---------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.ui.state
        types = self.ui.session.module.piece_types
        kinds = self.ui.prompt().kinds
        self.list.clear()
        self.panels.refresh(kinds)
        self.leave_button.setVisible("leave-out" in kinds)
        self.presets.setVisible("place" in kinds)
        if "place" in kinds:
            self.presets.refresh()
        chars = [p for p in state.pieces.values() if types[p.type].kind == "character"]
        # 2.32 the rope panel only when there are ropes to give (a scenario may have none);
        # filled whenever it shows (20.125: beside the escort's set-up in the fort)
        roping = "assign-rope" in kinds and any(
            types[p.type].kind == "rope" for p in state.pieces.values())
        self.rope_panel.setVisible(roping)
        if roping:
            self._fill_ropes(state, types, chars)
        if "place" in kinds:
            info = self.ui.prompt().info
            out = sum(info.get("leave_out", {}).values())
            per_org = info.get("leave_out", {})
            orgs = [self.ui.controller.org_name(state, o) for o in per_org]
            each = "one" if set(per_org.values()) == {1} else "some"
            leave = f"; leave {out} out, {each} of each: {', '.join(orgs)}" if out else ""
            self.title.setText(f"<b>{self._setup_heading()}</b>: drag units onto "
                               f"{info.get('where', 'the board')} ({info.get('placed', 0)}/"
                               f"{info.get('to_place', 0)} placed){leave}.")
            for p in sorted(chars, key=lambda p: (types[p.type].org, p.id)):
                if p.side == (self.ui.prompt().side or "legion") and p.status in (
                        "off", "unused") and p.id in info.get("to_place_ids", [p.id]):
                    out = " — left out" if p.status == "unused" else ""
                    org = self.ui.controller.org_name(state, types[p.type].org)
                    self._add(p.id, f"{org}: {types[p.type].name}{out}")
            if "place-weapon" in kinds:       # 14.1 the Weapon units set up with the Legion
                for p in sorted(state.pieces.values(), key=lambda p: p.id):
                    if types[p.type].kind == "weapon" and p.status == "off":
                        self._add(p.id, f"14.1 {types[p.type].name}")
        elif "assign-rope" in kinds:
            self.title.setText("<b>2.32 Bedouin preparation</b>: give ropes to characters.")
            ropes = [p for p in state.pieces.values() if types[p.type].kind == "rope"]
            for r in sorted(ropes, key=lambda p: p.id):
                carrier = r.data.get("carrier")
                who = self.ui.name(carrier) if carrier else "nobody"
                self._add(r.id, f"{rope_label(r.id)}: carried by {who}")
        elif "enter" in kinds:
            movable = set(self.ui.controller.movable_pieces(state))
            waiting = [p for p in chars if p.status == "off" and p.id in movable]
            self.title.setText("<b>6.21 Off the board</b>: drag a unit onto an edge square "
                               "to enter." if waiting else "No unit of this organization "
                               "waits to enter.")
            for p in sorted(waiting, key=lambda p: p.id):
                ropes = len(p.data.get("ropes") or ())
                extra = f" (ropes: {ropes})" if ropes else ""
                self._add(p.id, f"{types[p.type].name}{extra}")
        else:
            self.title.setText("Units off the board appear here when they can act.")

    def _setup_heading(self) -> str:
        """Whose set-up it is and its rule, as the prompt states them ("2.31 Legion
        set-up"; 20.12 the Bedouin set up their escort inside the fort: "20.12
        Bedouin set-up"; before, every set-up was headed "2.31 Legion set-up")."""
        import re

        prompt = self.ui.prompt()
        # the first rule the prompt names but 2.1's side choice that may come first
        rules = [r for r in re.findall(r"\b\d+(?:\.\d+)+\b", prompt.text or "") if r != "2.1"]
        rule = rules[0] if rules else self.ui.controller.phase(prompt.phase).rule
        side = prompt.side or "legion"
        name = self.ui.controller.scenario_side_name(self.ui.state, side)
        return f"{rule} {name} set-up"

    def is_empty(self) -> bool:
        """Nothing to show: no unit listed, no button or choice asked for."""
        if self.list.count():
            return False
        parts = [self.leave_button, self.rope_panel, self.panels.side_panel,
                 self.panels.choice_panel, self.panels.cafard_panel, self.panels.mount_panel,
                 self.panels.siege_panel, self.presets]
        extra = getattr(self.ui, "scenario_panel", None)    # a scenario's own choices
        if extra is not None and getattr(extra, "dock", None) is None:
            parts.append(extra)         # (in a dock of its own it is none of the tray's)
        return not any(w.isVisibleTo(self) for w in parts)

    def _add(self, pid: str, text: str) -> None:
        item = QListWidgetItem(text)
        item.setData(PID_ROLE, pid)
        self.list.addItem(item)

    def _fill_ropes(self, state, types, chars) -> None:
        rope, carrier = self.rope_box.currentData(), self.carrier_box.currentData()
        self.rope_box.clear()
        for r in sorted(p.id for p in state.pieces.values() if types[p.type].kind == "rope"):
            self.rope_box.addItem(rope_label(r), r)
        self.carrier_box.clear()
        self.carrier_list.clear()
        for p in sorted((p for p in chars if p.side == "bedouin"), key=lambda p: p.id):
            self.carrier_box.addItem(types[p.type].name + f" ({types[p.type].org})", p.id)
            ropes = ", ".join(rope_label(r) for r in (p.data.get("ropes") or ()))
            item = QListWidgetItem(f"{types[p.type].name} ({types[p.type].org})"
                                   + (f" — {ropes}" if ropes else ""))
            item.setData(PID_ROLE, p.id)
            self.carrier_list.addItem(item)
        for box, value in ((self.rope_box, rope), (self.carrier_box, carrier)):
            if value is not None and box.findData(value) >= 0:
                box.setCurrentIndex(box.findData(value))

    def item_for(self, pid: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            if self.list.item(i).data(PID_ROLE) == pid:
                return self.list.item(i)
        return None

    # -- buttons ------------------------------------------------------------------------

    def _leave_out(self) -> None:
        item = self.list.currentItem()
        if item is None:
            self.ui.status("Choose a unit in the list first.")
            return
        self.ui.do(Action.make("leave-out", "legion", piece=item.data(PID_ROLE)))

    def _assign(self) -> None:
        self.ui.do(Action.make("assign-rope", "bedouin", rope=self.rope_box.currentData(),
                               piece=self.carrier_box.currentData()))

    # -- dragging onto the map ------------------------------------------------------------

    def _scene_pos(self, global_pos: QPoint) -> QPointF | None:
        return self.ui.host.scene_pos_at(global_pos)

    def carrier_at(self, global_pos: QPoint) -> QListWidgetItem | None:
        """The carrier list's item under a screen point (None: not over it)."""
        if not self.carrier_list.isVisible():
            return None
        local = self.carrier_list.viewport().mapFromGlobal(global_pos)
        if not self.carrier_list.viewport().rect().contains(local):
            return None
        return self.carrier_list.itemAt(local)

    def drag_over(self, pid: str, global_pos: QPoint) -> None:
        carrier = self.carrier_at(global_pos)
        if carrier is not None:
            self.carrier_list.setCurrentItem(carrier)
            return
        pos = self._scene_pos(global_pos)
        self.ui.mode.tray_hover(pid, pos)

    def chosen(self, pid: str) -> list[str]:
        """The units a drag of ``pid`` takes: every chosen one if it is among
        them (it first), else ``pid`` alone."""
        picked = [i.data(PID_ROLE) for i in self.list.selectedItems() if i.data(PID_ROLE)]
        if pid not in picked:
            return [pid]
        return [pid] + [p for p in picked if p != pid]

    def drop(self, pid: str, global_pos: QPoint) -> None:
        carrier = self.carrier_at(global_pos)
        if carrier is not None:           # 2.32 a rope dropped on its carrier
            self.ui.do(Action.make("assign-rope", "bedouin", rope=pid,
                                   piece=carrier.data(PID_ROLE)))
            return
        pos = self._scene_pos(global_pos)
        many = self.chosen(pid)
        if len(many) > 1 and pos is not None and hasattr(self.ui.mode, "tray_drop_many"):
            self.ui.mode.tray_drop_many(many, pos)
            return
        if pos is None:
            self.ui.mode.tray_hover(pid, None)
            return
        self.ui.mode.tray_drop(pid, pos)


class SetupMode(Mode):
    """2.31 placing, moving, turning and leaving out Legion units."""

    def __init__(self, ui) -> None:
        super().__init__(ui)
        self.facing = 0
        self.dragging: str | None = None
        self.selected: str | None = None

    def _level_for(self, key: str, pid: str, level: int | None = None) -> int:
        """The level a unit dropped on ``key`` goes to: a diagram square's own
        level (1.12); on the board the chosen level if the square has it, else
        the highest free level."""
        if level is not None:
            return level
        levels = self.ui.controller.levels(self.state, key)
        chosen = self.ui.bar.level
        if chosen is not None and chosen in levels:
            return chosen
        taken = {p.level for p in self.state.pieces_at(key) if p.id != pid}
        free = [lv for lv in levels if lv not in taken]
        return (free or list(levels))[-1]

    def _action(self, pid: str, key: str, level: int, facing: int) -> Action:
        """``place`` a character, ``place-weapon`` a Weapon unit (14.1)."""
        if self.state.pieces[pid].type in ("machinegun", "cannon"):
            return Action.make("place-weapon", "legion", weapon=pid, space=key, level=level,
                               facing=facing)
        side = self.ui.prompt().side or "legion"       # 20.12 the Bedouin set up some units
        return Action.make("place", side, piece=pid, space=key, level=level, facing=facing)

    def _place(self, pid: str, key: str, facing: int, level: int | None = None) -> bool:
        action = self._action(pid, key, self._level_for(key, pid, level), facing)
        if self.ui.do(action) is None:
            return False
        self.selected = pid
        self.facing = facing
        return True

    def tray_hover(self, pid: str, pos: QPointF | None) -> None:
        self.layer.clear()
        found = self.place_at(pos) if pos is not None else None
        if found is None:
            return
        key, level = found
        action = self._action(pid, key, self._level_for(key, pid, level), self.facing)
        verdict = self.ui.controller.legal(self.state, action)
        self.layer.shade(key, OK_SHADE if verdict else BAD_SHADE,
                         tip=verdict.reason if not verdict else "", level=level)

    def tray_drop(self, pid: str, pos: QPointF) -> None:
        self.layer.clear()
        found = self.place_at(pos)
        if found is not None and self.ui.can("place"):
            self._place(pid, found[0], self.facing, found[1])

    def press(self, pos, button, modifiers) -> bool:
        if self.ui.can("plot-tunnel"):
            return self._tunnel_click(pos)
        if not self.ui.can("place"):
            return False
        if self.ui.can("set-door") and self._door_menu(pos):
            return True
        item = self.counter_at(pos) or self.counter_at(pos, types=("weapon",))
        if item is None or item.piece.side != (self.ui.prompt().side or "legion"):
            return False
        self.selected = item.piece_id
        if button == Qt.MouseButton.RightButton:
            action = Action.make("leave-out", "legion", piece=item.piece_id)
            if self.ui.controller.legal(self.state, action):
                self.popup(pos, [("Leave out of the game (2.31)", action)])
            return True
        self.dragging = item.piece_id
        return True

    def _tunnel_click(self, pos) -> bool:
        """15.21 a tunnel: first its edge square, then its last square, in a line."""
        key = self.square_at(pos)
        if key is None:
            return False
        start = getattr(self, "tunnel_start", None)
        if start is None:
            self.tunnel_start = key
            self.layer.clear()
            self.layer.shade(key, OK_SHADE, "T")
            self.ui.status(f"15.21 Tunnel from {key}: now click its last square.")
            return True
        self.tunnel_start = None
        self.layer.clear()
        fort = self.ui.controller.fort(self.state)
        (c0, r0), (c1, r1) = fort.coords(start), fort.coords(key)
        if c0 != c1 and r0 != r1:
            self.ui.status("15.21 A tunnel runs straight, never diagonally.")
            return True
        n = max(abs(c1 - c0), abs(r1 - r0))
        dc, dr = ((c1 > c0) - (c1 < c0), (r1 > r0) - (r1 < r0))
        by_coord = {fort.coords(k): k for k in self.scene.board.keys()}
        squares = tuple(by_coord[(c0 + i * dc, r0 + i * dr)] for i in range(n + 1))
        label = self.ui.tray.panels.tunnel_number.value()
        if self.ui.do(Action.make("plot-tunnel", "bedouin", squares=squares, label=label)):
            self.ui.tray.panels.tunnel_number.setValue(min(9, label + 1))
        return True

    def _door_menu(self, pos) -> bool:
        """10.15 a press on a door, a window or the gate: the statuses to set."""
        from .doors_layer import opening_at

        gate = self.counter_at(pos, types=("gate",))
        key = "gate" if gate is not None else None
        if key is None and self.counter_at(pos) is None:
            key = opening_at(self.scene, pos, self.ui.controller.openings(self.state))
        if key is None:
            return False
        now = self.ui.controller.doors(self.state).get(key, "open")
        what = "the gate" if key == "gate" else "this door or window"
        entries = [(f"Set {what} {status} (10.15)",
                    Action.make("set-door", "legion", door=key, status=status))
                   for status in ("open", "closed", "locked") if status != now]
        self.popup(pos, entries)
        return True

    def move(self, pos) -> bool:
        if self.dragging is None:
            return False
        self.tray_hover(self.dragging, pos)
        return True

    def release(self, pos, button) -> bool:
        pid, self.dragging = self.dragging, None
        if pid is None:
            return False
        self.layer.clear()
        found = self.place_at(pos)
        piece = self.state.pieces[pid]
        if found is None:
            return True
        key, level = found
        if not released_in_place(self.scene, piece, key, level):
            self._place(pid, key, piece.facing if piece.facing is not None else self.facing,
                        level)
        return True

    def wheel(self, pos, steps) -> bool:
        item = self.counter_at(pos) or self.counter_at(pos, types=("weapon",))
        if item is None or item.piece.side != (self.ui.prompt().side or "legion") \
                or not item.piece.on_board:
            return False
        self.selected = item.piece_id
        self.turn(steps)
        return True

    def turn(self, steps: int) -> None:
        pid = self.selected
        if pid is None or not self.state.pieces[pid].on_board:
            return
        piece = self.state.pieces[pid]
        facing = ((piece.facing or 0) + steps) % 8
        self.ui.do(self._action(pid, piece.space, piece.level, facing))
        self.facing = facing

    def refresh(self) -> None:
        if self.selected:
            self.ui.highlight([self.selected], "selected")

    def leave(self) -> None:
        super().leave()
        self.selected = self.dragging = None
