"""PlayWindow: the main window of the play program.

It shows one :class:`~ffl.session.GameSession`: the map (``MapView`` on a
``BoardScene``), an overview dock, the event-log dock and a status bar with
the prompt, the rules mode and the space under the cursor.  Opening, saving,
the autosave and recent files are in :class:`~ffl.ui.game_files.GameFilesMixin`.
The game's own interaction is its :class:`~ffl.ui.game_ui.GameUI`, which sees
the window only through a :class:`~ffl.ui.host.WindowHost`.  Its actions and
menus (and what they do) are in :class:`~ffl.ui.window_menus.WindowMenusMixin`.  The window never
decides a rule: it asks the session's controller and draws the answer.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QWidget

from ffl.engine import Event
from ffl.session import GameSession

from .board_scene import BoardScene
from .counters import CounterItem
from .event_log import EventLogWidget
from .files import data_dir
from .game_files import GameFilesMixin
from .game_ui import GameUI, game_ui_class, game_ui_for, look_of
from .help import HelpMenuMixin
from .host import WindowHost
from .map_view import MapView, OverviewView
from .style import BoardStyle
from .window_menus import (
    MAX_ACTION_TEXT,
    MODE_NOTES,
    PROGRAM,
    UNDO_TIP,
    WindowMenusMixin,
    step_text,
)
from .window_status import PromptLabel

__all__ = ["MAX_ACTION_TEXT", "MODE_NOTES", "PROGRAM", "UNDO_TIP", "PlayWindow", "side_name",
           "step_text"]


def side_name(controller, side: str) -> str:
    """How the player reads ``side``: the controller's name for it (a game may
    define ``side_name``), else the id with a capital."""
    if not side:
        return ""
    name = getattr(controller, "side_name", None)
    return name(side) if callable(name) else side.replace("_", " ").capitalize()


class PlayWindow(GameFilesMixin, HelpMenuMixin, WindowMenusMixin, QMainWindow):
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
        #: the game shown draws its pieces itself (GameUI.draws_own_pieces)
        self._own_pieces = False
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
        self.prompt_label = PromptLabel()   # never wider than the window; two lines
        self.prompt_label.setObjectName("promptLabel")
        self.hover_label = QLabel()
        self.hover_label.setObjectName("hoverLabel")
        self.hover_label.setMinimumWidth(160)
        self.mode_label = QLabel()
        self.mode_label.setObjectName("rulesModeLabel")
        self.mode_label.setStyleSheet("color: #9a3412; font-weight: bold;")
        self.statusBar().addWidget(self.prompt_label, 1)
        # a message takes the prompt's place, never lies over it (also one shown before
        # the window is: showing a window brings back children Qt hid implicitly)
        self.statusBar().messageChanged.connect(lambda text: self.prompt_label.setVisible(not text))
        self.statusBar().addPermanentWidget(self.mode_label)
        self.statusBar().addPermanentWidget(self.hover_label)

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
        if ui is not None:
            ui.release()    # the replaced game is freed now, not by a later collection
            self.retire(ui)     # (during File › Open: after the paint)
        if host is not None:
            self.retire(host)
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
        counter_class = (look.counter_class() if look else None) or CounterItem
        style_key = (style, sides, session.module.attrs)
        ui_class = game_ui_class(session)
        #: the game's UI draws its pieces itself: no engine counters (issue 12)
        self._own_pieces = bool(getattr(ui_class, "draws_own_pieces", False))
        if (isinstance(old_scene, BoardScene) and old_scene.board is board
                and old_scene.look_key == style_key
                and old_scene.counter_class is counter_class
                and ui is not None and type(ui) is ui_class
                and getattr(ui_class, "keeps_board_scene", False)):
            # another game on the same board drawn alike (a save of the game shown):
            # the scene and its board items, pictures cached, stay (issue 12)
            old_scene.clear_game()
            old_scene.module = session.module
            self.scene = old_scene
            old_scene, bare = None, True
        else:
            bare = False
            self.scene = BoardScene(board, session.module, style(sides, session.module.attrs),
                                    self)
            self.scene.look_key = style_key
            # counters of the old scene drawn alike hand their pictures on (issue 12)
            self.scene.take_images_from(old_scene if isinstance(old_scene, BoardScene)
                                        else None)
        if self._own_pieces:
            self.scene.drop_counters()
        self.scene.counter_class = counter_class
        self.scene.set_labels_visible(self.labels_action.isChecked())
        self.scene.set_links_visible(self.links_action.isChecked())
        self.map.setScene(self.scene)
        # a kept scene holds the board alone until the game's UI and counters come:
        # the overview keeps that picture (issue 12)
        self.overview.set_scene(self.scene, bare=bare)
        if old_scene is not None:
            # parented to the window, it would live as long as it; during File › Open
            # deleted after the game opened has painted (issue 12)
            self.retire(old_scene)
        self.host = getattr(self, "host_class", WindowHost)(self)
        self.game_ui = game_ui_for(self.host, session)
        if self.game_ui is not None:
            self.game_ui.attach()
        self.game_menu.menuAction().setVisible(bool(self.game_menu.actions()))
        session.subscribe(self._on_session_change)
        self.mark_clean()
        self.refresh()
        self._show_new_bars()
        self._settle_layout()
        if self.isVisible():
            # the layout has settled (_settle_layout): the view opens as it stays
            self.default_view()
            self.overview.refit()
        else:
            self.map.fit()
            # fit again once the layout has settled (docks, status bar)
            QTimer.singleShot(0, self.default_view)
            QTimer.singleShot(0, self.overview.refit)

    def _show_new_bars(self) -> None:
        """Show the docks and tool bars the game's UI has just added now, as the
        call Qt queues for a widget added to a visible main window would later (not
        one the game hid).  Shown only then, after the window's next layout pass,
        they were polished and laid out late and the window was laid out and
        painted a second time on the next turn of the event loop (issue 12).  Called
        after the game's first refresh, as before: a dock's width follows from the
        contents that refresh gave it."""
        if not self.isVisible():
            return
        from PySide6.QtWidgets import QToolBar

        explicit = Qt.WidgetAttribute.WA_WState_ExplicitShowHide
        for child in self.children():
            if (isinstance(child, QDockWidget | QToolBar) and child.isHidden()
                    and not child.testAttribute(explicit)):
                child.setVisible(True)

    def _settle_layout(self) -> None:
        """Send the posted layout requests now, so that the first paint after a game
        is shown is the final one (issue 12): the window's layout gives the new docks
        their sizes, and their own layouts, set up then, ask for one more pass (FFL's
        tray, whose panels hidden while it was not shown kept stale heights)."""
        if not self.isVisible():
            return
        from PySide6.QtCore import QCoreApplication, QEvent

        for _ in range(2):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def _on_session_change(self, events: list[Event]) -> None:
        self.schedule_autosave()   # first: a failing refresh must not stop the autosave
        self.refresh(events)

    def refresh(self, events: list[Event] | None = None) -> None:
        """Bring everything shown in line with the session's current state."""
        session = self.session
        log = session.log if session else None
        if session is not None and self.scene is not None and not self._own_pieces:
            self.scene.set_state(session.state)
        if self.game_ui is not None:
            self.game_ui.refresh(list(events or []))
        reader = getattr(session.controller, "event_for", None) if session else None
        # read as the side at this screen: never as a computer opponent's side
        side = session.controller.prompt(session.state).side if reader is not None else ""
        self.event_log.sync(log, reader, self.host.reader_side(side)
                            if side and self.host is not None else side)
        self._show_edit(session, log)
        self._show_rules(session)
        self.save_action.setEnabled(session is not None)
        self.save_as_action.setEnabled(session is not None)
        self._update_help(session)
        self.prompt_label.setText(self.prompt_text())
        self._forget_old_message()
        self._update_title()

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
