"""Opening, saving, autosave, recovery and recent files for the play window.

The store and catalog (and so sqlmodel) are imported only when first needed,
after the window is on screen.  Every problem with a file is shown in a
message box naming the file; no traceback reaches the user, and a file that
cannot be shown leaves the game shown before in place.

**Autosave.**  After every completed action (every change the session
reports, undo and redo included) the game is written to this window's own
autosave on the next turn of the event loop: a burst of actions in one turn
(a dragged path) is written once, and nothing postpones it further.  The file
is written atomically through the store.  Each running program has its own
autosave slot (:class:`ffl.store.autosave.AutosaveSlots`), locked while it
runs, so a second program never takes, offers or deletes the first one's
game.  At start-up the autosaves of programs that are gone are offered for
recovery one at a time, newest first; an autosave is deleted only once its
game is recovered (and autosaved again) or the player confirms discarding it;
one that cannot be opened is kept under another name, and closing the
question keeps it for the next start.
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

#: the autosave is written this long after the change that asked for it: 0, the
#: next turn of the event loop (the changes of one turn are written once)
AUTOSAVE_DELAY_MS = 0


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
        self._slots = None   # this window's autosave slot (AutosaveSlots), claimed on use
        self.recovery_box: QMessageBox | None = None
        #: why the last game could not be shown (``set_session`` returned False)
        self.show_failure = ""

    # -- paths ----------------------------------------------------------------------------

    @property
    def saves_folder(self) -> Path:
        return saves_dir(Path(self.data_folder))

    @property
    def autosave_slots(self):
        """This window's autosave slot in the saves folder (claimed on first use)."""
        if self._slots is None:
            from ffl.store.autosave import AutosaveSlots

            name = Path(AUTOSAVE_NAME)
            self._slots = AutosaveSlots(self.saves_folder, name.stem, name.suffix)
            self._slots.claim()
        return self._slots

    @property
    def autosave_path(self) -> Path:
        """This window's own autosave (``autosave.fflsave``, or ``autosave-2.fflsave``
        while another program holds the first slot)."""
        return self.autosave_slots.path or self.saves_folder / AUTOSAVE_NAME

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
        path = Path(path)
        try:
            with busy_cursor():
                if is_module_file(path):
                    module = self.read_module(path)
                    if scenario_id is not None and scenario_id not in module.scenarios:
                        known = ", ".join(module.scenarios)
                        raise LoadError(f"{path} has no scenario '{scenario_id}' "
                                        f"(it has: {known}).")
                # checked for meaning before anything is shown; errors name the file
                return GameSession.open(path, scenario_id, seed=seed, rules=rules)
        except LoadError:
            raise
        except _errors() as exc:
            raise LoadError(_message(exc)) from exc

    @staticmethod
    def read_module(path: Path):
        """A module file, checked by the store and for its games' meaning, with at
        least one scenario (raises LoadError)."""
        from ffl.session import open_module

        try:
            module = open_module(path)
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
        return self.show_loaded(session, None)

    def open_path(self, path: str | Path, scenario_id: str | None = None,
                  rules: str | None = None) -> bool:
        """Open a saved game, or a module file: a module with several scenarios
        asks which one to play (non-blocking; ``self.scenario_dialog``) unless
        ``scenario_id`` says."""
        path = Path(path)
        try:
            if is_module_file(path) and scenario_id is None:
                module = self.read_module(path)
                if len(module.scenarios) > 1:
                    self.choose_scenario(path, module)
                    return True
            session = self.load_path(path, scenario_id=scenario_id, rules=rules)
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
            except _errors() as exc:
                self.error("Cannot start the game", f"{path}: {_message(exc)}")
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
            self.refresh()
        return True

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
        """The game changed: write the autosave on the next turn of the event loop.
        If the last change is still not written when this one comes (a busy event
        loop ran something else first), it is written now, so the autosave is never
        more than the action in progress behind; the actions of one group (a
        dragged path) are written once, after the group."""
        if not self.autosave_enabled or self.session is None:
            return
        if self._autosave_timer.isActive():
            if not self.session.grouping:
                self.write_autosave()
            return
        self._autosave_timer.start()

    @property
    def autosave_due(self) -> bool:
        """A change is waiting to be autosaved (on the next turn of the event loop)."""
        return self._autosave_timer.isActive()

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
        """The newest autosave left by a program that did not close cleanly (not
        one a running program holds), if any."""
        if not self.autosave_enabled:
            return None
        self.autosave_slots  # noqa: B018 - claim this window's slot first
        orphans = self.autosave_slots.orphans()
        for orphan in orphans:
            orphan.release()
        return orphans[0].path if orphans else None

    def offer_recovery(self, otherwise: Callable[[], object] | None = None) -> QMessageBox | None:
        """Ask whether to recover the newest autosave a gone program left; then
        ``otherwise`` runs unless a game was recovered.  Recover opens it; Discard
        deletes it after a second question; closing the box (or Not now) keeps it
        for the next start.  It stays locked while the question is open."""
        orphans = self.autosave_slots.orphans() if self.autosave_enabled else []
        if not orphans:
            if otherwise:
                otherwise()
            return None
        orphan, others = orphans[0], orphans[1:]
        for other in others:      # offered at a later start, one at a time
            other.release()
        buttons = (QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = QMessageBox(QMessageBox.Icon.Question, "Recover the last game?",
                          "A game was not closed properly. Recover it from its autosave?",
                          buttons, self)
        box.setObjectName("recoverBox")
        box.setInformativeText(str(orphan.path))
        box.button(QMessageBox.StandardButton.Yes).setText("&Recover")
        box.button(QMessageBox.StandardButton.Cancel).setText("&Not now")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            self.recovery_box = None
            clicked = box.clickedButton()
            choice = box.standardButton(clicked) if clicked is not None else None
            if choice == QMessageBox.StandardButton.Yes:
                if self._recover_orphan(orphan):
                    return
            elif choice == QMessageBox.StandardButton.Discard:
                self.confirm_discard(orphan, otherwise)
                return
            else:
                orphan.release()          # kept for the next start
            if otherwise:
                otherwise()

        box.finished.connect(answered)
        box.open()
        self.recovery_box = box
        return box

    def confirm_discard(self, orphan, otherwise: Callable[[], object] | None) -> QMessageBox:
        """Ask before an autosave is deleted; No keeps it for the next start."""
        def answer(yes: bool) -> None:
            if yes:
                orphan.discard()
            else:
                orphan.release()
            if otherwise:
                otherwise()

        return ask(self, "discardBox", "Discard the autosaved game?",
                   "The game in this autosave will be lost. Discard it?", answer,
                   detail=str(orphan.path))

    def recover(self, path: Path) -> bool:
        """Open an autosave as an unsaved game (False, with an error box, if it
        cannot be opened or shown)."""
        try:
            session = self.load_path(path)
        except LoadError as exc:
            self.error("Cannot recover the game", str(exc))
            return False
        return self._show_recovered(session)

    def _recover_orphan(self, orphan) -> bool:
        """Recover a gone program's autosave: once the game is shown and written to
        this window's own autosave, the old file goes; if it cannot be opened it
        is kept under another name and the error box says where."""
        try:
            session = self.load_path(orphan.path)
        except LoadError as exc:
            kept = orphan.set_aside()
            self.error("Cannot recover the game", str(exc), f"The autosave is kept as {kept}.")
            return False
        if not self._show_recovered(session):
            orphan.set_aside()
            return False
        if self.write_autosave() or not self.autosave_enabled:
            orphan.discard()
        else:
            orphan.release()
        return True

    def _show_recovered(self, session: GameSession) -> bool:
        session.path = None  # Save must ask for a real name
        if not self.show_loaded(session, None):
            return False
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
                    if is_module_file(file) and scenario_id is None:
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
        """A clean close: the autosave is no longer needed and the slot is free."""
        self._autosave_timer.stop()
        if self.recovery_box is not None:   # closed while asking: the orphan is kept
            self.recovery_box.close()
        if self._slots is not None:
            self._slots.release(remove=self.autosave_enabled)
