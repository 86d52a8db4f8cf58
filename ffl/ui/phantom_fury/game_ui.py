"""PhantomFuryUI: commanding the USMC in the play window (solitaire).

Docks: the Battle panel (turn and VP tracks, phase, Missions used, the
containers, the unit picked, End phase).  The map shows the decor
(:mod:`.decor`), each Zone's markers and the highlights (:mod:`.overlay`);
the mouse is :mod:`.mouse`, what a drop does :mod:`.drops`, and following the
insurgents' doings on the map :mod:`.follow`.  Everything legal comes from the
controller's prompt and documented queries (``reachable``, ``plan``,
``secure_plan``, ``fire_targets``, ``assault_targets``, ``reinforcements``,
``setup_zones``, ``zone_status``, ``pools``, ``mission_left``); actions go
through :meth:`GameUI.do`.
"""

from __future__ import annotations

from contextlib import contextmanager
from html import escape

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QScrollArea

from ffl.engine import Action
from ffl.games import manifest
from ffl.ui.game_ui import GameUI
from ffl.ui.opening import open_on, reading_zoom
from ffl.ui.style import UNIT

from . import decor, drops, reasons, targets
from .counters import NORMAL, SELECTED, TARGET, PhantomFuryCounterItem, order_stacks
from .follow import DoingsFollower
from .mouse import MapMouse, describe
from .overlay import Overlay
from .panel import BattlePanel

HOLDING_COLUMNS = 3
#: the ring round the places the insurgents' doings of the last step touched: dashed,
#: in the dark red of the panel's "What just happened" lines, so it reads apart from
#: the shared solid orange ring (ffl/ui/opponent_follow.RING_COLOUR) drawn round the
#: same counters for a moment, and from the orange ring of the unit picked
DOINGS = "#8a2418"


