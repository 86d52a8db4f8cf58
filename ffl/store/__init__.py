"""The store: modules and saved games as SQLite files (through sqlmodel).

``import ffl.store`` stays light: sqlmodel and SQLAlchemy are imported only when
a file is actually opened or written.

* :func:`save_module` / :func:`load_module`: a module file (boards, piece types,
  scenarios), e.g. ``scenarios/french-foreign-legion.ffl``;
* :func:`save_game` / :func:`load_game`: a :class:`SavedGame`, which carries a
  full snapshot of its module so it can be mailed on its own;
* :func:`module_dump` / :func:`module_from_dump`: a canonical JSON-able dump
  (geometry as WKT) for review exports and round-trip comparisons.

Every problem with a file raises :class:`StoreError` naming the file.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import StoreError

if TYPE_CHECKING:
    from ..engine import Event, Module

__all__ = [
    "SCHEMA_VERSION", "SavedGame", "StoreError", "gc_paused", "load_game", "load_module",
    "module_dump", "module_from_dump", "save_game", "save_module",
]

#: The schema version this program writes (and the newest it reads).
SCHEMA_VERSION = 3


@dataclass
class SavedGame:
    """Everything needed to resume a game: module snapshot, options, seed, events."""

    module: Module
    scenario_id: str
    options: dict[str, Any]
    seed: int
    events: list[Event]
    meta: dict[str, Any] = field(default_factory=dict)
    #: bookmarks and notes on positions of the log (:class:`~ffl.store.bookmarks.Note`)
    notes: list = field(default_factory=list)
    #: read from a file whose events carry the hash chain (schema 3), checked
    chained: bool = False


def save_module(module: Module, path: str | Path) -> None:
    """Write ``module`` to ``path`` atomically (the old file survives a failure)."""
    from .files import write_file

    write_file(Path(path), module, "module")


def load_module(path: str | Path, shared: bool = False) -> Module:
    """Read a module file, validated read-only first; raises StoreError.

    ``shared`` (the catalog's installed modules): the module is read-only and may
    be the same object as a module read before from the same rows, and a saved
    game holding the same module gets this object (issue 12)."""
    from .files import read_file

    module, _ = read_file(Path(path), "module", shared)
    return module


def save_game(path: str | Path, saved: SavedGame) -> None:
    """Write a saved game (with its module snapshot) to ``path`` atomically."""
    from .files import write_file

    write_file(Path(path), saved.module, "save", saved)


@contextmanager
def gc_paused() -> Iterator[None]:
    """No automatic garbage collection inside the block (issue 12).

    Reading a save and replaying its log make tens of thousands of small objects
    that all stay alive; Python's collector would walk them over and over while
    they are made (a fifth of opening a 2,000-event game).  Objects are still
    freed by reference counting as usual; cycles wait for the next collection
    after the block.  Nested blocks leave the collector as they found it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def load_game(path: str | Path) -> SavedGame:
    """Read a saved game, validated read-only first; raises StoreError."""
    from .files import read_file

    with gc_paused():
        _, saved = read_file(Path(path), "save")
    assert saved is not None
    return saved


def module_dump(module: Module) -> dict[str, Any]:
    """A canonical JSON-able dump of ``module`` (geometry as WKT)."""
    from .dump import module_dump as dump

    return dump(module)


def module_from_dump(data: dict[str, Any]) -> Module:
    """Rebuild a module from :func:`module_dump` output."""
    from .dump import module_from_dump as undump

    return undump(data)
