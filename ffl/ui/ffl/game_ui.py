"""FFLGameUI: French Foreign Legion in the play window.

Adds the fort's symbols, the off-board level diagrams (1.12), the phase bar
(turn, phase, chit, cup, Draw / End phase, level selector, dice), the unit
tray (set-up, ropes, units waiting to enter), the mouse interaction of each
phase, the hot-seat hand-over screen and the victory box, all through its
:class:`~ffl.ui.host.GameHost`.  Every rule question goes to the controller's
documented queries and its :class:`~ffl.engine.Prompt`; actions go through
:meth:`~ffl.ui.game_ui.GameUI.do`.  The undo rule is the controller's
(``FFLController.undo_barrier``), obeyed by the session.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action, Event
from ffl.ui.dialogs import ask
from ffl.ui.game_ui import GameUI

from .counters import ACTIVE, NORMAL, FFLCounterItem
from .decor import FortDecor
from .diagrams import LevelDiagrams
from .doors_layer import draw_doors
from .fire import FireMode
from .interaction import IdleMode, Mode
from .layers import Layer, layout_levels
from .movement import MovementMode
from .phase_bar import PhaseBar
from .ropes_layer import draw_grappled_ropes
from .setup_tray import SetupMode, UnitTray
from .siege_layer import draw_siege

ANIMATE_KEY, HANDOVER_KEY = "ffl/animate_dice", "ffl/handover"
#: which interaction mode serves a prompt, by the action kinds it opens
MODE_BY_KIND = (("place", "setup"), ("assign-rope", "setup"), ("impact-move", "movement"),
                ("move", "movement"), ("enter", "movement"), ("fire", "fire"),
                ("ungrapple", "fire"))


class FFLGameUI(GameUI):
    """The French Foreign Legion play interface (hot-seat, two players)."""

    def attach(self) -> None:
        host, session = self.host, self.session
        self.settings = host.settings
        self.decor = FortDecor(self.scene, self.scene.board)
        self._add_diagrams()
        self.rope_layer = Layer(self.scene)
        self.doors_layer = Layer(self.scene)
        self.siege_layer = Layer(self.scene)
        self._hidden: set[str] = set()
        self.bar = PhaseBar(lambda: self.pref(ANIMATE_KEY, True))
        self.toolbar = host.add_tool_bar(self.bar, "fflPhaseToolBar", "Phase")
        self.tray = UnitTray(self)
        self.tray_dock = host.add_dock("Units", self.tray, "fflTrayDock", size=230)
        self.bar.draw_button.clicked.connect(self.draw_chit)
        self.bar.end_button.clicked.connect(self.end_phase)
        self.bar.setup_button.clicked.connect(self.end_setup)
        self.bar.show_options(self.controller.optional_rules(session.state))
        self.bar.levelChanged.connect(lambda _lv: self.relayout())
        self._build_menu()
        self.modes: dict[str, Mode] = {"setup": SetupMode(self), "movement": MovementMode(self),
                                       "fire": FireMode(self), "idle": IdleMode(self)}
        self.mode: Mode = self.modes["idle"]
        host.set_map_input(self)
        self._hover_place: tuple[str, int] | None = None
        host.on_hover(self._after_hover)
        self._last_side = self.prompt().side
        self._victory_shown = self.controller.outcome(session.state) is not None
        self.victory_box: QMessageBox | None = None
        session.subscribe(self._on_change)

    def _add_diagrams(self) -> None:
        """The level diagrams below the board (1.12); the map's fit and the
        overview take them in (the scene's board rectangle grows to hold them)."""
        scene = self.scene
        self.diagrams = LevelDiagrams(scene, self.controller.fort(self.state))
        scene.level_diagrams = self.diagrams
        scene.add_area(self.diagrams.bounds())
        self.host.board_area_changed()

    def _build_menu(self) -> None:
        add = self.host.add_action
        self.draw_action = add("&Draw chit", self.draw_chit, ["Space"], "drawChitAction",
                               "Draw the next organization's chit from the cup")
        self.end_action = add("&End phase", self.end_phase, ["E"], "endPhaseAction",
                              "End the drawn organization's phase")
        self.host.add_separator()
        self.right_action = add("Turn &right", lambda: self.mode.turn(1), ["R"],
                                "turnRightAction", "Turn the chosen unit one step clockwise")
        self.left_action = add("Turn &left", lambda: self.mode.turn(-1), ["Shift+R"],
                               "turnLeftAction", "Turn the chosen unit one step anticlockwise")
        self.host.add_separator()
        self.animate_action = add("&Animate dice", lambda on: self._set_pref(ANIMATE_KEY, on),
                                  name="animateDiceAction", checkable=True,
                                  checked=self.pref(ANIMATE_KEY, True),
                                  tip="Roll the dice on screen before showing the result")
        self.handover_action = add("&Hand-over screen between sides",
                                   lambda on: self._set_pref(HANDOVER_KEY, on),
                                   name="handoverAction", checkable=True,
                                   checked=self.pref(HANDOVER_KEY, False),
                                   tip="Cover the window when the other side is to act")

    # -- preferences -------------------------------------------------------------------

    def pref(self, key: str, default: bool) -> bool:
        return bool(self.settings.value(key, default, type=bool))

    def _set_pref(self, key: str, on: bool) -> None:
        self.settings.setValue(key, bool(on))

    # -- acting ---------------------------------------------------------------------

    def status(self, text: str) -> None:
        self.host.show_status(text)

    def side(self) -> str:
        """The side whose turn it is (the prompt's, also while nobody is asked)."""
        prompt = self.prompt()
        return str(prompt.info.get("side") or prompt.side or "")

    def draw_chit(self) -> None:
        self.do(Action.make("draw", self.side()))

    def end_setup(self) -> None:
        self.do(Action.make("end-setup", self.side()))

    def end_phase(self, confirmed: bool = False) -> None:
        """End the drawn organization's phase; asks first if units have not acted."""
        idle = self.idle_units()
        if idle and not confirmed:
            names = ", ".join(self.name(p) for p in idle[:6]) + ("…" if len(idle) > 6 else "")
            self.confirm_box = ask(self.host.parent_widget(), "endPhaseBox", "End the phase?",
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
        return self.piece_name(pid)

    # -- the map's mouse input, handed to the mode of the phase -------------------------------

    def map_press(self, pos: QPointF, button, modifiers) -> bool:
        return self.mode.press(pos, button, modifiers)

    def map_move(self, pos: QPointF) -> bool:
        self.hover(pos)
        return self.mode.move(pos)

    def map_release(self, pos: QPointF, button) -> bool:
        return self.mode.release(pos, button)

    def map_wheel(self, pos: QPointF, steps: int) -> bool:
        return self.mode.wheel(pos, steps)

    # -- following the game ----------------------------------------------------------

    def _on_change(self, events: list[Event]) -> None:
        if events:
            self.bar.dice.show_rolls(events)
            notices = self.controller.notices(events)
            if notices:
                self.status(" · ".join(notices))

    def _mode_for(self, kinds: tuple[str, ...]) -> Mode:
        for kind, mode in MODE_BY_KIND:
            if kind in kinds:
                return self.modes[mode]
        return self.modes["idle"]

    def refresh(self, events: list[Event]) -> None:
        state, prompt = self.state, self.prompt()
        mode = self._mode_for(prompt.kinds)
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
        self.doors_layer.clear()
        draw_doors(self.doors_layer, self.scene, self.controller.doors(state))
        side = self.side()
        viewer = side if side in ("legion", "bedouin") else prompt.side
        marks = self.controller.unit_marks(state, viewer)
        siege = self.controller.siege_map(state, viewer)
        self.siege_layer.clear()
        draw_siege(self.siege_layer, self.scene, siege)
        hidden = set(siege["hidden"])          # 15.25 the Legion does not see into tunnels
        for pid, item in self.scene.counters.items():
            if isinstance(item, FFLCounterItem):
                item.set_marks(marks.get(pid, ()))
                if pid in hidden:
                    item.setVisible(False)
                elif pid in self._hidden:
                    item.setVisible(True)
        self._hidden = hidden
        side = self.side()
        legal = {k: self.controller.legal(state, Action.make(k, side))
                 for k in ("draw", "end-phase", "end-setup")}
        # End phase stays clickable while a chit is out: a refusal says why
        can_end = "end-phase" in prompt.kinds
        self.bar.show_prompt(prompt, self.controller.phase(prompt.phase), bool(legal["draw"]),
                             can_end, bool(legal["end-setup"]))
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
        self._check_side_change(prompt.side)
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
            self.host.set_hover_text("")
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
        self.host.set_hover_text(" · ".join(bits))

    def highlight(self, pieces, how: str) -> None:
        for pid in pieces:
            item = self.scene.counter(pid)
            if isinstance(item, FFLCounterItem):
                item.set_highlight(how)

    def _check_side_change(self, side: str) -> None:
        if side and side != self._last_side and self.pref(HANDOVER_KEY, False):
            self.handover = self.host.hand_over(
                f"Pass the computer to the {side.capitalize()} player.\n"
                "The other player looks away.")
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
                          QMessageBox.StandardButton.Ok, self.host.parent_widget())
        box.setObjectName("victoryBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.victory_box = box

    # -- leaving ----------------------------------------------------------------------

    def detach(self) -> None:
        self.session.unsubscribe(self._on_change)
        self.mode.leave()
