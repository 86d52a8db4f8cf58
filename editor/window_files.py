"""The editor window's File menu: new, open, save, recent files, text export and
import, autosave with crash recovery, and "Play this scenario"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from ffl.store import StoreError
from ffl.ui.files import RecentFiles

from . import edits
from .dialogs import NewBoardDialog
from .document import Document, empty_dump
from .files import (
    Autosave,
    export_text,
    import_text,
    write_text,
)
from .play import PlayLauncher, check_playable, play_command
from .saving import write_autosave
from .validation import errors

MODULE_FILTER = "Modules (*.ffl);;All files (*)"
TEXT_FILTER = "Module text (*.json);;All files (*)"
AUTOSAVE_DELAY_MS = 3000


class FileActions:
    """Mixed into EditorWindow: everything that reads or writes files."""

    def init_files(self, data_folder: Path | None, autosave: bool) -> None:
        self.autosave = Autosave(data_folder)
        self.launcher = PlayLauncher(self, self.autosave.folder)
        self.autosave_enabled = autosave
        self.ask_on_close = True
        self.last_error = ""
        #: the last open asked for (one asked earlier is not shown when it is read)
        self._opening_token = 0
        self.recent = RecentFiles(self.settings)
        self._autosave_timer = QTimer(self, singleShot=True, interval=AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(lambda: self.write_autosave(wait=False))
        menu = self.menuBar().addMenu("&File")
        self.menuBar().insertMenu(self.menuBar().actions()[0], menu)
        menu.addAction("&New module...", self.new_dialog).setShortcut(QKeySequence.StandardKey.New)
        menu.addAction("&Open...", self.open_dialog).setShortcut(QKeySequence.StandardKey.Open)
        self.recent_menu = menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        menu.addAction("&Save", self.save_clicked).setShortcut(QKeySequence.StandardKey.Save)
        menu.addAction("Save &as...", lambda: self.save_as_dialog(wait=False)).setShortcut(
            QKeySequence.StandardKey.SaveAs)
        menu.addSeparator()
        menu.addAction("Add &board...", self.add_board_dialog)
        menu.addAction("&Export text...", self.export_dialog)
        menu.addAction("&Import text...", self.import_dialog)
        menu.addSeparator()
        menu.addAction("&Play this scenario", lambda: self.play_scenario(wait=False)).setShortcut(
            QKeySequence("Ctrl+R"))
        menu.addSeparator()
        menu.addAction("&Quit", self.close).setShortcut(QKeySequence.StandardKey.Quit)

    # -- errors ---------------------------------------------------------------------------

    def error(self, title: str, text: str) -> None:
        """Tell the user (a message box) and keep the text for tests and the status bar."""
        self.last_error = text
        self.status(text, error=True)
        if self.isVisible() and self.ask_on_close:
            QMessageBox.warning(self, title, text)

    # -- new / open ---------------------------------------------------------------------------

    def new_module(self, kind: str = "square", columns: int = 12, rows: int = 8,
                   game: str = "", title: str = "New module", module_id: str = "new-module",
                   board: str = "map", terrain: str = "clear") -> None:
        """Start a new module with one board (square grid, hex grid or empty canvas)."""
        data = empty_dump(module_id, game, title)
        data["boards"].append(edits.grid_board(kind, board, columns, rows, terrain))
        self.set_document(Document(data), None)

    def new_dialog(self) -> None:
        if not self.maybe_keep_changes():
            return
        dialog = NewBoardDialog(self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            v = dialog.values()
            self.new_module(v["kind"], v["columns"], v["rows"], v["game"],
                            v["title"] or "New module", v["module_id"], v["board"],
                            v["terrain"])

    def add_board_dialog(self) -> None:
        dialog = NewBoardDialog(self, with_module=False, game=self.doc.data["module"]["game"])
        if dialog.exec() == QDialog.DialogCode.Accepted:
            v = dialog.values()
            self.add_board(v["kind"], v["columns"], v["rows"], v["board"], v["terrain"])

    def open_path(self, path: str | Path, wait: bool = True, then=None) -> bool:
        """Open a module file: read and checked on the worker
        (:mod:`editor.opening`), the window answering meanwhile with a busy
        cursor and the steps in the status bar; a file the store refuses is
        said in a message box.  The last file asked for wins: one asked
        earlier and still being read is dropped; the module shown is replaced
        only if it was not edited meanwhile, or its edits were saved or
        discarded when asked.  ``wait``: return once it is over (True when
        opened), else at once (True: it started) and call ``then(ok)``."""
        path = Path(path)
        self._opening_token += 1
        token, before = self._opening_token, (self.doc, self.doc.revision)
        result: list[bool] = []
        QGuiApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)

        def done(opened, error) -> None:
            QGuiApplication.restoreOverrideCursor()
            ok = self._opened(token, before, path, opened, error)
            result.append(ok)
            if then is not None:
                then(ok)

        self.status(f"Opening {path}…")     # before: a refusal may come back at once
        self.start_checks.open(path, done, lambda: token == self._opening_token)
        if not wait:
            return True
        self.start_checks.settle()
        return bool(result and result[0])

    def _opened(self, token: int, before: tuple, path: Path, opened, error) -> bool:
        """A module file is read (or refused): show it unless another was asked
        for since, or the designer keeps the module edited meanwhile."""
        if token != self._opening_token:
            return False                    # another file asked for since: not shown
        if error is not None:
            text = str(error) if isinstance(error, StoreError) else \
                f"{path}: {type(error).__name__}: {error}"
            self.error("Cannot open module", text)
            return False
        if (self.doc, self.doc.revision) != before and not self.maybe_keep_changes():
            self.status(f"Not opened {path}: the module shown was edited while it was read")
            return False
        self.set_document(opened.doc, path, opened=opened)
        self.recent.add(path)
        self.status(f"Opened {path}")
        return True

    def open_dialog(self) -> None:
        if not self.maybe_keep_changes():
            return
        name, _ = QFileDialog.getOpenFileName(self, "Open module", "", MODULE_FILTER)
        if name:
            self.open_path(name, wait=False)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.recent.paths():
            self.recent_menu.addAction(str(path), lambda p=path: (
                self.maybe_keep_changes() and self.open_path(p, wait=False)))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none)").setEnabled(False)

    # -- save ----------------------------------------------------------------------------------

    def save(self, wait: bool = True, then=None) -> bool:
        """Save to the module's file (asked for when it has none yet); see
        :meth:`save_as`."""
        if self.path is None:
            return self.save_as_dialog(wait, then)
        return self.save_as(self.path, wait, then)

    def save_clicked(self) -> None:
        """File › Save (Ctrl+S): saved on the worker, the window answering."""
        self.save(wait=False)

    def save_as(self, path: str | Path, wait: bool = True, then=None) -> bool:
        """Write the module (atomically, through the store) as it is now, on the
        worker thread (:mod:`editor.saving`): never while validation finds
        errors, never over a write-protected file, and only a file that the
        store opens again; a refusal is said in a message box.

        What is written is the module at this call: the designer may edit on
        while it is written, and such an edit stays in the window, unsaved
        (the title keeps its star).  ``wait``: return once it is written (True
        when it was); else return at once (True: the save started) and call
        ``then(ok)`` when it is over."""
        path = Path(path)
        pending = self.commit_forms()
        if pending:
            self.error("Not saved", pending)
            if then is not None:
                then(False)
            return False
        self._validate_timer.stop()          # the save checks this very state
        doc, revision = self.doc, self.doc.revision
        result: list[bool] = []

        def done(outcome, error) -> None:
            ok = self._saved(doc, revision, path, outcome, error)
            result.append(ok)
            if then is not None:
                then(ok)

        self.start_checks.save(path, done)
        if not wait:
            self.status(f"Saving {path.name}…")
            return True
        self.start_checks.settle()
        return bool(result and result[0])

    def _saved(self, doc, revision: int, path: Path, outcome, error) -> bool:
        """A save is over: say how; mark the module saved if it was not edited
        meanwhile."""
        if error is not None:               # the worker itself failed: said, never hidden
            self.error("Cannot save", f"{path}: {type(error).__name__}: {error}")
            return False
        if not outcome.ok:
            self.error(outcome.title, outcome.refused)
            return False
        self.recent.add(path)
        if doc is not self.doc:             # another module opened meanwhile
            self.status(f"Saved {path}")
            return True
        self.path = path
        if doc.revision == revision:
            self._recovered = False
            self.stack.setClean()
            self.autosave.clear()
            self.status(f"Saved {path}")
        else:
            self.status(f"Saved {path}; the edits made while saving are not saved yet")
        self._update_title()
        return True

    def save_as_dialog(self, wait: bool = True, then=None) -> bool:
        name, _ = QFileDialog.getSaveFileName(self, "Save module", str(self.path or ""),
                                              MODULE_FILTER)
        if not name:
            if then is not None:
                then(False)
            return False
        if not name.endswith(".ffl"):
            name += ".ffl"
        return self.save_as(name, wait, then)

    # -- text ----------------------------------------------------------------------------------

    def export_to(self, path: str | Path) -> bool:
        try:
            write_text(Path(path), export_text(self.doc))
        except (ValueError, KeyError, OSError) as exc:
            self.error("Cannot export", f"{path}: {exc}")
            return False
        self.status(f"Exported {path}")
        return True

    def import_from(self, path: str | Path) -> bool:
        """Replace the document with an exported text (unsaved until saved)."""
        try:
            doc = import_text(Path(path).read_text(encoding="utf-8"), str(path))
        except (OSError, ValueError) as exc:
            self.error("Cannot import", str(exc))
            return False
        self.set_document(doc, None, dirty=True)
        self.status(f"Imported {path} (not saved yet)")
        return True

    def export_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export text", "", TEXT_FILTER)
        if name:
            self.export_to(name)

    def import_dialog(self) -> None:
        if not self.maybe_keep_changes():
            return
        name, _ = QFileDialog.getOpenFileName(self, "Import text", "", TEXT_FILTER)
        if name:
            self.import_from(name)

    # -- autosave --------------------------------------------------------------------------------

    def schedule_autosave(self) -> None:
        if self.autosave_enabled:
            self._autosave_timer.start()

    def write_autosave(self, wait: bool = True) -> bool:
        """Write the crash-recovery copy of the module as it is now, on the
        worker (The Legend Begins: ~1 s to write and read back); ``wait``:
        return once it is written (True when it was), else at once (the timer
        after an edit)."""
        if not self.autosave_enabled or not self.is_dirty():
            return False
        if errors(self.problems):
            self.status("Not autosaved while the module has errors (see Validation)",
                        error=True)
            return False
        doc, result = self.doc, []

        def done(_none, error) -> None:
            if error is not None:
                self.status(f"Autosave failed: {error}", error=True)
            elif doc is self.doc and not self.is_dirty():
                self.autosave.clear()       # saved meanwhile: nothing to recover
            result.append(error is None)

        self.start_checks.submit("Autosaving…", done, write_autosave, self.autosave,
                                 self.start_checks.frozen(), self.path)
        if not wait:
            return True
        self.start_checks.settle()
        return bool(result and result[0])

    def recover_autosave(self) -> bool:
        """Open the autosaved work left by a crash (it stays unsaved until saved)."""
        if not self.autosave.exists():
            return False
        try:
            doc, source = self.autosave.recover()
        except StoreError as exc:
            self.error("Cannot recover", str(exc))
            return False
        self.set_document(doc, source, dirty=True)
        self.status("Recovered unsaved work from the autosave")
        return True

    def offer_recovery(self) -> None:
        """At start-up: if an autosave is left over, ask whether to recover it."""
        if not self.autosave.exists():
            return
        answer = QMessageBox.question(
            self, "Recover unsaved work?",
            "The editor did not close normally last time. Recover the unsaved work?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            self.recover_autosave()
        else:
            self.autosave.clear()

    # -- play --------------------------------------------------------------------------------------

    def play_command(self, scenario_id: str | None = None) -> list[str]:
        """The command that opens a scenario of the saved module in the player."""
        sid = scenario_id or self._play_default() or ""
        return play_command(self.path, sid)

    def _play_default(self) -> str | None:
        """The scenario shown in the Scenario dock, else the module's first."""
        current = self.scenario_panel.current()
        scenarios = self.doc.data["scenarios"]
        if current is not None:
            return current["id"]
        return scenarios[0]["id"] if scenarios else None

    def play_scenario(self, wait: bool = True) -> bool:
        """Save if needed, then play: the only scenario, or the one chosen when the
        module has several (the one shown in the Scenario dock first).  The
        save and the check that the scenario starts run on the worker; ``wait``:
        return once they are over (True: played or asked which), else at once."""
        scenarios = [(sc["id"], sc.get("title", sc["id"])) for sc in self.doc.data["scenarios"]]
        if not scenarios:
            self.launcher.fail("This module has no scenario to play yet.",
                               "Add one in the Scenario dock (New…), with a board and "
                               "pieces placed, then play it.")
            return False
        self.commit_forms()
        default = self._play_default()

        def go(saved: bool = True) -> bool:
            if not saved:
                return False
            if len(scenarios) == 1:
                return self.play(scenarios[0][0], wait)
            self.launcher.choose(scenarios, default, lambda sid: self.play(sid, wait=False))
            return True

        if self.path is None or self.is_dirty():
            if not wait:
                return self.save(wait=False, then=go)
            return self.save() and go()
        return go()

    def play(self, scenario_id: str, wait: bool = True) -> bool:
        """Check on the worker that ``scenario_id`` of the saved file starts,
        then run the player on it; a dialog says why not."""
        path, command = self.path, self.play_command(scenario_id)
        result: list[bool] = []

        def checked(problem, error) -> None:
            if error is not None:
                problem = f"{type(error).__name__}: {error}"
            ok = self.launcher.launch(path, scenario_id, command, problem)
            self.status(f"Started: ffl open {path.name} --scenario {scenario_id}" if ok
                        else f"Cannot play {scenario_id}", error=not ok)
            result.append(ok)

        self.start_checks.submit(f"Checking that {scenario_id} starts…", checked,
                                 check_playable, path, scenario_id)
        if not wait:
            return True
        self.start_checks.settle()
        return bool(result and result[0])

    # -- closing -----------------------------------------------------------------------------------

    def maybe_keep_changes(self) -> bool:
        """True when it is fine to drop the current document (saved or discarded)."""
        self.start_checks.settle(until_open=True)   # a save under way is over first
        self.commit_forms()
        if not self.is_dirty() or not self.ask_on_close:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", "Save the changes to this module first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.autosave.clear()
            return True
        return False

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.maybe_keep_changes():
            self._opening_token += 1        # a file being read is not shown
            self._autosave_timer.stop()
            if not self.is_dirty():
                self.autosave.clear()
            self.start_checks.shutdown()
            event.accept()
        else:
            event.ignore()
