"""Advisory file locks that the operating system drops when a process dies.

A process holds a lock on an open file (``flock``); when it exits, crashes or
is killed, the system releases it.  So "can I take the lock?" tells whether
the file still belongs to a running program: a temporary file of a save in
progress, the autosave of a running play window.  Where ``flock`` does not
exist (Windows), a file counts as abandoned once it is ``old_after`` seconds
old, and locks always succeed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def try_lock(fd: int, old_after: float | None = None, path: Path | None = None) -> bool:
    """Take an exclusive lock on the open file ``fd`` without waiting; False if
    another open file (this process or another) holds it."""
    if fcntl is None:  # pragma: no cover - Windows
        if old_after is None or path is None:
            return True
        try:
            return time.time() - os.stat(path).st_mtime > old_after
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def unlock(fd: int) -> None:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass


class FileLock:
    """A lock file held open (and locked) until :meth:`release` or the process ends."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock without waiting; False if another holder has it."""
        if self.fd is not None:
            return True
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return False
        if not try_lock(fd):
            os.close(fd)
            return False
        self.fd = fd
        return True

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        if self.fd is not None:
            unlock(self.fd)
            os.close(self.fd)
            self.fd = None
