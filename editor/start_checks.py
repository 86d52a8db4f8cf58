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
debounce) the whole check runs on a worker thread, on a copy of the document
(:meth:`~editor.document.Document.snapshot`, its boards built through the
worker's own geometry cache, which starts from what the window derived), and its problems replace the list when it is done, if nothing was
edited meanwhile; the window stays answerable.  An explicit check (Save, Play,
choosing a scenario, tests) runs at once; its start check is reused while
the data it depends on is the same.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor, wait

from PySide6.QtCore import QObject, Signal

from .board_cache import GeometryCache
from .document import Document
from .validation import Problem, errors, start_problems, validate_document


def check_all(snapshot, geometry: GeometryCache,
              scenario_id: str | None) -> tuple[list[Problem], list[Problem] | None]:
    """Every problem of the document ``snapshot`` (its boards built through
    the worker's ``geometry`` cache), and the start problems of ``scenario_id``
    among them (checked only when nothing blocks the file; None when not)."""
    doc = Document.from_snapshot(snapshot, geometry)
    problems = validate_document(doc)
    if not scenario_id or errors(problems) or \
            not any(sc["id"] == scenario_id for sc in doc.data["scenarios"]):
        return problems, None
    try:
        module = doc.module()
    except Exception:       # noqa: BLE001 - the other checks say what is wrong
        return problems, None
    start = start_problems(module, scenario_id)
    return problems + start, start


class StartChecks(QObject):
    """The module's problems with the start check of the scenario shown: now,
    or in the background after an edit."""

    #: a background check finished and its problems are the window's
    done = Signal(object)
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

    def launch(self) -> None:
        """Check a copy of the document on the worker thread; :attr:`done`
        gives its problems unless the document changed meanwhile."""
        window = self.window
        sc = window.scenario_panel.current()
        key = self.key()
        if self._same(key, self._key):      # the start check stands: only the rest
            sid = None
        else:
            sid = sc["id"] if sc is not None else None
        if window.doc.geometry is not None and self._pending is None:
            # only while the worker is idle: its cache is never changed under it
            self._geometry.take_from(window.doc.geometry)
        snapshot = window.doc.snapshot()
        if sid:
            self.runs += 1
        future = self._pool.submit(check_all, snapshot, self._geometry, sid)
        self._pending, self._pending_tag = future, (window.doc.revision, key, sid)
        # emitted on the worker thread: Qt queues it to the window's thread
        future.add_done_callback(lambda _f: self._arrived.emit())

    def forget(self) -> None:
        """Another document: no result of the last one stands."""
        self.settle()
        self._key, self._result = None, []

    def settle(self) -> None:
        """Wait for the background check (one game set up at a time)."""
        if self._pending is not None:
            wait([self._pending])
            self._take()

    def busy(self) -> bool:
        """A background check is running (or its result not yet taken)."""
        return self._pending is not None

    def _take(self) -> None:
        future = self._pending
        if future is None or not future.done():
            return
        self._pending = None
        revision, key, sid = self._pending_tag
        try:
            problems, start = future.result()
        except Exception as exc:  # noqa: BLE001 - said in the list, never lost
            problems, start = [Problem("scenario-start", f"the check failed: {exc}")], None
        if revision != self.window.doc.revision or not self._same(key, self.key()):
            return                          # edited meanwhile: the next check says
        if sid and start is not None:
            self._key, self._result = key, start
        elif not sid and key is not None and not errors(problems):
            problems = problems + list(self._result)
        self.done.emit(problems)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
