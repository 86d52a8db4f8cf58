"""Opening, saving, recent files and the unsaved-changes question of the play
window; the autosave and crash recovery are :class:`~ffl.ui.recovery.AutosaveMixin`.

The store and catalog (and so sqlmodel) are imported only when first needed,
after the window is on screen.  Every file is opened through
:meth:`GameSession.open`, so it is checked for meaning before anything is
shown; every problem is shown in a message box naming the file, no traceback
reaches the user, and a game that cannot be shown leaves the game shown
before in place.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from ffl.session import GameSession

from .dialogs import NewGameDialog, busy_cursor, show_error
from .files import (
    SAVE_FILTER,
    SAVE_SUFFIX,
    LoadError,
    RecentFiles,
    is_module_file,
    load_errors,
    saves_dir,
    user_message,
)
from .recovery import AutosaveMixin

#: the autosave is written this long after the change that asked for it: 0, the
#: next turn of the event loop (the changes of one turn are written once)
AUTOSAVE_DELAY_MS = 0


class GameFilesMixin(AutosaveMixin):
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
        self._slots = None   # this window's autosave slot (AutosaveSlots), claimed on use
        self.recovery_box: QMessageBox | None = None
        #: why the last game could not be shown (``set_session`` returned False)
        self.show_failure = ""
        #: the collector's pause of the last File › Open (:meth:`open_path`)
        self._open_pause = None

    # -- paths ----------------------------------------------------------------------------

    @property
    def saves_folder(self) -> Path:
        return saves_dir(Path(self.data_folder))

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
            # only the scenario's own game's file is read here (issue 12)
            if not catalog.has_scenario(scenario_id):
                known = {s.id for s in catalog.list_scenarios()}
                listed = ", ".join(sorted(known)) or "none installed"
                raise LoadError(f"There is no scenario '{scenario_id}' (installed: {listed}).")
            with busy_cursor():
                return catalog.new_session(scenario_id, seed=seed, rules=rules,
                                           options=options)
        except load_errors() as exc:
            raise LoadError(user_message(exc)) from exc

    def load_path(self, path: Path, seed: int | None = None, scenario_id: str | None = None,
                  rules: str | None = None, module=None) -> GameSession:
        """A session from a saved game, or a new game of one scenario of a module
        file (``scenario_id``, else its first); ``module``: that file as
        :meth:`read_module` read it already (a module file is read once)."""
        path = Path(path)
        try:
            with busy_cursor():
                if is_module_file(path):
                    module = module if module is not None else self.read_module(path)
                    if scenario_id is not None and scenario_id not in module.scenarios:
                        known = ", ".join(module.scenarios)
                        raise LoadError(f"{path} has no scenario '{scenario_id}' "
                                        f"(it has: {known}).")
                    return GameSession.of_module(path, module, scenario_id, seed=seed,
                                                 rules=rules)
                # checked for meaning before anything is shown; errors name the file
                return GameSession.open(path, scenario_id, seed=seed, rules=rules)
        except LoadError:
            raise
        except load_errors() as exc:
            raise LoadError(user_message(exc)) from exc

    @staticmethod
    def read_module(path: Path):
        """A module file, checked by the store and for its games' meaning, with at
        least one scenario (raises LoadError)."""
        from ffl.session import open_module

        try:
            module = open_module(path)
        except load_errors() as exc:
            raise LoadError(user_message(exc)) from exc
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
        return self.show_loaded(session, None)

    def open_path(self, path: str | Path, scenario_id: str | None = None,
                  rules: str | None = None) -> bool:
        """Open a saved game, or a module file: a module with several scenarios
        asks which one to play (non-blocking; ``self.scenario_dialog``) unless
        ``scenario_id`` says.

        The garbage collector is off from here until the map has painted the
        game opened (issue 12, :mod:`.window_gc`): the objects read, replayed
        and shown all stay, and a collection would only delay the paint.  It
        is on again at once when no game was shown (an error, a question)."""
        from .window_gc import OPEN_FALLBACK_MS, CollectorPaused

        before, opened = self.session, False
        pause = self._open_pause = CollectorPaused()
        try:
            opened = self._open_path(Path(path), scenario_id, rules)
        finally:
            if opened and self.session is not None and self.session is not before:
                pause.keep(before)      # the game replaced is freed after the paint
                pause.until_game_painted(self, OPEN_FALLBACK_MS, settle=True)
            else:
                pause.resume()
        return opened

    def retire(self, thing) -> None:
        """Let go of ``thing``, left by the game replaced (a dock, tool bar or
        action its UI had, the UI itself): during File › Open it waits until the
        game opened has painted (:meth:`CollectorPaused.keep`: a Qt object leaves
        the window at once), else a Qt object is deleted on the next turn of the
        event loop."""
        pause = self._open_pause
        if pause is not None and pause.keep(thing):
            return
        if isinstance(thing, QObject):
            thing.deleteLater()

    def _open_path(self, path: Path, scenario_id: str | None, rules: str | None) -> bool:
        module = None
        try:
            if is_module_file(path) and scenario_id is None:
                module = self.read_module(path)
                if len(module.scenarios) > 1:
                    self.choose_scenario(path, module)
                    return True
            session = self.load_path(path, scenario_id=scenario_id, rules=rules, module=module)
        except LoadError as exc:
            self.error("Cannot open the file", str(exc))
            return False
        return self.show_loaded(session, path)

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
            except load_errors() as exc:
                self.error("Cannot start the game", f"{path}: {user_message(exc)}")
                return
            self.show_loaded(session, path)

        dialog.accepted.connect(chosen)
        dialog.open()
        self.scenario_dialog = dialog
        return dialog

    def show_loaded(self, session: GameSession, path: Path | None) -> bool:
        """Show a freshly opened session; a saved game goes on the recent list.
        If the window cannot show it, the game shown before stays and an error box
        says so (False)."""
        if not self.set_session(session):
            where = f"{path} " if path is not None else ""
            self.error("Cannot show the game", f"{where}could not be shown: "
                       f"{self.show_failure}. The game shown before is still open.")
            return False
        if path is not None and not is_module_file(path):
            session.path = path
            self.recent.add(path)
            self._update_title()    # (set_session has just brought all else in line)
        return True

    def new_game_dialog(self) -> None:
        from ffl import catalog

        try:
            scenarios = catalog.list_scenarios()
        except load_errors() as exc:
            self.error("Cannot list the scenarios", user_message(exc))
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
        except load_errors() as exc:
            self.error("Cannot save the game", user_message(exc))
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
                    file, module = Path(path), None
                    if is_module_file(file) and scenario_id is None:
                        module = self.read_module(file)
                        if len(module.scenarios) > 1:
                            self.choose_scenario(file, module)
                            return
                    session = self.load_path(file, seed, scenario_id, rules, module)
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
        """A clean close: the autosave is no longer needed and the slot is free."""
        self._autosave_timer.stop()
        if self._open_pause is not None:
            self._open_pause.resume()   # never left off by a window that closed
        if self.recovery_box is not None:   # closed while asking: the orphan is kept
            self.recovery_box.close()
        if self._slots is not None:
            self._slots.release(remove=self.autosave_enabled)
