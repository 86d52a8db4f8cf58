"""Opening, saving, autosave, recovery and recent files for the play window.

The store and catalog (and so sqlmodel) are imported only when first needed,
after the window is on screen.  Every problem with a file is shown in a
message box naming the file; no traceback reaches the user.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from ffl.session import GameSession

from .dialogs import NewGameDialog, ask, busy_cursor, show_error
from .files import (
    AUTOSAVE_NAME,
    SAVE_FILTER,
    SAVE_SUFFIX,
    RecentFiles,
    is_module_file,
    saves_dir,
)

#: wait this long after an event before writing the autosave (bursts coalesce)
AUTOSAVE_DELAY_MS = 250


class LoadError(Exception):
    """A game could not be opened; the message is for the user."""


def _errors():
    """The exceptions a bad file or unknown scenario may raise."""
    from ffl.store import StoreError

    return (StoreError, KeyError, ValueError, OSError)


def _message(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc) or type(exc).__name__


class GameFilesMixin:
    """File handling of :class:`~ffl.ui.window.PlayWindow` (mixed into it)."""

    def init_files(self, autosave: bool) -> None:
        self.autosave_enabled = autosave
        self.recent = RecentFiles(self.settings)
        self.last_error: QMessageBox | None = None
        self.scenario_dialog: NewGameDialog | None = None
        self._saved_position: int | None = 0
        self._closing_confirmed = False
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.write_autosave)

    # -- paths ----------------------------------------------------------------------------

    @property
    def saves_folder(self) -> Path:
        return saves_dir(Path(self.data_folder))

    @property
    def autosave_path(self) -> Path:
        return self.saves_folder / AUTOSAVE_NAME

    # -- modified -------------------------------------------------------------------------

    def mark_clean(self) -> None:
        self._saved_position = self.session.log.position if self.session else 0

    def is_modified(self) -> bool:
        return self.session is not None and self.session.log.position != self._saved_position

    # -- errors ---------------------------------------------------------------------------

    def error(self, title: str, text: str, detail: str = "") -> QMessageBox:
        self.last_error = show_error(self, title, text, detail)
        return self.last_error

    # -- opening --------------------------------------------------------------------------

    def load_scenario(self, scenario_id: str, seed: int | None = None,
                      rules: str | None = None, options: dict | None = None) -> GameSession:
        """A new session of an installed scenario (raises LoadError)."""
        from ffl import catalog

        try:
            known = {s.id for s in catalog.list_scenarios()}
            if scenario_id not in known:
                listed = ", ".join(sorted(known)) or "none installed"
                raise LoadError(f"There is no scenario '{scenario_id}' (installed: {listed}).")
            with busy_cursor():
                return catalog.new_session(scenario_id, seed=seed, rules=rules,
                                           options=options)
        except _errors() as exc:
            raise LoadError(_message(exc)) from exc

    def load_path(self, path: Path, seed: int | None = None, scenario_id: str | None = None,
                  rules: str | None = None) -> GameSession:
        """A session from a saved game, or a new game of one scenario of a module
        file (``scenario_id``, else its first)."""
        from ffl.store import load_game

        path = Path(path)
        if not path.is_file():
            raise LoadError(f"{path} does not exist.")
        try:
            with busy_cursor():
                if is_module_file(path):
                    module = self.read_module(path)
                    if scenario_id is None:
                        scenario_id = next(iter(module.scenarios))
                    elif scenario_id not in module.scenarios:
                        known = ", ".join(module.scenarios)
                        raise LoadError(f"{path} has no scenario '{scenario_id}' "
                                        f"(it has: {known}).")
                    return GameSession.new(module, scenario_id, seed=seed, rules=rules)
                load_game(path)  # validate first: errors name the file
                return GameSession.load(path)
        except LoadError:
            raise
        except _errors() as exc:
            raise LoadError(_message(exc)) from exc

    @staticmethod
    def read_module(path: Path):
        """A module file, checked, with at least one scenario (raises LoadError)."""
        from ffl.store import load_module

        try:
            module = load_module(path)
        except _errors() as exc:
            raise LoadError(_message(exc)) from exc
        if not module.scenarios:
            raise LoadError(f"{path} holds no scenario to play: add one in the editor "
                            "(Scenario › New…).")
        return module

    def open_scenario(self, scenario_id: str, seed: int | None = None,
                      rules: str | None = None, options: dict | None = None) -> bool:
        try:
            session = self.load_scenario(scenario_id, seed, rules, options)
        except LoadError as exc:
            self.error("Cannot start the game", str(exc))
            return False
        self.set_session(session)
        return True

    def open_path(self, path: str | Path, scenario_id: str | None = None,
                  rules: str | None = None) -> bool:
        """Open a saved game, or a module file: a module with several scenarios
        asks which one to play (non-blocking; ``self.scenario_dialog``) unless
        ``scenario_id`` says."""
        path = Path(path)
        try:
            if is_module_file(path) and scenario_id is None and path.is_file():
                module = self.read_module(path)
                if len(module.scenarios) > 1:
                    self.choose_scenario(path, module)
                    return True
            session = self.load_path(path, scenario_id=scenario_id, rules=rules)
        except LoadError as exc:
            self.error("Cannot open the file", str(exc))
            return False
        self.show_loaded(session, path)
        return True

    def choose_scenario(self, path: Path, module) -> NewGameDialog:
        """Ask which scenario of a module file to play, then start it."""
        from ffl.catalog import ScenarioInfo

        infos = [ScenarioInfo(sc.id, sc.title, sc.game, module.title, sc.description)
                 for sc in module.scenarios.values()]
        dialog = NewGameDialog(infos, self)
        dialog.setWindowTitle(f"Play {path.name}")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def chosen() -> None:
            sid = dialog.selected_id()
            if not sid:
                return
            try:
                with busy_cursor():
                    session = GameSession.new(module, sid, seed=dialog.chosen_seed(),
                                              rules=dialog.chosen_rules(),
                                              options=dialog.chosen_options())
            except _errors() as exc:
                self.error("Cannot start the game", _message(exc))
                return
            self.show_loaded(session, path)

        dialog.accepted.connect(chosen)
        dialog.open()
        self.scenario_dialog = dialog
        return dialog

    def show_loaded(self, session: GameSession, path: Path | None) -> None:
        """Show a freshly opened session; a saved game goes on the recent list."""
        if path is not None and not is_module_file(path):
            session.path = path
            self.recent.add(path)
        self.set_session(session)

    def new_game_dialog(self) -> None:
        from ffl import catalog

        try:
            scenarios = catalog.list_scenarios()
        except _errors() as exc:
            self.error("Cannot list the scenarios", _message(exc))
            return
        dialog = NewGameDialog(scenarios, self)
        if self.session is not None:
            dialog.select(self.session.scenario.id)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.selected_id():
            self.open_scenario(dialog.selected_id(), dialog.chosen_seed(),
                               dialog.chosen_rules(), dialog.chosen_options())

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a saved game or module",
                                              str(self.saves_folder), SAVE_FILTER)
        if name:
            self.open_path(name)

    def rebuild_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths, 1):
            action = menu.addAction(f"&{i} {path.name}")
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not paths:
            menu.addAction("(none)").setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction("Clear list", self.recent.clear)

    # -- saving ---------------------------------------------------------------------------

    def save(self) -> bool:
        """Save to the game's file (asks for a name the first time)."""
        if self.session is None:
            return False
        if self.session.path is None or self.session.path == self.autosave_path:
            return self.save_as_dialog()
        return self.save_as(self.session.path)

    def save_as(self, path: str | Path) -> bool:
        if self.session is None:
            return False
        path = Path(path)
        if not path.suffix:
            path = path.with_suffix(SAVE_SUFFIX)
        try:
            self.session.save(path)
        except _errors() as exc:
            self.error("Cannot save the game", _message(exc))
            return False
        self.recent.add(path)
        self.mark_clean()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        self.refresh()
        return True

    def save_as_dialog(self) -> bool:
        if self.session is None:
            return False
        start = self.session.path or self.saves_folder / (
            self.session.scenario.id.replace("/", "-") + SAVE_SUFFIX)
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", str(start),
                                              "Saved games (*.fflsave)")
        return self.save_as(name) if name else False

    def ask_save_before_close(self) -> QMessageBox:
        """A non-blocking Save / Discard / Cancel box (objectName ``closeBox``).

        Save closes once the game is written; Cancel (or a cancelled Save As)
        keeps the window open; Discard closes, and the autosave goes too.
        """
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = QMessageBox(QMessageBox.Icon.Question, "Unsaved game",
                          "This game has moves that are not saved.", buttons, self)
        box.setInformativeText("Save them before closing?")
        box.setObjectName("closeBox")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            clicked = box.clickedButton()
            choice = box.standardButton(clicked) if clicked is not None else None
            if choice == QMessageBox.StandardButton.Save and not self.save():
                return
            if choice in (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard):
                self._closing_confirmed = True
                QTimer.singleShot(0, self.close)

        box.finished.connect(answered)
        box.open()
        return box

    # -- autosave and recovery --------------------------------------------------------------

    def schedule_autosave(self) -> None:
        if self.autosave_enabled and self.session is not None:
            self._autosave_timer.start()

    def write_autosave(self) -> bool:
        """Write the autosave now (atomically, through the store)."""
        self._autosave_timer.stop()
        if not self.autosave_enabled or self.session is None:
            return False
        from ffl.store import save_game

        try:
            save_game(self.autosave_path, self.session.snapshot())
        except _errors() as exc:
            self.statusBar().showMessage(f"Autosave failed: {_message(exc)}", 8000)
            return False
        return True

    def recovery_candidate(self) -> Path | None:
        """The autosave left by a run that did not close cleanly, if any."""
        path = self.autosave_path
        return path if self.autosave_enabled and path.is_file() else None

    def offer_recovery(self, otherwise: Callable[[], object] | None = None) -> QMessageBox | None:
        """Ask whether to recover the autosave; ``otherwise`` runs if declined."""
        path = self.recovery_candidate()
        if path is None:
            if otherwise:
                otherwise()
            return None

        def answer(yes: bool) -> None:
            if yes and self.recover(path):
                return
            path.unlink(missing_ok=True)
            if otherwise:
                otherwise()

        return ask(self, "recoverBox", "Recover the last game?",
                   "The last game was not closed properly. Recover it from the autosave?",
                   answer, detail=str(path))

    def recover(self, path: Path) -> bool:
        try:
            session = self.load_path(path)
        except LoadError as exc:
            self.error("Cannot recover the game", str(exc))
            return False
        session.path = None  # Save must ask for a real name
        self.set_session(session)
        self._saved_position = None  # not saved anywhere yet
        self.refresh()
        return True

    def start(self, scenario_id: str | None = None, path: str | Path | None = None,
              seed: int | None = None, recover: bool = True,
              on_error: Callable[[str], object] | None = None,
              rules: str | None = None) -> None:
        """What the program does once the window is up: offer recovery, then open.

        With ``path`` a module file, ``scenario_id`` picks its scenario; a module
        with several scenarios and none picked asks which to play.  A failure
        goes to ``on_error(message)`` when given (the command line exits with
        it), else to an error box.
        """

        def open_requested() -> None:
            if path is None and scenario_id is None:
                return
            try:
                if path is not None:
                    file = Path(path)
                    if is_module_file(file) and scenario_id is None and file.is_file():
                        module = self.read_module(file)
                        if len(module.scenarios) > 1:
                            self.choose_scenario(file, module)
                            return
                    session = self.load_path(file, seed, scenario_id, rules)
                else:
                    session = self.load_scenario(scenario_id or "", seed, rules)
            except LoadError as exc:
                if on_error is not None:
                    on_error(str(exc))
                else:
                    self.error("Cannot open the game", str(exc))
                return
            self.show_loaded(session, Path(path) if path is not None else None)

        if recover:
            self.offer_recovery(open_requested)
        else:
            open_requested()

    def close_files(self) -> None:
        """A clean close: the autosave is no longer needed."""
        self._autosave_timer.stop()
        if self.autosave_enabled:
            self.autosave_path.unlink(missing_ok=True)
