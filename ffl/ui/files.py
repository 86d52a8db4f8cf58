"""Where the play window keeps things: saves folder, autosave, recent files;
and the error a game that cannot be opened raises (``LoadError``).

Saves default to ``platformdirs.user_data_dir("ffl")/saves``; the autosave is
``autosave.fflsave`` there.  Recent files live in QSettings (at most
:data:`MAX_RECENT`, missing files pruned whenever the list is read).
"""

from __future__ import annotations

from pathlib import Path

import platformdirs
from PySide6.QtCore import QSettings

APP_NAME = "ffl"
SAVE_SUFFIX = ".fflsave"
MODULE_SUFFIX = ".ffl"
AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX
MAX_RECENT = 8
RECENT_KEY = "files/recent"

SAVE_FILTER = "Saved games (*.fflsave);;Modules (*.ffl);;All files (*)"


def data_dir() -> Path:
    """The user data folder of the program (not created here)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir(base: Path | None = None) -> Path:
    """The default folder for saved games (created on demand)."""
    folder = (base or data_dir()) / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def is_module_file(path: Path) -> bool:
    return path.suffix.lower() == MODULE_SUFFIX


class RecentFiles:
    """The recently opened or saved files, newest first, kept in QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def _raw(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):  # QSettings gives a bare string for one entry
            value = [value]
        return [str(v) for v in (value or [])]

    def paths(self) -> list[Path]:
        """Existing recent files, newest first; missing ones are forgotten."""
        raw = self._raw()
        kept = [p for p in raw if Path(p).is_file()][:MAX_RECENT]
        if kept != raw:
            self._store(kept)
        return [Path(p) for p in kept]

    def add(self, path: Path) -> None:
        entry = str(Path(path).resolve())
        raw = self._raw()
        items = [entry, *(p for p in raw if p != entry)][:MAX_RECENT]
        if items != raw:        # the file on top already: nothing to write (issue 12)
            self._store(items)

    def clear(self) -> None:
        self._store([])

    def _store(self, items: list[str]) -> None:
        self.settings.setValue(RECENT_KEY, items)
        self.settings.sync()


class LoadError(Exception):
    """A game could not be opened; the message is for the user."""


def load_errors():
    """The exceptions a bad file or unknown scenario may raise."""
    from ffl.store import StoreError

    return (StoreError, KeyError, ValueError, OSError)


def user_message(exc: BaseException) -> str:
    """An exception as a message box shows it (a KeyError's key without quotes)."""
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc) or type(exc).__name__
