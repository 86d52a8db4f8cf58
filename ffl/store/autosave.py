"""Autosave slots: one autosave file per running program, never shared.

Each running program (a play window, an editor) claims a *slot* in its
autosave folder: slot 1 is ``autosave.fflsave``, slot ``n`` is
``autosave-n.fflsave``, each guarded by a lock file beside it
(``autosave.lock``, ``autosave-n.lock``) that the program holds open and locked
while it runs (:class:`~ffl.store.locks.FileLock`; the system drops the lock
when the program ends, however it ends).  A second program running at the
same time finds slot 1 locked and takes slot 2, so it never writes, offers or
deletes the first one's live game.

An autosave whose lock nobody holds was left by a program that did not close
cleanly: an *orphan*, offered for recovery.  While one program asks about an
orphan it holds the orphan's lock, so two programs starting together do not
both offer it.  A file left in the slot a program claims is first moved aside
(``autosave-left-...``), so the program's own autosaves never overwrite it
before the player has decided.  No Qt here.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .locks import FileLock

#: the most programs autosaving in one folder at once
MAX_SLOTS = 64


@dataclass
class Orphan:
    """An autosave left by a program that is gone, locked while it is dealt with."""

    path: Path
    lock: FileLock

    def release(self) -> None:
        self.lock.release()

    def discard(self) -> None:
        """Delete the autosave (only after the player said so, or once the game in
        it is safe elsewhere)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._done()

    def set_aside(self, prefix: str = "unreadable-") -> Path:
        """Rename the autosave so it is no longer offered, and return the new name
        (an autosave that could not be opened is kept, never deleted)."""
        target = _unique(self.path.with_name(prefix + self.path.name))
        with contextlib.suppress(OSError):
            os.replace(self.path, target)
        self._done()
        return target

    def _done(self) -> None:
        """Release the lock; the lock file of a file that had no slot goes too."""
        self.lock.release()
        if "-left-" in self.path.name:
            with contextlib.suppress(OSError):
                self.lock.path.unlink()


@dataclass
class AutosaveSlots:
    """The autosave slots of one folder (``stem`` and ``suffix`` name the files)."""

    folder: Path
    stem: str = "autosave"
    suffix: str = ".fflsave"
    lock: FileLock | None = field(default=None, init=False)
    path: Path | None = field(default=None, init=False)

    # -- this program's slot ---------------------------------------------------------

    def claim(self) -> Path | None:
        """Take the lowest free slot (once); its autosave path, or None when no
        slot can be had (a folder that cannot be written)."""
        if self.path is not None:
            return self.path
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_SLOTS + 1):
            lock = FileLock(self._name(n, ".lock"))
            if lock.acquire():
                self.lock, self.path = lock, self._name(n, self.suffix)
                if self.path.exists():   # left by the last program in this slot
                    with contextlib.suppress(OSError):
                        os.replace(self.path, _unique(self.folder / (
                            f"{self.stem}-left-{time.strftime('%Y%m%d-%H%M%S')}"
                            f"{self.suffix}")))
                return self.path
        return None

    def release(self, remove: bool = True) -> None:
        """Give the slot up (a clean close); ``remove`` deletes its autosave first."""
        if remove and self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
        if self.lock is not None:
            self.lock.release()
        self.lock = self.path = None

    # -- what other programs left -----------------------------------------------------

    def orphans(self) -> list[Orphan]:
        """Autosaves no running program holds, newest first, each locked for the
        caller (release or discard every one)."""
        try:
            names = [p for p in self.folder.iterdir()
                     if p.name.startswith(self.stem) and p.suffix == self.suffix
                     and p != self.path and p.is_file()]
        except OSError:
            return []
        found = []
        for path in names:
            lock = FileLock(path.with_suffix(".lock"))
            if lock.acquire():
                found.append(Orphan(path, lock))
        found.sort(key=lambda o: _mtime(o.path), reverse=True)
        return found

    def _name(self, n: int, suffix: str) -> Path:
        return self.folder / (f"{self.stem}{suffix}" if n == 1 else
                              f"{self.stem}-{n}{suffix}")


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _unique(path: Path) -> Path:
    """``path``, or the first ``name-2``, ``name-3``... that does not exist."""
    if not path.exists():
        return path
    for n in range(2, 10_000):
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
    return path