class PhantomFuryUI(GameUI):
    def __init__(self, host, session) -> None:
        super().__init__(host, session)
        self.selected: str | None = None
        self.targets: dict[str, list[Action]] = {}
        self.mission_pick = ""
        self.decor: list = []
        #: the controller's answers kept for one state (see :meth:`asked`)
        self._answers: dict[str, object] = {}
        self._answers_for: tuple = ()
        #: while a drag's plan is played step by step (:func:`.drops.play`): the
        #: view is laid out once at its end, not after every step
        self.holding_view = False
        self.view_held = False
        #: the pieces the insurgents' doings of the last step touched (ringed)
        self.touched: list[str] = []

    # -- building -------------------------------------------------------------------------

    def attach(self) -> None:
        scene = self.scene
        scene.counter_class = PhantomFuryCounterItem
        self.cmap = self.controller.city(self.state)
        self.decor = decor.draw(scene, self.cmap)
        #: the decor lying under a Location's counters, by Location (hidden under them),
        #: and the Locations that held counters at the last refresh
        self._under: dict[str, list] = {}
        for item in self.decor:
            if key := item.data(0):
                self._under.setdefault(key, []).append(item)
        self._covered: set[str] | None = None
        cmap = self.cmap
        self.overlay = Overlay(scene, {n for n in cmap.zones if cmap.fire_targets[n]
                                       - cmap.adjacent[n] - cmap.neighbouring[n]})
        self.mouse = MapMouse(self)
        self.panel = BattlePanel()
        # the insurgents' doings off screen are brought into view (as the generic
        # computer opponent's moves are), never under a held mouse button
        self.follower = DoingsFollower(self, self.panel)
        self.panel.endPhase.connect(self.end_phase)
        self.panel.lossOrder.connect(self.set_loss_order)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(440)        # the whole panel under the log at 1400x900
        self.dock = self.host.add_dock("Battle", scroll, "pfBattleDock",
                                       Qt.DockWidgetArea.RightDockWidgetArea, size=290)
        add = self.host.add_action
        self.end_action = add("&End phase", self.end_phase, ["Ctrl+E"], "pfEndPhaseAction",
                              "Close the current phase (the program plays the insurgents' "
                              "part)")
        self.host.add_separator()
        for mission, title in (("dragon_eye", "Call a '&Dragon Eye' UAV report…"),
                               ("cobra", "Call an AH-1W '&Super Cobra'…"),
                               ("hornet", "Call an F/A-18 '&Hornet'…")):
            add(title, lambda m=mission: self.pick_mission(m), name=f"pfMission_{mission}",
                tip="Then click the Zone (or, for the Super Cobra, the counter) to aim at")
        self.host.set_map_input(self)
        self.host.on_hover(self.hovered)

    def detach(self) -> None:
        self.overlay.clear_highlights()
        self.follower.close()

    def release(self) -> None:
        # the kept answers name the session and its state: the replaced game goes
        self._answers, self._answers_for = {}, ()
        super().release()

    def default_view(self, view) -> None:
        """How the map opens (the window calls this after fitting the whole map): zoomed
        until the Zone numbers read (decor.ZONE_NUMBER at LEGIBLE_PX), on the USMC: in
        the set-up, the squads waiting in the Start box and the black-circle Zones they
        go to (6.3); later, the part of the map holding most of the USMC units on it.
        View › Fit and the Overview show the whole map."""
        board, state = self.scene.board, self.state
        mine = [(board[p.space], item.pos()) for pid, item in self.scene.counters.items()
                if (p := state.pieces[pid]).side == "usmc" and p.status == "active"
                and item.isVisible() and p.space in board.spaces]
        if "place" in self.prompt().kinds:
            points = [pos for space, pos in mine if space.key == "BOX-start"]
            points += [QPointF(*(c * UNIT for c in board[self.cmap.entry[n]].centre))
                       for n in self.controller.setup_zones(state)]
        else:
            points = [pos for space, pos in mine if not space.get("holding")]
        open_on(view, points or [pos for _, pos in mine],
                reading_zoom(decor.ZONE_NUMBER * UNIT), margin=0.5 * UNIT)

    # -- reading -------------------------------------------------------------------------------

    def asked(self, name: str, ask):
        """The controller's answer ``ask()`` for the current state, asked once per
        state: kept until the session tells of a change (its ``changes`` counter) or
        shows another state (issue 12: a press, a drop or an end of phase asked the
        prompt some 25 times and every Zone's status a few times over).  The rules
        stay the controller's; this only keeps its answers."""
        session = self.session
        if session is None:
            return ask()
        key = self._answers_for
        if not (key and key[0] is session and key[1] == session.changes
                and key[2] is session.state and key[3] == session.log.position):
            self._answers = {}
            self._answers_for = (session, session.changes, session.state,
                                 session.log.position)
        if name not in self._answers:
            self._answers[name] = ask()
        return self._answers[name]

    def prompt(self):
        """The controller's prompt for the current state (asked once per state)."""
        if self.session is None:
            return super().prompt()
        return self.asked("prompt", super().prompt)

    def legal_actions(self) -> list[Action]:
        """The controller's legal actions now (asked once per state)."""
        return self.asked("legal_actions",
                          lambda: list(self.controller.legal_actions(self.state)))

    def name(self, pid: str) -> str:
        return self.piece_name(pid)

    def target_name(self, pid: str) -> str:
        p = self.state.pieces[pid]
        kind = self.session.module.piece_types[p.type].kind
        where = self.controller.label(self.state, p.space) if p.space else ""
        if kind == "suspect":
            return f"the marker in {where}"
        face = p.data.get("face", "guerillas")
        return f"the {face.capitalize()} {self.controller.cf(self.state, pid)} in {where}"

    def kind_of(self, pid: str) -> str:
        return self.session.module.piece_types[self.state.pieces[pid].type].kind

    def draggable(self, pid: str) -> bool:
        kinds = self.prompt().kinds
        p = self.state.pieces[pid]
        if "place" in kinds or "attach" in kinds:
            return p.space in ("BOX-start", "BOX-caat")
        if "reinforce" in kinds:
            return pid in self.controller.reinforcements(self.state)
        if "move" in kinds:
            return pid in self.controller.movable(self.state)
        return False

    def is_target(self, pid: str) -> bool:
        return pid in self.targets

    def flood_choice(self, action: Action) -> bool:
        return any(t["location"] == action["target"] and t["flood_choice"]
                   for t in self.controller.assault_targets(self.state, action["piece"]))

    # -- acting ----------------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        self.mission_pick = ""
        self.do(action)

    def end_phase(self) -> None:
        kinds = self.prompt().kinds
        if "end-setup" in kinds:
            self.do(Action.make("end-setup", "usmc"))
        elif "end-phase" in kinds:
            self.selected = None
            self.do(Action.make("end-phase", "usmc"))

    def set_loss_order(self, on: bool) -> None:
        if self.selected:
            self.do(Action.make("loss-order", "usmc", piece=self.selected, caat_first=bool(on)))

    def pick_mission(self, mission: str) -> None:
        if "mission" not in self.prompt().kinds:
            self.host.show_status("Missions are called in the Support Phase (9.1).")
            return
        left = self.controller.mission_left(self.state, mission)
        if left <= 0:
            self.host.show_status("That Mission has no success left (9.2).")
            return
        self.mission_pick = mission
        zones = {f"Z{n}": "" for n in self.controller.mission_zones(self.state, mission)}
        self.overlay.clear_highlights()
        self.overlay.highlight(zones, "#d08a1e")
        self.host.show_status("Click the Zone (a counter for the Super Cobra) to aim at; "
                              "right-click anywhere else for every Mission.")

    def drop(self, pid: str, pos: QPointF) -> None:
        """A counter dragged to ``pos``: place, attach, reinforce or move it."""
        drops.drop(self, pid, pos)

    def act_on_target(self, pid: str) -> None:
        """Left click on a ringed target: fire or Assault with the unit picked."""
        actions = self.targets.get(pid, [])
        if actions:
            self.do(actions[0])

    def why_not_target(self, pid: str) -> str:
        return reasons.why_not_target(self, pid)

    def why_idle(self, pid: str) -> str:
        return reasons.why_idle(self, pid)

    # -- right-click menus ----------------------------------------------------------------------

    def menu_entries(self, pos: QPointF, pid: str | None, only: str = ""
                     ) -> list[tuple[str, Action | None]]:
        state, kinds = self.state, self.prompt().kinds
        legal = self.legal_actions()
        out: list[tuple[str, Action | None]] = []
        zone = self.mouse.zone_at(pos)
        if "mission" in kinds:
            for a in legal:
                if a.kind != "mission" or (only and a["mission"] != only):
                    continue
                if a["mission"] == "cobra":
                    hit = pid in a["targets"] if pid else False
                elif a["mission"] == "dragon_eye":
                    hit = zone in a["zones"]
                else:
                    hit = zone == a["zone"]
                if hit:
                    out.append((describe(self, a), a))
        if pid is not None and ("fire" in kinds or "assault" in kinds):
            loc = state.pieces[pid].space
            for a in legal:
                if (a.kind == "fire" and a["target"] == pid) or (
                        a.kind == "assault" and a["target"] == loc):
                    out.append((describe(self, a), a))
        if pid is not None and self.kind_of(pid) in ("squad", "iif", "abrams"):
            for a in legal:
                if a.kind in ("secure", "regroup", "withdraw", "finish") and a["piece"] == pid:
                    out.append((describe(self, a), a))
            p = state.pieces[pid]
            if p.data.get("caat") and state.vars.get("phase") != "over":
                first = not p.data.get("caat_first")
                out.append((describe(self, Action.make("loss-order", "usmc", piece=pid,
                                                       caat_first=first)),
                            Action.make("loss-order", "usmc", piece=pid, caat_first=first)))
        return out

    # -- selection and highlights --------------------------------------------------------------

    def select(self, pid: str | None) -> None:
        self.selected = pid
        self.refresh_view()

    def reach(self, pid: str) -> dict:
        """The controller's ``reachable`` for the unit, asked once per state."""
        return self.asked(f"reach:{pid}", lambda: self.controller.reachable(self.state, pid))

    def secure_plans(self, pid: str, key: str) -> dict:
        """The controller's ways of leaving the squad's Security Element on the way to
        ``key`` (12.3.2.1), asked once per state and place: a drag shows them under the
        cursor on every mouse move (~5 ms each time), its drop offers them again."""
        return self.asked(f"secure:{pid}:{key}",
                          lambda: self.controller.secure_plans(self.state, pid, key))

    def show_destinations(self, pid: str) -> None:
        kinds = self.prompt().kinds
        self.overlay.clear_highlights()
        if "move" in kinds:
            reach = self.reach(pid)
            self.overlay.highlight({k: f"{cost} MP" for k, (cost, _) in reach.items()})
        elif "reinforce" in kinds:
            dests = self.controller.reinforcements(self.state).get(pid, [])
            self.overlay.highlight({(d if isinstance(d, str) else self.cmap.entry[d]): ""
                                    for d in dests})
        elif "place" in kinds and self.kind_of(pid) == "squad":
            self.overlay.highlight({self.cmap.entry[n]: "" for n in
                                    self.controller.setup_zones(self.state)})

    def destination_text(self, pid: str, key: str | None, pos: QPointF) -> str:
        if key is None:
            return ""
        label = self.controller.label(self.state, key)
        if "move" in self.prompt().kinds:
            reach = self.reach(pid)
            if key in reach:
                text = f"{self.name(pid)} to {label}: {reach[key][0]} MP"
                secures = self.secure_plans(pid, key)
                ways = [f"{secure.cost} MP " + (
                    "with its Security Element detached on arrival" if at == key else
                    f"with its Security Element left in {self.cmap.label(at).split(', ')[-1]}")
                    for at, secure in secures.items()]      # 12.3.2.1, offered at the drop
                if ways:
                    text += f" ({'; '.join(ways)}, 12.3.2.1)"
                return text
            why = self.controller.why_not_move(self.state, pid, key)
            return f"{label}: {why.rule} {why.reason}"
        return label

    def hovered(self, key: str) -> None:
        n = self.cmap.zone_of.get(key) if key else None
        if n is None and key and key.startswith("Z") and key[1:].isdigit():
            n = int(key[1:])
        if n is None:
            return
        st = self.controller.zone_status(self.state, n)
        nature = {"start": "Activated (start Zone)", "normal": "Activated, Normal",
                  "fortified": "Fortified"}.get(st.get("act"), "not Activated")
        if n == 26 and not st.get("act"):
            nature = "Fortified (mosque), not Activated"
        bits = [f"Zone {n}: {'USMC' if st.get('usmc') else 'insurgent'} Control, {nature}"]
        for flag, text in (("ruins", "Ruins"), ("fan", "Fanaticism"), ("noev", "No Event")):
            if st.get(flag):
                bits.append(text)
        if st.get("pf"):
            bits.append(f"Phantom Fury ({st['pf']})")
        self.panel.zone.setText("; ".join(bits))

    # -- refreshing -----------------------------------------------------------------------------

    def refresh(self, events) -> None:
        if self.selected and self.state.pieces[self.selected].status != "active":
            self.selected = None
        if "mission" not in self.prompt().kinds:
            self.mission_pick = ""          # a Mission aimed at is dropped with its phase
        if self.holding_view:       # a drag's plan under way: laid out at its end
            self.view_held = True
        else:
            self.refresh_view()
        # the program's moves for the insurgents in this step, with their rules, where
        # the player looks (the log dock holds a few lines at 1366x768)
        self.panel.show_doings(self.controller.notices(events))
        self.touched = self.follower.after_step(events)
        if not self.holding_view:
            self._ring_touched()

    def _ring_touched(self) -> None:
        if self.touched:
            self.overlay.highlight({self.state.pieces[pid].space: "" for pid in self.touched},
                                   DOINGS, dashed=True)

    @contextmanager
    def one_view(self):
        """Actions sent inside are shown once, at the end, as the last one left the
        view (a drag's plan played step by step: its rings and the last step's
        doings), not laid out again after every step (issue 12)."""
        if self.holding_view:
            yield
            return
        self.holding_view, self.view_held = True, False
        try:
            yield
        finally:
            self.holding_view = False
            if self.view_held and self.session is not None:
                self.view_held = False
                self.refresh_view()
                self._ring_touched()

    def refresh_view(self) -> None:
        state, ctrl = self.state, self.controller
        self.scene.set_state(state)
        order_stacks(self.scene, state, self.kind_of)     # the squad over its SE marker
        labels = self.scene.labels
        if labels and labels[0].isVisible():    # shown together (View › Labels)
            for label in labels:      # the decor prints the map's own labels
                label.setVisible(False)
        covered = {p.space for p in state.pieces.values() if p.status == "active"}
        # a Location's label and tags lie under its counters: only the Locations whose
        # counters came or went change (issue 12: ~560 items asked at every refresh)
        before = self._covered
        for key in (self._under if before is None else covered ^ before):
            for item in self._under.get(key, ()):
                item.setVisible(key not in covered)
        self._covered = covered
        self._layout_boxes()
        prompt = self.prompt()
        self.overlay.show_zones(self.asked("zones", lambda: ctrl.zones_status(state)))
        if not self.mission_pick:
            self.overlay.clear_highlights()
        self._targets()
        for pid, item in self.scene.counters.items():
            if isinstance(item, PhantomFuryCounterItem):
                item.set_highlight(SELECTED if pid == self.selected else
                                   TARGET if pid in self.targets else NORMAL)
        info = prompt.info
        kinds = prompt.kinds
        can_end = "end-phase" in kinds or "end-setup" in kinds
        end_text = "Start turn 1" if "end-setup" in kinds else "End phase"
        game_help = manifest("phantom_fury").game_help()
        hint = game_help.hint(kinds) if game_help is not None else ""
        hint = hint.capitalize() if hint else ""
        # the button is greyed while the controller refuses to end the phase, and says why
        why = self.asked("end", lambda: ctrl.legal(state, Action.make(
            "end-setup" if "end-setup" in kinds else "end-phase", "usmc"))) if can_end else None
        not_yet = f"{end_text}: not yet ({why.rule} {why.reason})" if can_end and not why else ""
        can_end = can_end and not not_yet
        if not_yet:
            hint = (f"{escape(hint)}<br>" if hint else "") + f"<i>{escape(not_yet)}</i>"
        over = ctrl.outcome(state)
        title = over.text if over else prompt.text
        self.panel.show_prompt(title, int(info.get("turn", 0)), int(info.get("max_turn") or 16),
                               int(info.get("vp", 0)), hint, can_end, end_text)
        self.panel.end_button.setToolTip(not_yet or "Close the phase and go on to the next "
                                                    "one (Ctrl+E)")
        used = info.get("missions", {})
        limits = {k: ctrl.mission_left(state, k) + used.get(k, 0) for k in used}
        self.panel.show_missions(info.get("missions", {}), limits)
        self.panel.show_pools(info.get("pools", {}))
        self._show_unit()
        self.end_action.setEnabled(can_end)

    def _targets(self) -> None:
        targets.show(self)

    def _show_unit(self) -> None:
        pid = self.selected
        if not pid or pid not in self.state.pieces:
            self.panel.show_unit("Click one of your units.", None)
            return
        p = self.state.pieces[pid]
        kind = self.kind_of(pid)
        if kind not in ("squad", "iif", "abrams", "caat"):
            self.panel.show_unit(self.target_name(pid) if p.space else self.name(pid), None)
            return
        where = self.controller.label(self.state, p.space) if p.space else "off the map"
        text = f"<b>{self.name(pid)}</b> in {where}"
        if kind in ("squad", "iif", "abrams"):
            text += f"<br>CF {self.controller.cf(self.state, pid)}"
            if self.prompt().phase == "movement":
                text += f", {self.controller.mp_left(self.state, pid)} MP left"
            if p.data.get("fp"):
                text += f", {p.data['fp'].upper()}"
            idle = self.why_idle(pid)
            if idle:
                text += f"<br><i>{escape(idle)}</i>"
        caat = p.data.get("caat")
        if caat:
            c = self.state.pieces[caat].data
            text += (f"<br>{caat}: Ammo {c.get('ammo', 0)}, Explosives "
                     f"{'ready' if c.get('explosives') else 'used'}")
        self.panel.show_unit(text, bool(p.data.get("caat_first")) if caat else None)

    def _layout_boxes(self) -> None:
        """Counters waiting in the boxes beside the map, side by side (6.3)."""
        board = self.scene.board
        by_box: dict[str, list[str]] = {}
        for pid, p in sorted(self.state.pieces.items()):
            if p.status == "active" and p.space in board and board[p.space].get("holding"):
                by_box.setdefault(p.space, []).append(pid)
        for box, pids in by_box.items():
            minx, miny, maxx, _ = board[box].polygon.bounds
            step = (maxx - minx) / HOLDING_COLUMNS
            for i, pid in enumerate(pids):
                item = self.scene.counter(pid)
                if item is None:
                    continue
                col, row = i % HOLDING_COLUMNS, i // HOLDING_COLUMNS
                item.setPos(QPointF((minx + step * (col + 0.5)) * UNIT,
                                    (miny + 0.75 + row * 0.75) * UNIT))
                item.setZValue(10)

    # -- the map input (MapInput) -----------------------------------------------------------

    def map_press(self, pos, button, modifiers) -> bool:
        return self.mouse.press(pos, button, modifiers)

    def map_move(self, pos) -> bool:
        return self.mouse.move(pos)

    def map_release(self, pos, button) -> bool:
        return self.mouse.release(pos, button)

    def map_wheel(self, pos, steps) -> bool:
        return False
