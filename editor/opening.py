"""Opening a module file on the editor's worker thread (no Qt).

Reading a module is most of what File › Open costs (The Legend Begins: the
file read and checked by the store, its 2,400 hexes made into a board, the
module's checks and its first scenario's start check: over a second), so it
runs on the worker the live checks, Save and Play use
(:class:`~editor.start_checks.StartChecks`), and the window answers
meanwhile.  :func:`read_document` does all of it that needs no Qt and hands
the window an :class:`Opened`: the document with its first board built, the
engine module the counters are drawn from and the problems the Validation
dock lists; the window then only draws the map and fills its docks.

A file the store refuses (missing, not SQLite, another program's SQLite,
damaged, of a newer format) raises :class:`~ffl.store.StoreError` with the
store's plain reason, as the window's Open used to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ffl.engine import Module
from ffl.store import StoreError, load_module
from ffl.ui.counter_layout import largest_counter

from .document import Document
from .saving import check_document
from .validation import Problem

#: how far an open is: (what it does now, percent done)
Progress = Callable[[str, int], None]


@dataclass
class Opened:
    """A module read on the worker, ready for the window."""

    path: Path
    doc: Document
    #: the engine module the map's counters are drawn from (None: it cannot be built)
    module: Module | None
    #: every problem of the module, the start check of ``scenario`` among them
    problems: list[Problem]
    #: the start problems of ``scenario`` (None: not checked)
    start: list[Problem] | None
    #: the scenario whose start was checked ("" when none)
    scenario: str


def _quiet(_text: str, _percent: int) -> None:
    pass


class Superseded(Exception):
    """Another file was asked for before this one was read: not read."""


def read_document(path: Path, progress: Progress = _quiet,
                  wanted: Callable[[], bool] = lambda: True) -> Opened:
    """Read the module file ``path`` and prepare it for the window (runs on the
    worker); StoreError with the store's reason if the file is refused.
    ``wanted()`` False before it starts: another file was asked for since,
    nothing is read (:class:`Superseded`)."""
    path = Path(path)
    if not wanted():
        raise Superseded(path)
    progress("Opening: reading the file…", 5)
    module = load_module(path)
    progress("Opening: preparing the module…", 35)
    doc = Document.from_module(module)
    scenarios = doc.data["scenarios"]
    sid = scenarios[0]["id"] if scenarios else ""
    if doc.data["boards"]:
        progress("Opening: building the map…", 50)
        try:
            doc.board(0)            # kept by the document: the window draws it
        except Exception:   # noqa: BLE001 - the checks below say what is wrong
            pass
    progress("Opening: checking the module…", 70)
    problems, start = check_document(doc, sid or None)
    progress("Opening: sizing the counters…", 90)
    try:
        drawn = doc.module()
    except Exception:   # noqa: BLE001 - the checks say what is wrong
        drawn = None
    for board in doc.built_boards():
        largest_counter(board)      # kept per board: the counters' size (~0.2 s on hexes)
    return Opened(path, doc, drawn, problems, start, sid)


__all__ = ["Opened", "Progress", "StoreError", "Superseded", "read_document"]
