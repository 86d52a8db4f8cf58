"""PlayWindow: the main window of the play program.

It shows one :class:`~ffl.session.GameSession`: the map (``MapView`` on a
``BoardScene``), an overview dock, the event-log dock and a status bar with
the prompt, the rules mode and the space under the cursor.  Opening, saving,
the autosave and recent files are in :class:`~ffl.ui.game_files.GameFilesMixin`.
The game's own interaction is its :class:`~ffl.ui.game_ui.GameUI`, which sees
the window only through a :class:`~ffl.ui.host.WindowHost`.  The window never
decides a rule: it asks the session's controller and draws the answer.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox, QWidget

from ffl.engine import Event, GameLog
from ffl.games.manifest import ADVISE, ENFORCE, OFF, RULES_MODE_TITLES
from ffl.session import GameSession

from .actions import make_action
from .board_scene import BoardScene
from .counters import CounterItem
from .event_log import EventLogWidget
from .files import data_dir
from .game_files import GameFilesMixin
from .game_ui import GameUI, game_ui_for, look_of
from .help import ElidedLabel, HelpMenuMixin
from .host import WindowHost
from .map_view import MapView, OverviewView
from .style import BoardStyle

PROGRAM = "FFL"
MAX_ACTION_TEXT = 60
UNDO_TIP = "Undo the last action"


def _first_clause(reason: str) -> str:
    """'A die was rolled: rolls are final...' -> 'a die was rolled' (the Undo menu text)."""
    first = reason.split(":")[0].strip().rstrip(".")
    return first[:1].lower() + first[1:]

#: the status-bar note of each rules mode (nothing while the rules are enforced)
MODE_NOTES = {ENFORCE: "", ADVISE: "Rules: advise only",
              OFF: "Free play: no rules checked"}


def step_text(log: GameLog, undo: bool) -> str:
    """The first event text of the step undo (or redo) would take back (or replay)."""
    events = log.undo_step() if undo else log.redo_step()
    if not events:
        return ""
    text = events[0].text or events[0].kind
    return text if len(text) <= MAX_ACTION_TEXT else text[: MAX_ACTION_TEXT - 1] + "…"


def side_name(controller, side: str) -> str:
    """How the player reads ``side``: the controller's name for it (a game may
    define ``side_name``), else the id with a capital."""
    if not side:
        return ""
    name = getattr(controller, "side_name", None)
    return name(side) if callable(name) else side.replace("_", " ").capitalize()


class PlayWindow(GameFilesMixin, HelpMenuMixin, QMainWindow):
    """The play window.  ``settings`` and ``data_folder`` default to the user's."""

    def __init__(self, settings: QSettings | None = None, data_folder=None,
                 autosave: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playWindow")
        from .passphrase import install

        install(self)                   # asks for passphrases opening sealed saves
        self.settings = settings if settings is not None else QSettings()
        self.data_folder = data_folder or data_dir()
        self.session: GameSession | None = None
        self.scene: BoardScene | None = None
        self.game_ui: GameUI | None = None
        self.host: WindowHost | None = None
        self._fitted_once = False
        #: the prompt the status line's message was shown under, and the one shown now
        self._message_key: tuple = ()
        self._prompt_key: tuple = ()
        self.resize(1280, 820)
        self.map = MapView()
        self.map.setObjectName("mapView")
        self.setCentralWidget(self.map)
        self._build_docks()
        self._build_status()
        self._build_actions()
        self._build_menus()
        self.init_files(autosave)
        self.map.spaceHovered.connect(self._show_hover)
        self.restore_layout()
        self.refresh()

    # -- construction -------------------------------------------------------------------

    def _build_docks(self) -> None:
        self.overview = OverviewView(self.map)
        self.overview.setObjectName("overview")
        self.overview_dock = QDockWidget("Overview", self)
        self.overview_dock.setObjectName("overviewDock")
        self.overview_dock.setWidget(self.overview)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.overview_dock)
        self.event_log = EventLogWidget()
        self.log_dock = QDockWidget("Event log", self)
        self.log_dock.setObjectName("eventLogDock")
        self.log_dock.setWidget(self.event_log)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.resizeDocks([self.overview_dock, self.log_dock], [220, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.overview_dock], [340], Qt.Orientation.Horizontal)

    def _build_status(self) -> None:
        self.prompt_label = ElidedLabel()      # never wider than the window
        self.prompt_label.setObjectName("promptLabel")
        self.hover_label = QLabel()
        self.hover_label.setObjectName("hoverLabel")
        self.hover_label.setMinimumWidth(160)
        self.mode_label = QLabel()
        self.mode_label.setObjectName("rulesModeLabel")
        self.mode_label.setStyleSheet("color: #9a3412; font-weight: bold;")
        self.statusBar().addWidget(self.prompt_label, 1)
        self.statusBar().addPermanentWidget(self.mode_label)
        self.statusBar().addPermanentWidget(self.hover_label)

    def _action(self, text: str, slot, shortcuts=(), name: str = "", tip: str = "") -> QAction:
        """A window action; ``tip`` is its tooltip and status-bar tip."""
        action = make_action(self, text, shortcuts, name, tip)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey  # noqa: N806
        self.new_action = self._action("&New game from scenario…", self.new_game_dialog,
                                       [K.New], "newAction",
                                       "Start a new game from an installed scenario")
        self.open_action = self._action("&Open…", self.open_dialog, [K.Open], "openAction",
                                        "Open a saved game, or a module file's first scenario")
        self.save_action = self._action("&Save", self.save, [QKeySequence("Ctrl+S")],
                                        "saveAction", "Save the game to its file")
        self.save_as_action = self._action("Save &As…", self.save_as_dialog,
                                           [QKeySequence("Ctrl+Shift+S")], "saveAsAction",
                                           "Save the game to a new file")
        self.quit_action = self._action("&Quit", self.close, [QKeySequence("Ctrl+Q")],
                                        "quitAction", "Close the program")
        self.undo_action = self._action("&Undo", self.undo, [QKeySequence("Ctrl+Z")],
                                        "undoAction", UNDO_TIP)
        self.redo_action = self._action("&Redo", self.redo, [QKeySequence("Ctrl+Shift+Z"),
                                                             QKeySequence("Ctrl+Y")],
                                        "redoAction", "Redo the action last undone")
        self.fit_action = self._action("&Fit to window", self.map.fit,
                                       [QKeySequence("F"), QKeySequence("Ctrl+0")], "fitAction",
                                       "Show the whole board")
        self.zoom_in_action = self._action("Zoom &in", self.map.zoom_in,
                                           [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")],
                                           "zoomInAction", "Zoom in on the map")
        self.zoom_out_action = self._action("Zoom &out", self.map.zoom_out,
                                            [QKeySequence("Ctrl+-")], "zoomOutAction",
                                            "Zoom out of the map")
        self.labels_action = self._action("Space &labels", self._toggle_labels, (),
                                          "labelsAction", "Show each space's name on the map")
        self.labels_action.setCheckable(True)
        self.labels_action.setChecked(self.settings.value("view/labels", True, type=bool))
        self.links_action = self._action("Lin&ks", self._toggle_links, (), "linksAction",
                                         "Show the links between spaces (stairs, ladders…)")
        self.links_action.setCheckable(True)
        self.links_action.setChecked(self.settings.value("view/links", True, type=bool))
        self.about_action = self._action("&About", self.show_about, (), "aboutAction",
                                         "Version, licence and credits")
        self._build_help_actions()
        self.undo_rolls_action = self._action(
            "Allow undo of &rolls (both players agree)", lambda: None, (),
            "undoRollsAction", "Let undo take back steps that rolled dice (only when both "
                               "players agree; kept with the saved game)")
        self.undo_rolls_action.setCheckable(True)
        self.undo_rolls_action.toggled.connect(self._toggle_undo_rolls)
        self.rules_group = QActionGroup(self)
        self.rules_actions: dict[str, QAction] = {}
        for mode, name, tip in (
                (ENFORCE, "enforceAction", "Refuse every action the rules do not allow"),
                (ADVISE, "adviseAction", "Warn about an action the rules do not allow, and "
                                         "allow it if you insist (the log marks it)")):
            action = self._action(RULES_MODE_TITLES[mode], lambda _=False, m=mode:
                                  self._set_rules(m), (), name, tip)
            action.setCheckable(True)
            self.rules_group.addAction(action)
            self.rules_actions[mode] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self.rebuild_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(self.undo_rolls_action)
        rules = edit.addMenu("R&ules")
        rules.setObjectName("rulesMenu")
        for action in self.rules_actions.values():
            rules.addAction(action)
        view = bar.addMenu("&View")
        self.view_menu = view
        for action in (self.fit_action, self.zoom_in_action, self.zoom_out_action):
            view.addAction(action)
        view.addSeparator()
        view.addAction(self.labels_action)
        view.addAction(self.links_action)
        view.addSeparator()
        for dock in (self.overview_dock, self.log_dock):
            toggle = dock.toggleViewAction()
            toggle.setStatusTip(f"Show or hide the {dock.windowTitle()} panel")
            view.addAction(toggle)
        self.game_menu = bar.addMenu("&Game")  # filled by the game's GameUI
        self.game_menu.setObjectName("gameMenu")
        self.game_menu.menuAction().setVisible(False)
        help_menu = bar.addMenu("&Help")
        self.help_menu = help_menu
        help_menu.addAction(self.how_to_action)
        help_menu.addAction(self.game_card_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        from ffl.printing.ui import install_print_actions  # File > Print..., Export PDF...
        install_print_actions(self)
        from .seal_action import install_seal_action  # File > Seal for mailing...
        install_seal_action(self)
        from .replay_actions import install_replay_actions  # Replay, branches, e-mail turns
        install_replay_actions(self)

    # -- the session ----------------------------------------------------------------------

    def set_session(self, session: GameSession) -> bool:
        """Show ``session`` (replacing any game shown before).  If it cannot be shown
        (its UI fails on what the file holds), the game shown before comes back,
        ``show_failure`` says why (the traceback goes to stderr) and the result is
        False: the window is never left without its game."""
        previous, saved_at = self.session, self._saved_position
        try:
            self._show_session(session)
            return True
        except Exception as exc:  # noqa: BLE001 - any failure of a game's UI
            import traceback

            traceback.print_exc()
            self.show_failure = f"{type(exc).__name__}: {exc}"
        session.unsubscribe(self._on_session_change)
        try:
            if previous is None or previous is session:
                raise RuntimeError("no game to go back to")
            self._show_session(previous)
            self._saved_position = saved_at
        except Exception:  # noqa: BLE001 - then show no game at all
            self._show_session(None)
        self.refresh()
        return False

    def _show_session(self, session: GameSession | None) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._on_session_change)
        from .opponent import follow  # the program playing sides of the game shown

        follow(self, session)
        # the old game's UI leaves while its scene still exists, then the scene goes
        ui, host, self.game_ui, self.host = self.game_ui, self.host, None, None
        for leave in ((ui.detach,) if ui is not None else ()) + (
                (host.close,) if host is not None else ()):
            try:
                leave()
            except Exception:  # noqa: BLE001 - a UI that failed half-way still goes
                import traceback

                traceback.print_exc()
        old_scene = self.scene
        self.session = session
        if session is None:
            self.scene = None
            self.map.setScene(None)
            self.overview.set_scene(None)
            if old_scene is not None:
                old_scene.deleteLater()
            self.game_menu.menuAction().setVisible(False)
            return
        board = session.controller.board(session.state)
        look = look_of(session)   # the module's own game: its map style and counters
        sides = tuple(session.scenario.sides)
        style = (look.style_class() if look else None) or BoardStyle
        self.scene = BoardScene(board, session.module, style(sides, session.module.attrs), self)
        self.scene.counter_class = (look.counter_class() if look else None) or CounterItem
        self.scene.set_labels_visible(self.labels_action.isChecked())
        self.scene.set_links_visible(self.links_action.isChecked())
        self.map.setScene(self.scene)
        self.overview.set_scene(self.scene)
        if old_scene is not None:
            old_scene.deleteLater()  # parented to the window: would live as long as it
        self.host = getattr(self, "host_class", WindowHost)(self)
        self.game_ui = game_ui_for(self.host, session)
        if self.game_ui is not None:
            self.game_ui.attach()
        self.game_menu.menuAction().setVisible(bool(self.game_menu.actions()))
        session.subscribe(self._on_session_change)
        self.mark_clean()
        self.refresh()
        self.map.fit()
        # fit again once the layout has settled (docks, status bar)
        QTimer.singleShot(0, self.default_view)
        QTimer.singleShot(0, self.overview.refit)

    def _on_session_change(self, events: list[Event]) -> None:
        self.schedule_autosave()   # first: a failing refresh must not stop the autosave
        self.refresh(events)

    def refresh(self, events: list[Event] | None = None) -> None:
        """Bring everything shown in line with the session's current state."""
        session = self.session
        log = session.log if session else None
        if session is not None and self.scene is not None:
            self.scene.set_state(session.state)
        if self.game_ui is not None:
            self.game_ui.refresh(list(events or []))
        reader = getattr(session.controller, "event_for", None) if session else None
        self.event_log.sync(log, reader, session.controller.prompt(session.state).side
                            if reader is not None else "")
        # (a GameLog with no events in effect is falsy: it has a length)
        can_undo = log is not None and log.can_undo()
        can_redo = log is not None and log.can_redo()
        self.undo_action.setEnabled(can_undo)
        self.redo_action.setEnabled(can_redo)
        # why undo is not possible, in the menu's own text and the status tip
        no_undo = "" if can_undo or session is None else session.undo_reason()
        self.undo_action.setText("&Undo " + step_text(log, True) if can_undo else
                                 f"&Undo (not possible: {_first_clause(no_undo)})"
                                 if no_undo else "&Undo")
        self.undo_action.setStatusTip(f"Undo is not possible: {no_undo}" if no_undo
                                      else UNDO_TIP)
        self.redo_action.setText("&Redo " + step_text(log, False) if can_redo else "&Redo")
        # why undo stops here, when it does (the controller's undo barrier)
        self.undo_action.setToolTip((session.undo_reason() if session else "") or UNDO_TIP)
        self._show_rules(session)
        self.save_action.setEnabled(session is not None)
        self.save_as_action.setEnabled(session is not None)
        self._update_help(session)
        self.prompt_label.setText(self.prompt_text())
        self._forget_old_message()
        self._update_title()

    def _show_rules(self, session: GameSession | None) -> None:
        mode = session.rules if session is not None else ENFORCE
        self.mode_label.setText(MODE_NOTES.get(mode, ""))
        self.undo_rolls_action.setEnabled(session is not None)
        self.undo_rolls_action.setChecked(bool(session and session.undo_rolls))
        for key, action in self.rules_actions.items():
            action.setEnabled(session is not None and mode != OFF)
            action.setChecked(mode == key)

    def _toggle_undo_rolls(self, on: bool) -> None:
        if self.session is not None and self.session.undo_rolls != bool(on):
            self.session.set_undo_rolls(bool(on))

    def _set_rules(self, mode: str) -> None:
        if self.session is not None and self.session.rules != OFF:
            self.session.set_rules(mode)

    def prompt_text(self) -> str:
        """The status bar's prompt: who acts (the side's name), the phase's title
        and what the game asks, with the game's hint of what to do next."""
        session = self.session
        if session is None:
            return "No game open: File › New game from scenario…"
        controller, state = session.controller, session.state
        outcome = controller.outcome(state)
        if outcome is not None:
            return f"Game over: {outcome.text}"
        p = controller.prompt(state)
        title = p.info.get("phase_title") or (       # 19.12 a scenario's own name for it
            controller.phase(p.phase).title if hasattr(controller, "phase") else p.phase)
        if title and p.text.startswith(title):
            title = ""      # the text names the phase already
        side = p.info.get("side_name") or side_name(controller, p.side)   # 19.1 Mutineer
        if side and side.lower() in p.text.lower():
            side = ""       # the text names the side already
        head = " · ".join(x for x in (side, title) if x)
        text = f"{head}: {p.text}" if head else p.text
        hint = self.help_hint(session, p)
        return f"{text} → {hint}" if hint else text

    # -- the status line ------------------------------------------------------------

    def show_status(self, text: str, ms: int = 10_000) -> None:
        """A message in the status line; it goes when the game moves on to another
        prompt (another phase, side or game), so it never lingers into the next."""
        self._message_key = self._current_prompt_key()
        self.statusBar().showMessage(text, ms)

    def _current_prompt_key(self) -> tuple:
        session = self.session
        if session is None:
            return ()
        p = session.controller.prompt(session.state)
        return (id(session), p.phase, p.side, p.text)

    def _forget_old_message(self) -> None:
        key = self._current_prompt_key()
        if key == self._prompt_key:
            return
        self._prompt_key = key
        if self._message_key != key:
            self.statusBar().clearMessage()

    def _update_title(self) -> None:
        if self.session is None:
            self.setWindowTitle(PROGRAM)
            return
        where = self.session.path.name if self.session.path else "new game"
        self.setWindowTitle(f"{self.session.scenario.title} — {where}[*] — {PROGRAM}")
        self.setWindowModified(self.is_modified())

    def _show_hover(self, key: str) -> None:
        if not key or self.scene is None:
            self.hover_label.setText("")
            return
        space = self.scene.board[key]
        bits = [space.label]
        terrain = space.get("terrain")
        if terrain:
            bits.append(str(terrain))
        if self.session is not None:
            state, ctrl = self.session.state, self.session.controller
            if getattr(ctrl, "event_for", None) is not None:    # a game with secrets
                state = ctrl.view(state, ctrl.prompt(state).side)
            here = state.pieces_at(key)
            if here:
                bits.append(f"{len(here)} piece{'s' if len(here) > 1 else ''}")
        self.hover_label.setText(" · ".join(bits))

    # -- edit ---------------------------------------------------------------------------

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    # -- view ---------------------------------------------------------------------------

    def _toggle_labels(self, checked: bool) -> None:
        self.settings.setValue("view/labels", bool(checked))
        if self.scene is not None:
            self.scene.set_labels_visible(checked)

    def _toggle_links(self, checked: bool) -> None:
        self.settings.setValue("view/links", bool(checked))
        if self.scene is not None:
            self.scene.set_links_visible(checked)

    def show_about(self) -> QMessageBox:
        from ffl.about import about_text

        box = QMessageBox(QMessageBox.Icon.NoIcon, f"About {PROGRAM}", about_text(),
                          QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setIconPixmap(self.windowIcon().pixmap(64, 64))
        box.setObjectName("aboutBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    # -- layout memory --------------------------------------------------------------------

    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geometry, QByteArray | bytes) and geometry:
            self.restoreGeometry(QByteArray(geometry))
        if isinstance(state, QByteArray | bytes) and state:
            self.restoreState(QByteArray(state))

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._fitted_once and self.scene is not None:
            self._fitted_once = True
            QTimer.singleShot(0, self.default_view)

    def default_view(self) -> None:
        """Fit the board, then let the game UI choose how its map opens
        (``GameUI.default_view(view)`` if it has one: FFL zooms to legible counters)."""
        self.map.fit()
        choose = getattr(self.game_ui, "default_view", None)
        if choose is not None:
            choose(self.map)


    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Close, but never lose a game: unsaved moves prompt Save/Discard/Cancel."""
        if self.is_modified() and not self._closing_confirmed:
            event.ignore()
            self.ask_save_before_close()
            return
        self.save_layout()
        self.close_files()
        event.accept()
