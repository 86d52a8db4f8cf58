"""FFLGameUI: French Foreign Legion in the play window.

Adds the fort's symbols, the off-board level diagrams (1.12), FFL counters, the phase bar (turn, phase, chit, cup,
Draw / End phase, level selector, dice), the unit tray (set-up, ropes, units
waiting to enter), the mouse interaction of each phase, the undo rule, the
hot-seat hand-over screen and the victory box.  Every rule question goes to
the controller; actions go through ``session.do``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QToolBar

from ffl.engine import Action, Event, IllegalAction
from ffl.games.ffl.terrain import Fort
from ffl.ui.dialogs import ask
from ffl.ui.game_ui import GameUI

from .counters import ACTIVE, NORMAL, FFLCounterItem
from .decor import FortDecor
from .diagrams import LevelDiagrams
from .fire import FireMode
from .handover import HandOver
from .interaction import IdleMode, MapInteraction
from .layers import Layer, layout_levels
from .movement import MovementMode
from .phase_bar import PhaseBar
from .ropes_layer import draw_grappled_ropes
from .setup_tray import SetupMode, UnitTray
from .undo import UndoRule

ANIMATE_KEY, UNDO_ROLLS_KEY, HANDOVER_KEY = "ffl/animate_dice", "ffl/undo_rolls", "ffl/handover"
STATUS_MS = 10000


class FFLGameUI(GameUI):
    """The French Foreign Legion play interface (hot-seat, two players)."""

    def attach(self) -> None:
        window, session = self.window, self.session
        self.controller = session.controller
        self.scene = window.scene
        self.scene.counter_class = FFLCounterItem
        self.decor = FortDecor(self.scene, self.scene.board)
        self._add_diagrams()
        self.rope_layer = Layer(self.scene)
        self.settings = window.settings
        self.bar = PhaseBar(lambda: self.pref(ANIMATE_KEY, True))
        self.toolbar = QToolBar("Phase", window)
        self.toolbar.setObjectName("fflPhaseToolBar")
        self.toolbar.setMovable(False)
        self.toolbar.addWidget(self.bar)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        self.tray = UnitTray(self)
        self.tray_dock = self.add_dock("Units", self.tray, "fflTrayDock")
        window.resizeDocks([self.tray_dock], [230], Qt.Orientation.Horizontal)
        self.bar.draw_button.clicked.connect(self.draw_chit)
        self.bar.end_button.clicked.connect(self.end_phase)
        self.bar.setup_button.clicked.connect(self.end_setup)
        self.bar.levelChanged.connect(lambda _lv: self.relayout())
        self._build_menu()
        self.handover = HandOver(window.map)
        self.undo_rule = UndoRule(session.log, self.pref(UNDO_ROLLS_KEY, False))
        self.modes = {"setup": SetupMode(self), "movement": MovementMode(self),
                      "fire": FireMode(self), "idle": IdleMode(self)}
        self.mode = self.modes["idle"]
        self.interaction = MapInteraction(self)
        window.map.viewport().installEventFilter(self.interaction)
        self._hover_place: tuple[str, int] | None = None
        window.map.spaceHovered.connect(self._after_hover)
        self._last_side = self._acting_side()
        self._victory_shown = session.controller.outcome(session.state) is not None
        self.victory_box: QMessageBox | None = None
        session.subscribe(self._on_change)

    def _add_diagrams(self) -> None:
        """The level diagrams below the board (1.12); the map's fit and the
        overview take them in (the scene's board rectangle grows to hold them)."""
        scene = self.scene
        self.diagrams = LevelDiagrams(scene, Fort(scene.board))
        scene.level_diagrams = self.diagrams
        scene.add_area(self.diagrams.bounds())
        self.window.overview.refit()

    def _build_menu(self) -> None:
        menu, w = self.menu, self.window
        self.actions: list[QAction] = []

        def action(text, slot, keys=(), name="", checkable=False, key=None, default=False,
                   tip=""):
            a = QAction(text, w)
            a.setObjectName(name)
            a.setToolTip(tip)
            a.setStatusTip(tip)
            if keys:
                a.setShortcuts([QKeySequence(k) for k in keys])
            if checkable:
                a.setCheckable(True)
                a.setChecked(self.pref(key, default))
                a.toggled.connect(lambda on, k=key: self._set_pref(k, on))
            else:
                a.triggered.connect(slot)
            menu.addAction(a)
            w.addAction(a)
            self.actions.append(a)
            return a

        self.draw_action = action("&Draw chit", self.draw_chit, ["Space"], "drawChitAction",
                                  tip="Draw the next organization's chit from the cup")
        self.end_action = action("&End phase", self.end_phase, ["E"], "endPhaseAction",
                                 tip="End the drawn organization's phase")
        menu.addSeparator()
        self.right_action = action("Turn &right", lambda: self.mode.turn(1), ["R"],
                                   "turnRightAction",
                                   tip="Turn the chosen unit one step clockwise")
        self.left_action = action("Turn &left", lambda: self.mode.turn(-1), ["Shift+R"],
                                  "turnLeftAction",
                                  tip="Turn the chosen unit one step anticlockwise")
        menu.addSeparator()
        self.animate_action = action("&Animate dice", None, name="animateDiceAction",
                                     checkable=True, key=ANIMATE_KEY, default=True,
                                     tip="Roll the dice on screen before showing the result")
        self.undo_rolls_action = action("Allow undo of &rolls (both players agree)", None,
                                        name="undoRollsAction", checkable=True,
                                        key=UNDO_ROLLS_KEY, default=False,
                                        tip="Let undo take back steps that rolled dice "
                                            "(only when both players agree)")
        self.handover_action = action("&Hand-over screen between sides", None,
                                      name="handoverAction", checkable=True,
                                      key=HANDOVER_KEY, default=False,
                                      tip="Cover the map when the other side is to act")

    # -- preferences -------------------------------------------------------------------

    def pref(self, key: str, default: bool) -> bool:
        return bool(self.settings.value(key, default, type=bool))

    def _set_pref(self, key: str, on: bool) -> None:
        self.settings.setValue(key, bool(on))
        if key == UNDO_ROLLS_KEY:
            self.undo_rule.set_undo_rolls(bool(on))
            self.window.refresh()

    # -- acting ---------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)

    def do(self, action: Action) -> list[Event] | None:
        """Send an action; an illegal one changes nothing and says why."""
        try:
            return self.session.do(action)
        except IllegalAction as exc:
            self.status(f"Not allowed: {exc}")
            return None

    def side(self) -> str:
        return str(self.state.vars.get("active") or "")

    def _acting_side(self) -> str:
        prompt = self.controller.prompt(self.state)
        return prompt.side

    def draw_chit(self) -> None:
        self.do(Action.make("draw", self.side()))

    def end_setup(self) -> None:
        self.do(Action.make("end-setup", self.side()))

    def end_phase(self, confirmed: bool = False) -> None:
        """End the drawn organization's phase; asks first if units have not acted."""
        idle = self.idle_units()
        if idle and not confirmed:
            names = ", ".join(self.name(p) for p in idle[:6]) + ("…" if len(idle) > 6 else "")
            self.confirm_box = ask(self.window, "endPhaseBox", "End the phase?",
                                   f"{len(idle)} unit(s) have not acted: {names}.",
                                   lambda yes: yes and self.end_phase(True),
                                   "End the phase anyway?")
            return
        self.do(Action.make("end-phase", self.side()))

    def idle_units(self) -> list[str]:
        """Units of the drawn organization that could act and have not (asked of
        the controller; the End-phase confirmation lists them)."""
        return self.controller.idle_units(self.state)

    def name(self, pid: str) -> str:
        types = self.session.module.piece_types
        piece = self.state.pieces[pid]
        return types[piece.type].name if piece.type in types else pid

    # -- following the game ----------------------------------------------------------

    def _on_change(self, events: list[Event]) -> None:
        if events:
            self.undo_rule.after_step(events)
            self.bar.dice.show_rolls(events)
            removed = [e.text for e in events if e.rule.startswith("8") or e.kind == "unstun"]
            if removed:
                self.status("Stun removal: " + " · ".join(removed))

    def refresh(self, events: list[Event]) -> None:
        state = self.state
        phase = state.vars.get("phase", "")
        chit = state.vars.get("chit")
        if phase.startswith("setup"):
            mode = self.modes["setup"]
        elif phase == "movement" and chit:
            mode = self.modes["movement"]
        elif phase == "fire" and chit:
            mode = self.modes["fire"]
        else:
            mode = self.modes["idle"]
        if mode is not self.mode:
            self.mode.leave()
            self.mode = mode
        for item in self.scene.counters.values():
            if isinstance(item, FFLCounterItem) and item.highlight not in (NORMAL, ACTIVE):
                item.set_highlight(NORMAL)
        self.mode.refresh()
        self.relayout()
        self.rope_layer.clear()
        draw_grappled_ropes(self.rope_layer, state, self.session.module.piece_types)
        side = self.side()
        legal = {k: self.controller.legal(state, Action.make(k, side))
                 for k in ("draw", "end-phase", "end-setup")}
        # End phase stays clickable while a chit is out: a refusal says why
        can_end = bool(chit) and phase in ("movement", "fire")
        self.bar.show_state(state, bool(legal["draw"]), can_end, bool(legal["end-setup"]))
        end_verdict = legal["end-phase"]
        self.bar.end_button.setToolTip(
            "End the drawn organization's phase (E)" if end_verdict else
            f"Not yet: {end_verdict.rule} {end_verdict.reason}")
        setup_verdict = legal["end-setup"]
        self.bar.setup_button.setToolTip(
            "Finish this side's set-up" if setup_verdict else
            f"Not yet: {setup_verdict.rule} {setup_verdict.reason}")
        self.draw_action.setEnabled(bool(legal["draw"]))
        self.end_action.setEnabled(can_end)
        self.tray.refresh()
        reason = self.undo_rule.tooltip()
        if reason:
            self.window.undo_action.setToolTip(reason)
        self._check_side_change()
        self._check_victory()

    def relayout(self) -> None:
        layout_levels(self.scene, self.bar.level)
        self.diagrams.set_chosen(self.bar.level)

    # -- the hover line on diagram squares ------------------------------------------------

    def hover(self, pos) -> None:
        """The mouse moved over ``pos``: name a diagram square and its level."""
        place = self.diagrams.at(pos)
        if place == self._hover_place:
            return
        self._hover_place = place
        if place is None:
            self.window.hover_label.setText("")
        else:
            self._show_place(place)

    def _after_hover(self, _key: str) -> None:
        # the window names board squares; over a diagram the level is ours to add
        if self._hover_place is not None:
            self._show_place(self._hover_place)

    def _show_place(self, place: tuple[str, int]) -> None:
        key, level = place
        here = [p for p in self.state.pieces_at(key, level)
                if p.on_board and self.session.module.piece_types[p.type].kind == "character"]
        bits = [self.diagrams.describe(key, level)]
        if here:
            bits.append(", ".join(self.name(p.id) for p in here))
        self.window.hover_label.setText(" · ".join(bits))

    def highlight(self, pieces, how: str) -> None:
        for pid in pieces:
            item = self.scene.counter(pid)
            if isinstance(item, FFLCounterItem):
                item.set_highlight(how)

    def _check_side_change(self) -> None:
        side = self._acting_side()
        if side and side != self._last_side and self.pref(HANDOVER_KEY, False):
            self.handover.show_for(side)
        self._last_side = side or self._last_side

    def _check_victory(self) -> None:
        outcome = self.controller.outcome(self.state)
        if outcome is None:
            self._victory_shown = False
            return
        if self._victory_shown:
            return
        self._victory_shown = True
        winner = outcome.winner.capitalize() if outcome.winner else "Nobody"
        box = QMessageBox(QMessageBox.Icon.Information, "Game over",
                          f"<b>{winner} wins.</b><br><br>{outcome.text}",
                          QMessageBox.StandardButton.Ok, self.window)
        box.setObjectName("victoryBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.victory_box = box

    # -- leaving ----------------------------------------------------------------------

    def detach(self) -> None:
        if self._on_change in self.session.listeners:
            self.session.listeners.remove(self._on_change)
        self.window.map.spaceHovered.disconnect(self._after_hover)
        self.window.map.viewport().removeEventFilter(self.interaction)
        self.mode.leave()
        for a in self.actions:
            self.window.removeAction(a)
        self.window.removeToolBar(self.toolbar)
        self.toolbar.deleteLater()
        self.handover.deleteLater()
        super().detach()
