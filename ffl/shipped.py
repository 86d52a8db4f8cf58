"""Where the program's shipped data lives: the module files (``scenarios/``) and
the icons and precomputed tables (``resources/``).

No Qt here, and nothing of our own imported: the engine's and the games' modules
may ask too.  The folders sit in one of three places:

* a checkout (``pyproject.toml`` beside the ``ffl`` package, also an editable
  install) or the desktop bundle (PyInstaller: ``sys.frozen``, the folders in
  ``_internal/`` beside the frozen package): ``scenarios/`` and ``resources/``
  next to the ``ffl`` package;
* an installed wheel (``pip install .``): the wheel carries them as data files
  (``[tool.setuptools.data-files]`` in pyproject.toml) that the installer puts
  under ``<prefix>/share/ffl/``; the installed distribution's file list
  (``importlib.metadata``) says where that is for this install (a virtualenv,
  the system, ``--user``).

Anything else (a copy of the package without either) falls back to the folders
next to the package, as before, and what reads them reports a missing file.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path, PurePosixPath

#: the shipped folders (top level of the repository)
FOLDERS = ("scenarios", "resources")
#: where the wheel's data files go, under the install's data prefix
DATA_PREFIX = ("share", "ffl")


def shipped_dir(name: str) -> Path:
    """The shipped folder ``name`` (``"scenarios"`` or ``"resources"``)."""
    if name not in FOLDERS:
        raise ValueError(f"unknown shipped folder {name!r} (known: {', '.join(FOLDERS)})")
    return _dir(name)


def resource(*parts: str) -> Path:
    """A file under the shipped ``resources/`` (it may not exist)."""
    return shipped_dir("resources").joinpath(*parts)


@cache
def _dir(name: str) -> Path:
    # not resolved: on a slow file system that costs more than the first read
    # of a shipped table (``__file__`` is absolute already)
    beside = Path(__file__).parent.parent / name
    if getattr(sys, "frozen", False) or (beside.parent / "pyproject.toml").is_file():
        return beside
    installed = installed_dir(name)
    return installed if installed is not None else beside


def installed_dir(name: str, distribution=None) -> Path | None:
    """The folder ``name`` of the installed ``ffl`` distribution's data files
    (``<prefix>/share/ffl/<name>``), or None when it lists none (not installed
    from a wheel, or a wheel without them).  ``distribution``: an
    :class:`importlib.metadata.Distribution` (default: the installed ``ffl``)."""
    if distribution is None:
        from importlib import metadata

        try:
            distribution = metadata.distribution("ffl")
        except metadata.PackageNotFoundError:
            return None
    want = (*DATA_PREFIX, name)
    for entry in distribution.files or ():
        parts = PurePosixPath(entry).parts
        for i in range(len(parts) - len(want)):
            if parts[i:i + len(want)] == want:
                folder = Path(distribution.locate_file(PurePosixPath(*parts[:i + len(want)])))
                folder = folder.resolve()
                return folder if folder.is_dir() else None
    return None
