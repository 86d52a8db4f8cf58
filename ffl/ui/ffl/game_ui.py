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
from ffl.ui.game_ui import GameUI
from ffl.ui.style import UNIT

from .confirm import ASK_DRAW, ASK_END_PHASE, confirm
from .counters import ACTIVE, NORMAL, FFLCounterItem, name_font
from .decor import FortDecor
from .diagrams import LevelDiagrams
from .doors_layer import draw_doors
from .framing import open_on_setup
from .interaction import IdleMode, Mode
from .layers import Layer, layout_levels
from .movement import MovementMode
from .phase_bar import PhaseBar
from .ropes_layer import draw_grappled_ropes
from .setup_tray import SetupMode, UnitTray
from .siege_layer import draw_siege
from .weapons import WeaponFireMode  # fire mode, with 14's Weapon units aimed

ANIMATE_KEY, HANDOVER_KEY = "ffl/animate_dice", "ffl/handover"
#: the level diagrams shown below the board (off by default: the map fits the board)
DIAGRAMS_KEY = "ffl/diagrams"
#: the default view's least type size of a unit's name on screen, in pixels
LEGIBLE_PX = 9.0
#: open the map zoomed so the counters read (else fitted to the board)
LEGIBLE_KEY = "ffl/legible_view"
#: (id of a module's piece types, counter size) -> (those types, the smallest name
#: size): worked out once per module and size, not at every game opened (issue 12)
_SMALLEST: dict[tuple[int, float], tuple[object, float]] = {}
#: which interaction mode serves a prompt, by the action kinds it opens
MODE_BY_KIND = (("place", "setup"), ("assign-rope", "setup"), ("impact-move", "movement"),
                ("move", "movement"), ("enter", "movement"), ("fire", "fire"),
                ("ungrapple", "fire"))


