"""StoreError: a file could not be read or written, said in plain words."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """A module or saved-game file is unusable; the message names the file.

    ``path`` is the file concerned and ``problem`` the plain-words reason, so a
    dialog can show either; ``str(error)`` is ``"<path> <problem>"``.
    """

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path} {problem}")
