"""Where the command line may write a file (``ffl print -o``, ``--screenshot``).

Both refuse the same things with the same sentences, before any work is done:
a folder given in place of a file, a folder that does not exist (nothing is
created behind the user's back), a write-protected file or folder.
"""

from __future__ import annotations

import os
from pathlib import Path


def output_problem(path: Path, example: str) -> str | None:
    """Why ``path`` cannot be written, in one sentence, or None.

    ``example`` is a file name to suggest when a folder was given (``game-card.pdf``).
    """
    if path.is_dir():
        return f"{path} is a folder: give a file name, e.g. {path / example}"
    folder = path.parent
    if not folder.exists():
        return f"no such folder: {folder}"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} is write-protected"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write into {folder} (no permission)"
    return None


def write_failure(path: Path, exc: OSError) -> str:
    """An OSError met while writing ``path``, as one sentence."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"could not write {path}: {reason[0].lower() + reason[1:] if reason else reason}"