class FFLGameUI(GameUI):
    """The French Foreign Legion play interface (hot-seat, two players)."""

    #: it only adds items to the scene (decor, diagrams, layers, counters' looks):
    #: another FFL game on the same board may keep the scene (BoardScene.clear_game)
    keeps_board_scene = True

    def attach(self) -> None:
        host, session = self.host, self.session
        self.settings = host.settings
        decor = self.scene.part("ffl.decor")    # drawn from the board alone: kept
        if decor is None:
            decor = FortDecor(self.scene, self.scene.board)
            self.scene.keep_part("ffl.decor", decor, [decor.group])
        self.decor = decor
        self._add_diagrams()
        self.rope_layer = Layer(self.scene)
        self.doors_layer = Layer(self.scene)
        self.siege_layer = Layer(self.scene)
        self._hidden: set[str] = set()
        self.bar = PhaseBar(lambda: self.pref(ANIMATE_KEY, True))
        self.toolbar = host.add_tool_bar(self.bar, "fflPhaseToolBar", "Phase")
        self.tray = UnitTray(self)
        self.tray_dock = host.add_dock("Units", self.tray.scroller(), "fflTrayDock", size=230)
        from .scenario_panel import ScenarioPanel  # 19-23 the scenario's choices

        self.scenario_panel = ScenarioPanel(self)
        self.scenario_panel.dock = host.add_dock("Scenario", self.scenario_panel,
                                                 "fflScenarioDock", size=230)
        self._tray_hidden_empty = False
        self.bar.draw_button.clicked.connect(self.draw_chit)
        self.bar.end_button.clicked.connect(self.end_phase)
        self.bar.setup_button.clicked.connect(self.end_setup)
        self.bar.show_options(self.controller.optional_rules(session.state))
        self.bar.levelChanged.connect(lambda _lv: self.relayout())
        self._build_menu()
        self.modes: dict[str, Mode] = {"setup": SetupMode(self), "movement": MovementMode(self),
                                       "fire": WeaponFireMode(self), "idle": IdleMode(self)}
        self.mode: Mode = self.modes["idle"]
        host.set_map_input(self)
        self._hover_place: tuple[str, int] | None = None
        host.on_hover(self._after_hover)
        self._last_side = self.prompt().side
        self._victory_shown = self.controller.outcome(session.state) is not None
        self.victory_box: QMessageBox | None = None
        session.subscribe(self._on_change)
        # a reopened game: the dice box shows the last roll made, not "no roll yet"
        side = self.prompt().side          # another side's secret rolls show no dice
        last = next((e for e in reversed(session.log.events) if e.kind == "dice"
                     and self.controller.event_for(e, side).dice), None)
        self.bar.dice.show_rolls([last] if last is not None else [], animate=False)

    def _add_diagrams(self) -> None:
        """The level diagrams below the board (1.12), shown by Game › Level
        diagrams.  Shown, the map's fit and the overview take them in (the
        scene's board rectangle grows to hold them) and units on a hidden
        level stand in them; hidden, Fit shows the board alone and such units
        stand small in a corner of their board square."""
        scene = self.scene
        self.diagrams = LevelDiagrams(scene, self.controller.fort(self.state))
        self.diagrams_shown = False
        self.show_diagrams(self.pref(DIAGRAMS_KEY, False), refit=False)

    def show_diagrams(self, shown: bool, refit: bool = True) -> None:
        shown = bool(shown)
        scene, bounds = self.scene, self.diagrams.bounds()
        self.diagrams.set_shown(shown)
        if shown and not self.diagrams_shown:
            scene.add_area(bounds)
        elif not shown and self.diagrams_shown:
            scene.remove_area(bounds)
        scene.level_diagrams = self.diagrams if shown else None
        self.diagrams_shown = shown
        self._set_pref(DIAGRAMS_KEY, shown)
        if refit:
            self.relayout()
            self.mode.refresh()
            self.host.board_area_changed()

    def default_view(self, view) -> None:
        """How the map opens (the window calls this after fitting the board):
        the board fitted if every unit's name reads at LEGIBLE_PX or more so,
        else zoomed until it does: in a set-up on the fort's walls, towers and
        gate, framed so that no square label or building name is cut at the
        view's edges (:mod:`.framing`); in play centred on the side to act's units."""
        zoom = LEGIBLE_PX / self.smallest_name()
        if view.zoom >= zoom or not self.pref(LEGIBLE_KEY, True):
            return
        phase = self.prompt().phase or ""
        if "setup" in phase and open_on_setup(self, view, zoom, phase == "setup-legion"):
            return
        view.resetTransform()
        view.scale(zoom, zoom)
        view.centerOn(self.focus_point())
        view.viewChanged.emit()

    def smallest_name(self) -> float:
        """The smallest type size of a character's name on its counter (scene
        units, the compact layout a counter takes when small on screen)."""
        types = self.session.module.piece_types
        item = next(iter(self.scene.counters.values()), None)
        size = item.size if item is not None else 0.74 * UNIT
        found = _SMALLEST.get((id(types), size))
        if found is not None and found[0] is types:     # the same (read-only) types
            return found[1]
        names = {self.style_name(t) for t in types.values() if t.kind == "character"}
        smallest = min((name_font(n, size, True).pixelSize() for n in names),
                       default=size / 4)
        if len(_SMALLEST) > 16:
            _SMALLEST.clear()
        _SMALLEST[(id(types), size)] = (types, smallest)
        return smallest

    def style_name(self, ptype) -> str:
        return str(ptype.get("short_name") or ptype.name)

    def focus_point(self) -> QPointF:
        """The fort's centre, or the centre of the side to act's units on the board."""
        board = self.scene.board
        side = self.side()
        keys = [p.space for p in self.state.pieces.values()
                if p.on_board and p.side == side and p.space in board
                and self.session.module.piece_types[p.type].kind == "character"]
        if not keys or "setup" in (self.prompt().phase or ""):
            fort = self.controller.fort(self.state)
            keys = [k for k in fort.squares() if fort.area(k) != "sand"]
        points = [self.scene.space_centre(k) for k in keys]
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        return QPointF((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

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
        self.diagrams_action = add("Level &diagrams", self.show_diagrams, ["Ctrl+L"],
                                   "levelDiagramsAction",
                                   "Show the lower levels of buildings, towers and the gate "
                                   "in diagrams below the board (1.12)", checkable=True,
                                   checked=self.diagrams_shown)
        self.legible_action = add("&Open zoomed to read the counters",
                                  lambda on: self._set_pref(LEGIBLE_KEY, on),
                                  name="legibleViewAction", checkable=True,
                                  checked=self.pref(LEGIBLE_KEY, True),
                                  tip="A game opens with every unit's name readable (F fits "
                                      "the whole board)")
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
        if self.settings.contains(key) and self.pref(key, not on) == bool(on):
            return      # unchanged: the settings file is not written again (issue 12:
            # File › Open wrote it, fsync included, before its first paint)
        self.settings.setValue(key, bool(on))

    # -- acting ---------------------------------------------------------------------

    def status(self, text: str) -> None:
        self.host.show_status(text)

    def side(self) -> str:
        """The side whose turn it is (the prompt's, also while nobody is asked)."""
        prompt = self.prompt()
        return str(prompt.info.get("side") or prompt.side or "")

    def draw_chit(self, confirmed: bool = False) -> None:
        """Draw the next chit; asks first while rolls are final (the draw is a
        die roll, 3.2 / 3.4: it cannot be undone), unless told not to ask again."""
        if not confirmed and not self.session.undo_rolls and self.can("draw"):
            self.confirm_box = confirm(
                self, "drawChitBox", ASK_DRAW, "Draw a chit?",
                "Draw the next chit from the cup?",
                "The chit is drawn blind by a die roll (3.2, 3.4) and cannot be undone: "
                "rolls are final unless both players allow undoing them (Edit › Allow "
                "undo of rolls).", lambda: self.draw_chit(True), yes="Draw")
            return
        self.do(Action.make("draw", self.side()))

    def end_setup(self) -> None:
        self.do(Action.make("end-setup", self.side()))

    def end_phase(self, confirmed: bool = False) -> None:
        """End the drawn organization's phase; asks first if units have not acted."""
        idle = self.idle_units()
        if idle and not confirmed:
            names = ", ".join(self.name(p) for p in idle[:6]) + ("…" if len(idle) > 6 else "")
            self.confirm_box = confirm(self, "endPhaseBox", ASK_END_PHASE, "End the phase?",
                                       f"{len(idle)} unit(s) have not acted: {names}.",
                                       "End the phase anyway?", lambda: self.end_phase(True))
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
        if events:          # as the side now at the screen may see them (17.31)
            side = self.prompt().side
            self.bar.dice.show_rolls([self.controller.event_for(e, side) for e in events])
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
        # the screen's side: a computer opponent's secrets are never drawn
        viewer = self.host.reader_side(side if side in ("legion", "bedouin")
                                       else prompt.side)
        marks = self.controller.unit_marks(state, viewer)
        siege = self.controller.siege_map(state, viewer)
        self.siege_layer.clear()
        draw_siege(self.siege_layer, self.scene, siege)
        hidden = set(siege["hidden"])    # 15.25 tunnels, 21.11 the plot: out of this side's sight
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
        self.scenario_panel.refresh()
        self._collapse_tray()
        self._check_side_change(prompt.side)
        self._check_victory()
        self._after_legion_setup(prompt.phase or "")

    def _after_legion_setup(self, phase: str) -> None:
        """Once the Legion's placement (2.31) is over, a map that it opened below the
        reading zoom (framing.FLOOR, to show both walls on a low screen) zooms back
        in to it about the same centre, so the game is played at names that read."""
        was, self._phase_seen = getattr(self, "_phase_seen", phase), phase
        if was != "setup-legion" or phase == was or not self.pref(LEGIBLE_KEY, True):
            return
        zoom = LEGIBLE_PX / self.smallest_name()
        for view in self.scene.views():
            if view.objectName() == "mapView" and view.zoom < zoom * 0.99:
                centre = view.visible_scene_rect().center()
                view.resetTransform()
                view.scale(zoom, zoom)
                view.centerOn(centre)
                view.viewChanged.emit()

    def _collapse_tray(self) -> None:
        """The Units dock folds away while it holds nothing (and comes back
        when units wait or a choice is asked); one the player closed stays closed."""
        dock, empty = self.tray_dock, self.tray.is_empty()
        # a dock just added is not visible yet, only not hidden by anyone: one left
        # shown at the game's opening folded away at the first refresh after it,
        # and the map moved under the pointer
        shown = dock.isVisible() or (dock.isHidden() and not dock.testAttribute(
            Qt.WidgetAttribute.WA_WState_ExplicitShowHide))
        if empty and shown:
            dock.hide()
            self._tray_hidden_empty = True
        elif not empty and self._tray_hidden_empty:
            dock.show()
            self._tray_hidden_empty = False

    def relayout(self) -> None:
        layout_levels(self.scene, self.bar.level)
        self.diagrams.set_chosen(self.bar.level)

    # -- the hover line on diagram squares ------------------------------------------------

    def hover(self, pos) -> None:
        """The mouse moved over ``pos``: name a diagram square and its level."""
        place = self.diagrams.at(pos) if self.diagrams_shown else None
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
        here = [p for p in self.state.pieces_at(key, level)      # 15.25 never a hidden one
                if p.on_board and p.id not in self._hidden
                and self.session.module.piece_types[p.type].kind == "character"]
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
        if side and side != self._last_side and (  # forced before a secret screen
                self.pref(HANDOVER_KEY, False)
                or self.controller.hand_over_needed(self.state, side)):
            self.handover = self.host.hand_over(      # 19.1 the Mutineer player
                f"Pass the computer to the {self.controller.scenario_side_name(self.state, side)}"
                " player.\n"
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
        winner = self.controller.scenario_side_name(self.state, outcome.winner) \
            if outcome.winner else "Nobody"
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
