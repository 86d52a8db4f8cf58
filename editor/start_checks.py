"""The checks of the module kept up to date while the designer edits, the
start check of the scenario shown among them.

Whether the player would start the scenario chosen in the Scenario dock
(:func:`~editor.validation.start_problems`: the game sets it up and checks the
start) depends on the scenario, the piece types, the module's own data and the
scenario's board.  It is checked again after every edit, a map edit too
(terrain, walls, adjacency, areas), so a designer sees in the Validation dock
what Play would refuse without pressing Play.

Setting a game up can take a while (The Legend Begins: ~0.4 s) and so can the
module's checks (~0.1 s there), so after an edit (the window's short
debounce, or choosing another scenario) the whole check runs on a worker
thread, on a copy of the document (:meth:`~editor.document.Document.snapshot`,
its boards built through the worker's own geometry cache, which starts from
what the window derived), and its problems replace the list when it is done,
if nothing was edited meanwhile; the window stays answerable.  An explicit
check (tests, the window's ``run_validation()``) waits for it; its start
check is reused while the data it depends on is the same.

The same worker runs the other slow work of the window, one at a time in the
order asked (:meth:`StartChecks.submit`): Save (:mod:`editor.saving`) and
Play's check that the saved scenario starts; :attr:`StartChecks.activity`
says what it is doing, for the window's busy indication.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from .board_cache import GeometryCache
from .document import Document
from .opening import Opened, read_document
from .saving import SaveOutcome, check_and_save, check_document
from .validation import Problem, errors, start_problems


def check_all(snapshot, geometry: GeometryCache,
              scenario_id: str | None) -> tuple[list[Problem], list[Problem] | None]:
    """Every problem of the document ``snapshot`` (its boards built through
    the worker's ``geometry`` cache), and the start problems of ``scenario_id``
    among them (checked only when nothing blocks the file; None when not)."""
    return check_document(Document.from_snapshot(snapshot, geometry), scenario_id)


#: what the window is told while a background check runs
CHECKING = "Checking the module…"


class StartChecks(QObject):
    """The module's problems with the start check of the scenario shown: now,
    or in the background after an edit."""

    #: a background check finished and its problems are the window's
    done = Signal(object)
    #: what the worker is doing now, for the window's busy indication ("": idle)
    activity = Signal(str)
    #: how far an open on the worker is: what it does, percent done (sent
    #: from the worker: queued to the window's thread)
    progress = Signal(str, int)
    _arrived = Signal()

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._key: tuple | None = None
        self._result: list[Problem] = []
        self._pending: Future | None = None
        self._pending_tag: tuple | None = None
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="editor-checks")
        self._geometry = GeometryCache()        # the worker's own
        #: other work queued on the worker: (future, what it is, done(result, error))
        self._jobs: list[tuple[Future, str, Callable]] = []
        self._doing = ""
        #: the opens queued on the worker (their futures)
        self._opens: set[Future] = set()
        self._arrived.connect(self._take)
        #: how many start checks ran (tests and measurements read it)
        self.runs = 0

    def key(self) -> tuple | None:
        """What the start check depends on: the scenario, the piece types, the
        module's own data and the scenario's board, by the revisions of their
        last edits (:meth:`~editor.document.Document.revision_of`).  None
        without a scenario."""
        panel = self.window.scenario_panel
        sc, sci = panel.current(), panel.current_index()
        if sc is None:
            return None
        doc = self.window.doc
        names = doc.board_names()
        bi = names.index(sc["board"]) if sc["board"] in names else -1
        return (sc["id"], doc.revision_of("scenarios", sci), doc.revision_of("piece_types"),
                doc.revision_of("module"), sc["board"], doc.revision_of("boards", bi))

    @staticmethod
    def _same(a: tuple | None, b: tuple | None) -> bool:
        return a is not None and a == b

    # -- now -------------------------------------------------------------------------------

    def problems(self) -> list[Problem]:
        """The start problems of the scenario shown, checked now unless the data
        they depend on is the same as at the last check."""
        key = self.key()
        if key is None:
            return []
        if self._same(key, self._key):
            return list(self._result)
        sc = self.window.scenario_panel.current()
        try:
            module = self.window.doc.module()
        except Exception:       # noqa: BLE001 - the other checks say what is wrong
            return []
        self.runs += 1
        self._key, self._result = key, start_problems(module, sc["id"])
        return list(self._result)

    # -- in the background -------------------------------------------------------------

    def _scenario_to_check(self) -> tuple[tuple | None, str | None]:
        """The start check's key now, and the scenario to start-check (None
        when the result for that key stands)."""
        sc = self.window.scenario_panel.current()
        key = self.key()
        if self._same(key, self._key):      # the start check stands: only the rest
            return key, None
        return key, (sc["id"] if sc is not None else None)

    def _frozen(self, sid: str | None):
        """The document frozen for the worker (its geometry cache seeded from
        the window's while the worker is idle: never changed under it)."""
        window = self.window
        if window.doc.geometry is not None and not self.busy():
            self._geometry.take_from(window.doc.geometry)
        if sid:
            self.runs += 1
        return window.doc.snapshot()

    def frozen(self) -> tuple:
        """The document frozen for work queued on the worker (:meth:`submit`),
        and the worker's geometry cache to build its boards with there."""
        return self._frozen(None), self._geometry

    def launch(self) -> None:
        """Check a copy of the document on the worker thread; :attr:`done`
        gives its problems unless the document changed meanwhile."""
        key, sid = self._scenario_to_check()
        snapshot = self._frozen(sid)
        future = self._pool.submit(check_all, snapshot, self._geometry, sid)
        self._pending, self._pending_tag = future, (self.window.doc.revision, key, sid)
        # emitted on the worker thread: Qt queues it to the window's thread
        future.add_done_callback(lambda _f: self._arrived.emit())
        self._tell()

    def save(self, path: Path, done: Callable[[SaveOutcome | None, Exception | None], None]
             ) -> None:
        """Check and write the document as it is now to ``path`` on the worker
        (:func:`~editor.saving.check_and_save`); ``done(outcome, error)`` on
        the window's thread.  Its checks are the window's, as a background
        check's, unless the document changed meanwhile."""
        key, sid = self._scenario_to_check()
        tag = (self.window.doc.revision, key, sid)
        snapshot = self._frozen(sid)

        def saved(outcome: SaveOutcome | None, error: Exception | None) -> None:
            if outcome is not None:
                shown = self._accept(tag, outcome.problems, outcome.start)
                if shown is not None:
                    self.done.emit(shown)
            done(outcome, error)

        self.submit(f"Saving {Path(path).name}…", saved, check_and_save, snapshot,
                    self._geometry, sid, Path(path))

    def submit(self, doing: str, done: Callable[[object, Exception | None], None],
               fn: Callable, *args) -> Future:
        """Run ``fn(*args)`` on the worker after what is queued there;
        ``done(result, error)`` on the window's thread when it is over (error:
        the exception it raised, else None).  ``doing`` says what it is."""
        return self._submit(doing, done, fn, args)

    def _submit(self, doing: str, done: Callable, fn: Callable, args: tuple,
                opening: bool = False) -> Future:
        future = self._pool.submit(fn, *args)
        self._jobs.append((future, doing, done))
        if opening:
            self._opens.add(future)      # dropped when its result is taken
        # a job over already is taken here and now (the callback runs at once)
        future.add_done_callback(lambda _f: self._arrived.emit())
        self._tell()
        return future

    def open(self, path: Path, done: Callable[[Opened | None, Exception | None], None],
             wanted: Callable[[], bool] = lambda: True) -> Future:
        """Read the module file ``path`` on the worker
        (:func:`~editor.opening.read_document`), saying how far it is by
        :attr:`progress`; ``done(opened, error)`` on the window's thread.
        ``wanted()`` (asked on the worker) False when its turn comes: not read."""
        return self._submit(f"Opening {Path(path).name}…", done, read_document,
                            (Path(path), self.progress.emit, wanted), opening=True)

    def opening(self) -> bool:
        """A module file is being read on the worker."""
        return bool(self._opens)

    def accept_opened(self, opened: Opened) -> None:
        """The window shows the document of ``opened``: its problems, checked on
        the worker, are the window's; its start check is kept when the
        scenario shown is the one checked, else that one is checked now in
        the background."""
        sc = self.window.scenario_panel.current()
        key = self.key()
        if (sc is None and not opened.scenario) or (sc is not None
                                                      and sc["id"] == opened.scenario):
            shown = self._accept((self.window.doc.revision, key, opened.scenario or None),
                                 opened.problems, opened.start)
            if shown is not None:
                self.done.emit(shown)
                return
        checked = len(opened.problems) - len(opened.start or ())
        self.done.emit(opened.problems[:checked])
        self.launch()

    def forget(self) -> None:
        """Another document: no result of the last one stands."""
        self.settle()
        self._key, self._result = None, []

    def settle(self, until_open: bool = False) -> None:
        """Wait for everything on the worker (one game set up at a time) and
        take its results, those of work queued by what finished too.
        ``until_open``: only for what was asked before a module file being
        read (a save under way), not for the file (the window answers)."""
        while True:
            futures = [f for f, _, _ in self._jobs]
            if until_open and self._opens:
                first = next((i for i, f in enumerate(futures) if f in self._opens),
                             len(futures))
                futures = futures[:first]
                if not futures:
                    return
            elif self._pending is not None:
                futures.append(self._pending)
            if not futures:
                return
            wait(futures)
            self._take()

    def busy(self) -> bool:
        """The worker is checking or saving (or its result not yet taken)."""
        return self._pending is not None or bool(self._jobs)

    def _tell(self) -> None:
        doing = self._jobs[0][1] if self._jobs else CHECKING if self._pending else ""
        if doing != self._doing:
            self._doing = doing
            self.activity.emit(doing)

    def _take(self) -> None:
        self._take_check()
        while self._jobs and self._jobs[0][0].done():
            future, _doing, done = self._jobs.pop(0)
            self._opens.discard(future)
            try:
                result, error = future.result(), None
            except Exception as exc:  # noqa: BLE001 - handed to whoever asked
                result, error = None, exc
            done(result, error)
        self._tell()

    def _take_check(self) -> None:
        future = self._pending
        if future is None or not future.done():
            return
        self._pending = None
        try:
            problems, start = future.result()
        except Exception as exc:  # noqa: BLE001 - said in the list, never lost
            problems, start = [Problem("scenario-start", f"the check failed: {exc}")], None
        shown = self._accept(self._pending_tag, problems, start)
        if shown is not None:
            self.done.emit(shown)

    def _accept(self, tag: tuple, problems: list[Problem],
                start: list[Problem] | None) -> list[Problem] | None:
        """The problems a check of the document at ``tag`` found, to show
        (None: edited meanwhile, the next check says); keeps its start check."""
        revision, key, sid = tag
        if revision != self.window.doc.revision or not self._same(key, self.key()):
            return None
        if sid and start is not None:
            self._key, self._result = key, start
        elif not sid and key is not None and not errors(problems):
            problems = problems + list(self._result)
        return problems

    def shutdown(self) -> None:
        """The window closes: what is queued finishes first (a save is never
        dropped)."""
        self.settle()
        self._pool.shutdown(wait=True)
