"""Play this scenario: from the editor into the player, with every error in a dialog.

The module is saved first (the player reads the file, never the editor's
memory).  Then the chosen scenario is started in this process, exactly as the
player would (the store's read-only checks, the game's set-up and opening:
:func:`check_playable`, which the window runs on its worker thread), so a
scenario that cannot be played is reported in a dialog naming the reason.  Only then is ``ffl open FILE --scenario ID`` started, detached
(closing the editor leaves the game running); its error output goes to a file
that is watched for a while, so a failure of the player itself is shown in a
dialog too, not only on a terminal nobody sees.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QProcess, QTimer
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from ffl.ui.dialogs import show_error

#: how often and for how long the player's error output is watched
WATCH_MS, WATCH_FOR_MS = 400, 60_000


def play_command(path: Path, scenario_id: str) -> list[str]:
    """The command that opens one scenario of a module file in the player."""
    return [sys.executable, "-m", "ffl", "open", str(path), "--scenario", scenario_id]


def check_playable(path: Path, scenario_id: str) -> str:
    """Why the scenario cannot be played ("" when it starts): the player's own
    checks and set-up, run here."""
    from ffl.session import GameSession
    from ffl.store import StoreError, load_module

    try:
        module = load_module(path)
        if scenario_id not in module.scenarios:
            return f"{path.name} has no scenario {scenario_id!r}."
        GameSession.new(module, scenario_id, seed=1)
    except StoreError as exc:
        return str(exc)
    except Exception as exc:  # a rules controller refusing the data: say what and where
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return (f"{type(exc).__name__}: {exc}\n(in {Path(where.filename).name}, line "
                f"{where.lineno})")
    return ""


class PlayLauncher:
    """Starts the player on a saved module and reports any failure in a dialog."""

    def __init__(self, parent: QWidget, log_dir: Path) -> None:
        self.parent = parent
        self.log_dir = Path(log_dir)
        self.error_box: QMessageBox | None = None
        self.chooser: QInputDialog | None = None
        self.watched: list[tuple[Path, QTimer]] = []

    # -- choosing ---------------------------------------------------------------------

    def choose(self, scenarios: list[tuple[str, str]], current: str | None, start) -> None:
        """Ask which scenario to play (non-blocking); ``start(id)`` when chosen."""
        labels = [f"{title} ({sid})" for sid, title in scenarios]
        dialog = QInputDialog(self.parent)
        dialog.setObjectName("playChooser")
        dialog.setWindowTitle("Play which scenario?")
        dialog.setLabelText("This module has several scenarios. Play:")
        dialog.setComboBoxItems(labels)
        dialog.setComboBoxEditable(False)
        ids = [sid for sid, _ in scenarios]
        if current in ids:
            dialog.setTextValue(labels[ids.index(current)])
        dialog.textValueSelected.connect(lambda text: start(ids[labels.index(text)]))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        self.chooser = dialog

    # -- starting ---------------------------------------------------------------------

    def start(self, path: Path, scenario_id: str, command: list[str] | None = None) -> bool:
        """Check the scenario here, then start the player detached."""
        return self.launch(path, scenario_id, command, check_playable(path, scenario_id))

    def launch(self, path: Path, scenario_id: str, command: list[str] | None,
               problem: str) -> bool:
        """Start the player detached on a scenario checked already (``problem``:
        :func:`check_playable`'s answer; a dialog says it instead when not "")."""
        if problem:
            self.fail(f"{scenario_id} cannot be played.", problem)
            return False
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log = self.log_dir / f"player-{os.getpid()}-{len(self.watched)}.log"
        log.unlink(missing_ok=True)
        cmd = command or play_command(path, scenario_id)
        process = QProcess()
        process.setProgram(cmd[0])
        process.setArguments(cmd[1:])
        process.setStandardErrorFile(str(log))
        ok = process.startDetached()
        if not ok:
            self.fail("The player could not be started.", " ".join(cmd))
            return False
        self._watch(log, scenario_id)
        return True

    def _watch(self, log: Path, scenario_id: str) -> None:
        timer = QTimer(self.parent)
        timer.setInterval(WATCH_MS)
        left = [WATCH_FOR_MS // WATCH_MS]

        def look() -> None:
            left[0] -= 1
            text = log.read_text(errors="replace") if log.is_file() else ""
            if "error" in text.lower():
                timer.stop()
                self.fail(f"The player stopped with an error ({scenario_id}).",
                          text.strip()[-2000:])
            elif left[0] <= 0:
                timer.stop()

        timer.timeout.connect(look)
        timer.start()
        self.watched.append((log, timer))

    def fail(self, text: str, detail: str) -> QMessageBox:
        self.error_box = show_error(self.parent, "Cannot play this scenario", text, detail)
        return self.error_box
